package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratego-go/stratego"
)

// Search settings.
const (
	// poolDraws is how many states a search draws (uniformly, from
	// stratego.Sampler) to pick its determinizations from by their
	// beliefs' weights.
	poolDraws = 400
	// poolSize is how many determinizations it picks (with repeats,
	// which it searches once, counting them as often as picked).
	poolSize = 32
	// maxDepth bounds the iterative deepening, in plies.
	maxDepth = 12
	// rootMargin is how far below the best root move of a determinization
	// (in points) a root move's search may stop with a bound: a move that
	// bad in one determinization counts as that bad.
	rootMargin = 150.0
	// quiesceDepth bounds the plies of captures searched after the depth.
	quiesceDepth = 4
	// reduceAfter: with the setting reduce at n > 0, a quiet move (no
	// attack, not the table's move, not a killer) of a node with n plies
	// or more to go, after reduceAfter moves of the node, is searched one
	// ply shallower first, and again at the full depth only when it
	// raises alpha (late move reductions).
	reduceAfter = 3
	// winPoints is the score of a won game, in points; a win found sooner
	// scores a little more.
	winPoints = 100000.0
	// nodeCheck: the search looks at the clock every nodeCheck nodes.
	nodeCheck = 32
)

// Search is the search player, the strongest built-in player (the player
// "search" of New): alpha-beta search over a few likely determinizations
// of its view, in the manner of Demon of Ignorance and of de Boer's
// Invincible (V. de Boer, "Invincible: a Stratego bot", TU Delft 2007),
// with iterative deepening and the perfect-information Monte Carlo
// average of Ginsberg's GIB over the determinizations.
//
// It keeps beliefs about the enemy's hidden ranks (see beliefs): where
// each piece set up, weighed by how often real players put each rank
// there (the Gravon tables of ChooseSetup, for the armies of the presets;
// once it has seen the enemy's General, the pieces that set up beside it
// likelier the Spy, see spyGeneralBias), and what its moves suggest (a
// hidden piece that walks up to one of the player's pieces whose rank it
// knows is likelier to beat it, one that walks away likelier to lose to
// it; one that steps next to the player's movers whose ranks it has not
// seen likelier one of the ranks that beat most of them, as a raider's).
// For each move it draws poolSize states
// by the beliefs exactly (View.WeightedSampler) when the draw's table is
// small enough for the move's time and node budget (see weightedCap: from
// about the first captures on at a second a move); otherwise it draws
// poolDraws states uniformly from the view's Sampler and picks poolSize
// of them in proportion to the beliefs' weights (importance resampling),
// most likely first. It then deepens: at depth 1, 2, … it searches every root move in
// every picked state with negamax alpha-beta (with a transposition table
// of the positions searched for the move, see ttable; the table's best
// move first, then captures, the most
// valuable victim first, then the killer moves and the history heuristic;
// a quiescence search of the captures that do not lose the attacker at the
// leaves, where a side whose flag an enemy piece could take next may not
// stand pat; in every determinization the enemy attacks a piece of the
// player's whose rank it has not seen only with the ranks whose attack
// gains in expectation, see blindAttacks), and scores each root move by the average over the states,
// weighted by how often each was picked, of its squashed value (a win 1
// and a little more the sooner it comes, a loss -1 and a little less the
// sooner, else tanh(points/scale), where scale is the setting scale,
// 400 points by default, in a move of 20,000 nodes or 100 ms or more,
// and nearer 60 in a smaller move, 60 at 4,000 nodes or 20 ms or less),
// of the evaluation of MCTS:
// material with shown pieces worth less, the Spy's and the Miners' worth
// by what the enemy has left, the nearest pieces to the flags, open
// squares by the player's flag; but a flag walled in by bombs is near only
// to Miners; and a shown piece hunted by a shown stronger one worth less
// the less room it has to flee, see evaluator.room). With the setting
// guess (on by default), the enemy's flag taken after the root move (or
// next to a piece of the player's at a leaf) is a win only in the share
// of the states that hold it on that square: the player must guess where
// it stands (see guessWin). A state not yet searched at the current depth counts with
// its last depth. A root move that leaves a shown piece of the player's
// next to a hidden enemy piece has its score corrected by the beliefs'
// probability that the piece beats it (see exposure; for a piece that
// attacks, with the odds of the guards the opponent is seen to keep
// beside its pieces, see clueGuard). It plays the root
// move of the best score.
//
// An iteration (the unit of Budget.Iterations and Options.Iterations) is
// one node of the search; with an iteration budget and no time the
// search is deterministic for the seed and the view (and the views before
// it in the game, which the beliefs follow). Its time management is that
// of MCTS (see MCTS.Move), the clock read every nodeCheck nodes. It uses
// Options.Workers goroutines, each searching its share of the
// determinizations (see search), and Options.Depth, when set, bounds the
// depth. A Search plays one game at a time, its views in
// order (see Player); a view that does not follow the last one starts its
// beliefs again from what the view shows.
type Search struct {
	opt   Options
	now   func() time.Time
	alarm func(time.Duration) (<-chan time.Time, func() bool) // a timer (time.NewTimer; for tests)
	rng   *rand.Rand                                          // for setups
	bel   *beliefs
	// opponent is the name Meet gave, mem the Memory of the opponents.
	opponent string
	mem      *Memory
	lag      time.Duration
	moves    []stratego.Move

	// w is the worker that searches the moves: a Search of its own,
	// whose fields below hold the state of one move's search (the
	// player's own nodes is the count of its last search that returned
	// before Move did). A timed move's worker runs on a goroutine of its
	// own (see Move); running is closed when it has returned.
	w       *Search
	running chan struct{}
	// aides are the searchers of the workers after the first (see
	// search), and lead the first worker, whose best the workers
	// publish (nil: the searcher itself).
	aides []*Search
	lead  *Search

	// The state of one move's search (of a worker): belCopy is the copy
	// of the player's beliefs that bel points to, best is one more than
	// the index of the best root move found so far (0: none yet), and
	// result is the search's answer.
	belCopy beliefs
	best    atomic.Int32
	result  struct {
		best int
		ok   bool
	}
	ev      *evaluator
	tm      *timer
	last    time.Time
	nodes   int
	reached float64 // the mean depth finished over the states of the last search (for benchmarks)
	checks  int     // calls of stop
	budget  int     // the node budget (0: none)
	aborted bool
	buf     [maxDepth + quiesceDepth + 2][]stratego.Move
	stack   [maxDepth + quiesceDepth + 3]stratego.State // the state at each ply
	scbuf   [maxDepth + quiesceDepth + 2][]float64
	killer  [maxDepth + 2][2]stratego.Move
	history []int32 // per move key
	tt      *ttable // lent for a move's search (see takeTT)
	hidden  []stratego.Square
	flagSq  [2]stratego.Square // the flags in the determinization searched (NoSquare: none)
	// flagShare[sq] is the share (by weight) of the determinizations of
	// a move that hold the enemy's flag on sq, and flagPf the share of
	// the enemy's flag square of the determinization searched (see
	// guessWin); the bar of reckless probes reads flagShare too.
	flagShare [stratego.MaxSquares + 1]float64
	flagPf    float64
	// reckless marks the root moves that are reckless probes (see
	// recklessProbes; nil: none), and barred those of them the search
	// does not play: on a piece that fewer than probeFlagShare of the
	// move's determinizations make the enemy's Flag.
	reckless, barred []bool
	// blind[k][rk] says whether the enemy, in the search, may attack one
	// of the player's pieces whose rank it has not seen with a piece of
	// rank rk: k is 1 for a piece known to have moved, 0 for one not
	// (see blindAttacks).
	blind [2][stratego.NumRanks]bool
	// suspect holds, by square index, the player's pieces that the enemy,
	// in the search, may attack whatever blind says (see suspects).
	suspect [stratego.MaxSquares]stratego.Piece
	states  []stratego.State // the draws of pick, reused
	logw    []float64
	// exposed lists the player's pieces that the root moves expose
	// (see exposure), for the move being searched, and exposedMoves the
	// number of its root moves.
	exposed      []exposed
	exposedMoves int
	tune         tuning
}

