package stratego_test

import (
	"fmt"
	"os"
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

func ExampleReadGravonXML() {
	const xmlGame = `<?xml version="1.0" encoding="UTF-8"?>
<stratego>
 <game type="barrage">
  <field content="MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY"/>
  <move id="1" source="E1" target="E9"/>
  <move id="2" source="D:" target="D9"/>
  <move id="3" source="E9" target="K9"/>
  <move id="4" source="D9" target="D8"/>
  <move id="5" source="K9" target="K:"/>
  <player id="1">alice</player>
  <player id="2">bob</player>
  <result type="1" winner="1"/>
 </game>
</stratego>`
	g, err := stratego.ReadGravonXML(strings.NewReader(xmlGame))
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := g.Record()
	if err != nil {
		fmt.Println(err)
		return
	}
	states, err := rec.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Players[0], "vs", g.Players[1], "under", rec.Rules)
	fmt.Println(rec.Moves[4].Move, "=", stratego.Annotate(states[5].LastEvent()))
	fmt.Println(states[len(states)-1].Outcome())
	// Output:
	// alice vs bob under barrage,twosquares=5,moresquares=off
	// j9-j10 = j9xj10(2>F)
	// red wins (flag captured)
}

func ExampleState_Position() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	s, _ := stratego.New(r, setup, setup)
	s, _, _ = s.Apply(stratego.MustParseMove("e1-e9"))
	fmt.Println(s.Position())
	fmt.Println(s.ViewPosition(stratego.Blue))
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
		fmt.Println(o.Over(), o.Winner, o.Reason)
	}
	// Output:
	// false none not over
	// true blue no legal move
	// true none ply cap
	// stratego: parsing outcome "draw (flag captured)": at offset 6: want a reason that fits "draw"
}

// A Gravon setup is one letter per square of the owner's zone rows, a1
// first; either color's letters are read.
func ExampleParseGravonSetup() {
	r := stratego.Classic()
	const gravon = "EDDDIDKJGFDBEGFMBEEFBHGIFJHCDIDBHBLDGBHE"
	s, err := stratego.ParseGravonSetup(r, gravon)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println(stratego.GravonSetup(r, s, stratego.Blue))
	fmt.Println(stratego.GravonSetup(r, s, stratego.Red) == gravon)
	// Output:
	// 3222729854/2B354FB334/B657486127/2B6BX25B63
	// QPPPUPWVSRPNQSRYNQQRNTSURVTOPUPNTNXPSNTQ
	// true
}

// A Gravon field is the whole board in 100 letters, a1 first, with '_'
// on the lakes.
func ExampleParseGravonField() {
	r := stratego.Barrage()
	const field = "MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY"
	b, err := stratego.ParseGravonField(r, field)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.At(stratego.MustParseSquare("a1")), b.At(stratego.MustParseSquare("j10")))
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(s.AppendLegalMoves(nil)), "legal moves;", stratego.GravonField(r, s.Board()) == field)
	_, err = stratego.ParseGravonField(r, field[:99])
	fmt.Println(err)
	// Output:
	// red flag blue flag
	// 17 legal moves; true
	// stratego: parsing gravon field "MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPON": at offset 99: want exactly 100 letters
}

// StraDos3 is OpenSpiel's one-line form of a position: the Gravon field
// with known ranks in lower case, the side to move and the ply.
func ExampleStraDos3() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	s, err := stratego.New(r, setup, setup)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []string{"e1-e9", "d10-d9", "e9xd9"} { // the scout dies on the general
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(stratego.StraDos3(s.Position()))
	fmt.Println(stratego.StraDos3(s.ViewPosition(stratego.Blue)))
	// Output:
	// MBCDAEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAwAAAAAAAAXAQPPONY b 3
	// ????A???AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAwAAAAAAAAXAQPPONY b 3
}

// Gravon's end codes map to outcomes; ends the rules do not know (a
// clock running out, a player leaving) count as a resignation.
func ExampleGravonOutcome() {
	for _, c := range [][2]int{{stratego.GravonFlag, 2}, {stratego.GravonPlayerClock, 1}, {stratego.GravonTieAgreed, 3}, {stratego.GravonFlag, 3}} {
		o, err := stratego.GravonOutcome(c[0], c[1])
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(o)
	}
	// Output:
	// blue wins (flag captured)
	// red wins (resignation)
	// draw (draw agreed)
	// stratego: record does not match the game: gravon end code 1 with winner 3
}

// A game of the library converts to a Gravon XML file: the field from
// the setups, the moves in Gravon squares and the result as an end code.
func ExampleGravonGameOf() {
	r, err := stratego.GravonRules("barrage") // Barrage as the server played it
	if err != nil {
		fmt.Println(err)
		return
	}
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	var moves []stratego.Move
	for _, m := range strings.Fields("e1-e9 d10-d9 e9-j9 d9-d8 j9xj10") {
		moves = append(moves, stratego.MustParseMove(m))
	}
	rec, err := stratego.NewRecord(r, setup, setup, moves...)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec.Tags = []stratego.Tag{{Name: "Red", Value: "alice"}, {Name: "Blue", Value: "bob"}}
	g, err := stratego.GravonGameOf(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Type, g.End, g.Winner, stratego.GravonMove(g.Moves[4]))
	if err := g.WriteXML(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// barrage 1 1 K9-K:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <stratego>
	//  <game type="barrage">
	//   <field content="MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY"></field>
	//   <move id="1" source="E1" target="E9"></move>
	//   <move id="2" source="D:" target="D9"></move>
	//   <move id="3" source="E9" target="K9"></move>
	//   <move id="4" source="D9" target="D8"></move>
	//   <move id="5" source="K9" target="K:"></move>
	//   <player id="1">alice</player>
	//   <player id="2">bob</player>
	//   <result type="1" winner="1"></result>
	//  </game>
	// </stratego>
}

// Older Gravon files are GSN text: a header, the game type, the field,
// one move per line, END and the result.
func ExampleReadGravonGSN() {
	const gsn = `#X38FA11 Stratego-Notation v2
type 1
MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY
E1-E9
D:-D9
END
alice vs bob result 3 winner 1
`
	g, err := stratego.ReadGravonGSN(strings.NewReader(gsn))
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := g.Record()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Type, g.Players, g.Moves)
	fmt.Println("end code", g.End, "winner", g.Winner, "=", rec.Result) // Red forfeited
	states, err := rec.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(states)-1, "moves replayed under", rec.Rules)
	// Output:
	// barrage [alice bob] [e1-e9 d10-d9]
	// end code 3 winner 2 = blue wins (resignation)
	// 2 moves replayed under barrage,twosquares=5,moresquares=off
}
