package stratego_test

import (
	"errors"
	"fmt"

	"github.com/stratego-go/stratego"
)

// Barrage is Classic with 8 pieces a side placed on any of the 40 home
// squares. A setup is written from its owner's side, back row first,
// so the same text serves Red and Blue.
func ExampleBarrage() {
	r := stratego.Barrage()
	fmt.Println(r.Army.Total(), "pieces on", r.Zone.Len(), "squares; fill the zone:", r.FillZone)

	setup, err := stratego.ParseSetup(r, "F.B......./.1.3....../....2..X../2........9")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := stratego.New(r, setup, setup)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, ev, err := s.Apply(stratego.MustParseMove("a4-a7")) // a scout runs into Blue's zone
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ev.Piece, "attacks", ev.Defender, "->", ev.Combat)
	fmt.Print(s.Picture())

	// A setup with a piece too many is refused.
	_, err = stratego.ParseSetup(r, "FBB......./.1.3....../....2..X../2........9")
	fmt.Println(errors.Is(err, stratego.ErrSetup), err)
	// Output:
	// 8 pieces on 40 squares; fill the zone: false
	// red scout attacks blue general -> defender wins
	// 10 .. .. .. .. .. .. .. bB .. bF
	//  9 .. .. .. .. .. .. b3 .. b1 ..
	//  8 .. .. bX .. .. b2 .. .. .. ..
	//  7 b9 .. .. .. .. .. .. .. .. b2
	//  6 .. .. ~~ ~~ .. .. ~~ ~~ .. ..
	//  5 .. .. ~~ ~~ .. .. ~~ ~~ .. ..
	//  4 .. .. .. .. .. .. .. .. .. r9
	//  3 .. .. .. .. r2 .. .. rX .. ..
	//  2 .. r1 .. r3 .. .. .. .. .. ..
	//  1 rF .. rB .. .. .. .. .. .. ..
	//     a  b  c  d  e  f  g  h  i  j
	// true stratego: invalid setup: 2 bombs, want 1
}

// A house rule is a preset with a field changed; a custom variant is any
// Rules value that Validate accepts. Validate names the field at fault.
func ExampleRules_houseRules() {
	r := stratego.Classic()
	r.Ties = stratego.TieAttackerWins // "aggression": no trading down
	r.Bombs = stratego.BombOneTime    // a bomb blows up with its first victim
	fmt.Println(r.Validate())
	fmt.Println(stratego.Resolve(r, stratego.Captain, stratego.Captain))
	fmt.Println(stratego.Resolve(r, stratego.General, stratego.Bomb))

	// A 6×6 skirmish: one lake in the middle, two home rows, seven pieces.
	mini := stratego.Rules{
		Width: 6, Height: 6,
		Lakes: stratego.SquaresOf(stratego.MustParseSquare("c3"), stratego.MustParseSquare("d4")),
		Zone:  stratego.Rect(0, 0, 5, 1), // rows 1-2, as each side sees the board
		Army: stratego.Army{stratego.Flag: 1, stratego.Bomb: 1, stratego.Spy: 1,
			stratego.Scout: 2, stratego.Miner: 1, stratego.Marshal: 1},
		TwoSquares: 3,
		MaxPlies:   200, // a draw after 200 plies
	}
	fmt.Println(mini.Validate())
	red, err := stratego.ParseSetup(mini, "FB.3../12X2..")
	fmt.Println(red, err)

	mini.Army[stratego.Scout] = 10 // 15 pieces for 12 squares
	fmt.Println(mini.Validate())
	var re *stratego.RulesError
	if errors.As(mini.Validate(), &re) {
		fmt.Println("field:", re.Field)
	}
	// Output:
	// <nil>
	// attacker wins
	// both removed
	// <nil>
	// FB.3../12X2.. <nil>
	// stratego: invalid rules: Army: 15 pieces do not fit the 12 squares of the zone
	// field: Army
}

// Ultimate Lightning's Captains move up to two squares and may turn
// after the first (Move.Via names the square passed); a piece other than
// a Scout that reaches the enemy's back row earns a rescue, the next
// action of the same side.
func ExampleUltimateLightning() {
	r := stratego.UltimateLightning()
	var b stratego.Board
	put := func(sq string, c stratego.Color, rk stratego.Rank) {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(c, rk))
	}
	put("a1", stratego.Red, stratego.Flag)
	put("e3", stratego.Red, stratego.Captain)
	put("d3", stratego.Red, stratego.Sergeant)
	put("e9", stratego.Red, stratego.General)
	put("j10", stratego.Blue, stratego.Flag)
	put("d4", stratego.Blue, stratego.Miner)
	put("c3", stratego.Blue, stratego.Lieutenant)
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	apply := func(move string) stratego.Event {
		next, ev, err := s.Apply(stratego.MustParseMove(move))
		if err != nil {
			fmt.Println(err)
		}
		s = next
		return ev
	}
	ev := apply("e3-e4-d4") // step, turn, attack
	fmt.Println(ev.Move, ev.Piece, "takes", ev.Defender)
	apply("c3-d3") // the lieutenant takes the sergeant
	apply("e9-e10")
	fmt.Println("rescue due:", s.RescueDue(), "for", s.Turn())
	ev = apply("+sergeant@e1")
	fmt.Println(ev.Move, ev.Piece, "- next:", s.Turn())
	// Output:
	// e3-e4-d4 red captain takes blue miner
	// rescue due: true for red
	// +sergeant@e1 red sergeant - next: blue
}

// Vintage is Classic in the Milton Bradley numbering (1 = Marshal,
// S = Spy) where a scout slides but strikes only next to it.
func ExampleVintage() {
	r := stratego.Vintage()
	fmt.Println(r.Numbering.Label(stratego.Marshal), r.Numbering.Label(stratego.Scout), r.Numbering.Label(stratego.Spy))
	var b stratego.Board
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("a2"), stratego.NewPiece(stratego.Red, stratego.Scout))
	b.Put(stratego.MustParseSquare("a7"), stratego.NewPiece(stratego.Blue, stratego.Marshal))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Check(stratego.MustParseMove("a2-a7")))
	fmt.Println(s.Check(stratego.MustParseMove("a2-a6")))
	// Output:
	// 1 9 S
	// stratego: scout may not move and strike: move a2-a7
	// <nil>
}