// tuning holds the settings that self-play tunes (the constants by
// default).
type tuning struct {
	poolSize             int
	rootMargin           float64
	shown, flagW, open   float64 // the evaluator's weights
	threat               float64 // the scale of its threat term
	chase                float64 // chaseWeight
	narrow               float64 // the root's margin (see narrowRoot); 0: no narrowing
	pursuit              float64 // pursuitWeight
	top                  float64 // the factor on the Marshal's and the General's worth
	hiddenTop            float64 // hiddenTopFactor
	deep                 float64 // deepWeight
	prey                 float64 // preyWeight
	preyHidden           bool    // preyHiddenOnly
	guard                float64 // guardShare
	guess                bool    // a flag taken in the search counts as a guess (see guessWin)
	stillScale, maxStill float64 // the beliefs' (see stillScale)
	spyGeneral           float64 // the beliefs' (see spyGeneralBias)
	spyRisk              float64 // the factor on the Marshal's expected loss in the exposure correction (see correct)
	reduce               int     // late move reductions from this depth to go (see reduceAfter); 0: none
	scale                float64 // points to a reward (see squash): the setting, the move's in a move's worker (see moveScale)
	capHorizon           float64 // plies before a move cap where the points start to shrink (see capFactor); 0: never
	noBeliefs            bool    // uniform draws (for measuring the beliefs)
	noTT                 bool    // no transposition table (for tests)
	ttSameDepth          bool    // the table settles only searches of its entry's depth (for tests)
}

var defaultTuning = tuning{poolSize: poolSize, rootMargin: rootMargin, shown: shownFactor, flagW: flagWeight,
	open: openCost, threat: 1, chase: chaseWeight, pursuit: pursuitWeight, top: topFactor, hiddenTop: hiddenTopFactor, deep: deepWeight, prey: preyWeight, preyHidden: preyHiddenOnly, guard: guardShare, stillScale: stillScale, maxStill: maxStill, spyGeneral: spyGeneralBias, spyRisk: 1, scale: rewardScale, capHorizon: capHorizon, guess: true}

// NewSearch returns a search player with the options o.
func NewSearch(o Options) *Search {
	return &Search{opt: o, now: time.Now, alarm: newAlarm, rng: rand.New(rand.NewPCG(o.Seed, 0xab5)), tune: tuningOf(o.Params)}
}

// newAlarm returns the channel of a timer that fires after d and the
// function that stops it.
func newAlarm(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}

// Setup returns a setup for side c under r from ChooseSetup, or the error
// of r.Validate.
func (p *Search) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	if p.rng == nil {
		return stratego.Setup{}, ErrNotMade
	}
	return ChooseSetup(r, p.rng)
}

// setClock replaces the player's clock (for tests).
func (p *Search) setClock(now func() time.Time) { p.now = now }

// setAlarm replaces the player's timer (for tests).
func (p *Search) setAlarm(alarm func(time.Duration) (<-chan time.Time, func() bool)) {
	p.alarm = alarm
}

// Move searches the view within the budget and returns the move it found
// best. The zero Budget is DefaultTime; Options.Iterations replaces the
// budget's iterations (nodes). The time is kept as by MCTS.Move: the
// search plans to stop at its time less the move overhead and a
// reserve (841ms of a second), earlier on a busy machine, and returns the best move of the
// depths it finished (with none finished, the greedy player's move). When
// ctx is done before Move starts it returns ctx.Err(); when it ends during
// the search, Move returns the best move so far. It fails with ErrNoMove
// when the view lists no legal move.
//
// With a time limit, the draws and the search run on a goroutine of
// their own while Move waits for them until the backstop, halfway between
// the planned stop and the end of the time less the overhead (or until
// ctx is done), and then answers with the best move found so far (the
// greedy move when none): an operating system that keeps the search's
// thread off the processor past the end of its time does not make the
// move late, as long as it gives Move's goroutine a processor when its
// timer fires. The search then stops at its next look at the clock, and
// the next call of Move does not wait for it: a search keeps a copy of
// the beliefs, its own tables and its own list of moves. (Only the making
// of the sampler, which reads the view, is waited for.)
func (p *Search) Move(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error) {
	m, err := p.think(ctx, v, b)
	if err == nil && p.bel != nil {
		p.bel.played(v, m)
	}
	return m, err
}

// Meet tells the player the name of its opponent in the next game (see
// Learner): it starts its beliefs of that game with what its Memory
// learned of the opponent.
func (p *Search) Meet(opponent string) {
	p.opponent = opponent
	p.bel = nil
}

// Learn tells the player its final view of the game (see Learner): it
// adds the ranks it saw on the opponent's setup squares and what the
// steps of the opponent's pieces showed to its Memory (Options.Memory,
// else one of its own), under the name Meet gave.
func (p *Search) Learn(final stratego.View) {
	if p.bel == nil || p.bel.rules != final.Rules() || p.bel.me != final.Player() {
		return
	}
	stayed := p.bel.learn(final)
	if p.bel.model != nil {
		p.memory().add(p.opponent, p.bel.rules, len(p.bel.model.logp), sightings{seen: p.bel.seen[:], moved: p.bel.moved[:], stayed: stayed, mirror: p.bel.model.mirror})
	}
	p.memory().addClues(p.opponent, p.bel.rules, p.bel.found)
	p.bel = nil
}

// memory returns the player's Memory.
func (p *Search) memory() *Memory {
	if p.mem == nil {
		p.mem = p.opt.Memory
		if p.mem == nil {
			p.mem = NewMemory()
		}
	}
	return p.mem
}

// think is Move without the note of the move played.
func (p *Search) think(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error) {
	if err := ctx.Err(); err != nil {
		return stratego.Move{}, err
	}
	if p.rng == nil {
		return stratego.Move{}, ErrNotMade
	}
	p.settle()
	start := p.now()
	if p.bel == nil || p.bel.rules != v.Rules() || p.bel.me != v.Player() {
		p.bel = newBeliefs(v.Rules(), v.Player())
		flipOdds, ok := p.memory().mirrorLogOdds(p.opponent, p.bel.rules)
		p.bel.usePrior(p.memory().logPrior(p.opponent, p.bel.model), flipOdds, ok)
		p.bel.learned = p.memory().clues(p.opponent, p.bel.rules)
		p.bel.setRatios()
		p.bel.stillScale, p.bel.maxStill, p.bel.spyGeneral = p.tune.stillScale, p.tune.maxStill, p.tune.spyGeneral
	}
	p.bel.observe(v)
	p.moves = v.AppendLegalMoves(p.moves[:0])
	moves := p.moves
	reckless := recklessProbes(v, moves)
	switch len(moves) {
	case 0:
		return stratego.Move{}, ErrNoMove
	case 1:
		return moves[0], nil
	}
	limit, iters := b.Time, b.Iterations
	switch {
	case p.opt.Iterations > 0:
		iters = p.opt.Iterations
	case b == (Budget{}) || limit <= 0 && iters <= 0:
		limit, iters = DefaultTime, 0
	}
	w := p.worker()
	w.reckless = reckless
	w.tune.scale = moveScale(p.tune.scale, limit, iters)
	w.tm = newTimer(ctx, p.now, start, limit, p.opt.overhead(), p.lag/2)
	stalled := time.Duration(0) // a gap the search could not see (see below)
	defer func() { p.lag = max(time.Duration(w.tm.lag.Load()), stalled) }()
	w.last, w.nodes, w.budget, w.aborted = start, 0, iters, false
	rng := rand.New(rand.NewPCG(p.opt.Seed, uint64(v.Ply())<<16|uint64(v.Player())<<8|0xab))
	backstop := w.tm.backstop()
	if backstop.IsZero() {
		// No time limit: the search runs here (and stops at its budget
		// or when ctx is done, seen at its looks at the clock).
		w.ready(v)
		w.exposure(v, moves)
		best, ok := 0, false
		if dets := w.pick(v, rng); len(dets) > 0 && !w.tm.expired(&w.last) {
			best, ok = w.search(dets, moves, false)
		}
		p.nodes = w.nodes
		if ok {
			return moves[best], nil
		}
		return greedyPick(v, unbarred(moves, reckless), rng), nil
	}
	// w.last is the look at the clock at the start.
	alarm, stopAlarm := p.alarm(backstop.Sub(w.last))
	defer stopAlarm()
	done, free := make(chan struct{}), make(chan struct{})
	p.running = done
	w.best.Store(0)
	w.result.ok = false
	go func() {
		defer close(done)
		src := w.source(v)
		w.ready(v)
		w.exposure(v, moves)
		close(free) // the view is read no more
		// A look at the clock after the draws: no search when the
		// time is gone.
		if dets := w.draw(src, rng); len(dets) > 0 && !w.tm.expired(&w.last) {
			w.result.best, w.result.ok = w.search(dets, moves, true)
		}
	}()
	select {
	case <-done:
		p.nodes = w.nodes
		if w.result.ok {
			return moves[w.result.best], nil
		}
		return greedyPick(v, unbarred(moves, reckless), rng), nil
	case <-alarm:
	case <-ctx.Done():
	}
	w.tm.abort()
	// The search missed its stop by at least the time from the stop to
	// the backstop: its thread was kept off the processor that long,
	// a gap between looks it could not see, which the next moves keep
	// in hand too.
	stalled = backstop.Sub(w.tm.stop)
	if i := w.best.Load(); i > 0 {
		return moves[i-1], nil
	}
	// The search goroutine still draws with rng: the greedy move gets a
	// stream of its own, once the goroutine no longer reads the view
	// (that is, once it has made its sampler, a short wait).
	<-free
	return greedyPick(v, unbarred(moves, reckless), rand.New(rand.NewPCG(p.opt.Seed, uint64(v.Ply())<<16|uint64(v.Player())<<8|0xac))), nil
}

