package termboard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stratego-go/stratego/cmd/stratego/internal/ptytest"
)

// TestColorOnATerminal: auto turns colour on for a terminal, unless
// NO_COLOR is set or TERM is dumb, and off for a file.
func TestColorOnATerminal(t *testing.T) {
	master, tty, err := ptytest.Open()
	if err != nil {
		t.Skip(err)
	}
	defer master.Close()
	defer tty.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if !IsTerminal(tty) || IsTerminal(file) {
		t.Fatalf("IsTerminal: terminal %v, file %v", IsTerminal(tty), IsTerminal(file))
	}
	for _, tc := range []struct {
		noColor, term string
		out           *os.File
		want          bool
	}{
		{"", "xterm", tty, true},
		{"1", "xterm", tty, false},
		{"", "dumb", tty, false},
		{"", "xterm", file, false},
	} {
		t.Setenv("NO_COLOR", tc.noColor)
		t.Setenv("TERM", tc.term)
		if got, err := ColorFor("auto", tc.out); got != tc.want || err != nil {
			t.Errorf("NO_COLOR=%q TERM=%q terminal %v: colour %v, %v; want %v", tc.noColor, tc.term, tc.out == tty, got, err, tc.want)
		}
	}
}
