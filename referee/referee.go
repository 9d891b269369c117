package referee

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/stratego-go/stratego"
)

// The faults of a seat. A Seat's methods return errors wrapping one of
// them; the referee scores the game against the seat with the matching
// Reason.
var (
	// ErrTimeout is a reply that did not come in time.
	ErrTimeout = errors.New("referee: no reply in time")
	// ErrCrashed is an engine that exited or closed its output.
	ErrCrashed = errors.New("referee: engine exited")
	// ErrGarbage is a reply the protocol does not allow.
	ErrGarbage = errors.New("referee: unintelligible reply")
	// ErrFlood is an engine that wrote more than the protocol allows
	// (a line over the length limit, or too many lines for one reply).
	ErrFlood = errors.New("referee: engine flooded its output")
	// ErrRejected is an engine that refused the rules of the game, or
	// rules that the protocol cannot express.
	ErrRejected = errors.New("referee: rules rejected")
	// ErrBadSetup is a setup that the rules do not allow.
	ErrBadSetup = errors.New("referee: bad setup")
)

// ErrRecord is wrapped by the errors of reading what the referee wrote
// into a record: a Reason (ParseReason), a Referee tag
// (ParseRefereeTag), the end of a game (RecordEnd). It is no fault of a
// seat.
var ErrRecord = errors.New("referee: record not as the referee writes it")

// Seat is one side of a game as the referee sees it: a built-in player
// (FromPlayer) or an engine process (StartSBP, StartUCC). The referee
// never passes it anything its side may not know: the views are the
// side's own, and the result is public.
//
// The referee calls one seat's methods one at a time, in game order,
// each after the previous call returned (Close last), though not always
// from the same goroutine. It calls the two seats of a game at the same
// time for their setups and for Finish and Close, so two seats that
// share state must guard it (FromPlayer's seats do). A game takes two
// distinct Seat values; Play refuses one on both sides.
type Seat interface {
	// Name is the player's name, for records, logs and the opponent.
	Name() string
	// Setup returns the side's setup for the game g.
	Setup(ctx context.Context, g GameInfo) (stratego.Setup, error)
	// Act returns what the side does on its turn.
	Act(ctx context.Context, t Turn) (Action, error)
	// Observe tells the side of a ply played, by either side.
	Observe(ctx context.Context, p Ply) error
	// Finish tells the side how the game ended; v is its final view
	// (the zero View when the game ended before it started).
	Finish(ctx context.Context, r Result, v stratego.View) error
	// Close releases the seat: an engine is asked to quit, given a
	// grace period, and killed.
	Close() error
}

// NotStarted returns the seat of an engine that could not start: err is
// the error of its start (StartSBP's: a failed handshake wraps
// ErrTimeout, ErrGarbage, ErrFlood or ErrCrashed). The game is scored
// against it as a failed setup, with the Reason of err (Crash when err
// wraps none of the faults), and recorded; a game whose two seats did
// not start is not played (Result.Played).
func NotStarted(name string, err error) Seat { return notStarted{name, err} }

// notStarted is the seat of NotStarted.
type notStarted struct {
	name string
	err  error
}

func (s notStarted) Name() string { return s.name }
func (s notStarted) Setup(context.Context, GameInfo) (stratego.Setup, error) {
	return stratego.Setup{}, s.err
}
func (s notStarted) Act(context.Context, Turn) (Action, error)           { return Action{}, s.err }
func (s notStarted) Observe(context.Context, Ply) error                  { return nil }
func (s notStarted) Finish(context.Context, Result, stratego.View) error { return nil }
func (s notStarted) Close() error                                        { return nil }

// Retrier is a Seat that can take an illegal move back and try again;
// the referee uses it when Game.Retries allows.
type Retrier interface {
	// Reject tells the side that its action was illegal, with the
	// reason; the referee then calls Act again.
	Reject(ctx context.Context, a Action, reason error) error
	// CanRetry reports whether the side accepts retries (an engine says
	// so in its handshake).
	CanRetry() bool
}

