// Package suite reads the perft suite files of the project (see
// testdata/perft/README.md and the shared Stratego perft suite): blocks
// of a named position (its rules, a Gravon field and moves) with the
// expected counts of the move tree at each depth and the divide lines.
//
// It imports nothing of the module, so that the root package's own tests
// (which cannot import a package that imports the root) read the suite
// with it as the perft command and package perft do. Rules are given in
// the root's rules text form (stratego.ParseRules reads them).
package suite

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// MaxDepth is the deepest depth a suite row may name.
const MaxDepth = 64

// Counts are the four counters of a perft row: the lines of the move
// tree (nodes), the lines whose last move is an attack, the lines that
// capture a flag, and the lines that end the game.
type Counts struct {
	Nodes, Attacks, Flags, Ended int64
}

// Add adds d to c.
func (c *Counts) Add(d Counts) {
	c.Nodes += d.Nodes
	c.Attacks += d.Attacks
	c.Flags += d.Flags
	c.Ended += d.Ended
}

// Case is one block of a suite file.
type Case struct {
	Name   string
	Line   int    // the line of its "position"
	Rules  string // the rules in the root's rules text form
	Field  string // the 100-letter Gravon field, Red to move
	Moves  []string
	Depths []Row
	Divide []Split
}

// Row is one "depth" line: the counts expected at Depth.
type Row struct {
	Depth int
	Want  Counts
}

// Split is one "divide" line: a first move (as the root writes moves)
// and the number of lines below it at the deepest depth.
type Split struct {
	Move  string
	Nodes int64
}

// Read parses a suite file: blocks of position, note, rules, field,
// moves, depth and divide lines, each closed by "end"; "#" starts a
// comment line. Errors name the file (name) and the line. When
// checkRules is not nil it checks the rules text of each "rules" line
// (the callers pass a function of stratego.ParseRules), and its error is
// reported at that line.
func Read(name string, r io.Reader, checkRules func(text string) error) ([]Case, error) {
	rd := reader{name: name, seen: map[string]bool{}, checkRules: checkRules}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		rd.n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := rd.line(strings.Fields(line)); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if rd.cur != nil {
		return nil, fmt.Errorf("%s: block %q has no \"end\"", name, rd.cur.Name)
	}
	if len(rd.cases) == 0 {
		return nil, fmt.Errorf("%s: no position blocks", name)
	}
	return rd.cases, nil
}

// ReadFiles reads the suite files of the given names, in order, into
// one list of cases (see [Read]).
func ReadFiles(checkRules func(text string) error, names ...string) ([]Case, error) {
	var cases []Case
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		cs, err := Read(name, f, checkRules)
		f.Close()
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	return cases, nil
}

// reader is the state of Read between lines.
type reader struct {
	name  string
	n     int // the line number
	cases []Case
	cur   *Case
	seen  map[string]bool

	checkRules func(string) error
}

func (rd *reader) bad(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", rd.name, rd.n, fmt.Sprintf(format, args...))
}

// line reads one line of words w.
func (rd *reader) line(w []string) error {
	if w[0] != "position" && rd.cur == nil {
		return rd.bad("%q outside a block (want \"position <name>\" first)", w[0])
	}
	cur := rd.cur
	switch w[0] {
	case "position":
		return rd.position(w)
	case "note":
	case "rules":
		r, err := rulesText(w[1:])
		if err == nil && rd.checkRules != nil {
			if err = rd.checkRules(r); err != nil {
				err = fmt.Errorf("rules: %w", err)
			}
		}
		if err != nil {
			return rd.bad("%v", err)
		}
		cur.Rules = r
	case "field":
		if len(w) != 2 {
			return rd.bad("want \"field <100 letters>\"")
		}
		cur.Field = w[1]
	case "moves":
		if len(w) < 2 {
			return rd.bad("want \"moves <m1> <m2> ...\" or \"moves -\"")
		}
		if !(len(w) == 2 && w[1] == "-") {
			cur.Moves = w[1:]
		}
	case "depth":
		return rd.depth(w)
	case "divide":
		if len(w) != 3 {
			return rd.bad("want \"divide <move> <count>\"")
		}
		nodes, err := strconv.ParseInt(w[2], 10, 64)
		if err != nil || nodes < 0 {
			return rd.bad("divide count %q: want a number", w[2])
		}
		cur.Divide = append(cur.Divide, Split{w[1], nodes})
	case "end":
		return rd.end()
	default:
		return rd.bad("unknown line %q", w[0])
	}
	return nil
}

