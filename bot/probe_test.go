package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// probeView is Red's view of a Classic position: a Red Marshal on e4 next
// to a hidden, unmoved Blue Bomb on e5 and to a Blue Sergeant that has just
// stepped f5-f4 (moved, so no Bomb), and a Red Scout on a1 when scout.
func probeView(t *testing.T, scout bool) stratego.View {
	t.Helper()
	return probeViewWith(t, stratego.Marshal, scout)
}

// probeViewWith is probeView with a Red piece of rank rk on e4.
func probeViewWith(t *testing.T, rk stratego.Rank, scout bool) stratego.View {
	t.Helper()
	var b stratego.Board
	put := placer(&b)
	put("j1", stratego.Red, stratego.Flag)
	put("e4", stratego.Red, rk)
	if scout {
		put("a1", stratego.Red, stratego.Scout)
	}
	put("e5", stratego.Blue, stratego.Bomb)
	put("j10", stratego.Blue, stratego.Flag)
	put("f5", stratego.Blue, stratego.Sergeant)
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Blue)
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = s.Apply(stratego.MustParseMove("f5-f4")); err != nil {
		t.Fatal(err)
	}
	return s.View(stratego.Red)
}

// TestWithoutRecklessProbes: the Marshal does not attack the unmoved hidden piece on e5, which may be
// a Bomb, while the Scout could probe; it may attack f4, which has moved;
// with no lesser piece left it may attack e5 too.
func TestWithoutRecklessProbes(t *testing.T) {
	e4e5, e4f4 := stratego.MustParseMove("e4-e5"), stratego.MustParseMove("e4-f4")
	v := probeView(t, true)
	if !v.Ranks(stratego.MustParseSquare("e5")).Has(stratego.Bomb) {
		t.Fatalf("e5 cannot be a Bomb in the view:\n%v", v)
	}
	all := v.AppendLegalMoves(nil)
	if !slices.Contains(all, e4e5) || !slices.Contains(all, e4f4) {
		t.Fatalf("legal moves %v lack e4-e5 or e4-f4", all)
	}
	kept := withoutRecklessProbes(v, slices.Clone(all))
	if slices.Contains(kept, e4e5) {
		t.Errorf("kept the probe e4-e5 (Marshal into a possible Bomb): %v", kept)
	}
	if !slices.Contains(kept, e4f4) || len(kept) != len(all)-1 {
		t.Errorf("kept %v of %v: want all but e4-e5", kept, all)
	}
	m, err := NewSearch(Options{Seed: 3}).Move(context.Background(), v, Budget{Iterations: 2000})
	if err != nil || m == e4e5 {
		t.Errorf("search played %v (%v), a reckless probe", m, err)
	}

	lone := probeView(t, false)
	all = lone.AppendLegalMoves(nil)
	if kept := withoutRecklessProbes(lone, slices.Clone(all)); !slices.Equal(kept, all) {
		t.Errorf("with the Marshal alone, kept %v of %v: want all", kept, all)
	}
}

// TestProbeFloor: the filter starts at the Major (probeFloor), whose
// losses to Bombs the records against DOI showed; a Captain may probe.
func TestProbeFloor(t *testing.T) {
	e4e5 := stratego.MustParseMove("e4-e5")
	for _, c := range []struct {
		rk   stratego.Rank
		kept bool
	}{{stratego.Captain, true}, {stratego.Major, false}, {stratego.Colonel, false}, {stratego.General, false}} {
		v := probeViewWith(t, c.rk, true)
		kept := withoutRecklessProbes(v, v.AppendLegalMoves(nil))
		if slices.Contains(kept, e4e5) != c.kept {
			t.Errorf("%v on e4: kept e4-e5 %v, want %v", c.rk, !c.kept, c.kept)
		}
	}
}

// TestProp_NoRecklessProbe: at the first position of a random game in
// which the filter removes a move (a reckless probe that the player need
// not make), the filter kept a move, removed only probes, and the
// search's move is not one of them.
func TestProp_NoRecklessProbe(t *testing.T) {
	searched := 0
	defer func() {
		t.Logf("%d positions with a probe to remove", searched)
		if searched == 0 {
			t.Errorf("no position with a reckless probe was drawn")
		}
	}()
	rapid.Check(t, func(t *rapid.T) {
		r := stratego.Duel()
		if rapid.Bool().Draw(t, "classic") {
			r = stratego.Classic()
		}
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 7))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		for range 1000 {
			v := s.View(s.Turn())
			all := v.AppendLegalMoves(nil)
			if len(all) == 0 {
				return
			}
			kept := withoutRecklessProbes(v, slices.Clone(all))
			if len(kept) == 0 {
				t.Fatalf("no move kept of %v", all)
			}
			b := v.Board()
			for _, m := range all {
				if !slices.Contains(kept, m) && !reckless(v, &b, v.Player(), m) {
					t.Fatalf("removed %v, not a probe", m)
				}
			}
			if len(kept) < len(all) {
				searched++
				m, err := NewSearch(Options{Seed: seed}).Move(context.Background(), v, Budget{Iterations: 300})
				if err != nil {
					t.Fatal(err)
				}
				if reckless(v, &b, v.Player(), m) {
					t.Fatalf("search played the reckless probe %v in\n%v", m, v)
				}
				return
			}
			if _, _, ok := s.PlayRandom(rng); !ok {
				return
			}
		}
	})
}
