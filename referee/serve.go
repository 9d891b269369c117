package referee

import (
	"bufio"
	"context"
	"errors"
	"io"
	"time"

	"github.com/stratego-go/stratego"
)

// ServeOptions configure ServeSBP and ServeUCC.
type ServeOptions struct {
	// Name and Author are what the engine says of itself.
	Name, Author string
	// Rules are the rules ServeUCC plays by, which the UCC wire does not
	// carry (zero: UCC2012Rules). ServeSBP takes them from the referee.
	Rules stratego.Rules
	// MoveTime is the time a move may take when the referee does not
	// say (the UCC wire never does); zero is the player's default.
	MoveTime time.Duration
	// Log, when set, receives a line for each problem the engine meets
	// (a message it cannot read, a board that disagrees with its own).
	Log io.Writer
}

// ErrProtocol reports a referee's message that an engine cannot follow.
var ErrProtocol = errors.New("referee: protocol error")

// serveLines is the loop of an engine's server: it hands each line of in
// (up to max bytes) to handle and flushes w after it, until handle says
// quit, in ends, or ctx ends (seen before each line).
func serveLines(ctx context.Context, in io.Reader, max int, w *bufio.Writer, handle func(context.Context, string) (bool, error)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), max)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		quit, err := handle(ctx, sc.Text())
		if err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
	return sc.Err()
}
