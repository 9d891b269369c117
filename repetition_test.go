package stratego

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tournament rules: the Two-Squares Rule (RULES.md 6.1), the
// More-Squares Rule (6.2), the move caps, resignation and agreed draws.
// Each worked example of RULES.md is its own test.

// twoSquaresOnly returns Classic with Two-Squares limit n and no
// More-Squares Rule, to test 6.1 alone.
func twoSquaresOnly(n int) Rules {
	r := Classic()
	r.TwoSquares = n
	r.MoreSquares = MoreSquaresOff
	return r
}

// blueTempo is a cycle of Blue moves by two sergeants on a8 and b8 that
// never meet Red and never break the Two-Squares Rule: each run is one
// move long.
var blueTempo = []string{"a8-a7", "b8-b7", "a7-a8", "b7-b8"}

// withTempo interleaves Red's moves with Blue's tempo moves, Red first.
func withTempo(red ...string) []string {
	var out []string
	for i, m := range red {
		out = append(out, m, blueTempo[i%len(blueTempo)])
	}
	return out
}

// tempoBoard places the Red flag on j1, the Blue flag on j10 and the two
// Blue tempo sergeants, plus the given pieces.
func tempoBoard(t *testing.T, r Rules, extra ...string) State {
	t.Helper()
	return mustBoard(t, r, Red, append([]string{"j1:M", "j10:Y", "a8:R", "b8:R"}, extra...)...)
}

// RULES.md 6.1: Red j4–j5, j5–j4, j4–j5: now j5–j4 is illegal, j5–j6 and
// j5–i5 are legal.
func TestTwoSquares_Example_J4J5Shuttle(t *testing.T) {
	s := tempoBoard(t, Classic(), "j4:I")
	s = play(t, s, withTempo("j4-j5", "j5-j4", "j4-j5")...)
	wantIllegal(t, s, "j5-j4", ErrTwoSquares)
	wantLegal(t, s, "j5-j6")
	wantLegal(t, s, "j5-i5")
	if diff := cmp.Diff([]string{"j5-i5", "j5-j6"}, movesFrom(s, "j5")); diff != "" {
		t.Errorf("moves of the shuttling major (-want +got):\n%s", diff)
	}
}

// RULES.md 6.1: Red a6–b6, b6–a6, a6–a5: from a5 every move is legal.
func TestTwoSquares_Example_A6B6A6A5(t *testing.T) {
	s := tempoBoard(t, Classic(), "a6:I")
	s = play(t, s, withTempo("a6-b6", "b6-a6", "a6-a5")...)
	if diff := cmp.Diff([]string{"a5-a4", "a5-a6", "a5-b5"}, movesFrom(s, "a5")); diff != "" {
		t.Errorf("moves from a5 (-want +got):\n%s", diff)
	}
}

// RULES.md 6.1: Red a6–b6, b6–a6, a6–b6, then a Blue piece steps onto
// a6: b6xa6 is illegal (attacks count like other moves).
func TestTwoSquares_Example_AttackIsTheForbiddenCrossing(t *testing.T) {
	for _, n := range []int{3, 0} {
		r := Classic()
		r.TwoSquares = n
		s := mustBoard(t, r, Red, "j1:M", "j10:Y", "a6:I", "a7:S", "i9:R")
		s = play(t, s, "a6-b6", "i9-i8", "b6-a6", "i8-i9", "a6-b6", "a7-a6")
		if n == 0 {
			wantLegal(t, s, "b6-a6")
			continue
		}
		wantIllegal(t, s, "b6-a6", ErrTwoSquares)
		wantLegal(t, s, "b6-b7")
		wantLegal(t, s, "b6-b5")
	}
}

// RULES.md 6.1: Red scout a3–a6, a6–a4, a4–a6: a6–a5, a6–a4 and a6–a3
// are all illegal; a6–a7 crosses a boundary the run did not and is legal.
func TestTwoSquares_Example_ScoutA3A6A4A6(t *testing.T) {
	s := tempoBoard(t, Classic(), "a3:D")
	s = play(t, s, withTempo("a3-a6", "a6-a4", "a4-a6")...)
	for _, m := range []string{"a6-a5", "a6-a4", "a6-a3", "a6-a2", "a6-a1"} {
		wantIllegal(t, s, m, ErrTwoSquares)
	}
	wantLegal(t, s, "a6-b6")
	wantLegal(t, s, "a6-a7") // a7 is empty again after the tempo moves
}

