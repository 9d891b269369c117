package stratego_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/stratego-go/stratego"
)

// A game server keeps the State and sends each player only its View,
// here as JSON; each client decodes its view and answers with one of the
// legal moves listed in it. A view never holds a rank its player may not
// know.
func ExampleState_View() {
	r := stratego.QuickBattle()
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		fmt.Println(err)
		return
	}
	// client decodes the message it received and, on its turn, picks
	// one of the legal moves at random.
	client := func(msg []byte) (stratego.Move, bool) {
		var v stratego.View
		if err := json.Unmarshal(msg, &v); err != nil || v.Turn() != v.Player() {
			return stratego.Move{}, false
		}
		moves := slices.Collect(v.LegalMoves())
		if len(moves) == 0 {
			return stratego.Move{}, false
		}
		return moves[rng.IntN(len(moves))], true
	}
	for range 12 {
		var reply stratego.Move
		for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
			msg, err := json.Marshal(s.View(c)) // sent to c
			if err != nil {
				fmt.Println(err)
				return
			}
			if m, ok := client(msg); ok {
				reply = m
			}
		}
		next, _, err := s.Apply(reply)
		if err != nil {
			fmt.Println(err)
			return
		}
		s = next
		seen := s.View(s.Turn()).LastEvent() // what the other side was told
		fmt.Printf("%v plays %v; %v sees a %v", seen.Color, seen.Move, s.Turn(), seen.Piece)
		if seen.IsAttack() {
			fmt.Printf(" attack a %v: %v", seen.Defender, seen.Combat)
		}
		fmt.Println()
	}
	fmt.Print(s.View(stratego.Red).Picture())
	// Output:
	// red plays h3-h2; blue sees a red unknown
	// blue plays c7-c6; red sees a blue unknown
	// red plays g3-g4; blue sees a red unknown
	// blue plays g7-h7; red sees a blue unknown
	// red plays g4-g2; blue sees a red unknown
	// blue plays b8-b7; red sees a blue unknown
	// red plays g2-g5; blue sees a red unknown
	// blue plays g6-g5; red sees a blue miner attack a red scout: attacker wins
	// red plays g1-h1; blue sees a red unknown
	// blue plays c8-c7; red sees a blue unknown
	// red plays c2-d2; blue sees a red unknown
	// blue plays h7-e7; red sees a blue unknown
	//  8 .. .. .. b? b? b? b? ..
	//  7 .. b? b? .. b? .. .. ..
	//  6 .. .. b? .. b? .. .. ..
	//  5 .. .. ~~ .. .. ~~ b3 ..
	//  4 .. .. ~~ .. .. ~~ .. ..
	//  3 .. .. .. r3 rB rB .. ..
	//  2 .. .. .. r3 r1 rX .. r9
	//  1 .. .. .. rF .. .. .. r2
	//     a  b  c  d  e  f  g  h
}

// Sample fills in the ranks a player has not seen, consistently with
// everything the view shows: a search or learning program draws many
// such states (determinization) and plays them out.
func ExampleView_Sample() {
	r := stratego.QuickBattle()
	rng := rand.New(rand.NewPCG(3, 4))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 8 {
		moves := s.AppendLegalMoves(nil)
		if s, _, err = s.Apply(moves[rng.IntN(len(moves))]); err != nil {
			fmt.Println(err)
			return
		}
	}
	v := s.View(stratego.Red)
	fmt.Println("red's view:")
	fmt.Print(v.Picture())
	last := v.LastEvent()
	fmt.Printf("blue's last move: %v; the piece may be a bomb: %v, a scout: %v\n", last.Move,
		v.Ranks(last.Move.To).Has(stratego.Bomb), v.Ranks(last.Move.To).Has(stratego.Scout))
	guess, err := v.Sample(rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("a state red's view allows:")
	fmt.Print(guess.Picture())
	fmt.Println("same view:", guess.View(stratego.Red).Equal(v))
	// Output:
	// red's view:
	//  8 .. b? .. .. .. .. b? ..
	//  7 .. b? b? .. .. .. b? ..
	//  6 .. b? .. b? b? .. b? ..
	//  5 .. .. ~~ .. .. ~~ .. b?
	//  4 .. r2 ~~ .. .. ~~ .. ..
	//  3 rX .. .. rB .. r2 rF ..
	//  2 .. .. r9 .. .. .. .. ..
	//  1 .. r1 .. r3 .. .. rB r3
	//     a  b  c  d  e  f  g  h
	// blue's last move: c8-c7; the piece may be a bomb: false, a scout: true
	// a state red's view allows:
	//  8 .. bX .. .. .. .. b3 ..
	//  7 .. b9 b3 .. .. .. bB ..
	//  6 .. bB .. b2 bF .. b1 ..
	//  5 .. .. ~~ .. .. ~~ .. b2
	//  4 .. r2 ~~ .. .. ~~ .. ..
	//  3 rX .. .. rB .. r2 rF ..
	//  2 .. .. r9 .. .. .. .. ..
	//  1 .. r1 .. r3 .. .. rB r3
	//     a  b  c  d  e  f  g  h
	// same view: true
}

// The text form of a view is one line, for logs, tests and simple
// clients: the position text of the view (View.Position), then the
// last move as the player saw it and the player's legal moves ("-" when
// it is not the player's turn). ParseView reads it back.
func ExampleView_String() {
	r := stratego.QuickBattle()
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		fmt.Println(err)
		return
	}
	if s, _, err = s.Apply(stratego.MustParseMove("h3-h2")); err != nil {
		fmt.Println(err)
		return
	}
	v := s.View(stratego.Red)
	fmt.Println(v)
	fmt.Println(strings.HasPrefix(v.String(), s.View(stratego.Red).Position().String()+" "))
	w, err := stratego.ParseView(v.String())
	fmt.Println(w.Equal(v), err)
	// Output:
	// quick-battle .b?b?b?b?b?b?./..b?...b?./....b?.b?./..~..~../..~..~../...r3rBrBr2./..r3.r1rX.r9+/...rF..r2. b 1 1 - h3-h2/- -/-/0 - * view:red h3-h2 -
	// true
	// true <nil>
}

