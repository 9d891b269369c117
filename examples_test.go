package stratego_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"slices"

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

// Parse moves in their text forms: a step or slide, an attack written
// with "x", a turning Captain (Ultimate Lightning) and a rescue. Bad text
// is a *ParseError that says where it went wrong.
func ExampleParseMove() {
	for _, text := range []string{"a4-a5", "B4xB7", "c3-c4-d4", "+general@d2"} {
		m, err := stratego.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-11s from %v to %v via %v rescue %v: %v\n", text, m.From, m.To, m.Via, m.Rescue, m)
	}

	_, err := stratego.ParseMove("a4-a11")
	var pe *stratego.ParseError
	if errors.As(err, &pe) {
		fmt.Println(errors.Is(err, stratego.ErrSyntax), pe.Pos, pe.Want)
	}
	// Output:
	// a4-a5       from a4 to a5 via - rescue none: a4-a5
	// B4xB7       from b4 to b7 via - rescue none: b4-b7
	// c3-c4-d4    from c3 to d4 via c4 rescue none: c3-c4-d4
	// +general@d2 from - to d2 via - rescue general: +general@d2
	// true 3 a to-square
}

// Squares are named a1 … j10 from Red's side; File, Row and Index count
// from 0.
func ExampleParseSquare() {
	sq, err := stratego.ParseSquare("c10")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sq, sq.File(), sq.Row(), sq.Index())
	fmt.Println(stratego.SquareAt(9, 0), stratego.SquareFromIndex(99))

	_, err = stratego.ParseSquare("k1")
	fmt.Println(errors.Is(err, stratego.ErrSyntax), err)
	// Output:
	// c10 2 9 92
	// j1 j10
	// true stratego: parsing square "k1": at offset 0: want a file a-j and a row 1-10
}

// Validate reports the first field at fault as a *RulesError, which
// wraps ErrRules.
func ExampleRules_Validate() {
	r := stratego.Classic()
	fmt.Println(r.Validate())

	r.TwoSquares = 9
	err := r.Validate()
	var re *stratego.RulesError
	if errors.As(err, &re) {
		fmt.Println(errors.Is(err, stratego.ErrRules), re.Field, "-", re.Reason)
	}

	r = stratego.Classic()
	r.Army[stratego.Marshal]++ // 41 pieces for 40 squares
	fmt.Println(r.Validate())

	// Every function that takes rules reports the same error.
	_, err = stratego.New(r, stratego.Setup{}, stratego.Setup{})
	fmt.Println(errors.As(err, &re), re.Field)
	// Output:
	// <nil>
	// true TwoSquares - 9 is outside 0-8
	// stratego: invalid rules: Army: 41 pieces do not fit the 40 squares of the zone
	// true Army
}

// Either side may resign at any time while the game goes on.
func ExampleState_Resign() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	over, err := s.Resign(stratego.Blue)
	fmt.Println(over.Outcome(), err)
	fmt.Println("moves left:", len(over.AppendLegalMoves(nil)))

	// A finished game cannot end again.
	_, err = over.Resign(stratego.Red)
	fmt.Println(errors.Is(err, stratego.ErrGameOver))
	fmt.Println(s.Outcome()) // s itself is unchanged
	// Output:
	// red wins (resignation) <nil>
	// moves left: 0
	// true
	// ongoing
}

// A draw by agreement ends the game; no move is legal afterwards.
func ExampleState_AgreeDraw() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	s, err = s.AgreeDraw()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Outcome(), s.Outcome().IsDraw())
	fmt.Println(s.Check(stratego.MustParseMove("a4-a5")))
	// Output:
	// draw (draw agreed) true
	// stratego: game is over: move a4-a5
}

// Knowledge says what the opponent has learned about a piece: that it
// has moved (so it is no Bomb or Flag), that it moved more than one
// square (so it is a Scout), and its rank once it has fought.
func ExampleState_Knowledge() {
	var b stratego.Board
	put := func(sq string, c stratego.Color, rk stratego.Rank) {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(c, rk))
	}
	put("a1", stratego.Red, stratego.Flag)
	put("b1", stratego.Red, stratego.Scout)
	put("e1", stratego.Red, stratego.Major)
	put("j10", stratego.Blue, stratego.Flag)
	put("e8", stratego.Blue, stratego.Captain)
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range []string{"b1-b5", "e8-e7", "e1-e2", "e7-e6", "e2-e3", "e6-e5", "e3-e4", "e5xe4"} {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			log.Fatal(err)
		}
	}
	for _, name := range []string{"b5", "e4", "a1"} {
		sq := stratego.MustParseSquare(name)
		p, _ := s.At(sq)
		k := s.Knowledge(sq)
		fmt.Printf("%v on %v: %v (a scout for blue: %t)\n", p, sq, k, k&stratego.KnownFar != 0)
	}
	// Output:
	// red scout on b5: moved|far (a scout for blue: true)
	// red major on e4: rank|moved (a scout for blue: false)
	// red flag on a1: 0 (a scout for blue: false)
}

