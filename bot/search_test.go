package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// TestSearchReproducible: with an iteration budget, the same seed and the
// same game give the same moves (the beliefs follow the game), and a
// fresh player asked about one view gives the same move each time.
func TestSearchReproducible(t *testing.T) {
	r := stratego.Barrage()
	r.MaxPlies = 60
	play := func() []stratego.State {
		return playGame(t, r, NewSearch(Options{Seed: 5}), NewSearch(Options{Seed: 6}), Budget{Iterations: 600}, Budget{Iterations: 600}).states
	}
	a, b := play(), play()
	if len(a) != len(b) {
		t.Fatalf("games of %d and %d states", len(a), len(b))
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			t.Fatalf("the games differ at ply %d", i)
		}
	}
	for seed := range uint64(3) {
		s := midgame(t, stratego.Classic(), seed, 60)
		v := s.View(s.Turn())
		first, err := NewSearch(Options{Seed: seed}).Move(context.Background(), v, Budget{Iterations: 2000})
		if err != nil {
			t.Fatal(err)
		}
		if m, _ := NewSearch(Options{Seed: seed}).Move(context.Background(), v, Budget{Iterations: 2000}); m != first {
			t.Errorf("seed %d: move %v, then %v", seed, first, m)
		}
	}
}

// TestSearchIterationBudget: the search visits the nodes of its budget
// (Budget.Iterations, or Options.Iterations whatever the budget), one more
// at most.
func TestSearchIterationBudget(t *testing.T) {
	s := midgame(t, stratego.Classic(), 1, 40)
	v := s.View(s.Turn())
	for _, n := range []int{1, 100, 2500} {
		p := NewSearch(Options{Seed: 1})
		if _, err := p.Move(context.Background(), v, Budget{Iterations: n}); err != nil {
			t.Fatal(err)
		}
		if p.nodes < n || p.nodes > n+1 {
			t.Errorf("budget %d: %d nodes", n, p.nodes)
		}
		q := NewSearch(Options{Seed: 1, Iterations: n})
		if _, err := q.Move(context.Background(), v, Budget{Time: 1 << 62}); err != nil {
			t.Fatal(err)
		}
		if q.nodes != p.nodes {
			t.Errorf("Options.Iterations %d: %d nodes, Budget.Iterations %d", n, q.nodes, p.nodes)
		}
	}
}

// TestSearchSeesOnlyItsView: the move depends on the view only: two games
// that differ in the ranks the player cannot see (the enemy's hidden
// pieces swapped) give the same move for the same seed and budget.
func TestSearchSeesOnlyItsView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, _ := stratego.Preset(rapid.SampledFrom([]string{"classic", "barrage", "duel"}).Draw(t, "preset"))
		s := genGame(t, r)
		if s.Outcome().IsOver() {
			return
		}
		me := s.Turn()
		v := s.View(me)
		// A state with the same view: a draw from the view itself.
		other, err := v.Sample(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "sample seed"), 3)))
		if err != nil {
			t.Fatal(err)
		}
		w := other.View(me)
		if !v.Equal(w) {
			t.Fatal("the sample's view differs")
		}
		seed := rapid.Uint64().Draw(t, "seed")
		n := 800
		if testing.Short() {
			n = 300
		}
		a, err := NewSearch(Options{Seed: seed}).Move(context.Background(), v, Budget{Iterations: n})
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewSearch(Options{Seed: seed}).Move(context.Background(), w, Budget{Iterations: n})
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("move %v in the game, %v in a game with the same view", a, b)
		}
	})
}

// TestSearchNeverIllegalDeep is TestNeverIllegal for the search with a
// budget deep enough for its quiescence search, killers and history.
func TestSearchNeverIllegalDeep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		if s.Outcome().IsOver() {
			return
		}
		v := s.View(s.Turn())
		n := 3000
		if testing.Short() {
			n = 1000
		}
		m, err := NewSearch(Options{Seed: rapid.Uint64().Draw(t, "seed")}).Move(context.Background(), v, Budget{Iterations: n})
		if err != nil {
			t.Fatalf("Move: %v\n%s", err, v)
		}
		if err := s.Check(m); err != nil || !v.IsLegal(m) {
			t.Fatalf("chose %v: %v", m, err)
		}
	})
}

// TestSearchTakesFlagAB: the search strikes at a square where the enemy
// flag may stand when a fight there costs little (TestSearchTakesFlag's
// position).
func TestSearchTakesFlagAB(t *testing.T) {
	r := stratego.Duel()
	s := flagPosition(t, r)
	m, err := NewSearch(Options{Seed: 1}).Move(context.Background(), s.View(stratego.Red), Budget{Iterations: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if m != stratego.MustParseMove("b5-b10") {
		t.Errorf("search played %v, want b5-b10 (the flag one time in two)", m)
	}
}

// TestSearchBeatsMCTS: at a small iteration budget each (the search's
// nodes cost about what MCTS's playouts cost over ten), the search wins
// most games of a short Classic match against MCTS. (In Barrage, at this
// budget, the search won 35 of 60 such games: too close a margin for six.)
func TestSearchBeatsMCTS(t *testing.T) {
	if testing.Short() {
		t.Skip("a match")
	}
	r := stratego.Classic()
	r.MaxPlies = 600
	wins := 0
	const games = 6
	for g := range games {
		a, b := Player(NewSearch(Options{Seed: uint64(g)})), Player(NewMCTS(Options{Seed: uint64(100 + g)}))
		ba, bb := Budget{Iterations: 4000}, Budget{Iterations: 400}
		me := stratego.Red
		if g%2 == 1 {
			a, b, ba, bb, me = b, a, bb, ba, stratego.Blue
		}
		if res := playGame(t, r, a, b, ba, bb); res.outcome.Winner == me {
			wins++
		}
	}
	if wins < games/2+1 {
		t.Errorf("search won %d of %d games against mcts", wins, games)
	}
}

// TestPointsOfIsPoints: the evaluations (the Monte Carlo player's
// pointsOf and the search's searchPoints), which read the board once,
// give the values of their references (evalref_test.go), which read it
// square by square, bit for bit.
func TestPointsOfIsPoints(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		prey := rapid.SampledFrom([]float64{0, preyWeight, 0.25}).Draw(t, "prey")
		preyHidden := rapid.Bool().Draw(t, "preyHidden")
		for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
			e := newEvaluator(r, c)
			e.prey, e.preyHidden = prey, preyHidden
			if a, b := refPoints(e, s), e.pointsOf(&s); math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("%v: reference %v, pointsOf %v", c, a, b)
			}
			if a, b := refSearchPoints(e, &s), e.searchPoints(&s); math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("%v: reference %v, searchPoints %v", c, a, b)
			}
		}
	})
}

// TestPreyIsReference: the prey term (preyWeight), in both forms of
// what beats a preying piece (any piece, or only a hidden one), gives the
// value of its square-by-square reference (refPreyed) bit for bit, in
// skirmishes of a few pieces a side where shown pieces that nothing beats
// are common. That the skirmishes hold prey terms, and some where the two
// forms differ, is checked over fixed draws (Generator.Example), so that
// it holds in every run, short or long.
func TestPreyIsReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPreyCase.Draw(t, "skirmish")
		if _, _, err := checkPrey(c); err != nil {
			t.Fatal(err)
		}
	})
	nonzero, differ := 0, 0
	for i := range 300 {
		n, d, err := checkPrey(genPreyCase.Example(i))
		if err != nil {
			t.Fatalf("fixed draw %d: %v", i, err)
		}
		nonzero += n
		differ += d
	}
	t.Logf("fixed draws: %d evaluations with a prey term, %d where its two forms differ", nonzero, differ)
	if nonzero == 0 || differ == 0 {
		t.Errorf("%d evaluations had a prey term, in %d its two forms differed: the property tests too little", nonzero, differ)
	}
}