// GameInfo is what a side is told before the game.
type GameInfo struct {
	Rules    stratego.Rules
	Color    stratego.Color // the side's colour
	Opponent string         // the opponent's name as the side is told it
	Clock    TimeControl
	Profile  Profile
	// SetupTime is the time the setup may take, zero for no limit.
	SetupTime time.Duration
}

// Turn is what a side is told when it is asked to act.
type Turn struct {
	View stratego.View // the side's view; its turn
	// Left is each side's time on the game clock (indexed by Color),
	// zero when there is no game clock.
	Left [3]time.Duration
	// Limit is the time this reply may take, zero for none.
	Limit       time.Duration
	Clock       TimeControl
	DrawOffered bool // the opponent offered a draw with its last move
}

// Action is what a side does on its turn: a move (possibly offering a
// draw with it), a resignation, or the acceptance of a draw offer.
type Action struct {
	Move       stratego.Move
	Resign     bool
	OfferDraw  bool
	AcceptDraw bool
	// Text is the reply as an engine wrote it (the UCC echo and logs
	// use it); "" for a built-in player.
	Text string
}

// Ply is one ply played, as a side is told of it.
type Ply struct {
	// View is the observing side's view after the ply; its LastEvent is
	// the ply as that side saw it.
	View stratego.View
	// Text is the mover's reply as it wrote it, for the UCC dialect's raw
	// echo (UCCOptions.RawEcho), "" otherwise.
	Text string
	// Final says that the game ends with this ply on the mover's turn:
	// a captured flag, or the mover's win or draw by the rules after its
	// move. (A cap, or a loss of the mover's last movable piece, ends the
	// game too, but on the next turn, as the UCC manager counts; such a
	// ply is not final.)
	Final bool
	// DrawOffer says the mover offered a draw with the move.
	DrawOffer bool
}

// Profile selects how the end of a game is decided.
type Profile uint8

const (
	// ProfileLibrary ends games by the library's rules (State.Outcome):
	// the full ISF rules, or whatever Rules says.
	ProfileLibrary Profile = iota
	// ProfileUCC2012 ends games as the UCC 2012 manager does
	// (docs/ucc2012.md section 6), with UCC2012Rules: the rules decide
	// (a captured flag; the attrition of Rules.Attrition, checked after
	// every ply; the ply cap, reported as TurnCap, the manager's
	// DRAW_DEFAULT), except that a side whose movable pieces are walled
	// in is still asked to move, and loses by its illegal reply (or
	// resigns), as the manager asks it.
	ProfileUCC2012
)

// String returns "library" or "ucc2012".
func (p Profile) String() string {
	if p == ProfileUCC2012 {
		return "ucc2012"
	}
	return "library"
}

// UCC2012Rules returns the rules the UCC 2012 manager enforces
// (docs/ucc2012.md sections 6.3, 6.4 and 7): Classic without the Two-Squares and
// More-Squares rules, with the manager's attrition (Rules.Attrition: a
// side without a movable piece loses at once) and its turn cap of
// DefaultTurnCap as a ply cap of 2(N−1) plies (the manager plays N−1 full
// turns). Its text is
// "classic,twosquares=0,moresquares=off,maxplies=9998,attrition=true", so
// that the records of its games replay to the manager's own ends.
func UCC2012Rules() stratego.Rules {
	r := stratego.Classic()
	r.TwoSquares = 0
	r.MoreSquares = stratego.MoreSquaresOff
	r.Attrition = true
	r.MaxPlies = 2 * (DefaultTurnCap - 1)
	return r
}

// DefaultStartTime is the default time of an engine's start: its SBP
// handshake (SBPOptions.HandshakeTime) and its setup (Game.SetupTime),
// which a UCC engine's start is part of. It is generous, as a program
// on a virtual machine (a JVM, say) can take seconds to start on a busy
// machine, far more than a move time.
const DefaultStartTime = 30 * time.Second

// DefaultTurnCap is the UCC 2012 manager's default turn cap (-m 5000).
const DefaultTurnCap = 5000

