package bot

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego"
)

// benchSearch measures a searching player's iterations per second on one
// core in a middlegame view under r: MCTS's playouts, Search's nodes.
func benchSearch(b *testing.B, r stratego.Rules, p Player, iters int) {
	s := midgame(b, r, 1, 60)
	v := s.View(s.Turn())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Move(context.Background(), v, Budget{Iterations: iters}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(iters*b.N)/b.Elapsed().Seconds(), "iterations/s")
}

func BenchmarkMCTSClassic(b *testing.B) {
	benchSearch(b, stratego.Classic(), NewMCTS(Options{Seed: 1}), 1000)
}
func BenchmarkMCTSBarrage(b *testing.B) {
	benchSearch(b, stratego.Barrage(), NewMCTS(Options{Seed: 1}), 1000)
}
func BenchmarkMCTSUltimate(b *testing.B) {
	benchSearch(b, stratego.UltimateLightning(), NewMCTS(Options{Seed: 1}), 1000)
}
func BenchmarkSearchClassic(b *testing.B) {
	benchSearch(b, stratego.Classic(), NewSearch(Options{Seed: 1}), 20000)
}
func BenchmarkSearchBarrage(b *testing.B) {
	benchSearch(b, stratego.Barrage(), NewSearch(Options{Seed: 1}), 20000)
}

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
