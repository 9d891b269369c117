package stratego

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of the variant presets and of the rules they switch on: Vintage
// scouts, Ultimate Lightning ties, bombs, Captains and rescues, Quick
// Battle's board.

// blueLoop is a cycle of squares around which the Blue Sergeant of the
// rescue tests (starting on h7) walks to pass Blue's turns; it never
// crosses a boundary twice in a row.
var blueLoop = []string{"h7", "h8", "g8", "g9", "h9", "i9", "i8", "i7"}

// playAlt plays Red's moves, each followed by a step of the Blue
// Sergeant along blueLoop, except after a move that makes a rescue due:
// the next Red move (the rescue) follows at once.
func playAlt(tb tHelper, s State, red ...string) State {
	tb.Helper()
	for _, m := range red {
		s = play(tb, s, m)
		if s.RescueDue() || s.Outcome().IsOver() {
			continue
		}
		moved := false
		for i, q := range blueLoop {
			if p, ok := s.At(MustParseSquare(q)); ok && p == NewPiece(Blue, Sergeant) {
				s = play(tb, s, q+"-"+blueLoop[(i+1)%len(blueLoop)])
				moved = true
				break
			}
		}
		if !moved {
			tb.Fatalf("after %s: the blue sergeant is not on its loop", m)
		}
	}
	return s
}

func TestRescueBasics(t *testing.T) {
	r := UltimateLightning()
	// Red Sergeants b2 and c3 die on the Blue Major b3; the Red
	// Lieutenant e8 then walks to Blue's back row.
	s := mustBoard(t, r, Red, "a1:M", "b2:F", "c3:F", "e8:G", "f8:G", "j10:Y", "b3:U", "h7:R")
	s = playAlt(t, s, "b2-b3", "c3-b3", "e8-e9")
	if got, want := s.Captured(Red)[Sergeant], uint8(2); got != want {
		t.Fatalf("captured red sergeants = %d, want %d", got, want)
	}
	s = play(t, s, "e9-e10")
	if !s.RescueDue() || s.Turn() != Red {
		t.Fatalf("after e9-e10: RescueDue %v, Turn %v; want true, red", s.RescueDue(), s.Turn())
	}
	moves := slices.Collect(s.LegalMoves())
	// One captured rank, any empty square of rows 1-5 but the lakes.
	wantN := 0
	for q := range Rect(0, 0, 9, 4).Intersect(r.Squares()).All() {
		if _, ok := s.At(q); !ok {
			wantN++
		}
	}
	if len(moves) != wantN {
		t.Errorf("rescue moves = %d, want %d", len(moves), wantN)
	}
	for _, m := range moves {
		if !m.IsRescue() || m.Rescue != Sergeant || m.To.Row() > 4 {
			t.Errorf("legal move %v while a rescue is due, want sergeant rescues on rows 1-5", m)
		}
	}
	for _, tc := range []struct {
		move string
		want error
	}{
		{"a4-a5", ErrRescue},          // an ordinary move while the rescue is due
		{"e10-d10", ErrRescue},        // the rescuer may not move again
		{"+sergeant@a6", ErrRescue},   // row 6 is not Red's half
		{"+sergeant@e6", ErrRescue},   // nor is any square of it
		{"+sergeant@a1", ErrRescue},   // occupied by the own flag
		{"+sergeant@b3", ErrRescue},   // occupied by Blue's major
		{"+sergeant@c5", ErrRescue},   // a lake
		{"+lieutenant@a2", ErrRescue}, // no lieutenant was captured
		{"+scout@a2", ErrRescue},      // no scout was captured
		{"+sergeant@a5", nil},         // the top row of Red's half
		{"+sergeant@j1", nil},         // any empty square of the half
		{"+sergeant@c3", nil},         // emptied by the lost attack
		{"+sergeant@e5", nil},         // between the lakes
	} {
		t.Run(tc.move, func(t *testing.T) {
			m, err := ParseMove(tc.move)
			if err != nil {
				if tc.want != ErrInvalid {
					t.Fatalf("ParseMove(%q): %v", tc.move, err)
				}
				return
			}
			if err := s.Check(m); !errors.Is(err, tc.want) {
				t.Errorf("Check(%v) = %v, want %v", m, err, tc.want)
			}
			if got := slices.Contains(moves, m); got != (tc.want == nil) {
				t.Errorf("LegalMoves contains %v = %v, want %v", m, got, tc.want == nil)
			}
		})
	}
	before := s
	t2, ev, err := s.Apply(MustParseMove("+sergeant@c3"))
	if err != nil {
		t.Fatal(err)
	}
	if !identical(s, before) {
		t.Error("Apply changed its receiver")
	}
	want := Event{Move: MustParseMove("+sergeant@c3"), Color: Red, Piece: NewPiece(Red, Sergeant), Outcome: Outcome{}}
	if diff := cmp.Diff(want, ev); diff != "" {
		t.Errorf("rescue event (-want +got):\n%s", diff)
	}
	if p, ok := t2.At(MustParseSquare("c3")); !ok || p != NewPiece(Red, Sergeant) {
		t.Errorf("c3 after the rescue = %v, %v; want red sergeant", p, ok)
	}
	if t2.Knowledge(MustParseSquare("c3"))&KnownRank == 0 {
		t.Error("a rescued piece's rank is not known to the opponent; the rescue move names it")
	}
	if got, want := t2.Captured(Red)[Sergeant], uint8(1); got != want {
		t.Errorf("captured red sergeants after the rescue = %d, want %d", got, want)
	}
	if t2.RescueDue() || t2.Turn() != Blue {
		t.Errorf("after the rescue: RescueDue %v, Turn %v; want false, blue", t2.RescueDue(), t2.Turn())
	}
	if got, want := t2.Ply(), s.Ply()+1; got != want {
		t.Errorf("Ply after the rescue = %d, want %d (a rescue is a ply)", got, want)
	}
}