// preyCase is a skirmish of TestPreyIsReference under its rules, with the
// prey weight to evaluate it with.
type preyCase struct {
	r    stratego.Rules
	s    stratego.State
	prey float64
}

// genPreyCase draws a preyCase.
var genPreyCase = rapid.Custom(func(t *rapid.T) preyCase {
	r := genRules(t)
	return preyCase{r: r, s: genSkirmish(t, r), prey: rapid.Float64Range(0.01, 1).Draw(t, "prey")}
})

// checkPrey is TestPreyIsReference on the skirmish c, evaluated for each
// side in both forms: it returns how many evaluations had a prey term,
// and in how many of the sides its two forms differed.
func checkPrey(c preyCase) (nonzero, differ int, err error) {
	for _, col := range []stratego.Color{stratego.Red, stratego.Blue} {
		var x [2]float64
		for j, preyHidden := range []bool{false, true} {
			e := newEvaluator(c.r, col)
			e.prey, e.preyHidden = c.prey, preyHidden
			a, b := refSearchPoints(e, &c.s), e.searchPoints(&c.s)
			if math.Float64bits(a) != math.Float64bits(b) {
				return nonzero, differ, fmt.Errorf("%v, preyHidden %v: reference %v, searchPoints %v\n%s", col, preyHidden, a, b, c.s.Picture())
			}
			x[j] = b
			if e.preyed(0) != 0 || e.preyed(1) != 0 {
				nonzero++
			}
		}
		if x[0] != x[1] {
			differ++
		}
	}
	return nonzero, differ, nil
}

// genSkirmish draws a position of a flag and two to nine other pieces
// of r's army a side, on random squares of r's board, played on by
// random moves that take what they can three times in four.
func genSkirmish(t *rapid.T, r stratego.Rules) stratego.State {
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
	var squares []stratego.Square
	for sq := range r.Squares().All() {
		squares = append(squares, sq)
	}
	rng.Shuffle(len(squares), func(i, j int) { squares[i], squares[j] = squares[j], squares[i] })
	var b stratego.Board
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		var army []stratego.Rank
		for rk, n := range r.Army {
			if stratego.Rank(rk) != stratego.Flag {
				for range n {
					army = append(army, stratego.Rank(rk))
				}
			}
		}
		rng.Shuffle(len(army), func(i, j int) { army[i], army[j] = army[j], army[i] })
		b.Put(squares[0], stratego.NewPiece(c, stratego.Flag))
		squares = squares[1:]
		for _, rk := range army[:min(len(army), 2+rng.IntN(8))] {
			b.Put(squares[0], stratego.NewPiece(c, rk))
			squares = squares[1:]
		}
	}
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		t.Fatalf("FromBoard: %v", err)
	}
	var moves []stratego.Move
	for range rapid.IntRange(0, 200).Draw(t, "plies") {
		if s.Outcome().IsOver() {
			break
		}
		moves = s.AppendLegalMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		if rng.IntN(4) > 0 {
			bd := s.Board()
			if i := slices.IndexFunc(moves, func(m stratego.Move) bool { return bd.At(m.To) != 0 }); i >= 0 {
				m = moves[i]
			}
		}
		if _, err := s.Play(m); err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
	}
	return s
}

// TestSearchFixedPlayers: the players search-2000 and search-8000 play the
// moves of the search with that many nodes, whatever the budget.
func TestSearchFixedPlayers(t *testing.T) {
	s := midgame(t, stratego.Classic(), 5, 40)
	v := s.View(s.Turn())
	for name, n := range map[string]int{"search-2000": 2000, "search-8000": 8000} {
		fixed, _ := New(name, Options{Seed: 9})
		got, err := fixed.Move(context.Background(), v, Budget{Time: 1 << 62})
		if err != nil {
			t.Fatal(err)
		}
		p := NewSearch(Options{Seed: 9})
		want, _ := p.Move(context.Background(), v, Budget{Iterations: n})
		if got != want || fixed.(*Search).nodes != p.nodes {
			t.Errorf("%s played %v after %d nodes, search with %d nodes %v after %d", name, got, fixed.(*Search).nodes, n, want, p.nodes)
		}
	}
}

