package stratego

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftFiles are the perft suite (perft.txt, a copy of the shared suite;
// the format and conventions are in testdata/perft/README.md) and the
// cases this project added (project.txt). Both are required: a missing
// file fails the tests that read them.
var perftFiles = []string{"testdata/perft/perft.txt", "testdata/perft/project.txt"}

type perftDepth struct {
	depth                        int
	nodes, attacks, flags, ended int64
}

type perftCase struct {
	name   string
	rules  Rules
	field  string
	moves  []string
	depths []perftDepth
	divide map[string]int64
}

func loadPerft(t *testing.T) []perftCase {
	t.Helper()
	var cases []perftCase
	for _, name := range perftFiles {
		cases = readPerft(t, name, cases)
	}
	return cases
}

// readPerft appends the cases of one perft file to cases.
func readPerft(t *testing.T, name string, cases []perftCase) []perftCase {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("perft file: %v", err)
	}
	defer f.Close()
	var cur *perftCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)
		switch w[0] {
		case "position":
			cases = append(cases, perftCase{name: w[1], divide: map[string]int64{}})
			cur = &cases[len(cases)-1]
		case "note":
		case "rules":
			r := Classic()
			r.TwoSquares = atoi(t, w[2])
			if w[4] == "off" {
				r.MoreSquares = MoreSquaresOff
			}
			r.MaxPlies = atoi(t, w[6])
			r.MaxPliesWithoutAttack = atoi(t, w[8])
			cur.rules = r
		case "field":
			cur.field = w[1]
		case "moves":
			if w[1] != "-" {
				cur.moves = w[1:]
			}
		case "depth":
			cur.depths = append(cur.depths, perftDepth{atoi(t, w[1]), int64(atoi(t, w[3])),
				int64(atoi(t, w[5])), int64(atoi(t, w[7])), int64(atoi(t, w[9]))})
		case "divide":
			cur.divide[w[1]] = int64(atoi(t, w[2]))
		case "end":
			cur = nil
		default:
			t.Fatalf("perft file: unknown line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("perft file: %v", err)
	}
	return n
}

// perftStart builds a case's position: the field, then its moves.
func perftStart(t *testing.T, c perftCase) State {
	t.Helper()
	b, err := letterField(c.rules, c.field)
	if err != nil {
		t.Fatalf("field: %v", err)
	}
	s, err := FromBoard(c.rules, b, Red)
	if err != nil {
		t.Fatalf("FromBoard: %v", err)
	}
	for i, ms := range c.moves {
		m, err := ParseMove(ms)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, ms, err)
		}
		if s, _, err = s.Apply(m); err != nil {
			t.Fatalf("move %d %q: %v", i+1, ms, err)
		}
	}
	return s
}

// perft counts the lines of depth moves from s (see testdata/perft).
func perft(s State, depth int, bufs [][]Move) perftDepth {
	var r perftDepth
	moves := s.AppendLegalMoves(bufs[depth][:0])
	bufs[depth] = moves
	for _, m := range moves {
		t, ev, err := s.Apply(m)
		if err != nil {
			panic(fmt.Sprintf("legal move %v rejected: %v", m, err))
		}
		if depth == 1 {
			r.nodes++
			if ev.IsAttack() {
				r.attacks++
			}
			if ev.Outcome.Reason == FlagCaptured {
				r.flags++
			}
			if ev.Outcome.Over() {
				r.ended++
			}
			continue
		}
		sub := perft(t, depth-1, bufs)
		r.nodes += sub.nodes
		r.attacks += sub.attacks
		r.flags += sub.flags
		r.ended += sub.ended
	}
	return r
}

func newBufs(depth int) [][]Move {
	b := make([][]Move, depth+1)
	for i := range b {
		b[i] = make([]Move, 0, 256)
	}
	return b
}

// TestPerft reproduces every row of the perft files (perftFiles): nodes,
// attacks, flags and ended games at each depth, and the divide lines.
// Depths with more than 200,000 nodes run only without -short.
func TestPerft(t *testing.T) {
	for _, c := range loadPerft(t) {
		t.Run(c.name, func(t *testing.T) {
			s := perftStart(t, c)
			if s.Turn() != []Color{Red, Blue}[len(c.moves)%2] {
				t.Fatalf("side to move %v after %d moves", s.Turn(), len(c.moves))
			}
			for _, want := range c.depths {
				if testing.Short() && want.nodes > 200000 {
					continue
				}
				got := perft(s, want.depth, newBufs(want.depth))
				got.depth = want.depth
				if got != want {
					t.Errorf("depth %d: got nodes %d attacks %d flags %d ended %d, want %d %d %d %d",
						want.depth, got.nodes, got.attacks, got.flags, got.ended,
						want.nodes, want.attacks, want.flags, want.ended)
				}
			}
			deepest := c.depths[len(c.depths)-1]
			if testing.Short() && deepest.nodes > 200000 {
				return
			}
			seen := 0
			for m := range s.LegalMoves() {
				want, ok := c.divide[m.String()]
				if !ok {
					t.Errorf("divide: move %v is not in the suite", m)
					continue
				}
				seen++
				next, _, _ := s.Apply(m)
				var got int64 = 1
				if deepest.depth > 1 {
					got = perft(next, deepest.depth-1, newBufs(deepest.depth)).nodes
				}
				if got != want {
					t.Errorf("divide %v: got %d, want %d", m, got, want)
				}
			}
			if seen != len(c.divide) {
				t.Errorf("divide: %d of the suite's %d moves generated", seen, len(c.divide))
			}
		})
	}
}
