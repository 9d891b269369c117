package stratego

import (
	"math/bits"
	"slices"
)

// noLimit is the limit of a full list for the general loops.
const noLimit = int(^uint(0) >> 1)

// The movement rules live in five places, each a form one caller needs
// at its speed, and they change together:
//   - appendAll (with appendSlides and appendCaptainSteps): the moves
//     they allow, in the generator's order, for the move lists; the
//     repetition rules filter that list (forbids);
//   - countMoves and moveAt (randommove.go): the same moves counted and
//     indexed by bit sets, for the random draw (PlayRandom, RandomMove);
//   - check: whether one move is legal (State.Check, Apply);
//   - plainStep (stratego.go): the commonest move, a one-square step no
//     repetition rule can forbid, accepted from the bit sets (Play);
//   - hasMove: whether any move exists, from the step masks (the game's
//     end).
//
// TestProp_EveryGeneratorIsTheReference (movegen_test.go) keeps them in
// step: it pins each of them to the slow reference of reference_test.go
// at every ply of drawn games; TestFastPathsAgree checks hasMove and
// the unfiltered list against the filtered one.

// appendMoves appends the legal moves of the side to move to dst and
// returns it. The order is fixed: the one-square moves direction by
// direction (north, east, south, west) in cell order, then the longer
// scout slides, then the Captains' two-square moves: the moves of
// appendAll, less those a repetition rule forbids.
func (s *State) appendMoves(dst []Move) []Move {
	if s.g == nil || s.outcome.IsOver() {
		return dst
	}
	if s.pending {
		return s.appendRescues(dst, noLimit)
	}
	if s.repetitionMayForbid() {
		if f := s.repetitionFilter(); f.active() {
			return s.appendAllowed(dst, noLimit, &f)
		}
	}
	return s.appendAll(dst)
}

// appendMovesUpTo is appendMoves by way of the repetition filter, active
// or not, stopping once dst holds limit moves (so a limit of len(dst)+1
// asks whether there is any move at all).
func (s *State) appendMovesUpTo(dst []Move, limit int) []Move {
	if s.g == nil || s.outcome.IsOver() {
		return dst
	}
	if s.pending {
		return s.appendRescues(dst, limit)
	}
	f := s.repetitionFilter()
	return s.appendAllowed(dst, limit, &f)
}

// appendAllowed appends the moves of appendAll that f allows, up to
// limit moves in dst.
func (s *State) appendAllowed(dst []Move, limit int, f *repetitionFilter) []Move {
	var buf [128]Move
	for _, m := range s.appendAll(buf[:0]) {
		if len(dst) >= limit {
			break
		}
		if from, via, to := moveCells(m); !s.forbids(f, from, via, to) {
			dst = append(dst, m)
		}
	}
	return dst
}

// appendAll appends the moves of the side to move that the movement
// rules allow, the repetition rules aside, in the order of appendMoves,
// by loops that call nothing. The one-square moves are written without a capacity check
// each, dst having grown first when it might lack room for them.
func (s *State) appendAll(dst []Move) []Move {
	c := s.turn.index()
	me, wall := &s.occ[c], &s.g.wall
	m0, m1 := s.mov[0]&me[0], s.mov[1]&me[1]
	b0, b1 := me[0]|wall[0], me[1]|wall[1]
	// Four for each of the side's pieces bounds its one-square moves.
	if cap(dst)-len(dst) < 4*int(s.g.hi[c]-s.g.lo[c]) {
		dst = slices.Grow(dst, countSteps(m0, m1, b0, b1))
	}
	out := dst[:cap(dst)]
	i := len(dst)
	t := stepTable // see stepTable
	n0, n1 := shl(m0, m1, stride)
	i = fillSteps(out, i, n0&^b0, &t[0])
	i = fillSteps(out, i, n1&^b1, &t[1])
	e0, e1 := shl(m0, m1, 1)
	i = fillSteps(out, i, e0&^b0, &t[2])
	i = fillSteps(out, i, e1&^b1, &t[3])
	s0, s1 := shr(m0, m1, stride)
	i = fillSteps(out, i, s0&^b0, &t[4])
	i = fillSteps(out, i, s1&^b1, &t[5])
	w0, w1 := shr(m0, m1, 1)
	i = fillSteps(out, i, w0&^b0, &t[6])
	i = fillSteps(out, i, w1&^b1, &t[7])
	dst = out[:i]
	if s.scouts[0]&me[0]|s.scouts[1]&me[1] != 0 {
		dst = s.appendSlides(dst, s.turn)
	}
	if s.g.rules.CaptainsMoveTwo {
		dst = s.appendCaptainSteps(dst)
	}
	return dst
}

