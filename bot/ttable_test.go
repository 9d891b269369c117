package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// rootSearch searches the root moves of s to depth plies with every root
// move's window open (so that each value is exact), with the tuning that
// set makes of the default (the transposition table off, say), and
// returns the values and the nodes searched.
func rootSearch(s stratego.State, depth int, set func(*tuning)) ([]float64, int) {
	p := rootSearcher(s, set)
	defer p.tt.give()
	moves, order := rootMoves(s)
	var vals []float64
	for d := 1; d <= depth; d++ {
		vals = p.rootValues(s, moves, order, d, nil, nil)
	}
	return vals, p.nodes
}

// TestTranspositionsKeepValues: the transposition table changes how many
// nodes a search visits, not what it finds: with every root move's window
// open, and each entry settling only a search of its own depth, each root
// move's value at each depth is the one the search finds without the
// table (deepened the same way). A table that kept a bound as a value, or
// a win's distance from the root, fails this (checked: an exact entry's
// value one point off, and a lower bound taken for a value, each fail).
// Depths up to 5: below depth 4 no position repeats at a depth the table
// keeps (ttMinDepth), and the two searches visit the same nodes;
// TestTranspositionsSaveNodes keeps that from going unseen.
//
// In play an entry also settles a shallower search than its own, and the
// key leaves out the history the repetition rules read (see ttable), so
// the values there may differ from the search's without the table: the
// deeper entry's value is the better one.
func TestTranspositionsKeepValues(t *testing.T) {
	var with, without int
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom([]stratego.Rules{stratego.Classic(), stratego.Barrage()}).Draw(t, "rules")
		seed := rapid.Uint64Range(1, 1<<20).Draw(t, "seed")
		plies := rapid.IntRange(0, 300).Draw(t, "plies")
		depth := rapid.IntRange(1, 5).Draw(t, "depth")
		s := midgame(t, r, seed, plies)
		a, na := rootSearch(s, depth, func(t *tuning) { t.ttSameDepth = true })
		b, nb := rootSearch(s, depth, func(t *tuning) { t.noTT = true })
		with += na
		without += nb
		if i := firstDiff(a, b); i >= 0 {
			t.Fatalf("root move %d: %v with the table, %v without\n%s", i, a[i], b[i], s.Picture())
		}
	})
	t.Logf("nodes: %d with the table, %d without", with, without)
}

// TestTranspositionsSaveNodes: over fixed positions, searched to depth 5
// as TestTranspositionsKeepValues searches, the table finds the same
// values with fewer nodes. It fails when the table is never probed
// (checked), which would leave TestTranspositionsKeepValues comparing a
// search with itself. (A table that orders the moves but never settles a
// node still saves nodes.)
func TestTranspositionsSaveNodes(t *testing.T) {
	var with, without int
	for i := range 8 {
		r := stratego.Classic()
		if i%2 == 1 {
			r = stratego.Barrage()
		}
		s := midgame(t, r, uint64(100+i), 30*i)
		a, na := rootSearch(s, 5, func(t *tuning) { t.ttSameDepth = true })
		b, nb := rootSearch(s, 5, func(t *tuning) { t.noTT = true })
		if k := firstDiff(a, b); k >= 0 {
			t.Fatalf("position %d, root move %d: %v with the table, %v without\n%s", i, k, a[k], b[k], s.Picture())
		}
		with += na
		without += nb
	}
	t.Logf("nodes to depth 5 over 8 positions: %d with the table, %d without", with, without)
	if with >= without {
		t.Errorf("the table saved no nodes: %d with it, %d without", with, without)
	}
}

// firstDiff returns the first root move whose values in a and b differ
// (by more than rounding), -1 when none does.
func firstDiff(a, b []float64) int {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return i
		}
	}
	return -1
}

