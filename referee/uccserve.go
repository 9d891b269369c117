package referee

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// ServeUCC runs p as a bot of the UCC 2012 evaluator: it reads the
// manager's messages from in and writes its replies to out until QUIT,
// the end of in, or the end of ctx. The wire carries no rules, so the
// game is played under o.Rules (UCC2012Rules when zero). The UCC wire
// sends deltas, so the engine keeps its own view of the game: from the
// move lines and their outcomes it rebuilds a state that agrees with all
// it was told (the enemy ranks it has not seen chosen to fit), whose
// View is exactly the player's view; the board lines are checked against
// it, and a disagreement is written to o.Log.
func ServeUCC(ctx context.Context, in io.Reader, out io.Writer, p bot.Player, o ServeOptions) error {
	r := o.Rules
	if r.Width == 0 {
		r = UCC2012Rules()
	}
	if err := CheckUCCRules(r); err != nil {
		return err
	}
	e := &uccEngine{p: p, o: o, w: bufio.NewWriter(out), t: tracker{r: r}}
	return serveLines(ctx, in, MaxLine, e.w, e.handle)
}

// uccEngine is the state of ServeUCC.
type uccEngine struct {
	p     bot.Player
	o     ServeOptions
	w     *bufio.Writer
	t     tracker
	board []string
}

// logf reports a problem, when there is a log.
func (e *uccEngine) logf(format string, args ...any) {
	if e.o.Log != nil {
		fmt.Fprintf(e.o.Log, "engine: "+format+"\n", args...)
	}
}

// handle answers one line of the manager.
func (e *uccEngine) handle(ctx context.Context, line string) (quit bool, err error) {
	f := strings.Fields(line)
	switch {
	case len(f) == 0, line == "START":
	case f[0] == "QUIT":
		return true, nil
	case (f[0] == "RED" || f[0] == "BLUE") && len(f) == 4:
		return false, e.setup(ctx, f[0])
	case len(f) == 1 && len(line) == 10:
		e.board = append(e.board, line)
		if len(e.board) == 10 {
			e.checkBoard()
			e.board = e.board[:0]
			e.w.WriteString(e.move(ctx) + "\n")
		}
	default:
		obs, err := parseUCCMoveLine(line)
		if err != nil {
			e.logf("%v", err)
			return false, nil
		}
		if err := e.t.observe(obs); err != nil {
			e.logf("move %q: %v", line, err)
		}
	}
	return false, nil
}

// setup answers the setup request with four rows.
func (e *uccEngine) setup(ctx context.Context, colour string) error {
	c := stratego.Red
	if colour == "BLUE" {
		c = stratego.Blue
	}
	s, err := e.p.Setup(ctx, e.t.r, c)
	if err != nil {
		return fmt.Errorf("%w: setup: %w", ErrProtocol, err)
	}
	e.t.me, e.t.mine = c, s
	for _, row := range uccSetupRows(s, c) {
		e.w.WriteString(row + "\n")
	}
	return nil
}

// checkBoard compares the board lines with the engine's own view, and
// learns the enemy's start squares from the first board.
func (e *uccEngine) checkBoard() {
	if !e.t.ready {
		if err := e.t.begin(e.board); err != nil {
			e.logf("%v", err)
		}
		return
	}
	want := uccBoard(e.t.s.View(e.t.me))
	for y, line := range e.board {
		if line != want[y] {
			e.logf("board line %d is %q, the engine's view has %q", y, line, want[y])
		}
	}
}

// move asks the player for a move in the engine's view.
func (e *uccEngine) move(ctx context.Context) string {
	if !e.t.ready || e.t.s.Turn() != e.t.me {
		e.logf("asked to move out of turn")
		return "SURRENDER"
	}
	v := e.t.s.View(e.t.me)
	if v.Outcome().IsOver() {
		return "SURRENDER" // walled in: the manager asks anyway
	}
	mctx, cancel := withLimit(ctx, e.o.MoveTime)
	defer cancel()
	m, err := e.p.Move(mctx, v, bot.Budget{Time: e.o.MoveTime})
	if err != nil {
		if !errors.Is(err, bot.ErrNoMove) {
			e.logf("move: %v", err)
		}
		return "SURRENDER"
	}
	return formatUCCMove(m)
}

