package perftcmd

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/perft"
)

// suitePath is the module's perft suite as seen from this directory.
const suitePath = "../../../../" + defaultSuite

// runOK runs the command and fails the test on an error.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := Run(args, &out); err != nil {
		t.Fatalf("run %q: %v\n%s", args, err, out.String())
	}
	return out.String()
}

// rows returns the depth rows of a single-position table: depth →
// nodes, attacks, flags, ended.
func rows(t *testing.T, out string) map[int][4]int64 {
	t.Helper()
	got := map[int][4]int64{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 7 || !strings.HasSuffix(f[5], "s") {
			continue
		}
		d, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		var c [4]int64
		for i := range c {
			if c[i], err = strconv.ParseInt(f[1+i], 10, 64); err != nil {
				t.Fatalf("row %q: %v", line, err)
			}
		}
		got[d] = c
	}
	return got
}

// divideLines returns the divide lines of an output: move → nodes.
func divideLines(t *testing.T, out string) map[string]int64 {
	t.Helper()
	_, after, ok := strings.Cut(out, "divide at depth")
	if !ok {
		t.Fatalf("no divide in output:\n%s", out)
	}
	got := map[string]int64{}
	for _, line := range strings.Split(after, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) != 2 {
			break
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			t.Fatalf("divide line %q: %v", line, err)
		}
		got[f[0]] = n
	}
	return got
}

func openingState(t *testing.T) stratego.State {
	t.Helper()
	s, err := opening(stratego.Classic())
	if err != nil {
		t.Fatalf("built-in opening: %v", err)
	}
	return s
}

func TestMain(m *testing.M) {
	stderr = io.Discard
	os.Exit(m.Run())
}

func TestSuiteShallowDepthsPass(t *testing.T) {
	if _, err := os.Stat(suitePath); err != nil {
		t.Fatalf("perft suite: %v", err)
	}
	depth := "4"
	if testing.Short() {
		depth = "3"
	}
	out := runOK(t, "-suite", suitePath, "-depth", depth)
	if !strings.Contains(out, " 0 failed") || strings.Contains(out, "FAIL") {
		t.Errorf("suite rows failed:\n%s", out)
	}
	if strings.Contains(out, "no rows run") {
		t.Errorf("no rows run:\n%s", out)
	}
	// Every group of the suite has rows at depth 1, so each shows up.
	for _, name := range []string{"classic/setups-1-2", "moresquares/", "twosquares/", "caps/", "ends/"} {
		if !strings.Contains(out, name) {
			t.Errorf("output lacks %q", name)
		}
	}
}

func TestSuiteShortRunsDivide(t *testing.T) {
	if _, err := os.Stat(suitePath); err != nil {
		t.Fatalf("perft suite: %v", err)
	}
	out := runOK(t, "-suite", suitePath, "-short", "-run", "^ends/")
	if !strings.Contains(out, "divide  ") || strings.Contains(out, "FAIL") {
		t.Errorf("want passing divide rows:\n%s", out)
	}
	if strings.Contains(out, "classic/") {
		t.Errorf("-run ^ends/ ran other cases:\n%s", out)
	}
}

