package playcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
	"github.com/stratego-go/stratego/internal/syncbuf"
)

func TestMain(m *testing.M) {
	stderr = io.Discard
	if os.Getenv(asPlay) == "1" {
		os.Exit(runAsCommand(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// asPlay makes the test binary run "stratego play" with its arguments.
const asPlay = "PLAYCMD_TEST_AS_PLAY"

// runAsCommand runs the command and returns its exit status.
func runAsCommand(args []string) int {
	return cli.Exit("play", Run(args, os.Stdin, os.Stdout), os.Stderr)
}

// TestSignal stops a game waiting for the person's move with SIGTERM:
// the game stops as by "quit", its record is on file, and the exit
// status is 3.
func TestSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM")
	}
	path := filepath.Join(t.TempDir(), "game.rec")
	cmd := exec.Command(os.Args[0], "-color", "never", "-bot", "random", "-setup", "random", "-side", "red", "-record", path)
	cmd.Env = append(os.Environ(), asPlay+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var out syncbuf.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); !strings.Contains(out.String(), "move 1> "); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no prompt:\n%s", out.String())
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("exit %v, want status 3:\n%s", err, out.String())
	}
	for _, want := range []string{"interrupted by SIGTERM: the game stops unfinished after 0 plies.", "result unfinished (interrupted by SIGTERM)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if rec, _ := readRecord(t, path); rec.Result.IsOver() {
		t.Errorf("record result %v, want *", rec.Result)
	}
}

// play runs the command with the flags and the input, colours off.
func play(t *testing.T, in io.Reader, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := Run(append([]string{"-color", "never"}, args...), in, &out)
	return out.String(), err
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
		t.Fatalf("Replay: %v\n%s", err, text)
	}
	return rec, states
}

// setupTexts returns the setups shown in the setup step, as text.
func setupTexts(out string) []string {
	var texts []string
	for _, line := range strings.Split(out, "\n") {
		if s, ok := strings.CutPrefix(line, "as text: "); ok {
			texts = append(texts, s)
		}
	}
	return texts
}

func TestSetupEntered(t *testing.T) {
	const mine = "616B252538/B824423329/5624335B77/72BB642BXF"
	for _, side := range []string{"red", "blue"} {
		t.Run(side, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.rec")
			out, err := play(t, strings.NewReader(mine+"\nok\nresign\nyes\n"), "-bot", "random", "-seed", "3", "-side", side, "-record", path)
			if err != nil {
				t.Fatal(err)
			}
			if texts := setupTexts(out); len(texts) != 2 || texts[1] != mine {
				t.Errorf("shown setups %q, want a random one then %q", texts, mine)
			}
			rec, _ := readRecord(t, path)
			got := rec.RedSetup
			if side == "blue" {
				got = rec.BlueSetup
			}
			if got.String() != mine {
				t.Errorf("recorded setup %v, want %v", got, mine)
			}
		})
	}
}

func TestSetupFlag(t *testing.T) {
	const mine = "616B252538/B824423329/5624335B77/72BB642BXF"
	path := filepath.Join(t.TempDir(), "game.rec")
	out, err := play(t, strings.NewReader("resign\nyes\n"), "-bot", "random", "-setup", mine, "-record", path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "setup>") {
		t.Errorf("-setup asked for a setup:\n%s", out)
	}
	if rec, _ := readRecord(t, path); rec.RedSetup.String() != mine {
		t.Errorf("recorded setup %v, want %v", rec.RedSetup, mine)
	}
	if _, err := play(t, strings.NewReader(""), "-bot", "random", "-setup", "XX"); err == nil || !strings.Contains(err.Error(), "-setup") {
		t.Errorf("a bad -setup gave %v, want an error naming -setup", err)
	}
}