// uccObs is one move line the manager sent: the move and its outcome.
type uccObs struct {
	m        stratego.Move
	result   string // OK, KILLS, DIES, BOTHDIE, ILLEGAL, VICTORY_FLAG, VICTORY_ATTRITION
	att, def stratego.Rank
}

// parseUCCMoveLine reads a move line of the manager:
// "X Y DIR [N] OUTCOME [ATT DEF]".
func parseUCCMoveLine(line string) (uccObs, error) {
	f := strings.Fields(line)
	bad := func() (uccObs, error) { return uccObs{}, fmt.Errorf("%w: move line %q", ErrProtocol, clip(line)) }
	if len(f) < 4 {
		return bad()
	}
	m, _, err := parseUCCMove(strings.Join(f[:3], " "))
	if err != nil {
		return bad()
	}
	i := 3
	if n, err := strconv.Atoi(f[3]); err == nil {
		if n <= 0 {
			return bad()
		}
		m.To = m.From.Step(directionOf(f[2]), n)
		i = 4
	}
	if i >= len(f) {
		return bad()
	}
	o := uccObs{m: m, result: f[i]}
	switch o.result {
	case "OK", "ILLEGAL", "VICTORY_FLAG", "VICTORY_ATTRITION":
		if len(f) != i+1 {
			return bad()
		}
	case "KILLS", "DIES", "BOTHDIE":
		if len(f) != i+3 || len(f[i+1]) != 1 || len(f[i+2]) != 1 {
			return bad()
		}
		var ok1, ok2 bool
		o.att, ok1 = uccRank(f[i+1][0])
		o.def, ok2 = uccRank(f[i+2][0])
		if !ok1 || !ok2 {
			return bad()
		}
	default:
		return bad()
	}
	if !o.m.From.IsValid() || !o.m.To.IsValid() {
		return bad()
	}
	return o, nil
}

// directionOf returns the library direction of a UCC direction name.
func directionOf(name string) stratego.Direction {
	for _, u := range uccDirs {
		if u.name == name {
			return u.d
		}
	}
	return stratego.NoDirection
}

// tracker is the game as a UCC bot knows it: its own setup, the moves
// with their outcomes, and a state that explains them, with the enemy
// ranks it has not seen chosen to fit everything it saw.
type tracker struct {
	r     stratego.Rules
	me    stratego.Color
	mine  stratego.Setup
	ready bool               // the enemy's start squares are known
	start stratego.SquareSet // the enemy's start squares
	obs   []uccObs
	s     stratego.State // a state that explains obs
}

// begin learns the enemy's start squares from the first board (undoing
// the moves sent before it) and builds the first state.
func (t *tracker) begin(board []string) error {
	var set stratego.SquareSet
	for y, line := range board {
		for x := 0; x < len(line) && x < 10; x++ {
			if line[x] == '#' {
				set = set.With(uccSquare(x, y))
			}
		}
	}
	for _, o := range slices.Backward(t.obs) { // the enemy's moves: the bot has not moved yet
		switch o.result {
		case "OK", "KILLS":
			set = set.Without(o.m.To).With(o.m.From)
		default:
			set = set.With(o.m.From)
		}
	}
	t.start, t.ready = set, true
	return t.rebuild()
}

// observe takes one move line into the tracker.
func (t *tracker) observe(o uccObs) error {
	if o.result == "ILLEGAL" || strings.HasPrefix(o.result, "VICTORY") {
		return nil // not made (-i), or the game is over
	}
	t.obs = append(t.obs, o)
	if !t.ready {
		return nil
	}
	if next, ev, err := t.s.Apply(o.m); err == nil && matches(ev, o) {
		t.s = next
		return nil
	}
	return t.rebuild()
}

// matches reports whether an applied move had the observed outcome.
func matches(ev stratego.Event, o uccObs) bool {
	switch o.result {
	case "OK":
		return ev.Combat == stratego.NoCombat
	case "KILLS", "DIES", "BOTHDIE":
		return uccOutcome(ev) == o.result+" "+string(uccToken(o.att))+" "+string(uccToken(o.def))
	}
	return false
}

