package referee

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// recConn is a lineConn that records what the referee writes and
// answers from a responder: every line written may queue replies.
type recConn struct {
	sent    strings.Builder
	queue   []string
	respond func(line string) []string
}

func (c *recConn) writeLine(s string) error {
	c.sent.WriteString(s + "\n")
	c.queue = append(c.queue, c.respond(s)...)
	return nil
}

func (c *recConn) readLine(first, full time.Time) (string, error) {
	if len(c.queue) == 0 {
		return "", ErrTimeout
	}
	line := c.queue[0]
	c.queue = c.queue[1:]
	return line, nil
}

func (c *recConn) pause(bool)   {}
func (c *recConn) close() error { return nil }

// scriptSeat is a built-in seat that plays fixed moves and resigns
// when they run out.
type scriptSeat struct {
	setup stratego.Setup
	moves []stratego.Move
}

func (s *scriptSeat) Name() string { return "script" }
func (s *scriptSeat) Setup(context.Context, GameInfo) (stratego.Setup, error) {
	return s.setup, nil
}
func (s *scriptSeat) Act(context.Context, Turn) (Action, error) {
	if len(s.moves) == 0 {
		return Action{Resign: true}, nil
	}
	m := s.moves[0]
	s.moves = s.moves[1:]
	return Action{Move: m}, nil
}
func (s *scriptSeat) Observe(context.Context, Ply) error                  { return nil }
func (s *scriptSeat) Finish(context.Context, Result, stratego.View) error { return nil }
func (s *scriptSeat) Close() error                                        { return nil }

// twin is a pair of games that differ only in two enemy ranks hidden
// from the viewer, and the moves both play while the viewer cannot tell
// them apart.
type twin struct {
	rules       stratego.Rules
	viewer      stratego.Color
	moves       []stratego.Move
	viewerMoves []stratego.Move
	enemyMoves  []stratego.Move
	viewerSetup stratego.Setup
	enemySetups [2]stratego.Setup
}

// drawTwin draws the twin games: random setups, two enemy pieces of
// different ranks swapped, and random moves until the viewer's views of
// the two differ (a reveal) or a move is legal in one game only.
func drawTwin(t *rapid.T) twin {
	rules := rapid.SampledFrom([]stratego.Rules{UCC2012Rules(), stratego.Classic(), stratego.Barrage()}).Draw(t, "rules")
	viewer := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "viewer")
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
	own, enemy := stratego.RandomSetup(rules, rng), stratego.RandomSetup(rules, rng)
	var occupied []stratego.Square
	for sq := range rules.Zone.All() {
		if enemy.At(sq) != stratego.NoRank {
			occupied = append(occupied, sq)
		}
	}
	a := rapid.SampledFrom(occupied).Draw(t, "a")
	b := rapid.SampledFrom(occupied).Filter(func(sq stratego.Square) bool { return enemy.At(sq) != enemy.At(a) }).Draw(t, "b")
	swapped := enemy
	ra, rb := enemy.At(a), enemy.At(b)
	swapped.Put(a, rb)
	swapped.Put(b, ra)
	tw := twin{rules: rules, viewer: viewer, viewerSetup: own, enemySetups: [2]stratego.Setup{enemy, swapped}}
	var st [2]stratego.State
	for i := range 2 {
		red, blue := own, tw.enemySetups[i]
		if viewer == stratego.Blue {
			red, blue = blue, red
		}
		s, err := stratego.New(rules, red, blue)
		if err != nil {
			t.Fatal(err)
		}
		st[i] = s
	}
	limit := rapid.IntRange(0, 300).Draw(t, "plies")
	var moves []stratego.Move
	for range limit {
		if st[0].Outcome().IsOver() || st[1].Outcome().IsOver() {
			break
		}
		moves = st[0].AppendLegalMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		n0, _, err0 := st[0].Apply(m)
		n1, _, err1 := st[1].Apply(m)
		if err0 != nil || err1 != nil || !n0.View(viewer).Equal(n1.View(viewer)) {
			break
		}
		if st[0].Turn() == viewer {
			tw.viewerMoves = append(tw.viewerMoves, m)
		} else {
			tw.enemyMoves = append(tw.enemyMoves, m)
		}
		tw.moves = append(tw.moves, m)
		st[0], st[1] = n0, n1
	}
	return tw
}

