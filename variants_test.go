package stratego

import (
	"errors"
	"slices"
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
		if s.RescueDue() || s.Outcome().Over() {
			continue
		}
		for i, q := range blueLoop {
			if p, ok := s.At(MustParseSquare(q)); ok && p == NewPiece(Blue, Sergeant) {
				s = play(tb, s, q+"-"+blueLoop[(i+1)%len(blueLoop)])
				break
			}
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
	for q := range Rect(0, 0, 9, 4).Intersect(r.Board()).All() {
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
	if s != before {
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
