package bot

import (
	"flag"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

var (
	strength          = flag.String("strength", "", "run the strength matches: a match name, or \"all\" (not in CI)")
	strengthGames     = flag.Int("games", 200, "games per strength match")
	strengthIters     = flag.Int("iters", 200, "the 1× iteration budget of the search player in strength matches")
	strengthShow      = flag.Bool("show", false, "show the last plies of the games the first player did not win")
	strengthShowPlies = flag.Int("showplies", 3, "how many plies -show shows")
)

// strengthMatch is one match of TestStrength.
type strengthMatch struct {
	name   string
	rules  string
	a, b   string // player names
	ka, kb int    // iteration budgets as multiples of -iters (0: no budget)
}

var strengthMatches = []strengthMatch{
	{"classic-random", "classic", "mcts", "random", 1, 0},
	{"barrage-random", "barrage", "mcts", "random", 1, 0},
	{"classic-greedy", "classic", "mcts", "greedy", 1, 0},
	{"barrage-greedy", "barrage", "mcts", "greedy", 1, 0},
	{"classic-ladder", "classic", "mcts", "mcts", 4, 1},
	{"barrage-ladder", "barrage", "mcts", "mcts", 4, 1},
	{"classic-greedy-random", "classic", "greedy", "random", 0, 0},
	{"barrage-greedy-random", "barrage", "greedy", "random", 0, 0},
}

// TestStrength plays the strength matches of docs/strength.md (not in CI: run
// with -strength all or -strength NAME, and -games, -iters). Every match
// is under the preset's rules with a 2000-ply cap (a draw), colors
// alternating, two games at a time; each game g seeds the players with g
// and 1000+g.
func TestStrength(t *testing.T) {
	if *strength == "" {
		t.Skip("strength matches run with -strength all (or a match name)")
	}
	for _, m := range strengthMatches {
		if *strength != "all" && *strength != m.name {
			continue
		}
		r, _ := stratego.Preset(m.rules)
		r.MaxPlies = 2000
		start := time.Now()
		sc, plies := parallelMatch(t, r, *strengthGames, m)
		t.Logf("%-22s %s(%s) vs %s(%s): %v; %.0f plies a game; %v",
			m.name, m.a, budgetText(m.ka), m.b, budgetText(m.kb), sc, plies, time.Since(start).Round(time.Second))
	}
}

func budgetText(k int) string {
	if k == 0 {
		return "-"
	}
	return fmt.Sprintf("%d it", k**strengthIters)
}

// parallelMatch plays the match on two goroutines and returns the first
// player's score and the mean game length.
func parallelMatch(t *testing.T, r stratego.Rules, games int, m strengthMatch) (score, float64) {
	var mu sync.Mutex
	var sc score
	plies := 0
	next := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= games {
					return
				}
				a, _ := New(m.a, Options{Seed: uint64(g)})
				b, _ := New(m.b, Options{Seed: 1000 + uint64(g)})
				ba, bb := Budget{Iterations: m.ka * *strengthIters}, Budget{Iterations: m.kb * *strengthIters}
				red, blue, rb, bbl, aColor := a, b, ba, bb, stratego.Red
				if g%2 == 1 {
					red, blue, rb, bbl, aColor = b, a, bb, ba, stratego.Blue
				}
				res, err := runGame(r, red, blue, rb, bbl)
				mu.Lock()
				if err != nil {
					t.Errorf("game %d: %v", g, err)
				}
				if *strengthShow && res.outcome.Winner != aColor {
					for _, s := range res.states[max(0, len(res.states)-*strengthShowPlies):] {
						t.Logf("game %d (first player %v):\n%s\nlast %v", g, aColor, s.Picture(), s.LastEvent())
					}
				}
				plies += res.plies
				switch res.outcome.Winner {
				case aColor:
					sc.w++
				case stratego.NoColor:
					sc.d++
				default:
					sc.l++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return sc, float64(plies) / float64(games)
}
