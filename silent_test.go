package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// silentBeatState returns a Classic game under silent defense in which a
// hidden blue Major on a5 beat a red Captain (and then moved to a4) and a
// hidden blue Bomb on b5 beat a red Lieutenant, neither in the last move.
func silentBeatState(tb tHelper) State {
	tb.Helper()
	r := Classic()
	r.Info = InfoSilentDefense
	s := mustBoard(tb, r, Red, "a4:H", "b4:G", "e1:D", "j1:M",
		"a5:U", "b5:N", "e7:S", "f7:P", "h7:T", "j10:Y")
	return play(tb, s, "a4xa5", "e7-e6", "b4xb5", "a5-a4", "e1-e2")
}

// TestSilentDefenseConstraints: under silent defense every fight that a
// hidden defender won tells both players that it beats the attacker's
// rank, for the rest of the game: Ranks, the samples, the position and
// view texts and JSON keep it after further moves.
func TestSilentDefenseConstraints(t *testing.T) {
	s := silentBeatState(t)
	v := s.View(Red)
	tests := []struct {
		sq     string
		rank   Rank   // the real rank
		beaten []Rank // the attackers it beat
		can    []Rank // what Red's view allows
	}{
		// Moved, beat a Captain: a Major or stronger.
		{"a4", Major, []Rank{Captain}, []Rank{Major, Colonel, General, Marshal}},
		// Unmoved, beat a Lieutenant: stronger, or a Bomb.
		{"b5", Bomb, []Rank{Lieutenant}, []Rank{Captain, Major, Colonel, General, Marshal, Bomb}},
		// Moved, never fought.
		{"e6", Lieutenant, nil, []Rank{Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal}},
	}
	for _, tt := range tests {
		t.Run(tt.sq, func(t *testing.T) {
			sq := MustParseSquare(tt.sq)
			if p, _ := v.At(sq); p != NewPiece(Blue, Unknown) {
				t.Fatalf("red sees %v on %s, want a hidden blue piece", p, tt.sq)
			}
			for _, w := range []View{v, s.View(Blue)} {
				if d := cmp.Diff(tt.beaten, slices.Collect(w.Beaten(sq).All())); d != "" {
					t.Errorf("%v's view: Beaten(%s) (-want +got):\n%s", w.Player(), tt.sq, d)
				}
			}
			var can []Rank
			for rk := Spy; rk <= Flag; rk++ {
				if v.Ranks(sq).Has(rk) {
					can = append(can, rk)
				}
			}
			if d := cmp.Diff(tt.can, can); d != "" {
				t.Errorf("Ranks(%s) (-want +got):\n%s", tt.sq, d)
			}
			if !slices.Contains(can, tt.rank) {
				t.Errorf("Ranks(%s) rules out the real rank %v", tt.sq, tt.rank)
			}
		})
	}
	t.Run("samples", func(t *testing.T) {
		sm, err := v.Sampler()
		if err != nil {
			t.Fatalf("Sampler: %v", err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		seen := map[Rank]bool{}
		for range 2000 {
			st, err := sm.Sample(rng)
			if err != nil {
				t.Fatalf("Sample: %v", err)
			}
			for _, tt := range tests {
				sq := MustParseSquare(tt.sq)
				p, _ := st.At(sq)
				if !slices.Contains(tt.can, p.Rank()) {
					t.Fatalf("sampled %v on %s, want one of %v", p, tt.sq, tt.can)
				}
				if tt.sq == "a4" {
					seen[p.Rank()] = true
				}
			}
			if !st.View(Red).Equal(v) {
				t.Fatalf("a sample's view differs from the view:\n got %v\nwant %v", st.View(Red), v)
			}
		}
		if len(seen) != 4 {
			t.Errorf("a4 drawn as %v over 2000 samples, want all four of Major … Marshal", seen)
		}
	})
	t.Run("position text", func(t *testing.T) {
		text := s.Position().String()
		for _, want := range []string{"bB<5", "b7+<6"} { // ISF: 5 Lieutenant, 6 Captain
			if !strings.Contains(text, want) {
				t.Errorf("position %s lacks %q", text, want)
			}
		}
		p, err := ParsePosition(text)
		if err != nil {
			t.Fatalf("ParsePosition: %v", err)
		}
		back, err := p.State()
		if err != nil {
			t.Fatalf("State: %v", err)
		}
		if got := back.Position().String(); got != text {
			t.Errorf("State -> Position -> State changed the text:\n got %s\nwant %s", got, text)
		}
		if d := cmp.Diff(v.Position(), viewPosition(back, Red), cmpPosition); d != "" {
			t.Errorf("the rebuilt state's view position (-want +got):\n%s", d)
		}
		// The mark stays with the piece as it moves on.
		later := play(t, back, "a4-a3")
		if d := cmp.Diff([]Rank{Captain}, slices.Collect(later.View(Red).Beaten(MustParseSquare("a3")).All())); d != "" {
			t.Errorf("after a4-a3: Beaten(a3) (-want +got):\n%s", d)
		}
		if got := slices.Collect(later.View(Red).Beaten(MustParseSquare("a4")).All()); len(got) != 0 {
			t.Errorf("after a4-a3: Beaten(a4) = %v, want none", got)
		}
	})
	t.Run("view text and JSON", func(t *testing.T) {
		for _, c := range []Color{Red, Blue} {
			w := s.View(c)
			text := w.String()
			if !strings.Contains(text, "<5") || !strings.Contains(text, "<6") {
				t.Errorf("%v's view %s lacks the marks", c, text)
			}
			got, err := ParseView(text)
			if err != nil {
				t.Fatalf("ParseView: %v", err)
			}
			if !got.Equal(w) {
				t.Errorf("text round trip:\n got %v\nwant %v", got, w)
			}
			data, err := json.Marshal(w)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if !strings.Contains(string(data), `"beat":["captain"]`) {
				t.Errorf("JSON %s lacks the beaten captain", data)
			}
			var j View
			if err := json.Unmarshal(data, &j); err != nil {
				t.Fatalf("Unmarshal: %v", err)
			}
			if !j.Equal(w) {
				t.Errorf("JSON round trip:\n got %v\nwant %v", j, w)
			}
		}
	})
	t.Run("shown later", func(t *testing.T) {
		// The Major attacks and so is shown: its mark goes.
		u := play(t, s, "a4-a3", "e2-a2", "a3xa2")
		a2 := MustParseSquare("a2")
		if got := slices.Collect(u.View(Red).Beaten(a2).All()); len(got) != 0 {
			t.Errorf("Beaten(a2) of a shown Major = %v, want none", got)
		}
		if text := u.Position().String(); strings.Contains(text, "<6") {
			t.Errorf("position %s still marks the shown Major", text)
		}
	})
}

// TestSilentDefenseMarkErrors: the parser takes the "<" mark only where
// a game could have made it.
func TestSilentDefenseMarkErrors(t *testing.T) {
	s := silentBeatState(t)
	text := s.Position().String()
	vtext := viewPosition(s, Red).String()
	tests := []struct {
		name       string
		text       string
		old, new   string
		wantSyntax bool // ErrSyntax, else ErrPosition
	}{
		{"no labels", text, "bB<5", "bB<", true},
		{"labels out of order", text, "bB<5", "bB<53", true},
		{"label twice", text, "bB<5", "bB<55", true},
		{"immovable attacker", text, "bB<5", "bB<B", true},
		{"unknown attacker", vtext, "b?<5", "b?<?", true},
		{"on a captured piece", text, "r5!+r6!+", "r5!+<3r6!+", true},
		{"bomb beat a miner", text, "bB<5", "bB<3", false},
		{"major beat a colonel", text, "b7+<6", "b7+<8", false},
		{"on a shown piece", vtext, "b?<5", "bB!<5", false},
		{"without silent defense", strings.Replace(text, "classic,info=silent", "classic", 1), "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.text
			if tt.old != "" {
				if !strings.Contains(in, tt.old) {
					t.Fatalf("text %s lacks %q", in, tt.old)
				}
				in = strings.Replace(in, tt.old, tt.new, 1)
			}
			_, err := ParsePosition(in)
			want := ErrPosition
			if tt.wantSyntax {
				want = ErrSyntax
			}
			if !errors.Is(err, want) {
				t.Errorf("ParsePosition(%s) = %v, want %v", in, err, want)
			}
		})
	}
}

// TestRescueChoosesByKnowledgeNotID: two captured Scouts differ in what
// the opponent knew of them (one made a long slide). The rescue brings
// back the same one in a game and in the State rebuilt from its Position,
// whose piece ids are in another order (a regression found by
// TestPositionRoundTrip).
func TestRescueChoosesByKnowledgeNotID(t *testing.T) {
	r := UltimateLightning()
	s := mustBoard(t, r, Red, "a1:M", "a4:L", "e7:K", "j1:F", "j10:Y", "a9:P", "e9:P", "b2:U")
	s = play(t, s, "j1-j2", "a9xa4", "j2-j1", "e9xe7", "j1-j2", "b2-b1")
	if !s.RescueDue() {
		t.Fatal("no rescue due after b2-b1")
	}
	rebuilt, err := s.Position().State()
	if err != nil {
		t.Fatalf("Position.State: %v", err)
	}
	rescue := MustParseMove("+scout@e10")
	a, _, err := s.Apply(rescue)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := rebuilt.Apply(rescue)
	if err != nil {
		t.Fatal(err)
	}
	e10 := MustParseSquare("e10")
	if a.Knowledge(e10) != b.Knowledge(e10) || a.Position().String() != b.Position().String() {
		t.Errorf("rescued scout: knowledge %v in the game, %v after a round trip\n game:    %v\n rebuilt: %v",
			a.Knowledge(e10), b.Knowledge(e10), a.Position(), b.Position())
	}
	if a.Knowledge(e10)&KnownLong != 0 {
		t.Errorf("the scout known for a long slide came back; want the one the opponent knew less of")
	}
}