// TestSetupSwapAndRandom edits the setup: a swap of two board squares
// (checked against the board of stratego.New, for both sides, so the
// squares are named as in the game), a refused swap, a suggested and a
// random setup.
func TestSetupSwapAndRandom(t *testing.T) {
	for _, tc := range []struct{ side, a, b string }{
		{"red", "a1", "j4"},
		{"blue", "a7", "j10"},
		{"blue", "c10", "d7"},
	} {
		t.Run(tc.side+" "+tc.a+" "+tc.b, func(t *testing.T) {
			r := stratego.Classic()
			path := filepath.Join(t.TempDir(), "game.rec")
			input := fmt.Sprintf("swap %s %s\nswap a1 a5\nsuggest\nrandom\nswap %s %s\nok\nresign\nyes\n", tc.a, tc.b, tc.a, tc.b)
			out, err := play(t, strings.NewReader(input), "-bot", "random", "-seed", "5", "-side", tc.side, "-record", path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "cannot swap: ") {
				t.Errorf("a swap off the setup squares was not refused:\n%s", out)
			}
			texts := setupTexts(out)
			if len(texts) != 5 {
				t.Fatalf("got %d setups shown, want 5:\n%s", len(texts), out)
			}
			if texts[2] == texts[1] || texts[3] == texts[2] {
				t.Errorf("suggest or random gave the same setup again")
			}
			c, _ := stratego.ParseColor(tc.side)
			// The setup before the last swap, placed by New.
			before := stateOf(t, r, c, texts[3])
			rec, states := readRecord(t, path)
			if got := ownSetup(rec, c).String(); got != texts[4] {
				t.Errorf("recorded setup %s, the last one shown %s", got, texts[4])
			}
			a, b := stratego.MustParseSquare(tc.a), stratego.MustParseSquare(tc.b)
			pa, _ := before.At(a)
			pb, _ := before.At(b)
			qa, _ := states[0].At(a)
			qb, _ := states[0].At(b)
			if qa != pb || qb != pa {
				t.Errorf("after swap %s %s: %v on %v and %v on %v, want %v and %v", tc.a, tc.b, qa, a, qb, b, pb, pa)
			}
			if pa == pb {
				t.Errorf("test swaps equal pieces %v: choose other squares", pa)
			}
		})
	}
}

func ownSetup(rec stratego.Record, c stratego.Color) stratego.Setup {
	if c == stratego.Blue {
		return rec.BlueSetup
	}
	return rec.RedSetup
}

// stateOf starts a game with the setup text for side c and a random
// setup for the other.
func stateOf(t *testing.T, r stratego.Rules, c stratego.Color, text string) stratego.State {
	t.Helper()
	mine := stratego.MustParseSetup(r, text)
	other := stratego.RandomSetup(r, rand.New(rand.NewPCG(1, 1)))
	red, blue := mine, other
	if c == stratego.Blue {
		red, blue = other, mine
	}
	s, err := stratego.New(r, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The setup of TestRefusals: Red's front row (row 4) is, from a to j,
// 7 2 B B 6 4 2 B X F; c4, d4 and h4 are bombs below the lakes, f4 a
// Sergeant, j4 the flag.
const refusalSetup = "616B252538/B824423329/5624335B77/72BB642BXF"

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, input, want string
	}{
		{"two squares", "f4-f5\nf5-f4\nf4-f5\nf5-f4\n", "refused, f5-f4: the Two-Squares Rule: a piece may not move more than 3 times in a row"},
		{"flag", "j4-j5\n", "refused, j4-j5: bombs and the flag never move"},
		{"bomb", "h3-h4\nd4-e4\n", "refused, d4-e4: bombs and the flag never move"},
		{"lake", "c4-c5\n", "refused, c4-c5: that square is not on the board, or is a lake"},
		{"diagonal", "e4-f5\n", "refused, e4-f5: a piece moves one square forward, backward or sideways, never diagonally"},
		{"empty square", "e5-e6\n", "refused, e5-e6: there is no piece on the square it starts from"},
		{"own piece", "f3-f4\n", "refused, f3-f4: your own piece stands on that square"},
		{"enemy piece", "a7-a6\n", "refused, a7-a6: that piece is the enemy's"},
		{"into a lake", "f4-f5\nf5-f6\nf6-g6\n", "refused, f6-g6: that square is not on the board, or is a lake"},
		{"not a move", "e4-e4\nhello\n", `not a move or a command: "hello"`},
		{"two squares run together", "e4e5\n", `not a move: "e4e5"; did you mean e4-e5?`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := play(t, strings.NewReader(tc.input+"resign\nyes\n"), "-bot", "random", "-seed", "9", "-setup", refusalSetup)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
			if !strings.Contains(out, "result blue wins (resignation)") {
				t.Errorf("the game did not go on to the resignation:\n%s", out)
			}
		})
	}
}

func TestResign(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.rec")
	out, err := play(t, strings.NewReader("f4-f5\nresign\nyes\n"), "-bot", "random", "-seed", "4", "-setup", refusalSetup, "-record", path)
	if err != nil {
		t.Fatal(err)
	}
	rec, states := readRecord(t, path)
	want := stratego.Outcome{Winner: stratego.Blue, Reason: stratego.Resignation}
	if got := states[len(states)-1].Outcome(); got != want || rec.Result != want {
		t.Errorf("record result %v, replay %v; want %v", rec.Result, got, want)
	}
	if len(rec.Moves) != 2 {
		t.Errorf("record has %d moves, want 2 (yours and the bot's)", len(rec.Moves))
	}
	for _, w := range []string{"You resign.", "you lose (resignation)", "seed 4\n", "record written to " + path} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if i := strings.Index(out, "seed 4"); i < strings.Index(out, "You resign.") {
		t.Errorf("the seed, which gives the bot's setup away, is shown before the end:\n%s", out)
	}
}

