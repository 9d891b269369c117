package referee

import (
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