// responder answers a seat's lines with the viewer's scripted moves.
func (tw twin) responder(protocol string) func(string) []string {
	moves := append([]stratego.Move(nil), tw.viewerMoves...)
	next := func() (stratego.Move, bool) {
		if len(moves) == 0 {
			return stratego.Move{}, false
		}
		m := moves[0]
		moves = moves[1:]
		return m, true
	}
	boards := 0
	return func(line string) []string {
		f := strings.Fields(line)
		if protocol == "sbp" {
			switch {
			case line == "sbp 1":
				return []string{"id name twin", "sbpok"}
			case line == "isready":
				return []string{"readyok"}
			case len(f) > 0 && f[0] == "newgame":
				return []string{"accept"}
			case len(f) > 0 && f[0] == "setup":
				return []string{"setup " + tw.viewerSetup.String()}
			case len(f) > 0 && f[0] == "go":
				if m, ok := next(); ok {
					return []string{"bestmove " + m.String()}
				}
				return []string{"resign"}
			}
			return nil
		}
		switch {
		case len(f) == 4 && (f[0] == "RED" || f[0] == "BLUE"):
			rows := uccSetupRows(tw.viewerSetup, tw.viewer)
			return rows[:]
		case len(f) == 1 && len(line) == 10:
			if boards++; boards%10 == 0 {
				if m, ok := next(); ok {
					return []string{formatUCCMove(m)}
				}
				return []string{"SURRENDER"}
			}
		}
		return nil
	}
}

// play plays twin game i with the viewer's seat speaking protocol and
// returns every byte the viewer was sent.
func (tw twin) play(t *rapid.T, i int, protocol string) string {
	conn := &recConn{respond: tw.responder(protocol)}
	var viewer Seat
	if protocol == "sbp" {
		s, err := newSBPSeat(context.Background(), conn, SBPOptions{})
		if err != nil {
			t.Fatal(err)
		}
		viewer = s
	} else {
		viewer = &uccSeat{ctx: context.Background(), o: UCCOptions{Name: "twin"}, conn: conn}
	}
	enemy := &scriptSeat{setup: tw.enemySetups[i], moves: append([]stratego.Move(nil), tw.enemyMoves...)}
	// No clock: the scripted seats answer at once, and a move time
	// could run out on a loaded machine and end the two games apart.
	g := Game{Rules: tw.rules, Red: viewer, Blue: enemy}
	if tw.viewer == stratego.Blue {
		g.Red, g.Blue = enemy, viewer
	}
	if _, err := g.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	return conn.sent.String()
}

// TestWireTwin lifts the View no-leak property to the wire: in two games
// that differ only in enemy ranks the viewer has not seen, the bytes the
// referee sends the viewer are the same, on SBP/1 and on the UCC wire,
// up to the first reveal.
func TestWireTwin(t *testing.T) {
	for _, protocol := range []string{"sbp", "ucc"} {
		t.Run(protocol, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				tw := drawTwin(t)
				if protocol == "ucc" && CheckUCCRules(tw.rules) != nil {
					t.Skip("rules the UCC wire cannot carry")
				}
				a, b := tw.play(t, 0, protocol), tw.play(t, 1, protocol)
				if diff := cmp.Diff(a, b); diff != "" {
					t.Fatalf("the bytes to %v differ after %d plies (-game A +game B):\n%s", tw.viewer, len(tw.moves), diff)
				}
				if !strings.Contains(a, "\n") {
					t.Fatalf("nothing was sent")
				}
			})
		})
	}
}