// Under silent defense a defender that wins keeps its rank hidden, but
// both players saw the attacker it beat, and the view remembers that
// for the rest of the game: in Ranks, in the samples, and as the "<"
// mark of the position text.
func ExampleView_Beaten() {
	r := stratego.Classic()
	r.Info = stratego.InfoSilentDefense
	var b stratego.Board
	for sq, rk := range map[string]stratego.Rank{"a4": stratego.Captain, "e1": stratego.Scout, "j1": stratego.Flag} {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(stratego.Red, rk))
	}
	for sq, rk := range map[string]stratego.Rank{"a5": stratego.Major, "e7": stratego.Lieutenant, "j10": stratego.Flag} {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(stratego.Blue, rk))
	}
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Red's Captain dies attacking a5; the blue piece moves on.
	for _, m := range []string{"a4xa5", "a5-a4", "e1-e2"} {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			fmt.Println(err)
			return
		}
	}
	v := s.View(stratego.Red)
	a4 := stratego.MustParseSquare("a4")
	p, _ := v.At(a4)
	fmt.Println(p, "on a4 beat:", slices.Collect(v.Beaten(a4).All()))
	var can []stratego.Rank
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		if v.Ranks(a4).Has(rk) {
			can = append(can, rk)
		}
	}
	fmt.Println("it may be:", can)
	fmt.Println("board:", strings.Fields(v.String())[1])
	// Output:
	// blue unknown on a4 beat: [captain]
	// it may be: [major colonel general marshal]
	// board: .........b?/........../........../....b?...../..~~..~~../..~~..~~../b?+<6........./........../....r2+...../.........rF
}

// A view shows the repetition record of both sides, since it names
// squares, not ranks: the Two-Squares runs ([View.TwoSquaresRun]) and
// the running chases of the More-Squares Rule ([View.Chase]). Here is the
// chase of RULES.md 6.2: Red's Colonel chases Blue's Major past the
// bombs. The board of the view ([View.Board]) hides Red's rank from Blue.
func ExampleView_Chase() {
	var b stratego.Board
	for _, p := range []struct {
		sq string
		pc stratego.Piece
	}{
		{"j1", stratego.NewPiece(stratego.Red, stratego.Flag)},
		{"b2", stratego.NewPiece(stratego.Red, stratego.Colonel)},
		{"a4", stratego.NewPiece(stratego.Blue, stratego.Bomb)},
		{"b4", stratego.NewPiece(stratego.Blue, stratego.Major)},
		{"e4", stratego.NewPiece(stratego.Blue, stratego.Bomb)},
		{"b5", stratego.NewPiece(stratego.Blue, stratego.Bomb)},
		{"j10", stratego.NewPiece(stratego.Blue, stratego.Flag)},
	} {
		b.Put(stratego.MustParseSquare(p.sq), p.pc)
	}
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []string{"b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4"} {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			fmt.Println(err)
			return
		}
	}
	v := s.View(stratego.Blue)
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		last, boards, ok := v.Chase(c)
		fmt.Printf("%v: chasing %v (last %v, %d boards), run %v\n", c, ok, last, boards, slices.Collect(v.TwoSquaresRun(c)))
	}
	fmt.Println("d3 holds", v.Board().At(stratego.MustParseSquare("d3")), "in Blue's view")
	// Output:
	// red: chasing true (last c3-d3, 6 boards), run [b2-b3 b3-c3 c3-d3]
	// blue: chasing false (last -, 0 boards), run [b4-c4 c4-d4 d4-c4]
	// d3 holds red unknown in Blue's view
}

// A spectator is sent the view of neither player: a rank shows only
// where the piece's opponent has seen it, so the spectator learns
// nothing that one of the players does not know.
func ExampleState_SpectatorView() {
	r := stratego.QuickBattle()
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []string{"h3-h2", "c7-c6", "g3-g4", "g7-h7", "g4-g2", "b8-b7", "g2-g5", "g6-g5"} {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			fmt.Println(err)
			return
		}
	}
	sv := s.SpectatorView()
	fmt.Println("player:", sv.Player(), "legal moves:", len(slices.Collect(sv.LegalMoves())))
	fmt.Println("last move:", stratego.Annotate(sv.LastEvent()))
	fmt.Print(sv.Picture())
	// Output:
	// player: none legal moves: 0
	// last move: g6xg5(3>2)
	//  8 .. .. b? b? b? b? b? ..
	//  7 .. b? .. .. .. .. .. b?
	//  6 .. .. b? .. b? .. .. ..
	//  5 .. .. ~~ .. .. ~~ b3 ..
	//  4 .. .. ~~ .. .. ~~ .. ..
	//  3 .. .. .. r? r? r? .. ..
	//  2 .. .. r? .. r? r? .. r?
	//  1 .. .. .. r? .. .. r? ..
	//     a  b  c  d  e  f  g  h
}
