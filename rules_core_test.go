package stratego

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// One test per rule of RULES.md sections 1–6 (the tournament rules of 6.1
// and 6.2 and the caps are in repetition_test.go). Positions are free
// placements in Gravon letters: Red B bomb, C spy, D scout, E miner,
// F sergeant, G lieutenant, H captain, I major, J colonel, K general,
// L marshal, M flag; Blue N … Y in the same order.

func squares(names ...string) SquareSet {
	var s SquareSet
	for _, n := range names {
		s = s.With(MustParseSquare(n))
	}
	return s
}

func TestRule1_BoardIs10x10WithTwoLakes(t *testing.T) {
	r := Classic()
	if r.Width != 10 || r.Height != 10 {
		t.Errorf("Classic board %dx%d, want 10x10", r.Width, r.Height)
	}
	wantLakes := squares("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6")
	if r.Lakes != wantLakes {
		t.Errorf("Classic lakes %v, want %v", r.Lakes, wantLakes)
	}
	if got := r.Squares().Len(); got != 92 {
		t.Errorf("Classic board has %d squares, want 100 - 8 lakes = 92", got)
	}
	for i := range MaxSquares {
		sq := SquareFromIndex(i)
		if got, want := r.OnBoard(sq), !wantLakes.Has(sq); got != want {
			t.Errorf("OnBoard(%v) = %v, want %v", sq, got, want)
		}
	}
	// a1 is Red's lower-left corner: file a, row 1, index 0.
	if sq := MustParseSquare("a1"); sq.File() != 0 || sq.Row() != 0 || sq.Index() != 0 {
		t.Errorf("a1: file %d row %d index %d, want 0 0 0", sq.File(), sq.Row(), sq.Index())
	}
}

func TestRule1_RedMovesFirst(t *testing.T) {
	s := mustNew(t, Classic(), 1)
	if got := s.Turn(); got != Red {
		t.Fatalf("Turn() at the start = %v, want red", got)
	}
	// Blue's front row is row 7; every piece there that could step to row 6
	// is refused because it is Red's turn.
	for f := range 10 {
		from := SquareAt(f, 6)
		to := SquareAt(f, 5)
		if p, ok := s.At(from); !ok || !p.Rank().Movable() || !Classic().OnBoard(to) {
			continue
		}
		wantIllegal(t, s, Move{From: from, To: to}.String(), ErrNotYourPiece)
	}
	m := s.AppendLegalMoves(nil)[0]
	next, ev, err := s.Apply(m)
	if err != nil {
		t.Fatalf("Apply(%v): %v", m, err)
	}
	if ev.Color != Red || next.Turn() != Blue {
		t.Errorf("after Red's move: event color %v, turn %v; want red, blue", ev.Color, next.Turn())
	}
}

func TestRule1_LakesAreNotSquares(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a1:M", "c4:I", "a10:Y", "j9:R")
	wantIllegal(t, s, "c4-c5", ErrOffBoard)
	if diff := cmp.Diff([]string{"c4-b4", "c4-c3", "c4-d4"}, movesFrom(s, "c4")); diff != "" {
		t.Errorf("moves of a major below a lake (-want +got):\n%s", diff)
	}
	var b Board
	b.Put(MustParseSquare("a1"), NewPiece(Red, Flag))
	b.Put(MustParseSquare("a10"), NewPiece(Blue, Flag))
	b.Put(MustParseSquare("g6"), NewPiece(Red, Major))
	if _, err := FromBoard(Classic(), b, Red); !errors.Is(err, ErrSetup) {
		t.Errorf("FromBoard with a piece on the lake g6: error %v, want ErrSetup", err)
	}
}