// TestTTWinsCountFromThePosition: a win kept at one ply of the search and
// met at another counts its plies from where it is met.
func TestTTWinsCountFromThePosition(t *testing.T) {
	tt := takeTT(false)
	defer func() { tt.give() }()
	m := stratego.Move{From: stratego.SquareAt(0, 3), To: stratego.SquareAt(0, 4)}
	tt.store(7, 3, 2, winPoints-5, -1, 1, m) // a win 3 plies after ply 2
	e := tt.probe(7)
	if e == nil || e.move != m {
		t.Fatalf("probe = %+v, want the entry with move %v", e, m)
	}
	if x, ok := e.cut(3, 4, -1, 1); !ok || x != winPoints-7 {
		t.Errorf("met at ply 4: %v, %v; want %v (3 plies on), true", x, ok, winPoints-7)
	}
	if _, ok := e.cut(4, 4, -1, 1); ok {
		t.Error("a shallower entry settles a deeper search")
	}
	tt.store(8, 2, 1, 30, 40, 100, m) // failed low: at most 30
	e = tt.probe(8)
	if e.move != (stratego.Move{}) {
		t.Errorf("an entry whose every move failed low names %v its best", e.move)
	}
	if _, ok := e.cut(2, 1, 35, 100); !ok {
		t.Error("an upper bound below alpha does not settle the search")
	}
	if _, ok := e.cut(2, 1, 20, 100); ok {
		t.Error("an upper bound above alpha settles the search")
	}
	tt.store(8, 1, 1, 50, 0, 40, m) // shallower: kept out
	if e := tt.probe(8); e.depth != 2 {
		t.Errorf("a shallower search replaced a deeper one's entry (depth %d)", e.depth)
	}
	if tt.probe(9) != nil {
		t.Error("probe of a key never stored found an entry")
	}
	for range 300 { // the next moves (the generation wraps)
		tt.give()
		tt = takeTT(false)
		if tt.probe(8) != nil {
			t.Fatalf("an entry of an earlier move is found after %d resets", tt.gen)
		}
		tt.store(8, 1, 1, 50, 0, 100, m)
	}
}

// TestKnowDeltaFollowsTheGame: along random games, the knowledge hash
// kept move by move (knowDelta) is the one computed afresh (knowHash),
// and positions of one placement with different knowledge have different
// keys.
func TestKnowDeltaFollowsTheGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		kh := knowHash(&s)
		for ply := 0; ply < 400 && !s.Outcome().IsOver(); ply++ {
			m, ok := s.RandomMove(rng)
			if !ok {
				break
			}
			c := s
			if _, err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			kh ^= knowDelta(&s, &c, m)
			if want := knowHash(&c); kh != want {
				t.Fatalf("ply %d, after %v: kept %#x, afresh %#x", ply, m, kh, want)
			}
			s = c
		}
	})
}

// TestTablesAreLent: a player holds its transposition table only while it
// searches (a server of many games holds as many tables as searches run
// at once), with one worker and with two.
func TestTablesAreLent(t *testing.T) {
	s := midgame(t, stratego.Classic(), 3, 60)
	v := s.View(s.Turn())
	for _, workers := range []int{1, 2} {
		p := NewSearch(Options{Seed: 1, Workers: workers})
		if _, err := p.Move(context.Background(), v, Budget{Iterations: 2000}); err != nil {
			t.Fatal(err)
		}
		held := p.tt != nil || p.w != nil && p.w.tt != nil
		if p.w != nil {
			for _, h := range p.w.aides {
				held = held || h.tt != nil
			}
		}
		if held {
			t.Errorf("workers=%d: a table is held after the move", workers)
		}
	}
}

// TestReduceSearchesLess: with late move reductions (the setting reduce
// at 2) a search to depth 4 costs far fewer nodes, over 120 positions
// of games played at random (the same ones every run), and finds what
// the full search finds: no win or loss that it does not find, and its
// best root move in most positions (111 of the 120). Reducing nothing
// fails the first; not searching again at full depth a reduced move that
// raised alpha fails the last (84 of the 120).
func TestReduceSearchesLess(t *testing.T) {
	search := func(s stratego.State, depth, reduce int) ([]float64, int) {
		return rootSearch(s, depth, func(t *tuning) { t.reduce = reduce })
	}
	const cases = 120
	var with, without, same int
	for i := range cases {
		r := stratego.Classic()
		if i%3 == 2 {
			r = stratego.Barrage()
		}
		s := midgame(t, r, uint64(i+1), i*37%300)
		a, na := search(s, 4, 2)
		b, nb := search(s, 4, 0)
		with += na
		without += nb
		if argmax(a) == argmax(b) {
			same++
		}
		for j := range a {
			if math.IsNaN(a[j]) || math.IsInf(a[j], 0) {
				t.Fatalf("position %d, root move %d: value %v with reductions", i, j, a[j])
			}
			if won, was := math.Abs(a[j]) > winPoints/2, math.Abs(b[j]) > winPoints/2; won != was {
				t.Fatalf("position %d, root move %d: %v with reductions, %v without\n%s", i, j, a[j], b[j], s.Picture())
			}
		}
	}
	t.Logf("nodes to depth 4: %d with reductions, %d without; the same best root move in %d of %d positions", with, without, same, cases)
	if with >= without/2 {
		t.Errorf("nodes to depth 4: %d with reductions, %d without: want half at most", with, without)
	}
	if same < cases*4/5 {
		t.Errorf("the same best root move with and without reductions in %d of %d positions, want 4 in 5 at least", same, cases)
	}
}