// TestFlagAttacked: the side to move's flag is attacked by a movable
// enemy piece next to it or an enemy Scout in line with nothing between
// (where Scouts strike from afar), not by an enemy bomb next to it or a
// Scout behind another piece.
func TestFlagAttacked(t *testing.T) {
	for _, tc := range []struct {
		name   string
		enemy  map[string]stratego.Rank
		mine   map[string]stratego.Rank
		scouts stratego.ScoutRule
		want   bool
	}{
		{"nothing near", map[string]stratego.Rank{"e6": stratego.Miner}, nil, stratego.ScoutMoveAndStrike, false},
		{"miner next to it", map[string]stratego.Rank{"e2": stratego.Miner}, nil, stratego.ScoutMoveAndStrike, true},
		{"bomb next to it", map[string]stratego.Rank{"d1": stratego.Bomb}, nil, stratego.ScoutMoveAndStrike, false},
		{"scout in line", map[string]stratego.Rank{"e6": stratego.Scout}, nil, stratego.ScoutMoveAndStrike, true},
		{"scout in line, no strike", map[string]stratego.Rank{"e6": stratego.Scout}, nil, stratego.ScoutStrikeAdjacent, false},
		{"scout behind a piece", map[string]stratego.Rank{"e6": stratego.Scout}, map[string]stratego.Rank{"e3": stratego.Miner}, stratego.ScoutMoveAndStrike, false},
	} {
		r := stratego.Duel()
		r.Scouts = tc.scouts
		var b stratego.Board
		b.Put(stratego.MustParseSquare("e1"), stratego.NewPiece(stratego.Red, stratego.Flag))
		b.Put(stratego.MustParseSquare("j1"), stratego.NewPiece(stratego.Red, stratego.General))
		b.Put(stratego.MustParseSquare("a10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
		for sq, rk := range tc.mine {
			b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(stratego.Red, rk))
		}
		for sq, rk := range tc.enemy {
			b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(stratego.Blue, rk))
		}
		s, err := stratego.FromBoard(r, b, stratego.Red)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p := NewSearch(Options{})
		p.ev = newEvaluator(r, stratego.Red)
		p.flagSq = [2]stratego.Square{stratego.MustParseSquare("e1"), stratego.MustParseSquare("a10")}
		if got := p.flagAttacked(s.Turn(), &b); got != tc.want {
			t.Errorf("%s: flagAttacked = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestGuard: with the setting guard g, the threat of the enemy's nearest
// piece on the player's flag counts 1-g of itself while a piece of the
// player's that beats it needs fewer moves to the flag (through the
// player's bombs only to the squares next to a flag they wall in), and
// in full otherwise: a guard too far, one that does not beat the
// attacker, or one behind the player's own bombs.
func TestGuard(t *testing.T) {
	r := stratego.Classic()
	for _, tc := range []struct {
		name    string
		bombs   []string
		guard   string
		rk      stratego.Rank
		guarded bool
	}{
		{"a Sergeant near the open flag", []string{"b1"}, "c2", stratego.Sergeant, true},
		{"a Sergeant too far", []string{"b1"}, "h8", stratego.Sergeant, false},
		{"a Scout does not beat a Miner", []string{"b1"}, "b2", stratego.Scout, false},
		{"a Sergeant a move nearer than the Miner", []string{"b1"}, "d2", stratego.Sergeant, true},
		{"a Sergeant as far as the Miner", []string{"b1"}, "e2", stratego.Sergeant, false},
		{"a Sergeant next to the wall", []string{"a2", "b1"}, "c1", stratego.Sergeant, true},
		{"a Sergeant behind a bomb of an open flag", []string{"b1", "b2", "c2", "d1"}, "c1", stratego.Sergeant, false},
	} {
		var b stratego.Board
		put := placer(&b)
		put("a1", stratego.Red, stratego.Flag)
		for _, sq := range tc.bombs {
			put(sq, stratego.Red, stratego.Bomb)
		}
		put(tc.guard, stratego.Red, tc.rk)
		put("a6", stratego.Blue, stratego.Miner)
		put("j10", stratego.Blue, stratego.Flag)
		s := mustFromBoard(t, r, b, stratego.Red)
		e := newEvaluator(r, stratego.Red)
		e.readyGuard(s.View(stratego.Red))
		plain := e.searchPoints(&s)
		def := e.reach(1, 1, stratego.MustParseSquare("a1"), e.walled(&b, stratego.MustParseSquare("a1")))
		e.guard = 0.5
		want := plain
		if tc.guarded {
			want += 0.5 * threat(def)
		}
		if got := e.searchPoints(&s); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: points %.3f with guard 0.5, want %.3f (%.3f without; the threat %.3f)", tc.name, got, want, plain, threat(def))
		}
	}
}

// TestWalledFlagReach: a flag with bombs on every playable square next to
// it is walled, and the search's evaluation counts the way to it for
// Miners only (others wallPenalty further); an open flag is reached by
// any piece.
func TestWalledFlagReach(t *testing.T) {
	r := stratego.Duel()
	for _, tc := range []struct {
		name   string
		bombs  []string
		walled bool
	}{
		{"walled", []string{"a2", "b1"}, true},
		{"open", []string{"a2"}, false},
	} {
		for _, rk := range []stratego.Rank{stratego.Miner, stratego.General} {
			var b stratego.Board
			b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
			for _, sq := range tc.bombs {
				b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(stratego.Red, stratego.Bomb))
			}
			b.Put(stratego.MustParseSquare("j1"), stratego.NewPiece(stratego.Red, stratego.General))
			b.Put(stratego.MustParseSquare("a4"), stratego.NewPiece(stratego.Blue, rk))
			b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
			s := mustFromBoard(t, r, b, stratego.Red)
			e := newEvaluator(r, stratego.Red)
			e.searchPoints(&s) // fills the movers
			if got := e.walled(&b, stratego.MustParseSquare("a1")); got != tc.walled {
				t.Errorf("%s: walled = %v", tc.name, got)
			}
			want := 3
			if tc.walled && rk != stratego.Miner {
				want += wallPenalty
			}
			if got := e.reach(1, 1, stratego.MustParseSquare("a1"), tc.walled); got != want {
				t.Errorf("%s, enemy %v: reach %d, want %d", tc.name, rk, got, want)
			}
		}
	}
}

// TestProp_PolicyMatchesReference: the playout policy, which reads the
// board once, picks the move of its reference (evalref_test.go), which
// reads it square by square, from the same random numbers, using as many
// of them, for either player, in games of any rules.
func TestProp_PolicyMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		moves := s.AppendLegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		seed := rapid.Uint64().Draw(t, "rng")
		for _, me := range []stratego.Color{stratego.Red, stratego.Blue} {
			wk := &worker{rng: rand.New(rand.NewPCG(seed, 1)), ev: newEvaluator(r, me)}
			ref := rand.New(rand.NewPCG(seed, 1))
			for range 8 {
				if got, want := wk.policy(&s, moves, occupancyOf(&s)), refPolicy(me, r, ref, s, moves); got != want {
					t.Fatalf("player %v: policy %v, reference %v", me, got, want)
				}
			}
			if a, b := wk.rng.Uint64(), ref.Uint64(); a != b {
				t.Fatalf("player %v: the policy used other random numbers than its reference", me)
			}
		}
	})
}

// TestProp_OccupancyFollowsTheBoard: the occupancy a worker keeps from
// the events of the moves it plays is the set of squares with a piece on
// the board, after every move of games of any rules (rescues, one-time
// bombs and ties included).
func TestProp_OccupancyFollowsTheBoard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		occ := occupancyOf(&s)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "rng"), 2))
		var moves []stratego.Move
		for ply := 0; ply < 200 && !s.Outcome().IsOver(); ply++ {
			if moves = s.AppendLegalMoves(moves[:0]); len(moves) == 0 {
				break
			}
			ev, err := s.Play(moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			occ.play(ev)
			if want := occupancyOf(&s); occ != want {
				t.Fatalf("after %v (%v): occupancy %v, the board %v", ev.Move, ev.Combat, stratego.SquareSet(occ), stratego.SquareSet(want))
			}
		}
	})
}

// occupancyOf returns the occupancy of s, read off its board.
func occupancyOf(s *stratego.State) occupancy {
	var o occupancy
	for sq := range s.Board().All() {
		o.add(sq)
	}
	return o
}

// TestProp_SamplesHaveTheViewsOccupancy: a state drawn from a view has a
// piece exactly where the view shows one, so the occupancy the Monte
// Carlo player reads once from the view is that of every sample.
func TestProp_SamplesHaveTheViewsOccupancy(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := genGame(t, r)
		if s.Outcome().IsOver() {
			return
		}
		v := s.View(s.Turn())
		var want occupancy
		for sq := range v.Board().All() {
			want.add(sq)
		}
		sm, err := v.Sampler()
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "rng"), 3))
		for range 5 {
			d, err := sm.Sample(rng)
			if err != nil {
				t.Fatal(err)
			}
			if got := occupancyOf(&d); got != want {
				t.Fatalf("a sample's occupancy %v, the view's %v", stratego.SquareSet(got), stratego.SquareSet(want))
			}
		}
	})
}

// TestSearchWorkers: with Options.Workers 2 the search splits its states
// between two goroutines and an iteration budget between them (each
// stops at its share, one node past it at most), the moves stay the same
// for a seed and a budget, and a timed move is legal; under -race it
// shows that the workers share nothing unguarded.
func TestSearchWorkers(t *testing.T) {
	for seed := range uint64(3) {
		s := midgame(t, stratego.Classic(), seed, 60)
		v := s.View(s.Turn())
		p := NewSearch(Options{Seed: seed, Workers: 2})
		first, err := p.Move(context.Background(), v, Budget{Iterations: 3000})
		if err != nil {
			t.Fatal(err)
		}
		if p.nodes < 3000 || p.nodes > 3002 {
			t.Errorf("seed %d: budget 3000: %d nodes", seed, p.nodes)
		}
		if m, _ := NewSearch(Options{Seed: seed, Workers: 2}).Move(context.Background(), v, Budget{Iterations: 3000}); m != first {
			t.Errorf("seed %d: move %v, then %v", seed, first, m)
		}
		m, err := NewSearch(Options{Seed: seed, Workers: -1}).Move(context.Background(), v, Budget{Time: 50 * time.Millisecond})
		if err != nil || !v.IsLegal(m) {
			t.Errorf("seed %d: timed move %v, %v", seed, m, err)
		}
	}
	// One player, two workers, a whole game: the helpers' tables are
	// kept from move to move.
	r := stratego.Barrage()
	r.MaxPlies = 40
	playGame(t, r, NewSearch(Options{Seed: 5, Workers: 2}), NewSearch(Options{Seed: 6}), Budget{Iterations: 800}, Budget{Iterations: 800})
}

