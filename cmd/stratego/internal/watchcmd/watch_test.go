package watchcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/playcmd"
	"github.com/stratego-go/stratego/internal/syncbuf"
)

func TestMain(m *testing.M) {
	stderr = io.Discard
	if os.Getenv(asWatch) == "1" {
		os.Exit(runAsCommand(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// asWatch makes the test binary run "stratego watch" with its arguments.
const asWatch = "WATCHCMD_TEST_AS_WATCH"

// runAsCommand runs the command and returns its exit status.
func runAsCommand(args []string) int {
	return cli.Exit("watch", Run(args, nil, os.Stdout), os.Stderr)
}

// TestSignal stops a live game, waiting an hour between its frames,
// with SIGINT: the wait ends, the record of the game so far is written
// (result "*") and the exit status is 3.
func TestSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send")
	}
	path := filepath.Join(t.TempDir(), "game.rec")
	cmd := exec.Command(os.Args[0], "-red", "random", "-blue", "random", "-color", "never", "-live", "-delay", "1h", "-record", path)
	cmd.Env = append(os.Environ(), asWatch+"=1")
	var out syncbuf.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); !strings.Contains(out.String(), "ply 0, red to move"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no start:\n%s", out.String())
		}
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("exit %v, want status 3:\n%s", err, out.String())
	}
	for _, want := range []string{"interrupted by SIGINT: the game stops unfinished after ", "result unfinished", "record written to "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if rec, _ := readRecord(t, path); rec.Result.IsOver() {
		t.Errorf("record result %v, want *", rec.Result)
	}
}

// watch runs the command between two random players, colours off.
func watch(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	args = append([]string{"-red", "random", "-blue", "random", "-color", "never"}, args...)
	if err := Run(args, nil, &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestRunPlaysAGameToTheEnd(t *testing.T) {
	for _, preset := range []string{"classic", "barrage", "ultimate-lightning", "quick-battle", "vintage"} {
		t.Run(preset, func(t *testing.T) {
			text := watch(t, "-seed", "3", "-rules", preset, "-max-plies", "3000")
			for _, want := range []string{"seed 3", "The start, every rank shown", "in brackets", "The end:", "plies ", "result "} {
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
	if a, b := watch(t, "-seed", "11", "-moves"), watch(t, "-seed", "11", "-moves"); a != b {
		t.Error("two runs with the same seed differ")
	}
}

// TestSearchIsRepeatable: the default players search to an iteration
// budget, so a seed plays the same game again.
func TestSearchIsRepeatable(t *testing.T) {
	run := func() string {
		var out bytes.Buffer
		args := []string{"-red", "search", "-blue", "greedy", "-iterations", "30", "-seed", "4", "-rules", "barrage", "-max-plies", "80", "-moves", "-color", "never"}
		if err := Run(args, nil, &out); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs with seed 4 differ:\n%s\n%s", a, b)
	}
}

// TestCombatsInWords: every attack of the game is a line in words, and
// with -moves every move is.
func TestCombatsInWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.rec")
	text := watch(t, "-seed", "7", "-rules", "barrage", "-max-plies", "400", "-record", path)
	rec, _ := readRecord(t, path)
	attacks := 0
	for _, m := range rec.Moves {
		if m.Combat != stratego.NoCombat {
			attacks++
		}
	}
	if got := strings.Count(text, " attacks "); got != attacks || attacks == 0 {
		t.Errorf("%d combats told, the record has %d:\n%s", got, attacks, text)
	}
	for _, want := range []string{"Red's ", "Blue's ", " wins, ", " is removed."} {
		if !strings.Contains(text, want) {
			t.Errorf("no combat line has %q:\n%s", want, text)
		}
	}
	every := watch(t, "-seed", "7", "-rules", "barrage", "-max-plies", "400", "-moves")
	if got := strings.Count(every, " moved its ") + strings.Count(every, " attacks "); got != len(rec.Moves) {
		t.Errorf("-moves told %d moves, the game has %d", got, len(rec.Moves))
	}
}

func TestRunRejectsUnknownRules(t *testing.T) {
	if err := Run([]string{"-rules", "chess"}, nil, &bytes.Buffer{}); err == nil {
		t.Error("unknown preset accepted")
	}
}

// boards returns the boards of a text: for each, its rows of cells.
func boards(text string) [][]string {
	var all [][]string
	var cur []string
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 4 && line[2] >= '0' && line[2] <= '9' && line[3] == ' ' {
			cur = append(cur, line[4:min(len(line), 44)])
			continue
		}
		if cur != nil {
			all = append(all, cur)
			cur = nil
		}
	}
	return all
}

// hidden counts the cells that hide a rank.
func hidden(rows []string) int {
	n := 0
	for _, row := range rows {
		n += strings.Count(row, "?")
	}
	return n
}

func TestRunView(t *testing.T) {
	for _, view := range []string{"", "red", "blue"} {
		t.Run("view="+view, func(t *testing.T) {
			args := []string{"-seed", "4", "-max-plies", "20"}
			if view != "" {
				args = append(args, "-view", view)
			}
			b := boards(watch(t, args...))
			if len(b) != 2 {
				t.Fatalf("got %d boards, want the start and the end", len(b))
			}
			if hidden(b[0]) != 0 {
				t.Errorf("the start board hides ranks")
			}
			if got := hidden(b[1]); (got > 0) != (view != "") {
				t.Errorf("the final board hides %d ranks", got)
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
			text := watch(t, "-seed", "8", "-rules", preset, "-max-plies", "400", "-record", path)
			rec, states := readRecord(t, path)
			last := states[len(states)-1]
			if want := fmt.Sprintf("plies %d\nresult %v", last.Ply(), last.Outcome()); !strings.Contains(text, want) {
				t.Errorf("replayed record ends with %q, the game printed:\n%s", want, text)
			}
			if rec.Result != last.Outcome() {
				t.Errorf("record result %v, replay gives %v", rec.Result, last.Outcome())
			}
			if seed, _ := rec.Tag("Seed"); seed != "8" {
				t.Errorf("Seed tag %q, want 8", seed)
			}
			if red, _ := rec.Tag("Red"); red != "bot:random" {
				t.Errorf("Red tag %q, want bot:random", red)
			}
		})
	}
}

// fakeClock replaces the live board's clock and sleep: the clock moves
// only when the board sleeps, and the sleeps are added up.
func fakeClock(t *testing.T) (slept *time.Duration, clock *time.Time) {
	t.Helper()
	slept, clock = new(time.Duration), new(time.Time)
	*clock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	oldSleep, oldNow := sleep, now
	sleep = func(_ context.Context, d time.Duration) {
		*slept += d
		*clock = clock.Add(d)
	}
	now = func() time.Time { return *clock }
	t.Cleanup(func() { sleep, now = oldSleep, oldNow })
	return slept, clock
}

// TestLive: -live draws a frame after every move, each from the top of
// the screen, one move every -movetime (its old name -delay too).
func TestLive(t *testing.T) {
	for _, flag := range []string{"-movetime", "-delay"} {
		slept, _ := fakeClock(t)
		path := filepath.Join(t.TempDir(), "game.rec")
		text := watch(t, "-seed", "2", "-rules", "quick-battle", "-max-plies", "100", "-live", flag, "10ms", "-record", path)
		rec, _ := readRecord(t, path)
		frames := strings.Count(text, "\x1b[H\x1b[J")
		if frames != len(rec.Moves)+1 {
			t.Errorf("%s: %d frames for %d moves, want one more (the start)", flag, frames, len(rec.Moves))
		}
		if *slept != time.Duration(frames-1)*10*time.Millisecond {
			t.Errorf("%s: slept %v in %d frames, want 10ms after each but the first", flag, *slept, frames)
		}
		if !strings.Contains(text, "result ") || !strings.Contains(text, "shown 10ms a move (-movetime)") {
			t.Errorf("%s: no result or no pace:\n%s", flag, text)
		}
	}
}

// TestLivePaceCountsThinking: the time a player thought is part of its
// move's -movetime; a move that thought longer is shown at once.
func TestLivePaceCountsThinking(t *testing.T) {
	slept, clock := fakeClock(t)
	w := &watcher{cfg: config{live: true, delay: 10 * time.Millisecond}, out: io.Discard, ctx: context.Background()}
	w.gm = newTestGame(t)
	w.frame() // the start: no wait
	*clock = clock.Add(3 * time.Millisecond)
	w.frame()
	if *slept != 7*time.Millisecond {
		t.Errorf("after 3ms of thinking the board slept %v, want 7ms", *slept)
	}
	*slept = 0
	*clock = clock.Add(25 * time.Millisecond)
	w.frame()
	if *slept > 0 {
		t.Errorf("after 25ms of thinking the board slept %v, want no wait", *slept)
	}
}

// newTestGame is a Classic game from random setups.
func newTestGame(t *testing.T) stratego.Game {
	t.Helper()
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 2))
	gm, err := stratego.NewGame(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	return gm
}

// TestDefaultPace: the demo game's default pace shows a game that
// reaches the command's 2000-ply cap in under 20 seconds.
func TestDefaultPace(t *testing.T) {
	if got := 2000 * defaultMovetime; got >= 20*time.Second {
		t.Errorf("2000 plies at %v a move take %v, want under 20s", defaultMovetime, got)
	}
}

// TestReplay: -replay shows a recorded game as a watched one, to the
// same end, resignations included; a bad file is an error before
// anything is shown.
func TestReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.rec")
	played := watch(t, "-seed", "8", "-rules", "barrage", "-max-plies", "300", "-record", path)
	replayed := watch(t, "-replay", path)
	// From the combats to the result, without the players' names.
	end := func(text string) string {
		_, after, _ := strings.Cut(text, "The combats")
		before, result, _ := strings.Cut(after, "\nresult ")
		result, _, _ = strings.Cut(result, "\n")
		result, _, _ = strings.Cut(result, "): ")
		return before + result
	}
	if end(played) != end(replayed) || !strings.Contains(replayed, "the game of "+path+", bot:random (red) against bot:random (blue)") {
		t.Errorf("the replay differs from the game:\n%s\nreplayed:\n%s", played, replayed)
	}
	// A resignation, which no move shows.
	rec, states := readRecord(t, path)
	resigned, err := states[len(states)-2].Resign(stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves = rec.Moves[:len(rec.Moves)-1]
	rec.Result = resigned.Outcome()
	if err := os.WriteFile(path, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if text := watch(t, "-replay", path); !strings.Contains(text, "result blue wins (resignation)") {
		t.Errorf("the replay of a resigned game ends:\n%s", text[max(0, len(text)-300):])
	}
	for _, bad := range []string{filepath.Join(dir, "missing.rec"), dir} {
		var out bytes.Buffer
		if err := Run([]string{"-replay", bad}, nil, &out); err == nil || !strings.Contains(err.Error(), "-replay") || out.Len() > 0 {
			t.Errorf("-replay %s: error %v, output %q", bad, err, out.String())
		}
	}
}

// TestReplayOfPlay: the record of a game played with "stratego play"
// replays in watch.
func TestReplayOfPlay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.rec")
	args := []string{"-bot", "random", "-seed", "4", "-color", "never", "-setup", "616B252538/B824423329/5624335B77/72BB642BXF", "-record", path}
	var out bytes.Buffer
	if err := playcmd.Run(args, strings.NewReader("f4-f5\nresign yes\n"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"stratego watch -replay `+path+`" replays it`) {
		t.Errorf("play does not say how to replay:\n%s", out.String())
	}
	text := watch(t, "-replay", path, "-moves")
	for _, want := range []string{"human (red) against bot:random (blue)", "   1  Red moved its sergeant (4) f4-f5.", "plies 2\nresult blue wins (resignation): bot:random (blue) wins"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replay lacks %q:\n%s", want, text)
		}
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
		{"human moved", []string{"-human", "red"}, `stratego play -side red`},
		{"unknown player", []string{"-red", "nobody"}, "unknown player"},
		{"bad colour", []string{"-color", "pink"}, "-color"},
		{"unwritable record", []string{"-seed", "1", "-max-plies", "10", "-record", filepath.Join(t.TempDir(), "no", "dir", "x.rec")}, "-record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Run(tc.args, nil, &out)
			if err == nil {
				t.Fatal("got no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to mention %q", err, tc.want)
			}
			if out.Len() > 0 {
				t.Errorf("the game started:\n%s", out.String())
			}
		})
	}
}

func TestRunAcceptsRulesText(t *testing.T) {
	text := watch(t, "-seed", "3", "-rules", "gravon,maxplies=50")
	if !strings.Contains(text, "result draw (ply cap)") && !strings.Contains(text, "result red") && !strings.Contains(text, "result blue") {
		t.Errorf("unexpected output:\n%s", text)
	}
}
