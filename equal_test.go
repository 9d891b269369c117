package stratego

import (
	"testing"

	"pgregory.net/rapid"
)

// TestStateEqual: Equal compares the position and its future (board,
// knowledge, counters, repetition records), not the history's identity
// nor the last event.
func TestStateEqual(t *testing.T) {
	r := Classic()
	setup := MustParseSetup(r, "FBBBBBB333/3322222222/4444555566/667778891X")
	newGame := func(r Rules) State {
		t.Helper()
		s, err := New(r, setup, setup)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	start := newGame(r)
	fromText := func(s State) State {
		t.Helper()
		var back State
		if err := back.UnmarshalText([]byte(s.Position().String())); err != nil {
			t.Fatal(err)
		}
		return back
	}
	twoSteps := func(s State) State { return play(t, s, "a4-a5", "j7-j6", "a5-a4", "j6-j7") }
	rebuilt, err := start.Position().State()
	if err != nil {
		t.Fatal(err)
	}
	restarted := newGame(r)
	for _, tc := range []struct {
		name string
		s, t State
		want bool
	}{
		{"a state and itself", start, start, true},
		{"rebuilt from its position", start, rebuilt, true},
		{"decoded from its text", twoSteps(start), fromText(twoSteps(start)), true},
		{"the same moves from a new game", twoSteps(start), twoSteps(restarted), true},
		{"the zero State and itself", State{}, State{}, true},
		{"a game and the zero State", start, State{}, false},
		{"another side to move", start, play(t, start, "a4-a5"), false},
		// The same board and counters, but other pieces have moved (and
		// are known to have) and the runs differ.
		{"other knowledge and runs", twoSteps(start), play(t, start, "b4-b5", "j7-j6", "b5-b4", "j6-j7"), false},
		// The same board, knowledge and counters; only Red's run differs
		// (its last move was made by the b4 piece in one, a4 in the other).
		{"other runs", play(t, start, "b4-b5", "j7-j6", "a4-a5", "j6-j7", "a5-a4", "i7-i6", "b5-b4", "i6-i7"),
			play(t, start, "a4-a5", "j7-j6", "b4-b5", "j6-j7", "b5-b4", "i7-i6", "a5-a4", "i6-i7"), false},
		{"other rules", start, newGame(Gravon()), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.Equal(tc.t); got != tc.want {
				t.Fatalf("Equal = %v, want %v\n%v\n%v", got, tc.want, tc.s.Position(), tc.t.Position())
			}
			if got := tc.t.Equal(tc.s); got != tc.want {
				t.Fatalf("Equal reversed = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestProp_StateEqualIsTheSameText: two states of games from one setup
// are Equal exactly when their positions print the same, and a state
// rebuilt from its position is Equal to it.
func TestProp_StateEqualIsTheSameText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		a := genGame(t, r, plies(60))
		rebuilt, err := a.Position().State()
		if err != nil {
			t.Fatalf("Position.State: %v", err)
		}
		if !a.Equal(rebuilt) || !rebuilt.Equal(a) {
			t.Fatalf("a state is not Equal to its rebuilt self:\n%v", a.Position())
		}
		b := genGame(t, r, plies(60))
		if got, want := a.Equal(b), a.Position().String() == b.Position().String(); got != want {
			t.Fatalf("Equal = %v, same text %v:\n%v\n%v", got, want, a.Position(), b.Position())
		}
	})
}

// TestPositionEqual: Equal compares every field, the captured pieces
// in any order and empty lists as nil.
func TestPositionEqual(t *testing.T) {
	r := Barrage()
	setup := MustParseSetup(r, "FB12239X../........../........../..........")
	barrage := func() State {
		t.Helper()
		s, err := New(r, setup, setup)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := play(t, barrage(), "e1-e2")
	p := s.Position()
	capt := p
	capt.Captured = []Captive{{Piece: NewPiece(Red, Scout)}, {Piece: NewPiece(Blue, Spy), Known: KnownRank}}
	swapped := capt
	swapped.Captured = []Captive{capt.Captured[1], capt.Captured[0]}
	empty := p
	empty.Captured = []Captive{}
	known := p
	known.Known.known[0] |= KnownMoved
	other, err := ParsePosition(p.String())
	if err != nil {
		t.Fatal(err)
	}
	fresh := play(t, barrage(), "e1-e2").Position()
	start := barrage().Position()
	for _, tc := range []struct {
		name string
		p, q Position
		want bool
	}{
		{"itself", p, p, true},
		{"parsed from its text", p, other, true},
		{"another game's", p, fresh, true},
		{"captured in another order", capt, swapped, true},
		{"empty and nil captured", p, empty, true},
		{"other captured", p, capt, false},
		{"other knowledge", p, known, false},
		{"another ply and run", p, start, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.Equal(tc.q); got != tc.want {
				t.Fatalf("Equal = %v, want %v", got, tc.want)
			}
			if got := tc.q.Equal(tc.p); got != tc.want {
				t.Fatalf("Equal reversed = %v, want %v", got, tc.want)
			}
		})
	}
	if !slicesSorted(swapped.Captured) && swapped.Captured[0].Piece != NewPiece(Blue, Spy) {
		t.Fatalf("Equal reordered its argument's list")
	}
}

func slicesSorted(cs []Captive) bool {
	for i := 1; i < len(cs); i++ {
		if compareCaptives(cs[i-1], cs[i]) > 0 {
			return false
		}
	}
	return true
}
