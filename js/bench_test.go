package js

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// benchView is the view that the bot benchmark of bench.mjs searches in
// the WebAssembly engine, made the same way: Classic, the setups that
// bot.ChooseSetup draws with the seeds 1 and 2 (the source the engine's
// chooseSetup uses), then 60 plies, ply i playing the legal move i*7
// modulo their number; the view of the side to move.
func benchView(tb testing.TB) stratego.View {
	tb.Helper()
	r := stratego.Classic()
	var setups [2]stratego.Setup
	for i := range setups {
		var err error
		if setups[i], err = bot.ChooseSetup(r, rand.New(rand.NewPCG(uint64(i+1), 0x5eed))); err != nil {
			tb.Fatal(err)
		}
	}
	s, err := stratego.New(r, setups[0], setups[1])
	if err != nil {
		tb.Fatal(err)
	}
	for i := range 60 {
		ms := s.AppendLegalMoves(nil)
		if s, _, err = s.Apply(ms[i*7%len(ms)]); err != nil {
			tb.Fatal(err)
		}
	}
	return s.View(s.Turn())
}

// BenchmarkSearchView is the native side of bench.mjs's bot benchmark:
// the search player with 20,000 nodes a move in benchView, on one core.
func BenchmarkSearchView(b *testing.B) {
	v := benchView(b)
	p := bot.NewSearch(bot.Options{Seed: 1})
	for b.Loop() {
		if _, err := p.Move(context.Background(), v, bot.Budget{Iterations: 20000}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(20000*b.N)/b.Elapsed().Seconds(), "nodes/s")
}
