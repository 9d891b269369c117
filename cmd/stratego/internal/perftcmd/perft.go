// Package perftcmd is the perft subcommand of the stratego command. It counts legal-move trees ("perft") for engine developers:
// the lines of d legal moves from a position, and among them the lines
// whose last move is an attack, takes a flag, or ends the game. It counts
// with the library's public API only (State.AppendLegalMoves and
// State.Apply), so it measures and checks what a program using the
// package gets.
//
// Usage:
//
//	stratego perft [-depth N] [-divide] -position TEXT
//	stratego perft [-depth N] [-divide] [-rules R] -field LETTERS [-moves "a4-a5 j7-j6 ..."]
//	stratego perft -suite FILE [-short] [-depth N] [-run REGEXP] [-divide]
//	stratego perft [-depth N] [-divide] [-rules R]
//
// -position takes a position in the package's one-line text form
// (stratego.ParsePosition), which names its own rules. -field takes a
// 100-letter Gravon field, Red to move, and -moves the moves played from
// it before counting (each must be legal), under -rules: a preset name or
// any rules text of stratego.ParseRules, such as
// "classic,twosquares=0,moresquares=off". With neither, perft counts a
// built-in Classic opening.
//
// For a single position it prints one row per depth from 1 to -depth
// (default 4): nodes, attacks, flags, ended games, the time and the nodes
// per second. -divide adds, for the deepest depth, the count below each
// legal move, sorted by from square, then to square.
//
// -suite runs a perft file in the format of the Stratego perft suite
// (perft.txt, described in its README): it counts every case to every
// listed depth, compares all four counters and the divide lines, and
// prints a pass/fail table with timings. -short skips the rows of more
// than 200,000 nodes; -depth N skips the depths above N; -run keeps the
// cases whose name matches a regular expression; -divide prints the divide
// lines of every case whose deepest depth is counted.
//
// With no flags, perft runs the suite testdata/perft/perft.txt with
// -short when that file exists, and otherwise the built-in opening to
// depth 4.
//
// The exit status is 0 when every count matches (or nothing was
// compared), 1 when a suite row fails, and 2 for bad flags or input.
package perftcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/internal/perft"
	"github.com/stratego-go/stratego/internal/perft/suite"
)

// defaultSuite is where the suite lives in the module, relative to its
// root.
const defaultSuite = "testdata/perft/perft.txt"

// shortNodes is the largest row -short runs.
const shortNodes = 200000

// maxDepth bounds -depth: deeper counts would run for days.
const maxDepth = suite.MaxDepth

// openingRed and openingBlue are the setups of the built-in Classic
// opening, each in its owner's view (back row first).
const (
	openingRed  = "FB33B4554B/B673B26834/2961728524/2X2B263752"
	openingBlue = "B4FB3354B5/3B7624B683/8296175242/X2B2237562"
)

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// errFailed reports that a suite row did not match; main exits with 1.
var errFailed error = &cli.Failure{Msg: "perft: counts differ from the suite"}

// options are the parsed flags.
type options struct {
	depth    int
	divide   bool
	rules    string
	position string
	field    string
	moves    string
	suite    string
	short    bool
	run      string
	set      map[string]bool // the flags given on the command line
}

