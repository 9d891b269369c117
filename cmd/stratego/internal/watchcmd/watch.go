// Package watchcmd is the watch subcommand of the stratego command, and
// what the command runs when it is given no subcommand: a full game of
// Stratego between two built-in players of package bot, shown as it is
// played.
//
// Usage:
//
//	stratego watch [-red NAME] [-blue NAME] [-rules TEXT] [-seed N]
//	         [-iterations N] [-think DURATION] [-max-plies N] [-moves]
//	         [-live] [-movetime DURATION] [-record FILE] [-view red|blue]
//	         [-replay FILE] [-color auto|always|never]
//
// By default the strongest built-in player plays both sides under
// Classic rules with a small search budget (-iterations), from a seed
// taken from the clock and printed, so that -seed plays the same game
// again. The command prints the start board with every rank shown and a
// legend (package termboard explains the marks), then every combat in
// words as it happens ("Red's scout (2) b4xb7 attacks Blue's colonel
// (8): the colonel wins, Red's scout is removed."; -moves puts every move
// into words), then the final board, the number of plies and the result.
// On a terminal (or with -live) it redraws the board in place after every
// move instead, with the last move highlighted, one move every -movetime
// (5ms by default, so that even a game that reaches the 2000-ply cap
// ends within 20 seconds; -movetime 300ms to follow each move). The
// first line says who plays, under which rules, at which pace and
// budget; -delay is an old name of -movetime.
//
// -replay FILE shows a recorded game (a stratego.Record, such as the
// -record file of play or watch) in the same way, move by move.
//
// -rules takes a preset name or any rules text of stratego.ParseRules,
// such as "classic,twosquares=5". -record FILE writes the game record
// (stratego.Record, which stratego.ParseRecord reads back and
// stratego.Record.Replay replays); a path that cannot be written is an
// error before the game starts. -view prints the final board as one side
// saw it instead of the full board.
//
// The -human flag of earlier versions moved to "stratego play", a game
// against a built-in player with a setup step.
//
// On SIGINT or SIGTERM the game stops: the command shows the board, writes
// the record of the game so far (result "*") and exits with status 3; a
// second signal kills it at once.
//
// The exit status is 2 for bad flags, 3 for a game a signal stopped.
package watchcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
)

// presetNames lists the rules presets for the help text.
var presetNames = strings.Join(stratego.PresetNames(), ", ")

// defaultMovetime is the pace of a live board: a game that reaches the
// 2000-ply cap of the command takes 10 seconds.
const defaultMovetime = 5 * time.Millisecond

// movetimeSet reports whether -movetime is on the command line.
func movetimeSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "movetime" })
	return set
}

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// now is the clock of the live board's pace; tests replace it.
var now = time.Now