// rebuild chooses enemy ranks that fit every observation and replays the
// game from the start.
func (t *tracker) rebuild() error {
	enemy, err := t.enemySetup()
	if err != nil {
		return err
	}
	red, blue := t.mine, enemy
	if t.me == stratego.Blue {
		red, blue = enemy, t.mine
	}
	s, err := stratego.New(t.r, red, blue)
	if err != nil {
		return fmt.Errorf("%w: the enemy setup the engine inferred: %w", ErrProtocol, err)
	}
	for i, o := range t.obs {
		next, ev, err := s.Apply(o.m)
		if err != nil || !matches(ev, o) {
			return fmt.Errorf("%w: move %d (%s %s) does not fit the rules: %v", ErrProtocol, i+1, formatUCCMove(o.m), o.result, err)
		}
		s = next
	}
	t.s = s
	return nil
}

// enemySetup assigns ranks to the enemy's pieces: the ranks battles
// showed, Scouts for the pieces that moved far, movable ranks for the
// others that moved, and what is left of the army for the rest.
func (t *tracker) enemySetup() (stratego.Setup, error) {
	enemy := t.me.Opponent()
	at := map[stratego.Square]stratego.Square{} // current square → start square
	for sq := range t.start.All() {
		at[sq] = sq
	}
	known := map[stratego.Square]stratego.Rank{}
	moved := map[stratego.Square]bool{}
	far := map[stratego.Square]bool{}
	c := stratego.Red
	for _, o := range t.obs {
		if c == enemy {
			st, ok := at[o.m.From]
			if !ok {
				return stratego.Setup{}, fmt.Errorf("%w: an enemy move %s from a square without an enemy piece", ErrProtocol, formatUCCMove(o.m))
			}
			moved[st] = true
			if _, n := o.m.From.Line(o.m.To); n > 1 {
				far[st] = true
			}
			delete(at, o.m.From)
			if o.result != "OK" {
				known[st] = o.att
			}
			if o.result == "OK" || o.result == "KILLS" {
				at[o.m.To] = st
			}
		} else if o.result != "OK" {
			st, ok := at[o.m.To]
			if !ok {
				return stratego.Setup{}, fmt.Errorf("%w: an attack %s on a square without an enemy piece", ErrProtocol, formatUCCMove(o.m))
			}
			known[st] = o.def
			if o.result != "DIES" {
				delete(at, o.m.To)
			}
		}
		c = c.Opponent()
	}
	left := t.r.Army
	assign := map[stratego.Square]stratego.Rank{}
	take := func(sq stratego.Square, rk stratego.Rank) bool {
		if left[rk] == 0 {
			return false
		}
		left[rk]--
		assign[sq] = rk
		return true
	}
	squares := slices.Collect(t.start.All())
	for _, sq := range squares {
		if rk, ok := known[sq]; ok && !take(sq, rk) {
			return stratego.Setup{}, fmt.Errorf("%w: more enemy %vs than the army has", ErrProtocol, rk)
		}
	}
	for _, pass := range []func(sq stratego.Square) []stratego.Rank{
		func(sq stratego.Square) []stratego.Rank {
			if far[sq] {
				return []stratego.Rank{stratego.Scout}
			}
			return nil
		},
		func(sq stratego.Square) []stratego.Rank {
			if moved[sq] {
				return movableRanks
			}
			return nil
		},
		func(stratego.Square) []stratego.Rank { return allRanks },
	} {
		for _, sq := range squares {
			if _, done := assign[sq]; done {
				continue
			}
			for _, rk := range pass(sq) {
				if take(sq, rk) {
					break
				}
			}
		}
	}
	s := stratego.NewSetup(t.r)
	for sq, rk := range assign {
		own := sq
		if enemy == stratego.Blue {
			own = t.r.Rotate(sq)
		}
		s.Put(own, rk)
	}
	if len(assign) != len(squares) {
		return stratego.Setup{}, fmt.Errorf("%w: no enemy army fits what the engine saw", ErrProtocol)
	}
	return s, nil
}

// movableRanks and allRanks are the ranks in the order the tracker
// hands them out.
var (
	movableRanks = []stratego.Rank{stratego.Scout, stratego.Miner, stratego.Sergeant, stratego.Lieutenant, stratego.Captain, stratego.Major, stratego.Colonel, stratego.General, stratego.Marshal, stratego.Spy}
	allRanks     = append([]stratego.Rank{stratego.Bomb, stratego.Flag}, movableRanks...)
)
