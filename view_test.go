package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// viewPresets are the rules the view properties run under; each is
// combined with every information setting.
var viewPresets = map[string]func() Rules{
	"classic":            Classic,
	"gravon":             Gravon,
	"barrage":            Barrage,
	"duel":               Duel,
	"ultimate-lightning": UltimateLightning,
	"quick-battle":       QuickBattle,
	"vintage":            Vintage,
	"classic-game-scope": func() Rules {
		r := Classic()
		r.MoreSquares = MoreSquaresGame
		return r
	},
}

var infoSettings = []struct {
	name string
	info InfoRule
}{{"standard", InfoStandard}, {"silent-defense", InfoSilentDefense}, {"open-faced", InfoOpenFaced}}

func presetNames() []string {
	var ns []string
	for n := range viewPresets {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

// checkEachInfo runs the property check under each information
// setting, with rules drawn from the presets.
func checkEachInfo(t *testing.T, check func(t *rapid.T, r Rules)) {
	for _, is := range infoSettings {
		t.Run(is.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { check(t, genViewRules(t, is.info)) })
		})
	}
}

// genRules draws a preset under the information setting info.
func genViewRules(t *rapid.T, info InfoRule) Rules {
	r := viewPresets[rapid.SampledFrom(presetNames()).Draw(t, "preset")]()
	r.Info = info
	return r
}

// recorded is a random game with its start, moves and combat results.
type recorded struct {
	start, end State
	moves      []Move
	combats    []Combat
}

func genRecorded(t *rapid.T, r Rules, maxPlies int) recorded {
	seed := rapid.Uint64().Draw(t, "setup seed")
	g := recorded{start: mustNew(t, r, seed)}
	g.end = g.start
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var buf []Move
	for i := 0; i < n && !g.end.Outcome().IsOver(); i++ {
		buf = g.end.AppendLegalMoves(buf[:0])
		m := rapid.SampledFrom(buf).Draw(t, "move")
		next, ev, err := g.end.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		g.end = next
		g.moves = append(g.moves, m)
		g.combats = append(g.combats, ev.Combat)
	}
	return g
}

// hiddenTwin returns a game that differs from g only in the ranks of
// pieces of c's opponent that c has not seen: it permutes those ranks
// among pieces with the same Knowledge at the end (so moved pieces stay
// movable and far-moved ones scouts), sets the permuted ranks up from the
// start and replays g's moves. It reports false when the replay does not
// go the same way (a move became illegal or a fight ended otherwise),
// which can happen when a hidden piece won a fight under silent defense
// or when the More-Squares Rule judged a board differently, or when the
// game ended otherwise (a side left without a legal move).
func hiddenTwin(t *rapid.T, g recorded, c Color) (State, bool) {
	o := c.Opponent()
	s := g.end
	classes := map[Knowledge][]uint8{}
	for id := s.g.lo[o.index()]; id < s.g.hi[o.index()]; id++ {
		if p := s.pcs[id]; p.onBoard() && p.know()&KnownRank == 0 {
			classes[p.know()] = append(classes[p.know()], id)
		}
	}
	b := g.start.Board()
	startCells := g.start.idCells()
	keys := slices.Sorted(func(yield func(Knowledge) bool) {
		for k := range classes {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		ids := classes[k]
		ranks := make([]Rank, len(ids))
		for i, id := range ids {
			ranks[i] = s.pc[id].Rank()
		}
		perm := rapid.Permutation(ranks).Draw(t, "hidden ranks")
		for i, id := range ids {
			sq := squareOfCell[startCells[id]]
			b.Put(sq, NewPiece(o, perm[i]))
		}
	}
	twin, err := FromBoard(s.Rules(), b, Red)
	if err != nil {
		t.Fatalf("FromBoard of the permuted start: %v", err)
	}
	for i, m := range g.moves {
		next, ev, err := twin.Apply(m)
		if err != nil || ev.Combat != g.combats[i] {
			return State{}, false
		}
		twin = next
	}
	// The outcome is public and may depend on hidden ranks: whether the
	// side to move has a legal move.
	return twin, twin.Outcome() == g.end.Outcome()
}

// movesOnlyByMoreSquares reports whether the legal moves of two views
// differ only in moves that the state whose view lacks them rejects with
// ErrMoreSquares: the one way the legal moves may depend on hidden ranks
// (see View).
func movesOnlyByMoreSquares(a, b State, va, vb View) bool {
	for _, m := range va.moves {
		if !vb.IsLegal(m) && !errors.Is(b.Check(m), ErrMoreSquares) {
			return false
		}
	}
	for _, m := range vb.moves {
		if !va.IsLegal(m) && !errors.Is(a.Check(m), ErrMoreSquares) {
			return false
		}
	}
	return true
}

// TestViewNoLeak: two states that differ only in ranks hidden from c give
// equal views for c.
func TestViewNoLeak(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		g := genRecorded(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		twin, ok := hiddenTwin(t, g, c)
		if !ok {
			t.Skip("the permuted game went another way")
		}
		got, want := twin.View(c), g.end.View(c)
		if got.Equal(want) {
			return
		}
		// Only the legal moves may differ, and only by the
		// More-Squares Rule's comparison of hidden ranks.
		if got.pos.equal(&want.pos) && got.last == want.last &&
			movesOnlyByMoreSquares(twin, g.end, got, want) {
			return
		}
		t.Fatalf("views differ for %v (-want +got):\n%s\nstate:\n%s\ntwin:\n%s", c,
			cmp.Diff(strings.Fields(want.String()), strings.Fields(got.String())),
			g.end.Picture(), twin.Picture())
	})
}

// TestViewShowsWhatIsKnown checks a view field by field against its
// state.
func TestViewShowsWhatIsKnown(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		checkView(t, s, c)
	})
}