// unbarred returns the moves that reckless (see recklessProbes) does not
// mark, as a new list (all of them when reckless is nil): the search's
// goroutine may still read moves.
func unbarred(moves []stratego.Move, reckless []bool) []stratego.Move {
	if reckless == nil {
		return moves
	}
	return unmarked(make([]stratego.Move, 0, len(moves)), moves, reckless)
}

// worker returns the worker of the next move, with a copy of the
// player's beliefs.
func (p *Search) worker() *Search {
	if p.w == nil {
		p.w = &Search{}
	}
	w := p.w
	w.opt, w.now, w.tune = p.opt, p.now, p.tune
	w.belCopy = *p.bel
	w.bel = &w.belCopy
	return w
}

// settle forgets the search of the last move, when Move answered before
// it returned: if it has not returned yet (the operating system still
// keeps its thread off the processor), it keeps its worker and the list
// of moves it searches, and the next move gets new ones, so that it need
// not wait.
func (p *Search) settle() {
	if p.running == nil {
		return
	}
	select {
	case <-p.running:
	default:
		p.w, p.moves = nil, nil
	}
	p.running = nil
}

// maxWeighted is the least cap on the set-up table (weightedSize) for
// which a search draws with View.WeightedSampler; the cap grows with the
// move's time or node budget (weightedCap), up to maxWeightedCap.
const maxWeighted = 200000

// The cap of the exact weighted draw's table (see weightedCap):
// weightedShare of the planned search time at weightedCost a number
// (about twice what the set-up takes on an idle core, for a busy one),
// or weightedPerNode numbers a node of the node budget, and never more
// than maxWeightedCap (the root's bound, 2^24, is 128 MiB).
const (
	weightedCost    = 50 * time.Nanosecond
	weightedShare   = 5 // a fifth
	weightedPerNode = 10
	maxWeightedCap  = 1 << 22
)

// weightedCap returns the largest table (weightedSize) that the search
// of a move draws from with View.WeightedSampler: at least maxWeighted,
// more with more time (the planned stop less the start) and a larger
// node budget (the less of the two when the move has both). An exact draw by the beliefs picks states
// that follow them; the alternative, importance resampling of uniform
// draws, is dominated by a handful of draws once thirty pieces are
// hidden, each piece's own weight all but lost in the product.
func (p *Search) weightedCap() int {
	n := maxWeightedCap
	if p.tm != nil && !p.tm.stop.IsZero() {
		n = min(n, int(min(p.tm.stop.Sub(p.last)/weightedCost/weightedShare, maxWeightedCap)))
	}
	if p.budget > 0 {
		n = min(n, p.budget*weightedPerNode)
	}
	return max(n, maxWeighted)
}

// weightedSize is the size of View.WeightedSampler's table for the hidden
// army a: the product over the ranks of one more than the pieces of the
// rank (once it passes limit, a number above limit).
func weightedSize(a stratego.Army, limit int) int {
	n := 1
	for _, c := range a {
		n *= int(c) + 1
		if n > limit {
			return n
		}
	}
	return n
}

// det is one determinization: a state and how often it was picked.
type det struct {
	s    stratego.State
	mult float64
	// risk and base are the exposure correction (see exposure): risk[i]
	// the losses of root move i's exposed pieces that this state
	// holds, base[i] (shared by the states of a move's search) those
	// the beliefs expect; nil when no root move exposes a piece.
	risk, base []float64
	vals       []float64 // the squashed value of each root move at depth depth
	depth      int
}

// ready readies the search's tables for the view v; it reads only the
// view's rules and player.
func (p *Search) ready(v stratego.View) {
	p.ev = newEvaluator(v.Rules(), v.Player())
	p.ev.shown, p.ev.flagW, p.ev.open, p.ev.threatScale, p.ev.chase, p.ev.pursuit, p.ev.top = p.tune.shown, p.tune.flagW, p.tune.open, p.tune.threat, p.tune.chase, p.tune.pursuit, p.tune.top
	p.ev.hiddenTop, p.ev.deep, p.ev.prey, p.ev.preyHidden, p.ev.guard = p.tune.hiddenTop, p.tune.deep, p.tune.prey, p.tune.preyHidden, p.tune.guard
	if p.ev.guard != 0 {
		p.ev.readyGuard(v)
	}
	if p.history == nil {
		p.history = make([]int32, moveKeys)
	}
	clear(p.history)
	p.killer = [maxDepth + 2][2]stratego.Move{}
}