// RULES.md 6.1: Red j4–j5, j5–j4, another Red piece moves, j4–j5, j5–j4:
// legal, the run restarted.
func TestTwoSquares_Example_RunRestartedByAnotherPiece(t *testing.T) {
	s := tempoBoard(t, Classic(), "j4:I", "e2:F")
	s = play(t, s, withTempo("j4-j5", "j5-j4", "e2-e3", "j4-j5", "j5-j4")...)
	wantLegal(t, s, "j4-j5") // third move of the new run
	s = play(t, s, "j4-j5", "b8-b7")
	wantIllegal(t, s, "j5-j4", ErrTwoSquares)
}

// "Who started shuttling first hits the limit first": two pieces that
// shuttle against each other, face to face or diagonally; whichever side
// moves first is stopped first, and the other one on its next move.
func TestTwoSquares_WhoStartsFirstIsStoppedFirst(t *testing.T) {
	type side struct{ fwd, back string }
	tests := []struct {
		name       string
		placements []string
		red, blue  side
	}{
		{"frontal", []string{"e3:I", "e7:U"}, side{"e3-e4", "e4-e3"}, side{"e7-e6", "e6-e7"}},
		{"diagonal", []string{"e4:I", "f5:U"}, side{"e4-f4", "f4-e4"}, side{"f5-e5", "e5-f5"}},
	}
	for _, tt := range tests {
		for _, first := range []Color{Red, Blue} {
			t.Run(tt.name+"/"+first.String()+" first", func(t *testing.T) {
				pl := append([]string{"a1:M", "a2:F", "j10:Y", "j8:R"}, tt.placements...)
				s := mustBoard(t, twoSquaresOnly(3), first, pl...)
				a, b := tt.red, tt.blue
				aTempo := "a2-a3"
				if first == Blue {
					a, b = b, a
					aTempo = "j8-j7"
				}
				s = play(t, s, a.fwd, b.fwd, a.back, b.back, a.fwd, b.fwd)
				wantIllegal(t, s, a.back, ErrTwoSquares) // the first shuttler is stopped first
				s = play(t, s, aTempo)
				wantIllegal(t, s, b.back, ErrTwoSquares) // then the other
			})
		}
	}
}

// A scout's run over several squares: a3–a6, a6–a2, a2–a5 all crossed
// a3|a4 and a4|a5, so from a5 every move down is illegal, while a5–a6
// and the moves sideways are legal.
func TestTwoSquares_ScoutZigZag(t *testing.T) {
	s := tempoBoard(t, Classic(), "a3:D")
	s = play(t, s, withTempo("a3-a6", "a6-a2", "a2-a5")...)
	for _, m := range []string{"a5-a4", "a5-a3", "a5-a2", "a5-a1"} {
		wantIllegal(t, s, m, ErrTwoSquares)
	}
	wantLegal(t, s, "a5-a6")
	wantLegal(t, s, "a5-b5")
}

// A run is followed by identity: a piece that shuttled is removed in a
// tie, another piece steps onto its square and starts a run of its own
// (a rule keyed by squares would stop it at once).
func TestTwoSquares_CapturedPieceAndAnotherStepsIn(t *testing.T) {
	s := mustBoard(t, twoSquaresOnly(3), Red, "a1:M", "j4:I", "i5:H", "j6:U", "a10:Y", "a8:R", "b8:R")
	s = play(t, s,
		"j4-j5", "a8-a7",
		"j5-j4", "b8-b7",
		"j4-j5", "j6-j5", // the majors remove each other
		"i5-j5", "a7-a8",
		"j5-j4", "b7-b8",
		"j4-j5", "a8-a7",
	)
	// The captain's run: i5-j5, j5-j4, j4-j5; i5-j5 did not cross j4|j5.
	wantLegal(t, s, "j5-j4")
	s = play(t, s, "j5-j4", "b8-b7")
	wantIllegal(t, s, "j4-j5", ErrTwoSquares)
}

// An attack is a move of the run like any other (6.1).
func TestTwoSquares_AttackCountsInTheRun(t *testing.T) {
	s := mustBoard(t, twoSquaresOnly(3), Red, "a1:M", "j3:J", "j5:U", "a10:Y", "a8:R", "b8:R")
	s = play(t, s, "j3-j4", "a8-a7", "j4-j5", "b8-b7", "j5-j4", "a7-a8", "j4-j5", "b7-b8")
	// The colonel's run: j3-j4, j4xj5, j5-j4, j4-j5; the last three
	// (the attack included) all crossed j4|j5.
	wantIllegal(t, s, "j5-j4", ErrTwoSquares)
}

