package referee

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego"
)

// benchGames plays games of Barrage between seats from mk and reports
// plies a second.
func benchGames(b *testing.B, mk func(seed uint64) (Seat, Seat)) {
	b.ReportAllocs()
	plies := 0
	seed := uint64(0)
	for b.Loop() {
		seed++
		red, blue := mk(seed)
		res, err := Game{Rules: stratego.Barrage(), Red: red, Blue: blue}.Play(context.Background())
		if err != nil || !res.Played() {
			b.Fatalf("%v %v", res, err)
		}
		plies += res.Plies
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPlayInProcess is the referee's cost with two built-in random
// players.
func BenchmarkPlayInProcess(b *testing.B) {
	benchGames(b, func(seed uint64) (Seat, Seat) { return randomSeat(seed), randomSeat(seed + 1) })
}

// BenchmarkPlayOverPipes adds both wires: an SBP engine and a UCC engine
// (ServeSBP, ServeUCC with random players) over pipes in this process.
func BenchmarkPlayOverPipes(b *testing.B) {
	benchGames(b, func(seed uint64) (Seat, Seat) {
		return sbpPipeSeat(b, seed, nil), uccPipeSeat(b, stratego.Barrage(), seed+1, nil, UCCOptions{})
	})
}
