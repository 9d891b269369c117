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