func TestTwoSquares_Limit(t *testing.T) {
	shuttle := []string{"j4-j5", "j5-j4"}
	tests := []struct {
		n       int
		allowed int // moves in a row between j4 and j5 that are legal
	}{{3, 3}, {5, 5}, {1, 1}, {0, 24}}
	for _, tt := range tests {
		s := tempoBoard(t, twoSquaresOnly(tt.n), "j4:I")
		var red []string
		for i := range tt.allowed {
			red = append(red, shuttle[i%2])
		}
		s = play(t, s, withTempo(red...)...)
		if tt.n == 0 {
			wantLegal(t, s, shuttle[tt.allowed%2])
			continue
		}
		wantIllegal(t, s, shuttle[tt.allowed%2], ErrTwoSquares)
	}
	if Gravon().TwoSquares != 5 || Classic().TwoSquares != 3 {
		t.Errorf("presets: Gravon limit %d, Classic limit %d; want 5 and 3", Gravon().TwoSquares, Classic().TwoSquares)
	}
}

// RULES.md 6.1 and 6.3: a player whose every move is forbidden by the
// repetition rules has no legal move and loses — unless a cap ends the
// game on that ply first. Red's major roams; Blue's only movable piece, a
// sergeant in the corridor j9/j8, shuttles three times.
func TestNoLegalMoveByRepetitionLoses(t *testing.T) {
	tests := []struct {
		name            string
		maxPlies, quiet int
		want            Outcome
	}{
		{"no caps", 0, 0, Outcome{Winner: Red, Reason: NoLegalMove}},
		{"ply cap", 7, 0, Outcome{Reason: PlyCap}},
		{"no-attack cap", 0, 7, Outcome{Reason: NoAttackCap}},
		{"both caps", 7, 7, Outcome{Reason: PlyCap}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			r.MaxPlies, r.MaxPliesWithoutAttack = tt.maxPlies, tt.quiet
			s := mustBoard(t, r, Red, "a1:M", "e2:I", "j10:Y", "j9:R", "i9:N", "i8:N", "j7:N")
			s = play(t, s, "e2-e3", "j9-j8", "e3-e2", "j8-j9", "e2-e3", "j9-j8")
			if s.Outcome().IsOver() {
				t.Fatalf("over after 6 plies: %v", s.Outcome())
			}
			next, ev, err := s.Apply(MustParseMove("e3-e4"))
			if err != nil {
				t.Fatal(err)
			}
			if ev.Outcome != tt.want || next.Outcome() != tt.want {
				t.Errorf("outcome %v (event %v), want %v", next.Outcome(), ev.Outcome, tt.want)
			}
			if tt.want.Reason == NoLegalMove {
				if got := legalStrings(next); len(got) != 0 {
					t.Errorf("Blue's legal moves %v, want none", got)
				}
			}
		})
	}
}

// stradev is RULES.md 6.2's worked example: Red colonel b2, Blue major b4
// between its bombs a4, b5 and e4 (the perft case
// moresquares/stradev-example).
func stradev(t *testing.T, r Rules) State {
	t.Helper()
	return mustBoard(t, r, Red, "j1:M", "b2:J", "a4:N", "b4:U", "e4:N", "b5:N", "j10:Y")
}

// RULES.md 6.2: 1. b2–b3 b4–c4 2. b3–c3 c4–d4 3. c3–d3 d4–c4 4. d3–c3
// (allowed only by the exception) c4–b4 5. c3–b3 is illegal.
func TestMoreSquares_Example_StraDeV(t *testing.T) {
	for _, scope := range []MoreSquaresRule{MoreSquaresChase, MoreSquaresGame} {
		r := Classic()
		r.MoreSquares = scope
		s := stradev(t, r)
		s = play(t, s, "b2-b3", "b4-c4", "b3-c3", "c4-d4")
		afterB3C3 := play(t, stradev(t, r), "b2-b3", "b4-c4", "b3-c3").Board()
		s = play(t, s, "c3-d3", "d4-c4")
		// 4. d3-c3 recreates the board after 2. b3-c3, a threat in the
		// chase; only the exception (back to the square it came from)
		// allows it.
		wantLegal(t, s, "d3-c3")
		s = play(t, s, "d3-c3")
		if s.Board() != afterB3C3 {
			t.Fatalf("scope %d: board after 4. d3-c3 is not the board after 2. b3-c3", scope)
		}
		s = play(t, s, "c4-b4")
		wantIllegal(t, s, "c3-b3", ErrMoreSquares)
		wantLegal(t, s, "c3-c2") // not a threat
		wantLegal(t, s, "c3-d3") // a threat, but a new board
	}
	// With the rule off, 5. c3-b3 is legal.
	r := Classic()
	r.MoreSquares = MoreSquaresOff
	s := play(t, stradev(t, r), "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4")
	wantLegal(t, s, "c3-b3")
}

