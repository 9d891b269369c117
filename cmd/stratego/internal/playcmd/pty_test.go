package playcmd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratego-go/stratego/cmd/stratego/internal/ptytest"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
)

// terminal is the master side of a pseudo-terminal: it collects what the
// program writes and types lines for it.
type terminal struct {
	t      *testing.T
	master *os.File
	mu     sync.Mutex
	buf    strings.Builder
	done   chan struct{}
}

// read collects the program's output until the terminal is closed.
func (tm *terminal) read() {
	defer close(tm.done)
	b := make([]byte, 4096)
	for {
		n, err := tm.master.Read(b)
		tm.mu.Lock()
		tm.buf.Write(b[:n])
		tm.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// text returns the output so far without colours and carriage returns.
func (tm *terminal) text() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return strings.ReplaceAll(termboard.StripANSI(tm.buf.String()), "\r", "")
}

// raw returns the output so far as written.
func (tm *terminal) raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.buf.String()
}

// wait waits until the output satisfies ok.
func (tm *terminal) wait(what string, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if text := tm.text(); ok(text) {
			return text
		}
		time.Sleep(5 * time.Millisecond)
	}
	text := tm.text()
	tm.t.Fatalf("waiting for %s; the terminal shows:\n%s", what, text[max(0, len(text)-3000):])
	return ""
}

// typeLine types a line and Enter.
func (tm *terminal) typeLine(s string) {
	if _, err := tm.master.Write([]byte(s + "\n")); err != nil {
		tm.t.Fatal(err)
	}
}

// TestPlayOnATerminal plays a whole game as a person at a terminal
// would: the command runs with a pseudo-terminal as its input and
// output (so colour is on by itself), and the test types the setup's
// "ok", then for each move "moves" and one of the moves listed, until
// the game ends; the record then replays to the result shown.
func TestPlayOnATerminal(t *testing.T) {
	master, tty, err := ptytest.Open()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	tm := &terminal{t: t, master: master, done: make(chan struct{})}
	go tm.read()
	path := filepath.Join(t.TempDir(), "game.rec")
	result := make(chan error, 1)
	go func() {
		result <- Run([]string{"-bot", "random", "-seed", "3", "-rules", "quick-battle,maxplies=200", "-record", path}, tty, tty)
	}()
	defer func() {
		tty.Close()
		master.Close()
		<-tm.done
	}()
	tm.wait("the setup prompt", func(s string) bool { return strings.HasSuffix(s, "setup> ") })
	tm.typeLine("ok")
	rng := rand.New(rand.NewPCG(1, 2))
	listed := regexp.MustCompile(`legal moves: (.*)\n`)
	move := 1
	for ; ; move++ {
		prompt := fmt.Sprintf("move %d> ", move)
		text := tm.wait(prompt, func(s string) bool { return strings.HasSuffix(s, prompt) || strings.Contains(s, "\nseed 3\n") })
		if strings.Contains(text, "\nseed 3\n") {
			break
		}
		n := strings.Count(text, "legal moves: ")
		tm.typeLine("moves")
		text = tm.wait("the legal moves", func(s string) bool { return strings.Count(s, "legal moves: ") > n && strings.HasSuffix(s, prompt) })
		all := listed.FindAllStringSubmatch(text, -1)
		list := strings.Fields(all[len(all)-1][1])
		tm.typeLine(list[rng.IntN(len(list))])
	}
	if err := <-result; err != nil {
		t.Fatal(err)
	}
	if move < 10 {
		t.Errorf("the game ended after %d moves of the person; choose another seed", move-1)
	}
	text := tm.text()
	if !strings.Contains(tm.raw(), "\x1b[") {
		t.Error("no colour on a terminal")
	}
	if strings.Contains(text, "refused") {
		t.Error("a listed move was refused")
	}
	_, states := readRecord(t, path)
	last := states[len(states)-1]
	if !last.Outcome().IsOver() || !strings.Contains(text, fmt.Sprintf("result %v", last.Outcome())) {
		t.Errorf("the record replays to %v; the terminal shows:\n%s", last.Outcome(), text[max(0, len(text)-2000):])
	}
}