// TestSetupRefusalsInWords: what the setup step refuses is said in
// words: no package prefix, no byte offset, a word that is no command
// named as such.
func TestSetupRefusalsInWords(t *testing.T) {
	out, err := play(t, strings.NewReader("swap a1 z9\nblah\n616B252538/B824423329/5624335B77/72BB642BX\nok\nresign yes\n"), "-bot", "random", "-seed", "3")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`cannot swap: "z9" is not a square: want a file a-j and a row 1-10`,
		`not a command: "blah"; type "help" for the commands`,
		`cannot read the setup "616B252538/B824423329/5624335B77/72BB642BX" at character 43: expected 10 squares in row 4`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "stratego:") || strings.Contains(out, "offset") {
		t.Errorf("a refusal has the package prefix or an offset:\n%s", out)
	}
}

// TestResignAsksFirst: "resign" asks, and an answer other than yes plays
// on; "resign yes" resigns at once.
func TestResignAsksFirst(t *testing.T) {
	out, err := play(t, strings.NewReader("resign\nno\nresign\nmaybe\nf4-f5\nresign yes\n"), "-bot", "random", "-seed", "4", "-setup", refusalSetup)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out, "Resign and lose the game? (yes/no)"); n != 2 {
		t.Errorf("asked %d times, want 2 (not for \"resign yes\"):\n%s", n, out)
	}
	if n := strings.Count(out, "You play on."); n != 2 {
		t.Errorf("%d times \"You play on.\", want 2:\n%s", n, out)
	}
	if !strings.Contains(out, "You resign.") || !strings.Contains(out, "plies 2\n") {
		t.Errorf("the game did not end by resigning after the move:\n%s", out)
	}
}

// TestEndOfInput: the end of the input stops the game cleanly in the
// setup step (no game, no error) and in the game (the record holds the
// moves so far, result "*").
func TestEndOfInput(t *testing.T) {
	t.Run("setup", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "game.rec")
		out, err := play(t, strings.NewReader("swap a1 a2\n"), "-bot", "random", "-record", path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "end of input: no game played.") {
			t.Errorf("output:\n%s", out)
		}
	})
	t.Run("game", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "game.rec")
		out, err := play(t, strings.NewReader("f4-f5\nmoves"), "-bot", "random", "-seed", "4", "-setup", refusalSetup, "-record", path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "end of input: the game stops unfinished after 2 plies.") {
			t.Errorf("output:\n%s", out)
		}
		rec, states := readRecord(t, path)
		if len(rec.Moves) != 2 || rec.Result.IsOver() || states[len(states)-1].Outcome().IsOver() {
			t.Errorf("record has %d moves and result %v, want 2 and ongoing", len(rec.Moves), rec.Result)
		}
	})
	t.Run("quit", func(t *testing.T) {
		out, err := play(t, strings.NewReader("quit\nresign\nyes\n"), "-bot", "random", "-setup", "random")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "quit: the game stops unfinished after 0 plies.") || strings.Contains(out, "You resign") ||
			!strings.Contains(out, "result unfinished (quit)\n") || strings.Contains(out, "ongoing") {
			t.Errorf("output:\n%s", out)
		}
	})
}