// writeSuite writes a one-case suite of the built-in opening with the
// given depth and divide lines.
func writeSuite(t *testing.T, lines ...string) string {
	t.Helper()
	s := openingState(t)
	text := "# test suite\nposition test/opening\nnote the built-in opening\n" +
		"rules two-squares 3 more-squares on max-plies 0 max-plies-without-attack 0\n" +
		"field " + gravon.Field(s.Rules(), s.Board()) + "\nmoves -\n" +
		strings.Join(lines, "\n") + "\nend\n"
	path := filepath.Join(t.TempDir(), "suite.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSuiteReportsWrongCounts(t *testing.T) {
	one := rows(t, runOK(t, "-depth", "2"))
	d1, d2 := one[1], one[2]
	line := func(d int, c [4]int64) string {
		return "depth " + strconv.Itoa(d) + " nodes " + strconv.FormatInt(c[0], 10) + " attacks " +
			strconv.FormatInt(c[1], 10) + " flags " + strconv.FormatInt(c[2], 10) + " ended " + strconv.FormatInt(c[3], 10)
	}
	wrong := d2
	wrong[1]++
	for _, tc := range []struct {
		name  string
		lines []string
		fail  bool
	}{
		{"right", []string{line(1, d1), line(2, d2)}, false},
		{"wrong attacks", []string{line(1, d1), line(2, wrong)}, true},
		{"wrong divide", []string{line(1, d1), "divide b4-b5 7"}, true},
		{"missing divide move", []string{line(1, d1), "divide a1-a2 1"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Run([]string{"-suite", writeSuite(t, tc.lines...)}, &out)
			if got := errors.Is(err, errFailed); got != tc.fail {
				t.Fatalf("got error %v, want failure %v\n%s", err, tc.fail, out.String())
			}
			if got := strings.Contains(out.String(), "FAIL"); got != tc.fail {
				t.Errorf("got FAIL in table %v, want %v:\n%s", got, tc.fail, out.String())
			}
		})
	}
}

func TestSuiteRejectsMalformedFiles(t *testing.T) {
	good := "position a/b\nfield " + strings.Repeat("A", 42) + "\nend\n"
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "# nothing\n", "no position blocks"},
		{"line outside block", "depth 1 nodes 1 attacks 0 flags 0 ended 0\n", ":1:"},
		{"unknown line", "position a\nfoo bar\nend\n", `unknown line "foo"`},
		{"no end", "position a\nfield x\ndepth 1 nodes 1 attacks 0 flags 0 ended 0\n", `no "end"`},
		{"no field", "position a\ndepth 1 nodes 1 attacks 0 flags 0 ended 0\nend\n", "no field"},
		{"no depth", "position a\nfield x\nend\n", "no depth"},
		{"bad depth line", "position a\ndepth 1 nodes x attacks 0 flags 0 ended 0\n", ":2:"},
		{"depth zero", "position a\ndepth 0 nodes 1 attacks 0 flags 0 ended 0\n", "want 1 to"},
		{"depths not increasing", "position a\ndepth 2 nodes 1 attacks 0 flags 0 ended 0\ndepth 1 nodes 1 attacks 0 flags 0 ended 0\n", "increasing"},
		{"bad rules key", "position a\nrules two-squares 3 chase on\n", "unknown setting"},
		{"bad rules value", "position a\nrules more-squares maybe\n", "want on or off"},
		{"rules out of range", "position a\nrules two-squares 99\n", "for twosquares"},
		{"odd rules", "position a\nrules two-squares\n", "pairs"},
		{"bad divide", "position a\ndivide a4-a5 -3\n", "divide count"},
		{"duplicate name", good[:len(good)-4] + "depth 1 nodes 1 attacks 0 flags 0 ended 0\nend\nposition a/b\n", "twice"},
		{"nested", "position a\nposition b\n", "before the \"end\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "suite.txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			err := Run([]string{"-suite", path}, &out)
			if err == nil || errors.Is(err, errFailed) {
				t.Fatalf("got error %v, want a file error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to mention %q", err, tc.want)
			}
		})
	}
}

// TestSuiteCaseErrorsFail: a case whose field or moves the engine
// rejects is a failed row (exit 1), not a crash.
func TestSuiteCaseErrorsFail(t *testing.T) {
	for _, tc := range []struct{ name, extra string }{
		{"illegal listed move", "moves a1-a2\n"},
		{"bad field", "field ZZZ\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeSuite(t, tc.extra+"depth 1 nodes 12 attacks 3 flags 0 ended 0")
			var out bytes.Buffer
			err := Run([]string{"-suite", path}, &out)
			if !errors.Is(err, errFailed) {
				t.Fatalf("got error %v, want a failed row\n%s", err, out.String())
			}
		})
	}
}

// TestInputsAgree counts the built-in opening three ways: by default,
// as a position text and as a Gravon field.
func TestInputsAgree(t *testing.T) {
	s := openingState(t)
	want := rows(t, runOK(t, "-depth", "3"))
	if len(want) != 3 {
		t.Fatalf("got %d rows, want 3", len(want))
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"position", []string{"-position", s.Position().String()}},
		{"field", []string{"-field", gravon.Field(s.Rules(), s.Board())}},
		{"field with rules", []string{"-field", gravon.Field(s.Rules(), s.Board()), "-rules", "classic"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rows(t, runOK(t, append(tc.args, "-depth", "3")...))
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("rows (-want +got):\n%s", d)
			}
		})
	}
}

// TestDivideMatchesSubtrees checks each divide line against a count from
// the position after its move (-field with -moves), and their sum
// against the total.
func TestDivideMatchesSubtrees(t *testing.T) {
	s := openingState(t)
	field := gravon.Field(s.Rules(), s.Board())
	out := runOK(t, "-field", field, "-depth", "3", "-divide")
	div := divideLines(t, out)
	var sum int64
	for _, n := range div {
		sum += n
	}
	if total := rows(t, out)[3][0]; sum != total {
		t.Errorf("divide lines sum to %d, depth 3 counts %d", sum, total)
	}
	if len(div) != len(s.AppendLegalMoves(nil)) {
		t.Errorf("got %d divide lines, want one per legal move (%d)", len(div), len(s.AppendLegalMoves(nil)))
	}
	for m, want := range div {
		got := rows(t, runOK(t, "-field", field, "-moves", m, "-depth", "2"))[2][0]
		if got != want {
			t.Errorf("after %s: got %d nodes at depth 2, divide says %d", m, got, want)
		}
	}
}