func TestRule1_LakesBlockScouts(t *testing.T) {
	t.Run("between the lakes", func(t *testing.T) {
		s := mustBoard(t, Classic(), Red, "a1:M", "e5:D", "a10:Y", "j9:R")
		want := []string{"e5-e1", "e5-e10", "e5-e2", "e5-e3", "e5-e4", "e5-e6", "e5-e7", "e5-e8", "e5-e9", "e5-f5"}
		if diff := cmp.Diff(want, movesFrom(s, "e5")); diff != "" {
			t.Errorf("scout on e5 (-want +got):\n%s", diff)
		}
		wantIllegal(t, s, "e5-d5", ErrOffBoard)
		wantIllegal(t, s, "e5-g5", ErrOffBoard)
		wantIllegal(t, s, "e5-i5", ErrBlocked)
		wantIllegal(t, s, "e5-a5", ErrBlocked)
	})
	t.Run("below a lake", func(t *testing.T) {
		s := mustBoard(t, Classic(), Red, "a1:M", "c4:D", "a10:Y", "j9:R")
		wantIllegal(t, s, "c4-c7", ErrBlocked)
		wantIllegal(t, s, "c4-c10", ErrBlocked)
		if got := movesFrom(s, "c4"); len(got) != 3+2+7 {
			t.Errorf("scout on c4 has moves %v, want 3 down, 2 left, 7 right", got)
		}
	})
}

func TestRule1_HomeRows(t *testing.T) {
	r := Classic()
	if got, want := r.ZoneOf(Red), Rect(0, 0, 9, 3); got != want {
		t.Errorf("ZoneOf(Red) = %v, want rows 1-4", got)
	}
	if got, want := r.ZoneOf(Blue), Rect(0, 6, 9, 9); got != want {
		t.Errorf("ZoneOf(Blue) = %v, want rows 7-10", got)
	}
	s := mustNew(t, r, 7)
	for i := range MaxSquares {
		sq := SquareFromIndex(i)
		p, ok := s.At(sq)
		switch {
		case sq.Row() <= 3 && (!ok || p.Color() != Red):
			t.Errorf("%v holds %v, want a red piece", sq, p)
		case sq.Row() >= 6 && (!ok || p.Color() != Blue):
			t.Errorf("%v holds %v, want a blue piece", sq, p)
		case sq.Row() > 3 && sq.Row() < 6 && ok:
			t.Errorf("%v holds %v, want nothing between the armies", sq, p)
		}
	}
}

func TestRule2_ClassicArmy(t *testing.T) {
	want := map[Rank]uint8{Marshal: 1, General: 1, Colonel: 2, Major: 3, Captain: 4, Lieutenant: 4,
		Sergeant: 4, Miner: 5, Scout: 8, Spy: 1, Bomb: 6, Flag: 1}
	a := Classic().Army
	for rk, n := range want {
		if a[rk] != n {
			t.Errorf("Classic().Army[%v] = %d, want %d", rk, a[rk], n)
		}
	}
	if a.Total() != 40 {
		t.Errorf("Classic().Army.Total() = %d, want 40", a.Total())
	}
	s := mustNew(t, Classic(), 3)
	for _, c := range []Color{Red, Blue} {
		if got := s.Remaining(c); got != a {
			t.Errorf("Remaining(%v) at the start = %v, want %v", c, got, a)
		}
	}
}

func TestRule2_Numbering(t *testing.T) {
	tests := []struct {
		rk           Rank
		isf, vintage string
	}{
		{Marshal, "10", "1"}, {General, "9", "2"}, {Colonel, "8", "3"}, {Major, "7", "4"},
		{Captain, "6", "5"}, {Lieutenant, "5", "6"}, {Sergeant, "4", "7"}, {Miner, "3", "8"},
		{Scout, "2", "9"}, {Spy, "1", "S"}, {Bomb, "B", "B"}, {Flag, "F", "F"},
	}
	for _, tt := range tests {
		if got := NumberingISF.Label(tt.rk); got != tt.isf {
			t.Errorf("ISF label of %v = %q, want %q", tt.rk, got, tt.isf)
		}
		if got := NumberingVintage.Label(tt.rk); got != tt.vintage {
			t.Errorf("Vintage label of %v = %q, want %q", tt.rk, got, tt.vintage)
		}
	}
}