// Run runs the subcommand with its arguments, writing to out.
func Run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego perft [flags]\n\nCount the legal-move trees of a position, or run a perft suite.\n\nFlags:")
		fs.PrintDefaults()
	}
	var o options
	fs.IntVar(&o.depth, "depth", 0, "count to this depth (default 4; with -suite: skip deeper rows, 0 = all)")
	fs.BoolVar(&o.divide, "divide", false, "print the count below each legal move at the deepest depth")
	fs.StringVar(&o.rules, "rules", "classic", "rules of -field and the built-in opening: a preset name or rules text")
	fs.StringVar(&o.position, "position", "", "a position in the one-line text form of stratego.ParsePosition")
	fs.StringVar(&o.field, "field", "", "a 100-letter Gravon field, Red to move")
	fs.StringVar(&o.moves, "moves", "", "moves played from -field before counting, separated by spaces")
	fs.StringVar(&o.suite, "suite", "", "run a perft suite file (the format of perft.txt)")
	fs.BoolVar(&o.short, "short", false, "with -suite: skip rows of more than 200,000 nodes")
	fs.StringVar(&o.run, "run", "", "with -suite: only the cases whose name matches this regular expression")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (positions go in -position or -field)", fs.Arg(0))
	}
	o.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	if o.depth < 0 || o.depth > maxDepth {
		return fmt.Errorf("-depth %d: want 1 to %d", o.depth, maxDepth)
	}
	if len(o.set) == 0 {
		if _, err := os.Stat(defaultSuite); err == nil {
			o.suite, o.short = defaultSuite, true
			fmt.Fprintf(out, "suite %s (-short)\n", defaultSuite)
		}
	}
	inputs := 0
	for _, name := range []string{"position", "field", "suite"} {
		if o.set[name] {
			inputs++
		}
	}
	if inputs > 1 {
		return errors.New("give at most one of -position, -field and -suite")
	}
	if o.suite != "" {
		for _, name := range []string{"rules", "moves"} {
			if o.set[name] {
				return fmt.Errorf("-%s does not apply to -suite (each case gives its own)", name)
			}
		}
		return runSuite(o, out)
	}
	for _, name := range []string{"short", "run"} {
		if o.set[name] {
			return fmt.Errorf("-%s applies only to -suite", name)
		}
	}
	if o.set["moves"] && !o.set["field"] {
		return errors.New("-moves needs -field")
	}
	if o.position != "" && o.set["rules"] {
		return errors.New("-rules does not apply to -position (the position names its rules)")
	}
	s, err := start(o)
	if err != nil {
		return err
	}
	if o.depth == 0 {
		o.depth = 4
	}
	return runOne(s, o.depth, o.divide, out)
}

// start builds the position to count from the flags.
func start(o options) (stratego.State, error) {
	if o.position != "" {
		p, err := stratego.ParsePosition(o.position)
		if err != nil {
			return stratego.State{}, fmt.Errorf("-position: %w", err)
		}
		s, err := p.State()
		if err != nil {
			return stratego.State{}, fmt.Errorf("-position: %w", err)
		}
		return s, nil
	}
	r, err := stratego.ParseRules(o.rules)
	if err != nil {
		return stratego.State{}, fmt.Errorf("-rules: %w", err)
	}
	if o.field == "" {
		return opening(r)
	}
	return perft.FieldState(r, o.field, strings.Fields(o.moves))
}

// opening returns the built-in opening under r, which must use the
// Classic board and army.
func opening(r stratego.Rules) (stratego.State, error) {
	red, err := stratego.ParseSetup(r, openingRed)
	if err != nil {
		return stratego.State{}, fmt.Errorf("the built-in opening needs the classic board and army: %w", err)
	}
	blue, err := stratego.ParseSetup(r, openingBlue)
	if err != nil {
		return stratego.State{}, fmt.Errorf("the built-in opening needs the classic board and army: %w", err)
	}
	return stratego.New(r, red, blue)
}

// runOne counts a single position to depth, one row per depth.
func runOne(s stratego.State, depth int, div bool, out io.Writer) error {
	fmt.Fprintf(out, "rules %v, %v to move, ply %d\n\n%s\n", s.Rules(), s.Turn(), s.Ply(), s.Picture())
	if o := s.Outcome(); o.IsOver() {
		fmt.Fprintf(out, "the game is over (%v): every count is 0\n\n", o)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "depth\tnodes\tattacks\tflags\tended\ttime\tnodes/s\t")
	c := perft.NewCounter(depth)
	var splits []perft.Split
	for d := 1; d <= depth; d++ {
		t0 := time.Now()
		var got suite.Counts
		if div && d == depth {
			splits, got = c.Divide(s, d)
		} else {
			got = c.Count(s, d)
		}
		if c.Err() != nil {
			tw.Flush()
			return c.Err()
		}
		el := time.Since(t0)
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%s\t%s\t\n", d, got.Nodes, got.Attacks, got.Flags, got.Ended, seconds(el), rate(got.Nodes, el))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if div {
		printDivide(out, splits, depth)
	}
	return nil
}

func printDivide(out io.Writer, splits []perft.Split, depth int) {
	fmt.Fprintf(out, "\ndivide at depth %d:\n", depth)
	var total int64
	for _, sp := range splits {
		fmt.Fprintf(out, "%v %d\n", sp.Move, sp.Nodes)
		total += sp.Nodes
	}
	fmt.Fprintf(out, "%d moves, %d nodes\n", len(splits), total)
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}

// rate formats nodes per second over d.
func rate(nodes int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	nps := float64(nodes) / d.Seconds()
	switch {
	case nps >= 1e6:
		return fmt.Sprintf("%.2fM", nps/1e6)
	case nps >= 1e3:
		return fmt.Sprintf("%.1fk", nps/1e3)
	}
	return fmt.Sprintf("%.0f", nps)
}
