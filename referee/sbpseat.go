package referee

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// SBPOptions configure an SBP engine seat.
type SBPOptions struct {
	// Name replaces the name the engine gives (id name).
	Name string
	// Options are sent as setoption lines after the handshake.
	Options map[string]string
	// HandshakeTime bounds the handshake, from the start of the process
	// to readyok (zero: DefaultStartTime).
	HandshakeTime time.Duration
	// Pause stops the engine (SIGSTOP) while it is not its turn.
	Pause bool
}

// maxInfo is the number of info lines an engine may send for one reply
// before it counts as a flood.
const maxInfo = 10000

// StartSBP starts an engine that speaks SBP/1 (PROTOCOL.md) and runs
// its handshake. The engine is killed when ctx ends; Close (called by
// Game.Play) ends it normally.
func StartSBP(ctx context.Context, c Command, o SBPOptions) (Seat, error) {
	p, err := start(ctx, c)
	if err != nil {
		return nil, err
	}
	s, err := newSBPSeat(ctx, p, o)
	if err != nil {
		p.close()
		return nil, fmt.Errorf("referee: engine %q: %w", c.Args[0], err)
	}
	if s.name == "" {
		s.name = c.Args[0]
	}
	return s, nil
}

// sbpSeat is an SBP engine at the table.
type sbpSeat struct {
	conn  lineConn
	name  string
	retry bool
	color stratego.Color
	rules stratego.Rules
	o     SBPOptions
	sent  string // the setup line as the engine sent it
}

// newSBPSeat runs the handshake on conn.
func newSBPSeat(ctx context.Context, conn lineConn, o SBPOptions) (*sbpSeat, error) {
	s := &sbpSeat{conn: conn, name: o.Name, o: o}
	limit := cmp.Or(o.HandshakeTime, DefaultStartTime)
	hctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if err := conn.writeLine("sbp 1"); err != nil {
		return nil, err
	}
	for {
		line, err := s.read(hctx)
		if err != nil {
			return nil, fmt.Errorf("handshake: %w", err)
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "sbpok":
			return s, s.options(hctx)
		case f[0] == "id" && len(f) > 2 && f[1] == "name":
			if o.Name == "" {
				s.name = strings.Join(f[2:], "_")
			}
		case f[0] == "feature" && len(f) == 3 && f[1] == "retry":
			s.retry = f[2] == "1"
		case f[0] == "id", f[0] == "option", f[0] == "feature", f[0] == "info":
		default:
			return nil, fmt.Errorf("%w: handshake: %q", ErrGarbage, clip(line))
		}
	}
}

// options sends the options and waits for readyok.
func (s *sbpSeat) options(ctx context.Context) error {
	for _, k := range slices.Sorted(maps.Keys(s.o.Options)) {
		if err := s.conn.writeLine("setoption name " + k + " value " + s.o.Options[k]); err != nil {
			return err
		}
	}
	if err := s.conn.writeLine("isready"); err != nil {
		return err
	}
	_, err := s.expect(ctx, "readyok")
	return err
}

// read reads one line by ctx's deadline; ctx's end stops the read.
func (s *sbpSeat) read(ctx context.Context) (string, error) {
	return readCtx(ctx, s.conn, time.Time{})
}

// expect reads lines until one whose first field is word, skipping info
// lines; anything else is garbage.
func (s *sbpSeat) expect(ctx context.Context, word string) ([]string, error) {
	for range maxInfo {
		line, err := s.read(ctx)
		if err != nil {
			return nil, err
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0, f[0] == "info":
		case f[0] == word:
			return f, nil
		default:
			return nil, &sentError{fmt.Errorf("%w: want %q, got %q", ErrGarbage, word, clip(line)), line}
		}
	}
	return nil, fmt.Errorf("%w: %d info lines", ErrFlood, maxInfo)
}

func (s *sbpSeat) Name() string { return s.name }

func (s *sbpSeat) CanRetry() bool { return s.retry }

// ms writes a duration in whole milliseconds.
func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

func (s *sbpSeat) Setup(ctx context.Context, g GameInfo) (stratego.Setup, error) {
	s.color, s.rules = g.Color, g.Rules
	opp := strings.Join(strings.Fields(g.Opponent), "_")
	if opp == "" {
		opp = "anonymous"
	}
	if err := s.conn.writeLine(sbpNewGame(g.Color, opp, g.Rules)); err != nil {
		return stratego.Setup{}, err
	}
	line, err := s.read(ctx)
	if err != nil {
		return stratego.Setup{}, err
	}
	switch f := strings.Fields(line); {
	case len(f) > 0 && f[0] == "reject":
		return stratego.Setup{}, &sentError{fmt.Errorf("%w: %s", ErrRejected, clip(strings.TrimSpace(strings.TrimPrefix(line, "reject")))), line}
	case len(f) != 1 || f[0] != "accept":
		return stratego.Setup{}, &sentError{fmt.Errorf("%w: want accept or reject, got %q", ErrGarbage, clip(line)), line}
	}
	setup := "setup"
	if g.SetupTime > 0 {
		setup += " movetime " + ms(g.SetupTime)
	}
	if err := s.conn.writeLine(setup); err != nil {
		return stratego.Setup{}, err
	}
	f, err := s.expect(ctx, "setup")
	if err != nil {
		return stratego.Setup{}, err
	}
	s.sent = strings.Join(f, " ")
	if len(f) != 2 {
		return stratego.Setup{}, &sentError{fmt.Errorf("%w: setup line %q", ErrGarbage, clip(s.sent)), s.sent}
	}
	su, err := stratego.ParseSetup(g.Rules, f[1])
	if err != nil {
		return stratego.Setup{}, &sentError{fmt.Errorf("%w: %w", ErrBadSetup, err), s.sent}
	}
	return su, nil
}