func TestRule3_ClassicSetupFillsTheHomeRows(t *testing.T) {
	r := Classic()
	rng := rand.New(rand.NewPCG(3, 3))
	for range 20 { // any arrangement is allowed
		if err := r.CheckSetup(RandomSetup(r, rng)); err != nil {
			t.Fatalf("a random arrangement of the army: %v", err)
		}
	}
	full := RandomSetup(r, rng)
	missing := full
	missing.Put(MustParseSquare("e2"), NoRank)
	if err := r.CheckSetup(missing); !errors.Is(err, ErrSetup) {
		t.Errorf("setup with an empty square: %v, want ErrSetup", err)
	}
	outside := full
	outside.Put(MustParseSquare("e5"), outside.At(MustParseSquare("e2")))
	outside.Put(MustParseSquare("e2"), NoRank)
	if err := r.CheckSetup(outside); !errors.Is(err, ErrSetup) {
		t.Errorf("setup with a piece on e5: %v, want ErrSetup", err)
	}
	if _, err := New(r, missing, full); !errors.Is(err, ErrSetup) {
		t.Errorf("New with an incomplete setup: %v, want ErrSetup", err)
	}
}

func TestRule3_SmallArmiesOnAnySubset(t *testing.T) {
	r := Barrage()
	s := NewSetup(r)
	for i, rk := range []Rank{Flag, Bomb, Spy, Scout, Scout, Miner, General, Marshal} {
		s.Put(SquareAt(i, 3), rk) // all on the front row
	}
	if err := r.CheckSetup(s); err != nil {
		t.Errorf("Barrage army on the front row: %v", err)
	}
	s.Put(SquareAt(9, 0), Scout)
	if err := r.CheckSetup(s); !errors.Is(err, ErrSetup) {
		t.Errorf("Barrage with a third scout: %v, want ErrSetup", err)
	}
}

// open is a position with room around e4: Red major e4, Red flag a1,
// Red bomb b1, Blue flag j10 and a Blue sergeant far away.
func open(t *testing.T, extra ...string) State {
	t.Helper()
	return mustBoard(t, Classic(), Red, append([]string{"a1:M", "b1:B", "e4:I", "j10:Y", "j8:R"}, extra...)...)
}

func TestRule4_OneMovePerTurnNoPassing(t *testing.T) {
	s := open(t)
	for _, m := range []Move{{}, {From: MustParseSquare("e4"), To: MustParseSquare("e4")}} {
		if err := s.Check(m); !errors.Is(err, ErrInvalid) {
			t.Errorf("Check(%#v) = %v, want ErrInvalid (no passing)", m, err)
		}
	}
	next := play(t, s, "e4-e5")
	if next.Turn() != Blue || next.Ply() != 1 {
		t.Errorf("after one move: turn %v ply %d, want blue 1", next.Turn(), next.Ply())
	}
	wantIllegal(t, next, "e5-e6", ErrNotYourPiece)
}

func TestRule4_OneSquareOrthogonally(t *testing.T) {
	s := open(t)
	if diff := cmp.Diff([]string{"e4-d4", "e4-e3", "e4-e5", "e4-f4"}, movesFrom(s, "e4")); diff != "" {
		t.Errorf("major on e4 (-want +got):\n%s", diff)
	}
	wantIllegal(t, s, "e4-e6", ErrBadDirection)
	wantIllegal(t, s, "e4-a4", ErrBadDirection)
}

func TestRule4_NoDiagonalMoves(t *testing.T) {
	s := open(t, "e2:D")
	for _, m := range []string{"e4-f5", "e4-d3", "e2-f3", "e2-g4"} {
		wantIllegal(t, s, m, ErrBadDirection)
	}
}

func TestRule4_NeverOntoOwnPiece(t *testing.T) {
	s := open(t, "e5:F", "e1:D")
	wantIllegal(t, s, "e4-e5", ErrOwnPiece)
	wantIllegal(t, s, "e1-e4", ErrOwnPiece) // a scout may not strike its own side
}

