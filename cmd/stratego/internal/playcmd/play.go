// Package playcmd is the play subcommand of the stratego command: a game
// of Stratego in the terminal between a person and a built-in player of
// package bot.
//
// Usage:
//
//	stratego play [-bot NAME] [-side red|blue] [-rules TEXT] [-setup TEXT|random]
//	         [-record FILE] [-seed N] [-think DURATION] [-iterations N]
//	         [-color auto|always|never]
//
// First the person sets up: the command shows a setup from the setup
// chooser of package bot (bot.ChooseSetup) on the home rows and reads
// lines until "ok": "swap a1 b2" swaps two squares (either may be empty),
// "suggest" asks the chooser for another setup, "random" draws one with
// every piece on a random square, and a setup in the library's text form
// (stratego.Setup.String, "616B252538/B824423329/...", rows from the
// owner's back row forward) replaces it. -setup TEXT, -setup suggest or
// -setup random skips this step.
//
// Then the game: before each of the person's moves the command draws the
// board as the person's stratego.View shows it, with a legend and what
// each side knows about each piece (package termboard describes the
// marks), says in words what the enemy's last move did, and reads a
// line: a move in the library's notation ("e4-e5"; "e4xe5" for an attack
// is accepted, and "+general@d2" for a rescue), "moves" (or "moves e4")
// for the legal moves, "info e7" for what is known about a piece,
// "board", "legend", "resign" (which asks first; "resign yes" does not),
// "quit" or "help". A refused move is
// explained in words, naming the rule (the Two-Squares and More-Squares
// Rules among them), and the person is asked again. The end of the input,
// or "quit", stops the game unfinished.
//
// -record FILE writes the game record (stratego.Record, which
// stratego.ParseRecord reads and stratego.Record.Replay replays) after
// the setups and after every move, each time to a new file renamed over
// the old one, so the record is complete whenever the command stops. A
// path that cannot be written is an error before the game starts. The
// record holds both setups: reading it during the game shows the bot's.
//
// The enemy's ranks, and the seed, which would give them away, are
// printed only when the game is over or stopped.
//
// SIGINT or SIGTERM stops the game as "quit" does (the record of the game
// so far is on file already), and the command exits with status 3; a
// second signal kills it at once.
package playcmd

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
)

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// presetNames lists the rules presets for the help text.
var presetNames = strings.Join(stratego.PresetNames(), ", ")

// config is what the flags say.
type config struct {
	rules      stratego.Rules
	rulesText  string
	human      stratego.Color
	botName    string
	seed       uint64
	setup      string
	recordPath string
	budget     bot.Budget
	style      termboard.Style
}

// Run runs the subcommand with its arguments, reading the person's
// commands from in and writing to out.
func Run(args []string, in io.Reader, out io.Writer) error {
	cfg, err := parseFlags(args, out)
	if err != nil {
		return err
	}
	if cfg.recordPath != "" {
		if err := cli.CheckWritable(cfg.recordPath); err != nil {
			return fmt.Errorf("-record: %w", err)
		}
	}
	p, err := bot.New(cfg.botName, bot.Options{Seed: cfg.seed})
	if err != nil {
		return fmt.Errorf("-bot: %w", err)
	}
	ctx, stop := cli.Interruptible()
	defer stop()
	g := &game{
		cfg:   cfg,
		bot:   p,
		lines: readLines(ctx, in),
		ctx:   ctx,
		out:   out,
		st:    cfg.style,
		rng:   rand.New(rand.NewPCG(cfg.seed, 1)),
	}
	if err := g.run(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return &cli.Failure{Status: 3, Msg: context.Cause(ctx).Error()}
	}
	return nil
}

// line is a line of input, or the error that ended the input (io.EOF
// for its end).
type line struct {
	text string
	err  error
}

// lineReader reads the input a line at a time, when asked, in a
// goroutine of its own, so that a signal can end a wait for the person.
// It reads no further than asked (a script answering the output sees
// the output first).
type lineReader struct {
	want chan struct{}
	got  chan line
}

