package stratego_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// A referee takes moves as text from two players, one at a time. It
// checks the sender's turn itself ([stratego.State.Check] knows only the
// side to move, and calls a piece of the side not to move "the
// opponent's"), parses the text, and tells the player why a move is
// refused by testing the sentinel the error wraps. It keeps the game as
// a [stratego.Game], which writes the game's record in one call.
func Example_referee() {
	var b stratego.Board
	for sq, p := range map[string]stratego.Piece{
		"a1":  stratego.NewPiece(stratego.Red, stratego.Flag),
		"a4":  stratego.NewPiece(stratego.Red, stratego.Scout),
		"b4":  stratego.NewPiece(stratego.Red, stratego.Major),
		"a7":  stratego.NewPiece(stratego.Blue, stratego.Miner),
		"j10": stratego.NewPiece(stratego.Blue, stratego.Flag),
	} {
		b.Put(stratego.MustParseSquare(sq), p)
	}
	s, err := stratego.FromBoard(stratego.Vintage(), b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := stratego.GameFrom(s)
	submit := func(from stratego.Color, text string) {
		if from != g.State().Turn() {
			fmt.Printf("%v %s: not your turn\n", from, text)
			return
		}
		m, err := stratego.ParseMove(text)
		if err != nil {
			var pe *stratego.ParseError
			errors.As(err, &pe)
			_, col := pe.LineColumn() // a person counts characters, from 1
			fmt.Printf("%v %s: cannot read the move (at character %d: want %s)\n", from, text, col, pe.Want)
			return
		}
		next, ev, err := g.Apply(m)
		switch {
		case errors.Is(err, stratego.ErrNoStrike):
			fmt.Printf("%v %s: a scout may attack only an adjacent piece here\n", from, text)
		case errors.Is(err, stratego.ErrBadDirection):
			fmt.Printf("%v %s: that piece cannot move so\n", from, text)
		case err != nil:
			fmt.Printf("%v %s: %v\n", from, text, err)
		default:
			g = next
			fmt.Printf("%v %s: ok", from, text)
			if ev.IsAttack() {
				fmt.Printf(", %v", ev.Combat)
			}
			fmt.Println()
		}
	}
	submit(stratego.Blue, "a7-a6")
	submit(stratego.Red, "a4 a5")
	submit(stratego.Red, "a4xa7")
	submit(stratego.Red, "b4-b6")
	submit(stratego.Red, "a4-a6")
	submit(stratego.Blue, "a7xa6")
	fmt.Print(g.Record())
	// Output:
	// blue a7-a6: not your turn
	// red a4 a5: cannot read the move (at character 3: want "-" or "x")
	// red a4xa7: a scout may attack only an adjacent piece here
	// red b4-b6: that piece cannot move so
	// red a4-a6: ok
	// blue a7xa6: ok, attacker wins
	// [Rules "vintage"]
	// [Numbering "vintage"]
	// [Position "vintage .........bF/........../........../b8........./..~~..~~../..~~..~~../r9r4......../........../........../rF......... r 0 0 - -/- -/-/0 - *"]
	// [Result "*"]
	//
	// 1. a4-a6 a7xa6(8>9)
	// *
}

// A self-play loop for a bot: each side sees only its View, draws a
// full state that agrees with it (a determinization) from a Sampler, and
// searches on copies of that state: Apply never changes its receiver, so
// each candidate move is tried on the same sampled state. Here the
// search is one ply deep and prefers attacks the attacker survives.
func Example_selfPlay() {
	r := stratego.Barrage()
	r.MaxPlies = 1000 // a draw after 1000 plies, so that every game ends
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		fmt.Println(err)
		return
	}
	var v stratego.View     // reused: ViewInto does not allocate once grown
	var buf []stratego.Move // reused for the legal moves
	for !s.Outcome().IsOver() {
		s.ViewInto(&v, s.Turn())
		sampler, err := v.Sampler()
		if err != nil {
			fmt.Println(err)
			return
		}
		guess, err := sampler.Sample(rng)
		if err != nil {
			fmt.Println(err)
			return
		}
		buf = guess.AppendLegalMoves(buf[:0]) // the view's legal moves
		best, bestScore := buf[0], -1
		for _, m := range buf {
			_, ev, err := guess.Apply(m) // guess itself is unchanged
			if err != nil {
				fmt.Println(err)
				return
			}
			score := rng.IntN(4)
			if ev.IsAttack() && ev.Combat == stratego.AttackerWins {
				score += 4
			}
			if score > bestScore {
				best, bestScore = m, score
			}
		}
		if s, _, err = s.Apply(best); err != nil { // the referee's state
			fmt.Println(err)
			return
		}
	}
	fmt.Println("game over:", s.Outcome().IsOver())
	// Output:
	// game over: true
}
