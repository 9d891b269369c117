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
