//go:build linux

package reaper

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/referee"
)

// The test binary doubles as an engine: with engineEnv set to "sbp" it
// serves SBP with a random player; to "orphan:FILE" it starts a
// grandchild in a session of its own, writes the grandchild's pid to
// FILE and exits at once; to "sleep" (the grandchild) it sleeps.
const engineEnv = "REAPER_TEST_ENGINE"

func TestMain(m *testing.M) {
	switch spec := os.Getenv(engineEnv); {
	case spec == "sbp":
		referee.ServeSBP(context.Background(), os.Stdin, os.Stdout, bot.NewRandom(1), referee.ServeOptions{})
		os.Exit(0)
	case spec == "sleep":
		time.Sleep(time.Hour)
		os.Exit(0)
	case strings.HasPrefix(spec, "orphan:"):
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), engineEnv+"=sleep")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			os.Exit(5)
		}
		os.WriteFile(strings.TrimPrefix(spec, "orphan:"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
		os.Exit(3)
	}
	os.Exit(m.Run())
}

// engine is the command of a test engine.
func engine(spec string) referee.Command {
	return referee.Command{Args: []string{os.Args[0]}, Env: []string{engineEnv + "=" + spec}}
}

// TestReap runs itself in a process of its own that calls Subreaper,
// with an engine that starts a grandchild in a session of its own and
// exits during its handshake: the grandchild, orphaned before the
// referee could see it, is the program's child, and Reap kills it,
// while another engine that runs is left alone and plays a game. The
// outer test checks the grandchild is gone: without Subreaper it would
// run on under init.
func TestReap(t *testing.T) {
	const env = "REAPER_SUBREAPER_TEST"
	if pidFile := os.Getenv(env); pidFile != "" {
		reapInside(t, pidFile)
		return
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	cmd := exec.Command(os.Args[0], "-test.run=^TestReap$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), env+"="+pidFile)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the subreaper test: %v\n%s", err, out)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the engine wrote no grandchild pid: %v\n%s", err, out)
	}
	pid, _ := strconv.Atoi(string(b))
	if pid > 0 && alive(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("grandchild %d outlived the program that became its subreaper", pid)
	}
}

// reapInside is TestReap in the process that is the subreaper.
func reapInside(t *testing.T, pidFile string) {
	if err := Subreaper(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	running, err := referee.StartSBP(ctx, engine("sbp"), referee.SBPOptions{Name: "running"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := referee.StartSBP(ctx, engine("orphan:"+pidFile), referee.SBPOptions{}); err == nil {
		t.Fatal("an engine that exits at once passed its handshake")
	}
	if n := Reap(); n != 1 {
		t.Errorf("Reap found %d processes left, want 1 (the grandchild)", n)
	}
	r := stratego.Classic()
	r.MaxPlies = 20
	res, err := referee.Game{Rules: r, Red: running, Blue: referee.FromPlayer("random", bot.NewRandom(2)), Clock: referee.TimeControl{MoveTime: time.Minute}}.Play(ctx)
	if err != nil || res.Reason.IsFault() {
		t.Errorf("the engine that ran while Reap did: %v, %v; want a game played", res, err)
	}
	if n := Reap(); n != 0 {
		t.Errorf("Reap after Play found %d processes left", n)
	}
}

// alive reports whether a process exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && !strings.HasPrefix(strings.TrimSpace(s[i+1:]), "Z")
}
