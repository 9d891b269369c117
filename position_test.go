package stratego

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// positionRules are rule sets that exercise every part of a position.
func positionRules() []Rules {
	game := Classic()
	game.MoreSquares = MoreSquaresGame
	capped := Barrage()
	capped.MaxPlies, capped.MaxPliesWithoutAttack = 300, 40
	open := Duel()
	open.Info = InfoOpenFaced
	silent := Vintage()
	silent.Info = InfoSilentDefense
	return []Rules{Classic(), Gravon(), game, capped, UltimateLightning(), QuickBattle(), open, silent}
}

var cmpPosition = cmp.AllowUnexported(Board{}, KnowledgeBoard{})

func sortedMoves(s State) []Move {
	ms := s.AppendLegalMoves(nil)
	slices.SortFunc(ms, func(a, b Move) int {
		return strings.Compare(a.String(), b.String())
	})
	return ms
}

// drawGame draws rules from positionRules and a game under them.
func drawGame(t *rapid.T, maxPlies int) State {
	rs := positionRules()
	i := rapid.IntRange(0, len(rs)-1).Draw(t, "rules")
	return genGame(t, rs[i], maxPlies)
}

// checkPositionRoundTrip checks State -> Position -> text -> Position ->
// State on s and returns the rebuilt state.
func checkPositionRoundTrip(t tHelper, s State) State {
	t.Helper()
	p := s.Position()
	text := p.String()
	if text == "" {
		_, err := p.AppendText(nil)
		t.Fatalf("Position.String is empty: %v", err)
	}
	p2, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	if d := cmp.Diff(p, p2, cmpPosition); d != "" {
		t.Fatalf("position round trip (-want +got):\n%s", d)
	}
	s2, err := p2.State()
	if err != nil {
		t.Fatalf("Position.State(%q): %v", text, err)
	}
	checkInvariants(t, s2, fmt.Sprintf("the state of %q", text))
	if d := cmp.Diff(sortedMoves(s), sortedMoves(s2)); d != "" {
		t.Fatalf("legal moves of %q (-want +got):\n%s", text, d)
	}
	if s.Outcome() != s2.Outcome() || s.RescueDue() != s2.RescueDue() {
		t.Fatalf("%q: outcome %v, rescue due %v; want %v, %v", text, s2.Outcome(), s2.RescueDue(), s.Outcome(), s.RescueDue())
	}
	return s2
}

// TestPositionRoundTrip: State -> Position -> text -> Position -> State
// gives equal positions, and the rebuilt state has the same legal moves
// and the same future along a random continuation (each state on the way
// round-trips too).
func TestPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawGame(t, 300)
		switch rapid.IntRange(0, 9).Draw(t, "end by agreement") {
		case 0:
			if r, err := s.Resign(Blue); err == nil {
				s = r
			}
		case 1:
			if r, err := s.AgreeDraw(); err == nil {
				s = r
			}
		}
		s2 := checkPositionRoundTrip(t, s)
		for i := 0; ; i++ {
			if d := cmp.Diff(sortedMoves(s), sortedMoves(s2)); d != "" {
				t.Fatalf("after %d plies: legal moves (-want +got):\n%s", i, d)
			}
			if s.Outcome() != s2.Outcome() {
				t.Fatalf("after %d plies: outcome %v, want %v", i, s2.Outcome(), s.Outcome())
			}
			if got, want := s2.Position().String(), s.Position().String(); got != want {
				t.Fatalf("after %d plies: position\n got %s\nwant %s", i, got, want)
			}
			if s.Outcome().IsOver() || i == 40 {
				break
			}
			m := rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "continuation")
			var err1, err2 error
			s, _, err1 = s.Apply(m)
			s2, _, err2 = s2.Apply(m)
			if err1 != nil || err2 != nil {
				t.Fatalf("apply %v: %v / %v", m, err1, err2)
			}
			checkInvariants(t, s2, fmt.Sprintf("the rebuilt state after %v", m))
			checkPositionRoundTrip(t, s)
		}
	})
}