func checkView(t tHelper, s State, c Color) {
	v := s.View(c)
	r := s.Rules()
	if p, want := v.Position(), viewPosition(s, c); !p.equal(&want) {
		t.Fatalf("View.Position differs from viewPositionInto:\n got %v\nwant %v", p, want)
	}
	if v.Player() != c || v.Turn() != s.Turn() || v.Ply() != s.Ply() ||
		v.PliesWithoutAttack() != s.PliesWithoutAttack() || v.Outcome() != s.Outcome() ||
		v.RescueDue() != s.RescueDue() || v.Rules() != r {
		t.Fatalf("view header differs from the state:\n%v", v)
	}
	hidden := 0
	for sq := range r.Squares().All() {
		p, ok := s.At(sq)
		vp, vok := v.At(sq)
		if ok != vok || s.Knowledge(sq) != v.Knowledge(sq) {
			t.Fatalf("%v: state has %v (%v), view %v (%v)", sq, p, s.Knowledge(sq), vp, v.Knowledge(sq))
		}
		if !ok {
			continue
		}
		shown := p.Color() == c || s.Knowledge(sq)&KnownRank != 0 || r.Info == InfoOpenFaced
		want := p
		if !shown {
			want = NewPiece(p.Color(), Unknown)
			hidden++
		}
		if vp != want {
			t.Fatalf("%v: got %v, want %v", sq, vp, want)
		}
		// The truth is always among the view's possibilities.
		if !v.Ranks(sq).Has(p.Rank()) {
			t.Fatalf("%v: the view says %v cannot be a %v", sq, vp, p.Rank())
		}
	}
	if got := v.Hidden().Len(); got != hidden {
		t.Fatalf("Hidden has %d squares, want %d", got, hidden)
	}
	// HiddenArmy holds the hidden pieces exactly when the enemy has its
	// whole army (a game from New), and more otherwise.
	o := c.Opponent()
	whole := s.Remaining(o)
	for rk, n := range s.Captured(o) {
		whole[rk] += n
	}
	if got := v.HiddenArmy().Total(); got < hidden || (whole == r.Army) != (got == hidden) {
		t.Fatalf("HiddenArmy has %d pieces for %d hidden ones", got, hidden)
	}
	for col := Red; col <= Blue; col++ {
		if v.Captured(col) != s.Captured(col) {
			t.Fatalf("captured %v: got %v, want %v", col, v.Captured(col), s.Captured(col))
		}
	}
	var want []Move
	if s.Turn() == c {
		want = s.AppendLegalMoves(nil)
		sortMoves(want)
	}
	if got := slices.Collect(v.LegalMoves()); !slices.Equal(got, want) {
		t.Fatalf("legal moves (-want +got):\n%s", cmp.Diff(want, got))
	}
	for _, m := range want {
		if !v.IsLegal(m) {
			t.Fatalf("IsLegal(%v) = false", m)
		}
	}
	// The last move: the truth, where shown.
	ev, vev := s.LastEvent(), v.LastEvent()
	if ev.Move != vev.Move || ev.Color != vev.Color || ev.Combat != vev.Combat || ev.Outcome != vev.Outcome {
		t.Fatalf("last event: got %+v, want %+v", vev, ev)
	}
	for _, pair := range [][2]Piece{{ev.Piece, vev.Piece}, {ev.Defender, vev.Defender}} {
		if pair[1] != pair[0] && (pair[1] != NewPiece(pair[0].Color(), Unknown) || pair[0].Color() == c) {
			t.Fatalf("last event: got %+v, want %+v", vev, ev)
		}
	}
}

