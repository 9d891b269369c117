package bot

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego/internal/gametest"
)

// searchBenchIters is the iteration budget of BenchmarkSearchIterations.
const searchBenchIters = 500

// BenchmarkSearchIterations measures the baseline search player
// (NewMCTS, the plain search player; one worker, an iteration
// budget) on the three views of gametest.SampleViews, the views of the
// Sampler benchmark of the root package: one op is one move of
// searchBenchIters iterations, so the iterations a second are
// searchBenchIters / (s/op). The moves it chooses are pinned by
// TestSearchIterationsWorkload.
func BenchmarkSearchIterations(b *testing.B) {
	for _, sv := range gametest.SampleViews(b) {
		b.Run(sv.Name, func(b *testing.B) {
			p := NewMCTS(Options{Seed: 1})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Move(context.Background(), sv.View, Budget{Iterations: searchBenchIters}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(searchBenchIters*b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// TestSearchIterationsWorkload runs the workload of
// BenchmarkSearchIterations once in the short suite and checks the moves
// chosen: the Sampler's fast path leaves them as they are, since it
// draws the same states from the same random numbers as the reference
// sampler (the root's TestProp_SamplerFastEqualsReference). A change of
// NewMCTS itself may change them.
func TestSearchIterationsWorkload(t *testing.T) {
	want := map[string]string{"early": "j4-j5", "midgame": "i4-j4", "endgame": "g1-g2"}
	for _, sv := range gametest.SampleViews(t) {
		p := NewMCTS(Options{Seed: 1})
		m, err := p.Move(context.Background(), sv.View, Budget{Iterations: searchBenchIters})
		if err != nil {
			t.Fatalf("%s: %v", sv.Name, err)
		}
		if m.String() != want[sv.Name] {
			t.Errorf("%s: chose %v, want %s", sv.Name, m, want[sv.Name])
		}
	}
}