// RULES.md 6.2, "the exception": the chasing piece may always go back to
// the square it came from on its immediately preceding move, but the
// Two-Squares Rule still applies to it.
func TestMoreSquares_ExceptionStillUnderTwoSquares(t *testing.T) {
	for _, n := range []int{3, 0} {
		r := Classic()
		r.TwoSquares = n
		// Red's colonel on b3 and Blue's major on c4, diagonal; the major
		// evades between c4 and b4, the colonel threatens from c3 and b3.
		s := mustBoard(t, r, Red, "j1:M", "b3:J", "a4:N", "c4:U", "e4:N", "b5:N", "j10:Y")
		afterFirst := play(t, s, "b3-c3").Board()
		s = play(t, s, "b3-c3", "c4-b4", "c3-b3", "b4-c4")
		// b3-c3 recreates the board after the first threat; it goes back
		// to c3, the square the colonel just left: allowed.
		wantLegal(t, s, "b3-c3")
		s = play(t, s, "b3-c3")
		if s.Board() != afterFirst {
			t.Fatalf("limit %d: b3-c3 did not recreate the board after the first threat", n)
		}
		s = play(t, s, "c4-b4")
		if n == 0 {
			wantLegal(t, s, "c3-b3") // the exception again
			continue
		}
		// Its fourth crossing of b3|c3 in a row: the exception does not
		// lift the Two-Squares Rule.
		wantIllegal(t, s, "c3-b3", ErrTwoSquares)
	}
}

// A chase ends when the chaser's move does not threaten or the reply does
// not evade, and its boards are forgotten: a threat that recreates a board
// of an earlier, ended chase is legal with scope "chase". Scope "game"
// compares with every board since the last attack, so there it is
// illegal (RULES.md 6.2 rule 4).
func TestMoreSquares_EndedChaseForgetsItsBoards(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
	}{
		{"ended by a move that does not threaten", []string{
			"c2-c3", "c4-b4", // c2-c3 threatens: the board X
			"c3-c2", "j9-j8", // no threat: Red's chase ends
			"c2-b2", "j8-j9",
			"b2-b3", "b4-c4", // a new chase
		}},
		{"ended by a reply that does not evade", []string{
			"c2-c3", "j9-j8", // c2-c3 threatens: the board X; the reply does not evade
			"c3-c2", "j8-j9",
			"c2-b2", "c4-b4",
			"b2-b3", "b4-c4", // a new chase
		}},
	}
	start := func(t *testing.T, scope MoreSquaresRule) State {
		r := Classic()
		r.MoreSquares = scope
		return mustBoard(t, r, Red, "j1:M", "c2:J", "a4:N", "c4:U", "e4:N", "b5:N", "j9:P", "j10:Y")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// With the rule off: b3-c3 recreates the board X.
			x := play(t, start(t, MoreSquaresOff), "c2-c3").Board()
			if got := play(t, start(t, MoreSquaresOff), append(tt.moves[:len(tt.moves):len(tt.moves)], "b3-c3")...).Board(); got != x {
				t.Fatalf("b3-c3 does not recreate the board after c2-c3")
			}
			wantLegal(t, play(t, start(t, MoreSquaresChase), tt.moves...), "b3-c3")
			wantIllegal(t, play(t, start(t, MoreSquaresGame), tt.moves...), "b3-c3", ErrMoreSquares)
		})
	}
}