func TestRule4_BombsAndFlagNeverMove(t *testing.T) {
	s := open(t)
	wantIllegal(t, s, "a1-a2", ErrImmovable)
	wantIllegal(t, s, "b1-b2", ErrImmovable)
	if got := movesFrom(s, "a1"); len(got) != 0 {
		t.Errorf("flag moves %v, want none", got)
	}
	if got := movesFrom(s, "b1"); len(got) != 0 {
		t.Errorf("bomb moves %v, want none", got)
	}
}

func TestRule4_NoPieceOrNotOnTheBoard(t *testing.T) {
	s := open(t)
	wantIllegal(t, s, "e3-e2", ErrNoPiece)
	wantIllegal(t, s, "j8-j7", ErrNotYourPiece)
	q := mustBoard(t, QuickBattle(), Red, "a1:M", "h1:E", "a8:Y", "h8:Q")
	wantIllegal(t, q, "h1-i1", ErrOffBoard) // an 8x8 board has no file i
	wantIllegal(t, q, "h1-h9", ErrOffBoard)
}

func TestRule4_MovingOntoAnEnemyIsAnAttack(t *testing.T) {
	s := open(t, "e5:S")
	_, ev, err := s.Apply(MustParseMove("e4-e5"))
	if err != nil {
		t.Fatal(err)
	}
	if !ev.IsAttack() || ev.Defender != NewPiece(Blue, Lieutenant) || ev.Combat != AttackerWins {
		t.Errorf("event %+v, want an attack on the blue lieutenant that the major wins", ev)
	}
	_, ev, err = s.Apply(MustParseMove("e4-f4"))
	if err != nil {
		t.Fatal(err)
	}
	if ev.IsAttack() || ev.Defender != 0 {
		t.Errorf("quiet move: event %+v, want no attack", ev)
	}
}

func TestRule4_AttackingIsNotCompulsory(t *testing.T) {
	s := open(t, "e5:S")
	if diff := cmp.Diff([]string{"e4-d4", "e4-e3", "e4-e5", "e4-f4"}, movesFrom(s, "e4")); diff != "" {
		t.Errorf("major next to an enemy (-want +got):\n%s", diff)
	}
}

func TestRule4_ScoutSlidesAndStrikes(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a1:M", "a2:D", "b2:B", "a7:S", "j10:Y")
	want := []string{"a2-a3", "a2-a4", "a2-a5", "a2-a6", "a2-a7"}
	if diff := cmp.Diff(want, movesFrom(s, "a2")); diff != "" {
		t.Errorf("scout on a2 (-want +got):\n%s", diff)
	}
	wantIllegal(t, s, "a2-a8", ErrBlocked) // no jumping over a piece
	wantIllegal(t, s, "a2-a1", ErrOwnPiece)
	_, ev, err := s.Apply(MustParseMove("a2-a7"))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Combat != DefenderWins || ev.Defender != NewPiece(Blue, Lieutenant) {
		t.Errorf("scout strike: event %+v, want an attack the lieutenant wins", ev)
	}
	// Other pieces move one square only.
	m := mustBoard(t, Classic(), Red, "a1:M", "a2:L", "j10:Y")
	wantIllegal(t, m, "a2-a4", ErrBadDirection)
}

func TestRule4_ScoutStrikeAdjacentSetting(t *testing.T) {
	r := Classic()
	r.Scouts = ScoutStrikeAdjacent
	s := mustBoard(t, r, Red, "a1:M", "a2:D", "b2:B", "a7:S", "j10:Y", "j8:R")
	wantIllegal(t, s, "a2-a7", ErrNoStrike)
	wantLegal(t, s, "a2-a6") // it still slides
	s = play(t, s, "a2-a6", "j8-j7")
	wantLegal(t, s, "a6-a7") // and attacks an adjacent piece
	if Vintage().Scouts != ScoutStrikeAdjacent || Classic().Scouts != ScoutMoveAndStrike {
		t.Errorf("presets: Vintage scouts %v, Classic scouts %v", Vintage().Scouts, Classic().Scouts)
	}
}

