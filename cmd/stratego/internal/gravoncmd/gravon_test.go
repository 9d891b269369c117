package gravoncmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/datatest"
)

// dataDir holds the Gravon test files, from the repository root's
// testdata.
const dataDir = "../../../../gravon/testdata"

func TestMain(m *testing.M) {
	stderr = io.Discard
	os.Exit(m.Run())
}

func file(name string) string { return filepath.Join(dataDir, name) }

// lineOf returns the report line of a file.
func lineOf(t *testing.T, out, name string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, file(name)+" ") {
			return line
		}
	}
	t.Fatalf("no line for %s in:\n%s", name, out)
	return ""
}

func TestReportTestdata(t *testing.T) {
	var buf bytes.Buffer
	err := Run([]string{dataDir}, &buf)
	if !errors.Is(err, errFailed) {
		t.Fatalf("got error %v, want a failure (the directory holds broken games)", err)
	}
	out := buf.String()
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"barrage.xml", []string{"barrage", "alice", "bob", " 5 ", "red wins (flag captured) [1]", " ok"}},
		{"classic.gsn", []string{"classic", " 4 ", "blue wins (resignation) [3]", " ok"}},
		{"illegal.gsn", []string{"carol", "dave", "illegal move at ply 3 (2. red a1-a2, Gravon A1-A2)", "piece cannot move"}},
		{"twosquares.xml", []string{" 12 ", "blue wins (resignation) [11]", "illegal move at ply 11 (6. red a5-a4, Gravon A5-A4)", "two-squares rule"}},
		{"mismatch.xml", []string{"result mismatch", "the moves give ongoing"}},
		{"malformed.xml", []string{"unreadable", "syntax error"}},
		{"nofield.gsn", []string{"barrage", "judy", "ken", " 0 ", "unreadable", "without a field"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := lineOf(t, out, tc.name)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("line lacks %q:\n%s", w, line)
				}
			}
		})
	}
	if !strings.Contains(out, "7 files, 2 replayed, 5 failed") {
		t.Errorf("summary wrong:\n%s", out)
	}
}

func TestReportGoodFiles(t *testing.T) {
	var buf bytes.Buffer
	if err := Run([]string{file("barrage.xml"), file("classic.gsn")}, &buf); err != nil {
		t.Fatalf("got error %v for two good files\n%s", err, buf.String())
	}
	if !strings.Contains(buf.String(), "2 files, 2 replayed, 0 failed") {
		t.Errorf("summary wrong:\n%s", buf.String())
	}
}

func TestStats(t *testing.T) {
	var buf bytes.Buffer
	err := Run([]string{"-stats", dataDir}, &buf)
	if !errors.Is(err, errFailed) {
		t.Fatalf("got error %v, want a failure", err)
	}
	out := buf.String()
	for _, want := range []string{
		"files: 7 (xml 4, gsn 3)",
		"replayed: 2 ok, 2 unreadable, 3 failed",
		"plies: 27 in all",
		"  barrage  2\n", "  classic  4\n",
		"1 flag captured", "11 player clock", "14 opponent missing",
		"ErrSyntax  2\n",
		"ErrImmovable   1\n", "ErrMismatch    1\n", "ErrTwoSquares  1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stats lack %q:\n%s", want, out)
		}
	}
}

