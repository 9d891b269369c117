// Package perft counts the move tree of a Stratego position (perft: the
// number of lines of legal moves to a depth, with the attacks, flag
// captures and game ends among the last moves) on the root package's
// exported API. It is the one perft implementation of the module: the
// root's tests and the stratego perft command both use it, against the
// suite files that package suite reads.
//
// It is internal: perft is a check of this engine, which the command
// offers to users; a second exported API for it would have no user the
// command does not serve.
package perft

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/perft/suite"
)

// Leaf returns the counts of the one line that ends with ev.
func Leaf(ev stratego.Event) suite.Counts {
	c := suite.Counts{Nodes: 1}
	if ev.IsAttack() {
		c.Attacks = 1
	}
	if ev.Outcome.Reason == stratego.FlagCaptured {
		c.Flags = 1
	}
	if ev.Outcome.IsOver() {
		c.Ended = 1
	}
	return c
}

// Counter counts move trees with one move buffer per depth, so that a
// count allocates nothing beyond what Apply does. A Counter is not safe
// for concurrent use.
type Counter struct {
	bufs [][]stratego.Move
	err  error // a legal move that Apply rejected: an engine bug
}

// NewCounter returns a counter for trees up to depth.
func NewCounter(depth int) *Counter {
	c := &Counter{bufs: make([][]stratego.Move, depth+1)}
	for i := range c.bufs {
		c.bufs[i] = make([]stratego.Move, 0, 128)
	}
	return c
}

// Err returns the first engine bug the counter met (a legal move that
// Apply rejected), or nil.
func (c *Counter) Err() error { return c.err }

// Count returns the counts of the lines of depth ≥ 1 moves from s (depth
// at most the counter's).
func (c *Counter) Count(s stratego.State, depth int) suite.Counts {
	var total suite.Counts
	moves := s.AppendLegalMoves(c.bufs[depth][:0])
	c.bufs[depth] = moves
	for _, m := range moves {
		next, ev, err := s.Apply(m)
		if err != nil {
			c.fail(m, err)
			return total
		}
		if depth == 1 {
			total.Add(Leaf(ev))
		} else {
			total.Add(c.Count(next, depth-1))
		}
	}
	return total
}

func (c *Counter) fail(m stratego.Move, err error) {
	if c.err == nil {
		c.err = fmt.Errorf("engine bug: legal move %v rejected: %w", m, err)
	}
}

// Split is one divide line: a first move and the counts below it.
type Split struct {
	Move stratego.Move
	suite.Counts
}

// Divide counts the lines of depth ≥ 1 moves from s, split by first move
// in square-index order (from square, to square, then the move's text).
func (c *Counter) Divide(s stratego.State, depth int) ([]Split, suite.Counts) {
	var (
		total  suite.Counts
		splits []Split
	)
	for _, m := range s.AppendLegalMoves(nil) {
		next, ev, err := s.Apply(m)
		if err != nil {
			c.fail(m, err)
			break
		}
		sub := Leaf(ev)
		if depth > 1 {
			sub = c.Count(next, depth-1)
		}
		splits = append(splits, Split{m, sub})
		total.Add(sub)
	}
	slices.SortStableFunc(splits, func(a, b Split) int {
		return cmp.Or(cmp.Compare(a.Move.From.Index(), b.Move.From.Index()),
			cmp.Compare(a.Move.To.Index(), b.Move.To.Index()), cmp.Compare(a.Move.String(), b.Move.String()))
	})
	return splits, total
}

// CompareDivide compares divide lines with a suite's and describes the
// differences, at most five (and how many more).
func CompareDivide(got []Split, want []suite.Split) []string {
	var diffs []string
	wantBy := map[string]int64{}
	for _, w := range want {
		wantBy[w.Move] = w.Nodes
	}
	gotBy := map[string]bool{}
	for _, g := range got {
		ms := g.Move.String()
		gotBy[ms] = true
		w, ok := wantBy[ms]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s not in the suite (got %d)", ms, g.Nodes))
		case w != g.Nodes:
			diffs = append(diffs, fmt.Sprintf("%s got %d want %d", ms, g.Nodes, w))
		}
	}
	for _, w := range want {
		if !gotBy[w.Move] {
			diffs = append(diffs, fmt.Sprintf("%s not generated (want %d)", w.Move, w.Nodes))
		}
	}
	if len(diffs) > 5 {
		diffs = append(diffs[:5], fmt.Sprintf("and %d more", len(diffs)-5))
	}
	return diffs
}

// FieldState returns the state of a Gravon field under r, Red to move,
// after moves (in the root's move text form).
func FieldState(r stratego.Rules, field string, moves []string) (stratego.State, error) {
	b, err := gravon.ParseField(r, field)
	if err != nil {
		return stratego.State{}, fmt.Errorf("field: %w", err)
	}
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		return stratego.State{}, fmt.Errorf("field: %w", err)
	}
	for i, text := range moves {
		m, err := stratego.ParseMove(text)
		if err != nil {
			return stratego.State{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		if s, _, err = s.Apply(m); err != nil {
			return stratego.State{}, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return s, nil
}

// Start returns the rules of a suite case and the state to count from:
// its field after its moves, which must leave the side to move that the
// number of moves says (Red after an even number).
func Start(c suite.Case) (stratego.Rules, stratego.State, error) {
	r, err := stratego.ParseRules(c.Rules)
	if err != nil {
		return stratego.Rules{}, stratego.State{}, fmt.Errorf("rules: %w", err)
	}
	s, err := FieldState(r, c.Field, c.Moves)
	if err == nil && s.Turn() != []stratego.Color{stratego.Red, stratego.Blue}[len(c.Moves)%2] {
		err = fmt.Errorf("%v to move after %d moves", s.Turn(), len(c.Moves))
	}
	return r, s, err
}
