package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/stratego-go/stratego"
)

// DefaultTime is the time a searching player takes for a move when its
// Budget is the zero Budget.
const DefaultTime = time.Second

// MCTS defaults.
const (
	// defaultDepth is the number of plies of a playout after the
	// candidate move.
	defaultDepth = 6
	// exploration is the constant of the UCB1 rule at the root, for
	// rewards in [0, 1].
	exploration = 0.35
	// priorWeight scales the progressive bias of the root moves: a root
	// child's UCB1 value gets priorWeight·tanh(g/evalScale)/(n+1) added,
	// g its one-ply greedy score (greedyScore) and n its visits, so the
	// first iterations favour the moves the greedy player likes and the
	// bias fades as the counts grow.
	priorWeight = 1.0
	// reserveBase and reserveShare make the part of a move's time, less
	// the move overhead, that a search keeps in hand for a busy machine's
	// scheduling delays (see reserve): reserveBase and a reserveShare-th
	// of the time, but never more than half of it.
	reserveBase  = 50 * time.Millisecond
	reserveShare = 10
	// checkEvery is how many iterations a worker runs between looks at
	// the clock and the context.
	checkEvery = 2
	// takeWin is how often, out of 8, a playout takes the most valuable
	// enemy piece it knows it beats.
	takeWin = 7
	// probeOdds: one playout move in probeOdds, when there is one, is an
	// attack on a piece of hidden rank, drawn at random.
	probeOdds = 4
)

// MCTS is the Monte Carlo search player, the player "search" before the
// alpha-beta Search, kept as a baseline (the players "mcts", "mcts-200"
// and "mcts-800" of New): single-observer information-set Monte Carlo tree
// search (Cowling, Powley and Whitehouse, "Information Set
// Monte Carlo Tree Search", IEEE TCIAIG 2012) over determinizations of the
// player's view, with truncated playouts and a heuristic evaluation.
//
// Each iteration draws a full state that agrees with the view
// (stratego.Sampler: every assignment of hidden ranks that fits what the
// view shows is equally likely) and walks down the tree from the root:
// a node's children are moves, shared by every sample in which they are
// legal, and the walk takes, among the children the sample allows, the
// best by UCB1 counted over the times each was available, until it adds
// one new node for a legal move not yet in the tree. From there it plays
// a short playout (Options.Depth plies, default 6) in which the enemy
// takes the player's flag when it can, each side takes an enemy piece it
// knows it beats (the rank was shown) most of the time, sometimes strikes
// a piece of hidden rank, and otherwise moves at random, never into a
// fight it knows it loses. It scores the end: a win, a loss or a draw when
// the game ended, else the difference of material (shown pieces count a
// little less, so that the player does not show its strong pieces for
// nothing), of how near each side's nearest movable piece is to the enemy
// flag (which, averaged over the samples, is where the hidden flag is
// likely to stand), and of open squares next to its own flag. The reward
// goes back up the path, each node counting it for the side that made its
// move. The player plays the root move visited most often.
//
// The playouts choose with only what each side may know of the other's
// ranks (but for the enemy's flag capture), so the hidden ranks decide
// the fights, not the choices. An iteration (the unit of
// Budget.Iterations) is one sample, one walk down the tree and one
// playout. Memory is bounded whatever the budget: a worker's tree holds at
// most maxNodes nodes of 32 bytes (4 MiB), and once it is full the search
// goes on with playouts from its leaves; the trees are kept for the next
// move.
//
// With Options.Workers above one the root is searched in parallel: each
// worker grows its own tree on its own samples and random stream, and
// the counts of the root moves are added. An MCTS plays one game at a
// time (see Player).
type MCTS struct {
	opt   Options
	now   func() time.Time // the clock: time.Now, or a test's fake one
	rng   *rand.Rand       // for setups
	moves []stratego.Move
	trees []*tree       // one per worker, reused from move to move
	lag   time.Duration // the longest gap between looks at the clock in the last move
}

// NewMCTS returns a Monte Carlo search player with the options o.
func NewMCTS(o Options) *MCTS {
	if o.Depth <= 0 {
		o.Depth = defaultDepth
	}
	switch {
	case o.Workers < 0:
		o.Workers = runtime.GOMAXPROCS(0)
	case o.Workers == 0:
		o.Workers = 1
	}
	return &MCTS{opt: o, now: time.Now, rng: rand.New(rand.NewPCG(o.Seed, 0x5e7))}
}