// position starts a block.
func (rd *reader) position(w []string) error {
	if rd.cur != nil {
		return rd.bad("position %q before the \"end\" of %q", strings.Join(w[1:], " "), rd.cur.Name)
	}
	if len(w) != 2 {
		return rd.bad("want \"position <name>\"")
	}
	if rd.seen[w[1]] {
		return rd.bad("position %q given twice", w[1])
	}
	rd.seen[w[1]] = true
	rd.cases = append(rd.cases, Case{Name: w[1], Line: rd.n, Rules: "classic"})
	rd.cur = &rd.cases[len(rd.cases)-1]
	return nil
}

// depth reads "depth d nodes X attacks Y flags Z ended W".
func (rd *reader) depth(w []string) error {
	if len(w) != 10 || w[2] != "nodes" || w[4] != "attacks" || w[6] != "flags" || w[8] != "ended" {
		return rd.bad("want \"depth <d> nodes <X> attacks <Y> flags <Z> ended <W>\"")
	}
	d, err := strconv.Atoi(w[1])
	if err != nil || d < 1 || d > MaxDepth {
		return rd.bad("depth %q: want 1 to %d", w[1], MaxDepth)
	}
	row := Row{Depth: d}
	for i, p := range []*int64{&row.Want.Nodes, &row.Want.Attacks, &row.Want.Flags, &row.Want.Ended} {
		v, err := strconv.ParseInt(w[3+2*i], 10, 64)
		if err != nil || v < 0 {
			return rd.bad("%s %q: want a number", w[2+2*i], w[3+2*i])
		}
		*p = v
	}
	cur := rd.cur
	if k := len(cur.Depths); k > 0 && row.Depth <= cur.Depths[k-1].Depth {
		return rd.bad("depth %d after depth %d (want increasing depths)", row.Depth, cur.Depths[k-1].Depth)
	}
	cur.Depths = append(cur.Depths, row)
	return nil
}

// end closes a block.
func (rd *reader) end() error {
	if rd.cur.Field == "" {
		return rd.bad("block %q has no field", rd.cur.Name)
	}
	if len(rd.cur.Depths) == 0 {
		return rd.bad("block %q has no depth line", rd.cur.Name)
	}
	rd.cur = nil
	return nil
}

// rulesText turns the settings of a "rules" line, key value pairs on top
// of Classic, into the root's rules text form.
func rulesText(w []string) (string, error) {
	if len(w)%2 != 0 {
		return "", fmt.Errorf("rules: want key value pairs")
	}
	text := "classic"
	for i := 0; i < len(w); i += 2 {
		key, val := w[i], w[i+1]
		if key == "more-squares" {
			switch val {
			case "on":
				text += ",moresquares=chase"
			case "off":
				text += ",moresquares=off"
			default:
				return "", fmt.Errorf("rules: more-squares %q: want on or off", val)
			}
			continue
		}
		name, ok := map[string]string{"two-squares": "twosquares", "max-plies": "maxplies", "max-plies-without-attack": "maxquiet"}[key]
		if !ok {
			return "", fmt.Errorf("rules: unknown setting %q", key)
		}
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return "", fmt.Errorf("rules: %s %q: want a number", key, val)
		}
		text += "," + name + "=" + strconv.Itoa(v)
	}
	return text, nil
}