// TestViewPositionRoundTrip: a player's view parses back equal, hides
// exactly the unrevealed enemy ranks and makes no State.
func TestViewPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawGame(t, 200)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "viewer")
		v := viewPosition(s, c)
		text := v.String()
		v2, err := ParsePosition(text)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if d := cmp.Diff(v, v2, cmpPosition); d != "" {
			t.Fatalf("view round trip (-want +got):\n%s", d)
		}
		full := s.Position()
		for i, pc := range full.Board.pieces {
			hide := pc != 0 && pc.Color() != c && full.Known.known[i]&KnownRank == 0
			if got := v.Board.pieces[i].Rank() == Unknown; got != hide {
				t.Fatalf("square %v: hidden %v, want %v", Square(i+1), got, hide)
			}
		}
		if _, err := v.State(); v.IsView() && !errors.Is(err, ErrHidden) {
			t.Fatalf("State of a view: err %v, want ErrHidden", err)
		}
	})
}

func TestPositionText(t *testing.T) {
	r := Classic()
	s := mustBoard(t, r, Red, "a1:M", "b2:J", "b4:U", "j10:Y", "a10:N")
	s = play(t, s, "b2-b3", "b4-c4", "b3-c3")
	board := "bB........bF/........../........../........../..~~..~~../..~~..~~../..b7+......./..r8+......./........../rF........."
	for _, tc := range []struct {
		name string
		p    Position
		want string
	}{
		{"full", s.Position(), "classic " + board + " b 3 3 - b2-b3,b3-c3/b4-c4 b3-c3:3/-/0 b4-c4,b3-c3 *"},
		{"blue's view", viewPosition(s, Blue), "classic " + strings.NewReplacer("r8", "r?", "rF", "r?").Replace(board) +
			" b 3 3 - b2-b3,b3-c3/b4-c4 b3-c3:3/-/0 b4-c4,b3-c3 * view:blue"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.String(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// hideFirst replaces the rank label of the first piece of color ch
// ('r' or 'b') in a board field with "?".
func hideFirst(board string, ch byte) string {
	i := strings.IndexByte(board, ch)
	return board[:i+1] + "?" + board[i+2:]
}

// markFirst adds mark after the first piece of color ch in a board field.
func markFirst(board string, ch byte, mark string) string {
	i := strings.IndexByte(board, ch)
	return board[:i+2] + mark + board[i+2:]
}

func TestParsePositionErrors(t *testing.T) {
	good := mustNew(t, Classic(), 1).Position().String()
	f := strings.Split(good, " ")
	with := func(i int, v string) string {
		g := slices.Clone(f)
		g[i] = v
		return strings.Join(g, " ")
	}
	for _, tc := range []struct {
		name, text string
		want       error
	}{
		{"empty", "", ErrSyntax},
		{"fields", strings.Join(f[:9], " "), ErrSyntax},
		{"rules", with(0, "chess"), ErrSyntax},
		{"turn", with(2, "x"), ErrSyntax},
		{"ply", with(3, "-1"), ErrSyntax},
		{"quiet above ply", with(4, "1"), ErrSyntax},
		{"captured order", with(5, "rXr1"), ErrSyntax},
		{"too many", with(5, "r1"), ErrSetup},
		{"run off board", with(6, "a4-a5/-"), ErrPosition},
		{"chase without history", with(7, "a4-a5:3/-/0"), ErrPosition},
		{"outcome", with(9, "red:flag"), ErrPosition},
		{"outcome word", with(9, "red:won"), ErrSyntax},
		{"double space", strings.Replace(good, " ", "  ", 1), ErrSyntax},
		{"viewer", good + " view:green", ErrSyntax},
		{"extra field", good + " view:red x", ErrSyntax},
		{"mark before the label", strings.Replace(good, " b", " b?", 1), ErrSyntax},
		{"hidden without viewer", with(1, hideFirst(f[1], 'b')), ErrPosition},
		{"viewer's own rank hidden", with(1, hideFirst(f[1], 'r')) + " view:red", ErrPosition},
		{"enemy rank shown but not known", good + " view:red", ErrPosition},
		{"mark instead of a label", with(1, strings.Replace(f[1], "r", "r*", 1)), ErrSyntax},
		{"far but not moved", with(1, markFirst(f[1], 'r', "*")), ErrPosition},
		{"bomb moved", with(1, strings.Replace(f[1], "rB", "rB+", 1)), ErrPosition},
		{"long move without two-square captains", with(1, markFirst(f[1], 'r', "+*>")), ErrPosition},
		{"long move not far", with(1, markFirst(f[1], 'r', "+>")), ErrPosition},
		{"marks out of order", with(1, markFirst(f[1], 'r', "*+")), ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePosition(tc.text)
			if !errors.Is(err, tc.want) {
				t.Errorf("ParsePosition(%q): err %v, want %v", tc.text, err, tc.want)
			}
		})
	}
}

func TestStateJSON(t *testing.T) {
	s := play(t, mustNew(t, Classic(), 7))
	b, err := json.Marshal(map[string]State{"game": s})
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got, want := back["game"].Position().String(), s.Position().String(); got != want {
		t.Errorf("JSON round trip: got %s, want %s", got, want)
	}
}

func FuzzParsePosition(f *testing.F) {
	for i, r := range positionRules() {
		s := mustNew(f, r, uint64(i))
		f.Add(s.Position().String())
		f.Add(viewPosition(s, Blue).String())
	}
	f.Add("classic x")
	w := silentBeatState(f) // "<" marks of silent defense
	f.Add(w.Position().String())
	f.Add(viewPosition(w, Red).String())
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			return
		}
		back := p.String()
		p2, err := ParsePosition(back)
		if err != nil {
			t.Fatalf("ParsePosition(%q) accepted, but its String %q fails: %v", text, back, err)
		}
		if d := cmp.Diff(p, p2, cmpPosition); d != "" {
			t.Fatalf("round trip (-want +got):\n%s", d)
		}
		if !p.IsView() {
			if _, err := p.State(); err != nil {
				t.Fatalf("accepted position has no state: %v", err)
			}
		}
	})
}