// TestBlindAttacks: in the search the enemy attacks a piece of the
// player's whose rank it has not seen only with the ranks that gain in
// expectation over the player's pieces of that kind (moved or not) that
// it has not seen, whatever the piece really is; a rank shown, or a far
// move, shows the piece.
func TestBlindAttacks(t *testing.T) {
	r := stratego.Duel()
	s := flagPosition(t, r, "a10")
	playMoves(t, &s, "j1-j2", "j9-j8", "b5-b8")
	ev := newEvaluator(r, stratego.Red)
	got := blindAttacks(&s, ev)
	// Unmoved and unseen: the Flag, two Bombs and the Miner (the Scout's
	// far move showed it). Moved and unseen: the General.
	want := map[[2]int]bool{
		{0, int(stratego.Scout)}:   true,  // F +200, B -8 -8, Miner -8
		{0, int(stratego.Miner)}:   true,  // F +200, B +10 +10, Miner 0
		{0, int(stratego.General)}: false, // F +200, B -130 -130, Miner +20
		{0, int(stratego.Marshal)}: false, // F +200, B -200 -200, Miner +20
		{1, int(stratego.Marshal)}: true,  // General +130
		{1, int(stratego.General)}: true,  // both fall: 0
		{1, int(stratego.Colonel)}: false, // -80
		{1, int(stratego.Spy)}:     false, // a Spy attacking a General loses
	}
	for k, w := range want {
		if got[k[0]][k[1]] != w {
			t.Errorf("moved=%d rank %v: may attack %v, want %v", k[0], stratego.Rank(k[1]), got[k[0]][k[1]], w)
		}
	}
	// The filter at the enemy's nodes: the Marshal may take the moved
	// General but no unmoved piece, unless next to its flag.
	p := &Search{ev: ev, blind: got}
	p.flagSq = [2]stratego.Square{stratego.MustParseSquare("e1"), stratego.MustParseSquare("b10")}
	bd := s.Board()
	moves := []stratego.Move{stratego.MustParseMove("a10-a9")}
	if kept := p.blindFilter(&s, &bd, moves); len(kept) != 1 {
		t.Errorf("a quiet move removed: %v", kept)
	}
	if !p.blindMay(stratego.Marshal, s.Knowledge(stratego.MustParseSquare("j2"))) || p.blindMay(stratego.Marshal, s.Knowledge(stratego.MustParseSquare("e2"))) {
		t.Errorf("blindMay: Marshal on the moved General %v, on the unmoved Miner %v, want true, false",
			p.blindMay(stratego.Marshal, s.Knowledge(stratego.MustParseSquare("j2"))), p.blindMay(stratego.Marshal, s.Knowledge(stratego.MustParseSquare("e2"))))
	}
	if p.nearFlag(stratego.MustParseSquare("b8")) || !p.nearFlag(stratego.MustParseSquare("b9")) {
		t.Error("nearFlag: want b9 next to the flag on b10, b8 not")
	}
}

// flagPosition is the Duel position of TestSearchTakesFlagAB, Red to
// move (Red: Flag e1 between Bombs d1 and f1, Miner e2, General j1,
// Scout b5; Blue: Flag b10, Scout j9), with a Blue Marshal on each
// square of marshals.
func flagPosition(t *testing.T, r stratego.Rules, marshals ...string) stratego.State {
	t.Helper()
	var b stratego.Board
	put := placer(&b)
	put("e1", stratego.Red, stratego.Flag)
	put("d1", stratego.Red, stratego.Bomb)
	put("f1", stratego.Red, stratego.Bomb)
	put("e2", stratego.Red, stratego.Miner)
	put("j1", stratego.Red, stratego.General)
	put("b5", stratego.Red, stratego.Scout)
	put("b10", stratego.Blue, stratego.Flag)
	put("j9", stratego.Blue, stratego.Scout)
	for _, sq := range marshals {
		put(sq, stratego.Blue, stratego.Marshal)
	}
	return mustFromBoard(t, r, b, stratego.Red)
}

// playMoves plays the moves, written as text, on s.
func playMoves(t *testing.T, s *stratego.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := s.Play(stratego.MustParseMove(m)); err != nil {
			t.Fatal(m, err)
		}
	}
}

// cornerFlags puts, with put (see placer), Red's Flag on a1 walled in by
// Bombs on a2 and b1 and Blue's Flag on j10 walled in by Bombs on i10 and
// j9: the flags of the positions that measure an evaluation term far
// from them.
func cornerFlags(put func(sq string, c stratego.Color, rk stratego.Rank)) {
	put("a1", stratego.Red, stratego.Flag)
	put("a2", stratego.Red, stratego.Bomb)
	put("b1", stratego.Red, stratego.Bomb)
	put("j10", stratego.Blue, stratego.Flag)
	put("i10", stratego.Blue, stratego.Bomb)
	put("j9", stratego.Blue, stratego.Bomb)
}

// placer returns a function that puts a piece of colour c and rank rk
// on the square named sq of b (for positions built by hand).
func placer(b *stratego.Board) func(sq string, c stratego.Color, rk stratego.Rank) {
	return func(sq string, c stratego.Color, rk stratego.Rank) {
		b.Put(stratego.MustParseSquare(sq), stratego.NewPiece(c, rk))
	}
}