// Captured and Remaining count a side's pieces by rank; together they make
// up the army.
func ExampleState_Captured() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	s, _, err = s.Apply(stratego.MustParseMove("b4-b7")) // the scout dies on a colonel
	if err != nil {
		log.Fatal(err)
	}
	lost := s.Captured(stratego.Red)
	fmt.Println("red lost", lost.Total(), "piece, a", stratego.Scout, lost[stratego.Scout])
	fmt.Println("red scouts left:", s.Remaining(stratego.Red)[stratego.Scout])
	fmt.Println("blue lost:", s.Captured(stratego.Blue).Total())
	// Output:
	// red lost 1 piece, a scout 1
	// red scouts left: 7
	// blue lost: 0
}

// RandomSetup places the army on random squares of the zone, every
// arrangement equally likely; a seeded generator makes it reproducible.
func ExampleRandomSetup() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s := stratego.RandomSetup(r, rng)
	fmt.Println(s)
	fmt.Println(r.CheckSetup(s), s.Army() == r.Army)

	// Invalid rules give an empty setup, which New then refuses.
	r.Width = 11
	empty := stratego.RandomSetup(r, rng)
	_, err := stratego.New(r, empty, empty)
	fmt.Println(errors.Is(err, stratego.ErrRules))
	// Output:
	// 616B252538/B824423329/5624335B77/72BB642BXF
	// <nil> true
	// true
}

// A setup is built square by square in its owner's view and written as
// one line, back row first; the text reads back under the same rules.
func ExampleSetup_String() {
	r := stratego.Duel()
	s := stratego.NewSetup(r)
	for sq, rk := range map[string]stratego.Rank{
		"a1": stratego.Flag, "b1": stratego.Bomb, "a2": stratego.Bomb,
		"b2": stratego.Marshal, "c2": stratego.General, "d3": stratego.Spy,
		"e3": stratego.Miner, "f3": stratego.Miner, "g4": stratego.Scout, "h4": stratego.Scout,
	} {
		s.Put(stratego.MustParseSquare(sq), rk)
	}
	fmt.Println(s)
	fmt.Println(r.CheckSetup(s))

	t, err := stratego.ParseSetup(r, s.String())
	fmt.Println(t == s, err)

	s.Put(stratego.MustParseSquare("h4"), stratego.NoRank)
	fmt.Println(r.CheckSetup(s))
	// Output:
	// FB......../BX9......./...133..../......22..
	// <nil>
	// true <nil>
	// stratego: invalid setup: 1 scout, want 2
}

// The same rank has a different label in each numbering.
func ExampleNumbering_Label() {
	for _, n := range []stratego.Numbering{stratego.NumberingISF, stratego.NumberingVintage} {
		fmt.Printf("%-7v", n)
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			fmt.Printf(" %s:%s", rk, n.Label(rk))
		}
		fmt.Println()
	}
	// Output:
	// isf     spy:1 scout:2 miner:3 sergeant:4 lieutenant:5 captain:6 major:7 colonel:8 general:9 marshal:10 bomb:B flag:F
	// vintage spy:S scout:9 miner:8 sergeant:7 lieutenant:6 captain:5 major:4 colonel:3 general:2 marshal:1 bomb:B flag:F
}

// Char is the one-character label used in setups, pictures and
// positions: ISF writes its 10 (the Marshal) as X.
func ExampleNumbering_Char() {
	isf, vintage := stratego.NumberingISF, stratego.NumberingVintage
	fmt.Printf("%c %c %c\n", isf.Char(stratego.Marshal), isf.Char(stratego.Spy), isf.Char(stratego.General))
	fmt.Printf("%c %c %c\n", vintage.Char(stratego.Marshal), vintage.Char(stratego.Spy), vintage.Char(stratego.General))
	// Output:
	// X 1 9
	// 1 S 2
}