// TestViewCombatReveals pins what a fight shows under each information
// setting, to both players.
func TestViewCombatReveals(t *testing.T) {
	// Red's piece on e4 attacks Blue's on e5; flags far away.
	tests := []struct {
		name             string
		info             InfoRule
		red, blue        byte   // Gravon letters of the fighters
		combat           Combat // the result
		redSees, blueSee Piece  // the defender in Red's view, the attacker in Blue's
	}{
		{"standard, defender wins", InfoStandard, 'F', 'U', DefenderWins, NewPiece(Blue, Major), NewPiece(Red, Sergeant)},
		{"silent, defender wins", InfoSilentDefense, 'F', 'U', DefenderWins, NewPiece(Blue, Unknown), NewPiece(Red, Sergeant)},
		{"silent, attacker wins", InfoSilentDefense, 'I', 'R', AttackerWins, NewPiece(Blue, Sergeant), NewPiece(Red, Major)},
		{"silent, tie", InfoSilentDefense, 'I', 'U', BothRemoved, NewPiece(Blue, Major), NewPiece(Red, Major)},
		{"silent, bomb holds", InfoSilentDefense, 'I', 'N', DefenderWins, NewPiece(Blue, Unknown), NewPiece(Red, Major)},
		{"open, defender wins", InfoOpenFaced, 'F', 'U', DefenderWins, NewPiece(Blue, Major), NewPiece(Red, Sergeant)},
		{"standard, attacker wins", InfoStandard, 'I', 'R', AttackerWins, NewPiece(Blue, Sergeant), NewPiece(Red, Major)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			r.Info = tt.info
			s := mustBoard(t, r, Red, "e4:"+string(tt.red), "e5:"+string(tt.blue), "a1:M", "a10:Y", "b10:X")
			s = play(t, s, "e4-e5")
			ev := s.View(Red).LastEvent()
			if ev.Combat != tt.combat || ev.Defender != tt.redSees {
				t.Errorf("red sees %v with defender %v, want %v with %v", ev.Combat, ev.Defender, tt.combat, tt.redSees)
			}
			bev := s.View(Blue).LastEvent()
			if bev.Piece != tt.blueSee {
				t.Errorf("blue sees attacker %v, want %v", bev.Piece, tt.blueSee)
			}
			e5 := MustParseSquare("e5")
			if p, ok := s.View(Red).At(e5); ok && tt.combat == DefenderWins && p != tt.redSees {
				t.Errorf("red sees %v on e5, want %v", p, tt.redSees)
			}
			if p, ok := s.View(Blue).At(e5); ok && tt.combat == AttackerWins &&
				(p != tt.blueSee || s.Knowledge(e5) != KnownRank|KnownMoved) {
				t.Errorf("blue sees %v (%v) on e5, want %v, shown and moved", p, s.Knowledge(e5), tt.blueSee)
			}
		})
	}
}