// TestRescueOnePieceCannotMakeBoth pins the published rule "one piece
// cannot make both rescues" (Gravopedia, Stratego UL; the Ultimate
// Lightning rules as posted on the Gravon forum: "each piece can only
// perform a rescue once in any game"): a piece that made a rescue earns
// none when it ends another move on the back row, another piece does.
func TestRescueOnePieceCannotMakeBoth(t *testing.T) {
	r := UltimateLightning()
	s := mustBoard(t, r, Red, "a1:M", "b2:F", "c3:F", "e8:G", "f8:G", "j10:Y", "b3:U", "h7:R")
	s = playAlt(t, s, "b2-b3", "c3-b3", "e8-e9", "e9-e10", "+sergeant@a5", "e10-d10")
	if s.RescueDue() {
		t.Fatal("e10-d10: the Lieutenant that rescued already earns a second rescue")
	}
	s = playAlt(t, s, "d10-d9", "d9-d10")
	if s.RescueDue() {
		t.Fatal("d9-d10: the Lieutenant that rescued already earns a second rescue")
	}
	s = playAlt(t, s, "f8-f9", "f9-f10")
	if !s.RescueDue() {
		t.Fatal("f9-f10: a second piece reaching the back row earns no rescue")
	}
	s = playAlt(t, s, "+sergeant@a4")
	if got := s.Captured(Red)[Sergeant]; got != 0 {
		t.Errorf("captured red sergeants after two rescues = %d, want 0", got)
	}
}

// TestRescueSamePieceAgain: a piece once rescued and captured again is
// among "those previously captured" and may be rescued again.
func TestRescueSamePieceAgain(t *testing.T) {
	r := UltimateLightning()
	s := mustBoard(t, r, Red, "a1:M", "b2:F", "e8:G", "f8:G", "j10:Y", "b3:U", "h7:R")
	s = playAlt(t, s, "b2-b3", "e8-e9", "e9-e10", "+sergeant@b2", "b2-b3", "f8-f9", "f9-f10")
	if !s.RescueDue() {
		t.Fatal("the recaptured Sergeant cannot be rescued a second time")
	}
	for m := range s.LegalMoves() {
		if m.Rescue != Sergeant {
			t.Errorf("legal move %v, want only sergeant rescues", m)
		}
	}
}

// squaresIn parses a space-separated list of squares.
func squaresIn(tb tHelper, list string) SquareSet {
	tb.Helper()
	var s SquareSet
	for _, f := range strings.Fields(list) {
		q, err := ParseSquare(f)
		if err != nil {
			tb.Fatalf("squaresIn: %v", err)
		}
		s = s.With(q)
	}
	return s
}

// firstRows returns the squares of rows lo..hi (1-based, inclusive) of a
// board w files wide, built square by square.
func firstRows(w, lo, hi int) SquareSet {
	var s SquareSet
	for row := lo; row <= hi; row++ {
		for f := 0; f < w; f++ {
			s = s.With(MustParseSquare(string(rune('a'+f)) + strconv.Itoa(row)))
		}
	}
	return s
}

