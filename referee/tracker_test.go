package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// TestTrackerKnowsTheView checks the engine side of the UCC wire: from
// its setup, the move lines and the first board alone, ServeUCC's tracker
// rebuilds a state whose view is the player's true view, after every ply
// of random games.
func TestTrackerKnowsTheView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom([]stratego.Rules{UCC2012Rules(), stratego.Classic(), stratego.Barrage()}).Draw(t, "rules")
		me := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "me")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		setups := [3]stratego.Setup{stratego.NoColor: {}, stratego.Red: stratego.RandomSetup(r, rng), stratego.Blue: stratego.RandomSetup(r, rng)}
		s, err := stratego.New(r, setups[stratego.Red], setups[stratego.Blue])
		if err != nil {
			t.Fatal(err)
		}
		tr := tracker{r: r, me: me, mine: setups[me]}
		plies := rapid.IntRange(1, 400).Draw(t, "plies")
		var moves []stratego.Move
		for ply := 0; ply <= plies && !s.Outcome().IsOver(); ply++ {
			if s.Turn() == me {
				v := s.View(me)
				if !tr.ready {
					b := uccBoard(v)
					if err := tr.begin(b[:]); err != nil {
						t.Fatalf("ply %d: begin: %v", ply, err)
					}
				}
				if !tr.s.View(me).Equal(v) {
					t.Fatalf("ply %d: the tracker's view\n%v\nis not the player's\n%v", ply, tr.s.View(me), v)
				}
			}
			moves = s.AppendLegalMoves(moves[:0])
			next, _, err := s.Apply(moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			s = next
			if s.Outcome().IsOver() {
				break
			}
			ev := s.View(me).LastEvent()
			o, err := parseUCCMoveLine(formatUCCMove(ev.Move) + " " + uccOutcome(ev))
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.observe(o); err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
		}
	})
}
