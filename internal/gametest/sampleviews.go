package gametest

import (
	"math/rand/v2"
	"slices"

	"github.com/stratego-go/stratego"
)

// SampleView is a Classic position of a random game and the view of its
// side to move: the workloads of the sampling and search benchmarks.
type SampleView struct {
	Name  string
	State stratego.State
	View  stratego.View
}

// SampleViews returns three views of Classic games played at random from
// random setups, each the view of the side to move, the same on every
// call and in every build (the moves are drawn from the legal moves in
// Move.Compare order, so the generator's order does not matter):
//
//	early    ply 10 of seed 1: 39 hidden enemy pieces, few of them moved
//	midgame  ply 200 of seed 3: 30 hidden, the side to move chasing
//	         (a More-Squares record, so every draw is checked against
//	         the view's legal moves)
//	endgame  ply 1200 of seed 1: 9 hidden pieces, most of them moved
//
// It fails the test when a game ends early or the midgame view shows no
// chase of its player.
func SampleViews(tb TB) []SampleView {
	tb.Helper()
	at := func(name string, seed uint64, plies int) SampleView {
		tb.Helper()
		r := stratego.Classic()
		rng := rand.New(rand.NewPCG(seed, 3))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			tb.Fatalf("New: %v", err)
		}
		var ms []stratego.Move
		for range plies {
			ms = s.AppendLegalMoves(ms[:0])
			if len(ms) == 0 {
				tb.Fatalf("%s: the game of seed %d ended at ply %d", name, seed, s.Ply())
			}
			slices.SortFunc(ms, stratego.Move.Compare)
			if s, _, err = s.Apply(ms[rng.IntN(len(ms))]); err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
		}
		return SampleView{Name: name, State: s, View: s.View(s.Turn())}
	}
	vs := []SampleView{at("early", 1, 10), at("midgame", 3, 200), at("endgame", 1, 1200)}
	if _, _, ok := vs[1].View.Chase(vs[1].View.Player()); !ok {
		tb.Fatalf("the midgame view shows no chase of its player")
	}
	return vs
}