// TestPresets compares each preset with the rules of RULES.md section 7,
// written out field by field.
func TestPresets(t *testing.T) {
	classicLakes := squaresIn(t, "c5 d5 c6 d6 g5 h5 g6 h6")
	classicArmy := Army{Marshal: 1, General: 1, Colonel: 2, Major: 3, Captain: 4, Lieutenant: 4,
		Sergeant: 4, Miner: 5, Scout: 8, Spy: 1, Bomb: 6, Flag: 1}
	classic := Rules{Width: 10, Height: 10, Lakes: classicLakes, Zone: firstRows(10, 1, 4),
		FillZone: true, Army: classicArmy, TwoSquares: 3, MoreSquares: MoreSquaresChase}
	gravon := classic
	gravon.TwoSquares, gravon.MoreSquares = 5, MoreSquaresOff
	barrage := classic
	barrage.FillZone = false
	barrage.Army = Army{Flag: 1, Bomb: 1, Spy: 1, Scout: 2, Miner: 1, General: 1, Marshal: 1}
	duel := classic
	duel.FillZone = false
	duel.Army = Army{Flag: 1, Bomb: 2, Spy: 1, Scout: 2, Miner: 2, General: 1, Marshal: 1}
	duelHasbro := duel
	duelHasbro.Zone = firstRows(10, 1, 3)
	ul := classic
	ul.FillZone = false
	ul.Army = Army{Flag: 1, Spy: 1, Scout: 4, Miner: 2, Sergeant: 2, Lieutenant: 2, Captain: 2,
		Major: 1, Colonel: 1, General: 1, Marshal: 1, Bomb: 2}
	ul.Ties, ul.Bombs, ul.CaptainsMoveTwo, ul.Rescues = TieAttackerWins, BombOneTime, true, 2
	quick := duel
	quick.Width, quick.Height = 8, 8
	quick.Lakes = squaresIn(t, "c4 c5 f4 f5")
	quick.Zone = firstRows(8, 1, 3)
	vintage := classic
	vintage.Numbering, vintage.Scouts = NumberingVintage, ScoutStrikeAdjacent

	want := map[string]struct {
		rules  Rules
		pieces int
		blue   SquareSet // Blue's zone on the board
	}{
		"classic":            {classic, 40, firstRows(10, 7, 10)},
		"gravon":             {gravon, 40, firstRows(10, 7, 10)},
		"barrage":            {barrage, 8, firstRows(10, 7, 10)},
		"duel":               {duel, 10, firstRows(10, 7, 10)},
		"duel-hasbro":        {duelHasbro, 10, firstRows(10, 8, 10)},
		"ultimate-lightning": {ul, 20, firstRows(10, 7, 10)},
		"quick-battle":       {quick, 10, firstRows(8, 6, 8)},
		"vintage":            {vintage, 40, firstRows(10, 7, 10)},
	}
	if len(presets) != len(want) {
		t.Errorf("%d presets, want %d", len(presets), len(want))
	}
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			w, ok := want[p.name]
			if !ok {
				t.Fatalf("preset %q is not in RULES.md section 7", p.name)
			}
			got := p.rules()
			if diff := cmp.Diff(w.rules, got); diff != "" {
				t.Errorf("%s() (-want +got):\n%s", p.name, diff)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("Validate() = %v, want nil", err)
			}
			if n := got.Army.Total(); n != w.pieces {
				t.Errorf("army has %d pieces, want %d", n, w.pieces)
			}
			if z := got.ZoneOf(Blue); z != w.blue {
				t.Errorf("ZoneOf(Blue) = %v, want %v", z, w.blue)
			}
			if z := got.ZoneOf(Red); z != got.Zone {
				t.Errorf("ZoneOf(Red) = %v, want the Zone %v", z, got.Zone)
			}
			// A fresh value each call: changing one cannot change the next.
			got.Army[Flag] = 7
			if p.rules().Army[Flag] != 1 {
				t.Errorf("%s() returned a shared value", p.name)
			}
		})
	}
}