// Game is one game to play.
type Game struct {
	Rules     stratego.Rules
	Red, Blue Seat
	Clock     TimeControl
	// SetupTime is the time a side has for its setup (a UCC engine's
	// start included); zero means the longer of DefaultStartTime and the
	// clock's per-move time, or no limit when the clock has none.
	SetupTime time.Duration
	// SetupTimes, where not zero, is a side's own setup time, by Color
	// (an engine that takes long to start), instead of SetupTime.
	SetupTimes [3]time.Duration
	Profile    Profile
	// TurnCap, when not zero, sets ProfileUCC2012's turn cap N: the
	// rules' MaxPlies becomes 2(N−1) (N−1 full turns are played, the
	// manager's -m N), or none for a negative N.
	TurnCap int
	// Retries is how many illegal actions in a game a side may take back
	// when its seat accepts retries (Retrier); zero forfeits at once.
	Retries int
	// Anonymous hides the names: each side is told "anonymous" as its
	// opponent's name.
	Anonymous bool
	// Tags are added to the record.
	Tags []stratego.Tag
	// TimeMargin is how late past a move's limit a reply may come and
	// still count (cutechess-cli's timemargin): a seat is told the limit
	// (Turn.Limit, a built-in player's Budget.Time) and its context ends
	// at the limit plus the margin. It absorbs the scheduling delays of
	// a busy machine, which neither a player nor the referee controls
	// (a thread kept off the processor when its timer fires); a game
	// clock is still charged the whole time a reply took. Zero is no
	// margin; a negative value is zero.
	TimeMargin time.Duration
}

// Play plays the game and returns its result. It returns an error only
// for a game that cannot start (invalid rules, a missing seat, one Seat
// value on both sides); every fault of a seat is a Result. Both seats
// are closed when it returns, on an error too, and no engine process
// outlives it.
func (g Game) Play(ctx context.Context) (Result, error) {
	if err := g.check(); err != nil {
		if g.Red != nil {
			_ = g.Red.Close()
		}
		if g.Blue != nil && !sameSeat(g.Red, g.Blue) {
			_ = g.Blue.Close()
		}
		return Result{}, err
	}
	if g.Profile == ProfileUCC2012 && g.TurnCap != 0 {
		g.Rules.MaxPlies = max(0, 2*(g.TurnCap-1))
	}
	m := &match{g: g, seats: [3]Seat{nil, g.Red, g.Blue}}
	res := m.play(ctx)
	m.finish(ctx, &res)
	return res, nil
}

