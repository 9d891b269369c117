package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestHelpListsEveryCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"help"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("help: exit %d, stderr %q", code, errOut.String())
	}
	for _, c := range commands {
		if !strings.Contains(out.String(), c.name) {
			t.Errorf("help does not list %q:\n%s", c.name, out.String())
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"chess"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), `unknown command "chess"`) {
		t.Errorf("stderr %q does not name the command", errOut.String())
	}
}

func TestBadFlagsExitTwo(t *testing.T) {
	for _, c := range commands {
		var out, errOut bytes.Buffer
		if code := run([]string{c.name, "-no-such-flag"}, strings.NewReader(""), &out, &errOut); code != 2 {
			t.Errorf("%s -no-such-flag: exit %d, want 2", c.name, code)
		}
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, c := range commands {
		var out, errOut bytes.Buffer
		if code := run([]string{c.name, "-h"}, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Errorf("%s -h: exit %d, want 0", c.name, code)
		}
	}
}

// TestNoCommandWatches: with no command (flags only), stratego watches a
// game between two built-in players.
func TestNoCommandWatches(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"-red", "random", "-blue", "random", "-seed", "1", "-max-plies", "50", "-color", "never"}
	if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	for _, want := range []string{"random (red) against random (blue)", "The start, every rank shown", "result "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestMain runs the command itself when the test binary is started by
// TestUsageNamesTheCommand with STRATEGO_RUN_MAIN set.
func TestMain(m *testing.M) {
	if os.Getenv("STRATEGO_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestUsageNamesTheCommand: "stratego -h" lists the commands (it is not
// the flags of the default command), and "stratego COMMAND -h" starts
// with "Usage: stratego COMMAND" (the subcommands print their flags on
// the process's standard error, so the test runs itself as the command).
func TestUsageNamesTheCommand(t *testing.T) {
	stratego := func(args ...string) string {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "STRATEGO_RUN_MAIN=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("stratego %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := stratego("-h")
	for _, c := range commands {
		if !strings.Contains(out, "  "+c.name+" ") {
			t.Errorf("stratego -h does not list %q:\n%s", c.name, out)
		}
	}
	for _, c := range commands {
		if out := stratego(c.name, "-h"); !strings.HasPrefix(out, "Usage: stratego "+c.name+" ") {
			t.Errorf("stratego %s -h begins %q, want \"Usage: stratego %s …\"", c.name, strings.SplitN(out, "\n", 2)[0], c.name)
		}
	}
}

// TestTuneGC: the command raises the garbage collector's target to
// gcPercent, unless the environment sets GOGC.
func TestTuneGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	if got := tuneGC(func(string) string { return "50" }); got != -2 {
		t.Errorf("with GOGC=50: tuneGC = %d, want -2 (left alone)", got)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC=50: the target became %d, want 100 kept", got)
	}
	if got := tuneGC(func(string) string { return "" }); got != 100 {
		t.Errorf("without GOGC: tuneGC = %d, want 100 (the target before)", got)
	}
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("without GOGC: the target became %d, want %d", got, gcPercent)
	}
}

// TestErrorsInWords: a command's error is printed for a person: no
// package prefix, no byte offset, a record's bad line by its number and
// column.
func TestErrorsInWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.rec")
	const setup = "FB12239X../........../........../.........."
	text := "[Rules \"barrage\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n\n1. e1-e2 j4 *\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"watch", "-replay", path}, "stratego watch: -replay " + path + `: cannot read the record at line 5, column 12 ("1. e1-e2 j4 *"): expected "-" or "x"` + "\n"},
		{[]string{"play", "-setup", "616B/B8"}, `stratego play: -setup: cannot read the setup "616B/B8" at character 5: expected 10 squares in row 1` + "\n"},
	} {
		var out, errOut strings.Builder
		if code := run(tc.args, strings.NewReader(""), &out, &errOut); code != 2 {
			t.Errorf("%v: exit status %d, want 2", tc.args, code)
		}
		if got := errOut.String(); got != tc.want {
			t.Errorf("%v: printed\n%s\nwant\n%s", tc.args, got, tc.want)
		}
	}
}