// TestPresetGames plays random games from random setups under every
// preset, with a ply cap, to their end, checking each move against Check
// and the pieces for conservation.
func TestPresetGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			r := p.rules()
			r.MaxPlies = 3000
			for seed := range uint64(games) {
				s := mustNew(t, r, seed)
				var buf []Move
				for !s.Outcome().IsOver() {
					if s.Ply() > r.MaxPlies+1 {
						t.Fatalf("seed %d: game goes on after %d plies with a cap of %d", seed, s.Ply(), r.MaxPlies)
					}
					buf = s.AppendLegalMoves(buf[:0])
					if len(buf) == 0 {
						t.Fatalf("seed %d, ply %d: no legal move, yet the game is not over", seed, s.Ply())
					}
					m := buf[(int(seed)+s.Ply()*7919)%len(buf)]
					next, _, err := s.Apply(m)
					if err != nil {
						t.Fatalf("seed %d, ply %d: legal move %v rejected: %v", seed, s.Ply(), m, err)
					}
					s = next
				}
				for _, c := range []Color{Red, Blue} {
					on, off := s.Remaining(c), s.Captured(c)
					for rk := range on {
						if got := on[rk] + off[rk]; got != r.Army[rk] {
							t.Errorf("seed %d: %v %v on board + captured = %d, want %d", seed, c, Rank(rk), got, r.Army[rk])
						}
					}
				}
				t.Logf("seed %d: %v after %d plies", seed, s.Outcome(), s.Ply())
			}
		})
	}
}

// TestVintageScouts: under Vintage a scout slides as far as it likes but
// attacks only an adjacent piece.
func TestVintageScouts(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		move  string
		want  error
	}{
		{Vintage(), "a2-a5", ErrNoStrike}, // slide and strike
		{Vintage(), "a2-a4", nil},         // slide
		{Vintage(), "a2-a3", nil},         // step
		{Vintage(), "a2-j2", nil},         // slide along the rank
		{Vintage(), "a2-a6", ErrBlocked},  // past the enemy piece
		{Classic(), "a2-a5", nil},         // Classic scouts move and strike
		{Classic(), "a2-a6", ErrBlocked},  //
	} {
		t.Run(tc.rules.Numbering.String()+"/"+tc.move, func(t *testing.T) {
			s := mustBoard(t, tc.rules, Red, "a2:D", "a1:M", "a5:X", "j10:Y")
			m := MustParseMove(tc.move)
			err := s.Check(m)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Check(%v) = %v, want %v", m, err, tc.want)
			}
			if got := slices.Contains(slices.Collect(s.LegalMoves()), m); got != (tc.want == nil) {
				t.Errorf("LegalMoves contains %v = %v, want %v", m, got, tc.want == nil)
			}
		})
	}
	// After sliding next to the enemy the scout may strike.
	s := mustBoard(t, Vintage(), Red, "a2:D", "a1:M", "a5:X", "j10:Y", "j7:P")
	s = play(t, s, "a2-a4", "j7-j6")
	if _, ev, err := s.Apply(MustParseMove("a4-a5")); err != nil || ev.Combat != DefenderWins {
		t.Errorf("a4xa5 = %v, %v; want defender wins, nil", ev.Combat, err)
	}
}

// TestVintageNumbering: Vintage setups read and print in Vintage
// numbering (1 = Marshal, 9 = Scout, S = Spy), ISF ones in ISF.
func TestVintageNumbering(t *testing.T) {
	const (
		isf     = "FBBBBBB1X9/8877766665/5554444333/3322222222"
		vintage = "FBBBBBBS12/3344455556/6667777888/8899999999"
	)
	v, err := ParseSetup(Vintage(), vintage)
	if err != nil {
		t.Fatalf("ParseSetup(Vintage, %q): %v", vintage, err)
	}
	c, err := ParseSetup(Classic(), isf)
	if err != nil {
		t.Fatalf("ParseSetup(Classic, %q): %v", isf, err)
	}
	for q := range Classic().Zone.All() {
		if v.At(q) != c.At(q) {
			t.Errorf("%v: vintage %v, isf %v; want the same rank", q, v.At(q), c.At(q))
		}
	}
	if got := v.String(); got != vintage {
		t.Errorf("vintage String() = %q, want %q", got, vintage)
	}
	if got := c.String(); got != isf {
		t.Errorf("isf String() = %q, want %q", got, isf)
	}
	if got, want := v.At(MustParseSquare("i1")), Marshal; got != want {
		t.Errorf("vintage i1 = %v, want %v (label 1)", got, want)
	}
	if got, want := v.At(MustParseSquare("h1")), Spy; got != want {
		t.Errorf("vintage h1 = %v, want %v (label S)", got, want)
	}
	// The ISF text is not a Vintage setup ('X' is no Vintage label), and
	// the Vintage text read in ISF has the wrong army.
	if _, err := ParseSetup(Vintage(), isf); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseSetup(Vintage, isf text) = %v, want ErrSyntax", err)
	}
	if _, err := ParseSetup(Classic(), vintage); !errors.Is(err, ErrSetup) {
		t.Errorf("ParseSetup(Classic, vintage text) = %v, want ErrSetup", err)
	}
	// Pictures label the pieces in the numbering of the rules.
	g, err := New(Vintage(), v, v)
	if err != nil {
		t.Fatal(err)
	}
	if row := strings.Split(g.Picture(), "\n")[9]; !strings.HasPrefix(row, " 1 rF rB rB rB rB rB rB rS r1 r2") {
		t.Errorf("vintage picture row 1 = %q, want the vintage labels", row)
	}
	// Round trips of random setups in both numberings.
	for _, r := range []Rules{Vintage(), Classic()} {
		for seed := range uint64(20) {
			s := RandomSetup(r, rand.New(rand.NewPCG(seed, 1)))
			back, err := ParseSetup(r, s.String())
			if err != nil {
				t.Fatalf("%v: ParseSetup(%q): %v", r.Numbering, s.String(), err)
			}
			if back != s {
				t.Errorf("%v: ParseSetup(%q) = %q, want the same setup", r.Numbering, s.String(), back.String())
			}
		}
	}
}

