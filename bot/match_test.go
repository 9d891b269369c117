package bot

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/stratego-go/stratego"
)

// gameResult is the end of one game of playGame.
type gameResult struct {
	outcome stratego.Outcome
	plies   int
}

// playGame plays one game under r between red and blue, each move with
// red's and blue's budgets, and fails the test on an error or a move the rules forbid.
func playGame(tb testing.TB, r stratego.Rules, red, blue Player, rb, bb Budget) gameResult {
	tb.Helper()
	ctx := context.Background()
	rs, err := red.Setup(ctx, r, stratego.Red)
	if err != nil {
		tb.Fatalf("red setup: %v", err)
	}
	bs, err := blue.Setup(ctx, r, stratego.Blue)
	if err != nil {
		tb.Fatalf("blue setup: %v", err)
	}
	s, err := stratego.New(r, rs, bs)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	for !s.Outcome().Over() {
		p, b := red, rb
		if s.Turn() == stratego.Blue {
			p, b = blue, bb
		}
		v := s.View(s.Turn())
		m, err := p.Move(ctx, v, b)
		if err != nil {
			tb.Fatalf("ply %d: Move: %v\n%s", s.Ply(), err, v)
		}
		next, _, err := s.Apply(m)
		if err != nil {
			tb.Fatalf("ply %d: the player chose an illegal move: %v\n%s", s.Ply(), err, v)
		}
		s = next
	}
	return gameResult{s.Outcome(), s.Ply()}
}

// score is a match score from one side: wins, draws, losses.
type score struct{ w, d, l int }

func (s score) n() int { return s.w + s.d + s.l }

// elo returns the Elo difference of the score and its 95% interval (the
// normal approximation of the mean game score, draws counting half).
func (s score) elo() (diff, lo, hi float64) {
	n := float64(s.n())
	p := (float64(s.w) + 0.5*float64(s.d)) / n
	v := (float64(s.w)*(1-p)*(1-p) + float64(s.d)*(0.5-p)*(0.5-p) + float64(s.l)*p*p) / n
	se := math.Sqrt(v / n)
	f := func(p float64) float64 {
		p = min(max(p, 0.5/n), 1-0.5/n)
		return -400 * math.Log10(1/p-1)
	}
	return f(p), f(p - 1.96*se), f(p + 1.96*se)
}

func (s score) String() string {
	d, lo, hi := s.elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%) Elo %+.0f [%+.0f, %+.0f]", s.w, s.d, s.l,
		100*(float64(s.w)+0.5*float64(s.d))/float64(s.n()), d, lo, hi)
}

// match plays games games between players a and b made by mk, swapping
// colors every game, and returns a's score.
func match(tb testing.TB, r stratego.Rules, games int, mk func(seed uint64) (a, b Player), ba, bb Budget) score {
	var sc score
	for g := range games {
		a, b := mk(uint64(g))
		red, blue, br, bbl := a, b, ba, bb
		aColor := stratego.Red
		if g%2 == 1 {
			red, blue, aColor = b, a, stratego.Blue
			br, bbl = bb, ba
		}
		res := playGame(tb, r, red, blue, br, bbl)
		switch res.outcome.Winner {
		case aColor:
			sc.w++
		case stratego.NoColor:
			sc.d++
		default:
			sc.l++
		}
	}
	return sc
}