// TestViewMoveKnowledge pins what a quiet move shows.
func TestViewMoveKnowledge(t *testing.T) {
	r := Classic()
	s := mustBoard(t, r, Red, "a1:M", "a10:Y", "b2:D", "j9:P", "e2:F")
	s = play(t, s, "b2-b6", "j9-j8", "e2-e3")
	bv := s.View(Blue)
	tests := []struct {
		sq   string
		want Piece
		know Knowledge
	}{
		{"b6", NewPiece(Red, Unknown), KnownMoved | KnownFar},
		{"e3", NewPiece(Red, Unknown), KnownMoved},
		{"a1", NewPiece(Red, Unknown), 0},
		{"j8", NewPiece(Blue, Scout), KnownMoved},
	}
	for _, tt := range tests {
		sq := MustParseSquare(tt.sq)
		p, _ := bv.At(sq)
		if p != tt.want || bv.Knowledge(sq) != tt.know {
			t.Errorf("%s: got %v %v, want %v %v", tt.sq, p, bv.Knowledge(sq), tt.want, tt.know)
		}
	}
	if ev := bv.LastEvent(); ev.Piece != NewPiece(Red, Unknown) {
		t.Errorf("last move's piece: got %v, want red unknown", ev.Piece)
	}
	for _, tt := range []struct {
		sq string
		rk Rank
		ok bool
	}{
		{"b6", Scout, true}, {"b6", Miner, false}, {"e3", Bomb, false}, {"e3", Sergeant, true},
		{"e3", Marshal, true}, {"a1", Flag, true}, {"a1", Bomb, true}, {"j8", Scout, true}, {"j8", Spy, false},
	} {
		if got := bv.Ranks(MustParseSquare(tt.sq)).Has(tt.rk); got != tt.ok {
			t.Errorf("Ranks(%s, %v) = %v, want %v", tt.sq, tt.rk, got, tt.ok)
		}
	}
	if got := slices.Collect(s.View(Red).LegalMoves()); len(got) != 0 {
		t.Errorf("red's view lists moves on blue's turn: %v", got)
	}
}

// TestViewRoundTrip: the text and JSON forms decode to the same view.
func TestViewRoundTrip(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		checkRoundTrip(t, s.View(c))
	})
}

func checkRoundTrip(t tHelper, v View) {
	t.Helper()
	r := v.Rules()
	text := v.String()
	got, err := ParseView(text)
	if err != nil {
		t.Fatalf("ParseView(%q): %v", text, err)
	}
	if !got.Equal(v) {
		t.Fatalf("text round trip (-want +got):\n%s", cmp.Diff(text, got.String()))
	}
	if got.Rules() != r {
		t.Fatalf("text round trip: rules %v, want %v", got.Rules(), r)
	}
	var u View
	if err := u.UnmarshalText([]byte(text)); err != nil || !u.Equal(v) {
		t.Fatalf("UnmarshalText: %v", err)
	}
	// The text of a view is the text of its view position, with the
	// last move and the legal moves after it.
	pt := v.Position().String()
	if !strings.HasPrefix(text, pt+" ") || strings.Count(text[len(pt):], " ") != 2 {
		t.Fatalf("view text %q does not extend its position's %q", text, pt)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	var j View
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatalf("UnmarshalJSON(%s): %v", data, err)
	}
	if !j.Equal(v) {
		t.Fatalf("JSON round trip (-want +got):\n%s", cmp.Diff(text, j.String()))
	}
}

// TestViewRescue follows a rescue (Ultimate Lightning) through the views:
// the piece is captured, rescued, captured again (and may be rescued
// again), and the piece that made the rescue is marked.
func TestViewRescue(t *testing.T) {
	r := UltimateLightning()
	s := mustBoard(t, r, Red, "a1:M", "b4:F", "e9:G", "j10:Y", "b5:U", "h8:P")
	sgt := Army{Sergeant: 1}
	rng := rand.New(rand.NewPCG(7, 8))
	for i, tt := range []struct {
		move     string
		due      bool
		captured Army   // Red's captured pieces (all rescuable: none is the Flag)
		rescuer  string // the square of the piece that made a rescue, or ""
	}{
		{"b4-b5", false, sgt, ""},
		{"h8-h7", false, sgt, ""},
		{"e9-e10", true, sgt, "e10"},
		{"+sergeant@b4", false, Army{}, "e10"},
		{"b5-b4", false, sgt, "e10"},
	} {
		s = play(t, s, tt.move)
		for _, c := range []Color{Red, Blue} {
			v := s.View(c)
			if v.RescueDue() != tt.due || v.Captured(Red) != tt.captured {
				t.Fatalf("after %d %s, %v's view: rescue due %v, captured %v; want %v, %v",
					i+1, tt.move, c, v.RescueDue(), v.Captured(Red), tt.due, tt.captured)
			}
			if tt.rescuer != "" && !v.MadeRescue(MustParseSquare(tt.rescuer)) {
				t.Fatalf("after %s, %v's view does not show that %s made a rescue", tt.move, c, tt.rescuer)
			}
			if got := v.Rescues(Red); got != min(i/3, 1) {
				t.Fatalf("after %s, %v's view: %d rescues, want %d", tt.move, c, got, min(i/3, 1))
			}
			checkView(t, s, c)
			checkRoundTrip(t, v)
			checkSample(t, s, c, rng, false)
		}
	}
	if ms := s.View(Red).Position().History; len(ms) != 0 {
		t.Errorf("history without a More-Squares record: %v", ms)
	}
}