// TestUltimateLightningCombat: the attacker wins ties and a bomb that
// destroys an attacker is removed with it; a miner still defuses bombs.
func TestUltimateLightningCombat(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rules   Rules
		at, def string // Gravon letters of the Red attacker on b2 and the Blue defender on b3
		want    Combat
		b3      Piece // on b3 after the attack
	}{
		{"tie", UltimateLightning(), "H", "T", AttackerWins, NewPiece(Red, Captain)},
		{"marshal tie", UltimateLightning(), "L", "X", AttackerWins, NewPiece(Red, Marshal)},
		{"spy tie", UltimateLightning(), "C", "O", AttackerWins, NewPiece(Red, Spy)},
		{"bomb", UltimateLightning(), "J", "N", BothRemoved, 0},
		{"miner", UltimateLightning(), "E", "N", AttackerWins, NewPiece(Red, Miner)},
		{"stronger", UltimateLightning(), "G", "T", DefenderWins, NewPiece(Blue, Captain)},
		{"classic tie", Classic(), "H", "T", BothRemoved, 0},
		{"classic bomb", Classic(), "J", "N", DefenderWins, NewPiece(Blue, Bomb)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustBoard(t, tc.rules, Red, "b2:"+tc.at, "b3:"+tc.def, "a1:M", "j10:Y", "j9:P")
			next, ev, err := s.Apply(MustParseMove("b2-b3"))
			if err != nil {
				t.Fatal(err)
			}
			if ev.Combat != tc.want {
				t.Errorf("combat = %v, want %v", ev.Combat, tc.want)
			}
			if got, _ := next.At(MustParseSquare("b3")); got != tc.b3 {
				t.Errorf("b3 after the attack = %v, want %v", got, tc.b3)
			}
			if got, _ := next.At(MustParseSquare("b2")); got != 0 {
				t.Errorf("b2 after the attack = %v, want empty", got)
			}
		})
	}
}

