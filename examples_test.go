package stratego_test

import (
	"errors"
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// Start a classic game from two random setups and list Red's first moves.
func ExampleNew() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("to move:", s.Turn())
	fmt.Println("moves:", s.AppendLegalMoves(nil))
	// Output:
	// to move: red
	// moves: [a4-a5 b4-b5 e4-e5 f4-f5 i4-i5 b4-b6 b4-b7]
}

// Play a move: a scout slides three squares and strikes. The Event says
// what happened; the State it was applied to is unchanged.
func ExampleState_Apply() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	next, ev, err := s.Apply(stratego.MustParseMove("b4-b7"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v attacks %v: %v\n", ev.Piece, ev.Defender, ev.Combat)
	fmt.Println("to move:", next.Turn())
	fmt.Println("before the move, to move:", s.Turn())
	// Output:
	// red scout attacks blue colonel: defender wins
	// to move: blue
	// before the move, to move: red
}

// Taking the flag ends the game.
func ExampleState_Apply_flag() {
	var b stratego.Board
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("e2"), stratego.NewPiece(stratego.Red, stratego.Scout))
	b.Put(stratego.MustParseSquare("e9"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Marshal))
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		log.Fatal(err)
	}
	_, ev, err := s.Apply(stratego.MustParseMove("e2-e9"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ev.Outcome)
	// Output:
	// red wins (flag captured)
}

// List the legal moves of a scout: it slides over empty squares and may
// strike the first enemy piece in its line.
func ExampleState_LegalMoves() {
	var b stratego.Board
	put := func(sq string, c stratego.Color, rk stratego.Rank) {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(c, rk))
	}
	put("a1", stratego.Red, stratego.Flag)
	put("a3", stratego.Red, stratego.Scout)
	put("b3", stratego.Red, stratego.Bomb)
	put("a7", stratego.Blue, stratego.Lieutenant)
	put("j10", stratego.Blue, stratego.Flag)
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		log.Fatal(err)
	}
	for m := range s.LegalMoves() {
		if p, ok := s.At(m.To); ok {
			fmt.Println(m, "attacks", p)
			continue
		}
		fmt.Println(m)
	}
	// Output:
	// a3-a4
	// a3-a2
	// a3-a5
	// a3-a6
	// a3-a7 attacks blue lieutenant
}

// Decide fights without a board.
func ExampleResolve() {
	r := stratego.Classic()
	fights := [][2]stratego.Rank{
		{stratego.Colonel, stratego.Captain},
		{stratego.Spy, stratego.Marshal},
		{stratego.Marshal, stratego.Spy},
		{stratego.General, stratego.Bomb},
		{stratego.Miner, stratego.Bomb},
		{stratego.Lieutenant, stratego.Lieutenant},
	}
	for _, f := range fights {
		fmt.Printf("%v attacks %v: %v\n", f[0], f[1], stratego.Resolve(r, f[0], f[1]))
	}
	// Output:
	// colonel attacks captain: attacker wins
	// spy attacks marshal: attacker wins
	// marshal attacks spy: attacker wins
	// general attacks bomb: defender wins
	// miner attacks bomb: attacker wins
	// lieutenant attacks lieutenant: both removed
}

// Start from any placement: an endgame study, with Blue to move.
func ExampleFromBoard() {
	var b stratego.Board
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("b2"), stratego.NewPiece(stratego.Red, stratego.Marshal))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	b.Put(stratego.MustParseSquare("e5"), stratego.NewPiece(stratego.Blue, stratego.Spy))
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Blue)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(s.Picture())
	fmt.Println("to move:", s.Turn(), "with", len(s.AppendLegalMoves(nil)), "moves")

	// Each side needs exactly one flag.
	b.Put(stratego.MustParseSquare("j10"), 0)
	_, err = stratego.FromBoard(stratego.Classic(), b, stratego.Blue)
	fmt.Println(errors.Is(err, stratego.ErrSetup), err)
	// Output:
	// 10 .. .. .. .. .. .. .. .. .. bF
	//  9 .. .. .. .. .. .. .. .. .. ..
	//  8 .. .. .. .. .. .. .. .. .. ..
	//  7 .. .. .. .. .. .. .. .. .. ..
	//  6 .. .. ~~ ~~ .. .. ~~ ~~ .. ..
	//  5 .. .. ~~ ~~ b1 .. ~~ ~~ .. ..
	//  4 .. .. .. .. .. .. .. .. .. ..
	//  3 .. .. .. .. .. .. .. .. .. ..
	//  2 .. rX .. .. .. .. .. .. .. ..
	//  1 rF .. .. .. .. .. .. .. .. ..
	//     a  b  c  d  e  f  g  h  i  j
	// to move: blue with 3 moves
	// true stratego: invalid setup for blue: needs exactly one flag
}

// Parse a setup in its text form: rows from the owner's back row
// forward, one ISF label per square (X is the Marshal).
func ExampleParseSetup() {
	r := stratego.Classic()
	s, err := stratego.ParseSetup(r, "616B252538/B824423329/5624335B77/72BB642BXF")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.At(stratego.MustParseSquare("j4")), s.At(stratego.MustParseSquare("i4")))

	// A setup with two flags and no marshal has the wrong army.
	_, err = stratego.ParseSetup(r, "616B252538/B824423329/5624335B77/72BB642BFF")
	fmt.Println(errors.Is(err, stratego.ErrSetup))

	// A row that is too short is a syntax error that says where.
	_, err = stratego.ParseSetup(r, "616B25253/B824423329/5624335B77/72BB642BXF")
	fmt.Println(errors.Is(err, stratego.ErrSyntax))
	fmt.Println(err)
	// Output:
	// flag marshal
	// true
	// true
	// stratego: parsing setup "616B25253/B824423329/5624335B77/72BB642BXF": at offset 9: want 10 squares in row 1
}

// Check says whether a move is legal and, if not, why: the error wraps
// one of the sentinels, and a *MoveError names the move.
func ExampleState_Check() {
	var b stratego.Board
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("j4"), stratego.NewPiece(stratego.Red, stratego.Major))
	b.Put(stratego.MustParseSquare("a10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	b.Put(stratego.MustParseSquare("a8"), stratego.NewPiece(stratego.Blue, stratego.Sergeant))
	b.Put(stratego.MustParseSquare("b8"), stratego.NewPiece(stratego.Blue, stratego.Sergeant))
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(errors.Is(s.Check(stratego.MustParseMove("j4-j6")), stratego.ErrBadDirection))

	// The major shuttles j4-j5-j4-j5; a fourth move between the two
	// squares breaks the Two-Squares Rule.
	for _, m := range []string{"j4-j5", "a8-a7", "j5-j4", "b8-b7", "j4-j5", "a7-a8"} {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			log.Fatal(err)
		}
	}
	err = s.Check(stratego.MustParseMove("j5-j4"))
	switch {
	case errors.Is(err, stratego.ErrTwoSquares):
		var me *stratego.MoveError
		if errors.As(err, &me) {
			fmt.Println("two-squares rule forbids", me.Move)
		}
	case err != nil:
		fmt.Println("illegal:", err)
	}
	fmt.Println(err)
	fmt.Println(s.Check(stratego.MustParseMove("j5-j6")))
	// Output:
	// true
	// two-squares rule forbids j5-j4
	// stratego: two-squares rule: move j5-j4
	// <nil>
}
