package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// testBudget is the small iteration budget of the searching players in
// the quick tests.
var testBudget = Budget{Iterations: 60}

func TestNamesAndNew(t *testing.T) {
	want := []string{"greedy", "mcts", "mcts-200", "mcts-800", "random", "search", "search-2000", "search-8000"}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	for _, n := range Names() {
		p, err := New(n, Options{Seed: 1})
		if err != nil || p == nil {
			t.Errorf("New(%q) = %v, %v", n, p, err)
		}
		if Describe(n) == "" {
			t.Errorf("Describe(%q) is empty", n)
		}
	}
	if _, err := New("nobody", Options{}); !errors.Is(err, ErrUnknown) {
		t.Errorf("New(nobody): got %v, want ErrUnknown", err)
	}
	if Describe("nobody") != "" {
		t.Errorf("Describe(nobody) is not empty")
	}
}

// presets are the presets by their names.
func presets(t testing.TB) map[string]stratego.Rules {
	t.Helper()
	m := map[string]stratego.Rules{}
	for _, n := range []string{"classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle", "vintage"} {
		r, ok := stratego.Preset(n)
		if !ok {
			t.Fatalf("no preset %q", n)
		}
		m[n] = r
	}
	return m
}

// genRules draws a preset with house rules: information, combat,
// Captains, rescues, repetition rules and caps, and sometimes a small
// board without lakes where pieces meet early.
func genRules(t *rapid.T) stratego.Rules {
	names := []string{"classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle", "vintage"}
	r, _ := stratego.Preset(rapid.SampledFrom(names).Draw(t, "preset"))
	if rapid.IntRange(0, 3).Draw(t, "small board") == 0 {
		r = stratego.Duel()
		r.Width = rapid.IntRange(4, 6).Draw(t, "width")
		r.Height = 7
		r.Lakes = stratego.SquareSet{}
		r.Zone = stratego.Rect(0, 0, r.Width-1, 2)
	}
	if rapid.Bool().Draw(t, "house rules") {
		r.Info = stratego.InfoRule(rapid.IntRange(0, 2).Draw(t, "info"))
		r.Ties = stratego.TieRule(rapid.IntRange(0, 1).Draw(t, "ties"))
		r.Bombs = stratego.BombRule(rapid.IntRange(0, 1).Draw(t, "bombs"))
		r.Scouts = stratego.ScoutRule(rapid.IntRange(0, 1).Draw(t, "scouts"))
		r.CaptainsMoveTwo = rapid.Bool().Draw(t, "captains")
		r.Rescues = rapid.IntRange(0, 2).Draw(t, "rescues")
		r.TwoSquares = rapid.IntRange(0, 5).Draw(t, "two-squares")
		r.MoreSquares = stratego.MoreSquaresRule(rapid.IntRange(0, 2).Draw(t, "more-squares"))
	}
	if rapid.Bool().Draw(t, "caps") {
		r.MaxPlies = rapid.SampledFrom([]int{0, 30, 300}).Draw(t, "max plies")
		r.MaxPliesWithoutAttack = rapid.SampledFrom([]int{0, 10, 60}).Draw(t, "max quiet")
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn rules %v: %v", r, err)
	}
	return r
}