// mustFromBoard is stratego.FromBoard for a board a test built: it stops
// the test at an error.
func mustFromBoard(t testing.TB, r stratego.Rules, b stratego.Board, turn stratego.Color) stratego.State {
	t.Helper()
	s, err := stratego.FromBoard(r, b, turn)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWeightedCap: the exact weighted draw's table may grow with the
// move's time (a fifth of the planned search at weightedCost a number)
// and its node budget, the less of the two when a move has both, never
// below maxWeighted nor above maxWeightedCap.
func TestWeightedCap(t *testing.T) {
	start := time.Unix(0, 0)
	now := func() time.Time { return start }
	for _, tc := range []struct {
		limit  time.Duration
		budget int
		want   int
	}{
		{30 * time.Millisecond, 0, maxWeighted},
		{time.Second, 0, int(spent(time.Second-DefaultMoveOverhead) / weightedCost / weightedShare)},
		{time.Hour, 0, maxWeightedCap},
		{0, 1000, maxWeighted},
		{0, 150000, 150000 * weightedPerNode},
		{0, 1 << 30, maxWeightedCap},
		{time.Second, 50000, 50000 * weightedPerNode},
	} {
		p := NewSearch(Options{})
		p.tm = newTimer(context.Background(), now, start, tc.limit, DefaultMoveOverhead, 0)
		p.last, p.budget = start, tc.budget
		if got := p.weightedCap(); got != tc.want {
			t.Errorf("limit %v, budget %d: cap %d, want %d", tc.limit, tc.budget, got, tc.want)
		}
	}
}

// TestMoveScale: a move's reward scale is evalScale at steepNodes nodes
// or fewer, the setting at flatNodes or more, and between the two a
// scale that moves from one to the other as the nodes grow; a time limit
// counts as nominalRate nodes a second, the smaller of the two budgets
// rules, and a move's search squashes by its own scale.
func TestMoveScale(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		set := rapid.Float64Range(20, 600).Draw(t, "scale")
		a := rapid.IntRange(1, 100000).Draw(t, "nodes")
		b := rapid.IntRange(a, 100000).Draw(t, "more nodes")
		sa, sb := moveScale(set, 0, a), moveScale(set, 0, b)
		lo, hi := min(set, evalScale), max(set, evalScale)
		if sa < lo || sa > hi {
			t.Fatalf("%d nodes: scale %v outside [%v, %v]", a, sa, lo, hi)
		}
		if math.Abs(math.Log(sb/set)) > math.Abs(math.Log(sa/set))+1e-12 {
			t.Fatalf("%d nodes: scale %v, %d nodes: %v, further from the setting %v", a, sa, b, sb, set)
		}
		if a <= steepNodes && sa != evalScale || a >= flatNodes && sa != set {
			t.Fatalf("%d nodes: scale %v (setting %v)", a, sa, set)
		}
		d := nodesTime(a)
		if got := moveScale(set, d, 0); math.Abs(got-sa) > 1e-9*sa {
			t.Fatalf("%v: scale %v, want that of %d nodes, %v", d, got, a, sa)
		}
		if got := moveScale(set, d, b); math.Abs(got-sa) > 1e-9*sa {
			t.Fatalf("%v and %d nodes: scale %v, want that of %d nodes, %v", d, b, got, a, sa)
		}
	})
	if got := moveScale(400, 0, 0); got != 400 {
		t.Errorf("no budget: scale %v, want the setting", got)
	}
	v := midgame(t, stratego.Classic(), 1, 60).View(stratego.Red)
	for _, tc := range []struct {
		b    Budget
		want float64
	}{
		{Budget{Iterations: steepNodes}, evalScale},
		{Budget{Iterations: flatNodes}, 400},
		{Budget{Iterations: 8000}, moveScale(400, 0, 8000)},
	} {
		p, err := New("search", Options{Seed: 1, Params: map[string]float64{"scale": 400}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Move(context.Background(), v, tc.b); err != nil {
			t.Fatal(err)
		}
		if got := p.(*Search).w.tune.scale; got != tc.want {
			t.Errorf("%+v: the search squashed by %v, want %v", tc.b, got, tc.want)
		}
	}
}

// TestSquashOrders: the reward grows with the points, a win is above
// any other value and a sooner win above a later one (a later loss above
// a sooner one), at any scale.
func TestSquashOrders(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		scale := rapid.Float64Range(20, 600).Draw(t, "scale")
		x := rapid.Float64Range(-winPoints, winPoints).Draw(t, "x")
		y := rapid.Float64Range(x, winPoints).Draw(t, "y")
		if squash(x, scale) > squash(y, scale) {
			t.Fatalf("squash(%v) = %v above squash(%v) = %v", x, squash(x, scale), y, squash(y, scale))
		}
		ply := rapid.IntRange(1, 200).Draw(t, "ply")
		win, later := squash(winPoints-float64(ply), scale), squash(winPoints-float64(ply+2), scale)
		if !(win > later && later > 1) || squash(winPoints/2-1, scale) >= later {
			t.Fatalf("a win at ply %d: %v, two plies later: %v", ply, win, later)
		}
		loss, later := squash(-winPoints+float64(ply), scale), squash(-winPoints+float64(ply+2), scale)
		if !(loss < later && later < -1) {
			t.Fatalf("a loss at ply %d: %v, two plies later: %v", ply, loss, later)
		}
	})
}