// sentSetup is the setup line the engine sent.
func (s *sbpSeat) sentSetup() string { return s.sent }

// sbpNewGame is the newgame line.
func sbpNewGame(c stratego.Color, opponent string, r stratego.Rules) string {
	return "newgame side " + c.String() + " opponent " + opponent + " rules " + r.String()
}

// sbpGo is the go line of a turn.
func sbpGo(t Turn) string {
	var b strings.Builder
	b.WriteString("go")
	if t.Clock.Base > 0 {
		b.WriteString(" rtime " + ms(t.Left[stratego.Red]) + " btime " + ms(t.Left[stratego.Blue]))
		b.WriteString(" rinc " + ms(t.Clock.Increment) + " binc " + ms(t.Clock.Increment))
	}
	if t.Limit > 0 {
		b.WriteString(" movetime " + ms(t.Limit))
	}
	if t.DrawOffered {
		b.WriteString(" drawoffer")
	}
	return b.String()
}

// sbpPosition is the position line: the player's view.
func sbpPosition(v stratego.View) (string, error) {
	b, err := v.AppendText([]byte("position "))
	return string(b), err
}

// sbpMoved is the moved line of a ply, as the viewer saw it.
func sbpMoved(v stratego.View) (string, error) {
	ev := v.LastEvent()
	b := []byte("moved " + ev.Color.String() + " ")
	b, err := stratego.Annotate(ev).AppendNotation(b, v.Rules().Numbering)
	return string(b), err
}

// sbpGameOver is the gameover line of a result.
func sbpGameOver(r Result) string {
	w := "draw"
	if r.Winner != stratego.NoColor {
		w = r.Winner.String()
	}
	return "gameover result " + w + " reason " + r.Reason.Token()
}

func (s *sbpSeat) Act(ctx context.Context, t Turn) (Action, error) {
	pos, err := sbpPosition(t.View)
	if err != nil {
		return Action{}, err
	}
	if err := s.conn.writeLine(pos); err != nil {
		return Action{}, err
	}
	if err := s.conn.writeLine(sbpGo(t)); err != nil {
		return Action{}, err
	}
	if s.o.Pause {
		s.conn.pause(false)
		defer s.conn.pause(true)
	}
	for range maxInfo {
		line, err := s.read(ctx)
		if err != nil {
			return Action{}, err
		}
		if a, ok, err := parseSBPReply(line); err != nil || ok {
			return a, err
		}
	}
	return Action{}, fmt.Errorf("%w: %d info lines", ErrFlood, maxInfo)
}

// parseSBPReply reads an engine's reply to go: ok is false for a line to
// skip (info, empty).
func parseSBPReply(line string) (a Action, ok bool, err error) {
	f := strings.Fields(line)
	a.Text = line
	switch {
	case len(f) == 0 || f[0] == "info":
		return a, false, nil
	case len(f) == 1 && f[0] == "resign":
		a.Resign = true
	case len(f) == 1 && f[0] == "draw":
		a.AcceptDraw = true
	case f[0] == "bestmove" && (len(f) == 2 || len(f) == 3 && f[2] == "draw"):
		m, err := stratego.ParseMove(f[1])
		if err != nil {
			return a, true, fmt.Errorf("%w: move %q: %w", ErrGarbage, clip(f[1]), err)
		}
		a.Move, a.OfferDraw = m, len(f) == 3
	default:
		return a, true, fmt.Errorf("%w: %q", ErrGarbage, clip(line))
	}
	return a, true, nil
}

func (s *sbpSeat) Observe(ctx context.Context, p Ply) error {
	line, err := sbpMoved(p.View)
	if err != nil {
		return err
	}
	return s.conn.writeLine(line)
}

// illegalReason is the token of an illegal move's reason.
func illegalReason(err error) string {
	for _, r := range []struct {
		err   error
		token string
	}{
		{stratego.ErrTwoSquares, "twosquares"}, {stratego.ErrMoreSquares, "moresquares"},
		{stratego.ErrBlocked, "blocked"}, {stratego.ErrOwnPiece, "ownpiece"},
		{stratego.ErrImmovable, "immovable"}, {stratego.ErrNoPiece, "nopiece"},
		{stratego.ErrNotYourPiece, "notyours"}, {stratego.ErrBadDirection, "direction"},
		{stratego.ErrOffBoard, "offboard"}, {stratego.ErrNoStrike, "nostrike"},
		{stratego.ErrRescue, "rescue"}, {stratego.ErrGameOver, "gameover"},
	} {
		if errors.Is(err, r.err) {
			return r.token
		}
	}
	return "illegal"
}

func (s *sbpSeat) Reject(ctx context.Context, a Action, reason error) error {
	return s.conn.writeLine("illegal " + a.Move.String() + " reason " + illegalReason(reason) + " retry")
}

func (s *sbpSeat) Finish(ctx context.Context, r Result, v stratego.View) error {
	if r.Reason == Illegal && r.Side == s.color && s.color != stratego.NoColor {
		if err := s.conn.writeLine("illegal " + r.IllegalMove.String() + " reason " + illegalReason(r.Err)); err != nil {
			return err
		}
	}
	return s.conn.writeLine(sbpGameOver(r))
}

func (s *sbpSeat) Close() error {
	s.conn.writeLine("quit")
	return s.conn.close()
}

// markTree lists the processes of the engine (proc.markTree).
func (s *sbpSeat) markTree() {
	if p, ok := s.conn.(*proc); ok {
		p.markTree()
	}
}