func TestBadRecordPathBeforeTheGame(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "no", "such", "dir", "x.rec"), dir} {
		out, err := play(t, strings.NewReader("ok\n"), "-bot", "random", "-record", path)
		if err == nil || !strings.Contains(err.Error(), "-record") {
			t.Errorf("-record %s: got error %v, want one naming -record", path, err)
		}
		if out != "" {
			t.Errorf("-record %s: the game started:\n%s", path, out)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the probe left files behind: %v", entries)
	}
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-bot", "nobody"}, "unknown player"},
		{[]string{"-side", "green"}, "-side"},
		{[]string{"-rules", "chess"}, "-rules"},
		{[]string{"-color", "sometimes"}, "-color"},
		{[]string{"-think", "-1s"}, "-think"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		_, err := play(t, strings.NewReader(""), tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got error %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
}

func TestColorSwitch(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	run := func(args ...string) string {
		var out bytes.Buffer
		if err := Run(append(args, "-bot", "random", "-seed", "2", "-setup", "random"), strings.NewReader("board\nresign\nyes\n"), &out); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	always, never, auto := run("-color", "always"), run("-color", "never"), run()
	if !strings.Contains(always, "\x1b[") {
		t.Error("-color always wrote no colour")
	}
	if strings.Contains(never, "\x1b") || strings.Contains(auto, "\x1b") {
		t.Error("-color never, or auto on a buffer, wrote colour")
	}
	if got := termboard.StripANSI(always); got != never {
		t.Errorf("the coloured text differs from the plain one beyond its colours:\n%s\n%s", got, never)
	}
	t.Setenv("NO_COLOR", "1")
	if on, err := termboard.ColorFor("auto", os.Stdout); on || err != nil {
		t.Errorf("auto with NO_COLOR set: colour %v, %v", on, err)
	}
	if on, _ := termboard.ColorFor("always", &bytes.Buffer{}); !on {
		t.Error("always: no colour")
	}
}

// scripted is the input of a scripted person: before each move it
// checks the record file (present, parsed and replayed to the game so
// far), asks for the legal moves and plays a random one of them. The
// boards it was shown are checked after the game (checkBoards).
type scripted struct {
	t     *testing.T
	out   *bytes.Buffer
	path  string
	rng   *rand.Rand
	asked bool
	moves int
	start bool
	from  int // the output before this offset has been read
}

func (p *scripted) Read(b []byte) (int, error) {
	if !p.start {
		p.start = true
		return copy(b, "ok\n"), nil
	}
	// What the command wrote since the last line typed.
	text := string(p.out.Bytes()[p.from:])
	p.from = p.out.Len()
	if !p.asked {
		p.asked = true
		p.checkRecord(text)
		return copy(b, "moves\n"), nil
	}
	p.asked = false
	i := strings.LastIndex(text, "legal moves: ")
	if i < 0 {
		return 0, io.EOF
	}
	line, _, _ := strings.Cut(text[i+len("legal moves: "):], "\n")
	list := strings.Fields(line)
	p.moves++
	return copy(b, list[p.rng.IntN(len(list))]+"\n"), nil
}

// checkRecord replays the record and compares its length with the ply
// of the last board shown.
func (p *scripted) checkRecord(text string) {
	t := p.t
	_, states := readRecord(t, p.path)
	i := strings.LastIndex(text, "\nply ")
	if i < 0 {
		t.Fatalf("no board before the prompt:\n%s", text)
	}
	ply, _, _ := strings.Cut(text[i+len("\nply "):], ",")
	n, err := strconv.Atoi(ply)
	if err != nil {
		t.Fatalf("board header %q", text[i:])
	}
	if got := len(states) - 1; got != n {
		t.Errorf("before the move at ply %d the record holds %d plies", n+1, got)
	}
}

func TestFullGameRecordAndNoLeak(t *testing.T) {
	for _, tc := range []struct {
		rules, side string
		seed        uint64
		botRescue   bool // the game has a rescue by the bot, two moves in a row
	}{
		{"quick-battle,maxplies=300", "red", 21, false},
		{"barrage,maxplies=300", "blue", 21, false},
		{"ultimate-lightning,maxplies=1000", "red", 1, true},
		{"classic,info=silent,maxplies=200", "blue", 21, false},
		{"vintage,maxplies=200", "red", 21, false},
	} {
		t.Run(tc.rules+" "+tc.side, func(t *testing.T) {
			if testing.Short() && !strings.HasPrefix(tc.rules, "quick") {
				t.Skip("short")
			}
			var out bytes.Buffer
			path := filepath.Join(t.TempDir(), "game.rec")
			p := &scripted{t: t, out: &out, path: path, rng: rand.New(rand.NewPCG(tc.seed, 7))}
			args := []string{"-color", "never", "-bot", "random", "-seed", fmt.Sprint(tc.seed), "-rules", tc.rules, "-side", tc.side, "-record", path}
			if err := Run(args, p, &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			rec, states := readRecord(t, path)
			last := states[len(states)-1]
			if !last.Outcome().IsOver() || rec.Result != last.Outcome() {
				t.Fatalf("record result %v, replay %v; want a finished game:\n%s", rec.Result, last.Outcome(), text[max(0, len(text)-3000):])
			}
			if !strings.Contains(text, fmt.Sprintf("result %v", last.Outcome())) {
				t.Errorf("the result printed differs from the record's %v", last.Outcome())
			}
			if p.moves < 5 {
				t.Errorf("the person made %d moves", p.moves)
			}
			if strings.Contains(text, "refused") {
				t.Errorf("a listed legal move was refused")
			}
			c, _ := stratego.ParseColor(tc.side)
			// Each of the bot's moves is told once: on the person's next
			// board, or at the end when it ended the game (a rescue is a
			// move of its own).
			botMoves, trailing := 0, 0
			for _, st := range states[1:] {
				if st.LastEvent().Color == c.Opponent() {
					botMoves++
					trailing++
				} else {
					trailing = 0
				}
			}
			if told := strings.Count(text, "last move: ") + trailing; told != botMoves {
				t.Errorf("%d of the bot's moves told, it made %d", told, botMoves)
			}
			if tc.botRescue {
				rescued := false
				for _, st := range states[1:] {
					rescued = rescued || st.LastEvent().Move.IsRescue() && st.LastEvent().Color == c.Opponent()
				}
				if !rescued {
					t.Errorf("the bot made no rescue: choose another seed")
				}
			}
			n := checkBoards(t, text, states, c)
			if n < p.moves {
				t.Errorf("checked %d boards, want one for each of the %d moves", n, p.moves)
			}
		})
	}
}

// checkBoards finds every board shown during the game (each after a
// "ply N, ..." line, before "The whole board:") and checks each square
// against the view of the person at that ply: an enemy piece whose rank
// the view hides prints "?", and every other piece prints its label.
// It returns the number of boards checked.
func checkBoards(t *testing.T, text string, states []stratego.State, me stratego.Color) int {
	t.Helper()
	text, _, _ = strings.Cut(text, "The whole board:")
	lines := strings.Split(text, "\n")
	checked := 0
	for i, line := range lines {
		plyText, ok := strings.CutPrefix(line, "ply ")
		if !ok {
			continue
		}
		plyText, _, _ = strings.Cut(plyText, ",")
		ply, err := strconv.Atoi(plyText)
		if err != nil || ply >= len(states) {
			t.Fatalf("board header %q", line)
		}
		s := states[ply]
		v := s.View(me)
		r := s.Rules()
		header := lines[i+1]
		for row := 0; row < r.Height; row++ {
			cells := lines[i+2+row]
			rowNum, err := strconv.Atoi(strings.TrimSpace(cells[:4]))
			if err != nil {
				t.Fatalf("board row %q", cells)
			}
			for j := 0; j < r.Width; j++ {
				file := int(header[4+4*j+2] - 'a')
				sq := stratego.SquareAt(file, rowNum-1)
				cell := cells[4+4*j+1 : 4+4*j+4]
				checkCell(t, v, s, sq, cell)
			}
		}
		checked++
	}
	return checked
}

func checkCell(t *testing.T, v stratego.View, s stratego.State, sq stratego.Square, cell string) {
	t.Helper()
	n := v.Rules().Numbering
	seen, ok := v.At(sq)
	truth, _ := s.At(sq)
	switch {
	case v.Rules().Lakes.Has(sq):
		if cell != " ~ " {
			t.Errorf("ply %d %v: lake drawn %q", v.Ply(), sq, cell)
		}
	case !ok:
		if cell != " . " {
			t.Errorf("ply %d %v: empty square drawn %q", v.Ply(), sq, cell)
		}
	case seen.Color() != v.Player() && seen.Rank() == stratego.Unknown:
		if cell[1] != '?' {
			t.Errorf("ply %d %v: hidden enemy %v drawn %q", v.Ply(), sq, truth, cell)
		}
	default:
		if cell[1] != n.Char(seen.Rank()) || seen != truth {
			t.Errorf("ply %d %v: %v drawn %q", v.Ply(), sq, seen, cell)
		}
	}
}

// TestCommands: help, legend, the board again, the moves of one piece,
// and what is known about a piece of each side and an empty square.
func TestCommands(t *testing.T) {
	input := "help\nlegend\nboard\nmoves f4\nmoves z9\ninfo a7\ninfo f4\ninfo e5\ninfo c5\ninfo\nresign\nyes\n"
	out, err := play(t, strings.NewReader(input), "-bot", "random", "-seed", "9", "-setup", refusalSetup)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Commands:\n  e4-e5",
		`"(?)"  an enemy piece that has moved: no bomb or flag`,
		"legal moves: f4-f5\n",
		`not a square: "z9"`,
		"a7: Blue's hidden piece that has never moved; it can be: marshal, general, colonel, major, captain, lieutenant, sergeant, miner, scout, spy, bomb, flag\n",
		"f4: your sergeant (4); the enemy knows nothing about it\n",
		"e5: empty\n",
		"c5: a lake\n",
		"info takes a square",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if got := strings.Count(out, "\nply 0, red to move\n"); got != 2 {
		t.Errorf("board drawn %d times, want 2 (the turn and \"board\")", got)
	}
}
