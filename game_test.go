package stratego

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// genPlayedGame plays random legal moves from random setups under a
// random preset as a Game, and returns it with the state after each
// move (states[0] the start), played on States alongside.
func genPlayedGame(t *rapid.T, maxPlies int) (Game, []State) {
	r := genPreset(t)
	r.MaxPlies = 0
	seed := rapid.Uint64().Draw(t, "setup seed")
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	red, blue := RandomSetup(r, rng), RandomSetup(r, rng)
	g, err := NewGame(r, red, blue)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	s := g.State()
	states := []State{s}
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var buf []Move
	for i := 0; i < n && !s.Outcome().IsOver(); i++ {
		buf = s.AppendLegalMoves(buf[:0])
		m := rapid.SampledFrom(buf).Draw(t, "move")
		next, wantEv, err := s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		before := g
		var ev Event
		if g, ev, err = g.Apply(m); err != nil {
			t.Fatalf("Game.Apply(%v): %v", m, err)
		}
		if ev != wantEv || before.Len() != i || !before.State().Equal(s) {
			t.Fatalf("Game.Apply(%v): event %+v, want %+v; receiver changed: len %d, want %d", m, ev, wantEv, before.Len(), i)
		}
		s = next
		states = append(states, s)
	}
	return g, states
}

// TestProp_GameKeepsEveryPly: a Game's state is the state its moves
// give, At(n) is the state after n moves, Undo goes one move back,
// Events are the moves' events, and the record the game writes replays
// to the same states and reads back as the same game.
func TestProp_GameKeepsEveryPly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, states := genPlayedGame(t, plies(150))
		n := len(states) - 1
		if g.Len() != n || !g.State().Equal(states[n]) {
			t.Fatalf("game has %d moves, want %d; or its state differs", g.Len(), n)
		}
		for k := range states {
			at, ok := g.At(k)
			if !ok || at.Len() != k || !at.State().Equal(states[k]) {
				t.Fatalf("At(%d): ok %v, len %d, state equal %v", k, ok, at.Len(), at.State().Equal(states[k]))
			}
			if at.State().LastEvent() != states[k].LastEvent() {
				t.Fatalf("At(%d): last event %+v, want %+v", k, at.State().LastEvent(), states[k].LastEvent())
			}
		}
		if _, ok := g.At(n + 1); ok {
			t.Fatalf("At(%d) of a game of %d moves is ok", n+1, n)
		}
		u := g
		for k := n - 1; k >= 0; k-- {
			var ok bool
			if u, ok = u.Undo(); !ok || u.Len() != k || !u.State().Equal(states[k]) {
				t.Fatalf("Undo to %d moves: ok %v, len %d", k, ok, u.Len())
			}
		}
		if _, ok := u.Undo(); ok {
			t.Fatalf("Undo at the start is ok")
		}
		evs := g.Events()
		for i, ev := range evs {
			if ev != states[i+1].LastEvent() {
				t.Fatalf("Events()[%d] = %+v, want %+v", i, ev, states[i+1].LastEvent())
			}
		}
		rec := g.Record()
		for i, m := range rec.Moves {
			if want := Annotate(states[i+1].LastEvent()); m.AnnotatedMove != want {
				t.Fatalf("record move %d is %v, want %v", i, m.AnnotatedMove, want)
			}
		}
		if rec.Result != g.State().Outcome() {
			t.Fatalf("record result %v, want %v", rec.Result, g.State().Outcome())
		}
		replayed, err := rec.Replay()
		if err != nil {
			t.Fatalf("Replay of the game's record: %v\n%v", err, rec)
		}
		if !replayed[n].Equal(g.State()) || replayed[n].Outcome() != g.State().Outcome() {
			t.Fatalf("the record replays to another state")
		}
		text := g.String()
		var back Game
		if err := back.UnmarshalText([]byte(text)); err != nil {
			t.Fatalf("UnmarshalText of the game's text: %v\n%s", err, text)
		}
		if diff := cmp.Diff(text, back.String()); diff != "" {
			t.Fatalf("game text after a round trip (-want +got):\n%s", diff)
		}
		if !back.State().Equal(g.State()) || back.Len() != g.Len() {
			t.Fatalf("game read back differs")
		}
		if k := rapid.IntRange(0, n).Draw(t, "at"); true {
			at, _ := back.At(k)
			if !at.State().Equal(states[k]) {
				t.Fatalf("At(%d) of the game read back differs", k)
			}
		}
	})
}

