package stratego

import "fmt"

// Game is a played game: how it started (the rules and both setups, or a
// start [State]), the moves played so far with what each did, and the
// current State. It is what a game server, a referee, a terminal game or
// a bot keeps for each game: [Game.Apply] plays a move and returns the
// next Game, [Game.Record] writes the whole game as a [Record] in one
// call, [Game.Undo] takes back the last move and [Game.At] goes back to
// any earlier ply.
//
// A Game is an immutable value, like a State: a program may keep the
// Games of earlier plies or branch two games from one (the section
// "Concurrency" of the package doc), and a move costs what [State.Apply]
// costs plus one small allocation ("Performance"). The zero Game is no
// game ([Game.IsValid] reports false; it has the zero State, so Apply
// fails with [ErrGameOver]); make one with [NewGame], [GameFrom] or
// [Record.Game]. Its text form is the text of its [Record]
// ([Game.AppendText], [Game.UnmarshalText]), so that a server may store
// a game as text and read it back.
type Game struct {
	start *gameStart // how the game started; shared by all its Games
	last  *gameMove  // the last move played, nil before the first
	state State      // the current state
}

// gameStart is how a game started. It is shared by every Game of one
// game and never written after it is made.
type gameStart struct {
	state     State
	red, blue Setup // the setups, when setups is true
	setups    bool  // the game started from setups ([NewGame])
}

// gameMove is one move of a game, in an immutable list shared between
// Games, newest first.
type gameMove struct {
	ev   Event     // what the move did (ev.Move is the move)
	prev *gameMove // the move before, nil for the first
	n    int       // the number of moves up to and with this one
	snap *State    // the state after this move, every snapEvery moves; else nil
}

// snapEvery is how often a Game keeps a copy of the state, in moves.
const snapEvery = 32

// NewGame starts a game under r from the two setups, as [New] does, and
// fails as New does. The game keeps the setups, which
// [Game.Record] writes.
func NewGame(r Rules, red, blue Setup) (Game, error) {
	s, err := New(r, red, blue)
	if err != nil {
		return Game{}, err
	}
	return Game{start: &gameStart{state: s, red: red, blue: blue, setups: true}, state: s}, nil
}

// GameFrom starts a game from s with no moves yet: for a game that starts
// from a placement ([FromBoard]), a position ([Position.State]), or in the
// middle of another game. Its record has a start position instead of
// setups ([Record.Start]). The zero State gives the zero Game.
func GameFrom(s State) Game {
	if s.g == nil {
		return Game{}
	}
	return Game{start: &gameStart{state: s}, state: s}
}

// IsValid reports whether g is a game, not the zero Game.
func (g Game) IsValid() bool { return g.start != nil }

// State returns the current state of the game.
func (g Game) State() State { return g.state }

// Len returns the number of moves played in the game, rescue placements
// included: the length of [Record.Moves] in its record.
func (g Game) Len() int {
	if g.last == nil {
		return 0
	}
	return g.last.n
}

// Events returns what each move of the game did, oldest first, in a new
// slice: [Event.Move] is the move, and the combat and the outcome after
// it are the full truth, as [State.Apply] returned them.
func (g Game) Events() []Event {
	evs := make([]Event, g.Len())
	for m := g.last; m != nil; m = m.prev {
		evs[m.n-1] = m.ev
	}
	return evs
}

// Apply plays m and returns the next game and what happened. The
// receiver is unchanged. An illegal move returns the receiver, a zero
// Event and the error of [State.Check] (a *[MoveError] wrapping a
// sentinel such as [ErrBlocked], or [ErrGameOver] when the game has
// ended).
func (g Game) Apply(m Move) (Game, Event, error) {
	next, ev, err := g.state.Apply(m)
	if err != nil {
		return g, Event{}, err
	}
	mv := &gameMove{ev: ev, prev: g.last, n: g.Len() + 1}
	if mv.n%snapEvery == 0 {
		snap := next
		mv.snap = &snap
	}
	return Game{start: g.start, last: mv, state: next}, ev, nil
}

// Resign returns the game in which c has resigned, as [State.Resign]
// does, and fails as it does.
func (g Game) Resign(c Color) (Game, error) {
	s, err := g.state.Resign(c)
	if err != nil {
		return g, err
	}
	g.state = s
	return g, nil
}

// AgreeDraw returns the game in which the players have agreed to a draw,
// as [State.AgreeDraw] does, and fails as it does.
func (g Game) AgreeDraw() (Game, error) {
	s, err := g.state.AgreeDraw()
	if err != nil {
		return g, err
	}
	g.state = s
	return g, nil
}

// agreed reports whether the game was ended by the players (a
// resignation or an agreed draw) rather than by a move.
func (g Game) agreed() bool {
	r := g.state.Outcome().Reason
	return r == Resignation || r == DrawAgreed
}

