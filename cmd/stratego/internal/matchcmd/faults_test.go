package matchcmd

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
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
	"github.com/stratego-go/stratego/referee"
)

// children lists the live (not zombie) processes whose parent is this
// one (Linux; none elsewhere).
func children() []int {
	dirs, _ := os.ReadDir("/proc")
	var kids []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if ppid, state, ok := procStat(pid); ok && ppid == os.Getpid() && state != "Z" {
			kids = append(kids, pid)
		}
	}
	return kids
}

// procStat reads the parent and the state of a process from /proc.
func procStat(pid int) (ppid int, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	f := strings.Fields(s[i+1:])
	if i < 0 || len(f) < 2 {
		return 0, "", false
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], true
}

// alive reports whether a process exists and is not a zombie.
func alive(pid int) bool {
	_, state, ok := procStat(pid)
	return ok && state != "Z"
}

// TestMatchScoresAndRecordsEveryStartFault plays two games (one a
// colour) between the random player and an engine that fails its start,
// its handshake or its setup: the engine loses both with the fault's
// reason, each game has a record that reads back (with the fault in its
// Referee tag, and what the engine sent) and a log with the same end,
// and the exit status is 1 (games lost to engine faults): a failed
// handshake does not leave the games "not played", and a failed setup
// has its record.
func TestMatchScoresAndRecordsEveryStartFault(t *testing.T) {
	const silence = "500ms" // the start time of the engines that are silent: any time will do
	for _, tc := range []struct {
		engine string
		want   referee.Reason
		sent   string
		start  string // the -starttime; "": 2m, generous, as the fault comes at once
	}{
		{"sbp:/no/such/engine", referee.Crash, "", ""},
		{fake("sbp", "silent"), referee.Timeout, "", silence},
		{fake("sbp", "garbage"), referee.Garbage, "", ""},
		{fake("sbp", "longline"), referee.Flood, "", ""},
		{fake("sbp", "early"), referee.Garbage, "", ""},
		{fake("sbp", "badsetup"), referee.BadSetup, "setup 123", ""},
		{fake("sbp", "setupsilent"), referee.Timeout, "", silence},
		{fake("ucc", "uccsilent"), referee.Timeout, "", silence},
		{fake("ucc", "uccgarbage"), referee.BadSetup, "hello", ""},
		{"ucc:/no/such/engine", referee.Crash, "", ""},
	} {
		t.Run(tc.engine[:3]+"_"+filepath.Base(tc.engine), func(t *testing.T) {
			dir := t.TempDir()
			var out bytes.Buffer
			start := cmp.Or(tc.start, "2m")
			err := Run([]string{"-games", "2", "-seed", "3", "-starttime", start, "-movetime", "1m", "-out", dir, "-json", filepath.Join(dir, "sum.json"),
				"builtin:random", tc.engine}, nil, &out)
			var f *cli.Failure
			if !errors.As(err, &f) || f.ExitStatus() != 1 {
				t.Fatalf("got %v, want a failure of status 1\n%s", err, out.String())
			}
			var sum summary
			b, _ := os.ReadFile(filepath.Join(dir, "sum.json"))
			if err := json.Unmarshal(b, &sum); err != nil {
				t.Fatal(err)
			}
			if st := sum.Standings[0]; st.Wins != 2 || sum.Standings[1].Losses != 2 {
				t.Errorf("standings %+v, want 2 wins of the random player", sum.Standings)
			}
			for i, g := range sum.Games {
				if g.Reason != tc.want.String() {
					t.Errorf("game %d: reason %q, want %q (%s)", g.Game, g.Reason, tc.want, g.Detail)
				}
				loser := []stratego.Color{stratego.Blue, stratego.Red}[i]
				checkFiles(t, dir, g.Game, tc.want, loser, tc.sent)
			}
		})
	}
}

// checkFiles checks the record and the log of game n: both there, the
// record reading back equal, its Referee tag naming the reason and the
// side at fault, its Sent tag holding sent, the log naming the same end.
func checkFiles(t *testing.T, dir string, n int, want referee.Reason, side stratego.Color, sent string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.txt", n)))
	if err != nil {
		t.Fatalf("game %d: no record: %v", n, err)
	}
	rec, err := stratego.ParseRecord(string(b))
	if err != nil {
		t.Fatalf("game %d: the record does not read: %v\n%s", n, err, b)
	}
	if again, err := rec.MarshalText(); err != nil || !bytes.Equal(again, b) {
		t.Errorf("game %d: the record does not read back equal (%v):\n%s\n%s", n, err, b, again)
	}
	tag, _ := rec.Tag(referee.TagReferee)
	r, s, _, err := referee.ParseRefereeTag(tag)
	if err != nil || r != want || s != side {
		t.Errorf("game %d: Referee tag %q, want %v of %v", n, tag, want, side)
	}
	if got, _ := rec.Tag(referee.TagSent); !strings.Contains(got, sent) {
		t.Errorf("game %d: Sent tag %q, want it to hold %q", n, got, sent)
	}
	lg, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.log", n)))
	if err != nil {
		t.Fatalf("game %d: no log: %v", n, err)
	}
	if r, _, err := referee.RecordEnd(rec, referee.ProfileLibrary); err != nil || r != want {
		t.Errorf("game %d: RecordEnd %v (%v), want %v", n, r, err, want)
	}
	if !strings.Contains(string(lg), "Game ends ") {
		t.Errorf("game %d: log without an end:\n%s", n, lg)
	}
}