// Setup returns a setup for side c under r from the setup chooser of the
// package (see ChooseSetup), or the error of r.Validate.
func (p *MCTS) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	return ChooseSetup(r, p.rng)
}

// Move searches the view within the budget and returns the move it found
// best. The zero Budget is DefaultTime; Options.Iterations replaces the
// budget's iterations. A Budget with only Iterations set is deterministic
// for the seed (Options.Seed), the view and Options.Workers.
//
// Time: the search has the earlier of the end of Budget.Time and ctx's
// deadline, counted from the call. It keeps Options.MoveOverhead of that
// back (at most three quarters of it) and of the rest keeps a reserve in
// hand (half of a short time; 50ms and a tenth of a long one), looking at
// the clock every checkEvery iterations; then it returns the best move
// found so far (with no iteration done, the greedy player's move). With
// a 30ms budget and the default overhead it stops after 10ms, with 200ms
// after 121ms, with 1s after 841ms: on a machine loaded far beyond its
// cores a process can wait a quarter of a second for a processor.
//
// When ctx is done before Move starts it returns ctx.Err(); when it ends
// during the search, Move returns the best move so far. It fails with
// ErrNoMove when the view lists no legal move.
func (p *MCTS) Move(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error) {
	if err := ctx.Err(); err != nil {
		return stratego.Move{}, err
	}
	if p.rng == nil {
		return stratego.Move{}, ErrNotMade
	}
	start := p.now()
	p.moves = v.AppendLegalMoves(p.moves[:0])
	moves := p.moves
	switch len(moves) {
	case 0:
		return stratego.Move{}, ErrNoMove
	case 1:
		return moves[0], nil
	}
	st := p.search(ctx, v, moves, b, start)
	if st.total == 0 {
		return greedyPick(v, moves, p.moveRand(v, 0)), nil
	}
	return moves[st.best()], nil
}

// moveRand returns the random stream of worker w for the move of view v:
// a function of the seed, the side, the ply and the worker only.
func (p *MCTS) moveRand(v stratego.View, w int) *rand.Rand {
	return rand.New(rand.NewPCG(p.opt.Seed, uint64(v.Ply())<<16|uint64(v.Player())<<8|uint64(w)))
}

// rootStats are the visit counts and reward sums of the root moves.
type rootStats struct {
	n     []int
	w     []float64
	total int
}

func (st *rootStats) add(o *rootStats) {
	for i := range st.n {
		st.n[i] += o.n[i]
		st.w[i] += o.w[i]
	}
	st.total += o.total
}

// best returns the move tried most often, the better mean breaking ties.
func (st *rootStats) best() int {
	best := 0
	for i := 1; i < len(st.n); i++ {
		if st.n[i] > st.n[best] || st.n[i] == st.n[best] && st.w[i] > st.w[best] {
			best = i
		}
	}
	return best
}

// search runs the workers and returns their summed statistics.
func (p *MCTS) search(ctx context.Context, v stratego.View, moves []stratego.Move, b Budget, start time.Time) rootStats {
	limit, iters := b.Time, b.Iterations
	switch {
	case p.opt.Iterations > 0:
		iters = p.opt.Iterations
	case b == (Budget{}) || limit <= 0 && iters <= 0:
		limit, iters = DefaultTime, 0
	}
	tm := newTimer(ctx, p.now, start, limit, p.opt.overhead(), p.lag/2)
	defer func() { p.lag = time.Duration(tm.lag.Load()) }()
	sm, err := v.Sampler()
	if err != nil {
		return rootStats{}
	}
	prior := make([]float64, len(moves))
	for i, m := range moves {
		prior[i] = priorWeight * math.Tanh(greedyScore(v, m)/evalScale)
	}
	var occ occupancy // the squares with a piece, the same in every sample
	for sq := range v.Board().All() {
		occ.add(sq)
	}
	workers := p.opt.Workers
	if iters > 0 && workers > iters {
		workers = iters
	}
	for len(p.trees) < workers {
		p.trees = append(p.trees, &tree{})
	}
	results := make([]rootStats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		share := 0
		if iters > 0 {
			share = iters / workers
			if w < iters%workers {
				share++
			}
		}
		wk := &worker{
			rng:   p.moveRand(v, w),
			ev:    newEvaluator(v.Rules(), v.Player()),
			occ:   occ,
			depth: p.opt.Depth,
			moves: moves,
			sm:    sm,
			st:    rootStats{n: make([]int, len(moves)), w: make([]float64, len(moves))},
			tree:  p.trees[w],
			prior: prior,
			timer: tm,
			last:  start,
		}
		if w == workers-1 {
			// The last worker runs here: with one worker, no goroutine
			// has to be woken up to return the move.
			wk.run(share)
			results[w] = wk.st
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk.run(share)
			results[w] = wk.st
		}()
	}
	wg.Wait()
	total := rootStats{n: make([]int, len(moves)), w: make([]float64, len(moves))}
	for i := range results {
		total.add(&results[i])
	}
	return total
}