// Undo takes back the last thing done in the game and returns the game
// before it: a resignation or an agreed draw when the game ended so
// ([Game.Resign], [Game.AgreeDraw]), else the last move. It returns false
// when there is nothing to take back (no move and no such end).
func (g Game) Undo() (Game, bool) {
	if g.start == nil {
		return g, false
	}
	if g.agreed() {
		if s := g.stateAt(g.last); s.outcome != g.state.outcome {
			g.state = s
			return g, true
		}
	}
	if g.last == nil {
		return g, false
	}
	return g.At(g.last.n - 1)
}

// At returns the game as it stood after its first n moves, and true; or
// false when n is not between 0 and [Game.Len]. At(0) is the game at its
// start and At(g.Len()) is g itself (with its resignation or agreed draw,
// if any; At of an earlier ply has none).
func (g Game) At(n int) (Game, bool) {
	if g.start == nil || n < 0 || n > g.Len() {
		return g, false
	}
	if n == g.Len() {
		return g, true
	}
	m := g.last
	for m != nil && m.n > n {
		m = m.prev
	}
	return Game{start: g.start, last: m, state: g.stateAt(m)}, true
}

// stateAt returns the state after the move last of the game (the start
// for nil), replayed from the nearest copy kept at or before it.
func (g Game) stateAt(last *gameMove) State {
	var moves [snapEvery]Move
	k := 0
	m := last
	for ; m != nil && m.snap == nil; m = m.prev {
		moves[k] = m.ev.Move
		k++
	}
	s := g.start.state
	if m != nil {
		s = *m.snap
	}
	for k > 0 {
		k--
		var err error
		if s, _, err = s.Apply(moves[k]); err != nil {
			panic("stratego: a game's move no longer replays: " + err.Error())
		}
	}
	return s
}

// Record returns the record of the game: its rules, its setups (or its
// start position, for a game from [GameFrom]), every move annotated with
// its combat ([Annotate]), and its outcome as the result ("*" while it
// is ongoing). Add tags and comments to it as needed; [Record.Game]
// reads it back, and [Record.Replay] replays it to the same states.
func (g Game) Record() Record {
	if g.start == nil {
		return Record{}
	}
	rec := Record{Rules: g.state.Rules(), Result: g.state.Outcome()}
	if g.start.setups {
		rec.RedSetup, rec.BlueSetup = g.start.red, g.start.blue
	} else {
		p := g.start.state.Position()
		rec.Start = &p
	}
	if g.last != nil {
		rec.Moves = make([]RecordedMove, g.last.n)
		for m := g.last; m != nil; m = m.prev {
			rec.Moves[m.n-1].AnnotatedMove = Annotate(m.ev)
		}
	}
	return rec
}

// Game replays the record and returns the game it records (see
// [Game]): its setups or start position, its moves, and its result when
// that is a resignation or an agreed draw. It fails as [Record.Replay]
// does. The record's tags and comments are not part of the game.
func (rec Record) Game() (Game, error) {
	states, err := rec.Replay()
	if err != nil {
		return Game{}, err
	}
	start := &gameStart{state: states[0]}
	if rec.Start == nil {
		start.red, start.blue, start.setups = rec.RedSetup, rec.BlueSetup, true
	}
	g := Game{start: start, state: states[len(states)-1]}
	for i, s := range states[1:] {
		mv := &gameMove{ev: s.LastEvent(), prev: g.last, n: i + 1}
		if mv.n%snapEvery == 0 {
			snap := s
			snap.outcome = mv.ev.Outcome // without the record's resignation or draw
			mv.snap = &snap
		}
		g.last = mv
	}
	return g, nil
}

// String returns the text of the game's record ([Game.Record]), or ""
// for the zero Game.
func (g Game) String() string {
	if g.start == nil {
		return ""
	}
	return g.Record().String()
}

// AppendText implements [encoding.TextAppender]: it appends the text of
// the game's record. It fails with [ErrInvalid] for the zero Game.
func (g Game) AppendText(b []byte) ([]byte, error) {
	if g.start == nil {
		return b, fmt.Errorf("%w: the zero Game has no record", ErrInvalid)
	}
	return g.Record().AppendText(b)
}

// MarshalText implements [encoding.TextMarshaler] with
// [Game.AppendText].
func (g Game) MarshalText() ([]byte, error) { return g.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it parses a
// record ([ParseRecord]) and replays it ([Record.Game]). The record's
// tags and comments are dropped.
func (g *Game) UnmarshalText(b []byte) error {
	rec, err := ParseRecord(string(b))
	if err != nil {
		return err
	}
	ng, err := rec.Game()
	if err != nil {
		return err
	}
	*g = ng
	return nil
}