// TestCaptains: under CaptainsMoveTwo a Captain moves one or two squares,
// straight or turning once, over an empty first square; it attacks on
// either step.
func TestCaptains(t *testing.T) {
	ul := UltimateLightning()
	// Red Captain e3 with an own Sergeant on d3, Blue Lieutenants on f4
	// and e5, a Blue Captain on g3 behind the empty f3.
	base := []string{"e3:H", "d3:F", "f4:S", "e5:S", "g3:T", "a1:M", "j10:Y"}
	for _, tc := range []struct {
		move string
		want error
		comb Combat // for legal moves
	}{
		{"e3-e4", nil, NoCombat},
		{"e3-e2", nil, NoCombat},
		{"e3-e1", nil, NoCombat},         // two straight
		{"e3-e5", nil, AttackerWins},     // two straight, attack on the second step
		{"e3-e4-f4", nil, AttackerWins},  // turn, attack on the second step
		{"e3-f3-f4", nil, AttackerWins},  // the other way round
		{"e3-f3-g3", ErrBadDirection, 0}, // a straight move has no Via
		{"e3-g3", nil, AttackerWins},     // two straight onto the Captain: tie, attacker wins
		{"e3-e4-d4", nil, NoCombat},
		{"e3-e2-d2", nil, NoCombat},
		{"e3-e2-f2", nil, NoCombat},
		{"e3-f3-f2", nil, NoCombat},
		{"e3-d3", ErrOwnPiece, 0},
		{"e3-c3", ErrBlocked, 0},         // own piece on the first square
		{"e3-d3-d4", ErrBlocked, 0},      // the same, turning
		{"e3-d3-d2", ErrBlocked, 0},      //
		{"e3-e6", ErrBadDirection, 0},    // three squares
		{"e3-f4", ErrBadDirection, 0},    // diagonal without a Via
		{"e3-e4-e5", ErrBadDirection, 0}, // a straight move has no Via
		{"e3-e4-e3", ErrInvalid, 0},      // back to the start
		{"e3-f4-f5", ErrBadDirection, 0}, // Via not next to the start
	} {
		t.Run(tc.move, func(t *testing.T) {
			s := mustBoard(t, ul, Red, base...)
			m, err := ParseMove(tc.move)
			if err != nil {
				if tc.want != ErrInvalid {
					t.Fatalf("ParseMove: %v", err)
				}
				return
			}
			legal := slices.Contains(slices.Collect(s.LegalMoves()), m)
			if legal != (tc.want == nil) {
				t.Errorf("LegalMoves contains %v = %v, want %v", m, legal, tc.want == nil)
			}
			next, ev, err := s.Apply(m)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Apply(%v) error = %v, want %v", m, err, tc.want)
			}
			if err != nil {
				return
			}
			if ev.Combat != tc.comb {
				t.Errorf("combat = %v, want %v", ev.Combat, tc.comb)
			}
			if p, _ := next.At(m.To); ev.Combat != DefenderWins && p != NewPiece(Red, Captain) {
				t.Errorf("%v after the move = %v, want the red captain", m.To, p)
			}
			far := next.Knowledge(m.To)&KnownFar != 0
			if step := m.Via == NoSquare && abs(m.To.Index()-m.From.Index()) != 20 && abs(m.To.Index()-m.From.Index()) != 2; far == step {
				t.Errorf("KnownFar = %v after %v", far, m)
			}
		})
	}
	s := mustBoard(t, ul, Red, base...)
	// Steps e4 e2 f3; then e5x f4x d4, e1 d2 f2, g3x f4x f2.
	if got, want := countFrom(s, "e3"), 12; got != want {
		t.Errorf("captain e3 has %d legal moves, want %d", got, want)
	}
	// A Captain in the open: 4 steps, 4 straight pairs, 8 turns.
	s = mustBoard(t, ul, Red, "e3:H", "a1:M", "j10:Y")
	if got, want := countFrom(s, "e3"), 16; got != want {
		t.Errorf("open captain has %d legal moves, want %d", got, want)
	}
	// Lakes block like pieces: from c3 the Captain cannot go to c5 (a
	// lake) nor over c4-c5, nor turn at c4 onto d5 (a lake).
	for _, tc := range []struct {
		from, move string
		want       error
	}{
		{"c3", "c3-c5", ErrOffBoard},
		{"c3", "c3-c4-d4", nil},
		{"c3", "c3-c4-b4", nil},
		{"c2", "c2-c4", nil},
		{"d4", "d4-d6", ErrOffBoard},    // d6 is a lake
		{"e4", "e4-e5-d5", ErrOffBoard}, // d5 is a lake
		{"e4", "e4-d4-d5", ErrOffBoard},
		{"b4", "b4-d4", nil},
		{"b5", "b5-d5", ErrOffBoard},
		{"b6", "b6-b7-c7", nil},
	} {
		t.Run(tc.move, func(t *testing.T) {
			s := mustBoard(t, ul, Red, tc.from+":H", "a1:M", "j10:Y")
			if err := s.Check(MustParseMove(tc.move)); !errors.Is(err, tc.want) {
				t.Errorf("Check(%s) = %v, want %v", tc.move, err, tc.want)
			}
		})
	}
	// Without the rule a Captain steps like any piece.
	s = mustBoard(t, Classic(), Red, base...)
	if got, want := countFrom(s, "e3"), 3; got != want {
		t.Errorf("classic captain has %d legal moves, want %d", got, want)
	}
	if err := s.Check(MustParseMove("e3-e1")); !errors.Is(err, ErrBadDirection) {
		t.Errorf("classic Check(e3-e1) = %v, want ErrBadDirection", err)
	}
	if err := s.Check(MustParseMove("e3-e4-f4")); !errors.Is(err, ErrBadDirection) {
		t.Errorf("classic Check(e3-e4-f4) = %v, want ErrBadDirection", err)
	}
}