// worker is one goroutine of a search: it grows its own tree.
type worker struct {
	rng   *rand.Rand
	ev    *evaluator
	occ   occupancy // of the view, so of every sample
	depth int
	moves []stratego.Move // the root moves, shared read-only
	sm    *stratego.Sampler
	st    rootStats
	buf   []stratego.Move
	tree  *tree
	prior []float64
	timer *timer
	last  time.Time // the worker's last look at the clock
}

// run runs iters iterations (0: until the deadline, the context or the
// stop flag ends the search), then sums the root's children into st.
func (wk *worker) run(iters int) {
	wk.tree.reset(wk.moves, wk.ev.me)
	wk.tree.prior = wk.prior
	for it := 0; iters == 0 || it < iters; it++ {
		if it%checkEvery == 0 && wk.expired() {
			break
		}
		s, err := wk.sm.Sample(wk.rng)
		if err != nil {
			wk.timer.done.Store(true)
			break
		}
		wk.iterate(&s)
		wk.st.total++
	}
	for c := wk.tree.nodes[0].first; c != 0; c = wk.tree.nodes[c].next {
		nd := &wk.tree.nodes[c]
		i := int(nd.root)
		wk.st.n[i] += int(nd.n)
		wk.st.w[i] += nd.w
	}
}

// iterate runs one iteration on the sample s, which it plays on: down
// the tree by UCB among the children whose moves s allows, one new node,
// a playout, and the reward back up the path.
func (wk *worker) iterate(s *stratego.State) {
	t := wk.tree
	path := t.path[:0]
	cur := int32(0)
	path = append(path, cur)
	over := s.Outcome().IsOver()
	occ := wk.occ
	for !over {
		wk.buf = s.AppendLegalMoves(wk.buf[:0])
		if len(wk.buf) == 0 {
			break
		}
		next, m, isNew := t.step(cur, wk.buf, s.Turn(), wk.rng)
		if next < 0 {
			// The tree is full: play out from here.
			break
		}
		ev, err := s.Play(m)
		if err != nil {
			break
		}
		over = ev.Outcome.IsOver()
		occ.play(ev)
		cur = next
		path = append(path, cur)
		if isNew {
			break
		}
	}
	r := wk.playout(s, over, occ)
	for _, i := range path {
		nd := &t.nodes[i]
		nd.n++
		if nd.mover == wk.ev.me {
			nd.w += r
		} else {
			nd.w += 1 - r
		}
	}
	t.path = path
}

// expired reports whether the search must stop (see timer).
func (wk *worker) expired() bool { return wk.timer.expired(&wk.last) }

// maxNodes bounds the nodes of one worker's tree (32 bytes each);
// a full tree stops growing and the search goes on with playouts from
// its leaves.
const maxNodes = 1 << 17

// node is a node of the search tree: the move that led to it, from the
// position of its parent, and the statistics of the player who made it.
type node struct {
	move        stratego.Move
	mover       stratego.Color
	root        int16 // for a child of the root, the index of its move
	first, next int32 // first child, next sibling (0: none)
	n, avail    int32 // visits; times it was available in its parent
	w           float64
}

// tree is a single-observer information-set tree (Cowling, Powley and
// Whitehouse 2012): its nodes stand for move sequences from the root,
// shared by every sample in which they are legal, and a node's children
// are chosen among those its sample allows, by UCB1 with the count of
// times each was available.
type tree struct {
	limit int       // the most nodes it holds (0: maxNodes)
	prior []float64 // per root move: the progressive bias of its greedy score
	nodes []node
	path  []int32
	stamp uint32
	mark  []uint32 // per move key: stamp when legal now, stamp+1 when it has a child too
	keys  []int32  // the keys of the legal moves of a step
	avail []int32  // the children available in a step, in the order of the list
}