// check returns the error of a game that cannot start.
func (g Game) check() error {
	if err := g.Rules.Validate(); err != nil {
		return err
	}
	if g.Red == nil || g.Blue == nil {
		return errors.New("referee: a game needs two seats")
	}
	if sameSeat(g.Red, g.Blue) {
		return errors.New("referee: one seat on both sides; give each side its own (FromPlayer twice with one player lets it play itself)")
	}
	if g.Profile == ProfileUCC2012 && g.TurnCap != 0 {
		r := g.Rules
		r.MaxPlies = max(0, 2*(g.TurnCap-1))
		if err := r.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// sameSeat reports whether a and b are one seat (the same pointer).
func sameSeat(a, b Seat) bool {
	v := reflect.ValueOf(a)
	return v.Kind() == reflect.Pointer && reflect.TypeOf(b) == v.Type() && a == b
}

// match is a game in play.
type match struct {
	g      Game
	seats  [3]Seat
	setups [3]stratego.Setup
	game   stratego.Game
	s      stratego.State // game.State()
	plies  []PlyLog
	left   [3]time.Duration
	retry  [3]int
	// drawOffer says the last move offered a draw.
	drawOffer bool
	// askedWalledIn says that ProfileUCC2012 asked a walled-in side to
	// move (its reply ends the game).
	askedWalledIn bool
}

// PlyLog is one ply of a game as the referee saw it.
type PlyLog struct {
	Event   stratego.Event // the full truth of the ply
	Text    string         // the mover's reply as written ("" in-process)
	Elapsed time.Duration  // the time the reply took
}

// play runs setup and the move loop.
func (m *match) play(ctx context.Context) Result {
	if res, ok := m.setup(ctx); !ok {
		return res
	}
	for {
		if ctx.Err() != nil {
			return m.end(aborted(ctx))
		}
		if res, over := m.checkEnd(); over {
			return m.end(res)
		}
		if res, over := m.turn(ctx); over {
			return m.end(res)
		}
	}
}

// setup asks both sides for their setups at once and starts the state.
func (m *match) setup(ctx context.Context) (Result, bool) {
	limit := m.g.SetupTime
	if limit == 0 && m.g.Clock != (TimeControl{}) {
		limit = max(DefaultStartTime, m.g.Clock.MoveTime)
	}
	var wg sync.WaitGroup
	var errs [3]error
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			limit := cmp.Or(m.g.SetupTimes[c], limit)
			opp := m.seats[c.Opponent()].Name()
			if m.g.Anonymous {
				opp = "anonymous"
			}
			info := GameInfo{Rules: m.g.Rules, Color: c, Opponent: opp, Clock: m.g.Clock, Profile: m.g.Profile, SetupTime: limit}
			sctx, cancel := withLimit(ctx, limit)
			defer cancel()
			s, err := m.seats[c].Setup(sctx, info)
			if err == nil {
				if cerr := m.g.Rules.CheckSetup(s); cerr != nil {
					text := setupText(s)
					if rs, ok := m.seats[c].(interface{ sentSetup() string }); ok {
						text = rs.sentSetup()
					}
					err = &sentError{err: fmt.Errorf("%w: %w", ErrBadSetup, cerr), text: text}
				}
			}
			if err == nil {
				m.setups[c] = s
			}
			errs[c] = err
		}()
	}
	wg.Wait()
	if (errs[stratego.Red] != nil || errs[stratego.Blue] != nil) && ended(ctx) {
		return aborted(ctx), false
	}
	switch r, b := errs[stratego.Red], errs[stratego.Blue]; {
	case r != nil && b != nil:
		return Result{Reason: reasonOf(r), Side: stratego.NoColor, Detail: "red: " + r.Error() + "; blue: " + b.Error()}, false
	case r != nil:
		return m.forfeit(stratego.Red, r, sentText(r)), false
	case b != nil:
		return m.forfeit(stratego.Blue, b, sentText(b)), false
	}
	g, err := stratego.NewGame(m.g.Rules, m.setups[stratego.Red], m.setups[stratego.Blue])
	if err != nil { // cannot happen after CheckSetup; scored as no game
		return Result{Reason: BadSetup, Detail: err.Error()}, false
	}
	m.game, m.s = g, g.State()
	if m.g.Clock.Base > 0 {
		m.left[stratego.Red], m.left[stratego.Blue] = m.g.Clock.Base, m.g.Clock.Base
	}
	return Result{}, true
}

// sentError is a fault of a setup with the text the side sent.
type sentError struct {
	err  error
	text string
}

func (e *sentError) Error() string { return e.err.Error() }
func (e *sentError) Unwrap() error { return e.err }

// sentText returns the text of a sentError in err's chain, or "".
func sentText(err error) string {
	var se *sentError
	if errors.As(err, &se) {
		return se.text
	}
	return ""
}

// setupText is the text of a setup as far as it can be written.
func setupText(s stratego.Setup) string {
	b, _ := s.AppendText(nil)
	return string(b)
}

// aborted is the end of a game whose context ended: its Detail is the
// context's cause ("context canceled", or what the canceller gave).
func aborted(ctx context.Context) Result {
	if _, ok := ctx.Deadline(); ok && ended(ctx) {
		<-ctx.Done() // past its deadline: its timer fires at once
	}
	detail := "the game's context ended"
	if c := context.Cause(ctx); c != nil {
		detail = c.Error()
	}
	return Result{Reason: Aborted, Detail: detail}
}

