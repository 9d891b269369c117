package stratego_test

import (
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/perft"
	"github.com/stratego-go/stratego/internal/perft/suite"
)

// perftFiles are the perft suite (perft.txt, a copy of the shared suite;
// the format and conventions are in testdata/perft/README.md) and the
// cases this project added (project.txt). Both are required: a missing
// file fails the tests that read them.
var perftFiles = []string{"testdata/perft/perft.txt", "testdata/perft/project.txt"}

// loadPerft reads the cases of the perft files, checking their rules.
func loadPerft(t *testing.T) []suite.Case {
	t.Helper()
	cases, err := suite.ReadFiles(func(text string) error {
		_, err := stratego.ParseRules(text)
		return err
	}, perftFiles...)
	if err != nil {
		t.Fatalf("perft files: %v", err)
	}
	return cases
}

// TestPerft reproduces every row of the perft files (perftFiles): nodes,
// attacks, flags and ended games at each depth, and the divide lines,
// with the counter the perft command uses. Depths with more than 200,000
// nodes run only without -short.
func TestPerft(t *testing.T) {
	for _, c := range loadPerft(t) {
		t.Run(c.Name, func(t *testing.T) {
			_, s, err := perft.Start(c)
			if err != nil {
				t.Fatal(err)
			}
			before := s.Position().String()
			deepest := c.Depths[len(c.Depths)-1]
			cnt := perft.NewCounter(deepest.Depth)
			for _, want := range c.Depths {
				if testing.Short() && want.Want.Nodes > 200000 {
					continue
				}
				if got := cnt.Count(s, want.Depth); got != want.Want {
					t.Errorf("depth %d: got %+v, want %+v", want.Depth, got, want.Want)
				}
			}
			if testing.Short() && deepest.Want.Nodes > 200000 {
				return
			}
			splits, _ := cnt.Divide(s, deepest.Depth)
			if diffs := perft.CompareDivide(splits, c.Divide); len(c.Divide) > 0 && len(diffs) > 0 {
				t.Errorf("divide: %s", strings.Join(diffs, "; "))
			}
			if err := cnt.Err(); err != nil {
				t.Fatal(err)
			}
			// The count leaves the state as it was (states are values).
			if after := s.Position().String(); after != before {
				t.Errorf("position changed by the count:\n got %s\nwant %s", after, before)
			}
		})
	}
}
