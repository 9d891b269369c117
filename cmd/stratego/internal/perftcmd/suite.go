package perftcmd

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/stratego-go/stratego"
)

// suiteCase is one block of a perft suite file.
type suiteCase struct {
	name   string
	line   int // the line of its "position"
	rules  stratego.Rules
	field  string
	moves  []string
	depths []suiteRow
	divide []suiteSplit
}

// suiteRow is one "depth" line.
type suiteRow struct {
	depth int
	want  counts
}

// suiteSplit is one "divide" line.
type suiteSplit struct {
	move  string
	nodes int64
}

// readSuite parses a perft suite file (see the README of the Stratego
// perft suite): blocks of position, note, rules, field, moves, depth and
// divide lines, each closed by "end". Errors name the line.
func readSuite(name string, r io.Reader) ([]suiteCase, error) {
	var (
		cases []suiteCase
		cur   *suiteCase
		seen  = map[string]bool{}
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, args...))
		}
		w := strings.Fields(line)
		if w[0] != "position" && cur == nil {
			return nil, bad("%q outside a block (want \"position <name>\" first)", w[0])
		}
		switch w[0] {
		case "position":
			if cur != nil {
				return nil, bad("position %q before the \"end\" of %q", strings.Join(w[1:], " "), cur.name)
			}
			if len(w) != 2 {
				return nil, bad("want \"position <name>\"")
			}
			if seen[w[1]] {
				return nil, bad("position %q given twice", w[1])
			}
			seen[w[1]] = true
			cases = append(cases, suiteCase{name: w[1], line: n, rules: stratego.Classic()})
			cur = &cases[len(cases)-1]
		case "note":
		case "rules":
			r, err := suiteRules(w[1:])
			if err != nil {
				return nil, bad("%v", err)
			}
			cur.rules = r
		case "field":
			if len(w) != 2 {
				return nil, bad("want \"field <100 letters>\"")
			}
			cur.field = w[1]
		case "moves":
			if len(w) < 2 {
				return nil, bad("want \"moves <m1> <m2> ...\" or \"moves -\"")
			}
			if !(len(w) == 2 && w[1] == "-") {
				cur.moves = w[1:]
			}
		case "depth":
			row, err := suiteDepth(w)
			if err != nil {
				return nil, bad("%v", err)
			}
			if k := len(cur.depths); k > 0 && row.depth <= cur.depths[k-1].depth {
				return nil, bad("depth %d after depth %d (want increasing depths)", row.depth, cur.depths[k-1].depth)
			}
			cur.depths = append(cur.depths, row)
		case "divide":
			if len(w) != 3 {
				return nil, bad("want \"divide <move> <count>\"")
			}
			nodes, err := strconv.ParseInt(w[2], 10, 64)
			if err != nil || nodes < 0 {
				return nil, bad("divide count %q: want a number", w[2])
			}
			cur.divide = append(cur.divide, suiteSplit{w[1], nodes})
		case "end":
			if cur.field == "" {
				return nil, bad("block %q has no field", cur.name)
			}
			if len(cur.depths) == 0 {
				return nil, bad("block %q has no depth line", cur.name)
			}
			cur = nil
		default:
			return nil, bad("unknown line %q", w[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if cur != nil {
		return nil, fmt.Errorf("%s: block %q has no \"end\"", name, cur.name)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no position blocks", name)
	}
	return cases, nil
}

// suiteRules reads the settings of a "rules" line, key value pairs on top
// of Classic.
func suiteRules(w []string) (stratego.Rules, error) {
	r := stratego.Classic()
	if len(w)%2 != 0 {
		return r, fmt.Errorf("rules: want key value pairs")
	}
	for i := 0; i < len(w); i += 2 {
		key, val := w[i], w[i+1]
		num := func() (int, error) {
			v, err := strconv.Atoi(val)
			if err != nil || v < 0 {
				return 0, fmt.Errorf("rules: %s %q: want a number", key, val)
			}
			return v, nil
		}
		var err error
		switch key {
		case "two-squares":
			r.TwoSquares, err = num()
		case "more-squares":
			switch val {
			case "on":
				r.MoreSquares = stratego.MoreSquaresChase
			case "off":
				r.MoreSquares = stratego.MoreSquaresOff
			default:
				err = fmt.Errorf("rules: more-squares %q: want on or off", val)
			}
		case "max-plies":
			r.MaxPlies, err = num()
		case "max-plies-without-attack":
			r.MaxPliesWithoutAttack, err = num()
		default:
			err = fmt.Errorf("rules: unknown setting %q", key)
		}
		if err != nil {
			return r, err
		}
	}
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("rules: %w", err)
	}
	return r, nil
}

// suiteDepth reads "depth d nodes X attacks Y flags Z ended W".
func suiteDepth(w []string) (suiteRow, error) {
	var row suiteRow
	if len(w) != 10 || w[2] != "nodes" || w[4] != "attacks" || w[6] != "flags" || w[8] != "ended" {
		return row, fmt.Errorf("want \"depth <d> nodes <X> attacks <Y> flags <Z> ended <W>\"")
	}
	d, err := strconv.Atoi(w[1])
	if err != nil || d < 1 || d > maxDepth {
		return row, fmt.Errorf("depth %q: want 1 to %d", w[1], maxDepth)
	}
	row.depth = d
	for i, p := range []*int64{&row.want.nodes, &row.want.attacks, &row.want.flags, &row.want.ended} {
		v, err := strconv.ParseInt(w[3+2*i], 10, 64)
		if err != nil || v < 0 {
			return row, fmt.Errorf("%s %q: want a number", w[2+2*i], w[3+2*i])
		}
		*p = v
	}
	return row, nil
}

// runSuite runs a suite file and prints the table.
func runSuite(o options, out io.Writer) error {
	var filter *regexp.Regexp
	if o.run != "" {
		var err error
		if filter, err = regexp.Compile(o.run); err != nil {
			return fmt.Errorf("-run: %w", err)
		}
	}
	f, err := os.Open(o.suite)
	if err != nil {
		return err
	}
	defer f.Close()
	cases, err := readSuite(o.suite, f)
	if err != nil {
		return err
	}
	var sum struct {
		pass, fail, skip int
		nodes            int64
		time             time.Duration
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\tdepth\tnodes\tattacks\tflags\tended\ttime\tnodes/s\tresult")
	for _, c := range cases {
		if filter != nil && !filter.MatchString(c.name) {
			continue
		}
		s, err := fieldState(c.rules, c.field, c.moves)
		if err == nil && s.Turn() != []stratego.Color{stratego.Red, stratego.Blue}[len(c.moves)%2] {
			err = fmt.Errorf("%v to move after %d moves", s.Turn(), len(c.moves))
		}
		if err != nil {
			fmt.Fprintf(tw, "%s\t-\t\t\t\t\t\t\tFAIL: %v\n", c.name, err)
			sum.fail++
			continue
		}
		deepest := c.depths[len(c.depths)-1].depth
		cnt := newCounter(deepest)
		for _, row := range c.depths {
			if o.depth > 0 && row.depth > o.depth || o.short && row.want.nodes > shortNodes {
				fmt.Fprintf(tw, "%s\t%d\t%d\t\t\t\t\t\tskipped\n", c.name, row.depth, row.want.nodes)
				sum.skip++
				continue
			}
			withDivide := row.depth == deepest && len(c.divide) > 0
			t0 := time.Now()
			var (
				got    counts
				splits []split
			)
			if withDivide {
				splits, got = cnt.divide(s, row.depth)
			} else {
				got = cnt.count(s, row.depth)
			}
			el := time.Since(t0)
			if cnt.err != nil {
				tw.Flush()
				return fmt.Errorf("%s: %w", c.name, cnt.err)
			}
			sum.nodes += got.nodes
			sum.time += el
			result := "ok"
			if got != row.want {
				result = fmt.Sprintf("FAIL: want %d %d %d %d", row.want.nodes, row.want.attacks, row.want.flags, row.want.ended)
				sum.fail++
			} else {
				sum.pass++
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", c.name, row.depth, got.nodes, got.attacks, got.flags, got.ended, seconds(el), rate(got.nodes, el), result)
			if withDivide {
				if diffs := compareDivide(splits, c.divide); len(diffs) > 0 {
					fmt.Fprintf(tw, "%s\tdivide\t\t\t\t\t\t\tFAIL: %s\n", c.name, strings.Join(diffs, "; "))
					sum.fail++
				} else {
					fmt.Fprintf(tw, "%s\tdivide\t%d moves\t\t\t\t\t\tok\n", c.name, len(splits))
					sum.pass++
				}
				if o.divide {
					tw.Flush()
					printDivide(out, splits, row.depth)
					fmt.Fprintln(out)
				}
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n%d passed, %d failed, %d skipped; %d nodes in %s, %s nodes/s\n",
		sum.pass, sum.fail, sum.skip, sum.nodes, seconds(sum.time), rate(sum.nodes, sum.time))
	if sum.pass+sum.fail == 0 {
		fmt.Fprintln(out, "no rows run")
	}
	if sum.fail > 0 {
		return fmt.Errorf("%w: %d of %d rows failed", errFailed, sum.fail, sum.pass+sum.fail)
	}
	return nil
}

// compareDivide compares divide lines with the suite's and describes
// the differences, at most five.
func compareDivide(got []split, want []suiteSplit) []string {
	var diffs []string
	wantBy := map[string]int64{}
	for _, w := range want {
		wantBy[w.move] = w.nodes
	}
	gotBy := map[string]bool{}
	for _, g := range got {
		ms := g.move.String()
		gotBy[ms] = true
		w, ok := wantBy[ms]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s not in the suite (got %d)", ms, g.nodes))
		case w != g.nodes:
			diffs = append(diffs, fmt.Sprintf("%s got %d want %d", ms, g.nodes, w))
		}
	}
	for _, w := range want {
		if !gotBy[w.move] {
			diffs = append(diffs, fmt.Sprintf("%s not generated (want %d)", w.move, w.nodes))
		}
	}
	if len(diffs) > 5 {
		diffs = append(diffs[:5], fmt.Sprintf("and %d more", len(diffs)-5))
	}
	return diffs
}
