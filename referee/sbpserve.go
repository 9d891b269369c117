package referee

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// ServeSBP runs p as an SBP/1 engine (PROTOCOL.md): it reads the
// referee's messages from in and writes its replies to out, until quit,
// the end of in, or the end of ctx. The player is stateless on this
// wire: each go comes after a position line with the player's view.
func ServeSBP(ctx context.Context, in io.Reader, out io.Writer, p bot.Player, o ServeOptions) error {
	e := &sbpEngine{p: p, o: o, w: bufio.NewWriter(out)}
	return serveLines(ctx, in, 4*MaxLine, e.w, e.handle)
}

// sbpEngine is the state of ServeSBP.
type sbpEngine struct {
	p     bot.Player
	o     ServeOptions
	w     *bufio.Writer
	rules stratego.Rules
	color stratego.Color
	view  stratego.View
}

// say writes one line.
func (e *sbpEngine) say(s string) { e.w.WriteString(s + "\n") }

// logf reports a problem, when there is a log.
func (e *sbpEngine) logf(format string, args ...any) {
	if e.o.Log != nil {
		fmt.Fprintf(e.o.Log, "engine: "+format+"\n", args...)
	}
}

// handle answers one line of the referee.
func (e *sbpEngine) handle(ctx context.Context, line string) (quit bool, err error) {
	cmd, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch cmd {
	case "sbp":
		name := e.o.Name
		if name == "" {
			name = "stratego-go"
		}
		e.say("id name " + name)
		if e.o.Author != "" {
			e.say("id author " + e.o.Author)
		}
		e.say("feature retry 1")
		e.say("sbpok")
	case "isready":
		e.say("readyok")
	case "newgame":
		e.newGame(rest)
	case "setup":
		su, err := e.p.Setup(ctx, e.rules, e.color)
		if err != nil {
			return false, fmt.Errorf("%w: setup: %w", ErrProtocol, err)
		}
		e.say("setup " + su.String())
	case "position":
		v, err := stratego.ParseView(rest)
		if err != nil {
			e.logf("position: %v", err)
			return false, fmt.Errorf("%w: position: %w", ErrProtocol, err)
		}
		e.view = v
	case "go":
		e.move(ctx, rest)
	case "quit":
		return true, nil
	case "gameover", "moved", "illegal", "setoption", "":
	default:
		e.logf("unknown command %q", clip(line))
	}
	return false, nil
}

// newGame answers newgame with accept or reject.
func (e *sbpEngine) newGame(rest string) {
	f := strings.Fields(rest)
	if len(f) != 6 || f[0] != "side" || f[2] != "opponent" || f[4] != "rules" {
		e.say("reject bad newgame line")
		return
	}
	c, err := stratego.ParseColor(f[1])
	if err != nil {
		e.say("reject bad side")
		return
	}
	r, err := stratego.ParseRules(f[5])
	if err != nil {
		e.say("reject " + oneLine(err.Error()))
		return
	}
	e.rules, e.color = r, c
	e.say("accept")
}

// move answers go with a move of the player, or resign.
func (e *sbpEngine) move(ctx context.Context, rest string) {
	limit := time.Duration(0)
	f := strings.Fields(rest)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "movetime" {
			if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
				limit = time.Duration(n) * time.Millisecond
			}
		}
	}
	if !e.view.IsValid() {
		e.say("resign")
		return
	}
	// Keep a margin for the pipe and the referee's scheduling.
	budget := limit - limit/10
	mctx, cancel := withLimit(ctx, budget)
	defer cancel()
	m, err := e.p.Move(mctx, e.view, bot.Budget{Time: budget})
	if err != nil {
		e.logf("move: %v", err)
		e.say("resign")
		return
	}
	e.say("bestmove " + m.String())
}