// sleep waits between the frames of a live game, or until ctx ends (a
// signal); tests replace it.
var sleep = func(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// config is what the flags say.
type config struct {
	rules     stratego.Rules
	rulesText string
	names     [3]string // by color
	seed      uint64
	budget    bot.Budget
	moves     bool
	live      bool
	delay     time.Duration // the time a move takes on a live board

	recordPath string
	viewer     stratego.Color
	style      termboard.Style
	replay     string        // the record file to replay, or ""
	recorded   stratego.Game // the game of the -replay file
}

// Run runs the subcommand with its arguments, writing to out; it reads
// no input.
func Run(args []string, _ io.Reader, out io.Writer) error {
	cfg, err := parseFlags(args, out)
	if err != nil {
		return err
	}
	if cfg.recordPath != "" {
		if err := cli.CheckWritable(cfg.recordPath); err != nil {
			return fmt.Errorf("-record: %w", err)
		}
	}
	ctx, stop := cli.Interruptible()
	defer stop()
	w := &watcher{cfg: cfg, out: out, st: cfg.style, ctx: ctx}
	return w.run(ctx)
}

// parseFlags reads the flags into a config.
func parseFlags(args []string, out io.Writer) (config, error) {
	fs := flag.NewFlagSet("watch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego watch [flags]\n\nWatch a full game between two built-in players.\n\nFlags:")
		fs.PrintDefaults()
	}
	known := strings.Join(bot.Names(), ", ")
	red := fs.String("red", cli.StrongestBot(), "the built-in player of Red (one of "+known+")")
	blue := fs.String("blue", cli.StrongestBot(), "the built-in player of Blue")
	rulesText := fs.String("rules", "classic", "rules: a preset ("+presetNames+") or rules text such as classic,twosquares=5")
	seed := fs.Uint64("seed", 0, "random seed of the players (0: from the clock)")
	iterations := fs.Int("iterations", 1000, "search iterations a player may use a move (0: no bound)")
	think := fs.Duration("think", 0, "time a player may take a move (0: no bound; with no bound of either kind, the player's default)")
	maxPlies := fs.Int("max-plies", 2000, "draw after this many plies (0: the rules' own cap, none for the presets)")
	moves := fs.Bool("moves", false, "put every move into words, not only the combats")
	live := fs.Bool("live", termboard.IsTerminal(out) && os.Getenv("TERM") != "dumb", "redraw the board after every move (default on a terminal)")
	movetime := fs.Duration("movetime", defaultMovetime, "the time a move takes on a -live board, the player's thinking included (300ms to follow each move)")
	delay := fs.Duration("delay", 0, "old name of -movetime")
	record := fs.String("record", "", "write the game record to this `file`")
	view := fs.String("view", "", "print the final board as this side (red or blue) saw it")
	colorMode := fs.String("color", "auto", "colours: "+termboard.ColorModes+" (auto: on a terminal unless NO_COLOR is set)")
	replay := fs.String("replay", "", "replay the game record in this `file` (from play, watch or any program) instead of playing")
	human := fs.String("human", "", `moved: play against a built-in player with "stratego play"`)
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if *human != "" {
		return config{}, fmt.Errorf("-human moved to its own command: run \"stratego play -side %s\" to play against a built-in player", *human)
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "delay" && !movetimeSet(fs) {
			*movetime = *delay
		}
	})
	cfg := config{rulesText: *rulesText, seed: *seed, moves: *moves, live: *live, delay: *movetime, recordPath: *record, replay: *replay}
	cfg.names[stratego.Red], cfg.names[stratego.Blue] = *red, *blue
	var err error
	if cfg.rules, err = stratego.ParseRules(*rulesText); err != nil {
		return cfg, fmt.Errorf("unknown rules %q (want one of %s, or rules text): %w", *rulesText, presetNames, err)
	}
	if *maxPlies < 0 {
		return cfg, fmt.Errorf("-max-plies %d: want 0 or more", *maxPlies)
	}
	if *maxPlies > 0 && (cfg.rules.MaxPlies == 0 || *maxPlies < cfg.rules.MaxPlies) {
		cfg.rules.MaxPlies = *maxPlies
	}
	if *iterations < 0 || *think < 0 || cfg.delay < 0 {
		return cfg, errors.New("-iterations, -think and -movetime: want 0 or more")
	}
	cfg.budget = bot.Budget{Iterations: *iterations, Time: *think}
	if *view != "" {
		if cfg.viewer, err = stratego.ParseColor(*view); err != nil || !cfg.viewer.IsValid() {
			return cfg, fmt.Errorf("-view %q: want red or blue", *view)
		}
	}
	color, err := termboard.ColorFor(*colorMode, out)
	if err != nil {
		return cfg, err
	}
	cfg.style = termboard.Style{Color: color}
	if cfg.replay != "" {
		if err := readReplay(&cfg); err != nil {
			return cfg, err
		}
	}
	if cfg.seed == 0 {
		cfg.seed = uint64(time.Now().UnixNano())
	}
	return cfg, nil
}

// watcher plays and shows one game.
type watcher struct {
	cfg     config
	out     io.Writer
	st      termboard.Style
	players [3]bot.Player
	gm      stratego.Game
	recent  []string  // the last lines in words, for the live board
	last    time.Time // when the live board was last drawn
	ctx     context.Context
}

// run plays the game, or replays the recorded one.
func (w *watcher) run(ctx context.Context) error {
	if w.cfg.replay != "" {
		return w.runReplay()
	}
	if err := w.start(ctx); err != nil {
		return err
	}
	for !w.gm.State().Outcome().IsOver() {
		s := w.gm.State()
		c := s.Turn()
		if ctx.Err() != nil {
			return w.interrupted(ctx)
		}
		m, err := w.players[c].Move(ctx, s.View(c), w.cfg.budget)
		if err != nil && ctx.Err() != nil {
			return w.interrupted(ctx)
		}
		if err != nil {
			return fmt.Errorf("%s (%v) at ply %d: %w", w.cfg.names[c], c, s.Ply()+1, err)
		}
		if err := w.step(m); err != nil {
			return fmt.Errorf("%s (%v) played an illegal move at ply %d: %w", w.cfg.names[c], c, s.Ply()+1, err)
		}
	}
	return w.finish()
}