// moveKeys is the size of the move key space of key.
const moveKeys = 2*100*100 + 100*16

// key numbers a move for the marks: a piece move by its squares and, for a
// turning Captain, which of its two paths; a rescue by square and rank.
// The squares of a move are valid squares (the moves are legal moves),
// so it counts their indexes as int(sq)-1.
func key(m stratego.Move) int {
	if m.IsRescue() {
		return 2*100*100 + (int(m.To)-1)*16 + int(m.Rescue)
	}
	k := 2 * ((int(m.From)-1)*100 + int(m.To) - 1)
	if m.Via != stratego.NoSquare && (int(m.Via)-1)%stratego.MaxSize == (int(m.To)-1)%stratego.MaxSize {
		k++
	}
	return k
}

func (t *tree) reset(rootMoves []stratego.Move, me stratego.Color) {
	if t.limit == 0 {
		t.limit = maxNodes
	}
	if t.mark == nil {
		t.mark = make([]uint32, moveKeys)
	}
	t.nodes = append(t.nodes[:0], node{mover: me.Opponent()})
	// The root's children are made at once, one per legal move.
	for i := len(rootMoves) - 1; i >= 0; i-- {
		t.nodes = append(t.nodes, node{move: rootMoves[i], mover: me, root: int16(i), next: t.nodes[0].first})
		t.nodes[0].first = int32(len(t.nodes) - 1)
	}
}

// step chooses the child of node cur to follow in a sample whose side to
// move (c) has the legal moves legal: a new child for a legal move that
// has none yet (drawn at random; isNew), else the available child of the
// best UCB1 value. It returns -1 when a new child is due but the tree is
// full.
func (t *tree) step(cur int32, legal []stratego.Move, c stratego.Color, rng *rand.Rand) (next int32, m stratego.Move, isNew bool) {
	t.stamp += 2
	if t.stamp == 0 {
		clear(t.mark)
		t.stamp = 2
	}
	keys := t.keys[:0]
	for _, m := range legal {
		k := key(m)
		t.mark[k] = t.stamp
		keys = append(keys, int32(k))
	}
	t.keys = keys
	avail := t.avail[:0]
	for ch := t.nodes[cur].first; ch != 0; ch = t.nodes[ch].next {
		if k := key(t.nodes[ch].move); t.mark[k] == t.stamp {
			t.mark[k] = t.stamp + 1
			t.nodes[ch].avail++
			avail = append(avail, ch)
		}
	}
	t.avail = avail
	untried, pick := 0, -1
	for i, k := range keys {
		if t.mark[k] == t.stamp {
			if untried++; rng.IntN(untried) == 0 {
				pick = i
			}
		}
	}
	if pick >= 0 {
		if len(t.nodes) >= t.limit {
			return -1, stratego.Move{}, false
		}
		t.nodes = append(t.nodes, node{move: legal[pick], mover: c, root: -1, next: t.nodes[cur].first, avail: 1})
		id := int32(len(t.nodes) - 1)
		t.nodes[cur].first = id
		return id, legal[pick], true
	}
	best, bestU := int32(-1), math.Inf(-1)
	for _, ch := range avail {
		nd := &t.nodes[ch]
		if nd.n == 0 {
			return ch, nd.move, false
		}
		fn := float64(nd.n)
		u := nd.w/fn + exploration*math.Sqrt(logCount(nd.avail)/fn)
		if cur == 0 {
			u += t.prior[nd.root] / (fn + 1)
		}
		if u > bestU {
			best, bestU = ch, u
		}
	}
	return best, t.nodes[best].move, false
}

// logCount returns math.Log(float64(n)), from a table for the counts of
// most nodes.
func logCount(n int32) float64 {
	if uint32(n) < uint32(len(logTable)) {
		return logTable[n]
	}
	return math.Log(float64(n))
}

// logTable holds math.Log of 0 … 4095.
var logTable = func() (t [4096]float64) {
	for i := range t {
		t[i] = math.Log(float64(i))
	}
	return t
}()