func TestDivideOrder(t *testing.T) {
	out := runOK(t, "-depth", "1", "-divide")
	_, after, _ := strings.Cut(out, "divide at depth 1:\n")
	var got []string
	for _, line := range strings.Split(after, "\n") {
		if f := strings.Fields(line); len(f) == 2 && strings.Contains(f[0], "-") {
			got = append(got, f[0])
		}
	}
	for i := 1; i < len(got); i++ {
		a, b := stratego.MustParseMove(got[i-1]), stratego.MustParseMove(got[i])
		if a.From.Index() > b.From.Index() || a.From == b.From && a.To.Index() >= b.To.Index() {
			t.Errorf("divide lines %s then %s: want square-index order", got[i-1], got[i])
		}
	}
}

func TestGameOverCountsZero(t *testing.T) {
	// Red's flag on a1 with a Blue scout able to take it; Red's only
	// other piece is a bomb, so after the capture nothing is left.
	b := stratego.Board{}
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("j1"), stratego.NewPiece(stratego.Red, stratego.Scout))
	b.Put(stratego.MustParseSquare("a9"), stratego.NewPiece(stratego.Blue, stratego.Scout))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	field := gravon.Field(stratego.Classic(), b)
	got := rows(t, runOK(t, "-field", field, "-moves", "j1-j2 a9-a1", "-depth", "2"))
	if d := cmp.Diff(map[int][4]int64{1: {}, 2: {}}, got); d != "" {
		t.Errorf("rows after the flag is taken (-want +got):\n%s", d)
	}
}

func TestBadInput(t *testing.T) {
	s := openingState(t)
	field := gravon.Field(s.Rules(), s.Board())
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"-bogus"}, "flag provided but not defined"},
		{"stray argument", []string{"classic"}, "unexpected argument"},
		{"negative depth", []string{"-depth", "-1"}, "-depth"},
		{"huge depth", []string{"-depth", "1000"}, "-depth"},
		{"bad rules", []string{"-rules", "chess"}, "-rules"},
		{"opening needs classic army", []string{"-rules", "barrage"}, "built-in opening"},
		{"bad position", []string{"-position", "classic"}, "-position"},
		{"view position", []string{"-position", s.View(stratego.Red).Position().String()}, "player's view"},
		{"position with rules", []string{"-position", s.Position().String(), "-rules", "gravon"}, "-rules does not apply"},
		{"short field", []string{"-field", "ABC"}, "field"},
		{"bad letter", []string{"-field", strings.Repeat("Z", 100)}, "field"},
		{"bad move", []string{"-field", field, "-moves", "a4-q9"}, "move 1"},
		{"illegal move", []string{"-field", field, "-moves", "a1-a2"}, "move 1"},
		{"moves without field", []string{"-moves", "a4-a5"}, "-moves needs -field"},
		{"two inputs", []string{"-field", field, "-position", s.Position().String()}, "at most one"},
		{"short without suite", []string{"-short"}, "only to -suite"},
		{"missing suite", []string{"-suite", filepath.Join(t.TempDir(), "none.txt")}, "no such file"},
		{"suite with rules", []string{"-suite", "x", "-rules", "classic"}, "does not apply to -suite"},
		{"bad regexp", []string{"-suite", writeSuite(t, "depth 1 nodes 12 attacks 3 flags 0 ended 0"), "-run", "("}, "-run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Run(tc.args, &out)
			if err == nil || errors.Is(err, errFailed) {
				t.Fatalf("got error %v, want a usage error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to mention %q", err, tc.want)
			}
		})
	}
}

// TestCounterAllocations pins the claim of the package comment: the
// count allocates nothing beyond what Apply does. Under Gravon rules
// (no More-Squares Rule, whose chase record grows as an immutable list)
// Apply allocates nothing in an opening, so neither may the count.
func TestCounterAllocations(t *testing.T) {
	s, err := opening(stratego.Gravon())
	if err != nil {
		t.Fatal(err)
	}
	c := perft.NewCounter(3)
	c.Count(s, 3) // grow the buffers
	if got := testing.AllocsPerRun(3, func() { c.Count(s, 3) }); got != 0 {
		t.Errorf("got %v allocations per count, want 0", got)
	}
}
