package enginecmd

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/syncbuf"
	"github.com/stratego-go/stratego/referee"
)

// asEngine makes the test binary run Run with its arguments: the
// engines of the round trip are this package's own code in child
// processes.
const asEngine = "ENGINECMD_TEST_AS_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(asEngine) == "1" {
		if err := Run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// engineSeat starts this package's engine over protocol.
func engineSeat(t *testing.T, protocol string, seed int, stderr *syncbuf.Buffer) referee.Seat {
	t.Helper()
	c := referee.Command{
		Args:   []string{os.Args[0], "-protocol", protocol, "-bot", "random", "-seed", fmt.Sprint(seed)},
		Env:    []string{asEngine + "=1"},
		Stderr: stderr,
	}
	if protocol == "sbp" {
		s, err := referee.StartSBP(context.Background(), c, referee.SBPOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s, err := referee.StartUCC(context.Background(), c, referee.UCCOptions{Pause: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRoundTrip drives the engine mode with the package referee in both
// protocols, against each other and against the built-in player, under
// Classic, Barrage and the UCC 2012 profile: every game ends by the
// rules (no fault of either side), the engines never disagree with the
// referee's view of the game (they would say so on standard error), and
// the record replays to the same end.
func TestRoundTrip(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	type setting struct {
		name    string
		rules   stratego.Rules
		profile referee.Profile
	}
	settings := []setting{
		{"classic", stratego.Classic(), referee.ProfileLibrary},
		{"barrage", stratego.Barrage(), referee.ProfileLibrary},
		{"ucc2012", referee.UCC2012Rules(), referee.ProfileUCC2012},
	}
	for _, st := range settings {
		for _, pair := range [][2]string{{"sbp", "ucc"}, {"ucc", "sbp"}, {"ucc", "builtin"}, {"builtin", "sbp"}} {
			t.Run(st.name+"/"+pair[0]+"-"+pair[1], func(t *testing.T) {
				t.Parallel()
				for i := range games {
					var logs [2]syncbuf.Buffer
					var seats [2]referee.Seat
					for k, proto := range pair {
						if proto == "builtin" {
							seats[k] = builtinSeat(t, i)
							continue
						}
						seats[k] = engineSeat(t, proto, 10*i+k+1, &logs[k])
					}
					g := referee.Game{Rules: st.rules, Profile: st.profile, Red: seats[0], Blue: seats[1], Clock: referee.TimeControl{MoveTime: time.Minute}}
					res, err := g.Play(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					if !res.Played() || res.Reason.IsFault() {
						t.Fatalf("game %d: %v\nred stderr: %s\nblue stderr: %s", i, res, logs[0].String(), logs[1].String())
					}
					for k := range logs {
						if s := logs[k].String(); strings.TrimSpace(s) != "" {
							t.Errorf("game %d: %s engine wrote to stderr:\n%s", i, pair[k], s)
						}
					}
					states, err := res.Record.Replay()
					if err != nil {
						t.Fatalf("game %d: record: %v", i, err)
					}
					if got, want := len(states)-1, res.Plies; got != want {
						t.Errorf("game %d: record has %d plies, the game %d", i, got, want)
					}
				}
			})
		}
	}
}
