package bot

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// TestNarrowRoot: the next depth keeps the root moves within the margin
// of the best score, and at least narrowKeep of the best.
func TestNarrowRoot(t *testing.T) {
	score := []float64{0.5, 0.1, 0.48, -0.3, 0.2, 0.49}
	order := []int{0, 5, 2, 4, 1, 3}
	for _, c := range []struct {
		margin float64
		want   []bool
	}{
		{0.05, []bool{true, false, true, false, true, true}}, // three within, the fourth best kept
		{0.45, []bool{true, true, true, false, true, true}},
		{1, []bool{true, true, true, true, true, true}},
	} {
		if got := narrowRoot(nil, score, order, c.margin); !slices.Equal(got, c.want) {
			t.Errorf("margin %v: kept %v, want %v", c.margin, got, c.want)
		}
	}
}

// TestProp_NarrowKeepsItsMoves: with narrowing, a root move the next
// depth keeps gets the value of its search at that depth, and one it
// leaves out the value of the depth before, or the least value of the
// moves kept when that is less, in any position.
func TestProp_NarrowKeepsItsMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := midgame(t, stratego.Classic(), rapid.Uint64Range(1, 1<<20).Draw(t, "seed"), rapid.IntRange(0, 200).Draw(t, "plies"))
		if s.Outcome().IsOver() {
			t.Skip("over")
		}
		p := rootSearcher(s, func(t *tuning) { t.noTT = true })
		moves, order := rootMoves(s)
		prev := p.rootValues(s, moves, order, 1, nil, nil)
		full := p.rootValues(s, moves, order, 2, nil, nil)
		keep := make([]bool, len(moves))
		for i := range keep {
			keep[i] = rapid.Bool().Draw(t, "keep")
		}
		if !slices.Contains(keep, true) {
			keep[rapid.IntRange(0, len(keep)-1).Draw(t, "one")] = true
		}
		got := p.rootValues(s, moves, order, 2, prev, keep)
		lo := math.Inf(1)
		for i := range moves {
			if keep[i] {
				lo = min(lo, full[i])
			}
		}
		for i := range moves {
			want := full[i]
			if !keep[i] {
				want = min(prev[i], lo)
			}
			if math.Abs(got[i]-want) > 1e-9 {
				t.Fatalf("move %v (kept %v): %v, want %v", moves[i], keep[i], got[i], want)
			}
		}
	})
}

// rootSearcher is a search player ready to search the root moves of s
// with every root move's window open (so that each value is exact), its
// tuning changed by set; its transposition table is p.tt (none with
// noTT), to give back when done.
func rootSearcher(s stratego.State, set func(*tuning)) *Search {
	p := NewSearch(Options{Seed: 1})
	p.tune.rootMargin = math.Inf(1)
	set(&p.tune)
	p.ready(s.View(s.Turn()))
	p.tm = newTimer(context.Background(), time.Now, time.Now(), 0, 0, 0) // no limit
	p.tt = takeTT(p.tune.noTT)
	p.blind = blindAttacks(&s, p.ev)
	p.suspect = suspects(&s, p.ev)
	return p
}

// rootMoves returns the legal moves of s and the order rootValues
// searches them in: as listed.
func rootMoves(s stratego.State) ([]stratego.Move, []int) {
	moves := s.AppendLegalMoves(nil)
	order := make([]int, len(moves))
	for i := range order {
		order[i] = i
	}
	return moves, order
}
