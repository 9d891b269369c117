package matchcmd

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// progress is the progress bar, drawn on stderr when it is a terminal
// (or when asked for).
type progress struct {
	mu    sync.Mutex
	w     io.Writer // nil: no bar
	n, of int
}

// newProgress returns the bar for mode auto, on or off.
func newProgress(mode string, of int) *progress {
	p := &progress{of: of}
	if mode == "on" || mode == "auto" && isTerminal(stderr) {
		p.w = stderr
		p.draw()
	}
	return p
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// step counts a finished game.
func (p *progress) step() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	p.draw()
}

// draw redraws the bar in place.
func (p *progress) draw() {
	if p.w == nil {
		return
	}
	const width = 30
	k := width * p.n / max(p.of, 1)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d games", strings.Repeat("#", k), strings.Repeat(".", width-k), p.n, p.of)
}

// done ends the bar's line.
func (p *progress) done() {
	if p.w != nil {
		fmt.Fprintln(p.w)
	}
}