func BenchmarkPositionString(b *testing.B) {
	p := genBenchState(b).Position()
	b.ReportAllocs()
	buf := make([]byte, 0, 512)
	for b.Loop() {
		buf, _ = p.AppendText(buf[:0])
	}
}

func BenchmarkParsePosition(b *testing.B) {
	text := genBenchState(b).Position().String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParsePosition(text); err != nil {
			b.Fatal(err)
		}
	}
}

// genBenchState plays 200 plies of a fixed random Classic game.
func genBenchState(tb testing.TB) State {
	s := mustNew(tb, Classic(), 42)
	var buf []Move
	for i := 0; i < 200 && !s.Outcome().IsOver(); i++ {
		buf = s.AppendLegalMoves(buf[:0])
		s, _, _ = s.Apply(buf[(i*7919)%len(buf)])
	}
	return s
}

// TestPositionRescue round-trips positions around an Ultimate Lightning
// rescue, which random play seldom reaches: a rescue due, the mark of a
// piece that made a rescue, and the rescue count.
func TestPositionRescue(t *testing.T) {
	var p Position
	p.Rules = UltimateLightning()
	put := func(sq string, c Color, rk Rank, k Knowledge) {
		q := MustParseSquare(sq)
		p.Board.pieces[q.Index()], p.Known.known[q.Index()] = NewPiece(c, rk), k
	}
	put("a1", Red, Flag, 0)
	put("j10", Blue, Flag, 0)
	put("a10", Red, General, KnownMoved)
	put("e4", Red, Scout, KnownMoved|KnownFar)
	put("b8", Blue, Marshal, KnownRank|KnownMoved)
	put("f7", Blue, Captain, 0)
	p.Captured = []Captive{{Piece: NewPiece(Red, Miner), Known: KnownRank | KnownMoved},
		{Piece: NewPiece(Red, Spy), Known: KnownRank, Rescuer: true}, {Piece: NewPiece(Blue, Scout), Known: KnownRank}}
	p.Turn, p.RescueDue, p.Ply, p.PliesWithoutAttack = Red, true, 31, 2
	// The general on Blue's back row earned the rescue due: it has the
	// rescuer mark.
	p.Rescuers = p.Rescuers.With(MustParseSquare("a10"))
	text := p.String()
	if want := " r@ 31 2 r1!^r3!+b2! "; !strings.Contains(text, want) {
		t.Fatalf("position %q lacks %q", text, want)
	}
	s, err := p.State()
	if err != nil {
		t.Fatalf("State(%q): %v", text, err)
	}
	ms := s.AppendLegalMoves(nil)
	// The miner and the spy (which made a rescue before its capture: that
	// does not stop it from coming back) may come back, onto any empty
	// square of Red's half: rows 1-5 less a1, e4 and four lakes.
	if len(ms) != 2*(50-2-4) {
		t.Fatalf("got %d rescue moves %v, want 88", len(ms), ms)
	}
	for _, m := range ms {
		if m.Rescue != Miner && m.Rescue != Spy {
			t.Fatalf("rescue move %v, want only the miner or the spy", m)
		}
	}
	if _, err := ParsePosition(strings.Replace(text, "r1!^", "r1!", 1)); err != nil {
		t.Errorf("without the spy's mark: %v", err)
	}
	over := strings.Replace(text, " r@ ", " r@ ", 1)
	over = over[:strings.LastIndexByte(over, ' ')] + " blue:resign"
	if _, err := ParsePosition(over); !errors.Is(err, ErrPosition) {
		t.Errorf("rescue due in a finished game: err %v, want ErrPosition", err)
	}
	// Without the general's mark no piece earned the rescue due (the
	// side would have made -1 rescues).
	if _, err := ParsePosition(strings.Replace(text, "r9+^", "r9+", 1)); !errors.Is(err, ErrPosition) {
		t.Errorf("rescue due without a rescuer on the board: err %v, want ErrPosition", err)
	}
	lit := p
	lit.Rescuers = SquareSet{}
	if _, err := lit.State(); !errors.Is(err, ErrPosition) {
		t.Errorf("literal with a rescue due and no rescuer: State() err %v, want ErrPosition", err)
	}
	if err := lit.Validate(); !errors.Is(err, ErrPosition) {
		t.Errorf("literal with a rescue due and no rescuer: Validate() = %v, want ErrPosition", err)
	}
	rapid.Check(t, func(t *rapid.T) {
		s := s
		for i := 0; i < 30 && !s.Outcome().IsOver(); i++ {
			checkPositionRoundTrip(t, s)
			m := rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "move")
			s, _, _ = s.Apply(m)
		}
		checkPositionRoundTrip(t, s)
	})
}

