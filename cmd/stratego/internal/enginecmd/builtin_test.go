package enginecmd

import (
	"testing"

	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/referee"
)

// builtinSeat is the built-in random player.
func builtinSeat(t *testing.T, seed int) referee.Seat {
	t.Helper()
	return referee.FromPlayer("random", bot.NewRandom(uint64(seed)))
}