// playout plays on s up to depth plies (none when over says the game
// has ended) and returns the reward of the end for the searching player;
// occ is the occupancy of s.
func (wk *worker) playout(s *stratego.State, over bool, occ occupancy) float64 {
	for range wk.depth {
		if over {
			break
		}
		wk.buf = s.AppendLegalMoves(wk.buf[:0])
		if len(wk.buf) == 0 {
			break
		}
		ev, err := s.Play(wk.policy(s, wk.buf, occ))
		if err != nil {
			break
		}
		over = ev.Outcome.IsOver()
		occ.play(ev)
	}
	return wk.ev.reward(s, over)
}

// occupancy is the set of the squares that hold a piece in a state that
// a worker plays on in place, kept from the events of the moves (an event
// says what stands where afterwards: the mover on the to-square unless
// both pieces of its attack fell, the defender there when it won, the
// from-square empty), so that the playout policy tells an attack from a
// move to an empty square without reading the board: each State method
// call copies the 496-byte State.
type occupancy stratego.SquareSet

func (o *occupancy) add(sq stratego.Square) { *o = occupancy(stratego.SquareSet(*o).With(sq)) }

// play records the move of the event ev.
func (o *occupancy) play(ev stratego.Event) {
	m := ev.Move
	set := stratego.SquareSet(*o).Without(m.From)
	if ev.Combat == stratego.BothRemoved {
		set = set.Without(m.To)
	} else {
		set = set.With(m.To)
	}
	*o = occupancy(set)
}

// has reports whether sq, a square of a legal move (a valid square),
// holds a piece.
func (o *occupancy) has(sq stratego.Square) bool {
	i := int(sq) - 1 // sq.Index()
	return o[i>>6&1]&(1<<(i&63)) != 0
}

// policy picks a playout move for the side to move in s, whose occupancy
// is occ: for the enemy of the searching player the capture of the flag
// when a move takes it; then mostly the capture of the most valuable
// enemy piece whose rank the side knows and beats; otherwise a random
// move that is not an attack it knows it loses. The enemy's flag capture
// is the one use of the sampled truth in a choice: it makes the search
// guard its own flag against every piece that could reach it, as if the
// enemy knew where it stands. The player's own side gets no such help,
// which would let it take a flag it cannot know and prefer standing next
// to a suspect over striking it. It reads the pieces of the attacks only.
func (wk *worker) policy(s *stratego.State, moves []stratego.Move, occ occupancy) stratego.Move {
	best, bestV := -1, -1.0
	probe, probes := -1, 0
	for i, m := range moves {
		if m.IsRescue() || !occ.has(m.To) {
			continue
		}
		d, _ := s.At(m.To)
		if d.Rank() == stratego.Flag && s.Turn() != wk.ev.me {
			return m
		}
		c, rk, known := wk.knownFight(s, m, d)
		switch {
		case known && c == stratego.AttackerWins && baseValue[rk] > bestV:
			best, bestV = i, baseValue[rk]
		case !known:
			if probes++; wk.rng.IntN(probes) == 0 {
				probe = i
			}
		}
	}
	if best >= 0 && wk.rng.IntN(8) < takeWin {
		return moves[best]
	}
	if probe >= 0 && wk.rng.IntN(probeOdds) == 0 {
		return moves[probe]
	}
	var m stratego.Move
	for range 4 {
		m = moves[wk.rng.IntN(len(moves))]
		if m.IsRescue() || !occ.has(m.To) {
			return m // no attack
		}
		d, _ := s.At(m.To)
		if c, _, ok := wk.knownFight(s, m, d); !ok || c == stratego.AttackerWins {
			return m
		}
	}
	return m
}

// knownFight returns the result of the attack m on the piece d in s and
// d's rank when the mover knows that rank; ok is false when it does not.
func (wk *worker) knownFight(s *stratego.State, m stratego.Move, d stratego.Piece) (stratego.Combat, stratego.Rank, bool) {
	if s.Knowledge(m.To)&stratego.KnownRank == 0 {
		return stratego.NoCombat, 0, false
	}
	a, _ := s.At(m.From)
	return wk.ev.fight[a.Rank()][d.Rank()], d.Rank(), true
}

// fights holds the combat result of every attacker and defender rank
// under one game's rules (stratego.Resolve), by rank.
type fights [16][16]stratego.Combat

func fightTable(r stratego.Rules) *fights {
	var f fights
	for a := range f {
		for d := range f[a] {
			f[a][d] = stratego.Resolve(r, stratego.Rank(a), stratego.Rank(d))
		}
	}
	return &f
}

// setClock replaces the player's clock (for tests).
func (p *MCTS) setClock(now func() time.Time) { p.now = now }
