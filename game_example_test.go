package stratego_test

import (
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
)

// A game server keeps one Game per table: Apply checks and plays each
// move and returns the next Game, Undo takes one back, and Record writes
// the whole game, setups and annotated moves, in one call.
func ExampleGame() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	g, err := stratego.NewGame(r, setup, setup)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"e1-e9", "d10-d9", "e9-j9", "d9-d8", "j9-j8"} {
		if g, _, err = g.Apply(stratego.MustParseMove(text)); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Len(), "moves, last", g.State().LastEvent().Move)
	g, _ = g.Undo() // j9-j8 was a slip
	if g, _, err = g.Apply(stratego.MustParseMove("j9-j10")); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Len(), "moves:", g.State().Outcome())
	rec := g.Record()
	rec.Tags = []stratego.Tag{{Name: "Red", Value: "Alice"}, {Name: "Blue", Value: "Bob"}}
	fmt.Print(rec)
	// Output:
	// 5 moves, last j9-j8
	// 5 moves: red wins (flag captured)
	// [Red "Alice"]
	// [Blue "Bob"]
	// [Rules "barrage"]
	// [Numbering "isf"]
	// [RedSetup "FB12239X../........../........../.........."]
	// [BlueSetup "FB12239X../........../........../.........."]
	// [Result "1-0"]
	// [Termination "flag captured"]
	//
	// 1. e1-e9 d10-d9
	// 2. e9-j9 d9-d8
	// 3. j9xj10(2>F)
	// 1-0
}

// At goes back to any ply of a game, for a replay viewer; the Games of
// the earlier plies share the moves of the later one.
func ExampleGame_At() {
	rec, err := stratego.ParseRecord(barrageRecord)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := rec.Game()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int{0, 1, 4, g.Len()} {
		at, _ := g.At(n)
		fmt.Printf("after %d moves: %v to move, %v\n", n, at.State().Turn(), at.State().Outcome())
	}
	if _, ok := g.At(6); !ok {
		fmt.Println("no ply 6")
	}
	fmt.Println("red setup", g.Record().RedSetup)
	// Output:
	// after 0 moves: red to move, ongoing
	// after 1 moves: blue to move, ongoing
	// after 4 moves: red to move, ongoing
	// after 5 moves: blue to move, red wins (flag captured)
	// no ply 6
	// red setup FB12239X../........../........../..........
}

// A game that starts from a placement records the start position in
// place of setups; a resignation is its result.
func ExampleGameFrom() {
	var b stratego.Board
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("b2"), stratego.NewPiece(stratego.Red, stratego.General))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	b.Put(stratego.MustParseSquare("h9"), stratego.NewPiece(stratego.Blue, stratego.Marshal))
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := stratego.GameFrom(s)
	g, _, _ = g.Apply(stratego.MustParseMove("b2-b3"))
	g, _ = g.Resign(stratego.Blue)
	rec := g.Record()
	fmt.Println(rec.Start != nil, len(rec.Moves), rec.Result)
	back, _ := g.Undo() // takes back the resignation
	fmt.Println(back.Len(), back.State().Outcome())
	// Output:
	// true 1 red wins (resignation)
	// 1 ongoing
}

// A converter reads a file of many games, one record after another,
// replays each, and goes on past a record that does not parse.
func ExampleReadRecords() {
	const file = `[Rules "barrage"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]
[Result "1-0"]
[Termination "flag captured"]
1. e1-e9 d10-d9 2. e9-j9 d9-d8 3. j9xj10
1-0

[Rules "barrage"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]
1. e1-e9 d10-d9 2. e9-j9 d9
*

[Rules "barrage"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]
1. e1-e2 {a slow start}
*
`
	for rec, err := range stratego.ReadRecords(strings.NewReader(file)) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		g, err := rec.Game()
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.Len(), "moves:", g.State().Outcome())
	}
	// Output:
	// 5 moves: red wins (flag captured)
	// stratego: record 2: parsing record, line 12, column 28: "1. e1-e9 d10-d9 2. e9-j9 d9": want "-" or "x"
	// 1 moves: ongoing
}
