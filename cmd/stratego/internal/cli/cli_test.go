package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stratego-go/stratego/bot"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.rec")
	for _, text := range []string{"first\n", "second, longer\n", "3\n"} {
		if err := WriteFileAtomic(path, []byte(text)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Errorf("read %q, %v; want %q", got, err, text)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want the one written", len(entries))
	}
	if err := WriteFileAtomic(filepath.Join(dir, "no", "x"), nil); err == nil {
		t.Error("a missing directory was no error")
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "x.rec")); err != nil {
		t.Error(err)
	}
	if err := CheckWritable(dir); err == nil {
		t.Error("a directory was writable")
	}
	if err := CheckWritable(filepath.Join(dir, "no", "x.rec")); err == nil {
		t.Error("a missing directory was writable")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the probe left %v", entries)
	}
}

func TestStrongestBot(t *testing.T) {
	name := StrongestBot()
	if !slices.Contains(bot.Names(), name) {
		t.Fatalf("StrongestBot() = %q, not one of %v", name, bot.Names())
	}
	// It is the first of the order that package bot has.
	for _, n := range strength {
		if slices.Contains(bot.Names(), n) {
			if name != n {
				t.Errorf("StrongestBot() = %q, want %q", name, n)
			}
			break
		}
	}
}

// TestSignalName: the signals a batch system or a terminal sends are
// named as their documentation names them, not by Go's description
// ("terminated", "interrupt").
func TestSignalName(t *testing.T) {
	for sig, want := range map[os.Signal]string{os.Interrupt: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP", syscall.SIGKILL: "killed"} {
		if got := SignalName(sig); got != want {
			t.Errorf("SignalName(%v) = %q, want %q", sig, got, want)
		}
	}
}

// TestGather: a file is taken as given whatever its name, a directory
// is walked, subdirectories too, for the files keep accepts, in lexical
// order; a path that does not exist is an error.
func TestGather(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.rec", "a.rec", "skip.log", "sub/c.rec", "other.txt"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keep := func(p string) bool { return filepath.Ext(p) == ".rec" }
	got, err := Gather([]string{filepath.Join(dir, "other.txt"), dir}, keep)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"other.txt", "a.rec", "b.rec", "sub/c.rec"}
	for i := range want {
		want[i] = filepath.Join(dir, want[i])
	}
	if !slices.Equal(got, want) {
		t.Errorf("Gather = %q, want %q", got, want)
	}
	if _, err := Gather([]string{filepath.Join(dir, "nothing")}, keep); err == nil {
		t.Error("a missing path gathered without an error")
	}
}

// TestExit: the exit status of each kind of error, and what is written.
func TestExit(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		out    string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 0, ""},
		{fmt.Errorf("parse: %w", flag.ErrHelp), 0, ""},
		{&Failure{Msg: "2 games failed"}, 1, "stratego x: 2 games failed\n"},
		{fmt.Errorf("match: %w", &Failure{Msg: "lost", Status: 3}), 3, "stratego x: match: lost\n"},
		{errors.New("bad flag"), 2, "stratego x: bad flag\n"},
	} {
		var b strings.Builder
		if got := Exit("x", c.err, &b); got != c.status || b.String() != c.out {
			t.Errorf("Exit(%v) = %d, wrote %q; want %d, %q", c.err, got, b.String(), c.status, c.out)
		}
	}
}