// countSteps returns the number of one-square moves of the pieces of
// m0, m1 onto cells outside b0, b1.
func countSteps(m0, m1, b0, b1 uint64) int {
	n0, n1 := shl(m0, m1, stride)
	e0, e1 := shl(m0, m1, 1)
	s0, s1 := shr(m0, m1, stride)
	w0, w1 := shr(m0, m1, 1)
	return popcount(n0&^b0, n1&^b1) + popcount(e0&^b0, e1&^b1) +
		popcount(s0&^b0, s1&^b1) + popcount(w0&^b0, w1&^b1)
}

// fillSteps writes to out from index i the moves of t onto the cells of
// the bits of x (bit j of one word of a bb), in bit order, and returns
// the index after them; out has room for them.
func fillSteps(out []Move, i int, x uint64, t *[65]Move) int {
	for ; x != 0; x &= x - 1 {
		out[i] = t[bits.TrailingZeros64(x)]
		i++
	}
	return i
}

// stepMoves holds the one-square move onto each cell of a bb in each
// direction of dirs, by direction and word of the bb (2k+w), then bit
// (the 65th entry, for an empty word's 64 trailing zeros, is never
// read).
var stepMoves = func() (t [2 * len(dirs)][65]Move) {
	for k, d := range dirs {
		for b := range 128 {
			to := bbBase + b
			if from := to - d; to < numCells && from >= 0 && from < numCells {
				t[2*k+b>>6][b&63] = Move{From: squareOfCell[from], To: squareOfCell[to]}
			}
		}
	}
	return
}()

// stepTable is &stepMoves, read by appendAll from a variable: a pointer
// loaded once stays in a register, where the table's constant address
// is recomputed for every move (a Go compiler habit). Never changed.
var stepTable = &stepMoves

// appendSlides appends the slides beyond the first square of c's
// Scouts, as appendMoves orders them: by direction, then by Scout (in
// cell order), then by distance. A slide's second square is empty, or an
// enemy piece when Scouts strike far; most Scouts have none in most
// directions, which the bit sets tell without a look at the board.
func (s *State) appendSlides(dst []Move, c Color) []Move {
	me, them, wall := &s.occ[c.index()], &s.occ[c.index()^1], &s.g.wall
	s0, s1 := s.scouts[0]&me[0], s.scouts[1]&me[1]
	y0, y1 := ^(me[0] | them[0] | wall[0]), ^(me[1] | them[1] | wall[1])
	r0, r1 := y0, y1
	strike := s.g.rules.Scouts == ScoutMoveAndStrike
	if strike {
		r0, r1 = y0|them[0], y1|them[1]
	}
	t0, t1 := shl(s0, s1, stride)
	if t0, t1 = shl(t0&y0, t1&y1, stride); t0&r0|t1&r1 != 0 {
		if t0&r0 != 0 {
			dst = s.appendRays(dst, t0&r0, bbBase, kNorth, strike)
		}
		if t1&r1 != 0 {
			dst = s.appendRays(dst, t1&r1, bbBase+64, kNorth, strike)
		}
	}
	t0, t1 = shl(s0, s1, 1)
	if t0, t1 = shl(t0&y0, t1&y1, 1); t0&r0|t1&r1 != 0 {
		if t0&r0 != 0 {
			dst = s.appendRays(dst, t0&r0, bbBase, kEast, strike)
		}
		if t1&r1 != 0 {
			dst = s.appendRays(dst, t1&r1, bbBase+64, kEast, strike)
		}
	}
	t0, t1 = shr(s0, s1, stride)
	if t0, t1 = shr(t0&y0, t1&y1, stride); t0&r0|t1&r1 != 0 {
		if t0&r0 != 0 {
			dst = s.appendRays(dst, t0&r0, bbBase, kSouth, strike)
		}
		if t1&r1 != 0 {
			dst = s.appendRays(dst, t1&r1, bbBase+64, kSouth, strike)
		}
	}
	t0, t1 = shr(s0, s1, 1)
	if t0, t1 = shr(t0&y0, t1&y1, 1); t0&r0|t1&r1 != 0 {
		if t0&r0 != 0 {
			dst = s.appendRays(dst, t0&r0, bbBase, kWest, strike)
		}
		if t1&r1 != 0 {
			dst = s.appendRays(dst, t1&r1, bbBase+64, kWest, strike)
		}
	}
	return dst
}

