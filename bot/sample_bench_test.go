package bot

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego/internal/gametest"
)

// searchBenchIters is the iteration budget of BenchmarkSearchIterations.
const searchBenchIters = 500

// BenchmarkSearchIterations measures the search player (NewSearch, one
// worker, an iteration budget) on the three views of
// gametest.SampleViews, the views of the Sampler benchmark of the root
// package: one op is one move of searchBenchIters iterations, so the
// iterations a second are searchBenchIters / (s/op). The moves it
// chooses are pinned by TestSearchIterationsWorkload.
func BenchmarkSearchIterations(b *testing.B) {
	for _, sv := range gametest.SampleViews(b) {
		b.Run(sv.Name, func(b *testing.B) {
			p := NewSearch(Options{Seed: 1})
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
// BenchmarkSearchIterations once in the short suite and prints the
// chosen moves, which a faster sampler must not change (the draws are the same).
func TestSearchIterationsWorkload(t *testing.T) {
	for _, sv := range gametest.SampleViews(t) {
		p := NewSearch(Options{Seed: 1})
		m, err := p.Move(context.Background(), sv.View, Budget{Iterations: searchBenchIters})
		if err != nil {
			t.Fatalf("%s: %v", sv.Name, err)
		}
		t.Logf("%s: %v", sv.Name, m)
	}
}