// FuzzPositionRoundTrip drives the State round trip with the fuzzer's
// bytes as rapid's source of random games.
func FuzzPositionRoundTrip(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		checkPositionRoundTrip(t, drawGame(t, 300))
	}))
}

// TestPositionEnds round-trips finished games: a captured flag (the
// loser's flag is among the captured pieces), a resignation and a cap.
func TestPositionEnds(t *testing.T) {
	r := Barrage()
	setup := MustParseSetup(r, "FB12239X../........../........../..........")
	start, err := New(r, setup, setup)
	if err != nil {
		t.Fatal(err)
	}
	flag := play(t, start, "e1-e9", "d10-d9", "e9-j9", "d9-d8", "j9xj10")
	resigned, _ := play(t, start, "e1-e9").Resign(Blue)
	capped := r
	capped.MaxPliesWithoutAttack = 2
	cs, err := New(capped, setup, setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    State
		want string
	}{
		{"flag", flag, " b 5 0 bF! "},
		{"resigned", resigned, " red:resign"},
		{"capped", play(t, cs, "e1-e9", "d10-d9"), " draw:quietcap"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := checkPositionRoundTrip(t, tc.s)
			if text := got.Position().String(); !strings.HasSuffix(text, tc.want) && !strings.Contains(text, tc.want) {
				t.Errorf("position %q lacks %q", text, tc.want)
			}
			if got.Outcome() != tc.s.Outcome() {
				t.Errorf("outcome %v, want %v", got.Outcome(), tc.s.Outcome())
			}
		})
	}
}

// TestPositionRescueDueCount: a position with a rescue due restores the
// count of rescues made (the piece that earned the rescue is marked
// before the rescue counts), so the state plays on as the original.
func TestPositionRescueDueCount(t *testing.T) {
	s := mustBoard(t, UltimateLightning(), Red, "a1:M", "b4:F", "e9:G", "j10:Y", "b5:U", "h8:P")
	s = play(t, s, "b4-b5", "h8-h7", "e9-e10")
	if !s.RescueDue() {
		t.Fatal("setup: want a rescue due")
	}
	got, err := s.Position().State()
	if err != nil {
		t.Fatalf("State: %v", err)
	}
	if got.rescues != s.rescues {
		t.Fatalf("rescues made: got %v, want %v", got.rescues, s.rescues)
	}
	got, s = play(t, got, "+sergeant@b4"), play(t, s, "+sergeant@b4")
	if got.rescues != s.rescues {
		t.Fatalf("after the rescue: got %v, want %v", got.rescues, s.rescues)
	}
}