func TestViewDecodeErrors(t *testing.T) {
	r := Classic()
	s := mustNew(t, r, 1)
	good := s.View(Red).String()
	fields := strings.Fields(good)
	with := func(i int, f string) string {
		g := slices.Clone(fields)
		g[i] = f
		return strings.Join(g, " ")
	}
	tests := []struct {
		name, text string
		want       error
	}{
		{"empty", "", ErrSyntax},
		{"fields", strings.Join(fields[:10], " "), ErrSyntax},
		{"no viewer", strings.Join(fields[:10], " ") + " - -", ErrPosition},
		{"viewer", with(10, "view:green"), ErrSyntax},
		{"viewer's own ranks hidden", with(10, "view:blue"), ErrPosition},
		{"own piece hidden", with(1, hideFirst(fields[1], 'r')), ErrPosition},
		{"no lake", strings.Replace(good, "~", ".", 1), ErrSyntax},
		{"turn", with(2, "g"), ErrSyntax},
		{"rules", with(0, "chess"), ErrSyntax},
		{"last", with(11, "a4"), ErrSyntax},
		{"last piece missing", with(11, "e5-e6"), ErrSyntax},
		{"last hidden defender", with(11, "e4xe5(3>?)"), ErrSyntax},
		{"moves on the wrong turn", with(2, "b"), ErrSyntax},
		{"moves unsorted", with(12, "j4-j5,a4-a5"), ErrSyntax},
		{"moves", with(12, "a4"), ErrSyntax},
		{"history without records", with(8, "a4-a5"), ErrPosition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseView(tt.text)
			if !errors.Is(err, tt.want) {
				t.Errorf("ParseView: got %v, want %v", err, tt.want)
			}
		})
	}
	var u View
	if err := u.UnmarshalText([]byte(good)); err != nil || !u.Equal(s.View(Red)) {
		t.Errorf("UnmarshalText into a zero View: %v", err)
	}
	var zero View
	if _, err := zero.MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Errorf("MarshalText of the zero View: got %v, want ErrInvalid", err)
	}
	if _, err := json.Marshal(zero); err == nil {
		t.Errorf("json.Marshal of the zero View succeeded")
	}
	for _, data := range []string{`{`, `{"viewer":"green"}`, `{"rules":"chess"}`, `{"rules":"classic","turn":"red"}`,
		`{"rules":"classic","viewer":"red","turn":"red","board":[{"piece":"red flag"}]}`,
		`{"rules":"classic","viewer":"red","turn":"red","board":[{"square":"a1","piece":"red flag","known":["seen"]}]}`,
	} {
		if err := json.Unmarshal([]byte(data), &zero); err == nil {
			t.Errorf("UnmarshalJSON(%s) succeeded", data)
		}
	}
}

// fuzzViews returns views with a hidden defender of the last fight
// (silent defense) and with rescue moves to list, as fuzzing seeds.
func fuzzViews(tb testing.TB) []View {
	r := Classic()
	r.Info = InfoSilentDefense
	s := play(tb, mustBoard(tb, r, Red, "e4:F", "e5:U", "a1:M", "a10:Y", "b10:X"), "e4-e5")
	u := mustBoard(tb, UltimateLightning(), Red, "a1:M", "b4:F", "e9:G", "j10:Y", "b5:U", "h8:P")
	u = play(tb, u, "b4-b5", "h8-h7", "e9-e10")
	w := silentBeatState(tb) // "<" marks of earlier fights
	return []View{s.View(Red), s.View(Blue), u.View(Red), u.View(Blue), w.View(Red), w.View(Blue)}
}

