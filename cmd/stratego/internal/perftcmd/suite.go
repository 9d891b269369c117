package perftcmd

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/perft"
	"github.com/stratego-go/stratego/internal/perft/suite"
)

// suiteSum is the running total of a suite run.
type suiteSum struct {
	pass, fail, skip int
	nodes            int64
	time             time.Duration
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
	cases, err := readCases(o.suite)
	if err != nil {
		return err
	}
	var sum suiteSum
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\tdepth\tnodes\tattacks\tflags\tended\ttime\tnodes/s\tresult")
	for _, c := range cases {
		if filter != nil && !filter.MatchString(c.Name) {
			continue
		}
		if err := runCase(tw, out, o, c, &sum); err != nil {
			tw.Flush()
			return err
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

// readCases reads a suite file, checking the rules of each case.
func readCases(name string) ([]suite.Case, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return suite.Read(name, f, func(text string) error {
		_, err := stratego.ParseRules(text)
		return err
	})
}

// runCase counts one case to each of its depths (but those -depth and
// -short skip) and prints its rows; only an engine bug is an error.
func runCase(tw *tabwriter.Writer, out io.Writer, o options, c suite.Case, sum *suiteSum) error {
	_, s, err := perft.Start(c)
	if err != nil {
		fmt.Fprintf(tw, "%s\t-\t\t\t\t\t\t\tFAIL: %v\n", c.Name, err)
		sum.fail++
		return nil
	}
	deepest := c.Depths[len(c.Depths)-1].Depth
	cnt := perft.NewCounter(deepest)
	for _, row := range c.Depths {
		if o.depth > 0 && row.Depth > o.depth || o.short && row.Want.Nodes > shortNodes {
			fmt.Fprintf(tw, "%s\t%d\t%d\t\t\t\t\t\tskipped\n", c.Name, row.Depth, row.Want.Nodes)
			sum.skip++
			continue
		}
		withDivide := row.Depth == deepest && len(c.Divide) > 0
		t0 := time.Now()
		var (
			got    suite.Counts
			splits []perft.Split
		)
		if withDivide {
			splits, got = cnt.Divide(s, row.Depth)
		} else {
			got = cnt.Count(s, row.Depth)
		}
		el := time.Since(t0)
		if cnt.Err() != nil {
			return fmt.Errorf("%s: %w", c.Name, cnt.Err())
		}
		sum.nodes += got.Nodes
		sum.time += el
		result := "ok"
		if got != row.Want {
			result = fmt.Sprintf("FAIL: want %d %d %d %d", row.Want.Nodes, row.Want.Attacks, row.Want.Flags, row.Want.Ended)
			sum.fail++
		} else {
			sum.pass++
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", c.Name, row.Depth, got.Nodes, got.Attacks, got.Flags, got.Ended, seconds(el), rate(got.Nodes, el), result)
		if withDivide {
			divideRows(tw, out, o, c, splits, row.Depth, sum)
		}
	}
	return nil
}

// divideRows prints the divide check of a case, and with -divide the
// divide lines.
func divideRows(tw *tabwriter.Writer, out io.Writer, o options, c suite.Case, splits []perft.Split, depth int, sum *suiteSum) {
	if diffs := perft.CompareDivide(splits, c.Divide); len(diffs) > 0 {
		fmt.Fprintf(tw, "%s\tdivide\t\t\t\t\t\t\tFAIL: %s\n", c.Name, strings.Join(diffs, "; "))
		sum.fail++
	} else {
		fmt.Fprintf(tw, "%s\tdivide\t%d moves\t\t\t\t\t\tok\n", c.Name, len(splits))
		sum.pass++
	}
	if o.divide {
		tw.Flush()
		printDivide(out, splits, depth)
		fmt.Fprintln(out)
	}
}
