package stratego_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/gametest"
)

// BenchmarkSamplerByPosition draws states from a Sampler made once, in the
// three views of gametest.SampleViews (early, a midgame with a chase,
// an endgame): the cost of a determinization in a search.
func BenchmarkSamplerByPosition(b *testing.B) {
	for _, sv := range gametest.SampleViews(b) {
		b.Run(sv.Name, func(b *testing.B) {
			sm, err := sv.View.Sampler()
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sm.Sample(rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWeightedSamplerByPosition is BenchmarkSamplerByPosition for
// a Sampler of View.WeightedSampler (weights 1 to 4 by square and rank);
// its set-up is outside the loop.
func BenchmarkWeightedSamplerByPosition(b *testing.B) {
	for _, sv := range gametest.SampleViews(b) {
		b.Run(sv.Name, func(b *testing.B) {
			sm, err := sv.View.WeightedSampler(benchWeight)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sm.Sample(rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchWeight(sq stratego.Square, rk stratego.Rank) float64 {
	return float64(1 + (int(sq)*5+int(rk)*3)%4)
}

// TestSamplerByPositionWorkload runs the workload of BenchmarkSamplerByPosition
// in the short suite, so that it keeps working: each view's draws agree
// with it.
func TestSamplerByPositionWorkload(t *testing.T) {
	for _, sv := range gametest.SampleViews(t) {
		sm, err := sv.View.Sampler()
		if err != nil {
			t.Fatalf("%s: %v", sv.Name, err)
		}
		wm, err := sv.View.WeightedSampler(benchWeight)
		if err != nil {
			t.Fatalf("%s: %v", sv.Name, err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 20 {
			for _, m := range []*stratego.Sampler{sm, wm} {
				s, err := m.Sample(rng)
				if err != nil {
					t.Fatalf("%s: %v", sv.Name, err)
				}
				if w := s.View(sv.View.Player()); !w.Equal(sv.View) {
					t.Fatalf("%s: a draw's view differs from the view", sv.Name)
				}
			}
		}
	}
}