// A Combat says who is left on the board after an attack.
func ExampleCombat() {
	ul := stratego.UltimateLightning() // ties go to the attacker, bombs go off once
	for _, r := range []stratego.Rules{stratego.Classic(), ul} {
		for _, f := range [][2]stratego.Rank{{stratego.Major, stratego.Major}, {stratego.Colonel, stratego.Bomb}} {
			c := stratego.Resolve(r, f[0], f[1])
			fmt.Printf("%v x %v: %v (attacker survives %t, defender survives %t)\n",
				f[0], f[1], c, c == stratego.AttackerWins, c == stratego.DefenderWins)
		}
	}
	// Output:
	// major x major: both removed (attacker survives false, defender survives false)
	// colonel x bomb: defender wins (attacker survives false, defender survives true)
	// major x major: attacker wins (attacker survives true, defender survives false)
	// colonel x bomb: both removed (attacker survives false, defender survives false)
}

// Square sets are comparable values for board regions: a setup zone,
// the lakes, the squares that are still on a board.
func ExampleSquareSet() {
	r := stratego.Classic()
	fmt.Println(r.Lakes)
	fmt.Println(r.ZoneOf(stratego.Blue).Len(), r.ZoneOf(stratego.Blue).Has(stratego.MustParseSquare("e7")))
	centre := stratego.Rect(2, 4, 7, 5) // c5-h6
	fmt.Println(centre.Len(), centre.Intersect(r.Squares()))
	// Output:
	// c5 d5 g5 h5 c6 d6 g6 h6
	// 40 true
	// 12 e5 f5 e6 f6
}

// The squares next to a square leave out the lakes and the edge of the
// board: what a piece could step to, were they empty.
func ExampleRules_Neighbors() {
	r := stratego.Classic()
	for _, name := range []string{"a1", "c4", "e5"} {
		fmt.Print(name, ":")
		for q := range r.Neighbors(stratego.MustParseSquare(name)) {
			fmt.Print(" ", q)
		}
		fmt.Println()
	}
	// Output:
	// a1: a2 b1
	// c4: d4 c3 b4
	// e5: e6 f5 e4
}

// Classic is the ISF game; its fields are the settings every other
// preset changes.
func ExampleClassic() {
	r := stratego.Classic()
	fmt.Printf("%dx%d board, lakes %v\n", r.Width, r.Height, r.Lakes)
	fmt.Println(r.Army.Total(), "pieces filling", r.Zone.Len(), "squares:", r.FillZone)
	fmt.Println("scouts", r.Scouts, "- ties", r.Ties, "- bombs", r.Bombs, "- info", r.Info)
	fmt.Println("two-squares limit", r.TwoSquares, "- more-squares", r.MoreSquares)
	// Output:
	// 10x10 board, lakes c5 d5 g5 h5 c6 d6 g6 h6
	// 40 pieces filling 40 squares: true
	// scouts strike - ties both - bombs permanent - info standard
	// two-squares limit 3 - more-squares chase
}

// BoardHash is a Zobrist hash of the placement, for transposition
// tables: two move orders that reach the same board give the same hash.
func ExampleState_BoardHash() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	start, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	play := func(moves ...string) stratego.State {
		s := start
		for _, m := range moves {
			if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
				log.Fatal(err)
			}
		}
		return s
	}
	a := play("a4-a5", "a7-a6", "e4-e5", "j7-j6")
	b := play("e4-e5", "j7-j6", "a4-a5", "a7-a6")
	fmt.Println(a.Board() == b.Board(), a.BoardHash() == b.BoardHash())
	fmt.Println(a.BoardHash() == start.BoardHash())
	// Output:
	// true true
	// false
}

// An Event encodes as JSON for a game server's log: every field has a
// text form, and fields that do not apply are "". It is the referee's
// truth; a player gets View.LastEvent, which hides what it may not know.
func ExampleEvent() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range []string{"a4-a5", "a7-a6", "b4-b7"} {
		var ev stratego.Event
		if s, ev, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			log.Fatal(err)
		}
		data, err := json.Marshal(ev)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(string(data))
	}
	// Output:
	// {"move":"a4-a5","color":"red","piece":"red major","outcome":"ongoing"}
	// {"move":"a7-a6","color":"blue","piece":"blue scout","outcome":"ongoing"}
	// {"move":"b4-b7","color":"red","piece":"red scout","defender":"blue colonel","combat":"defender wins","outcome":"ongoing"}
}

// The generator's order is fixed but not sorted; Move.Compare lists the
// moves square by square.
func ExampleMove_Compare() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	moves := s.AppendLegalMoves(nil)
	slices.SortFunc(moves, stratego.Move.Compare)
	fmt.Println(moves)
	// Output:
	// [a4-a5 b4-b5 b4-b6 b4-b7 e4-e5 f4-f5 i4-i5]
}