// TestProp_GamesBranch: two games applied to one game share its moves
// and do not disturb each other or it.
func TestProp_GamesBranch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, states := genPlayedGame(t, plies(80))
		if g.State().Outcome().IsOver() {
			return
		}
		st := g.State()
		legal := st.AppendLegalMoves(nil)
		m1 := rapid.SampledFrom(legal).Draw(t, "first branch")
		m2 := rapid.SampledFrom(legal).Draw(t, "second branch")
		a, _, err1 := g.Apply(m1)
		b, _, err2 := g.Apply(m2)
		if err1 != nil || err2 != nil {
			t.Fatalf("Apply: %v, %v", err1, err2)
		}
		wantA, _, _ := g.State().Apply(m1)
		wantB, _, _ := g.State().Apply(m2)
		if !a.State().Equal(wantA) || !b.State().Equal(wantB) || a.Events()[g.Len()].Move != m1 || b.Events()[g.Len()].Move != m2 {
			t.Fatalf("branches disturb each other")
		}
		if g.Len() != len(states)-1 || !g.State().Equal(states[len(states)-1]) {
			t.Fatalf("branching changed the game")
		}
		if diff := cmp.Diff(g.Events(), a.Events()[:g.Len()]); diff != "" {
			t.Fatalf("branch's moves before the branch (-game +branch):\n%s", diff)
		}
	})
}

// TestGameEnds: resignation and agreed draws end a game, Undo takes them
// back before any move, and At of the last ply keeps them.
func TestGameEnds(t *testing.T) {
	r := Barrage()
	setup := MustParseSetup(r, "FB12239X../........../........../..........")
	g0, err := NewGame(r, setup, setup)
	if err != nil {
		t.Fatal(err)
	}
	g1, _, err := g0.Apply(MustParseMove("e1-e9"))
	if err != nil {
		t.Fatal(err)
	}
	resigned, err := g1.Resign(Red)
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := g1.AgreeDraw()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		g    Game
		want Outcome
	}{
		{"resigned", resigned, Outcome{Winner: Blue, Reason: Resignation}},
		{"drawn", drawn, Outcome{Reason: DrawAgreed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.State().Outcome(); got != tc.want {
				t.Fatalf("outcome %v, want %v", got, tc.want)
			}
			if _, _, err := tc.g.Apply(MustParseMove("d10-d9")); !errors.Is(err, ErrGameOver) {
				t.Fatalf("Apply after the end: %v, want ErrGameOver", err)
			}
			if _, err := tc.g.Resign(Blue); !errors.Is(err, ErrGameOver) {
				t.Fatalf("Resign after the end: %v, want ErrGameOver", err)
			}
			if at, ok := tc.g.At(1); !ok || at.State().Outcome() != tc.want {
				t.Fatalf("At(Len) = %v, %v; want the ended game", at.State().Outcome(), ok)
			}
			u, ok := tc.g.Undo()
			if !ok || u.Len() != 1 || u.State().Outcome().IsOver() || !u.State().Equal(g1.State()) {
				t.Fatalf("Undo: ok %v, len %d, outcome %v; want the game before the end", ok, u.Len(), u.State().Outcome())
			}
			rec := tc.g.Record()
			if rec.Result != tc.want {
				t.Fatalf("record result %v, want %v", rec.Result, tc.want)
			}
			back, err := rec.Game()
			if err != nil {
				t.Fatalf("Record.Game: %v", err)
			}
			if !back.State().Equal(tc.g.State()) {
				t.Fatalf("the record reads back to another game")
			}
			if u, ok := back.Undo(); !ok || u.Len() != 1 || u.State().Outcome().IsOver() {
				t.Fatalf("Undo of the game read back: ok %v, len %d, outcome %v", ok, u.Len(), u.State().Outcome())
			}
		})
	}
	// A resignation before any move is taken back too, and then nothing.
	r0, err := g0.Resign(Blue)
	if err != nil {
		t.Fatal(err)
	}
	u, ok := r0.Undo()
	if !ok || u.State().Outcome().IsOver() {
		t.Fatalf("Undo of a resignation at the start: ok %v, outcome %v", ok, u.State().Outcome())
	}
	if _, ok := u.Undo(); ok {
		t.Fatalf("Undo at the start is ok")
	}
}