// genGame draws a game under r: setups from ChooseSetup or RandomSetup,
// then a prefix of random moves, mostly shuttles (a piece going back
// where it came from) so that the repetition rules forbid moves.
func genGame(t *rapid.T, r stratego.Rules) stratego.State {
	seed := rapid.Uint64().Draw(t, "seed")
	rng := rand.New(rand.NewPCG(seed, 1))
	var red, blue stratego.Setup
	if rapid.Bool().Draw(t, "chosen setups") {
		var err error
		if red, err = ChooseSetup(r, rng); err != nil {
			t.Fatal(err)
		}
		if blue, err = ChooseSetup(r, rng); err != nil {
			t.Fatal(err)
		}
	} else {
		red, blue = stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
	}
	s, err := stratego.New(r, red, blue)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	plies := rapid.IntRange(0, 300).Draw(t, "plies")
	var moves []stratego.Move
	var last [2]stratego.Move
	for range plies {
		if s.Outcome().IsOver() {
			break
		}
		moves = s.AppendLegalMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		back := stratego.Move{From: last[side(s.Turn())].To, To: last[side(s.Turn())].From}
		if rng.IntN(3) > 0 && slices.Contains(moves, back) {
			m = back
		}
		last[side(s.Turn())] = m
		if s, _, err = s.Apply(m); err != nil {
			t.Fatalf("Apply(%v): %v", m, err)
		}
	}
	return s
}

// TestNeverIllegal is the property that no built-in player returns a move
// the rules forbid, under every preset and drawn house rules, from games
// with forbidden shuttles: the move is one of the view's legal moves and
// the state accepts it; and that a player asked in a view without legal
// moves (the game over, or the other side to move) says ErrNoMove.
func TestNeverIllegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		name := rapid.SampledFrom(Names()).Draw(t, "player")
		p, err := New(name, Options{Seed: rapid.Uint64().Draw(t, "player seed"), Workers: rapid.IntRange(1, 2).Draw(t, "workers"),
			Iterations: testBudget.Iterations})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if s.Outcome().IsOver() {
			if _, err := p.Move(ctx, s.View(s.Turn()), testBudget); !errors.Is(err, ErrNoMove) {
				t.Fatalf("%s in a finished game: got %v, want ErrNoMove", name, err)
			}
			return
		}
		if _, err := p.Move(ctx, s.View(s.Turn().Opponent()), testBudget); !errors.Is(err, ErrNoMove) {
			t.Fatalf("%s on the opponent's turn: got %v, want ErrNoMove", name, err)
		}
		v := s.View(s.Turn())
		m, err := p.Move(ctx, v, testBudget)
		if err != nil {
			t.Fatalf("%s: Move: %v\n%s", name, err, v)
		}
		if !v.IsLegal(m) {
			t.Fatalf("%s chose %v, not among the view's legal moves\n%s", name, m, v)
		}
		if err := s.Check(m); err != nil {
			t.Fatalf("%s chose %v: %v", name, m, err)
		}
	})
}

// TestGamesUnderEveryPreset plays a short game of each player against the
// search player under every preset, with a ply cap: every move is legal
// (playGame checks) and every game ends.
func TestGamesUnderEveryPreset(t *testing.T) {
	for name, r := range presets(t) {
		r.MaxPlies = 120
		if testing.Short() {
			r.MaxPlies = 40
		}
		t.Run(name, func(t *testing.T) {
			for _, other := range Names() {
				a := NewSearch(Options{Seed: 3})
				// The fixed-strength players get the test's small budget too.
				b, _ := New(other, Options{Seed: 4, Iterations: testBudget.Iterations})
				res := playGame(t, r, a, b, testBudget, testBudget)
				if !res.outcome.IsOver() {
					t.Errorf("search vs %s: the game did not end", other)
				}
			}
		})
	}
}

