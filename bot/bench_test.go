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

// BenchmarkSearchDepth reports the mean depth (plies, over the
// determinizations) that Search finishes with 200,000 nodes a move in
// middlegame views of random games of Classic, with its transposition
// table and without (a node cut by the table counts as one).
func BenchmarkSearchDepth(b *testing.B) {
	var views []stratego.View
	for i, plies := range []int{40, 100, 160, 220} {
		s := midgame(b, stratego.Classic(), uint64(10+i), plies)
		views = append(views, s.View(s.Turn()))
	}
	for _, c := range []struct {
		name string
		noTT bool
	}{{"table", false}, {"no-table", true}} {
		b.Run(c.name, func(b *testing.B) {
			depth, n := 0.0, 0
			for b.Loop() {
				for _, v := range views {
					p := NewSearch(Options{Seed: 1})
					p.tune.noTT = c.noTT
					if _, err := p.Move(context.Background(), v, Budget{Iterations: 200000}); err != nil {
						b.Fatal(err)
					}
					depth += p.w.reached
					n++
				}
			}
			b.ReportMetric(depth/float64(n), "plies")
		})
	}
}
