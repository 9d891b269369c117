package stratego_test

import (
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
)

// A Barrage game between two setups on the back row: Red's scout
// strikes, Blue's general steps out, Red's scout takes the flag.
const barrageRecord = `[Event "Example"]
[Red "Alice"]
[Blue "Bob"]
[Rules "barrage"]
[Numbering "isf"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]
[Result "1-0"]
[Termination "flag captured"]

1. e1-e9 {the scout runs} d10-d9
2. e9-j9 d9-d8
3. j9xj10(2>F)
1-0
`

func ExampleParseRecord() {
	rec, err := stratego.ParseRecord(barrageRecord)
	if err != nil {
		fmt.Println(err)
		return
	}
	red, _ := rec.Tag("Red")
	fmt.Println(red, "plays", rec.Rules)
	states, err := rec.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	final := states[len(states)-1]
	fmt.Println(final.LastEvent().Piece, "took the", final.LastEvent().Defender)
	fmt.Println(final.Outcome())
	// Output:
	// Alice plays barrage
	// red scout took the blue flag
	// red wins (flag captured)
}

func ExampleNewRecord() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	var moves []stratego.Move
	for _, m := range strings.Fields("e1-e2 f10-f2 e2xf2 d10-d9") {
		moves = append(moves, stratego.MustParseMove(m))
	}
	rec, err := stratego.NewRecord(r, setup, setup, moves...)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec.Tags = append(rec.Tags, stratego.Tag{Name: "Event", Value: "Scout duel"})
	rec.Moves[2].Comment = "scouts trade"
	fmt.Print(rec)
	// Output:
	// [Event "Scout duel"]
	// [Rules "barrage"]
	// [Numbering "isf"]
	// [RedSetup "FB12239X../........../........../.........."]
	// [BlueSetup "FB12239X../........../........../.........."]
	// [Result "*"]
	//
	// 1. e1-e2 f10-f2
	// 2. e2xf2(2=2) {scouts trade} d10-d9
	// *
}

func ExampleState_Position() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	s, _ := stratego.New(r, setup, setup)
	s, _, _ = s.Apply(stratego.MustParseMove("e1-e9"))
	fmt.Println(s.Position())
	fmt.Println(s.View(stratego.Blue).Position())
	// Output:
	// barrage ..bXb9b3b2b2b1bBbF/....r2+*...../........../........../..~~..~~../..~~..~~../........../........../........../rFrBr1r2.r3r9rX.. b 1 1 - e1-e9/- e1-e9:1/-/0 - *
	// barrage ..bXb9b3b2b2b1bBbF/....r?+*...../........../........../..~~..~~../..~~..~~../........../........../........../r?r?r?r?.r?r?r?.. b 1 1 - e1-e9/- e1-e9:1/-/0 - * view:blue
}

func ExampleParseRules() {
	r, err := stratego.ParseRules("gravon,maxplies=2000,maxquiet=200")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.TwoSquares, r.MaxPlies, r.MaxPliesWithoutAttack)
	fmt.Println(r)
	// Output:
	// 5 2000 200
	// gravon,maxplies=2000,maxquiet=200
}

func ExampleParsePosition() {
	// Red's scout has run to e9; Blue to move.
	p, err := stratego.ParsePosition("barrage ..bXb9b3b2b2b1bBbF/....r2+*...../........../........../..~~..~~../..~~..~~../........../........../........../rFrBr1r2.r3r9rX.. b 1 1 - e1-e9/- e1-e9:1/-/0 - *")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := p.State()
	if err != nil {
		fmt.Println(err)
		return
	}
	pc, _ := s.At(stratego.MustParseSquare("e9"))
	fmt.Println(s.Turn(), "to move;", pc, "on e9, moved far:", s.Knowledge(stratego.MustParseSquare("e9"))&stratego.KnownFar != 0)
	err = s.Check(stratego.MustParseMove("e10xe9"))
	fmt.Println(err)
	// Output:
	// blue to move; red scout on e9, moved far: true
	// <nil>
}

// Rules print as the nearest preset and the fields that differ from it;
// the text parses back to the same value.
func ExampleRules_String() {
	r := stratego.Classic()
	fmt.Println(r)
	r.MaxPlies = 2000
	r.Ties = stratego.TieAttackerWins
	fmt.Println(r)
	fmt.Println(stratego.Vintage())

	back, err := stratego.ParseRules(r.String())
	fmt.Println(back == r, err)
	// Output:
	// classic
	// classic,ties=attacker,maxplies=2000
	// vintage
	// true <nil>
}

// Preset finds a preset by the name its text form uses, as a program
// reading a -rules flag would.
func ExamplePreset() {
	for _, name := range []string{"quick-battle", "duel-hasbro", "chess"} {
		r, ok := stratego.Preset(name)
		if !ok {
			fmt.Println(name, "is no preset")
			continue
		}
		fmt.Printf("%s: %dx%d board, %d pieces\n", name, r.Width, r.Height, r.Army.Total())
	}
	// Output:
	// quick-battle: 8x8 board, 10 pieces
	// duel-hasbro: 10x10 board, 10 pieces
	// chess is no preset
}

// PresetNames lists the presets, as a program's help text would; each
// name is the preset's rules text.
func ExamplePresetNames() {
	for _, name := range stratego.PresetNames() {
		r, _ := stratego.Preset(name)
		fmt.Println(name, r.String() == name)
	}
	// Output:
	// classic true
	// gravon true
	// barrage true
	// duel true
	// duel-hasbro true
	// ultimate-lightning true
	// quick-battle true
	// vintage true
}

// An annotated move carries the ranks and the result of its combat, in
// the labels of a numbering.
func ExampleParseAnnotatedMove() {
	a, err := stratego.ParseAnnotatedMove(stratego.NumberingISF, "c3xc4(1>X)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Move, a.Attacker, a.Defender, a.Combat)
	b, _ := a.AppendNotation(nil, stratego.NumberingVintage)
	fmt.Println(string(b))

	// A Bomb never attacks.
	_, err = stratego.ParseAnnotatedMove(stratego.NumberingISF, "c3xc4(B>X)")
	fmt.Println(err)
	// Output:
	// c3-c4 spy marshal attacker wins
	// c3xc4(S>1)
	// stratego: parsing move "c3xc4(B>X)": at offset 6: want two rank labels in isf numbering around >, < or =
}

// Outcomes have a text form for logs and JSON.
func ExampleParseOutcome() {
	for _, text := range []string{"ongoing", "blue wins (no legal move)", "draw (ply cap)", "draw (flag captured)"} {
		o, err := stratego.ParseOutcome(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(o.IsOver(), o.Winner, o.Reason)
	}
	// Output:
	// false none not over
	// true blue no legal move
	// true none ply cap
	// stratego: parsing outcome "draw (flag captured)": at offset 6: want a reason that fits "draw"
}
