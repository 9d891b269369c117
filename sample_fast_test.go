package stratego

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// refSample is Sampler.Sample without its fast path: each draw from drawOnce (redrawn for the silent-defense
// marks) built by View.build, and checked against the view by the whole
// sorted list of its legal moves.
func (sm *Sampler) refSample(rng *rand.Rand) (State, error) {
	v := &sm.v
	var buf [128]Move
	for range sampleTries {
		var full Board
		if sm.wd != nil {
			sm.wd.draw(v, rng, &full)
		} else {
			var err error
			if full, err = refDraw(&sm.sp, v, rng); err != nil {
				return State{}, err
			}
		}
		s, err := v.build(sm.base, &full)
		if err != nil {
			return State{}, err
		}
		if sm.moves {
			ms := s.AppendLegalMoves(buf[:0])
			sortMoves(ms)
			if !slices.Equal(ms, v.moves) {
				continue
			}
		}
		if v.outcomeAgrees(&s) {
			return s, nil
		}
	}
	return State{}, ErrInconsistentView
}

// refDraw is sampler.draw with drawOnce, the draw by scans of the pool.
func refDraw(sp *sampler, v *View, rng *rand.Rand) (Board, error) {
	var full Board
	for range beatRedraws {
		if err := sp.drawOnce(v, rng, &full); err != nil || len(sp.beaten) == 0 || sp.respectsBeaten(&full) {
			return full, err
		}
	}
	return Board{}, ErrInconsistentView
}

// TestProp_SamplerFastEqualsReference: from the same random numbers,
// Sampler.Sample draws exactly the states of the reference (refSample),
// uniform and weighted, in games of every preset and information rule
// (chases included), for both players; so the fast path changes no
// draw, and the search that uses it chooses the same moves.
func TestProp_SamplerFastEqualsReference(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 400)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		v := s.View(c)
		sm, err := v.Sampler()
		if err != nil {
			t.Fatalf("Sampler: %v", err)
		}
		checkFastEqualsReference(t, sm, rapid.Uint64().Draw(t, "seed"))
		if rapid.Bool().Draw(t, "weighted") {
			states := 1
			for _, n := range v.HiddenArmy() {
				states *= int(n) + 1
			}
			if states > 1<<18 {
				return
			}
			wm, err := v.WeightedSampler(func(sq Square, rk Rank) float64 { return testWeight(sq, rk) + 0.5 })
			if err != nil {
				t.Fatalf("WeightedSampler: %v", err)
			}
			checkFastEqualsReference(t, wm, rapid.Uint64().Draw(t, "seed"))
		}
	})
}

func checkFastEqualsReference(t *rapid.T, sm *Sampler, seed uint64) {
	fast, ref := rand.New(rand.NewPCG(seed, 7)), rand.New(rand.NewPCG(seed, 7))
	for i := range 4 {
		a, errA := sm.Sample(fast)
		b, errB := sm.refSample(ref)
		if !errors.Is(errA, errB) && !errors.Is(errB, errA) {
			t.Fatalf("draw %d: error %v, the reference's %v", i, errA, errB)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("draw %d differs from the reference's:\n%v\n%v\nhash %x %x\nview %v", i, a.Picture(), b.Picture(), a.hash, b.hash, sm.v)
		}
		if errA != nil {
			return
		}
	}
}

// TestSamplerNoMoreAllocs pins the allocations of a draw: the pieces'
// table of the state, and one block for the boards of its More-Squares
// records when it has some.
func TestSamplerNoMoreAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	s := ongoingMidgame(t)
	sm, err := s.View(s.Turn()).Sampler()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	want := 1.0
	if len(sm.tm.lists) > 0 {
		want = 2
	}
	if n := testing.AllocsPerRun(200, func() { _, _ = sm.Sample(rng) }); n > want {
		t.Errorf("Sample: %v allocations, want at most %v", n, want)
	}
}