// TestRandomPlayer: the random player's moves are legal, its setups valid,
// both reproducible from its seed, and its moves spread over the legal
// moves.
func TestRandomPlayer(t *testing.T) {
	r := stratego.Classic()
	ctx := context.Background()
	a, b := NewRandom(7), NewRandom(7)
	sa, err := a.Setup(ctx, r, stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := b.Setup(ctx, r, stratego.Red)
	if err := r.CheckSetup(sa); err != nil {
		t.Errorf("setup: %v", err)
	}
	if sa != sb {
		t.Errorf("same seed, different setups:\n%v\n%v", sa, sb)
	}
	s, err := stratego.New(r, sa, sb)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(stratego.Red)
	seen := map[stratego.Move]int{}
	for range 400 {
		ma, err := a.Move(ctx, v, Budget{})
		if err != nil {
			t.Fatal(err)
		}
		mb, _ := b.Move(ctx, v, Budget{})
		if ma != mb {
			t.Fatalf("same seed, different moves: %v, %v", ma, mb)
		}
		if !v.IsLegal(ma) {
			t.Fatalf("illegal move %v", ma)
		}
		seen[ma]++
	}
	if n := len(slices.Collect(v.LegalMoves())); len(seen) != n {
		t.Errorf("400 random moves hit %d of the %d legal moves", len(seen), n)
	}
	if _, err := a.Setup(ctx, stratego.Rules{}, stratego.Red); !errors.Is(err, stratego.ErrRules) {
		t.Errorf("setup for invalid rules: got %v, want ErrRules", err)
	}
	if _, err := a.Move(ctx, s.View(stratego.Blue), Budget{}); !errors.Is(err, ErrNoMove) {
		t.Errorf("move on the opponent's turn: got %v, want ErrNoMove", err)
	}
}

// midgame returns a game under r after plies random plies of random
// setups drawn from seed (the first game of seed, seed+1, … that lasts).
func midgame(t interface {
	Helper()
	Fatal(...any)
}, r stratego.Rules, seed uint64, plies int) stratego.State {
	t.Helper()
	for ; ; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		var moves []stratego.Move
		for range plies {
			moves = s.AppendLegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			s, _, _ = s.Apply(moves[rng.IntN(len(moves))])
		}
		if !s.Outcome().IsOver() {
			return s
		}
	}
}

// TestMCTSReproducible: with an iteration budget, the same seed and view
// give the same move, with one worker and with two.
func TestMCTSReproducible(t *testing.T) {
	for _, workers := range []int{1, 2} {
		for seed := range uint64(4) {
			s := midgame(t, stratego.Classic(), seed, 60)
			v := s.View(s.Turn())
			var first stratego.Move
			for i := range 3 {
				p := NewMCTS(Options{Seed: seed, Workers: workers})
				m, err := p.Move(context.Background(), v, Budget{Iterations: 300})
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					first = m
				} else if m != first {
					t.Errorf("workers %d seed %d: move %v, then %v", workers, seed, first, m)
				}
			}
		}
	}
}

// TestMCTSIterationBudget: the search runs exactly the iterations of its
// budget, split over its workers, and no more.
func TestMCTSIterationBudget(t *testing.T) {
	s := midgame(t, stratego.Classic(), 1, 40)
	v := s.View(s.Turn())
	moves := v.AppendLegalMoves(nil)
	for _, tc := range []struct{ workers, iters int }{{1, 1}, {1, 250}, {2, 251}, {3, 2}} {
		p := NewMCTS(Options{Seed: 1, Workers: tc.workers})
		st := p.search(context.Background(), v, moves, Budget{Iterations: tc.iters}, time.Now())
		sum := 0
		for _, n := range st.n {
			sum += n
		}
		if st.total != tc.iters || sum != tc.iters {
			t.Errorf("workers %d, budget %d: ran %d iterations (counts add to %d)", tc.workers, tc.iters, st.total, sum)
		}
	}
}

