package enginecmd

import (
	"strings"
	"testing"

	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/referee"
)

// builtinSeat is the built-in random player.
func builtinSeat(t *testing.T, seed int) referee.Seat {
	t.Helper()
	return referee.FromPlayer("random", bot.NewRandom(uint64(seed)))
}

// TestDefaultBotIsTheStrongest: with no -bot the engine plays the
// strongest built-in player, as the other commands do, and says so in
// its SBP/1 handshake.
func TestDefaultBotIsTheStrongest(t *testing.T) {
	var out strings.Builder
	if err := Run([]string{"-protocol", "sbp", "-seed", "1"}, strings.NewReader("sbp 1\nquit\n"), &out); err != nil {
		t.Fatal(err)
	}
	if want := "id name stratego-go " + cli.StrongestBot() + "\n"; !strings.Contains(out.String(), want) {
		t.Errorf("the handshake does not say %q:\n%s", want, out.String())
	}
}