// interrupted ends a game a signal stopped: the end is shown and the
// record of the game so far written, and the error asks for status 3.
func (w *watcher) interrupted(ctx context.Context) error {
	fmt.Fprintf(w.out, "\n%v: the game stops unfinished after %d plies.\n", context.Cause(ctx), w.gm.State().Ply())
	if err := w.finish(); err != nil {
		return err
	}
	return &cli.Failure{Status: 3, Msg: context.Cause(ctx).Error()}
}

// runReplay shows the recorded game move by move as a watched one.
func (w *watcher) runReplay() error {
	full := w.cfg.recorded
	w.gm, _ = full.At(0)
	w.show()
	for i, ev := range full.Events() {
		if err := w.step(ev.Move); err != nil {
			return fmt.Errorf("%s: move %d: %w", w.cfg.replay, i+1, err)
		}
	}
	w.gm = full // with its resignation or agreed draw, if any
	return w.finish()
}

// step plays a move and shows it.
func (w *watcher) step(m stratego.Move) error {
	next, ev, err := w.gm.Apply(m)
	if err != nil {
		return err
	}
	w.gm = next
	if ev.IsAttack() || w.cfg.moves {
		w.say(fmt.Sprintf("%4d  %s", next.State().Ply(), w.st.Describe(ev, stratego.NoColor, w.cfg.rules.Numbering)))
	}
	if w.cfg.live {
		w.frame()
	}
	return nil
}

// readReplay reads the -replay file into the config: the game, its
// rules and the players' names from its Red and Blue tags.
func readReplay(cfg *config) error {
	text, err := os.ReadFile(cfg.replay)
	if err != nil {
		return fmt.Errorf("-replay: %w", err)
	}
	rec, err := stratego.ParseRecord(string(text))
	if err != nil {
		return fmt.Errorf("-replay %s: %w", cfg.replay, err)
	}
	if cfg.recorded, err = rec.Game(); err != nil {
		return fmt.Errorf("-replay %s: %w", cfg.replay, err)
	}
	cfg.rules = rec.Rules
	cfg.rulesText = rec.Rules.String()
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		cfg.names[c] = "?"
		if name, ok := rec.Tag(capital(c.String())); ok {
			cfg.names[c] = name
		}
	}
	return nil
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// start makes the players, their setups and the game, and shows the
// start.
func (w *watcher) start(ctx context.Context) error {
	r := w.cfg.rules
	var setups [3]stratego.Setup
	for i, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		p, err := bot.New(w.cfg.names[c], bot.Options{Seed: w.cfg.seed + uint64(i)})
		if err != nil {
			return fmt.Errorf("-%v: %w", c, err)
		}
		if setups[c], err = p.Setup(ctx, r, c); err != nil {
			return fmt.Errorf("%s (%v): setup: %w", w.cfg.names[c], c, err)
		}
		w.players[c] = p
	}
	gm, err := stratego.NewGame(r, setups[stratego.Red], setups[stratego.Blue])
	if err != nil {
		return err
	}
	w.gm = gm
	w.show()
	return nil
}

// show shows the start of the game.
func (w *watcher) show() {
	fmt.Fprintf(w.out, "%s\n", w.title())
	if w.cfg.live {
		w.frame()
		return
	}
	fmt.Fprintf(w.out, "\nThe start, every rank shown (each player sees only its own):\n%s\n", w.st.State(w.gm.State(), stratego.Red))
	if w.cfg.moves {
		fmt.Fprintln(w.out, "Every move (ply, what happened):")
	} else {
		fmt.Fprintln(w.out, "The combats (ply, what happened; -moves shows every move):")
	}
}