// TestGameSnapshots: a game longer than the interval of the kept states
// goes back to every ply, under a rule set with the More-Squares game
// history, and its record read back does too.
func TestGameSnapshots(t *testing.T) {
	r := Classic()
	r.MoreSquares = MoreSquaresGame
	rng := rand.New(rand.NewPCG(7, 8))
	g, err := NewGame(r, RandomSetup(r, rng), RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	states := []State{g.State()}
	var buf []Move
	for len(states) < 3*snapEvery+5 && !g.State().Outcome().IsOver() {
		st := g.State()
		buf = st.AppendLegalMoves(buf[:0])
		if g, _, err = g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
		states = append(states, g.State())
	}
	back, err := g.Record().Game()
	if err != nil {
		t.Fatal(err)
	}
	for _, gg := range []Game{g, back} {
		for k, want := range states {
			at, ok := gg.At(k)
			if !ok || !at.State().Equal(want) {
				t.Fatalf("At(%d) differs", k)
			}
		}
	}
}

// TestGameFrom: a game from a state records the start position, has no
// setups, and reads back; the zero Game is no game and fails.
func TestGameFrom(t *testing.T) {
	var b Board
	b.Put(MustParseSquare("a1"), NewPiece(Red, Flag))
	b.Put(MustParseSquare("b2"), NewPiece(Red, General))
	b.Put(MustParseSquare("j10"), NewPiece(Blue, Flag))
	b.Put(MustParseSquare("h9"), NewPiece(Blue, Marshal))
	s, err := FromBoard(Classic(), b, Blue)
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "h9-h8")
	g := GameFrom(s)
	if r := g.Record(); r.Start == nil || r.RedSetup != (Setup{}) || r.BlueSetup != (Setup{}) {
		t.Fatalf("a game from a state has setups")
	}
	g, _, err = g.Apply(MustParseMove("b2-b3"))
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	if rec.Start == nil || !rec.Start.Equal(s.Position()) {
		t.Fatalf("record start %v, want %v", rec.Start, s.Position())
	}
	var back Game
	if err := back.UnmarshalText([]byte(g.String())); err != nil {
		t.Fatalf("UnmarshalText: %v\n%s", err, g)
	}
	if start, _ := back.At(0); !start.State().Equal(s) || !back.State().Equal(g.State()) || back.Len() != 1 {
		t.Fatalf("game read back differs:\n%s", back)
	}

	var zero Game
	if zero.IsValid() || GameFrom(State{}).IsValid() {
		t.Fatalf("zero Game is valid")
	}
	if _, _, err := zero.Apply(MustParseMove("a1-a2")); !errors.Is(err, ErrGameOver) {
		t.Fatalf("zero Game Apply: %v, want ErrGameOver", err)
	}
	if _, err := zero.MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("zero Game MarshalText: %v, want ErrInvalid", err)
	}
	if _, ok := zero.Undo(); ok {
		t.Fatalf("zero Game Undo is ok")
	}
	if _, ok := zero.At(0); ok {
		t.Fatalf("zero Game At(0) is ok")
	}
	if zero.String() != "" || zero.Len() != 0 || len(zero.Events()) != 0 {
		t.Fatalf("zero Game has a text or moves")
	}
	if err := back.UnmarshalText([]byte("[Rules \"classic\"]\n")); !errors.Is(err, ErrSyntax) {
		t.Fatalf("UnmarshalText of a bad record: %v, want ErrSyntax", err)
	}
	if err := back.UnmarshalText([]byte("[Rules \"classic\"]\n*")); !errors.Is(err, ErrInvalid) {
		t.Fatalf("UnmarshalText of a record without setups: %v, want ErrInvalid", err)
	}
}