func TestRule6_FlagCaptureWins(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a1:M", "e1:D", "e9:Y", "j8:R")
	next, ev, err := s.Apply(MustParseMove("e1-e9"))
	if err != nil {
		t.Fatal(err)
	}
	want := Outcome{Winner: Red, Reason: FlagCaptured}
	if ev.Outcome != want || next.Outcome() != want {
		t.Errorf("outcome %v (event %v), want %v", next.Outcome(), ev.Outcome, want)
	}
	if next.hasMove() || len(legalStrings(next)) != 0 {
		t.Errorf("moves after the end: %v, want none", legalStrings(next))
	}
	wantIllegal(t, next, "j8-j7", ErrGameOver)
}

func TestRule6_NoLegalMoveLoses(t *testing.T) {
	t.Run("last movable piece lost", func(t *testing.T) {
		s := mustBoard(t, Classic(), Red, "a1:M", "b1:B", "e4:F", "e5:U", "j10:Y")
		s = play(t, s, "e4-e5") // the sergeant dies on the major
		if s.Outcome().IsOver() {
			t.Fatalf("over after Red's attack: %v; Blue can still move", s.Outcome())
		}
		next, ev, err := s.Apply(MustParseMove("e5-e6"))
		if err != nil {
			t.Fatal(err)
		}
		want := Outcome{Winner: Blue, Reason: NoLegalMove}
		if ev.Outcome != want || next.Outcome() != want {
			t.Errorf("outcome %v, want %v", next.Outcome(), want)
		}
	})
	t.Run("walled in", func(t *testing.T) {
		// Red's major on a1 is walled in by its own bombs and flag.
		s := mustBoard(t, Classic(), Red, "a1:I", "a2:B", "b1:M", "j10:Y", "j8:R")
		want := Outcome{Winner: Blue, Reason: NoLegalMove}
		if got := s.Outcome(); got != want {
			t.Errorf("outcome %v, want %v", got, want)
		}
	})
}

func TestRule6_NeitherCanMoveIsADraw(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a1:M", "b1:B", "e4:L", "e5:X", "j10:Y", "i10:N")
	next, ev, err := s.Apply(MustParseMove("e4-e5"))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Combat != BothRemoved {
		t.Fatalf("marshal vs marshal: %v, want both removed", ev.Combat)
	}
	want := Outcome{Reason: NeitherCanMove}
	if ev.Outcome != want || next.Outcome() != want || !next.Outcome().IsDraw() {
		t.Errorf("outcome %v, want %v", next.Outcome(), want)
	}
}

// TestRule6_WalledInPiecesStillCount: the side to move has no legal move
// and the other side's only movable piece is walled in, so it is a loss,
// not a draw (RULES.md 6.3).
func TestRule6_WalledInPiecesStillCount(t *testing.T) {
	s := mustBoard(t, Classic(), Blue, "a1:I", "a2:B", "b1:M", "j10:Y", "i10:N")
	want := Outcome{Winner: Red, Reason: NoLegalMove}
	if got := s.Outcome(); got != want {
		t.Errorf("outcome %v, want %v", got, want)
	}
}

// TestRule6_3_FlagBeforeCaps: a flag taken on the ply that reaches a cap
// wins the game.
func TestRule6_3_FlagBeforeCaps(t *testing.T) {
	for _, caps := range [][2]int{{1, 0}, {0, 1}, {1, 1}} {
		r := Classic()
		r.MaxPlies, r.MaxPliesWithoutAttack = caps[0], caps[1]
		s := mustBoard(t, r, Red, "a1:M", "e4:F", "e5:Y", "j8:R")
		next := play(t, s, "e4-e5")
		if want := (Outcome{Winner: Red, Reason: FlagCaptured}); next.Outcome() != want {
			t.Errorf("caps %v: outcome %v, want %v", caps, next.Outcome(), want)
		}
	}
}

