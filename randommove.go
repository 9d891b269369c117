package stratego

import (
	"math/bits"
	"math/rand/v2"
)

// A uniform random legal move without a move list.
//
// The generator's moves before the repetition rules (the pseudo-legal
// moves) fall into buckets that are sets of target cells with one
// offset back to the mover: the one-square moves by direction, the scout
// slides by direction and distance, and the Captains' two-square moves.
// Counting the targets of each bucket with popcounts gives their number
// n; a draw picks k uniformly in [0, n) and finds the k-th move bucket by
// bucket. A move that a repetition rule forbids is drawn again, which
// keeps the draw uniform over the legal moves.

// maxRedraws bounds the redraws of forbidden moves before randomMove
// counts the legal moves exactly (a position where most moves are
// forbidden); either way every legal move has the same chance.
const maxRedraws = 16

// genMasks are the cell sets the generator works on, for the side to
// move; empty and reach are set only when the side has a Scout.
type genMasks struct {
	mov, scouts bb // c's movable pieces and Scouts
	blocked     bb // c's pieces and the walls
	empty       bb // cells a piece may pass
	reach       bb // where a slide may end: empty, or an enemy piece when Scouts strike far
}

// setGenMasks sets g for side c.
func (s *State) setGenMasks(g *genMasks, c Color) {
	me, them, wall := &s.occ[c.index()], &s.occ[c.index()^1], &s.g.wall
	g.blocked = bb{me[0] | wall[0], me[1] | wall[1]}
	g.mov = bb{s.mov[0] & me[0], s.mov[1] & me[1]}
	g.scouts = bb{s.scouts[0] & me[0], s.scouts[1] & me[1]}
	if g.scouts == (bb{}) {
		return // empty and reach are for the Scouts' slides
	}
	g.empty = bb{^(g.blocked[0] | them[0]), ^(g.blocked[1] | them[1])}
	g.reach = g.empty
	if s.g.rules.Scouts == ScoutMoveAndStrike {
		g.reach = bb{g.empty[0] | them[0], g.empty[1] | them[1]}
	}
}

// moveCounts holds the number of pseudo-legal moves of each bucket kind:
// one-square moves by direction, scout slides beyond the first square by
// direction, the Captains' two-square moves.
type moveCounts struct {
	steps, slides [len(dirs)]int
	captains      int
	total         int
	stepTo        [len(dirs)]bb // the targets of the one-square moves
}

func popcount(lo, hi uint64) int { return bits.OnesCount64(lo) + bits.OnesCount64(hi) }

// dirShift is the shift of a cell set one cell in each direction of
// dirs: up the cell order (shl) for north and east, down (shr) for
// south and west.
var dirShift = [len(dirs)]uint{stride, 1, stride, 1}

// shiftDir returns the set lo, hi moved one cell in direction dirs[k] by
// shl or shr.
func shiftDir(lo, hi uint64, k int) (uint64, uint64) {
	if k < 2 {
		return shl(lo, hi, dirShift[k&3])
	}
	return shr(lo, hi, dirShift[k&3])
}

// countMoves returns the pseudo-legal moves of the side to move by
// bucket, the position being neither over nor due a rescue. With moveAt
// it is one of the five places of the movement rules (see the top of
// movegen.go).
func (s *State) countMoves(g *genMasks, n *moveCounts) {
	m0, m1, b0, b1 := g.mov[0], g.mov[1], g.blocked[0], g.blocked[1]
	t0, t1 := shl(m0, m1, stride)
	n.stepTo[0] = bb{t0 &^ b0, t1 &^ b1}
	t0, t1 = shl(m0, m1, 1)
	n.stepTo[1] = bb{t0 &^ b0, t1 &^ b1}
	t0, t1 = shr(m0, m1, stride)
	n.stepTo[2] = bb{t0 &^ b0, t1 &^ b1}
	t0, t1 = shr(m0, m1, 1)
	n.stepTo[3] = bb{t0 &^ b0, t1 &^ b1}
	n.steps[0] = popcount(n.stepTo[0][0], n.stepTo[0][1])
	n.steps[1] = popcount(n.stepTo[1][0], n.stepTo[1][1])
	n.steps[2] = popcount(n.stepTo[2][0], n.stepTo[2][1])
	n.steps[3] = popcount(n.stepTo[3][0], n.stepTo[3][1])
	n.total = n.steps[0] + n.steps[1] + n.steps[2] + n.steps[3]
	if g.scouts != (bb{}) {
		countSlides(g, n)
		n.total += n.slides[0] + n.slides[1] + n.slides[2] + n.slides[3]
	}
	if s.g.rules.CaptainsMoveTwo {
		n.captains = s.captainMoves(-1, nil)
		n.total += n.captains
	}
}

