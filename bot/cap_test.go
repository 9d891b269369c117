package bot

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

// TestCapShare: the share of its points a position keeps is 1 while more
// than the horizon remains before a cap, then falls linearly to 0 at the
// cap; for a cap shorter than twice the horizon it falls over half the
// cap's length.
func TestCapShare(t *testing.T) {
	for _, tc := range []struct {
		left, length int
		h, want      float64
	}{
		{1000, 3000, 400, 1},
		{400, 3000, 400, 1},
		{200, 3000, 400, 0.5},
		{0, 3000, 400, 0},
		{-5, 3000, 400, 0},
		{150, 200, 400, 1},
		{50, 200, 400, 0.5},
		{100, 200, 400, 1},
	} {
		if got := capShare(tc.left, tc.length, tc.h); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("capShare(%d, %d, %v) = %v, want %v", tc.left, tc.length, tc.h, got, tc.want)
		}
	}
}

// TestCapFactor: the factor follows the nearer of the rules' two caps,
// the ply cap by the ply, the cap without an attack by the plies since
// the last one; without caps, or with the setting cap at 0, it is 1.
func TestCapFactor(t *testing.T) {
	r := stratego.Classic()
	r.MaxPlies, r.MaxPliesWithoutAttack = 3000, 200
	p := NewSearch(Options{Seed: 1})
	p.ready(flagsOnly(t, r).View(stratego.Red))
	for _, tc := range []struct {
		ply, quiet int
		want       float64
	}{
		{100, 10, 1},
		{2800, 10, 0.5},
		{2800, 150, 0.5},
		{2900, 150, 0.25},
		{1000, 175, 0.25},
		{1000, 200, 0},
	} {
		if got := p.capFactor(tc.ply, tc.quiet); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ply %d, %d quiet: %v, want %v", tc.ply, tc.quiet, got, tc.want)
		}
	}
	p.tune.capHorizon = 0
	if got := p.capFactor(2999, 199); got != 1 {
		t.Errorf("setting cap=0: %v, want 1", got)
	}
	q := NewSearch(Options{Seed: 1})
	q.ready(flagsOnly(t, stratego.Classic()).View(stratego.Red))
	if got := q.capFactor(1<<20, 1<<20); got != 1 {
		t.Errorf("no caps: %v, want 1", got)
	}
}

// TestProbeOfLikelyFlag: in a Barrage endgame of a match against the
// search of ed9b938 (bot/testdata/barrage-endgame.txt, ply 120), Red's
// shown General stands next to Blue's hidden moved piece, the Miner by
// what Red has taken, and next to one of Blue's two unmoved pieces, the
// Flag or the Bomb, which the beliefs make the Flag in most
// determinizations; Red's Spy could probe instead, twelve squares away.
// The General's attack is a reckless probe, kept because the Flag is
// likely there. Far from the ply cap the search takes the Miner; ten
// plies before it, where a lead is worth little, it gambles on the Flag;
// with the setting cap at 0 it does not. The search runs with the
// setting guess on: with it off every move there scores a win, each
// determinization taking the Flag wherever it put it, and no move can
// be told from another. (The match played on: the
// search of that day barred the probe at the root but took the Flag
// below it, in every determinization wherever it stood, and shuffled
// its Spy for 2,880 plies to the cap.)
func TestProbeOfLikelyFlag(t *testing.T) {
	text, err := os.ReadFile("testdata/barrage-endgame.txt")
	if err != nil {
		t.Fatal(err)
	}
	view := func(cap int) stratego.View {
		var g stratego.Game
		s := strings.Replace(string(text), "maxplies=3000", "maxplies="+strconv.Itoa(cap), 1)
		if err := g.UnmarshalText([]byte(s)); err != nil {
			t.Fatal(err)
		}
		return g.State().View(stratego.Red)
	}
	v := view(3000)
	moves := v.AppendLegalMoves(nil)
	marks := recklessProbes(v, moves)
	probe, miner := stratego.MustParseMove("j9-j10"), stratego.MustParseMove("j9-j8")
	for i, m := range moves {
		if marks == nil || marks[i] != (m == probe) {
			t.Fatalf("reckless probes %v of %v: want j9-j10 alone", marks, moves)
		}
	}
	for _, tc := range []struct {
		cap      int
		capParam float64
		want     stratego.Move
	}{
		{3000, capHorizon, miner},
		{130, capHorizon, probe},
		{130, 0, miner},
	} {
		p := NewSearch(Options{Seed: 1, Params: map[string]float64{"guess": 1, "cap": tc.capParam}})
		m, err := p.Move(context.Background(), view(tc.cap), Budget{Iterations: 50000})
		if err != nil {
			t.Fatal(err)
		}
		if m != tc.want {
			t.Errorf("ply cap %d, setting cap=%v: %v, want %v", tc.cap, tc.capParam, m, tc.want)
		}
	}
}

// flagsOnly returns a state under r with the two flags walled in their
// corners (cornerFlags) and a Scout of each side.
func flagsOnly(t *testing.T, r stratego.Rules) stratego.State {
	var b stratego.Board
	put := placer(&b)
	cornerFlags(put)
	put("e4", stratego.Red, stratego.Scout)
	put("e7", stratego.Blue, stratego.Scout)
	return mustFromBoard(t, r, b, stratego.Red)
}