// appendRays appends the slides in direction dirs[k] of the side to
// move's Scouts whose second squares in that direction are the cells of
// x, a word of a bb whose bit 0 is the cell base (each such square empty,
// or an enemy piece when strike is set), by Scout, then by distance: a
// ray runs over the empty squares and ends on the first square that is
// not, taken too when it holds an enemy piece and strike is set.
func (s *State) appendRays(dst []Move, x uint64, base, k int, strike bool) []Move {
	d, rows := dirs[k&3], &slideMoves[k&3]
	for ; x != 0; x &= x - 1 {
		c := base + bits.TrailingZeros64(x)
		n, to := 0, c
		for s.cells[to] == 0 {
			n++
			to += d
		}
		if strike && s.cells[to] != wallCell && s.occ[s.turn.index()^1].has(to) {
			n++
		}
		//lint:ignore S1011 a loop of appends is the path BenchmarkPlayoutPlay measures; append's memmove call for 1-9 moves is slower
		for _, m := range rows[c][:n] {
			dst = append(dst, m)
		}
	}
	return dst
}

// The index in dirs of each direction, for the tables by direction.
const (
	kNorth = iota
	kEast
	kSouth
	kWest
)

// slideMoves holds the slides of a Scout by direction k of dirs and the
// cell c of its second square in that direction: entry j is the slide
// from the cell two squares back from c to the j-th square beyond c
// (zero when either is off the padded board; a slide is at most MaxSize-1
// squares long, so j < MaxSize-2). A move read whole from the table is
// one load and one store, where one built from its squares is written
// byte by byte.
var slideMoves = func() (t [len(dirs)][numCells][MaxSize - 2]Move) {
	for k, d := range dirs {
		for c := range numCells {
			from := c - 2*d
			for j := range t[k][c] {
				if to := c + j*d; from >= 0 && from < numCells && to >= 0 && to < numCells {
					t[k][c][j] = Move{From: squareOfCell[from], To: squareOfCell[to]}
				}
			}
		}
	}
	return
}()