// TestMatchNeitherStarts: when neither engine starts, the game is not
// played (status 1), but recorded all the same.
func TestMatchNeitherStarts(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	err := Run([]string{"-games", "1", "-out", dir, "sbp:/no/such/engine", "ucc:/no/such/engine"}, nil, &out)
	var f *cli.Failure
	if !errors.As(err, &f) || f.ExitStatus() != 1 || !strings.Contains(err.Error(), "not played") {
		t.Fatalf("got %v, want a failure of status 1 for a game not played", err)
	}
	checkFiles(t, dir, 1, referee.Crash, stratego.NoColor, "")
}

// TestMatchReapsOrphans runs a match in a process of its own, one game
// at a time, against an engine that starts a sleeper in a session of
// its own and exits at once, before the referee could see the sleeper:
// the match, a child subreaper, kills each sleeper when its game ends,
// before the next game starts, and none outlives the match.
func TestMatchReapsOrphans(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a child subreaper is Linux only")
	}
	pids := t.TempDir()
	cmd := exec.Command(os.Args[0], "-games", "2", "-j", "1", "-movetime", "0", "-progress", "off", fake("sbp", "orphan:"+pids), "builtin:random")
	cmd.Env = append(os.Environ(), asMatch+"=1")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("exit %v, want status 1 (games lost to a fault):\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(pids, "orphan-*"))
	if len(files) != 2 {
		t.Fatalf("sleepers %v, want one a game", files)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if pid, _ := strconv.Atoi(string(b)); pid > 0 && alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("sleeper %d outlived the match", pid)
		}
	}
	if late, _ := filepath.Glob(filepath.Join(pids, "late-*")); len(late) > 0 {
		t.Errorf("sleepers alive when the next game started: %v", late)
	}
}

// TestMatchSignal runs a match in a process of its own, two games at a
// time between engines that never move (each with a sleeper in a session
// of its own), and sends it SIGTERM once both games are under way: it
// starts no other game, records the two as interrupted by SIGTERM (in
// those words), writes the
// summary and exits with status 3, and no engine or sleeper is left.
func TestMatchSignal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the process checks read /proc")
	}
	dir, pids := t.TempDir(), t.TempDir()
	jsonFile := filepath.Join(dir, "sum.json")
	cmd := exec.Command(os.Args[0], "-games", "4", "-j", "2", "-movetime", "0", "-out", dir, "-json", jsonFile,
		fake("sbp", "stall:"+pids), fake("sbp", "stall:"+pids))
	cmd.Env = append(os.Environ(), asMatch+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Both games are under way when their four engines wrote their pids.
	var procs []int
	for deadline := time.Now().Add(2 * time.Minute); len(procs) < 8; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the engines did not start:\n%s", out.String())
		}
		procs = procs[:0]
		files, _ := filepath.Glob(filepath.Join(pids, "pids-*"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			for _, w := range strings.Fields(string(b)) {
				pid, _ := strconv.Atoi(w)
				procs = append(procs, pid)
			}
		}
	}
	time.Sleep(200 * time.Millisecond) // past the setups, into the first move
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("exit %v, want status 3:\n%s", err, out.String())
	}
	for _, pid := range procs {
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d outlived the match", pid)
		}
	}
	var sum summary
	b, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatalf("no summary: %v\n%s", err, out.String())
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || sum.NotStarted != 2 || len(sum.Games) != 2 {
		t.Fatalf("summary: interrupted %v, %d not started, %d games; want true, 2, 2\n%s", sum.Interrupted, sum.NotStarted, len(sum.Games), b)
	}
	for _, g := range sum.Games {
		if g.Reason != referee.Aborted.String() || g.Detail != "interrupted by SIGTERM" {
			t.Errorf("game %d: %s (%s), want aborted, interrupted by SIGTERM", g.Game, g.Reason, g.Detail)
		}
		checkFiles(t, dir, g.Game, referee.Aborted, stratego.NoColor, "")
		// The record names the signal in words, as Slurm's and
		// Kubernetes' documentation do.
		b, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.txt", g.Game)))
		if want := `[Referee "aborted: interrupted by SIGTERM"]`; !strings.Contains(string(b), want) || !strings.Contains(string(b), `[Result "*"]`) {
			t.Errorf("game %d: the record lacks %s and [Result \"*\"]:\n%s", g.Game, want, b)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "game-*.txt")); len(files) != 2 {
		t.Errorf("records %v, want the two games started", files)
	}
}