// readLines starts the reader of in; it stops when ctx ends.
func readLines(ctx context.Context, in io.Reader) *lineReader {
	lr := &lineReader{want: make(chan struct{}), got: make(chan line)}
	go func() {
		sc := bufio.NewScanner(in)
		for {
			select {
			case <-lr.want:
			case <-ctx.Done():
				return
			}
			var l line
			if sc.Scan() {
				l.text = sc.Text()
			} else {
				l.err = cmp.Or(sc.Err(), io.EOF)
			}
			select {
			case lr.got <- l:
			case <-ctx.Done():
				return
			}
		}
	}()
	return lr
}

// next returns the next line, or ctx's end.
func (lr *lineReader) next(ctx context.Context) (line, error) {
	select {
	case lr.want <- struct{}{}:
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
	select {
	case l := <-lr.got:
		return l, nil
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
}

// parseFlags reads the flags into a config.
func parseFlags(args []string, out io.Writer) (config, error) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego play [flags]\n\nPlay a game against a built-in player in the terminal; \"help\" during the game lists the commands.\n\nFlags:")
		fs.PrintDefaults()
	}
	botName := fs.String("bot", cli.StrongestBot(), "the built-in player to play against (one of "+strings.Join(bot.Names(), ", ")+")")
	side := fs.String("side", "red", "the side you play, red (moves first) or blue")
	rulesText := fs.String("rules", "classic", "rules: a preset ("+presetNames+") or rules text such as classic,twosquares=5")
	setup := fs.String("setup", "", "your setup in the library's text form, or suggest or random; skips the setup step")
	record := fs.String("record", "", "write the game record to this `file` after every move")
	seed := fs.Uint64("seed", 0, "random seed of the bot and of random setups (0: from the clock)")
	think := fs.Duration("think", 0, "time the bot may take a move (0: its default)")
	iterations := fs.Int("iterations", 0, "search iterations the bot may use a move (0: its default)")
	colorMode := fs.String("color", "auto", "colours: "+termboard.ColorModes+" (auto: on a terminal unless NO_COLOR is set)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	cfg := config{botName: *botName, setup: *setup, recordPath: *record, seed: *seed, rulesText: *rulesText}
	var err error
	if cfg.rules, err = stratego.ParseRules(*rulesText); err != nil {
		return cfg, fmt.Errorf("-rules %q (want one of %s, or rules text): %w", *rulesText, presetNames, err)
	}
	if cfg.human, err = stratego.ParseColor(*side); err != nil || !cfg.human.IsValid() {
		return cfg, fmt.Errorf("-side %q: want red or blue", *side)
	}
	if *think < 0 || *iterations < 0 {
		return cfg, fmt.Errorf("-think and -iterations: want 0 or more")
	}
	cfg.budget = bot.Budget{Time: *think, Iterations: *iterations}
	color, err := termboard.ColorFor(*colorMode, out)
	if err != nil {
		return cfg, err
	}
	cfg.style = termboard.Style{Color: color}
	if cfg.seed == 0 {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	return cfg, nil
}

// game is one game in progress.
type game struct {
	cfg config
	bot bot.Player
	// lines are the lines of input (readLines), and ctx ends at a signal.
	lines *lineReader
	ctx   context.Context
	out   io.Writer
	st    termboard.Style
	rng   *rand.Rand
	gm    stratego.Game  // the game so far
	s     stratego.State // its current state, gm.State()
}

// errStop ends the game early: the end of the input or "quit".
type stopError struct{ why string }

func (e stopError) Error() string { return e.why }

// run plays the game from the setups to the end.
func (g *game) run() error {
	r := g.cfg.rules
	me, enemy := g.cfg.human, g.cfg.human.Opponent()
	ctx := g.ctx
	fmt.Fprintf(g.out, "Stratego, %s rules: you play %s, the bot %q plays %s.\n", g.cfg.rulesText, g.st.Side(me), g.cfg.botName, g.st.Side(enemy))
	mine, err := g.chooseSetup()
	if stop, ok := err.(stopError); ok {
		fmt.Fprintf(g.out, "\n%s: no game played.\n", stop.why)
		return nil
	}
	if err != nil {
		return err
	}
	theirs, err := g.bot.Setup(ctx, r, enemy)
	if err != nil {
		return fmt.Errorf("the bot's setup: %w", err)
	}
	red, blue := mine, theirs
	if me == stratego.Blue {
		red, blue = theirs, mine
	}
	gm, err := stratego.NewGame(r, red, blue)
	if err != nil {
		return fmt.Errorf("the bot's setup: %w", err)
	}
	if err := g.set(gm); err != nil {
		return err
	}
	fmt.Fprintln(g.out, "\nThe game begins. Type a move such as e4-e5, or \"help\".")
	var stopped *stopError
	for !g.s.Outcome().IsOver() {
		if g.s.Turn() == me {
			err = g.humanTurn()
		} else {
			err = g.botTurn(ctx)
		}
		if stop, ok := err.(stopError); ok {
			stopped = &stop
			break
		}
		if err != nil {
			return err
		}
	}
	g.finish(stopped)
	return nil
}

// finish shows the end: the last move the person has not seen, the full
// board, the result and where the record is.
func (g *game) finish(stopped *stopError) {
	me := g.cfg.human
	if stopped != nil {
		fmt.Fprintf(g.out, "\n%s: the game stops unfinished after %d plies.\n", stopped.why, g.s.Ply())
	} else if ev := g.s.View(me).LastEvent(); ev.Color != me && ev.Outcome.IsOver() {
		// The enemy's moves that ended the game, which the person has
		// not seen yet.
		fmt.Fprintln(g.out)
		for _, ev := range g.news() {
			fmt.Fprintln(g.out, g.st.Describe(ev, me, g.cfg.rules.Numbering))
		}
	}
	fmt.Fprintf(g.out, "\nThe whole board:\n%s", g.st.State(g.s, me))
	fmt.Fprintf(g.out, "plies %d\nresult %s\nseed %d\n", g.s.Ply(), g.resultText(stopped), g.cfg.seed)
	if g.cfg.recordPath != "" {
		fmt.Fprintf(g.out, "record written to %s; \"stratego watch -replay %s\" replays it\n", g.cfg.recordPath, g.cfg.recordPath)
	}
}

// resultText is the result line: the outcome, and what it is for the
// person when that says more ("red wins (flag captured): you win"), or
// "unfinished (quit)" for a game stopped.
func (g *game) resultText(stopped *stopError) string {
	o := g.s.Outcome()
	if stopped != nil || !o.IsOver() {
		why := "unfinished"
		if stopped != nil {
			why += " (" + stopped.why + ")"
		}
		return why
	}
	text, words := o.String(), g.st.Outcome(o, g.cfg.human)
	if words != text {
		text += ": " + words
	}
	return text
}

// botTurn asks the bot for a move and plays it.
func (g *game) botTurn(ctx context.Context) error {
	v := g.s.View(g.s.Turn())
	m, err := g.bot.Move(ctx, v, g.cfg.budget)
	if err != nil && ctx.Err() != nil {
		return stopError{context.Cause(ctx).Error()}
	}
	if err != nil {
		return fmt.Errorf("the bot %q at ply %d: %w", g.cfg.botName, g.s.Ply()+1, err)
	}
	next, _, err := g.gm.Apply(m)
	if err != nil {
		return fmt.Errorf("the bot %q played an illegal move at ply %d: %w", g.cfg.botName, g.s.Ply()+1, err)
	}
	return g.set(next)
}

// set makes gm the game so far and saves its record.
func (g *game) set(gm stratego.Game) error {
	g.gm, g.s = gm, gm.State()
	return g.save()
}

// readLine reads the next line of input; the end of the input is a
// stopError.
func (g *game) readLine(prompt string) (string, error) {
	fmt.Fprint(g.out, prompt)
	l, err := g.lines.next(g.ctx)
	if err != nil {
		fmt.Fprintln(g.out)
		return "", stopError{context.Cause(g.ctx).Error()}
	}
	switch {
	case l.err == io.EOF:
		fmt.Fprintln(g.out)
		return "", stopError{"end of input"}
	case l.err != nil:
		return "", fmt.Errorf("reading the input: %w", l.err)
	}
	return strings.TrimSpace(l.text), nil
}
