package watchcmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

func TestRunPlaysAGameToTheEnd(t *testing.T) {
	for _, preset := range []string{"classic", "barrage", "ultimate-lightning", "quick-battle", "vintage"} {
		t.Run(preset, func(t *testing.T) {
			var out bytes.Buffer
			if err := Run([]string{"-seed", "3", "-rules", preset, "-max-plies", "3000"}, nil, &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			for _, want := range []string{"seed 3", "plies ", "result "} {
				if !strings.Contains(text, want) {
					t.Errorf("output lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, "result ongoing") {
				t.Errorf("game did not end:\n%s", text)
			}
		})
	}
}

func TestRunIsRepeatable(t *testing.T) {
	var a, b bytes.Buffer
	if err := Run([]string{"-seed", "11", "-moves"}, nil, &a); err != nil {
		t.Fatal(err)
	}
	if err := Run([]string{"-seed", "11", "-moves"}, nil, &b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("two runs with the same seed differ")
	}
}

func TestRunRejectsUnknownRules(t *testing.T) {
	if err := Run([]string{"-rules", "chess"}, nil, &bytes.Buffer{}); err == nil {
		t.Error("unknown preset accepted")
	}
}

func TestMain(m *testing.M) {
	stderr = io.Discard
	os.Exit(m.Run())
}

// pictureLines returns the board rows of a text: lines that start with
// a row number and hold two-character cells.
func pictureLines(text string) []string {
	var rows []string
	// A prompt is not followed by a line break when the input is not
	// echoed: "> " ends a line too.
	for _, line := range strings.Split(strings.ReplaceAll(text, "> ", ">\n"), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		ok := true
		for _, cell := range f[1:] {
			if len(cell) != 2 {
				ok = false
			}
		}
		if ok {
			rows = append(rows, line)
		}
	}
	return rows
}

// hiddenCells counts the cells "r?" and "b?" in picture rows.
func hiddenCells(rows []string) (red, blue int) {
	for _, row := range rows {
		red += strings.Count(row, "r?")
		blue += strings.Count(row, "b?")
	}
	return red, blue
}

func TestRunView(t *testing.T) {
	for _, tc := range []struct {
		view              string
		wantRed, wantBlue bool // whether hidden cells of that color appear
	}{
		{"", false, false},
		{"red", false, true},
		{"blue", true, false},
	} {
		t.Run("view="+tc.view, func(t *testing.T) {
			args := []string{"-seed", "4", "-max-plies", "20"}
			if tc.view != "" {
				args = append(args, "-view", tc.view)
			}
			var out bytes.Buffer
			if err := Run(args, nil, &out); err != nil {
				t.Fatal(err)
			}
			rows := pictureLines(out.String())
			if len(rows) != 20 {
				t.Fatalf("got %d board rows, want two boards of 10:\n%s", len(rows), out.String())
			}
			red, blue := hiddenCells(rows[10:])
			if got := red > 0; got != tc.wantRed {
				t.Errorf("final board has %d hidden red cells, want some: %v\n%s", red, tc.wantRed, out.String())
			}
			if got := blue > 0; got != tc.wantBlue {
				t.Errorf("final board has %d hidden blue cells, want some: %v\n%s", blue, tc.wantBlue, out.String())
			}
			if red, blue := hiddenCells(rows[:10]); red+blue > 0 {
				t.Errorf("start board hides pieces:\n%s", out.String())
			}
		})
	}
}

// readRecord parses and replays a record file.
func readRecord(t *testing.T, path string) (stratego.Record, []stratego.State) {
	t.Helper()
	text, err := os.ReadFile(path)
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
	return rec, states
}

func TestRunRecord(t *testing.T) {
	for _, preset := range []string{"classic", "barrage", "ultimate-lightning", "vintage"} {
		t.Run(preset, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.rec")
			var out bytes.Buffer
			if err := Run([]string{"-seed", "8", "-rules", preset, "-max-plies", "400", "-record", path}, nil, &out); err != nil {
				t.Fatal(err)
			}
			rec, states := readRecord(t, path)
			last := states[len(states)-1]
			text := out.String()
			if want := fmt.Sprintf("plies %d\nresult %v\n", last.Ply(), last.Outcome()); !strings.Contains(text, want) {
				t.Errorf("replayed record ends with %q, the game printed:\n%s", want, text)
			}
			if !strings.Contains(text, last.Picture()) {
				t.Errorf("replayed final board differs from the printed one:\n%s\nprinted:\n%s", last.Picture(), text)
			}
			if rec.Result != last.Outcome() {
				t.Errorf("record result %v, replay gives %v", rec.Result, last.Outcome())
			}
			if seed, _ := rec.Tag("Seed"); seed != "8" {
				t.Errorf("Seed tag %q, want 8", seed)
			}
			if red, _ := rec.Tag("Red"); red != "random" {
				t.Errorf("Red tag %q, want random", red)
			}
		})
	}
}

func TestHumanResigns(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		human       string
		want        []string
	}{
		{"resign", "resign\n", "red", []string{"red, ply 1> ", "result blue wins (resignation)"}},
		{"end of input", "", "red", []string{"end of input: red resigns", "result blue wins (resignation)"}},
		{"blue sees red's first move", "resign\n", "blue", []string{"last move: red r", "blue, ply 2> ", "result red wins (resignation)"}},
		{"illegal then resign", "j1-j2\nzz\n\nmoves\nhelp\nboard\nRESIGN\n", "red",
			[]string{"illegal move: stratego: ", "not a move: stratego: ", "legal moves: ", "type a move", "result blue wins (resignation)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			args := []string{"-seed", "2", "-rules", "quick-battle", "-human", tc.human}
			if err := Run(args, strings.NewReader(tc.input), &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %q:\n%s", w, text)
				}
			}
			if !strings.Contains(text, "plies ") {
				t.Errorf("no final report:\n%s", text)
			}
		})
	}
}