// countFrom counts the legal moves from the square.
func countFrom(s State, from string) int {
	n := 0
	for m := range s.LegalMoves() {
		if m.From == MustParseSquare(from) {
			n++
		}
	}
	return n
}

// TestCaptainsMore: an enemy on the first square stops a two-square move
// (the Captain may only attack it), and the Two-Squares Rule counts the
// boundaries a Captain's move crosses.
func TestCaptainsMore(t *testing.T) {
	ul := UltimateLightning()
	s := mustBoard(t, ul, Red, "e3:H", "e4:S", "a1:M", "j10:Y", "j8:P")
	for _, tc := range []struct {
		move string
		want error
	}{
		{"e3-e5", ErrBlocked}, {"e3-e4-f4", ErrBlocked}, {"e3-e4-d4", ErrBlocked}, {"e3-e4", nil},
	} {
		if err := s.Check(MustParseMove(tc.move)); !errors.Is(err, tc.want) {
			t.Errorf("Check(%s) = %v, want %v", tc.move, err, tc.want)
		}
	}
	// e3-e5, e5-e3, e3-e5: now every move crossing e3|e4 or e4|e5 is
	// banned (N = 3), the others are not.
	s = mustBoard(t, ul, Red, "e3:H", "a1:M", "j10:Y", "j8:P")
	s = play(t, s, "e3-e5", "j8-j7", "e5-e3", "j7-j8", "e3-e5", "j8-j7")
	for _, tc := range []struct {
		move string
		want error
	}{
		{"e5-e3", ErrTwoSquares},
		{"e5-e4", ErrTwoSquares},
		{"e5-e4-d4", ErrTwoSquares},
		{"e5-e6", nil},
		{"e5-f5-f4", nil},
		{"e5-e7", nil},
	} {
		if err := s.Check(MustParseMove(tc.move)); !errors.Is(err, tc.want) {
			t.Errorf("Check(%s) = %v, want %v", tc.move, err, tc.want)
		}
	}
}

// TestRescueLimits: at most Rules.Rescues rescues per side, none earned by
// a Scout or by a piece that dies on the back row, one earned by an attack
// that ends there; Blue rescues onto rows 6-10.
func TestRescueLimits(t *testing.T) {
	ul := UltimateLightning()
	t.Run("at most two", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "b2:F", "c3:F", "d2:G", "e8:G", "f8:H", "d8:I", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "c3-b3", "d2-c2", "c2-c3", "c3-b3", // three pieces lost
			"e8-e9", "e9-e10", "+sergeant@a5", "f8-f9", "f9-f10", "+sergeant@a4", "d8-d9", "d9-d10")
		if s.RescueDue() {
			t.Fatal("a third piece on the back row earns a third rescue")
		}
		if got, want := s.Captured(Red)[Lieutenant], uint8(1); got != want {
			t.Errorf("captured red lieutenants = %d, want %d", got, want)
		}
		r3 := ul
		r3.Rescues = 3
		s = mustBoard(t, r3, Red, "a1:M", "b2:F", "c3:F", "d2:G", "e8:G", "f8:H", "d8:I", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "c3-b3", "d2-c2", "c2-c3", "c3-b3",
			"e8-e9", "e9-e10", "+sergeant@a5", "f8-f9", "f9-f10", "+sergeant@a4", "d8-d9", "d9-d10")
		if !s.RescueDue() {
			t.Fatal("with Rescues 3 the third piece on the back row earns no rescue")
		}
	})
	t.Run("scouts make no rescue", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "b2:F", "e2:D", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "e2-e10")
		if s.RescueDue() {
			t.Fatal("a scout on the back row earns a rescue")
		}
	})
	t.Run("attack onto the back row", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "b2:F", "e9:K", "e10:T", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "e9-e10")
		if !s.RescueDue() {
			t.Fatal("a General that takes a piece on the back row earns no rescue")
		}
	})
	t.Run("dying on the back row", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "b2:F", "e9:G", "e10:X", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "e9-e10")
		if s.RescueDue() {
			t.Fatal("a Lieutenant that dies attacking on the back row earns a rescue")
		}
	})
	t.Run("nothing captured", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "e9:G", "j10:Y", "h7:R")
		s = playAlt(t, s, "e9-e10")
		if s.RescueDue() {
			t.Fatal("a rescue is due with nothing captured")
		}
		// ... and the piece keeps its right to a later rescue.
	})
	t.Run("flag capture ends the game", func(t *testing.T) {
		s := mustBoard(t, ul, Red, "a1:M", "b2:F", "j9:G", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "j9-j10")
		if s.RescueDue() || s.Outcome() != (Outcome{Winner: Red, Reason: FlagCaptured}) {
			t.Fatalf("after taking the flag on the back row: RescueDue %v, %v", s.RescueDue(), s.Outcome())
		}
	})
	t.Run("blue", func(t *testing.T) {
		s := mustBoard(t, ul, Blue, "a1:M", "h2:F", "b8:R", "c7:R", "e2:S", "b7:I", "j10:Y")
		s = play(t, s, "b8-b7", "h2-h3", "c7-b7", "h3-h2", "e2-e1")
		if !s.RescueDue() || s.Turn() != Blue {
			t.Fatalf("blue on row 1: RescueDue %v, Turn %v; want true, blue", s.RescueDue(), s.Turn())
		}
		for m := range s.LegalMoves() {
			if m.Rescue != Sergeant || m.To.Row() < 5 {
				t.Errorf("legal move %v, want sergeant rescues on rows 6-10", m)
			}
		}
		if err := s.Check(MustParseMove("+sergeant@a6")); err != nil {
			t.Errorf("Check(+sergeant@a6) = %v, want nil", err)
		}
		if err := s.Check(MustParseMove("+sergeant@a5")); !errors.Is(err, ErrRescue) {
			t.Errorf("Check(+sergeant@a5) = %v, want ErrRescue", err)
		}
	})
	t.Run("no rescues without the rule", func(t *testing.T) {
		r := ul
		r.Rescues = 0
		s := mustBoard(t, r, Red, "a1:M", "b2:F", "e9:G", "j10:Y", "b3:U", "h7:R")
		s = playAlt(t, s, "b2-b3", "e9-e10")
		if s.RescueDue() {
			t.Fatal("a rescue is due with Rescues 0")
		}
		if err := s.Check(MustParseMove("+sergeant@a5")); !errors.Is(err, ErrRescue) {
			t.Errorf("Check(+sergeant@a5) = %v, want ErrRescue", err)
		}
	})
}

