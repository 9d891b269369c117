package bot

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego"
)

// benchSearch measures the search's iterations per second on one core in
// a middlegame view under r.
func benchSearch(b *testing.B, r stratego.Rules) {
	s := midgame(b, r, 1, 60)
	v := s.View(s.Turn())
	p := NewSearch(Options{Seed: 1})
	const iters = 1000
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Move(context.Background(), v, Budget{Iterations: iters}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(iters*b.N)/b.Elapsed().Seconds(), "iterations/s")
}

func BenchmarkSearchClassic(b *testing.B)  { benchSearch(b, stratego.Classic()) }
func BenchmarkSearchBarrage(b *testing.B)  { benchSearch(b, stratego.Barrage()) }
func BenchmarkSearchUltimate(b *testing.B) { benchSearch(b, stratego.UltimateLightning()) }

func BenchmarkGreedy(b *testing.B) {
	s := midgame(b, stratego.Classic(), 1, 60)
	v := s.View(s.Turn())
	p := NewGreedy(Options{Seed: 1})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Move(context.Background(), v, Budget{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChooseSetupClassic(b *testing.B) {
	p := NewSearch(Options{Seed: 1})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Setup(context.Background(), stratego.Classic(), stratego.Red); err != nil {
			b.Fatal(err)
		}
	}
}