// title says who plays whom under which rules.
func (w *watcher) title() string {
	red, blue := stratego.Red, stratego.Blue
	players := fmt.Sprintf("%s (%s) against %s (%s)", w.cfg.names[red], w.st.Side(red), w.cfg.names[blue], w.st.Side(blue))
	if w.cfg.replay != "" {
		return fmt.Sprintf("Stratego, %s rules: the game of %s, %s", w.cfg.rulesText, w.cfg.replay, players)
	}
	return fmt.Sprintf("Stratego, %s rules: %s, %s, seed %d", w.cfg.rulesText, players, w.pace(), w.cfg.seed)
}

// pace says how long a player thinks and, on a live board, how long a
// move takes.
func (w *watcher) pace() string {
	b := w.cfg.budget
	var think string
	switch {
	case b.Iterations > 0 && b.Time > 0:
		think = fmt.Sprintf("%d iterations or %v a move", b.Iterations, b.Time)
	case b.Iterations > 0:
		think = fmt.Sprintf("%d iterations a move", b.Iterations)
	case b.Time > 0:
		think = fmt.Sprintf("%v a move", b.Time)
	default:
		think = "the players' own think time"
	}
	if w.cfg.live {
		think += fmt.Sprintf(", shown %v a move (-movetime)", w.cfg.delay)
	}
	if cap := w.cfg.rules.MaxPlies; cap > 0 {
		think += fmt.Sprintf(", a draw at ply %d", cap)
	}
	return think
}

// say prints a line, or keeps it for the live board.
func (w *watcher) say(line string) {
	if !w.cfg.live {
		fmt.Fprintln(w.out, line)
		return
	}
	w.recent = append(w.recent, line)
	if len(w.recent) > 6 {
		w.recent = w.recent[1:]
	}
}

// frame redraws the live board in place: the cursor goes home, the
// screen below is cleared, and the board, the last lines and the ply are
// drawn.
func (w *watcher) frame() {
	s := w.gm.State()
	status := fmt.Sprintf("ply %d, %v to move", s.Ply(), s.Turn())
	if s.Outcome().IsOver() {
		status = fmt.Sprintf("ply %d, the game is over", s.Ply())
	}
	fmt.Fprintf(w.out, "\x1b[H\x1b[J%s\n\n%s\n%s\n", w.title(), w.st.State(s, stratego.Red), status)
	for _, line := range w.recent {
		fmt.Fprintln(w.out, line)
	}
	if !w.last.IsZero() {
		if wait := w.cfg.delay - now().Sub(w.last); wait > 0 {
			sleep(w.ctx, wait)
		}
	}
	w.last = now()
}

// finish shows the end and writes the record.
func (w *watcher) finish() error {
	s := w.gm.State()
	if !w.cfg.live {
		final := w.st.State(s, stratego.Red)
		if w.cfg.viewer != stratego.NoColor {
			final = w.st.View(s.View(w.cfg.viewer))
		}
		fmt.Fprintf(w.out, "\nThe end:\n%s", final)
	} else if w.cfg.viewer != stratego.NoColor {
		fmt.Fprintf(w.out, "\nThe end as %v saw it:\n%s", w.cfg.viewer, w.st.View(s.View(w.cfg.viewer)))
	}
	o := s.Outcome()
	winner := ""
	if o.Winner.IsValid() {
		winner = ": " + w.cfg.names[o.Winner] + " (" + w.st.Side(o.Winner) + ") wins"
	}
	result := o.String()
	if !o.IsOver() {
		result = "unfinished"
	}
	fmt.Fprintf(w.out, "plies %d\nresult %s%s\n", s.Ply(), result, winner)
	if w.cfg.replay == "" {
		fmt.Fprintf(w.out, "seed %d\n", w.cfg.seed)
	}
	if w.cfg.recordPath == "" {
		return nil
	}
	rec := w.gm.Record()
	rec.Tags = append([]stratego.Tag{
		{Name: "Event", Value: "stratego watch"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Red", Value: "bot:" + w.cfg.names[stratego.Red]},
		{Name: "Blue", Value: "bot:" + w.cfg.names[stratego.Blue]},
		{Name: "Seed", Value: fmt.Sprint(w.cfg.seed)},
	}, rec.Tags...)
	text, err := rec.AppendText(nil)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if err := cli.WriteFileAtomic(w.cfg.recordPath, append(text, '\n')); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	fmt.Fprintf(w.out, "record written to %s\n", w.cfg.recordPath)
	return nil
}