// ended reports whether ctx is done or past its deadline (a read that
// timed out at the deadline may beat the context's own timer).
func ended(ctx context.Context) bool {
	d, ok := ctx.Deadline()
	return ctx.Err() != nil || ok && !time.Now().Before(d)
}

// withLimit returns ctx with a deadline limit from now, or ctx itself
// for no limit.
func withLimit(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	if limit <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, limit)
}

// withMargin returns the time a reply with the limit limit may take
// before it is late: limit plus the margin, or no limit for none.
func withMargin(limit, margin time.Duration) time.Duration {
	if limit <= 0 {
		return limit
	}
	return limit + max(margin, 0)
}

// checkEnd decides whether the game is over before the side to move
// acts: the rules say so, except that ProfileUCC2012 asks a walled-in
// side to move all the same.
func (m *match) checkEnd() (Result, bool) {
	s := m.s
	o := s.Outcome()
	if !o.IsOver() {
		return Result{}, false
	}
	if walledIn(s) && m.g.Profile == ProfileUCC2012 && !m.askedWalledIn {
		m.askedWalledIn = true
		return Result{}, false
	}
	last := s.LastEvent().Color
	res := Result{Winner: o.Winner, Reason: ruleReason(s, m.g.Profile), Turn: last, ByMove: s.Ply() > 0}
	switch o.Reason {
	case stratego.FlagCaptured, stratego.NeitherCanMove:
	case stratego.NoLegalMove:
		res.Turn = o.Winner
	case stratego.NoMovablePiece:
		// The manager finds it on the winner's turn: after the winner's
		// move, or before its next move when the loser lost its last
		// movable piece itself.
		res.Turn, res.ByMove = o.Winner, last == o.Winner
	case stratego.PlyCap, stratego.NoAttackCap:
		res.ByMove = false
	default:
		res.Reason = Aborted
		res.Detail = "unexpected outcome " + o.String()
	}
	if s.Ply() == 0 {
		res.ByMove = false
	}
	return res, true
}

// walledIn reports whether the side to move in s has movable pieces but
// no legal move (the rules' NoLegalMove end; ProfileUCC2012 still asks
// it to move).
func walledIn(s stratego.State) bool {
	return s.Outcome().Reason == stratego.NoLegalMove && movable(s.Remaining(s.Turn())) > 0
}

// movable counts the pieces of movable ranks in an army.
func movable(a stratego.Army) int {
	n := 0
	for rk, k := range a {
		if stratego.Rank(rk).Movable() {
			n += int(k)
		}
	}
	return n
}

// turn asks the side to move for its action and plays it.
func (m *match) turn(ctx context.Context) (Result, bool) {
	c := m.s.Turn()
	seat := m.seats[c]
	drawOffered := len(m.plies) > 0 && m.drawOffer
	for {
		t := Turn{View: m.s.View(c), Left: m.left, Clock: m.g.Clock, DrawOffered: drawOffered}
		t.Limit = m.g.Clock.limit(m.left[c])
		start := time.Now()
		actx, cancel := withLimit(ctx, withMargin(t.Limit, m.g.TimeMargin))
		a, err := seat.Act(actx, t)
		cancel()
		elapsed := time.Since(start)
		if err != nil {
			if ended(ctx) {
				return aborted(ctx), true
			}
			return m.forfeit(c, err, a.Text), true
		}
		m.charge(c, elapsed)
		switch {
		case a.Resign:
			return Result{Winner: c.Opponent(), Reason: Resign, Side: c, Turn: c, Text: a.Text}, true
		case a.AcceptDraw && drawOffered:
			return Result{Reason: Agreed, Side: c, Turn: c, Text: a.Text}, true
		}
		next, ev, err := m.game.Apply(a.Move)
		if err != nil {
			if r, ok := seat.(Retrier); ok && r.CanRetry() && m.retry[c] < m.g.Retries {
				m.retry[c]++
				if rerr := r.Reject(ctx, a, err); rerr != nil {
					return m.forfeit(c, rerr, ""), true
				}
				continue
			}
			res := m.forfeit(c, fmt.Errorf("%w: %v: %w", errIllegal, a.Move, err), a.Text)
			res.IllegalMove = a.Move
			return res, true
		}
		m.game, m.s = next, next.State()
		m.drawOffer = a.OfferDraw
		m.plies = append(m.plies, PlyLog{Event: ev, Text: a.Text, Elapsed: elapsed})
		return m.afterMove(ctx, c, a)
	}
}