// TestQuickBattleBoard: 8×8, lakes c4 c5 f4 f5, three home rows.
func TestQuickBattleBoard(t *testing.T) {
	r := QuickBattle()
	if got, want := r.Squares().Len(), 60; got != want {
		t.Errorf("board has %d squares, want %d", got, want)
	}
	for _, tc := range []struct {
		sq string
		on bool
	}{
		{"a1", true}, {"h8", true}, {"c4", false}, {"c5", false}, {"f4", false}, {"f5", false},
		{"d4", true}, {"e5", true}, {"i1", false}, {"a9", false}, {"j10", false},
	} {
		if got := r.OnBoard(MustParseSquare(tc.sq)); got != tc.on {
			t.Errorf("OnBoard(%s) = %v, want %v", tc.sq, got, tc.on)
		}
	}
	// A scout on c1 runs up to c3 only; on a4 it crosses the board's
	// width between the lakes' files only on row 4: a4-b4, d4, e4 ...
	s := mustBoard(t, r, Red, "c1:D", "a4:D", "h1:M", "a8:Y")
	for _, tc := range []struct {
		move string
		want error
	}{
		{"c1-c3", nil}, {"c1-c6", ErrBlocked}, {"c1-c4", ErrOffBoard},
		{"a4-b4", nil}, {"a4-d4", ErrBlocked}, {"a4-a7", nil}, {"a4-a9", ErrOffBoard},
		{"h1-i1", ErrOffBoard},
	} {
		if err := s.Check(MustParseMove(tc.move)); !errors.Is(err, tc.want) {
			t.Errorf("Check(%s) = %v, want %v", tc.move, err, tc.want)
		}
	}
	for _, tc := range []struct {
		text string
		want error
	}{
		{"FBB1X9../2233..../........", nil},
		{"FBB1X9..../2233......", ErrSyntax},              // rows of 10
		{"FBB1X9../233...../......../.......2", ErrSetup}, // a scout on row 4
		{"FBB1X9../2233..../......../......../......../......../......../......../........", ErrSyntax},
	} {
		if _, err := ParseSetup(r, tc.text); !errors.Is(err, tc.want) {
			t.Errorf("ParseSetup(%q) = %v, want %v", tc.text, err, tc.want)
		}
	}
}