func FuzzParseView(f *testing.F) {
	r := Classic()
	s := mustNew(f, r, 1)
	f.Add(s.View(Red).String())
	s = play(f, s, s.AppendLegalMoves(nil)[0].String())
	f.Add(s.View(Blue).String())
	for _, v := range fuzzViews(f) {
		f.Add(v.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseView(text)
		if err != nil {
			return
		}
		w, err := ParseView(v.String())
		if err != nil || !w.Equal(v) {
			t.Fatalf("%q parsed but its String %q does not: %v", text, v.String(), err)
		}
	})
}

// TestViewIntoNoAllocs pins that ViewInto allocates nothing once its
// View's lists have room.
func TestViewIntoNoAllocs(t *testing.T) {
	r := Classic()
	r.MoreSquares = MoreSquaresGame // keeps a history at every ply
	s := mustNew(t, r, 7)
	for range 20 {
		s = play(t, s, s.AppendLegalMoves(nil)[0].String())
	}
	var v View
	s.ViewInto(&v, s.Turn())
	if len(v.pos.History) == 0 || len(v.moves) == 0 {
		t.Fatalf("want a view with moves and history, got %v", v)
	}
	if n := testing.AllocsPerRun(100, func() { s.ViewInto(&v, s.Turn()) }); n != 0 {
		t.Errorf("ViewInto: %v allocations, want 0", n)
	}
}

func BenchmarkView(b *testing.B) {
	s := ongoingMidgame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(s.Turn())
	}
}

func BenchmarkViewInto(b *testing.B) {
	s := ongoingMidgame(b)
	var v View
	b.ReportAllocs()
	for b.Loop() {
		s.ViewInto(&v, s.Turn())
	}
}

// TestViewMoreSquaresHiddenRanks pins the one way the legal moves depend
// on hidden ranks (see View): two hidden Blue pieces trade squares, and
// Red's chasing move that recreates the look of an earlier board is legal
// exactly when the two differ in rank. Sampling follows the view.
func TestViewMoreSquaresHiddenRanks(t *testing.T) {
	r := Classic()
	r.MoreSquares = MoreSquaresGame
	moves := []string{
		"e5-e6", "e7-e8", // a threat, an evasion
		"e6-e5", "f7-e7",
		"g8-h8", "e8-f8",
		"h8-g8", "f8-f7", // a threat, an evasion: Red's chase runs
	}
	chase := MustParseMove("e5-e6") // looks like the board after Red's first move
	for _, tt := range []struct {
		name  string
		b     byte // the rank of the second Blue piece (Gravon letter)
		legal bool
	}{
		{"ranks differ", 'S', true},
		{"ranks equal", 'R', false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := mustBoard(t, r, Red, "a1:M", "e5:I", "g8:H", "j10:Y", "e7:R", "f7:"+string(tt.b))
			s = play(t, s, moves...)
			v := s.View(Red)
			if got := v.IsLegal(chase); got != tt.legal {
				t.Fatalf("IsLegal(%v) = %v, want %v (Check: %v)", chase, got, tt.legal, s.Check(chase))
			}
			if !tt.legal && !errors.Is(s.Check(chase), ErrMoreSquares) {
				t.Fatalf("Check(%v) = %v, want ErrMoreSquares", chase, s.Check(chase))
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for range 20 {
				got, err := v.Sample(rng)
				if err != nil {
					t.Fatalf("Sample: %v", err)
				}
				e7, _ := got.At(MustParseSquare("e7"))
				f7, _ := got.At(MustParseSquare("f7"))
				if (e7.Rank() != f7.Rank()) != tt.legal {
					t.Fatalf("sampled e7 %v and f7 %v, want them %s", e7, f7, tt.name)
				}
			}
		})
	}
}

func FuzzUnmarshalJSONView(f *testing.F) {
	s := mustNew(f, UltimateLightning(), 2)
	s = play(f, s, s.AppendLegalMoves(nil)[0].String())
	views := append(fuzzViews(f), s.View(Red), s.View(Blue))
	for _, v := range views {
		data, err := json.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v View
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("a decoded view does not encode: %v", err)
		}
		var w View
		if err := json.Unmarshal(again, &w); err != nil || !w.Equal(v) {
			t.Fatalf("a decoded view does not round-trip: %v", err)
		}
	})
}
