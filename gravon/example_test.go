package gravon_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

func ExampleReadXML() {
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
	g, err := gravon.ReadXML(strings.NewReader(xmlGame))
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
	fmt.Println(g.Names[stratego.Red], "vs", g.Names[stratego.Blue], "under", rec.Rules)
	fmt.Println(rec.Moves[4].Move, "=", stratego.Annotate(states[5].LastEvent()))
	fmt.Println(states[len(states)-1].Outcome())
	// Output:
	// alice vs bob under barrage,twosquares=5,moresquares=off
	// j9-j10 = j9xj10(2>F)
	// red wins (flag captured)
}

// A Gravon setup is one letter per square of the owner's zone rows, a1
// first; either color's letters are read.
func ExampleParseSetup() {
	r := stratego.Classic()
	const text = "EDDDIDKJGFDBEGFMBEEFBHGIFJHCDIDBHBLDGBHE"
	s, err := gravon.ParseSetup(r, text)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println(gravon.Setup(r, s, stratego.Blue))
	fmt.Println(gravon.Setup(r, s, stratego.Red) == text)
	// Output:
	// 3222729854/2B354FB334/B657486127/2B6BX25B63
	// QPPPUPWVSRPNQSRYNQQRNTSURVTOPUPNTNXPSNTQ
	// true
}

// A Gravon field is the whole board in 100 letters, a1 first, with '_'
// on the lakes.
func ExampleParseField() {
	r := stratego.Barrage()
	const field = "MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY"
	b, err := gravon.ParseField(r, field)
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
	fmt.Println(len(s.AppendLegalMoves(nil)), "legal moves;", gravon.Field(r, s.Board()) == field)
	_, err = gravon.ParseField(r, field[:99])
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
	fmt.Println(gravon.StraDos3(s.Position()))
	fmt.Println(gravon.StraDos3(s.View(stratego.Blue).Position()))
	// Output:
	// MBCDAEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAwAAAAAAAAXAQPPONY b 3
	// ????A???AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAwAAAAAAAAXAQPPONY b 3
}

// Gravon's end codes map to outcomes; ends the rules do not know (a
// clock running out, a player leaving) count as a resignation.
func ExampleOutcome() {
	for _, c := range []struct {
		end    gravon.End
		winner int
	}{{gravon.EndFlag, 2}, {gravon.EndPlayerClock, 1}, {gravon.EndTieAgreed, 3}, {gravon.EndFlag, 3}} {
		o, err := gravon.Outcome(c.end, c.winner)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(c.end, "->", o)
	}
	// Output:
	// flag captured -> blue wins (flag captured)
	// player clock -> red wins (resignation)
	// tie agreed -> draw (draw agreed)
	// stratego: record does not match the game: gravon end code 1 with winner 3
}

// A game of the library converts to a Gravon XML file: the field from
// the setups, the moves in Gravon squares and the result as an end code.
func ExampleGameOf() {
	r, err := gravon.Rules("barrage") // Barrage as the server played it
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
	g, err := gravon.GameOf(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, end code %d (%v), winner %d, %s\n", g.Type, g.End, g.End, g.Winner, gravon.Move(g.Moves[4]))
	if err := g.WriteXML(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// barrage, end code 1 (flag captured), winner 1, K9-K:
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
func ExampleReadGSN() {
	const gsn = `#X38FA11 Stratego-Notation v2
type 1
MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY
E1-E9
D:-D9
END
alice vs bob result 3 winner 1
`
	g, err := gravon.ReadGSN(strings.NewReader(gsn))
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := g.Record()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Type, g.Names[stratego.Red], "vs", g.Names[stratego.Blue], g.Moves)
	fmt.Printf("end code %d (%v), winner %d = %v\n", g.End, g.End, g.Winner, rec.Result) // Red forfeited
	states, err := rec.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(states)-1, "moves replayed under", rec.Rules)
	// Output:
	// barrage alice vs bob [e1-e9 d10-d9]
	// end code 3 (forfeit), winner 2 = blue wins (resignation)
	// 2 moves replayed under barrage,twosquares=5,moresquares=off
}
