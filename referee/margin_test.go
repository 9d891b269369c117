package referee

import (
	"context"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// lateBot is a random player that takes late more than its budget's time
// (or, with late zero, waits for its context to end), and records the
// budgets it is given.
type lateBot struct {
	bot.Player
	late    time.Duration
	budgets []time.Duration
}

func (p *lateBot) Move(ctx context.Context, v stratego.View, b bot.Budget) (stratego.Move, error) {
	p.budgets = append(p.budgets, b.Time)
	if p.late == 0 {
		<-ctx.Done()
	} else {
		time.Sleep(b.Time + p.late)
	}
	return p.Player.Move(ctx, v, b)
}

// marginGame plays a four-ply game of p (Red) against random with a
// move time of limit and the margin margin.
func marginGame(t *testing.T, p *lateBot, limit, margin time.Duration) Result {
	t.Helper()
	r := stratego.Classic()
	r.MaxPlies = 4
	g := Game{Rules: r, Red: FromPlayer("late", p), Blue: randomSeat(2), Clock: TimeControl{MoveTime: limit}, TimeMargin: margin}
	res, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestTimeMarginForgivesLateReply: a reply up to the margin past the
// limit counts, and the player is told the limit, not the limit plus the
// margin.
func TestTimeMarginForgivesLateReply(t *testing.T) {
	p := &lateBot{Player: bot.NewRandom(1), late: 30 * time.Millisecond}
	res := marginGame(t, p, 20*time.Millisecond, 10*time.Second)
	if res.Reason == Timeout {
		t.Fatalf("lost on time inside the margin: %+v", res)
	}
	if len(p.budgets) == 0 {
		t.Fatal("never asked to move")
	}
	for _, b := range p.budgets {
		if b != 20*time.Millisecond {
			t.Fatalf("budget %v, want the limit 20ms", b)
		}
	}
}

// TestTimeMarginBounds: a player that never answers loses on time, and
// only after the limit plus the margin.
func TestTimeMarginBounds(t *testing.T) {
	p := &lateBot{Player: bot.NewRandom(1)}
	start := time.Now()
	res := marginGame(t, p, 20*time.Millisecond, 200*time.Millisecond)
	if res.Reason != Timeout || res.Side != stratego.Red {
		t.Fatalf("result %+v, want Red lost on time", res)
	}
	if d := time.Since(start); d < 220*time.Millisecond {
		t.Fatalf("lost on time after %v, before the limit plus the margin", d)
	}
}

// TestNoTimeMarginByDefault: without a margin, a reply past the limit
// loses on time.
func TestNoTimeMarginByDefault(t *testing.T) {
	p := &lateBot{Player: bot.NewRandom(1), late: 200 * time.Millisecond}
	if res := marginGame(t, p, 20*time.Millisecond, 0); res.Reason != Timeout {
		t.Fatalf("result %+v, want a loss on time", res)
	}
}

// learnBot is a random player that records what a Learner is told.
type learnBot struct {
	*bot.Random
	met     []string
	learned []stratego.View
}

func (p *learnBot) Meet(opponent string)      { p.met = append(p.met, opponent) }
func (p *learnBot) Learn(final stratego.View) { p.learned = append(p.learned, final) }

// TestFromPlayerTellsLearner: a built-in player that is a bot.Learner is
// told its opponent's name before the game and its final view after it.
func TestFromPlayerTellsLearner(t *testing.T) {
	r := stratego.Classic()
	r.MaxPlies = 6
	p := &learnBot{Random: bot.NewRandom(1)}
	g := Game{Rules: r, Red: FromPlayer("learner", p), Blue: randomSeat(2)}
	if _, err := g.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(p.met) != 1 || p.met[0] != "random" {
		t.Fatalf("met %q, want [random]", p.met)
	}
	if len(p.learned) != 1 || p.learned[0].Player() != stratego.Red || p.learned[0].Ply() != 6 {
		t.Fatalf("learned %d views, want Red's final view at ply 6", len(p.learned))
	}
}