// countSlides sets n.slides: the scout slides beyond the first square
// in each direction. The slides of different Scouts in one direction end
// on different cells (a slide stops before a piece of its own side), so a
// direction's count is that of the union of its ends, taken once at the
// end rather than at each distance. The four fills are written out: as
// calls of one function they cost more than their loops.
func countSlides(g *genMasks, n *moveCounts) {
	r0, r1, y0, y1 := g.reach[0], g.reach[1], g.empty[0], g.empty[1]
	s0, s1 := g.scouts[0], g.scouts[1]
	// e is the cells the Scouts reach through empty ones at the current
	// distance; t the ends of slides one further; u the union of t. The
	// first distance goes without a test (the fewer branches, the fewer
	// mispredicted); a direction with no slide there keeps its zero count.
	{
		e0, e1 := shl(s0, s1, stride)
		e0, e1 = shl(e0&y0, e1&y1, stride)
		if u0, u1 := e0&r0, e1&r1; u0|u1 != 0 {
			for e0, e1 = u0&y0, u1&y1; e0|e1 != 0; {
				t0, t1 := shl(e0, e1, stride)
				t0, t1 = t0&r0, t1&r1
				u0, u1 = u0|t0, u1|t1
				e0, e1 = t0&y0, t1&y1
			}
			n.slides[0] = popcount(u0, u1)
		}
	}
	{
		e0, e1 := shl(s0, s1, 1)
		e0, e1 = shl(e0&y0, e1&y1, 1)
		if u0, u1 := e0&r0, e1&r1; u0|u1 != 0 {
			for e0, e1 = u0&y0, u1&y1; e0|e1 != 0; {
				t0, t1 := shl(e0, e1, 1)
				t0, t1 = t0&r0, t1&r1
				u0, u1 = u0|t0, u1|t1
				e0, e1 = t0&y0, t1&y1
			}
			n.slides[1] = popcount(u0, u1)
		}
	}
	{
		e0, e1 := shr(s0, s1, stride)
		e0, e1 = shr(e0&y0, e1&y1, stride)
		if u0, u1 := e0&r0, e1&r1; u0|u1 != 0 {
			for e0, e1 = u0&y0, u1&y1; e0|e1 != 0; {
				t0, t1 := shr(e0, e1, stride)
				t0, t1 = t0&r0, t1&r1
				u0, u1 = u0|t0, u1|t1
				e0, e1 = t0&y0, t1&y1
			}
			n.slides[2] = popcount(u0, u1)
		}
	}
	{
		e0, e1 := shr(s0, s1, 1)
		e0, e1 = shr(e0&y0, e1&y1, 1)
		if u0, u1 := e0&r0, e1&r1; u0|u1 != 0 {
			for e0, e1 = u0&y0, u1&y1; e0|e1 != 0; {
				t0, t1 := shr(e0, e1, 1)
				t0, t1 = t0&r0, t1&r1
				u0, u1 = u0|t0, u1|t1
				e0, e1 = t0&y0, t1&y1
			}
			n.slides[3] = popcount(u0, u1)
		}
	}
}

// selectBit returns the index of the k-th (from 0) set bit of lo, hi,
// which has more than k bits.
func selectBit(lo, hi uint64, k int) int {
	base := 0
	if n := bits.OnesCount64(lo); k >= n {
		k -= n
		lo, base = hi, 64
	}
	for ; k >= 8; k -= 8 {
		// Skip whole bytes while k passes them.
		b := bits.OnesCount64(lo & 0xFF)
		if b > k {
			break
		}
		k += 8 - b
		lo >>= 8
		base += 8
	}
	for ; k > 0; k-- {
		lo &= lo - 1
	}
	return base + bits.TrailingZeros64(lo)
}

// moveAt returns the k-th pseudo-legal move (0 <= k < n.total) in bucket
// order, with the cells of its path.
func (s *State) moveAt(k int, g *genMasks, n *moveCounts) (m Move, from, via, to int) {
	// The one-square moves: the direction is found without branches, k
	// being random and the branches hard to predict.
	c0 := n.steps[0]
	c1 := c0 + n.steps[1]
	c2 := c1 + n.steps[2]
	if c3 := c2 + n.steps[3]; k < c3 {
		d, base := 0, 0
		if k >= c0 {
			d, base = 1, c0
		}
		if k >= c1 {
			d, base = 2, c1
		}
		if k >= c2 {
			d, base = 3, c2
		}
		t := &n.stepTo[d&3]
		to = bbBase + selectBit(t[0], t[1], k-base)
		from = to - dirs[d&3]
		return Move{From: squareOfCell[from], To: squareOfCell[to]}, from, 0, to
	} else {
		k -= c3
	}
	for d := range dirs {
		if k >= n.slides[d] {
			k -= n.slides[d]
			continue
		}
		e0, e1 := shiftDir(g.scouts[0], g.scouts[1], d)
		e0, e1 = e0&g.empty[0], e1&g.empty[1]
		for dist := 2; ; dist++ {
			t0, t1 := shiftDir(e0, e1, d)
			t0, t1 = t0&g.reach[0], t1&g.reach[1]
			if c := popcount(t0, t1); k >= c {
				k -= c
				e0, e1 = t0&g.empty[0], t1&g.empty[1]
				continue
			}
			to = bbBase + selectBit(t0, t1, k)
			from = to - dist*dirs[d]
			return Move{From: squareOfCell[from], To: squareOfCell[to]}, from, 0, to
		}
	}
	var cm captainMove
	s.captainMoves(k, &cm)
	return cm.m, cm.from, cm.via, cm.to
}