// search runs the search of the determinizations dets (from pick) and
// returns the index of the best root move, false when no depth was
// finished for any state. With publish it stores the best move so far in
// p.best after each state searched (for Move, which may answer before
// search returns). It does not read the view.
//
// With Options.Workers above one it splits the states among that many
// workers (the most likely ones dealt round, so that each has its share
// of the weight), each deepening over its own states with its own tables
// and an equal share of the node budget; each orders its root moves by
// the scores of its own states, so that an iteration budget gives the
// same answer whatever the machine does.
func (p *Search) search(dets []det, moves []stratego.Move, publish bool) (int, bool) {
	if len(dets) > 0 {
		p.blind = blindAttacks(&dets[0].s, p.ev)
		p.suspect = suspects(&dets[0].s, p.ev)
		if p.tune.guess || p.reckless != nil {
			// Read by the guess (see rootValues) and the bar of
			// reckless probes, and only for them.
			p.flagShare = flagShares(dets, p.ev.me)
		}
	}
	p.barred = nil
	if p.reckless != nil && len(dets) > 0 {
		p.barred = make([]bool, len(moves))
		for i, r := range p.reckless {
			p.barred[i] = r && p.flagShare[moves[i].To] < probeFlagShare
		}
	}
	n := min(p.workers(), len(dets))
	p.tt = takeTT(p.tune.noTT)
	defer func() { p.tt.give(); p.tt = nil }()
	if n <= 1 {
		mine := make([]int, len(dets))
		for i := range mine {
			mine[i] = i
		}
		return p.bestOf(dets, moves, p.deepen(dets, mine, moves, publish, nil))
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	finished := make([]bool, n)
	helpers := p.helpers(n - 1)
	// The first worker's fields are read before any worker starts: once
	// started, it writes them (its look at the clock, its budget).
	budget, last := p.budget, p.last
	for k := range n {
		w := p
		if k > 0 {
			w = helpers[k-1]
			w.tm, w.last, w.nodes, w.checks, w.aborted = p.tm, last, 0, 0, false
		}
		if budget > 0 {
			// An equal share; the first worker takes the rest.
			w.budget = budget / n
			if k == 0 {
				w.budget += budget % n
			}
		}
		var mine []int
		for i := k; i < len(dets); i += n {
			mine = append(mine, i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if k > 0 {
				w.tt = takeTT(w.tune.noTT)
				defer func() { w.tt.give(); w.tt = nil }()
			}
			finished[k] = w.deepen(dets, mine, moves, publish, &mu)
		}()
	}
	wg.Wait()
	p.budget = budget
	for _, h := range helpers {
		p.nodes += h.nodes
		p.aborted = p.aborted || h.aborted
	}
	return p.bestOf(dets, moves, slices.Contains(finished, true))
}

// bestOf returns the index of the best root move by the states' scores,
// and done; 0 and false when not done (no depth finished).
func (p *Search) bestOf(dets []det, moves []stratego.Move, done bool) (int, bool) {
	p.reached = 0
	for _, d := range dets {
		p.reached += float64(d.depth) / float64(len(dets))
	}
	if !done {
		return 0, false
	}
	score := make([]float64, len(moves))
	p.scores(dets, score)
	return argmax(score), true
}

// publish stores i as the best root move so far, in the first worker's
// best.
func (p *Search) publish(i int) {
	q := p
	if p.lead != nil {
		q = p.lead
	}
	q.best.Store(int32(i) + 1)
}

// workers returns the number of goroutines of a move's search
// (Options.Workers).
func (p *Search) workers() int {
	switch w := p.opt.Workers; {
	case w < 0:
		return runtime.GOMAXPROCS(0)
	case w == 0:
		return 1
	default:
		return w
	}
}

// helpers returns n searchers for the workers after the first, with the
// evaluator and tables of their own, kept for the next moves.
func (p *Search) helpers(n int) []*Search {
	for len(p.aides) < n {
		p.aides = append(p.aides, &Search{})
	}
	hs := p.aides[:n]
	for _, h := range hs {
		h.opt, h.now, h.tune, h.lead, h.blind, h.suspect, h.flagShare, h.barred = p.opt, p.now, p.tune, p, p.blind, p.suspect, p.flagShare, p.barred
		ev := *p.ev
		h.ev = &ev
		if h.history == nil {
			h.history = make([]int32, moveKeys)
		}
		clear(h.history)
		h.killer = [maxDepth + 2][2]stratego.Move{}
	}
	return hs
}

// deepen is one worker's iterative deepening over the states dets[i] of
// the indices mine; it reports whether it finished a depth of any. With
// mu (several workers), it writes the states' values under mu; with
// publish it stores the best move so far (of every worker's states) in
// the player's best (of the first worker, p when mu is nil).
func (p *Search) deepen(dets []det, mine []int, moves []stratego.Move, publish bool, mu *sync.Mutex) bool {
	top := maxDepth
	if p.opt.Depth > 0 {
		top = min(p.opt.Depth, maxDepth)
	}
	order := make([]int, len(moves))
	for i := range order {
		order[i] = i
	}
	score := make([]float64, len(moves))
	all := make([]float64, len(moves))
	own := make([]det, len(mine))
	var keep []bool // nil: every root move (see narrowRoot)
	done := false
	for depth := 1; depth <= top && !p.aborted; depth++ {
		for j, i := range mine {
			vals := p.rootValues(dets[i].s, moves, order, depth, dets[i].vals, keep)
			if p.aborted {
				break
			}
			if mu != nil {
				mu.Lock()
			}
			dets[i].vals, dets[i].depth = vals, depth
			own[j] = dets[i]
			done = true
			if publish {
				p.scores(dets, all)
				p.publish(argmax(all))
			}
			if mu != nil {
				mu.Unlock()
			}
		}
		// The next depth tries the best moves of its own states first.
		p.scores(own, score)
		sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
		if p.tune.narrow > 0 && depth >= narrowFrom && !p.aborted {
			keep = narrowRoot(keep, score, order, p.tune.narrow)
		}
	}
	return done
}

// narrowFrom is the first depth after which the search narrows its root
// moves (see narrowRoot).
const narrowFrom = 2

// narrowKeep is the fewest root moves narrowRoot keeps.
const narrowKeep = 4

// narrowRoot returns in keep (reused) which root moves the next depth
// searches: those whose score (the weighted average over the states, in
// [-1, 1]) is within margin of the best, and at least the narrowKeep best
// (order sorts the moves by score, best first). A move left out keeps in
// each state the value of its last search, or the least of the moves
// kept when that is less (see rootValues). Each state's search looks at
// every root move (its value counts in the average), so moves that every
// state has found far worse than the best take most of a deeper search's
// nodes; leaving them out gives the moves that matter more depth.
func narrowRoot(keep []bool, score []float64, order []int, margin float64) []bool {
	if keep == nil {
		keep = make([]bool, len(score))
	}
	best := score[order[0]]
	for k, i := range order {
		keep[i] = k < narrowKeep || score[i] >= best-margin
	}
	return keep
}

// argmax returns the index of the first largest score.
func argmax(score []float64) int {
	best := 0
	for i := range score {
		if score[i] > score[best] {
			best = i
		}
	}
	return best
}

// scores sets score to the weighted average over the searched
// determinizations of each root move's value.
//
// With the exposure correction (see exposure), each move's score also
// gains the losses of its exposed pieces that the searched states hold
// and loses those the beliefs expect: the states' share of a rare loss
// (the Spy next to a shown Marshal) is replaced by its probability.
func (p *Search) scores(dets []det, score []float64) {
	clear(score)
	total := 0.0
	var base []float64
	for _, d := range dets {
		if d.vals == nil {
			continue
		}
		total += d.mult
		for i, x := range d.vals {
			score[i] += d.mult * x
		}
		if d.risk != nil {
			base = d.base
			for i, x := range d.risk {
				score[i] += d.mult * x
			}
		}
	}
	if total > 0 {
		for i := range score {
			score[i] /= total
			if base != nil {
				score[i] -= base[i]
			}
		}
	}
}

// pick draws poolDraws states from the view (a tenth of the node budget
// when that is fewer, but at least 8) and picks poolSize of them (at most
// as many as it drew) by the beliefs' weights (systematic resampling),
// merging repeats. When few ranks are hidden (weightedSize at most
// weightedCap: always in Barrage) it draws poolSize states by the
// beliefs exactly (View.WeightedSampler) instead.
func (p *Search) pick(v stratego.View, rng *rand.Rand) []det {
	return p.draw(p.source(v), rng)
}

// drawSource is where pick draws from: the sampler, whether it draws by
// the beliefs exactly, and how many states to draw.
type drawSource struct {
	sm    *stratego.Sampler
	exact bool
	draws int
}

// source returns the sampler of pick's draws from v (a nil sm when v has
// none); it is the part of pick that reads the view (a Sampler keeps a
// copy of what it needs).
func (p *Search) source(v stratego.View) drawSource {
	p.hidden = hiddenSquares(v, p.hidden)
	draws := poolDraws
	if p.budget > 0 {
		// A small node budget gets fewer draws: a tenth of its nodes.
		draws = min(poolDraws, max(8, p.budget/10))
	}
	// Where the exact weighted draw is cheap, the draws follow the
	// beliefs and need no weights of their own.
	if limit := p.weightedCap(); !p.tune.noBeliefs && weightedSize(v.HiddenArmy(), limit) <= limit {
		if sm, err := v.WeightedSampler(func(sq stratego.Square, rk stratego.Rank) float64 {
			return math.Exp(p.bel.logWeight(sq, rk))
		}); err == nil {
			return drawSource{sm, true, min(draws, p.tune.poolSize)}
		}
	}
	sm, err := v.Sampler()
	if err != nil {
		return drawSource{}
	}
	return drawSource{sm, false, draws}
}

// draw makes pick's draws from src (see pick); it does not read the view.
func (p *Search) draw(src drawSource, rng *rand.Rand) []det {
	if src.sm == nil {
		return nil
	}
	sm, exact, draws := src.sm, src.exact, src.draws
	states := p.states[:0]
	logw := p.logw[:0]
	defer func() { p.states, p.logw = states[:0], logw[:0] }()
	states = p.sample(states, sm, rng, draws, 4)
	for _, s := range states {
		if p.tune.noBeliefs || exact {
			logw = append(logw, 0)
		} else {
			logw = append(logw, p.bel.logWeightOf(s, p.hidden))
		}
	}
	if len(states) == 0 {
		return nil
	}
	top := math.Inf(-1)
	for _, w := range logw {
		top = max(top, w)
	}
	beta := temper(logw, top, essShare*float64(min(p.tune.poolSize, len(states))))
	sum := 0.0
	for i, w := range logw {
		logw[i] = math.Exp(beta * (w - top))
		sum += logw[i]
	}
	// Systematic resampling: poolSize evenly spaced points on the
	// cumulative weights, from one random offset.
	count := make([]int, len(states))
	picks := min(p.tune.poolSize, len(states))
	step := sum / float64(picks)
	u := rng.Float64() * step
	acc := 0.0
	j := 0
	for i, w := range logw {
		acc += w
		for j < picks && u+float64(j)*step < acc {
			count[i]++
			j++
		}
	}
	var dets []det
	for i, c := range count {
		if c > 0 {
			dets = append(dets, det{s: states[i], mult: float64(c)})
		}
	}
	sort.SliceStable(dets, func(a, b int) bool { return dets[a].mult > dets[b].mult })
	if len(p.exposed) > 0 {
		if exact {
			// The picks are the draws; more draws for the probabilities.
			states, logw = p.sample(states[:0], sm, rng, exposureDraws, 16), logw[:0]
			for range states {
				logw = append(logw, 1)
			}
		}
		p.correct(dets, states, logw)
	}
	return dets
}

// sample appends to states up to n states drawn from sm with rng,
// looking at the clock before every every-th draw after the first: it
// stops early when the time is up or the sampler fails.
func (p *Search) sample(states []stratego.State, sm *stratego.Sampler, rng *rand.Rand, n, every int) []stratego.State {
	for i := range n {
		if i%every == 0 && i > 0 && p.tm.expired(&p.last) {
			break
		}
		s, err := sm.Sample(rng)
		if err != nil {
			break
		}
		states = append(states, s)
	}
	return states
}

// exposureDraws is how many states an exact draw adds for the
// probabilities of the exposure correction (see exposure).
const exposureDraws = 256

// exposureFloor is the least worth (baseValue) of a piece of the player's
// whose exposure the search corrects.
const exposureFloor = 50

// exposed is one piece of the player's that a root move leaves next to a
// hidden enemy piece: the root move, the enemy piece's square, the
// player's piece's rank, and its loss (a squashed worth).
type exposed struct {
	move    int
	sq      stratego.Square
	rank    stratego.Rank
	loss    float64
	capture bool // the piece attacks with the root move (see correct)
}

// exposure lists in p.exposed the pieces of the player's, worth at least
// exposureFloor, whose ranks the enemy knows, that each root move leaves
// next to a hidden enemy piece (the piece that moves, on its new square
// even when it attacks, and those that stay), and the hidden piece that
// attacks, whose rank the combat shows, for the exposure correction of
// scores.
// The enemy takes such a piece in the states where the hidden piece
// beats it, which a few dozen states sample badly: a piece the beliefs
// give the Spy one time in twenty-five holds it in no state or in a
// whole state's share, and the move whose states happened to hold none
// looks best. The correction puts the beliefs' probability in place of
// the states' share, both weighed by the piece's loss, tanh of its
// shown worth over the move's scale (see moveScale), times the part of
// its points the position keeps near a move cap (see capFactor).
func (p *Search) exposure(v stratego.View, moves []stratego.Move) {
	p.exposed, p.exposedMoves = p.exposed[:0], len(moves)
	if p.tune.noBeliefs {
		return
	}
	me := v.Player()
	h := v.Hidden()
	var own []stratego.Square
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		if pc, ok := v.At(sq); ok && pc.Color() == me && pc.Rank().Movable() && baseValue[pc.Rank()] >= exposureFloor && v.Knowledge(sq)&stratego.KnownRank != 0 {
			own = append(own, sq)
		}
	}
	b := v.Board()
	cf := p.capFactor(v.Ply()+1, v.PliesWithoutAttack()+1)
	expose := func(i int, at stratego.Square, rk stratego.Rank, to stratego.Square, capture bool) {
		loss := cf * math.Tanh(baseValue[rk]*p.ev.topOf(rk)*p.ev.shown/p.tune.scale)
		for _, n := range p.ev.next[at] {
			if n == stratego.NoSquare {
				break
			}
			if h.Has(n) && n != to {
				p.exposed = append(p.exposed, exposed{i, n, rk, loss, capture})
			}
		}
	}
	for i, m := range moves {
		if m.IsRescue() || m.From == stratego.NoSquare {
			continue
		}
		d := b.At(m.To)
		attack := d != 0 && d.Color() != me
		shown := false
		for _, sq := range own {
			at := sq
			if sq == m.From {
				// An attacker that wins stands on the square it took.
				at, shown = m.To, true
			}
			expose(i, at, b.At(sq).Rank(), m.To, sq == m.From && attack)
		}
		if attack && !shown {
			// A hidden attacker shows its rank in the combat.
			if rk := b.At(m.From).Rank(); rk.Movable() && baseValue[rk] >= exposureFloor {
				expose(i, m.To, rk, m.To, true)
			}
		}
	}
}

// correct sets the exposure correction of the states dets (see
// exposure), the beliefs' probabilities taken from the states states
// weighed by w. For a piece that attacks, the odds that a hidden piece
// beside the one it attacks beats it are the beliefs' times the learned
// ratio of clueGuard: the enemy guards its pieces, and the beliefs hold
// that of a piece only once the player has attacked beside it.
func (p *Search) correct(dets []det, states []stratego.State, w []float64) {
	n := len(p.exposed)
	if n == 0 || len(dets) == 0 {
		return
	}
	beats := func(s *stratego.State, e exposed) bool {
		pc, ok := s.At(e.sq)
		return ok && pc.Rank().Movable() && p.ev.fight[pc.Rank()][e.rank] == stratego.AttackerWins
	}
	moves := p.exposedMoves
	base := make([]float64, moves)
	guard := 1.0
	if p.bel != nil {
		guard = math.Exp(p.bel.ratio[clueGuard])
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	if total <= 0 {
		return
	}
	for _, e := range p.exposed {
		prob := 0.0
		for k := range states {
			if beats(&states[k], e) {
				prob += w[k]
			}
		}
		q := prob / total
		if e.capture && guard != 1 && q < 1 {
			// The enemy guards its pieces: the odds that a hidden piece
			// next to the one taken beats the taker are the learned
			// ratio of clueGuard times the beliefs'.
			o := guard * q / (1 - q)
			q = o / (1 + o)
		}
		loss := e.loss
		if e.rank == stratego.Marshal {
			// The Spy takes it when it attacks (and the enemy's
			// Marshal where the attacker wins ties).
			loss *= p.tune.spyRisk
		}
		base[e.move] += loss * q
	}
	for d := range dets {
		risk := make([]float64, moves)
		for _, e := range p.exposed {
			if beats(&dets[d].s, e) {
				risk[e.move] += e.loss
			}
		}
		dets[d].risk, dets[d].base = risk, base
	}
}

// essShare is the least effective sample size of importance resampling,
// as a share of the states picked (see temper).
const essShare = 0.5

// temper returns the exponent β in (0, 1] of the importance weights
// exp(β·(logw[i] − top)) (top the largest logw) that gives an effective
// sample size, (Σw)² / Σw², of at least ess: 1 when the weights give it
// as they are, else the largest β found by bisection that does. With
// thirty hidden pieces weighed by the setup prior, a few uniform draws
// carry nearly all the weight, and the search would look at a few
// determinizations only; tempered weights keep the draws the beliefs
// favour first, and enough of them.
func temper(logw []float64, top, ess float64) float64 {
	size := func(beta float64) float64 {
		s, s2 := 0.0, 0.0
		for _, w := range logw {
			x := math.Exp(beta * (w - top))
			s += x
			s2 += x * x
		}
		return s * s / s2
	}
	if size(1) >= ess {
		return 1
	}
	lo, hi := 0.0, 1.0 // size(lo) >= ess > size(hi)
	for range 12 {
		mid := (lo + hi) / 2
		if size(mid) >= ess {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// rootValues searches the root moves in the state s to depth plies and
// returns each one's squashed value for the player; nil when the search
// was stopped. With keep (see narrowRoot), a move it does not keep gets
// its value in prev, the state's values of the last depth, but no more
// than the least value of the moves it keeps.
func (p *Search) rootValues(s stratego.State, moves []stratego.Move, order []int, depth int, prev []float64, keep []bool) []float64 {
	p.flagSq = [2]stratego.Square{}
	for sq, pc := range s.Board().All() {
		if pc.Rank() == stratego.Flag {
			p.flagSq[side(pc.Color())] = sq
		}
	}
	p.flagPf = 1
	if f := p.flagSq[1-side(p.ev.me)]; p.tune.guess && f != stratego.NoSquare {
		p.flagPf = p.flagShare[f]
	}
	vals := make([]float64, len(moves))
	best := math.Inf(-1)
	kh := knowHash(&s)
	c := &p.stack[1]
	narrowed := keep != nil && prev != nil
	for _, i := range order {
		if p.barred != nil && p.barred[i] {
			vals[i] = barredValue
			continue
		}
		if narrowed && !keep[i] {
			vals[i] = prev[i]
			continue
		}
		*c = s
		if _, err := c.Play(moves[i]); err != nil {
			vals[i] = -1 - 2*winTie // below any loss
			continue
		}
		p.nodes++
		alpha := math.Inf(-1)
		if !math.IsInf(best, -1) && math.Abs(best) < winPoints/2 {
			alpha = best - p.tune.rootMargin
		}
		x := -p.negamax(c, kh^knowDelta(&s, c, moves[i]), depth-1, 1, math.Inf(-1), -alpha)
		if p.aborted {
			return nil
		}
		best = max(best, x)
		vals[i] = squash(x, p.tune.scale)
	}
	if narrowed {
		// A move left out keeps a value of a shallower search, which may
		// stand above the values the deeper search finds for the moves
		// kept: it counts at most as the worst of them, so that it never
		// wins over a move searched deeper.
		lo := math.Inf(1)
		for i, k := range keep {
			if k {
				lo = min(lo, vals[i])
			}
		}
		for i, k := range keep {
			if !k {
				vals[i] = min(vals[i], lo)
			}
		}
	}
	return vals
}

// The reward scale of a move follows its budget (see moveScale): a
// search of steepNodes nodes or fewer squashes its points by evalScale,
// one of flatNodes or more by the setting scale, one between by a scale
// between the two, geometric in the nodes. A time limit counts as
// nominalRate nodes a second (a core of an idle machine searches about
// 600,000, a loaded one less), so that the scale follows the time the
// move is given and not the load of the machine.
//
// A flat scale fits the ends of recorded games (a scale of 290 to 470),
// scored 61% and 52% against the steep one in self-play at 20,000 and
// 100,000 nodes a move and won more games against DOI at 200,000 nodes
// and at 1 s; at 4,000 nodes (a search of one or two plies) the steep
// one won more games against MCTS, 23 of 24 against 18 (docs/strength.md,
// "A reward scale that follows the budget").
const (
	steepNodes  = 4000
	flatNodes   = 20000
	nominalRate = 200000
)

// nodesTime is the time limit that moveScale counts as n nodes.
func nodesTime(n int) time.Duration { return time.Duration(n) * time.Second / nominalRate }

// moveScale returns the reward scale of a move's search with the time
// limit limit (0: none) and the node budget iters (0: none), for the
// setting scale.
func moveScale(scale float64, limit time.Duration, iters int) float64 {
	nodes := math.Inf(1)
	if iters > 0 {
		nodes = float64(iters)
	}
	if limit > 0 {
		nodes = min(nodes, limit.Seconds()*nominalRate)
	}
	switch {
	case nodes <= steepNodes:
		return evalScale
	case nodes >= flatNodes:
		return scale
	}
	f := math.Log(nodes/steepNodes) / math.Log(flatNodes/steepNodes)
	return evalScale * math.Pow(scale/evalScale, f)
}

// barredValue is the value of a root move the search does not play (see
// Search.barred), below any other (a loss is -1 and a little less, an
// exposure correction takes off less than 1).
const barredValue = -10

// winTie is how far above 1 the reward of a won game is (below -1 a
// lost one's), most for the soonest win (the latest loss): the root
// tells a win now from a win the search finds later, which may rest on
// the moves it supposes of the enemy (see blindAttacks), and from a lead
// so large that its tanh rounds to 1.
const winTie = 1e-3

// squash turns a value in points into a reward, tanh of the points over
// scale (the move's, see moveScale) in (-1, 1), or for a won or lost
// game 1 or -1 and up to winTie more, by how soon (see winTie).
func squash(x, scale float64) float64 {
	switch {
	case x >= winPoints/2:
		return 1 + winTie*(2*x/winPoints-1)
	case x <= -winPoints/2:
		return -1 + winTie*(2*x/winPoints+1)
	}
	return math.Tanh(x / scale)
}

// stop reports whether the search must stop now, looking at the clock
// at every nodeCheck-th call (about as often: every node calls it once or
// twice).
func (p *Search) stop() bool {
	if p.aborted {
		return true
	}
	p.checks++
	if p.budget > 0 && p.nodes >= p.budget || p.checks%nodeCheck == 0 && p.tm.expired(&p.last) {
		p.aborted = true
	}
	return p.aborted
}

// value is the evaluation of s for its side to move, in points.
func (p *Search) value(s *stratego.State) float64 {
	b, k := s.Squares()
	return p.valueOn(s.Turn(), &b, &k) * p.capFactor(s.Ply(), s.PliesWithoutAttack())
}

// capFactor returns the part of its evaluation's points that a state at
// ply ply, after quiet plies without an attack, keeps for the nearness
// of a move cap of its rules: 1 while more than the setting cap
// (capHorizon plies; half the cap's length for a shorter cap) remain
// before the cap draws the game, then shrinking linearly to 0 at the
// cap. A game at the cap is a draw whatever the material says,
// so a lead that the player cannot turn into a win before it is worth
// nothing: near the cap a gamble on a win (an attack on a piece that may
// be the Flag) counts for more than a lead kept, and a side behind
// values its deficit less. A cap of plies without an attack
// (Rules.MaxPliesWithoutAttack) counts from the state's last attack, so
// that an attack, which restarts it, restores the points.
func (p *Search) capFactor(ply, quiet int) float64 {
	h := p.tune.capHorizon
	if h <= 0 {
		return 1
	}
	r := &p.ev.rules
	f := 1.0
	if r.MaxPlies > 0 {
		f = min(f, capShare(r.MaxPlies-ply, r.MaxPlies, h))
	}
	if r.MaxPliesWithoutAttack > 0 {
		f = min(f, capShare(r.MaxPliesWithoutAttack-quiet, r.MaxPliesWithoutAttack, h))
	}
	return f
}

// capShare returns the share of capFactor for left plies before a cap of
// length plies, for the horizon h.
func capShare(left, length int, h float64) float64 {
	h = min(h, float64(length)/2)
	if x := float64(left); x < h {
		return max(x, 0) / h
	}
	return 1
}

// valueOn is value for the board b and knowledge k of a state
// (State.Squares) whose side to move is turn.
func (p *Search) valueOn(turn stratego.Color, b *stratego.Board, k *stratego.KnowledgeBoard) float64 {
	x := p.ev.searchPointsOn(b, k)
	if turn != p.ev.me {
		return -x
	}
	return x
}

// over returns the score of a finished game for the side to move at ply
// ply of the search.
func over(s *stratego.State, ply int) float64 {
	o := s.Outcome()
	switch o.Winner {
	case s.Turn():
		return winPoints - float64(ply)
	case stratego.NoColor:
		return 0
	}
	return -winPoints + float64(ply)
}

// flagSure is the share of the determinizations holding the enemy's
// flag on one square from which a flag taken there counts as a win (see
// guessWin).
const flagSure = 0.999

// flagShares returns, by square, the share of the states dets (by their
// weights) that hold the enemy of me's flag there.
func flagShares(dets []det, me stratego.Color) (t [stratego.MaxSquares + 1]float64) {
	total := 0.0
	for _, d := range dets {
		b := d.s.Board()
		if sq := flagSquare(&b, me.Opponent()); sq != stratego.NoSquare {
			t[sq] += d.mult
			total += d.mult
		}
	}
	if total > 0 {
		for i := range t {
			t[i] /= total
		}
	}
	return t
}

// over returns the score of a finished game for the side to move at ply
// ply of the search, as the function over does, but for a game the
// player won by taking the enemy's flag with a move after the root's: a
// guess (see guessWin).
func (p *Search) over(s *stratego.State, ply int) float64 {
	o := s.Outcome()
	if ply > 1 && o.Winner == p.ev.me && o.Reason == stratego.FlagCaptured && p.flagPf < flagSure {
		// The enemy is to move: the value for it of the player's guess,
		// the position as it stands the player's other outcome.
		return -p.guessWin(-p.value(s))
	}
	return over(s, ply)
}

// guessWin returns the player's value, in points, of a move after the
// root's that takes the enemy's flag in the determinization searched,
// or stands next to it at the end of the search: the share flagPf of the
// determinizations that hold the flag on that square wins, the rest
// comes out as alt (the player's points without the win), mixed as
// rewards (see squash) and turned back into points.
//
// Each determinization knows where the enemy's flag is, and a line that
// takes it is a win in that one; over the determinizations the search
// would then find a win wherever the flag stands in each, where the
// player, who does not know, must choose one square to attack (strategy
// fusion). A move's root value already weighs a flag taken by the root
// move itself by the share of the determinizations that hold it there:
// that one counts in full.
func (p *Search) guessWin(alt float64) float64 {
	scale := p.tune.scale
	r := p.flagPf + (1-p.flagPf)*math.Tanh(alt/scale)
	return min(scale*math.Atanh(min(r, 1-1e-12)), winPoints/2-1)
}

// negamax searches s to depth plies (then the captures) and returns its
// value for the side to move, within the window (alpha, beta); kh is the
// hash of what each side has seen of the other's pieces in s (see
// knowHash), for the transposition table.
func (p *Search) negamax(s *stratego.State, kh uint64, depth, ply int, alpha, beta float64) float64 {
	if p.stop() {
		return 0
	}
	if s.Outcome().IsOver() {
		return p.over(s, ply)
	}
	if depth <= 0 {
		return p.quiesce(s, quiesceDepth, ply, alpha, beta)
	}
	// The table keeps the nodes of ttMinDepth plies or more: the many
	// shallower ones cost little to search again and would crowd out,
	// among the determinizations searched between two depths of one,
	// the entries the next depth needs.
	var tk uint64
	var hint stratego.Move
	if depth >= ttMinDepth {
		tk = ttKey(s, kh)
		if e := p.tt.probe(tk); e != nil {
			if x, ok := e.cut(depth, ply, alpha, beta); ok && (!p.tune.ttSameDepth || int(e.depth) == depth) {
				return x
			}
			hint = e.move
		}
	}
	moves := s.AppendLegalMoves(p.buf[ply][:0])
	p.buf[ply] = moves
	if len(moves) == 0 {
		return p.value(s)
	}
	b := s.Board()
	if s.Turn() != p.ev.me {
		moves = p.blindFilter(s, &b, moves)
	}
	p.order(&b, moves, ply)
	if hint != (stratego.Move{}) {
		first(moves, hint)
	}
	alpha0 := alpha
	best := math.Inf(-1)
	var bestMove stratego.Move
	c := &p.stack[ply+1]
	reduce := p.tune.reduce > 0 && depth >= p.tune.reduce
	k := p.killer[min(ply, maxDepth+1)]
	for i, m := range moves {
		*c = *s
		if _, err := c.Play(m); err != nil {
			continue
		}
		p.nodes++
		ckh := kh
		if depth-1 >= ttMinDepth {
			ckh ^= knowDelta(s, c, m)
		}
		var x float64
		if reduce && i >= reduceAfter && m != hint && m != k[0] && m != k[1] && !m.IsRescue() && b.At(m.To) == 0 {
			x = -p.negamax(c, ckh, depth-2, ply+1, -beta, -alpha)
			if x > alpha && !p.aborted {
				x = -p.negamax(c, ckh, depth-1, ply+1, -beta, -alpha)
			}
		} else {
			x = -p.negamax(c, ckh, depth-1, ply+1, -beta, -alpha)
		}
		if p.aborted {
			return 0
		}
		if x > best {
			best, bestMove = x, m
		}
		if x > alpha {
			alpha = x
		}
		if alpha >= beta {
			if !isAttack(&b, m) {
				k := &p.killer[min(ply, maxDepth+1)]
				if k[0] != m {
					k[1], k[0] = k[0], m
				}
				p.history[key(m)] += int32(depth * depth)
			}
			break
		}
	}
	if depth >= ttMinDepth && !math.IsInf(best, -1) {
		p.tt.store(tk, depth, ply, best, alpha0, beta, bestMove)
	}
	return best
}

// quiesce searches the captures that do not lose the attacker, depth
// plies at most, standing pat on the evaluation.
func (p *Search) quiesce(s *stratego.State, depth, ply int, alpha, beta float64) float64 {
	b, k := s.Squares()
	turn := s.Turn()
	stand := p.valueOn(turn, &b, &k) * p.capFactor(s.Ply(), s.PliesWithoutAttack())
	if p.flagAttacked(turn, &b) {
		// Standing pat would let the enemy take the flag next: only a
		// capture (of the attacker) can save it. The player's flag is
		// lost; the enemy's, taken next by a move the player chooses
		// in the search, is a guess (see guessWin).
		if turn != p.ev.me && p.flagPf < flagSure {
			stand = -p.guessWin(-stand)
		} else {
			stand = -winPoints + float64(ply+1)
		}
	}
	if depth <= 0 || stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	moves := s.AppendLegalMoves(p.buf[ply][:0])
	p.buf[ply] = moves
	n := 0
	for _, m := range moves {
		if m.IsRescue() {
			continue
		}
		d := b.At(m.To)
		if d == 0 {
			continue
		}
		if turn != p.ev.me && d.Color() == p.ev.me && p.blindAt(m.To, d, k.At(m.To)) {
			// The enemy cannot see the rank: it attacks as its
			// expectation says (see blindAttacks).
			if !p.blindMay(b.At(m.From).Rank(), k.At(m.To)) {
				continue
			}
		} else if p.ev.fight[b.At(m.From).Rank()][d.Rank()] == stratego.DefenderWins {
			continue
		}
		moves[n] = m
		n++
	}
	moves = moves[:n]
	p.orderCaptures(&b, moves, ply)
	best := stand
	c := &p.stack[ply+1]
	for _, m := range moves {
		if p.stop() {
			return 0
		}
		*c = *s
		if _, err := c.Play(m); err != nil {
			continue
		}
		p.nodes++
		var x float64
		if c.Outcome().IsOver() {
			x = -p.over(c, ply+1)
		} else {
			x = -p.quiesce(c, depth-1, ply+1, -beta, -alpha)
		}
		if p.aborted {
			return 0
		}
		best = max(best, x)
		alpha = max(alpha, x)
		if alpha >= beta {
			break
		}
	}
	return best
}

// flagAttacked reports whether the enemy of me, the side to move on the
// board b, could take its flag with its next move: a movable enemy piece
// next to it, or an enemy Scout in line with it with nothing between,
// where Scouts strike at the end of a slide.
func (p *Search) flagAttacked(me stratego.Color, b *stratego.Board) bool {
	f := p.flagSq[side(me)]
	if f == stratego.NoSquare {
		return false
	}
	strike := p.ev.rules.Scouts == stratego.ScoutMoveAndStrike
	enemy := me.Opponent()
	for _, d := range [...]stratego.Direction{stratego.Up, stratego.Right, stratego.Down, stratego.Left} {
		for k := 1; ; k++ {
			q := f.Step(d, k)
			if !p.ev.playable.Has(q) {
				break
			}
			pc := b.At(q)
			if pc == 0 {
				if !strike {
					break
				}
				continue
			}
			if pc.Color() == enemy && (k == 1 && pc.Rank().Movable() || pc.Rank() == stratego.Scout) {
				return true
			}
			break
		}
	}
	return false
}

// blindAttacks returns the search's blind table for the state s of the
// evaluator's player (see Search.blind): in every determinization the
// enemy would know the ranks of the player's pieces, and so attack only
// the ones it beats and never a hidden Marshal with a General, an
// enemy no real opponent is; in the search it attacks a piece whose rank
// it has not seen only with the ranks whose attack gains in expectation
// over the player's pieces of that kind (moved or not) whose ranks it
// has not seen, each as likely, the values of baseValue (the Flag
// counted as a Marshal), and whatever stands next to its flag. Which moves the enemy considers is all that
// changes: a combat that is played ends as the ranks say.
func blindAttacks(s *stratego.State, ev *evaluator) (t [2][stratego.NumRanks]bool) {
	var army [2][stratego.NumRanks]int
	for sq, pc := range s.Board().All() {
		if pc.Color() != ev.me {
			continue
		}
		k := s.Knowledge(sq)
		if seen(k) {
			continue
		}
		moved := 0
		if k&stratego.KnownMoved != 0 {
			moved = 1
		}
		army[moved][pc.Rank()]++
	}
	for moved := range 2 {
		n := 0
		for _, c := range army[moved] {
			n += c
		}
		if n == 0 {
			continue
		}
		for a := stratego.Spy; a <= stratego.Marshal; a++ {
			gain := 0.0
			for r, c := range army[moved] {
				if c == 0 {
					continue
				}
				worth := baseValue[r]
				if stratego.Rank(r) == stratego.Flag {
					worth = baseValue[stratego.Marshal]
				}
				switch ev.fight[a][r] {
				case stratego.AttackerWins:
					gain += float64(c) * worth
				case stratego.BothRemoved:
					gain += float64(c) * (worth - baseValue[a])
				default:
					gain -= float64(c) * baseValue[a]
				}
			}
			t[moved][a] = gain >= 0
		}
	}
	return t
}

// suspects returns, by square index, the player's pieces in s that the
// enemy may attack in the search whatever blindAttacks says: the hidden
// pieces that have moved and stand next to a piece of the enemy's whose
// rank it has shown. Such a piece has just stepped next to that piece or
// stood next to it without taking it, which tells the enemy it is likely
// weaker: in 20 games under the ISF rules against DOI, when one of DOI's
// shown pieces stepped next to a hidden moved piece of search's that it
// beat and search left the piece where it stood, DOI took it 96 times in
// 150 (and search moved it away in 210 others), where blindAttacks,
// judging by the whole hidden army, often refused the attack. Unmoved pieces
// (which may be Bombs) keep blindAttacks's judgement.
func suspects(s *stratego.State, ev *evaluator) (t [stratego.MaxSquares]stratego.Piece) {
	b, kb := s.Squares()
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		pc := b.At(sq)
		if pc == 0 || pc.Color() != ev.me {
			continue
		}
		if k := kb.At(sq); seen(k) || k&stratego.KnownMoved == 0 {
			continue
		}
		for _, n := range ev.next.of(sq) {
			if e := b.At(n); e != 0 && e.Color() != ev.me && kb.At(n)&stratego.KnownRank != 0 {
				t[i] = pc
				break
			}
		}
	}
	return t
}

// seen reports whether the knowledge k tells the enemy the rank of a
// piece of the player's: shown, or a Scout's far move (where Captains move
// two squares, a far move tells one of two ranks: counted as seen).
func seen(k stratego.Knowledge) bool {
	return k&(stratego.KnownRank|stratego.KnownFar) != 0
}

// blindMay reports whether the enemy, in the search, may attack with a
// piece of rank a a piece of the player's whose rank it has not seen and
// whose knowledge is k.
func (p *Search) blindMay(a stratego.Rank, k stratego.Knowledge) bool {
	moved := 0
	if k&stratego.KnownMoved != 0 {
		moved = 1
	}
	return p.blind[moved][a]
}

// nearFlag reports whether sq is next to the enemy's flag in the
// determinization searched: the enemy attacks whatever stands there.
func (p *Search) nearFlag(sq stratego.Square) bool {
	f := p.flagSq[1-side(p.ev.me)]
	return f != stratego.NoSquare && manhattan[f][sq] == 1
}

// blindAt reports whether the enemy, in the search, judges an attack on
// the player's piece d on sq, whose knowledge is k, by blindMay: the enemy
// has not seen its rank, and d stands neither next to the enemy's flag nor
// among the suspects.
func (p *Search) blindAt(sq stratego.Square, d stratego.Piece, k stratego.Knowledge) bool {
	return !seen(k) && !p.nearFlag(sq) && p.suspect[sq.Index()] != d
}

// blindFilter removes from the enemy's moves in s (on the board b) the
// attacks that blindMay refuses on the player's pieces that blindAt
// leaves to it (ranks unseen, neither next to the enemy's flag nor
// suspects), unless that would leave no move.
func (p *Search) blindFilter(s *stratego.State, b *stratego.Board, moves []stratego.Move) []stratego.Move {
	n := 0
	for _, m := range moves {
		if !m.IsRescue() {
			if d := b.At(m.To); d != 0 && d.Color() == p.ev.me {
				if k := s.Knowledge(m.To); p.blindAt(m.To, d, k) && !p.blindMay(b.At(m.From).Rank(), k) {
					continue
				}
			}
		}
		moves[n] = m
		n++
	}
	if n == 0 {
		return moves
	}
	return moves[:n]
}

// isAttack reports whether m attacks a piece on the board b.
func isAttack(b *stratego.Board, m stratego.Move) bool {
	return !m.IsRescue() && b.At(m.To) != 0
}

// gain is the ordering score of an attack on the board b: the victim's
// value when the attacker wins, the difference when both fall, the loss
// when it loses.
func (p *Search) gain(b *stratego.Board, m stratego.Move) float64 {
	a, d := b.At(m.From), b.At(m.To)
	switch p.ev.fight[a.Rank()][d.Rank()] {
	case stratego.AttackerWins:
		if d.Rank() == stratego.Flag {
			return 10 * winPoints
		}
		return 1000 + baseValue[d.Rank()]*8 - baseValue[a.Rank()]/8
	case stratego.BothRemoved:
		return 500 + baseValue[d.Rank()] - baseValue[a.Rank()]
	}
	return -1000 - baseValue[a.Rank()]
}

// order sorts moves on the board b for the search at ply: winning attacks
// first (the most valuable victim first), then the killer moves, then
// quiet moves by the history heuristic, then losing attacks.
func (p *Search) order(b *stratego.Board, moves []stratego.Move, ply int) {
	k := p.killer[min(ply, maxDepth+1)]
	sc := p.orderScores(ply, len(moves))
	for i, m := range moves {
		switch {
		case m.IsRescue():
			sc[i] = 900 + baseValue[m.Rescue]
		case isAttack(b, m):
			sc[i] = p.gain(b, m)
		case m == k[0]:
			sc[i] = 800
		case m == k[1]:
			sc[i] = 700
		default:
			sc[i] = float64(min(p.history[key(m)], 600))
		}
	}
	sortByScore(moves, sc)
}

// orderCaptures sorts attacks on the board b by gain.
func (p *Search) orderCaptures(b *stratego.Board, moves []stratego.Move, ply int) {
	sc := p.orderScores(ply, len(moves))
	for i, m := range moves {
		sc[i] = p.gain(b, m)
	}
	sortByScore(moves, sc)
}

// orderScores returns the score buffer of ply, n long.
func (p *Search) orderScores(ply, n int) []float64 {
	if cap(p.scbuf[ply]) < n {
		p.scbuf[ply] = make([]float64, n)
	}
	return p.scbuf[ply][:n]
}

// sortByScore sorts moves by sc, highest first (insertion sort: the lists
// are short).
func sortByScore(moves []stratego.Move, sc []float64) {
	for i := 1; i < len(moves); i++ {
		m, x := moves[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < x; j-- {
			moves[j], sc[j] = moves[j-1], sc[j-1]
		}
		moves[j], sc[j] = m, x
	}
}