// RULES.md 6.2, precise readings: each side's chase is tracked on its
// own, and one move can evade in the opponent's chase and threaten in its
// own. Here every evasion of Blue's major is also a threat (Red bombs
// stand on b9, c9 and d9), which does not stop Red's chase.
func TestMoreSquares_ChasesTrackedPerSide(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "j1:M", "b6:J", "b9:B", "c9:B", "d9:B", "a8:N", "b8:U", "e8:N", "j10:Y")
	s = play(t, s,
		"b6-b7", "b8-c8", // b8-c8 evades and threatens c9
		"b7-c7", "c8-d8",
		"c7-d7", "d8-c8",
		"d7-c7", "c8-b8", // d7-c7: the exception
	)
	wantIllegal(t, s, "c7-b7", ErrMoreSquares) // recreates the board after 1. b6-b7
}

// The example turned 180°, with Blue chasing: the rule binds either side.
func TestMoreSquares_BlueChases(t *testing.T) {
	s := mustBoard(t, Classic(), Blue, "a10:Y", "i9:V", "j7:B", "i7:I", "f7:B", "i6:B", "a1:M")
	s = play(t, s, "i9-i8", "i7-h7", "i8-h8", "h7-g7", "h8-g8", "g7-h7", "g8-h8", "h7-i7")
	wantIllegal(t, s, "h8-i8", ErrMoreSquares)
}

// RULES.md 6.2: an attack ends the running chase; an attack that ends next
// to an enemy piece is the first threat of a new chase, and its board is
// remembered (the perft case moresquares/attack-starts-chase).
func TestMoreSquares_AttackStartsANewChase(t *testing.T) {
	const field = "DAAAMAAAAAAAAAAAAAKAAAAAAAAAPAAAAAANAAVNAA__AA__NAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAANAAAAAAAANY"
	start := func(t *testing.T, scope MoreSquaresRule) State {
		r := Classic()
		r.MoreSquares = scope
		b, err := letterField(r, field)
		if err != nil {
			t.Fatal(err)
		}
		s, err := FromBoard(r, b, Red)
		if err != nil {
			t.Fatal(err)
		}
		// The general takes the scout on i3 and lands next to the colonel.
		return play(t, s, "i2-i3")
	}
	chase := []string{"i4-h4", "i3-h3", "h4-g4", "h3-g3", "g4-h4", "g3-h3", "h4-i4"}
	// With the rule off, h3-i3 recreates the board after the attack.
	afterAttack := start(t, MoreSquaresOff).Board()
	if got := play(t, start(t, MoreSquaresOff), append(chase[:len(chase):len(chase)], "h3-i3")...).Board(); got != afterAttack {
		t.Fatalf("h3-i3 does not recreate the board after the attack")
	}
	for _, scope := range []MoreSquaresRule{MoreSquaresChase, MoreSquaresGame} {
		wantIllegal(t, play(t, start(t, scope), chase...), "h3-i3", ErrMoreSquares)
	}
}

