package bot

import (
	"context"
	"testing"
	"time"

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

// BenchmarkSearchDepth reports the mean depth (over the
// determinizations) that Search finishes in half a second a move, with
// its transposition table (plies-table) and without (plies-none), and
// the nodes a second of each, in middlegame views of random games of
// Classic. The two searches of a view run one after the other, so that a
// busy machine slows both alike.
func BenchmarkSearchDepth(b *testing.B) {
	var views []stratego.View
	for i, plies := range []int{40, 100, 160, 220} {
		s := midgame(b, stratego.Classic(), uint64(10+i), plies)
		views = append(views, s.View(s.Turn()))
	}
	const limit = 500 * time.Millisecond
	var depth, nodes [2]float64
	n := 0
	for b.Loop() {
		for _, v := range views {
			for k, off := range []bool{false, true} {
				p := NewSearch(Options{Seed: 1})
				p.tune.noTT = off
				if _, err := p.Move(context.Background(), v, Budget{Time: limit}); err != nil {
					b.Fatal(err)
				}
				<-p.running // the search has returned
				depth[k] += p.w.reached
				nodes[k] += float64(p.w.nodes)
			}
			n++
		}
	}
	b.ReportMetric(depth[0]/float64(n), "plies-table")
	b.ReportMetric(depth[1]/float64(n), "plies-none")
	b.ReportMetric(nodes[0]/float64(n)/limit.Seconds(), "nodes/s-table")
	b.ReportMetric(nodes[1]/float64(n)/limit.Seconds(), "nodes/s-none")
}