func TestHumanResignationIsRecorded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.rec")
	var out bytes.Buffer
	if err := Run([]string{"-seed", "5", "-human", "blue", "-record", path}, strings.NewReader("resign\n"), &out); err != nil {
		t.Fatal(err)
	}
	rec, states := readRecord(t, path)
	want := stratego.Outcome{Winner: stratego.Red, Reason: stratego.Resignation}
	if got := states[len(states)-1].Outcome(); got != want || rec.Result != want {
		t.Errorf("record result %v, replay %v; want %v", rec.Result, got, want)
	}
	if len(rec.Moves) != 1 {
		t.Errorf("got %d moves, want Red's first", len(rec.Moves))
	}
	text := out.String()
	if strings.Contains(text[:strings.Index(text, "blue, ply 2>")], "seed") {
		t.Errorf("the seed is shown before the game ends:\n%s", text)
	}
	if !strings.Contains(text, "seed 5\n") {
		t.Errorf("the seed is not shown at the end:\n%s", text)
	}
}

// TestHumanSeesOnlyTheView: before the game ends, every board shown to
// the human hides the enemy's ranks; only the final board shows them.
func TestHumanSeesOnlyTheView(t *testing.T) {
	var out bytes.Buffer
	if err := Run([]string{"-seed", "6", "-human", "blue"}, strings.NewReader("board\nresign\n"), &out); err != nil {
		t.Fatal(err)
	}
	rows := pictureLines(out.String())
	if len(rows) != 30 {
		t.Fatalf("got %d board rows, want three boards:\n%s", len(rows), out.String())
	}
	for i, board := range [][]string{rows[:10], rows[10:20]} {
		red, blue := hiddenCells(board)
		if red != 40 || blue != 0 {
			t.Errorf("board %d shows %d hidden red and %d hidden blue pieces, want 40 and 0", i+1, red, blue)
		}
	}
	if red, blue := hiddenCells(rows[20:]); red+blue != 0 {
		t.Errorf("final board hides %d pieces, want the full board", red+blue)
	}
}

// moveBot is the input of a scripted human: it asks for the legal moves
// and plays the first one, reading the command's own output.
type moveBot struct {
	out   *bytes.Buffer
	asked bool
	moves int
}

func (b *moveBot) Read(p []byte) (int, error) {
	if !b.asked {
		b.asked = true
		return copy(p, "moves\n"), nil
	}
	b.asked = false
	text := b.out.String()
	i := strings.LastIndex(text, "legal moves: ")
	if i < 0 {
		return 0, io.EOF
	}
	line, _, _ := strings.Cut(text[i+len("legal moves: "):], "\n")
	first, _, _ := strings.Cut(line, " ")
	b.moves++
	return copy(p, first+"\n"), nil
}

func TestHumanPlaysToTheEnd(t *testing.T) {
	for _, human := range []string{"red", "blue"} {
		t.Run(human, func(t *testing.T) {
			var out bytes.Buffer
			bot := &moveBot{out: &out}
			path := filepath.Join(t.TempDir(), "game.rec")
			args := []string{"-seed", "12", "-rules", "quick-battle", "-max-plies", "60", "-human", human, "-record", path}
			if err := Run(args, bot, &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			if bot.moves < 5 {
				t.Errorf("the human made %d moves, want more", bot.moves)
			}
			if strings.Contains(text, "illegal move") || strings.Contains(text, "resignation") {
				t.Errorf("a listed legal move was refused or the game was resigned:\n%s", text)
			}
			rec, states := readRecord(t, path)
			last := states[len(states)-1]
			if !strings.Contains(text, fmt.Sprintf("result %v\n", last.Outcome())) || !last.Outcome().Over() {
				t.Errorf("record replays to %v; output:\n%s", last.Outcome(), text)
			}
			if name, _ := rec.Tag(map[string]string{"red": "Red", "blue": "Blue"}[human]); name != "human" {
				t.Errorf("the human's tag is %q, want human", name)
			}
		})
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"-bogus"}, "not defined"},
		{"stray argument", []string{"classic"}, "unexpected argument"},
		{"bad rules text", []string{"-rules", "classic,twosquares=99"}, "unknown rules"},
		{"negative cap", []string{"-max-plies", "-1"}, "-max-plies"},
		{"bad view", []string{"-view", "green"}, "-view"},
		{"bad human", []string{"-human", "both"}, "-human"},
		{"moves with human", []string{"-human", "red", "-moves"}, "-moves"},
		{"unwritable record", []string{"-seed", "1", "-max-plies", "10", "-record", filepath.Join(t.TempDir(), "no", "dir", "x.rec")}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Run(tc.args, strings.NewReader(""), &bytes.Buffer{})
			if err == nil {
				t.Fatal("got no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestRunAcceptsRulesText(t *testing.T) {
	var out bytes.Buffer
	if err := Run([]string{"-seed", "3", "-rules", "gravon,maxplies=50"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "result draw (ply cap)") && !strings.Contains(out.String(), "plies 50\n") && !strings.Contains(out.String(), "result red") && !strings.Contains(out.String(), "result blue") {
		t.Errorf("unexpected output:\n%s", out.String())
	}
}