// captainMove is one two-square move of a Captain with its cells.
type captainMove struct {
	m             Move
	from, via, to int
}

// captainMoves takes the two-square moves of the Captains of the side to
// move (Rules.CaptainsMoveTwo) from appendCaptainSteps: it stores the
// k-th in out and returns k, or returns their number when k is
// negative.
func (s *State) captainMoves(k int, out *captainMove) int {
	var buf [64]Move
	ms := s.appendCaptainSteps(buf[:0])
	if k < 0 {
		return len(ms)
	}
	out.m = ms[k]
	out.from, out.via, out.to = moveCells(ms[k])
	return k
}

// topLevel draws from the top-level functions of math/rand/v2, for a
// nil rng. It holds no state of its own (they are safe for concurrent
// use), so it is never changed.
var topLevel = rand.New(topLevelSource{})

type topLevelSource struct{}

func (topLevelSource) Uint64() uint64 { return rand.Uint64() }

// randomMove is State.RandomMove.
func (s *State) randomMove(rng *rand.Rand) (Move, bool) { return s.randomMoveRedraws(rng, maxRedraws) }

// randomMoveRedraws is randomMove with at most redraws draws of a
// forbidden move before it counts the legal moves.
func (s *State) randomMoveRedraws(rng *rand.Rand, redraws int) (Move, bool) {
	m, _, _, ok := s.drawMove(rng, redraws)
	return m, ok
}

// drawMove is randomMoveRedraws that also returns the cells the move
// goes from and to (0, 0 for a rescue).
func (s *State) drawMove(rng *rand.Rand, redraws int) (m Move, from, to int, ok bool) {
	if s.g == nil || s.outcome.IsOver() {
		return Move{}, 0, 0, false
	}
	if rng == nil {
		rng = topLevel
	}
	if s.pending {
		var rs rescues
		s.setRescues(&rs)
		if n := rs.count(); n > 0 {
			return rs.at(rng.IntN(n)), 0, 0, true
		}
		return Move{}, 0, 0, false // not reached: no rescue is due then
	}
	var g genMasks
	var n moveCounts
	s.setGenMasks(&g, s.turn)
	s.countMoves(&g, &n)
	if n.total == 0 {
		return Move{}, 0, 0, false // not reached: the game would be over
	}
	if !s.repetitionMayForbid() {
		m, from, _, to := s.moveAt(rng.IntN(n.total), &g, &n)
		return m, from, to, true
	}
	f := s.repetitionFilter()
	for range redraws {
		m, from, via, to := s.moveAt(rng.IntN(n.total), &g, &n)
		if !s.forbids(&f, from, via, to) {
			return m, from, to, true
		}
	}
	// Most moves are forbidden: count the legal ones and take one of
	// them, still uniformly.
	legal := 0
	for k := range n.total {
		if _, from, via, to := s.moveAt(k, &g, &n); !s.forbids(&f, from, via, to) {
			legal++
		}
	}
	if legal == 0 {
		return Move{}, 0, 0, false // not reached: the game would be over
	}
	j := rng.IntN(legal)
	for k := range n.total {
		m, from, via, to := s.moveAt(k, &g, &n)
		if s.forbids(&f, from, via, to) {
			continue
		}
		if j == 0 {
			return m, from, to, true
		}
		j--
	}
	return Move{}, 0, 0, false // not reached
}

// rescues are the placements of a due rescue: each rank the side to move
// may rescue on each empty square of its half.
type rescues struct {
	ranks [NumRanks]Rank
	nr    int
	empty [MaxSquares]Square
	ne    int
}

func (s *State) setRescues(rs *rescues) {
	c := s.turn
	var done [NumRanks]bool
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		if rk := s.pc[id].Rank(); !done[rk] && s.rescuable(id) {
			done[rk] = true
			rs.ranks[rs.nr] = rk
			rs.nr++
		}
	}
	for q := range s.g.half[c.index()].All() {
		if s.cells[cellOfSquare[q]] == 0 {
			rs.empty[rs.ne] = q
			rs.ne++
		}
	}
}

func (rs *rescues) count() int { return rs.nr * rs.ne }

// at returns the k-th placement (0 <= k < count).
func (rs *rescues) at(k int) Move { return Move{To: rs.empty[k%rs.ne], Rescue: rs.ranks[k/rs.ne]} }
