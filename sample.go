package stratego

import (
	"math/rand/v2"
)

// sampleTries bounds the redraws of [View.Sample] (see there).
const sampleTries = 1000

// Sample returns a full State, drawn with rng (nil draws from the global
// source of math/rand/v2), that agrees with everything v shows: its view
// for v's player equals v and its legal moves are the real ones. In a
// game from [New] every agreeing assignment of hidden ranks is equally
// likely; the section "Sampling" of the package doc says what a draw
// keeps and how it is drawn. Each call does the set-up of [View.Sampler]
// anew; a program drawing many states from one view should make a
// Sampler once. The error wraps [ErrInvalid] for the zero View and a
// spectator's view ([State.SpectatorView]), a
// [RulesError] for bad rules, and [ErrInconsistentView] when no state
// agrees with v (or none of 1000 draws matched its legal moves and
// outcome, or none of 10000 in a row its silent-defense marks).
func (v View) Sample(rng *rand.Rand) (State, error) {
	// The sampler lives only for this call, so it may share v's lists.
	sm, _, err := v.sampler()
	if err != nil {
		return State{}, err
	}
	return sm.Sample(rng)
}

// Sampler draws states for one view, as [View.Sample] does, having done
// the work that does not depend on the draw once: for a program that
// draws many states from one view (determinization in a search). A
// Sampler is safe for concurrent use, each goroutine with its own rng.
// The states it returns share their immutable game record. A Sampler
// keeps its own copy of the view, so later changes to the View it was
// made from (a [State.ViewInto] into it) do not change its draws.
type Sampler struct {
	v    View
	sp   sampler
	base State // an empty state of the game, copied by each draw
	// moves is set when the More-Squares Rule may make the legal moves
	// depend on the drawn ranks, so that draws must be checked.
	moves bool
	wd    *weightedDraw   // the weighted draw of View.WeightedSampler, or nil
	tm    *sampleTemplate // the state every draw starts from (sample_fast.go)
}

// Sampler returns a Sampler for v. It fails as [View.Sample] does when
// no state agrees with v.
func (v View) Sampler() (*Sampler, error) {
	// The legal moves of v are those of its position: views come from
	// State.View or from the decoders, which check them (View.checkMoves).
	sm, _, err := v.sampler()
	if err != nil {
		return nil, err
	}
	// The Sampler the caller keeps owns a copy of the view's lists: the
	// program may reuse v's storage ([State.ViewInto]) while it draws.
	sm.v = sm.v.clone()
	return sm, nil
}

// sampler makes the Sampler for v and returns it with its first draw,
// whose view but for the legal moves is v. The Sampler shares v's lists
// (no part of it keeps them but its view).
func (v View) sampler() (*Sampler, State, error) {
	if !v.IsValid() {
		return nil, State{}, errZeroView
	}
	if !v.pos.Viewer.IsValid() {
		return nil, State{}, errSpectatorView
	}
	p := &v.pos
	if err := p.Rules.Validate(); err != nil {
		return nil, State{}, err
	}
	sm := &Sampler{v: v} // shares v's lists; see Sampler

	if err := sm.sp.init(&sm.v); err != nil {
		return nil, State{}, err
	}
	base, err := newState(p.Rules, &Board{}, p.Turn)
	if err != nil {
		return nil, State{}, err
	}
	// The pieces of each side, on the board and captured, get the ids
	// Position.place gives them.
	if !p.setIDs(base.g) {
		return nil, State{}, ErrInconsistentView
	}
	sm.base = base
	sm.moves = p.Turn == p.Viewer && p.Rules.MoreSquares != MoreSquaresOff && p.chase(p.Viewer).Move.From != NoSquare
	// One draw checks what every draw shares: the view of the built
	// state, but for the legal moves, depends only on what v shows (the
	// property that views do not leak), so it holds for all draws if it
	// holds for one.
	var full Board
	if err := sm.sp.draw(&sm.v, rand.New(rand.NewPCG(1, 2)), &full); err != nil {
		return nil, State{}, err
	}
	s, err := sm.v.build(base, &full)
	if err != nil {
		return nil, State{}, err
	}
	if w := s.View(p.Viewer); !w.pos.equal(p) || w.last != v.last {
		return nil, State{}, ErrInconsistentView
	}
	sm.tm = newSampleTemplate(&sm.v, s)
	if sm.moves {
		sm.tm.setChaseCands(&sm.v)
	}
	return sm, s, nil
}

// Sample returns a state drawn with rng (nil draws from the global
// source of math/rand/v2); see [View.Sample].
func (sm *Sampler) Sample(rng *rand.Rand) (State, error) {
	if rng == nil {
		rng = topLevel
	}
	v, tm := &sm.v, sm.tm
	if sm.moves && tm.bad {
		return State{}, ErrInconsistentView // no draw has the view's legal moves
	}
	var full Board
	for range sampleTries {
		if sm.wd != nil {
			sm.wd.draw(v, rng, &full)
		} else if err := sm.sp.draw(v, rng, &full); err != nil {
			return State{}, err
		}
		s := tm.fill(v, &full)
		// The viewer's legal moves depend on the hidden ranks only
		// through the More-Squares Rule (see View).
		if sm.moves && !tm.chaseAgrees(&s) {
			continue
		}
		if v.outcomeAgrees(&s) {
			return s, nil
		}
	}
	return State{}, ErrInconsistentView
}