// TestMCTSFixedIterations: Options.Iterations (and the players
// mcts-200 and mcts-800) fix the iterations of every move whatever
// the budget, and play the moves of that iteration budget.
func TestMCTSFixedIterations(t *testing.T) {
	s := midgame(t, stratego.Classic(), 5, 40)
	v := s.View(s.Turn())
	moves := v.AppendLegalMoves(nil)
	p := NewMCTS(Options{Seed: 2, Iterations: 123})
	if st := p.search(context.Background(), v, moves, Budget{Time: time.Hour}, time.Now()); st.total != 123 {
		t.Errorf("Options.Iterations 123: ran %d iterations", st.total)
	}
	for name, n := range map[string]int{"mcts-200": 200, "mcts-800": 800} {
		fixed, _ := New(name, Options{Seed: 9})
		plain := NewMCTS(Options{Seed: 9})
		got, err := fixed.Move(context.Background(), v, Budget{Time: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := plain.Move(context.Background(), v, Budget{Iterations: n})
		if got != want {
			t.Errorf("%s played %v, search with %d iterations %v", name, got, n, want)
		}
	}
}

// TestMCTSMemoryBounded: a tree stops growing at its node limit, and
// the search still runs its whole budget (playouts from the leaves) and
// plays a legal move.
func TestMCTSMemoryBounded(t *testing.T) {
	s := midgame(t, stratego.Classic(), 4, 40)
	v := s.View(s.Turn())
	moves := v.AppendLegalMoves(nil)
	p := NewMCTS(Options{Seed: 1})
	limit := len(moves) + 20
	p.trees = []*tree{{limit: limit}}
	st := p.search(context.Background(), v, moves, Budget{Iterations: 2000}, time.Now())
	if st.total != 2000 {
		t.Errorf("ran %d iterations, want 2000", st.total)
	}
	if n := len(p.trees[0].nodes); n > limit {
		t.Errorf("the tree has %d nodes, limit %d", n, limit)
	}
	if n := len(p.trees[0].nodes); n < limit {
		t.Errorf("the tree has %d nodes, want it full at %d after 2000 iterations", n, limit)
	}
}

// TestMCTSTimeBudget: a time budget is kept (generously: the check is
// that the search stops, not how precisely; TestZeroBudgetIsDefaultTime
// checks the zero Budget on a fake clock).
func TestMCTSTimeBudget(t *testing.T) {
	s := midgame(t, stratego.Classic(), 2, 40)
	v := s.View(s.Turn())
	p := NewMCTS(Options{Seed: 1, Workers: 2})
	start := time.Now()
	m, err := p.Move(context.Background(), v, Budget{Time: 50 * time.Millisecond})
	if err != nil || !v.IsLegal(m) {
		t.Fatalf("Move = %v, %v", m, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a 50ms budget took %v", d)
	}
}

// TestMCTSCancel: a context already done gives its error at once; a
// context cancelled during a long search ends it with a legal move.
func TestMCTSCancel(t *testing.T) {
	s := midgame(t, stratego.Classic(), 3, 40)
	v := s.View(s.Turn())
	p := NewMCTS(Options{Seed: 1, Workers: 2})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Move(ctx, v, Budget{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v, want context.Canceled", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	m, err := p.Move(ctx, v, Budget{Time: time.Hour})
	if err != nil || !v.IsLegal(m) {
		t.Fatalf("Move = %v, %v", m, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("cancellation after 30ms ended the search after %v", d)
	}
}

// TestMCTSTakesFlag: the Monte Carlo player strikes at a square where the
// enemy flag may stand when a fight there costs little.
func TestMCTSTakesFlag(t *testing.T) {
	s := flagPosition(t, stratego.Duel())
	v := s.View(stratego.Red)
	// Red's scout on b5 sees b10 down the open file; the flag is one of
	// the two blue pieces, and the scout is cheap.
	m, err := NewMCTS(Options{Seed: 1}).Move(context.Background(), v, Budget{Iterations: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if m != stratego.MustParseMove("b5-b10") {
		t.Errorf("search played %v, want b5-b10 (the flag one time in two)", m)
	}
}

// TestZeroPlayersNotMade checks that every built-in player's zero value
// says ErrNotMade when asked to move.
func TestZeroPlayersNotMade(t *testing.T) {
	r := stratego.Duel()
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Player{&Random{}, &Greedy{}, &Search{}, &MCTS{}} {
		if _, err := p.Move(context.Background(), s.View(stratego.Red), Budget{Iterations: 10}); !errors.Is(err, ErrNotMade) {
			t.Errorf("zero %T: Move error %v, want ErrNotMade", p, err)
		}
	}
}