// RULES.md 6.2, precise readings: a threat is judged by the destination
// square ("on the board after it, its destination square is orthogonally
// adjacent to any enemy piece"), so an attack whose attacker is removed
// (here both lieutenants are) still starts a chase when an enemy piece
// stands next to that square, and the board after it is remembered (the
// perft case moresquares/trade-starts-chase in testdata/perft/project.txt).
// The position text, the view and the samples of the view read the chase
// the same way.
func TestMoreSquares_AttackWhoseAttackerIsRemovedStartsAChase(t *testing.T) {
	// Red flag a1, major e4, lieutenant f4, captain g8; Blue lieutenant f5,
	// major e5, scout h9, flag j10.
	const field = "MAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJGAAAAAA__US__AAAA__AA__AAAAAAAAAAAAAAAAAAHAAAAAAAAAARAAAAAAAAAAAY"
	moves := []string{
		"f4-f5", "e5-f5", // both lieutenants removed next to the blue major: the chase starts
		"e4-f4", "f5-e5",
		"g8-h8", "h9-g9", // the captain's threats keep Red's chase running
		"h8-g8", "g9-h9",
	}
	start := func(t *testing.T, scope MoreSquaresRule) State {
		t.Helper()
		r := Classic()
		r.MoreSquares = scope
		b, err := letterField(r, field)
		if err != nil {
			t.Fatal(err)
		}
		s, err := FromBoard(r, b, Red)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// With the rule off, f4-e4 recreates the board after the trade.
	afterTrade := play(t, start(t, MoreSquaresOff), moves[0]).Board()
	off := play(t, start(t, MoreSquaresOff), moves...)
	if got := play(t, off, "f4-e4").Board(); got != afterTrade {
		t.Fatalf("f4-e4 does not recreate the board after the trade")
	}
	wantLegal(t, off, "f4-e4")
	for _, scope := range []MoreSquaresRule{MoreSquaresChase, MoreSquaresGame} {
		s := play(t, start(t, scope), moves...)
		wantIllegal(t, s, "f4-e4", ErrMoreSquares)
		if v := s.View(Red); v.IsLegal(MustParseMove("f4-e4")) {
			t.Errorf("scope %v: Red's view lists f4-e4", scope)
		}
		p, err := ParsePosition(s.Position().String())
		if err != nil {
			t.Fatalf("scope %v: position text: %v", scope, err)
		}
		back, err := p.State()
		if err != nil {
			t.Fatalf("scope %v: state of the position: %v", scope, err)
		}
		wantIllegal(t, back, "f4-e4", ErrMoreSquares)
		sample, err := s.View(Red).Sample(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("scope %v: Sample: %v", scope, err)
		}
		wantIllegal(t, sample, "f4-e4", ErrMoreSquares)
	}
}

// Attacks are never forbidden by the More-Squares Rule: they remove a
// piece, so no earlier board can recur.
func TestMoreSquares_AttacksAreNeverForbidden(t *testing.T) {
	s := stradev(t, Classic())
	s = play(t, s, "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4")
	wantIllegal(t, s, "c3-b3", ErrMoreSquares)
	wantLegal(t, s, "c3-c4") // the same chaser may attack
}

func TestCaps_MaxPlies(t *testing.T) {
	r := Classic()
	r.MaxPlies = 4
	s := tempoBoard(t, r, "e2:I")
	s = play(t, s, "e2-e3", "a8-a7", "e3-e4")
	if s.Outcome().IsOver() {
		t.Fatalf("over after 3 plies: %v", s.Outcome())
	}
	next, ev, err := s.Apply(MustParseMove("b8-b7"))
	if err != nil {
		t.Fatal(err)
	}
	want := Outcome{Reason: PlyCap}
	if ev.Outcome != want || next.Outcome() != want || !next.Outcome().IsDraw() {
		t.Errorf("after 4 plies: outcome %v, want %v", next.Outcome(), want)
	}
	if next.Ply() != 4 {
		t.Errorf("Ply() = %d, want 4", next.Ply())
	}
	wantIllegal(t, next, "e4-e5", ErrGameOver)
}

func TestCaps_MaxPliesWithoutAttack(t *testing.T) {
	r := Classic()
	r.MaxPliesWithoutAttack = 3
	s := tempoBoard(t, r, "e2:I", "e4:R")
	steps := []struct {
		move  string
		quiet int
		over  bool
	}{
		{"e2-e3", 1, false},
		{"a8-a7", 2, false},
		{"e3-e4", 0, false}, // an attack starts the count again
		{"b8-b7", 1, false},
		{"e4-e5", 2, false},
		{"a7-a8", 3, true},
	}
	for _, st := range steps {
		var err error
		var ev Event
		s, ev, err = s.Apply(MustParseMove(st.move))
		if err != nil {
			t.Fatalf("%s: %v", st.move, err)
		}
		if got := s.PliesWithoutAttack(); got != st.quiet {
			t.Errorf("after %s: PliesWithoutAttack() = %d, want %d", st.move, got, st.quiet)
		}
		if got := ev.Outcome.IsOver(); got != st.over {
			t.Errorf("after %s: over = %v, want %v", st.move, got, st.over)
		}
	}
	if want := (Outcome{Reason: NoAttackCap}); s.Outcome() != want {
		t.Errorf("outcome %v, want %v", s.Outcome(), want)
	}
}

func TestCaps_OffByDefault(t *testing.T) {
	for name, r := range map[string]Rules{"Classic": Classic(), "Gravon": Gravon(), "Barrage": Barrage()} {
		if r.MaxPlies != 0 || r.MaxPliesWithoutAttack != 0 {
			t.Errorf("%s: caps %d, %d; want off", name, r.MaxPlies, r.MaxPliesWithoutAttack)
		}
	}
	for _, bad := range []Rules{{MaxPlies: -1}, {MaxPliesWithoutAttack: -1}} {
		r := Classic()
		r.MaxPlies, r.MaxPliesWithoutAttack = bad.MaxPlies, bad.MaxPliesWithoutAttack
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("Validate with a negative cap: %v, want ErrRules", err)
		}
	}
}

