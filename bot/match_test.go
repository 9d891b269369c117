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
	states  []stratego.State // the states of the game, start to end
}

// playGame plays one game under r between red and blue, each move with
// red's and blue's budgets, and fails the test on an error or a move the
// rules forbid.
func playGame(tb testing.TB, r stratego.Rules, red, blue Player, rb, bb Budget) gameResult {
	tb.Helper()
	res, err := runGame(r, red, blue, rb, bb)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// runGame plays one game under r between red and blue, each move with
// red's and blue's budgets. The error reports a player's error or a move
// the rules forbid.
func runGame(r stratego.Rules, red, blue Player, rb, bb Budget) (gameResult, error) {
	ctx := context.Background()
	rs, err := red.Setup(ctx, r, stratego.Red)
	if err != nil {
		return gameResult{}, fmt.Errorf("red setup: %w", err)
	}
	bs, err := blue.Setup(ctx, r, stratego.Blue)
	if err != nil {
		return gameResult{}, fmt.Errorf("blue setup: %w", err)
	}
	s, err := stratego.New(r, rs, bs)
	if err != nil {
		return gameResult{}, err
	}
	var hist []stratego.State
	for !s.Outcome().IsOver() {
		hist = append(hist, s)
		p, b := red, rb
		if s.Turn() == stratego.Blue {
			p, b = blue, bb
		}
		v := s.View(s.Turn())
		m, err := p.Move(ctx, v, b)
		if err != nil {
			return gameResult{}, fmt.Errorf("ply %d: Move: %w\n%s", s.Ply(), err, v)
		}
		next, _, err := s.Apply(m)
		if err != nil {
			return gameResult{}, fmt.Errorf("ply %d: the player chose an illegal move: %w\n%s", s.Ply(), err, v)
		}
		s = next
	}
	return gameResult{s.Outcome(), s.Ply(), append(hist, s)}, nil
}

// score is a match score from one side: wins, draws, losses.
type score struct{ w, d, l int }

func (s score) n() int { return s.w + s.d + s.l }

// elo returns the Elo difference of the score (draws counting half) and
// its 95% interval, from the Wilson score interval of the mean game score
// (which stays inside (0, 1) at a score of 0% or 100%, where the
// difference itself is infinite). Counting a draw as half a win and half a
// loss overstates the variance a little, so the interval is
// conservative.
func (s score) elo() (diff, lo, hi float64) {
	const z = 1.96
	n := float64(s.n())
	p := (float64(s.w) + 0.5*float64(s.d)) / n
	c := p + z*z/(2*n)
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	den := 1 + z*z/n
	return eloOf(p), eloOf((c - h) / den), eloOf((c + h) / den)
}

// eloOf is the Elo difference of a mean score p.
func eloOf(p float64) float64 { return -400 * math.Log10(1/p-1) }

func (s score) String() string {
	d, lo, hi := s.elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%) Elo %+.0f, 95%% [%+.0f, %+.0f]", s.w, s.d, s.l,
		100*(float64(s.w)+0.5*float64(s.d))/float64(s.n()), d, lo, hi)
}

// TestScoreElo pins the Elo arithmetic of the strength reports (values
// worked by hand from the Wilson interval).
func TestScoreElo(t *testing.T) {
	for _, tc := range []struct {
		s            score
		diff, lo, hi float64
	}{
		{score{50, 0, 50}, 0, -68, 68},
		{score{76, 0, 24}, 200, 121, 279},
		{score{200, 0, 0}, math.Inf(1), 687, math.Inf(1)},
		{score{0, 10, 0}, 0, -204, 204},
	} {
		d, lo, hi := tc.s.elo()
		if math.Abs(d-tc.diff) > 1 && !math.IsInf(tc.diff, 1) || math.Abs(lo-tc.lo) > 1 || math.Abs(hi-tc.hi) > 1 && !math.IsInf(tc.hi, 1) {
			t.Errorf("%+v: Elo %.0f [%.0f, %.0f], want %.0f [%.0f, %.0f]", tc.s, d, lo, hi, tc.diff, tc.lo, tc.hi)
		}
	}
}
