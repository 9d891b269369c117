package bot

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego"

	"github.com/stratego-go/stratego/internal/gametest"
)

// BenchmarkMCTSWorkers measures the Monte Carlo search, the player that
// searches in parallel, with one worker per core (Options.Workers -1:
// GOMAXPROCS, so compare -cpu 1,2) on the views of gametest.SampleViews:
// one op is one move of searchBenchIters iterations in all, shared out
// among the workers, so the iterations a second are searchBenchIters /
// (s/op). The workers draw their states from one shared Sampler.
func BenchmarkMCTSWorkers(b *testing.B) {
	for _, sv := range gametest.SampleViews(b) {
		b.Run(sv.Name, func(b *testing.B) {
			p := NewMCTS(Options{Seed: 1, Workers: -1})
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

// BenchmarkSearchWorkers measures the alpha-beta search with one worker
// per core (compare -cpu 1,2): one op is one move of 20,000 nodes in
// all, shared out among the workers, on a classic middle game.
func BenchmarkSearchWorkers(b *testing.B) {
	benchSearch(b, stratego.Classic(), NewSearch(Options{Seed: 1, Workers: -1}), 20000)
}