// TestRule6_3_CapsBeforeNoLegalMove: a cap reached on the ply after which
// neither side can move draws by the cap.
func TestRule6_3_CapsBeforeNoLegalMove(t *testing.T) {
	r := Classic()
	r.MaxPlies = 1
	s := mustBoard(t, r, Red, "a1:M", "b1:B", "e4:L", "e5:X", "j10:Y", "i10:N")
	if got, want := play(t, s, "e4-e5").Outcome(), (Outcome{Reason: PlyCap}); got != want {
		t.Errorf("outcome %v, want %v", got, want)
	}
}

// TestZeroState: the zero State is no game; every method answers without
// panicking, and moves are refused with ErrGameOver.
func TestZeroState(t *testing.T) {
	var s State
	m := MustParseMove("a4-a5")
	if err := s.Check(m); !errors.Is(err, ErrGameOver) {
		t.Errorf("Check on the zero State: %v, want ErrGameOver", err)
	}
	if _, _, err := s.Apply(m); !errors.Is(err, ErrGameOver) {
		t.Errorf("Apply on the zero State: %v, want ErrGameOver", err)
	}
	if _, err := s.AgreeDraw(); !errors.Is(err, ErrGameOver) {
		t.Errorf("AgreeDraw on the zero State: %v, want ErrGameOver", err)
	}
	if got := legalStrings(s); len(got) != 0 || s.hasMove() {
		t.Errorf("zero State has moves %v", got)
	}
	if _, ok := s.At(MustParseSquare("a1")); ok {
		t.Errorf("zero State has a piece on a1")
	}
	if s.Board() != (Board{}) || s.Remaining(Red) != (Army{}) || s.Captured(Blue) != (Army{}) ||
		s.Knowledge(MustParseSquare("a1")) != 0 || s.Picture() != "" || s.Rules() != (Rules{}) {
		t.Errorf("zero State reports a board, pieces, knowledge, a picture or rules")
	}
}

// TestRule8_InformationRules: each player sees his own ranks and the
// backs of the enemy's; after an attack both ranks are known for good
// (the survivor stays known) and captured pieces are public; a piece that
// moved is known to be no Bomb or Flag, one that moved more than one
// square a Scout; the move history is public.
func TestRule8_InformationRules(t *testing.T) {
	r := Classic()
	s := mustBoard(t, r, Red, "a1:M", "b2:J", "e2:D", "j10:Y", "b4:T", "h9:Q")
	v := s.View(Red)
	if p, _ := v.At(MustParseSquare("b2")); p != NewPiece(Red, Colonel) {
		t.Errorf("red sees its own b2 as %v, want red colonel", p)
	}
	if p, _ := v.At(MustParseSquare("b4")); p != NewPiece(Blue, Unknown) {
		t.Errorf("red sees blue's b4 as %v, want an unknown blue piece", p)
	}
	s = play(t, s, "e2-e6", "h9-h8", "b2-b3", "b4xb3") // captain attacks the colonel and dies
	v = s.View(Blue)
	e6, b3 := MustParseSquare("e6"), MustParseSquare("b3")
	if !v.Ranks(e6).Has(Scout) || v.Ranks(e6).Has(Bomb) || v.Ranks(e6).Has(Miner) {
		t.Errorf("a piece that slid four squares must be known as a scout")
	}
	if p, _ := v.At(b3); p != NewPiece(Red, Colonel) {
		t.Errorf("the colonel that survived the attack shows as %v to blue, want red colonel", p)
	}
	if v.Captured(Blue)[Captain] != 1 || s.View(Red).Captured(Blue)[Captain] != 1 {
		t.Error("the captured captain is not public")
	}
	rv := s.View(Red)
	h8 := MustParseSquare("h8")
	if p, _ := rv.At(h8); p.Rank() != Unknown || rv.Ranks(h8).Has(Bomb) || rv.Ranks(h8).Has(Flag) || !rv.Ranks(h8).Has(Miner) {
		t.Errorf("a moved hidden piece must be unknown but no bomb or flag")
	}
	if ev := rv.LastEvent(); ev.Move != MustParseMove("b4-b3") || ev.Defender.Rank() != Colonel {
		t.Errorf("the last move as red saw it: %+v", ev)
	}
}
