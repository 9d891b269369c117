package referee

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// UCCOptions configure a UCC engine seat.
type UCCOptions struct {
	// Name replaces the name reported to the opponent and in the result
	// line (default: the program, cut at the first whitespace, as the
	// manager does).
	Name string
	// FullLine times the whole reply line instead of its first byte
	// (the manager's select() times only the first byte).
	FullLine bool
	// LineTime bounds the rest of a line after its first byte under
	// first-byte timing (zero: 10 s), so that the referee never hangs.
	LineTime time.Duration
	// Pause stops the engine (SIGSTOP) while the opponent moves, as the
	// manager does (Game::Play), where the system has signals.
	Pause bool
	// RawEcho echoes the mover's reply verbatim to both sides, stray
	// whitespace included, as the manager does; otherwise the echo is the
	// canonical "X Y DIR [N]". The raw text of the opponent is the one
	// thing on this wire that is not a function of the viewer's View.
	RawEcho bool
}

// StartUCC starts an engine that speaks the UCC 2012 protocol. As the
// manager does, it passes no arguments unless Command.Args has them, and
// the engine's environment carries STRATEGO_RULES, the rules text of the
// game (our engines read it; the 2012 bots ignore it). The engine is
// killed when ctx ends; Close ends it normally.
func StartUCC(ctx context.Context, c Command, o UCCOptions) (Seat, error) {
	if o.Name == "" {
		o.Name = uccName(c.Args[0])
	}
	return &uccSeat{ctx: ctx, cmd: c, o: o}, nil
}

// uccSeat is a UCC engine at the table. The process starts at Setup,
// when the rules are known.
type uccSeat struct {
	ctx     context.Context
	cmd     Command
	o       UCCOptions
	conn    lineConn
	color   stratego.Color
	started bool   // START was sent (Red)
	sent    string // the setup rows as sent, joined by "|"
}

func (s *uccSeat) Name() string { return s.o.Name }

func (s *uccSeat) Setup(ctx context.Context, g GameInfo) (stratego.Setup, error) {
	if err := CheckUCCRules(g.Rules); err != nil {
		return stratego.Setup{}, err
	}
	if s.conn == nil {
		c := s.cmd
		c.Env = append(append([]string(nil), c.Env...), "STRATEGO_RULES="+g.Rules.String())
		p, err := start(s.ctx, c)
		if err != nil {
			return stratego.Setup{}, fmt.Errorf("%w: %w", ErrCrashed, err)
		}
		s.conn = p
	}
	s.color = g.Color
	if err := s.conn.writeLine(fmt.Sprintf("%s %s 10 10", strings.ToUpper(g.Color.String()), uccName(g.Opponent))); err != nil {
		return stratego.Setup{}, err
	}
	var rows [4]string
	for i := range rows {
		line, err := s.read(ctx)
		if err != nil {
			return stratego.Setup{}, &sentError{fmt.Errorf("setup row %d: %w", i+1, err), s.sent}
		}
		rows[i] = line
		s.sent = strings.Join(rows[:i+1], "|")
	}
	su, err := parseUCCSetup(g.Rules, g.Color, rows)
	if err != nil {
		return su, &sentError{err, s.sent}
	}
	return su, nil
}

// sentSetup is the setup as the engine sent it, its rows joined by "|".
func (s *uccSeat) sentSetup() string { return s.sent }

// read reads one reply line with the seat's timing.
func (s *uccSeat) read(ctx context.Context) (string, error) {
	d, ok := ctx.Deadline()
	if !ok || s.o.FullLine {
		return readCtx(ctx, s.conn, time.Time{})
	}
	rest := s.o.LineTime
	if rest == 0 {
		rest = 10 * time.Second
	}
	if err := ctx.Err(); err != nil && time.Now().After(d) {
		return "", fmt.Errorf("%w: %w", ErrTimeout, err)
	}
	return s.conn.readLine(d, d.Add(rest))
}

func (s *uccSeat) Act(ctx context.Context, t Turn) (Action, error) {
	if s.conn == nil {
		return Action{}, fmt.Errorf("%w: no setup", ErrCrashed)
	}
	if s.color == stratego.Red && !s.started {
		s.started = true
		if err := s.conn.writeLine("START"); err != nil {
			return Action{}, err
		}
	}
	for _, line := range uccBoard(t.View) {
		if err := s.conn.writeLine(line); err != nil {
			return Action{}, err
		}
	}
	if s.o.Pause {
		s.conn.pause(false)
		defer s.conn.pause(true)
	}
	line, err := s.read(ctx)
	if err != nil {
		return Action{}, err
	}
	m, surrender, err := parseUCCMove(line)
	if err != nil {
		return Action{Text: line}, err
	}
	return Action{Move: m, Resign: surrender, Text: line}, nil
}

func (s *uccSeat) Observe(ctx context.Context, p Ply) error {
	if p.Final || s.conn == nil {
		return nil // the manager never sends a game-ending move
	}
	ev := p.View.LastEvent()
	text := formatUCCMove(ev.Move)
	if s.o.RawEcho && p.Text != "" {
		text = p.Text
	}
	return s.conn.writeLine(text + " " + uccOutcome(ev))
}

func (s *uccSeat) Finish(ctx context.Context, r Result, v stratego.View) error {
	if s.conn == nil {
		return nil
	}
	return s.conn.writeLine("QUIT " + UCCResultLine(r))
}

func (s *uccSeat) Close() error {
	if s.conn == nil {
		return nil
	}
	return s.conn.close()
}

// markTree lists the processes of the engine (proc.markTree).
func (s *uccSeat) markTree() {
	if p, ok := s.conn.(*proc); ok {
		p.markTree()
	}
}