// TestGameApplyAllocs: Apply of a game allocates one move record (and,
// every snapEvery moves, a copy of the state).
func TestGameApplyAllocs(t *testing.T) {
	r := Classic()
	rng := rand.New(rand.NewPCG(3, 4))
	g, err := NewGame(r, RandomSetup(r, rng), RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	m := st.AppendLegalMoves(nil)[0]
	got := testing.AllocsPerRun(100, func() {
		if _, _, err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	})
	if got > 1 {
		t.Fatalf("Game.Apply allocates %v times, want at most 1", got)
	}
}

// BenchmarkGamePlayout is BenchmarkPlayout's workload (uniform random
// legal moves from random Classic setups, a 2000-ply cap) played on a
// Game: one op is one ply, the record of every move kept.
func BenchmarkGamePlayout(b *testing.B) {
	r := Classic()
	r.MaxPlies = 2000
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]Move, 0, 512)
	var g Game
	over := true
	b.ReportAllocs()
	for b.Loop() {
		if over {
			var err error
			if g, err = NewGame(r, RandomSetup(r, rng), RandomSetup(r, rng)); err != nil {
				b.Fatal(err)
			}
		}
		st := g.State()
		buf = st.AppendLegalMoves(buf[:0])
		var err error
		if g, _, err = g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
		over = g.State().Outcome().IsOver()
	}
}

// BenchmarkGameAt goes back to a random ply of a 2000-ply game.
func BenchmarkGameAt(b *testing.B) {
	r := Classic()
	r.MaxPlies = 2000
	rng := rand.New(rand.NewPCG(8, 8))
	g, err := NewGame(r, RandomSetup(r, rng), RandomSetup(r, rng))
	if err != nil {
		b.Fatal(err)
	}
	var buf []Move
	for !g.State().Outcome().IsOver() {
		st := g.State()
		buf = st.AppendLegalMoves(buf[:0])
		if g, _, err = g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := g.At(rng.IntN(g.Len() + 1)); !ok {
			b.Fatal("At failed")
		}
	}
}

// TestGameConcurrentBranches: goroutines branching from one Game, going
// back with At and writing records, share its moves safely (-race) and
// each gets the game its own moves make.
func TestGameConcurrentBranches(t *testing.T) {
	r := Classic()
	rng := rand.New(rand.NewPCG(5, 6))
	g, err := NewGame(r, RandomSetup(r, rng), RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	var buf []Move
	for g.Len() < 40 {
		st := g.State()
		buf = st.AppendLegalMoves(buf[:0])
		if g, _, err = g.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	want := g.String()
	const workers = 4
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(w), 9))
			b := g
			var buf []Move
			for b.Len() < 80 && !b.State().Outcome().IsOver() {
				st := b.State()
				buf = st.AppendLegalMoves(buf[:0])
				var err error
				if b, _, err = b.Apply(buf[rng.IntN(len(buf))]); err != nil {
					errs <- err
					return
				}
				if _, ok := b.At(rng.IntN(b.Len() + 1)); !ok {
					errs <- errors.New("At failed")
					return
				}
			}
			back, err := b.Record().Game()
			if err == nil && !back.State().Equal(b.State()) {
				err = errors.New("a branch's record replays to another state")
			}
			errs <- err
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if g.String() != want {
		t.Fatal("the branches changed the game they came from")
	}
}