func TestResign(t *testing.T) {
	s := tempoBoard(t, Classic(), "e2:I")
	for _, c := range []Color{Red, Blue} { // either side may resign, on any turn
		got, err := s.Resign(c)
		if err != nil {
			t.Fatalf("Resign(%v): %v", c, err)
		}
		want := Outcome{Winner: c.Opponent(), Reason: Resignation}
		if got.Outcome() != want {
			t.Errorf("Resign(%v): outcome %v, want %v", c, got.Outcome(), want)
		}
		if got.hasMove() {
			t.Errorf("Resign(%v): moves remain", c)
		}
		wantIllegal(t, got, "e2-e3", ErrGameOver)
		if _, err := got.Resign(c.Opponent()); !errors.Is(err, ErrGameOver) {
			t.Errorf("resigning a finished game: %v, want ErrGameOver", err)
		}
		if _, err := got.AgreeDraw(); !errors.Is(err, ErrGameOver) {
			t.Errorf("agreeing a draw in a finished game: %v, want ErrGameOver", err)
		}
	}
	if s.Outcome().IsOver() {
		t.Errorf("Resign changed its receiver: %v", s.Outcome())
	}
	if _, err := s.Resign(NoColor); !errors.Is(err, ErrInvalid) {
		t.Errorf("Resign(NoColor): %v, want ErrInvalid", err)
	}
	if _, err := (State{}).Resign(Red); !errors.Is(err, ErrGameOver) {
		t.Errorf("zero State Resign: %v, want ErrGameOver", err)
	}
}

func TestAgreeDraw(t *testing.T) {
	s := tempoBoard(t, Classic(), "e2:I")
	got, err := s.AgreeDraw()
	if err != nil {
		t.Fatal(err)
	}
	if want := (Outcome{Reason: DrawAgreed}); got.Outcome() != want || !got.Outcome().IsDraw() {
		t.Errorf("outcome %v, want %v", got.Outcome(), want)
	}
	wantIllegal(t, got, "e2-e3", ErrGameOver)
	if s.Outcome().IsOver() {
		t.Errorf("AgreeDraw changed its receiver")
	}
}

// TestRunBanPath checks that the compact form of a Two-Squares ban, a
// path, crosses exactly the boundaries that every one of the last n moves
// of a run crossed, for random runs of slides and turning moves.
func TestRunBanPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sq := func(f, r int) Square { return SquareAt(f, r) }
	for range 20000 {
		var moves [MaxTwoSquares]Move
		f, r := rng.IntN(MaxSize), rng.IntN(MaxSize)
		// A walk of the piece, newest move first.
		for i := MaxTwoSquares - 1; i >= 0; i-- {
			m := Move{From: sq(f, r)}
			if rng.IntN(3) == 0 {
				// A turning move: one step on each axis.
				df, dr := 1-2*rng.IntN(2), 1-2*rng.IntN(2)
				if f+df < 0 || f+df >= MaxSize {
					df = -df
				}
				if r+dr < 0 || r+dr >= MaxSize {
					dr = -dr
				}
				if rng.IntN(2) == 0 {
					m.Via = sq(f+df, r)
				} else {
					m.Via = sq(f, r+dr)
				}
				f, r = f+df, r+dr
			} else if rng.IntN(2) == 0 {
				nf := rng.IntN(MaxSize)
				if nf == f {
					nf = (f + 1) % MaxSize
				}
				f = nf
			} else {
				nr := rng.IntN(MaxSize)
				if nr == r {
					nr = (r + 1) % MaxSize
				}
				r = nr
			}
			m.To = sq(f, r)
			moves[i] = m
		}
		for n := 1; n <= MaxTwoSquares; n++ {
			want := pathEdges(moveCells(moves[0]))
			for _, m := range moves[1:n] {
				p := pathEdges(moveCells(m))
				for i := range want {
					want[i] &= p[i]
				}
			}
			b := runBan(&moves, n)
			got := edges{}
			if b.banned() {
				got = pathEdges(int(b.from), int(b.via), int(b.to))
			}
			if got != want {
				t.Fatalf("runBan(%v, %d) = %+v with boundaries %x, want %x", moves, n, b, got, want)
			}
		}
	}
}