// outcomeAgrees reports whether the outcome the view shows is the one the
// rules give the sampled state: a game that goes on needs a legal move for
// the side to move, and a game lost for want of one needs there to be
// none. (The hidden pieces decide that when they are the side to move.)
func (v *View) outcomeAgrees(s *State) bool {
	switch v.pos.Outcome.Reason {
	case NotOver, NoLegalMove, NeitherCanMove, NoMovablePiece:
	default:
		return true
	}
	if v.pos.RescueDue {
		return true
	}
	t := *s
	t.outcome = Outcome{}
	return t.endCheck(false) == v.pos.Outcome
}

// sampler holds the hidden squares of a view by class and the pool of
// ranks to place on them.
type sampler struct {
	// classes are the hidden squares whose ranks are constrained, most
	// constrained first: long movers (Scouts), turners (Captains), far
	// movers, movers. Each class's mask holds or misses each earlier
	// one's (a laminar family), which keeps the draw uniform.
	classes [4]rankClass
	free    []int // square indices of the other hidden pieces
	def     int   // hidden defender of the last fight, or -1
	defMask RankSet
	// beaten are the other hidden squares with a silent-defense mark,
	// checked after a draw: a draw that breaks one is redrawn.
	beaten []beatCheck
	pool   []Rank
}

// beatCheck is a hidden square with a silent-defense mark and the ranks
// that beat its attackers.
type beatCheck struct {
	i    int
	mask RankSet
}

// rankClass is a class of hidden squares that allow the ranks of mask.
type rankClass struct {
	mask RankSet
	sqs  []int
}

func (sp *sampler) init(v *View) error {
	sp.def = v.lastDefenderIndex()
	// The classes of the switch below, by their possible ranks.
	r := &v.pos.Rules
	sp.classes = [4]rankClass{
		{mask: knownRanks(r, KnownMoved|KnownFar|KnownLong)}, {mask: knownRanks(r, KnownMoved|KnownFar|KnownTurn)},
		{mask: knownRanks(r, KnownMoved|KnownFar)}, {mask: knownRanks(r, KnownMoved)},
	}
	o := v.pos.Viewer.Opponent()
	for i, p := range v.pos.Board.pieces {
		if p.Rank() != Unknown {
			continue
		}
		if p.Color() != o {
			return ErrInconsistentView
		}
		k := v.pos.Known.known[i]
		if b := v.pos.beatAt(i); i != sp.def && b != 0 {
			sp.beaten = append(sp.beaten, beatCheck{i, beatRanks(r, b)})
		}
		cl := -1
		switch {
		case i == sp.def:
			sp.defMask = v.pos.ranksAt(i)
			continue
		case k&KnownLong != 0:
			cl = 0
		case k&KnownTurn != 0:
			cl = 1
		case k&KnownFar != 0:
			cl = 2
		case k&KnownMoved != 0:
			cl = 3
		default:
			sp.free = append(sp.free, i)
			continue
		}
		sp.classes[cl].sqs = append(sp.classes[cl].sqs, i)
	}
	// The enemy's army less its captured and shown pieces; a view showing
	// more than the army holds is inconsistent.
	have := v.Captured(o)
	for _, cp := range v.pos.Captured {
		if cp.Piece.Color() == o && !cp.Piece.Rank().IsValid() {
			return ErrInconsistentView // a hidden captured piece: no game shows one
		}
	}
	for _, p := range v.pos.Board.pieces {
		if p.Color() == o && p.Rank().IsValid() {
			have[p.Rank()]++
		}
	}
	for rk := Spy; rk <= Flag; rk++ {
		if have[rk] > v.pos.Rules.Army[rk] {
			return ErrInconsistentView
		}
		for range v.pos.Rules.Army[rk] - have[rk] {
			sp.pool = append(sp.pool, rk)
		}
	}
	return nil
}

// beatRedraws bounds the redraws of [sampler.draw] for the silent-defense
// marks.
const beatRedraws = 10000 // see View.Sample

// draw returns the board with ranks drawn for the hidden pieces: a draw
// of drawOnce that respects the silent-defense marks of sp.beaten.
func (sp *sampler) draw(v *View, rng *rand.Rand, full *Board) error {
	for range beatRedraws {
		var err error
		if len(sp.pool) <= 64 {
			err = sp.drawFast(v, rng, full)
		} else {
			err = sp.drawOnce(v, rng, full)
		}
		if err != nil || len(sp.beaten) == 0 || sp.respectsBeaten(full) {
			return err
		}
	}
	return ErrInconsistentView
}