// appendCaptainSteps appends the two-square moves of c's Captains
// (Rules.CaptainsMoveTwo): a first step to an empty square, then a second
// one in any direction but back, onto an empty square or an enemy piece.
func (s *State) appendCaptainSteps(dst []Move) []Move {
	c := s.turn
	var buf [maxPieces]uint8
	for _, cell := range s.captainCells(buf[:0], c) {
		from := int(cell)
		for _, d := range dirs {
			mid := from + d
			if s.cells[mid] != 0 {
				continue
			}
			for _, d2 := range dirs {
				if d2 == -d {
					continue
				}
				to := mid + d2
				v := s.cells[to]
				if v == wallCell || (v != 0 && s.pc[v-1].Color() == c) {
					continue
				}
				m := Move{From: squareOfCell[from], To: squareOfCell[to]}
				if d2 != d {
					m.Via = squareOfCell[mid]
				}
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// hasMove reports whether the side to move has a legal move. It is one
// of the five places of the movement rules (see the top of this file).
func (s *State) hasMove() bool {
	c := s.turn
	if s.g != nil && !s.outcome.IsOver() && !s.pending && !s.repetitionMayForbid() {
		// Neither repetition rule forbids a move: there is one exactly
		// when a movable piece has a first step (longer moves start with
		// one).
		me, wall := &s.occ[c.index()], &s.g.wall
		m0, m1 := s.mov[0]&me[0], s.mov[1]&me[1]
		b0, b1 := me[0]|wall[0], me[1]|wall[1]
		// Towards the opponent first: the answer is almost always yes.
		n0, n1 := shl(m0, m1, stride)
		s0, s1 := shr(m0, m1, stride)
		if (n0|s0)&^b0|(n1|s1)&^b1 != 0 {
			return true
		}
		e0, e1 := shl(m0, m1, 1)
		w0, w1 := shr(m0, m1, 1)
		return (e0|w0)&^b0|(e1|w1)&^b1 != 0
	}
	var one [1]Move
	return len(s.appendMovesUpTo(one[:0], 1)) > 0
}

func (s *State) appendRescues(dst []Move, limit int) []Move {
	c := s.turn
	var done [NumRanks]bool
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		rk := s.pc[id].Rank()
		if done[rk] || !s.rescuable(id) {
			continue
		}
		done[rk] = true
		for q := range s.g.half[c.index()].All() {
			if s.cells[cellOfSquare[q]] == 0 {
				dst = append(dst, Move{To: q, Rescue: rk})
				if len(dst) >= limit {
					return dst
				}
			}
		}
	}
	return dst
}

// check is State.Check, one of the five places of the movement rules
// (see the top of this file).
func (s *State) check(m Move) error {
	if s.g == nil {
		return moveErr(m, ErrGameOver)
	}
	if s.outcome.IsOver() {
		return moveErr(m, ErrGameOver)
	}
	if !m.IsValid() {
		return moveErr(m, ErrInvalid)
	}
	r := &s.g.rules
	c := s.turn
	if s.pending || m.IsRescue() {
		if !s.pending || !m.IsRescue() {
			return moveErr(m, ErrRescue)
		}
		if !s.g.half[c.index()].Has(m.To) || s.cells[cellOfSquare[m.To]] != 0 || s.rescueID(c, m.Rescue) < 0 {
			return moveErr(m, ErrRescue)
		}
		return nil
	}
	w := &s.g.walls
	if w[cellOfSquare[m.From]] != 0 || w[cellOfSquare[m.To]] != 0 || (m.Via != NoSquare && w[cellOfSquare[m.Via]] != 0) {
		return moveErr(m, offBoardErr(r, m))
	}
	from, to := int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
	pc, ok := s.pieceAt(from)
	if !ok {
		return moveErr(m, ErrNoPiece)
	}
	if pc.Color() != c {
		return moveErr(m, ErrNotYourPiece)
	}
	rk := pc.Rank()
	if !rk.Movable() {
		return moveErr(m, ErrImmovable)
	}
	captain := rk == Captain && r.CaptainsMoveTwo
	// A one-square move (the most common) needs no more checks here.
	via, dist := 0, 1
	if m.Via != NoSquare || !isStep(from, to) {
		df, dr := m.To.File()-m.From.File(), m.To.Row()-m.From.Row()
		dist = abs(df) + abs(dr)
		if m.Via != NoSquare {
			via = int(cellOfSquare[m.Via])
			if !captain || !isStep(from, via) || !isStep(via, to) || dist != 2 || df == 0 || dr == 0 {
				return moveErr(m, ErrBadDirection)
			}
			if s.cells[via] != 0 {
				return moveErr(m, ErrBlocked)
			}
		} else {
			if df != 0 && dr != 0 {
				return moveErr(m, ErrBadDirection)
			}
			if dist > 1 && rk != Scout && !(captain && dist == 2) {
				return moveErr(m, ErrBadDirection)
			}
			step := (to - from) / dist
			for x := from + step; x != to; x += step {
				if s.cells[x] != 0 {
					return moveErr(m, ErrBlocked)
				}
			}
		}
	}
	attack := false
	if d, ok := s.pieceAt(to); ok {
		if d.Color() == c {
			return moveErr(m, ErrOwnPiece)
		}
		if rk == Scout && dist > 1 && r.Scouts == ScoutStrikeAdjacent {
			return moveErr(m, ErrNoStrike)
		}
		attack = true
	}
	if run := &s.runs[c.index()]; run.ban.banned() && run.id == s.cells[from] && run.ban.crossed(from, via, to) {
		return moveErr(m, ErrTwoSquares)
	}
	if !attack && r.MoreSquares != MoreSquaresOff && s.chases[c.index()].on && s.chaseForbids(c, pc, from, to) {
		return moveErr(m, ErrMoreSquares)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// offBoardErr returns the error of a move with a square off the board r:
// [ErrLake] when each such square is a lake, else [ErrOffBoard].
func offBoardErr(r *Rules, m Move) error {
	for _, q := range [...]Square{m.From, m.To, m.Via} {
		if q != NoSquare && !r.OnBoard(q) && !r.Lakes.Has(q) {
			return ErrOffBoard
		}
	}
	return ErrLake
}