// TestSearchWinsNow: a move that wins at once is played over one whose
// win the search finds later. Blue's last movable piece, its shown
// General, stands next to Red's hidden Flag; Red's Marshal can take it,
// which wins (Blue has no move left). Every other move of Red's also
// searches to a win, a ply later, as Red's General stands next to both of
// Blue's unmoved pieces and the search's Blue does not attack Red's unmoved
// pieces (see blindAttacks): so the root must tell a win now from a win
// later. (A game of the vintage preset against random was lost so, the
// Miner's step played first among the wins.) The search runs with
// guess=0, where a flag taken after the root move is a win in each
// determinization (see guessWin): the view, built from a board, leaves
// Blue the whole army but its General, so that Blue's two hidden pieces
// may be movable ones in the determinizations, where Red's win would
// rest on the guesses of Blue's Flag that guess=1 discounts.
func TestSearchWinsNow(t *testing.T) {
	var b stratego.Board
	put := placer(&b)
	put("a1", stratego.Red, stratego.Miner)
	put("g1", stratego.Red, stratego.Bomb)
	put("h1", stratego.Red, stratego.Flag)
	put("i1", stratego.Red, stratego.Bomb)
	put("h2", stratego.Red, stratego.Sergeant)
	put("i2", stratego.Red, stratego.Marshal)
	put("d10", stratego.Red, stratego.General)
	put("h3", stratego.Blue, stratego.General)
	put("d9", stratego.Blue, stratego.Bomb)
	put("e10", stratego.Blue, stratego.Flag)
	s := mustFromBoard(t, stratego.Classic(), b, stratego.Blue)
	playMoves(t, &s, "h3-h2") // the General takes the Sergeant and is shown
	v := s.View(stratego.Red)
	for _, tc := range []struct {
		scale float64
		b     Budget
	}{
		{evalScale, Budget{Iterations: 4000}},
		{rewardScale, Budget{Iterations: 20000}},
	} {
		p := NewSearch(Options{Seed: 1, Params: map[string]float64{"scale": tc.scale, "guess": 0}})
		m, err := p.Move(context.Background(), v, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if m.String() != "i2-h2" {
			t.Errorf("scale %v, %+v: %v, want i2-h2 (the Marshal takes Blue's last movable piece)", tc.scale, tc.b, m)
		}
	}
}

// TestRoom: a hunted piece's room is the empty squares it reaches before
// any shown enemy piece that beats it: none in a corner whose one exit the
// hunter holds, one at the end of a dead end, trapRoom in the open.
func TestRoom(t *testing.T) {
	for _, tc := range []struct {
		name    string
		own     []string // Red Bombs
		general string   // the Red General
		hunter  string   // the Blue Marshal
		want    int
	}{
		{"open", nil, "e3", "e5", trapRoom},
		{"corner, exit held", []string{"a2", "b2"}, "a1", "c1", 0},
		{"dead end", []string{"b1", "b2", "b3"}, "a1", "a5", 1},
		{"corner, two exits", nil, "a1", "c2", trapRoom},
	} {
		var b stratego.Board
		put := placer(&b)
		for _, sq := range tc.own {
			put(sq, stratego.Red, stratego.Bomb)
		}
		put(tc.general, stratego.Red, stratego.General)
		put(tc.hunter, stratego.Blue, stratego.Marshal)
		e := newEvaluator(stratego.Classic(), stratego.Red)
		e.nShown = [2]int{1, 1}
		e.shownSq[0][0], e.shownRank[0][0] = stratego.MustParseSquare(tc.general), stratego.General
		e.shownSq[1][0], e.shownRank[1][0] = stratego.MustParseSquare(tc.hunter), stratego.Marshal
		if got := e.room(&b, 0, stratego.MustParseSquare(tc.general), stratego.General); got != tc.want {
			t.Errorf("%s: room %d, want %d", tc.name, got, tc.want)
		}
		if got := refRoom(e, b, stratego.MustParseSquare(tc.general), []stratego.Square{stratego.MustParseSquare(tc.hunter)}); got != tc.want {
			t.Errorf("%s: refRoom %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestExposureCorrection: a root move that leaves the player's shown
// Marshal next to a hidden enemy piece scores the Marshal's loss times the
// beliefs' probability that the piece is the Spy (and times the setting
// spyrisk), whatever share of the searched states holds the Spy there;
// an attack that would leave it there exposes it too; a move that
// exposes nothing keeps its score.
func TestExposureCorrection(t *testing.T) {
	var b stratego.Board
	put := placer(&b)
	put("a1", stratego.Red, stratego.Flag)
	put("e3", stratego.Red, stratego.Marshal)
	put("j1", stratego.Red, stratego.Scout)
	put("e4", stratego.Blue, stratego.Sergeant)
	put("f5", stratego.Blue, stratego.Spy)
	put("e6", stratego.Blue, stratego.Sergeant)
	put("f4", stratego.Blue, stratego.Sergeant)
	put("a10", stratego.Blue, stratego.Flag)
	put("j10", stratego.Blue, stratego.Scout)
	s := mustFromBoard(t, stratego.Classic(), b, stratego.Red)
	playMoves(t, &s, "e3-e4", "j10-j9") // the Marshal takes and is shown
	v := s.View(stratego.Red)
	moves := v.AppendLegalMoves(nil)
	index := func(m string) int {
		for i, x := range moves {
			if x.String() == m {
				return i
			}
		}
		t.Fatalf("no move %s", m)
		return -1
	}
	up, back, take := index("e4-e5"), index("e4-e3"), index("e4-f4")
	p := NewSearch(Options{Seed: 1})
	p.ready(v)
	p.tune = defaultTuning
	p.exposure(v, moves)
	var at []string
	taken := false // e4xf4 leaves the Marshal on f4, next to f5
	for _, e := range p.exposed {
		taken = taken || e.move == take && e.sq.String() == "f5"
		if e.move == up {
			at = append(at, e.sq.String())
		}
		if e.move == back {
			t.Errorf("e4-e3 exposes the Marshal to %v", e.sq)
		}
	}
	if len(at) != 2 || at[0] != "f5" && at[1] != "f5" {
		t.Fatalf("e4-e5 exposes the Marshal to %v, want f5 and e6", at)
	}
	if !taken {
		t.Error("e4xf4 does not expose the Marshal to f5")
	}
	// States with the Spy on f5 and with it on j9.
	draw := func(spyOnF5 bool, n int) []stratego.State {
		f5, e6 := stratego.MustParseSquare("f5"), stratego.MustParseSquare("e6")
		sm, err := v.WeightedSampler(func(sq stratego.Square, rk stratego.Rank) float64 {
			switch {
			case sq == f5 && (rk == stratego.Spy) != spyOnF5, sq == e6 && rk == stratego.Spy:
				return 0
			}
			return 1
		})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		var out []stratego.State
		for range n {
			st, err := sm.Sample(rng)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, st)
		}
		return out
	}
	spy, none := draw(true, 1), draw(false, 3)
	beliefs := append(append([]stratego.State(nil), spy...), none...)
	loss := math.Tanh(baseValue[stratego.Marshal] * topFactor * shownFactor / p.tune.scale)
	for _, tc := range []struct {
		name   string
		states []stratego.State
		risk   float64 // spyrisk
	}{
		{"no state holds the Spy on f5", none[:2], 1},
		{"every state holds it", spy, 1},
		{"no state holds the Spy on f5, spyrisk=2.5", none[:2], 2.5},
		{"every state holds it, spyrisk=2.5", spy, 2.5},
	} {
		p.tune.spyRisk = tc.risk
		dets := make([]det, len(tc.states))
		for i, st := range tc.states {
			dets[i] = det{s: st, mult: 1, vals: make([]float64, len(moves))}
			if i < 1 && len(tc.states) == 1 {
				// The searched value of e4-e5 with the Spy on f5: the
				// Marshal lost.
				dets[i].vals[up] = -loss
			}
		}
		p.correct(dets, beliefs, []float64{1, 1, 1, 1})
		score := make([]float64, len(moves))
		p.scores(dets, score)
		if want := -0.25 * loss * tc.risk; math.Abs(score[up]-want) > 1e-9 {
			t.Errorf("%s: e4-e5 scores %v, want %v (a quarter of the Marshal's loss, times spyrisk)", tc.name, score[up], want)
		}
		if score[back] != 0 {
			t.Errorf("%s: e4-e3 scores %v, want 0", tc.name, score[back])
		}
	}
}

// TestSuspectsAttacked: a hidden piece of the player's that has moved and
// stands next to a shown enemy piece is one the enemy may attack in the
// search although blindAttacks, judging by the whole hidden army, refuses
// it (the enemy reads that the piece stepped or stayed next to its piece
// without taking it), and the search moves it away from a shown Captain
// that beats it. Red: Flag e1 between Bombs d1 and f1, Marshal j1, Miner
// a3, Scout b4; Blue: Flag j10, Captain b6, Scout j9. The Scout shows
// the Captain by attacking it, the Marshal and the Miner move, and the
// Captain steps next to the Miner.
func TestSuspectsAttacked(t *testing.T) {
	r := stratego.Classic()
	var b stratego.Board
	put := placer(&b)
	put("e1", stratego.Red, stratego.Flag)
	put("d1", stratego.Red, stratego.Bomb)
	put("f1", stratego.Red, stratego.Bomb)
	put("j1", stratego.Red, stratego.Marshal)
	put("a3", stratego.Red, stratego.Miner)
	put("b4", stratego.Red, stratego.Scout)
	put("j10", stratego.Blue, stratego.Flag)
	put("b6", stratego.Blue, stratego.Captain)
	put("j9", stratego.Blue, stratego.Scout)
	s := mustFromBoard(t, r, b, stratego.Red)
	playMoves(t, &s, "j1-j2", "b6-b5", "b4xb5", "j9-j8", "a3-a4", "b5-a5")
	ev := newEvaluator(r, stratego.Red)
	blind := blindAttacks(&s, ev)
	if blind[1][stratego.Captain] {
		t.Fatal("blindAttacks lets a Captain attack a moved piece (the Marshal or the Miner): the position tests nothing")
	}
	sus := suspects(&s, ev)
	miner := stratego.MustParseSquare("a4")
	if sus[miner.Index()] != stratego.NewPiece(stratego.Red, stratego.Miner) {
		t.Errorf("the Miner on a4, next to the shown Captain, is no suspect: %v", sus[miner.Index()])
	}
	for i, pc := range sus {
		if pc != 0 && i != miner.Index() {
			t.Errorf("%v on %v is a suspect", pc, stratego.SquareFromIndex(i))
		}
	}
	p := &Search{ev: ev, blind: blind, suspect: sus}
	p.flagSq = [2]stratego.Square{stratego.MustParseSquare("e1"), stratego.MustParseSquare("j10")}
	bd := s.Board()
	take := stratego.MustParseMove("a5-a4")
	if kept := p.blindFilter(&s, &bd, []stratego.Move{take, stratego.MustParseMove("a5-a6")}); !slices.Contains(kept, take) {
		t.Errorf("the filter removes the Captain's attack on the suspect: %v", kept)
	}
	v := s.View(stratego.Red)
	m, err := NewSearch(Options{Seed: 1}).Move(context.Background(), v, Budget{Iterations: 20000})
	if err != nil {
		t.Fatal(err)
	}
	next, _, err := s.Apply(m)
	if err != nil {
		t.Fatal(err)
	}
	if pc := next.Board().At(miner); pc == stratego.NewPiece(stratego.Red, stratego.Miner) && next.Board().At(stratego.MustParseSquare("a5")).Rank() == stratego.Captain {
		t.Errorf("the search played %v, leaving the Miner next to the shown Captain", m)
	}
}

// pursuitPosition is the position of TestPursuit and TestDeep under r,
// Red to move: Red has the corner flags, a Scout on i8, a Sergeant on
// sergeant and a Marshal on marshal; Blue a Colonel on colonel, a
// Sergeant on j7 and a Scout on scout. The Marshal takes the Scout and
// the Colonel the Sergeant, so that both are shown.
func pursuitPosition(t *testing.T, r stratego.Rules, marshal, scout, sergeant, colonel string) stratego.State {
	var b stratego.Board
	put := placer(&b)
	cornerFlags(put)
	put("i8", stratego.Red, stratego.Scout)
	put(sergeant, stratego.Red, stratego.Sergeant)
	put(marshal, stratego.Red, stratego.Marshal)
	put(colonel, stratego.Blue, stratego.Colonel)
	put("j7", stratego.Blue, stratego.Sergeant)
	put(scout, stratego.Blue, stratego.Scout)
	s := mustFromBoard(t, r, b, stratego.Red)
	playMoves(t, &s, marshal+"x"+scout, colonel+"x"+sergeant)
	return s
}

// TestPursuit: a shown enemy piece is worth less to the enemy the nearer
// the player's nearest piece that beats it stands (pursuitWeight). Red:
// Flag a1 between Bombs a2 and b1, Scout i8, Marshal shown on e5 (four
// squares from the Colonel) or on j3 (nine); Blue: Flag j10 between Bombs
// i10 and j9, Colonel shown on b4 (it took Red's Sergeant there),
// Sergeant j7. Nothing else differs:
// the Scout is Red's nearest piece to Blue's flag in both, the Marshal
// beyond huntRadius of the Colonel.
func TestPursuit(t *testing.T) {
	r := stratego.Classic()
	state := func(marshal, scout string) stratego.State {
		return pursuitPosition(t, r, marshal, scout, "b4", "b5")
	}
	near, far := state("e4", "e5"), state("j2", "j3")
	ev := newEvaluator(r, stratego.Red)
	gain := ev.searchPoints(&near) - ev.searchPoints(&far)
	worth := baseValue[stratego.Colonel] * shownFactor
	want := pursuitWeight * worth * (pursuitTable[3] - pursuitTable[8])
	if math.Abs(gain-want) > 1e-9 {
		t.Errorf("the Marshal four squares from the shown Colonel instead of nine gains %.3f points, want %.3f (pursuit)", gain, want)
	}
	ev.pursuit = 0
	if d := ev.searchPoints(&near) - ev.searchPoints(&far); d != 0 {
		t.Errorf("without the pursuit the two positions differ by %.3f points: the test measures more than the pursuit", d)
	}
}

// TestDeep: with deep w, a shown piece in the enemy's setup zone loses w
// times its worth times pursuitDecay^(d-1) more, d the distance of the
// enemy's nearest piece that beats it; outside the zone nothing more.
// Red: the corner flags, Scout i8, Sergeant on b4 (in Red's zone) or b5,
// Marshal shown on e5 (it took Blue's Scout there); Blue: the Colonel
// shown where it took the Sergeant, Sergeant j7.
func TestDeep(t *testing.T) {
	r := stratego.Classic()
	state := func(sergeant, colonel string) stratego.State {
		return pursuitPosition(t, r, "e4", "e5", sergeant, colonel)
	}
	worth := baseValue[stratego.Colonel] * shownFactor
	for _, c := range []struct {
		sergeant, colonel string
		want              float64
	}{
		{"b4", "b5", 0.5 * worth * pursuitTable[3]}, // b4 is in Red's zone, four squares from e5
		{"b5", "b6", 0}, // b5 is not
	} {
		s := state(c.sergeant, c.colonel)
		ev := newEvaluator(r, stratego.Red)
		without := ev.searchPoints(&s)
		ev.deep = 0.5
		if got := ev.searchPoints(&s) - without; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Blue's shown Colonel on %s: deep=0.5 gives Red %.3f points, want %.3f", c.sergeant, got, c.want)
		}
	}
}

// TestPrey: with prey w, a moved piece whose rank the enemy has not seen
// loses w times its worth times pursuitDecay^(d-1), d the distance of
// the nearest shown enemy piece that beats it and that none of its
// side's pieces beats; nothing while such a piece of its side lives, or
// while the piece has not moved. Red: the corner flags, Scout f6 (Blue's
// General takes it from f7 and shows its rank), Sergeant e2 (moved to e3
// or not), General h2 (which ties Blue's: it may move to h3 and is no
// prey), and a Marshal on c2 or none; Blue: General f7, Sergeant j7.
func TestPrey(t *testing.T) {
	r := stratego.Classic()
	state := func(marshal bool, sergeant string) stratego.State {
		var b stratego.Board
		put := placer(&b)
		cornerFlags(put)
		put("f6", stratego.Red, stratego.Scout)
		put("e2", stratego.Red, stratego.Sergeant)
		put("h2", stratego.Red, stratego.General)
		if marshal {
			put("c2", stratego.Red, stratego.Marshal)
		}
		put("f7", stratego.Blue, stratego.General)
		put("j7", stratego.Blue, stratego.Sergeant)
		s := mustFromBoard(t, r, b, stratego.Red)
		playMoves(t, &s, sergeant, "f7-f6")
		return s
	}
	for _, c := range []struct {
		marshal bool
		move    string
		want    float64
	}{
		{false, "e2-e3", -0.5 * baseValue[stratego.Sergeant] * pursuitTable[3]}, // e3 is four squares from f6
		{false, "h2-h3", 0}, // the Sergeant has not moved
		{true, "e2-e3", 0},  // Red's Marshal beats the General
	} {
		s := state(c.marshal, c.move)
		ev := newEvaluator(r, stratego.Red)
		without := ev.searchPoints(&s)
		ev.prey = 0.5
		if got := ev.searchPoints(&s) - without; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Marshal %v, %s: prey=0.5 gives Red %.3f points, want %.3f", c.marshal, c.move, got, c.want)
		}
	}
}

// TestGuardCorrection: a hidden Major that takes a piece shows its rank,
// so the exposure correction counts the hidden piece beside the one it
// takes; its probability of beating the Major is the beliefs' with the
// odds times the learned ratio of clueGuard. Red: Flag a1, Major e4,
// Scout j1; Blue: Flag a10, Scout e5, General f5, Sergeant e7, Scout j10.
func TestGuardCorrection(t *testing.T) {
	var bd stratego.Board
	put := placer(&bd)
	put("a1", stratego.Red, stratego.Flag)
	put("e4", stratego.Red, stratego.Major)
	put("j1", stratego.Red, stratego.Scout)
	put("a10", stratego.Blue, stratego.Flag)
	put("e5", stratego.Blue, stratego.Scout)
	put("f5", stratego.Blue, stratego.General)
	put("e7", stratego.Blue, stratego.Sergeant)
	put("j10", stratego.Blue, stratego.Scout)
	s := mustFromBoard(t, stratego.Classic(), bd, stratego.Red)
	v := s.View(stratego.Red)
	moves := v.AppendLegalMoves(nil)
	take := slices.IndexFunc(moves, func(m stratego.Move) bool { return m.String() == "e4-e5" })
	if take < 0 {
		t.Fatalf("no e4xe5 among %v", moves)
	}
	p := NewSearch(Options{Seed: 1})
	p.ready(v)
	p.tune = defaultTuning
	p.exposure(v, moves)
	var at []string
	for _, e := range p.exposed {
		if e.move == take {
			if !e.capture || e.rank != stratego.Major {
				t.Errorf("e4xe5 exposes %+v, want the Major in a capture", e)
			}
			at = append(at, e.sq.String())
		}
	}
	if len(at) != 1 || at[0] != "f5" {
		t.Fatalf("e4xe5 exposes the Major to %v, want f5", at)
	}
	// One state with the General on f5 (the true one), three with a
	// Sergeant there.
	var bd2 stratego.Board = bd
	bd2.Put(stratego.MustParseSquare("f5"), stratego.NewPiece(stratego.Blue, stratego.Sergeant))
	bd2.Put(stratego.MustParseSquare("e7"), stratego.NewPiece(stratego.Blue, stratego.General))
	other := mustFromBoard(t, stratego.Classic(), bd2, stratego.Red)
	loss := math.Tanh(baseValue[stratego.Major] * shownFactor / p.tune.scale)
	for _, tc := range []struct {
		ratio, want float64
	}{
		{1, 0.25},        // the beliefs' probability
		{3, 0.5},         // odds 1/3 times 3
		{guardBias, 0.4}, // odds 1/3 times 2
	} {
		p.bel = newBeliefs(s.Rules(), stratego.Red)
		p.bel.ratio[clueGuard] = math.Log(tc.ratio)
		dets := []det{{s: s, mult: 1, vals: make([]float64, len(moves))}}
		p.correct(dets, []stratego.State{s, other, other, other}, []float64{1, 1, 1, 1})
		if got := dets[0].base[take]; math.Abs(got-tc.want*loss) > 1e-9 {
			t.Errorf("ratio %g: the expected loss of e4xe5 is %.4f, want %.4f (%g of the Major's)", tc.ratio, got, tc.want*loss, tc.want)
		}
	}
}

// TestTopWorth: the setting top scales the worth of both sides' Marshals
// and Generals in the evaluation. Red: Marshal and General; Blue:
// General; none shown.
func TestTopWorth(t *testing.T) {
	r := stratego.Classic()
	var b stratego.Board
	put := placer(&b)
	cornerFlags(put)
	put("e4", stratego.Red, stratego.Marshal)
	put("f4", stratego.Red, stratego.General)
	put("b4", stratego.Red, stratego.Sergeant)
	put("e7", stratego.Blue, stratego.General)
	put("j7", stratego.Blue, stratego.Sergeant)
	s := mustFromBoard(t, r, b, stratego.Red)
	ev := newEvaluator(r, stratego.Red)
	ev.top = 1
	base := ev.searchPoints(&s)
	ev.top = 1.5
	got := ev.searchPoints(&s) - base
	want := 0.5 * (baseValue[stratego.Marshal] + baseValue[stratego.General] - baseValue[stratego.General])
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("top 1.5 adds %.3f points, want %.3f (half the Marshal's worth: the Generals cancel)", got, want)
	}
}

// TestHiddenTop: with hiddentop h, a Marshal or a General whose rank the
// enemy has not seen counts 1+h times its worth, a shown one
// shownFactor of it as without the setting, and other ranks are
// untouched; both sides' pieces count so. Red's Marshal takes a Scout
// (shown after) or steps (hidden); Blue's General stands hidden.
func TestHiddenTop(t *testing.T) {
	r := stratego.Classic()
	state := func(move string) stratego.State {
		var b stratego.Board
		put := placer(&b)
		cornerFlags(put)
		put("e4", stratego.Red, stratego.Marshal)
		put("g4", stratego.Red, stratego.Colonel)
		put("e5", stratego.Blue, stratego.Scout)
		put("c8", stratego.Blue, stratego.General)
		put("h8", stratego.Blue, stratego.Sergeant)
		s := mustFromBoard(t, r, b, stratego.Red)
		playMoves(t, &s, move, "h8-h7")
		return s
	}
	shown, hidden := state("e4xe5"), state("e4-d4")
	plain := newEvaluator(r, stratego.Red)
	ev := newEvaluator(r, stratego.Red)
	ev.hiddenTop = 0.25
	// The two positions differ in the Scout, the Marshal's square and
	// whether it is shown; the setting adds 0.25 of the hidden Marshal's
	// worth to the second only.
	got := (ev.searchPoints(&hidden) - ev.searchPoints(&shown)) - (plain.searchPoints(&hidden) - plain.searchPoints(&shown))
	if want := 0.25 * baseValue[stratego.Marshal]; math.Abs(got-want) > 1e-9 {
		t.Errorf("the hidden Marshal gains %.3f points over the shown one with hiddentop=0.25, want %.3f", got, want)
	}
	// Blue's hidden General counts against Red in both: 0.25 of its worth.
	if got, want := ev.searchPoints(&shown)-plain.searchPoints(&shown), -0.25*baseValue[stratego.General]; math.Abs(got-want) > 1e-9 {
		t.Errorf("the enemy's hidden General adds %.3f points, want %.3f", got, want)
	}
}

// TestGuessWin: in the search, the enemy's flag taken by a move after the
// root's counts as a win only in the share flagPf of the determinizations
// that hold it on that square, the rest as the position stands (mixed as
// rewards); taken by the root move, or where every determinization holds
// it there, it is a win. Red's Miner takes Blue's Flag on j10.
func TestGuessWin(t *testing.T) {
	var b stratego.Board
	put := placer(&b)
	cornerFlags(put)
	put("j8", stratego.Red, stratego.Miner)
	put("e4", stratego.Red, stratego.Scout)
	put("e7", stratego.Blue, stratego.Scout)
	s := mustFromBoard(t, stratego.Classic(), b, stratego.Red)
	playMoves(t, &s, "j8xj9")
	next := s // Blue to move, Red's Miner next to Blue's Flag
	playMoves(t, &s, "e7-e6", "j9xj10")
	if o := s.Outcome(); o.Winner != stratego.Red || o.Reason != stratego.FlagCaptured {
		t.Fatalf("outcome %v, want Red's flag capture", o)
	}
	p := NewSearch(Options{Seed: 1})
	p.ready(s.View(stratego.Red))
	p.tune.scale = rewardScale
	win := -over(&s, 3)
	alt := -p.value(&s) // Red's points of the position
	last := math.Inf(-1)
	for _, pf := range []float64{0, 0.25, 0.5, 0.9} {
		p.flagPf = pf
		got := -p.over(&s, 3)
		want := pf + (1-pf)*math.Tanh(alt/rewardScale)
		if r := squash(got, rewardScale); math.Abs(r-want) > 1e-9 {
			t.Errorf("flagPf %v: reward %v, want %v", pf, r, want)
		}
		if got >= winPoints/2 || got <= last {
			t.Errorf("flagPf %v: %v points, want below a win (%v) and above %v (a smaller share)", pf, got, win, last)
		}
		last = got
		if got, want := -p.over(&s, 1), -over(&s, 1); got != want {
			t.Errorf("flagPf %v: the root move's capture is worth %v, want a win, %v", pf, got, want)
		}
	}
	p.flagPf = 1
	if got := -p.over(&s, 3); got != win {
		t.Errorf("flagPf 1: %v, want a win, %v", got, win)
	}
	// Where the search ends with a piece of Red's next to Blue's Flag,
	// Red's next move takes it: a guess as well.
	p.flagSq = [2]stratego.Square{stratego.MustParseSquare("a1"), stratego.MustParseSquare("j10")}
	if got, want := p.quiesce(&next, 0, 2, math.Inf(-1), math.Inf(1)), -winPoints+3; got != want {
		t.Errorf("flagPf 1: Blue's stand with Red next to its Flag %v, want a loss, %v", got, want)
	}
	p.flagPf = 0.25
	if got, want := p.quiesce(&next, 0, 2, math.Inf(-1), math.Inf(1)), -p.guessWin(-p.value(&next)); got != want || got <= -winPoints/2 {
		t.Errorf("flagPf 0.25: Blue's stand with Red next to its Flag %v, want %v", got, want)
	}
}

// TestFlagShares: the shares of the determinizations holding the enemy's
// flag on each square, by their weights, sum to 1.
func TestFlagShares(t *testing.T) {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(3, 4))
	var dets []det
	for k := range 6 {
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		dets = append(dets, det{s: s, mult: float64(k + 1)})
	}
	sh := flagShares(dets, stratego.Red)
	sum, want := 0.0, map[stratego.Square]float64{}
	for _, d := range dets {
		b := d.s.Board()
		want[flagSquare(&b, stratego.Blue)] += d.mult / 21
	}
	for sq, x := range sh {
		sum += x
		if math.Abs(x-want[stratego.Square(sq)]) > 1e-12 {
			t.Errorf("%v: share %v, want %v", stratego.Square(sq), x, want[stratego.Square(sq)])
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("shares sum to %v, want 1", sum)
	}
}