// errIllegal marks an illegal move (Reason Illegal).
var errIllegal = errors.New("referee: illegal move")

// charge takes the time of a reply off the side's game clock and adds
// the increment.
func (m *match) charge(c stratego.Color, elapsed time.Duration) {
	if m.g.Clock.Base > 0 {
		m.left[c] += m.g.Clock.Increment - elapsed
		if m.left[c] < 0 {
			m.left[c] = 0
		}
	}
}

// afterMove tells both sides of the ply.
func (m *match) afterMove(ctx context.Context, c stratego.Color, a Action) (Result, bool) {
	// The ply is final when it ends the game on the mover's turn, as the
	// UCC manager counts turns (it does not send such a move): not when a
	// cap ends the game, which the manager checks at the top of its loop,
	// nor when the mover lost its last movable piece (found on the
	// winner's turn), nor when a walled-in side is still to be asked.
	o := m.s.Outcome()
	final := o.IsOver()
	switch {
	case o.Reason == stratego.PlyCap || o.Reason == stratego.NoAttackCap:
		final = false
	case o.Reason == stratego.NoMovablePiece && o.Winner != c:
		final = false
	case m.g.Profile == ProfileUCC2012 && walledIn(m.s):
		final = false
	}
	for _, o := range []stratego.Color{c, c.Opponent()} {
		p := Ply{View: m.s.View(o), Text: a.Text, Final: final, DrawOffer: a.OfferDraw}
		if err := m.seats[o].Observe(ctx, p); err != nil {
			if ended(ctx) {
				return aborted(ctx), true
			}
			return m.forfeit(o, err, ""), true
		}
	}
	return Result{}, false
}

// forfeit scores the game against side c for the fault err.
func (m *match) forfeit(c stratego.Color, err error, text string) Result {
	return Result{Winner: c.Opponent(), Reason: reasonOf(err), Side: c, Turn: c, Detail: err.Error(), Err: err, Text: text}
}

// reasonOf maps a seat's error to the Reason of a forfeit.
func reasonOf(err error) Reason {
	switch {
	case errors.Is(err, errIllegal):
		return Illegal
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return Timeout
	case errors.Is(err, ErrFlood):
		return Flood
	case errors.Is(err, ErrGarbage):
		return Garbage
	case errors.Is(err, ErrRejected):
		return Rejected
	case errors.Is(err, ErrBadSetup):
		return BadSetup
	case errors.Is(err, ErrCrashed):
		return Crash
	}
	return Crash
}

// end fills in the parts of a result that every end has.
func (m *match) end(res Result) Result {
	res.Plies = len(m.plies)
	return res
}

// finish tells both seats the result, closes them, and writes the
// record.
func (m *match) finish(ctx context.Context, res *Result) {
	res.Plies = len(m.plies)
	res.Log = m.plies
	res.State = m.s
	res.Setups = m.setups
	res.Names = [3]string{"", m.seats[stratego.Red].Name(), m.seats[stratego.Blue].Name()}
	res.Record = m.record(*res)
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		if t, ok := m.seats[c].(interface{ markTree() }); ok {
			t.markTree()
		}
	}
	var wg sync.WaitGroup
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var v stratego.View
			if m.s.Rules().Width > 0 {
				v = m.s.View(c)
			}
			fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTime)
			defer cancel()
			_ = m.seats[c].Finish(fctx, *res, v)
			_ = m.seats[c].Close()
		}()
	}
	wg.Wait()
}

// finishTime bounds the sending of the result to a seat.
const finishTime = 2 * time.Second
