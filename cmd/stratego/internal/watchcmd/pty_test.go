package watchcmd

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stratego-go/stratego/cmd/stratego/internal/ptytest"
)

// TestLiveOnATerminal: on a terminal the game is redrawn in place
// (-live is on by itself) and in colour; the same flags on a pipe or
// buffer print the log.
func TestLiveOnATerminal(t *testing.T) {
	master, tty, err := ptytest.Open()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		_, err := io.Copy(&out, master)
		done <- err
	}()
	args := []string{"-red", "random", "-blue", "random", "-seed", "2", "-rules", "quick-battle", "-max-plies", "30", "-delay", "0"}
	err = Run(args, nil, tty)
	tty.Close()
	<-done // the copy ends with an error once the terminal is closed
	master.Close()
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if frames := strings.Count(text, "\x1b[H\x1b[J"); frames < 30 {
		t.Errorf("%d frames on a terminal, want one a move", frames)
	}
	if !strings.Contains(text, "\x1b[1;91m") {
		t.Error("no colour on a terminal")
	}
	var log bytes.Buffer
	if err := Run(args, nil, &log); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log.String(), "\x1b") {
		t.Error("a buffer got terminal sequences")
	}
}