// TestConvertRecord converts the good games to records and checks that
// each parses, replays to the archive's result and converts back to the
// same Gravon game.
func TestConvertRecord(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := Run([]string{"-convert", "record", "-out", dir, file("barrage.xml"), file("classic.gsn")}, &buf); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	for _, tc := range []struct {
		in, out string
		read    func(io.Reader) (gravon.Game, error)
	}{
		{"barrage.xml", "barrage.rec", gravon.ReadXML},
		{"classic.gsn", "classic.rec", gravon.ReadGSN},
	} {
		t.Run(tc.in, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(dir, tc.out))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := stratego.ParseRecord(string(text))
			if err != nil {
				t.Fatalf("ParseRecord: %v\n%s", err, text)
			}
			states, err := rec.Replay()
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			f, err := os.Open(file(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			want, err := tc.read(f)
			if err != nil {
				t.Fatal(err)
			}
			o, err := gravon.Outcome(want.End, want.Winner)
			if err != nil {
				t.Fatal(err)
			}
			if got := states[len(states)-1].Outcome(); got != o {
				t.Errorf("replay ends %v, want %v", got, o)
			}
			got, err := gravon.GameOf(rec)
			if err != nil {
				t.Fatalf("GravonGameOf: %v", err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
	// The barrage game ends with the flag taken: the record annotates it.
	text, err := os.ReadFile(filepath.Join(dir, "barrage.rec"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := stratego.ParseRecord(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if last := rec.Moves[len(rec.Moves)-1]; !last.IsAttack() || last.Defender != stratego.Flag {
		t.Errorf("last move %v, want it annotated as taking the flag", last.AnnotatedMove)
	}
	if src, _ := rec.Tag("Source"); src != "barrage.xml" {
		t.Errorf("Source tag %q, want barrage.xml", src)
	}
}

func TestConvertIllegalMarksMove(t *testing.T) {
	var buf bytes.Buffer
	err := Run([]string{"-convert", "record", file("illegal.gsn")}, &buf)
	if !errors.Is(err, errFailed) {
		t.Fatalf("got error %v, want a failure", err)
	}
	rec, err := stratego.ParseRecord(buf.String())
	if err != nil {
		t.Fatalf("ParseRecord: %v\n%s", err, buf.String())
	}
	if len(rec.Moves) != 4 {
		t.Fatalf("got %d moves, want 4", len(rec.Moves))
	}
	if c := rec.Moves[2].Comment; !strings.HasPrefix(c, "illegal: ") {
		t.Errorf("move 3 comment %q, want it marked illegal", c)
	}
	if !strings.HasPrefix(rec.Comment, "does not replay") {
		t.Errorf("record comment %q, want the replay error", rec.Comment)
	}
	var re *stratego.ReplayError
	if _, err := rec.Replay(); !errors.As(err, &re) || re.Index != 2 || !errors.Is(err, stratego.ErrImmovable) {
		t.Errorf("replay of the converted record: %v, want move 3 immovable", err)
	}
}

func TestConvertXML(t *testing.T) {
	var buf bytes.Buffer
	if err := Run([]string{"-convert", "xml", file("classic.gsn")}, &buf); err != nil {
		t.Fatal(err)
	}
	got, err := gravon.ReadXML(&buf)
	if err != nil {
		t.Fatalf("ReadGravonXML: %v", err)
	}
	f, err := os.Open(file("classic.gsn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := gravon.ReadGSN(f)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("GSN to XML (-want +got):\n%s", d)
	}
}

// TestConvertOutNames: two inputs with one base name get distinct
// output files, and unreadable files are reported, not written.
func TestConvertOutNames(t *testing.T) {
	in := t.TempDir()
	for _, sub := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(in, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(file("barrage.xml"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, sub, "game.xml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(in, "b", "junk.xml"), []byte("<stratego>"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var buf bytes.Buffer
	err := Run([]string{"-convert", "xml", "-out", out, in}, &buf)
	if !errors.Is(err, errFailed) {
		t.Fatalf("got error %v, want a failure for junk.xml", err)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if d := cmp.Diff([]string{"game-2.xml", "game.xml"}, names); d != "" {
		t.Errorf("written files (-want +got):\n%s", d)
	}
	if !strings.Contains(buf.String(), "not converted") {
		t.Errorf("report does not say junk.xml was not converted:\n%s", buf.String())
	}
}

// TestSniffing reads files named on the command line by their first
// byte when the extension says nothing.
func TestSniffing(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		src, name, want string
	}{
		{"classic.gsn", "game.txt", " ok"},
		{"barrage.xml", "game", " ok"},
		{"", "empty.txt", "empty file, want XML or GSN"},
		{"", "other.txt", "want XML (\"<\") or GSN (\"#\")"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte("classic")
			if tc.name == "empty.txt" {
				data = nil
			}
			if tc.src != "" {
				var err error
				if data, err = os.ReadFile(file(tc.src)); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			_ = Run([]string{path}, &buf)
			if !strings.Contains(buf.String(), tc.want) {
				t.Errorf("report lacks %q:\n%s", tc.want, buf.String())
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no paths", nil, "no files"},
		{"unknown flag", []string{"-bogus", dataDir}, "not defined"},
		{"bad format", []string{"-convert", "pgn", dataDir}, "want record or xml"},
		{"out without convert", []string{"-out", empty, dataDir}, "-out needs -convert"},
		{"stats and convert", []string{"-stats", "-convert", "xml", dataDir}, "not both"},
		{"missing path", []string{filepath.Join(empty, "none.xml")}, "no such file"},
		{"empty directory", []string{empty}, "no .xml or .gsn files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Run(tc.args, &buf)
			if err == nil || errors.Is(err, errFailed) {
				t.Fatalf("got error %v, want a usage error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to mention %q", err, tc.want)
			}
		})
	}
}

// TestStatsRealFields runs -stats over one XML file per real Gravon start
// field of ../shared/data (no moves, the archive's results): every file
// is read, counted by type, and none crashes the tool, whatever the
// field or result holds.
func TestStatsRealFields(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 3,906 files")
	}
	const csvPath = "../../../../../shared/data/gravon_positions.csv"
	data := datatest.ReadFile(t, csvPath)
	dir := t.TempDir()
	types := map[string]int{}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
	for i, line := range lines {
		f := strings.Split(line, ",")
		if len(f) != 6 {
			t.Fatalf("csv line %d: %q", i+2, line)
		}
		end, err1 := strconv.Atoi(f[3])
		winner, err2 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil {
			t.Fatalf("csv line %d: %q", i+2, line)
		}
		g := gravon.Game{Type: f[0], Field: f[1], Names: [3]string{stratego.Red: "red", stratego.Blue: "blue"}, End: gravon.End(end), Winner: winner}
		var buf bytes.Buffer
		if err := g.WriteXML(&buf); err != nil {
			t.Fatalf("csv line %d: WriteXML: %v", i+2, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f[5]+".xml"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		types[f[0]]++
	}
	var buf bytes.Buffer
	err := Run([]string{"-stats", dir}, &buf)
	if err != nil && !errors.Is(err, errFailed) {
		t.Fatalf("got error %v", err)
	}
	out := buf.String()
	if want := fmt.Sprintf("files: %d (xml %d, gsn 0)", len(lines), len(lines)); !strings.Contains(out, want) {
		t.Errorf("stats lack %q:\n%s", want, out)
	}
	for typ, n := range types {
		if want := fmt.Sprintf("  %s  ", typ); !strings.Contains(out, want) {
			t.Errorf("stats lack type %q:\n%s", typ, out)
		}
		if !strings.Contains(out, fmt.Sprintf("%d\n", n)) {
			t.Errorf("stats lack the count %d of %s:\n%s", n, typ, out)
		}
	}
	t.Logf("\n%s", out)
}

// TestBadResults: a game whose end code contradicts its winner fails
// the report, and with -badresults is imported with a warning.
func TestBadResults(t *testing.T) {
	data, err := os.ReadFile(file("barrage.xml"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `<result type="1" winner="1"/>`, `<result type="4" winner="1"/>`, 1)
	if bad == string(data) {
		t.Fatal("barrage.xml has no result to change")
	}
	path := filepath.Join(t.TempDir(), "tie.xml")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Run([]string{path}, &buf); !errors.Is(err, errFailed) || !strings.Contains(buf.String(), "gravon end code 4 with winner 1") {
		t.Fatalf("without -badresults: %v\n%s", err, buf.String())
	}
	buf.Reset()
	if err := Run([]string{"-badresults", path}, &buf); err != nil || !strings.Contains(buf.String(), "ok; warning: stratego: record does not match the game: gravon end code 4 with winner 1") {
		t.Fatalf("with -badresults: %v\n%s", err, buf.String())
	}
}