// respectsBeaten reports whether the ranks of full beat the attackers of
// the silent-defense marks of sp.beaten.
func (sp *sampler) respectsBeaten(full *Board) bool {
	for _, b := range sp.beaten {
		if b.mask&(1<<full.pieces[b.i].Rank()) == 0 {
			return false
		}
	}
	return true
}

// drawOnce writes into *full the board with ranks drawn for the hidden
// pieces, by what is known of each piece and the last fight.
func (sp *sampler) drawOnce(v *View, rng *rand.Rand, full *Board) error {
	*full = v.pos.Board
	var poolBuf [maxPieces]Rank
	pool := append(poolBuf[:0], sp.pool...)
	o := v.pos.Viewer.Opponent()
	put := func(i int, k int) {
		full.pieces[i] = NewPiece(o, pool[k])
		pool[k] = pool[len(pool)-1]
		pool = pool[:len(pool)-1]
	}
	// pick returns the index in pool of a uniformly drawn rank in mask,
	// or -1.
	pick := func(mask RankSet) int {
		n := 0
		for _, rk := range pool {
			if mask&(1<<rk) != 0 {
				n++
			}
		}
		if n == 0 {
			return -1
		}
		j := rng.IntN(n)
		for k, rk := range pool {
			if mask&(1<<rk) != 0 {
				if j == 0 {
					return k
				}
				j--
			}
		}
		return -1
	}
	if sp.def >= 0 {
		k := sp.pickDefender(pool, rng)
		if k < 0 {
			return ErrInconsistentView
		}
		put(sp.def, k)
	}
	for _, cl := range sp.classes {
		for _, i := range cl.sqs {
			k := pick(cl.mask)
			if k < 0 {
				return ErrInconsistentView
			}
			put(i, k)
		}
	}
	free := sp.free
	if len(pool) < len(free) {
		return ErrInconsistentView
	}
	if len(pool) > len(free) {
		// Fewer pieces on the board than the army holds (FromBoard): the
		// Flag, if still unplaced, must be among them.
		for k, rk := range pool {
			if rk == Flag {
				if len(free) == 0 {
					return ErrInconsistentView
				}
				j := rng.IntN(len(free))
				put(free[j], k)
				free = append(append([]int(nil), free[:j]...), free[j+1:]...)
				break
			}
		}
	}
	for _, i := range free {
		put(i, rng.IntN(len(pool)))
	}
	return nil
}

// pickDefender draws the rank of the hidden defender of the last fight:
// a piece of the pool that its mask allows, each weighted by the number
// of ways the constrained classes can then be filled, so that the whole
// assignment stays uniform. It returns the index in pool, or -1.
func (sp *sampler) pickDefender(pool []Rank, rng *rand.Rand) int {
	var n [len(sp.classes)]int // pieces of the pool each class allows
	for _, rk := range pool {
		for c, cl := range sp.classes {
			if cl.mask&(1<<rk) != 0 {
				n[c]++
			}
		}
	}
	weight := func(rk Rank) float64 {
		w := 1.0
		for c, cl := range sp.classes {
			avail := n[c]
			if cl.mask&(1<<rk) != 0 {
				avail--
			}
			// Earlier classes inside this one have taken their pieces.
			for _, e := range sp.classes[:c] {
				if e.mask&^cl.mask == 0 {
					avail -= len(e.sqs)
				}
			}
			w *= falling(avail, len(cl.sqs))
		}
		return w
	}
	total := 0.0
	for _, rk := range pool {
		if sp.defMask&(1<<rk) != 0 {
			total += weight(rk)
		}
	}
	if total <= 0 {
		return -1
	}
	x := rng.Float64() * total
	last := -1
	for k, rk := range pool {
		if sp.defMask&(1<<rk) == 0 {
			continue
		}
		last = k
		if x -= weight(rk); x < 0 {
			return k
		}
	}
	return last
}

// falling returns n·(n−1)·…·(n−k+1), the ways to fill k slots from n
// pieces in order; 0 when n < k.
func falling(n, k int) float64 {
	if n < k {
		return 0
	}
	p := 1.0
	for i := 0; i < k; i++ {
		p *= float64(n - i)
	}
	return p
}

// build makes the state of the view with the full board b, in the game
// of the empty state s (whose piece ids Position.setIDs has set).
func (v *View) build(s State, b *Board) (State, error) {
	p := v.pos
	p.Board, p.Viewer = *b, NoColor
	var buf [8]Board
	boards, err := p.rememberedBoards(buf[:0])
	if err != nil {
		return State{}, ErrInconsistentView
	}
	t := p.place(s.g, boards)
	t.outcome = p.Outcome
	last := v.last
	if last.Piece.Rank() == Unknown {
		last.Piece = b.At(last.Move.To)
	}
	if last.Defender.Rank() == Unknown {
		last.Defender = b.At(last.Move.To)
	}
	t.last = last
	return t, nil
}
