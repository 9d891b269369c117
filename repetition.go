package stratego

import "math/bits"

// The repetition rules of RULES.md 6.1 (Two-Squares) and 6.2
// (More-Squares).

// edges is a set of boundaries between adjacent cells of the padded
// mailbox: bit x is the boundary between cell x and x+1 (east), bit
// numCells+x the one between x and x+stride (north).
type edges [5]uint64

func (e *edges) add(a, b int) {
	if a > b {
		a, b = b, a
	}
	i := a
	if b-a != 1 {
		i += numCells
	}
	e[i>>6] |= 1 << (i & 63)
}

// pathEdges returns the boundaries a move crosses: one for a step, k for
// a k-square slide, two for a Captain's turning move.
func pathEdges(from, via, to int) edges {
	var e edges
	if via != 0 {
		e.add(from, via)
		e.add(via, to)
		return e
	}
	step := 1
	if d := to - from; d >= stride || d <= -stride {
		step = stride
	}
	if to < from {
		step = -step
	}
	for x := from; x != to; x += step {
		e.add(x, x+step)
	}
	return e
}

// crossed reports whether a move crosses a boundary in e.
func (e *edges) crossed(from, via, to int) bool {
	p := pathEdges(from, via, to)
	return p[0]&e[0]|p[1]&e[1]|p[2]&e[2]|p[3]&e[3]|p[4]&e[4] != 0
}

func moveCells(m Move) (from, via, to int) {
	from, to = int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
	if m.Via != NoSquare {
		via = int(cellOfSquare[m.Via])
	}
	return
}

// path is the boundaries of a move's path from one cell to another,
// through via when it is not 0 (as pathEdges gives them); the zero path
// crosses none.
type path struct{ from, via, to uint8 }

func (b path) banned() bool { return b.to != 0 }

// crossed reports whether a move crosses a boundary of b.
func (b path) crossed(from, via, to int) bool {
	e := pathEdges(int(b.from), int(b.via), int(b.to))
	return e.crossed(from, via, to)
}

// runBan returns the boundaries that each of the last n moves of a run
// crossed: a further move of the run's piece that crosses one of them is
// forbidden by the Two-Squares Rule.
//
// They are a path: each is a boundary of the last move, so when that
// move is a straight slide they lie on its line, and the boundaries
// that straight moves on one line share are a run of adjacent ones (one
// boundary at most when another move turns); when it is a turning
// move they are its two boundaries or one of them.
func runBan(moves *[MaxTwoSquares]Move, n int) path {
	if b, ok := straightBan(moves, n); ok {
		return b
	}
	return edgesBan(moves, n)
}

// edgesBan is runBan from the moves' sets of boundaries, for any moves.
func edgesBan(moves *[MaxTwoSquares]Move, n int) path {
	e := pathEdges(moveCells(moves[0]))
	for _, m := range moves[1:n] {
		p := pathEdges(moveCells(m))
		for i := range e {
			e[i] &= p[i]
		}
	}
	// The lowest and highest east (h) and north (v) boundaries, by the
	// cell below or left of them.
	h0, h1, v0, v1 := -1, -1, -1, -1
	for i := range e {
		for x := e[i]; x != 0; x &= x - 1 {
			b := i<<6 | bits.TrailingZeros64(x)
			if b < numCells {
				h1 = b
				if h0 < 0 {
					h0 = b
				}
			} else {
				v1 = b - numCells
				if v0 < 0 {
					v0 = b - numCells
				}
			}
		}
	}
	switch {
	case h0 < 0 && v0 < 0:
		return path{}
	case v0 < 0:
		return path{from: uint8(h0), to: uint8(h1 + 1)}
	case h0 < 0:
		return path{from: uint8(v0), to: uint8(v1 + stride)}
	}
	// One boundary of each kind, of a turning move: they meet at its
	// middle cell.
	from, via, to := h0+1, h0, v0+stride
	if via != v0 && via != v0+stride {
		from, via = h0, h0+1
	}
	if via == to {
		to = v0
	}
	return path{from: uint8(from), via: uint8(via), to: uint8(to)}
}

// straightBan is runBan for runs of straight moves (ok false when a move
// turns), without sets of boundaries: a straight move crosses the
// boundaries between the cells lo..hi of its line, so the shared ones
// are those of the intersection of the moves' intervals, on one line.
func straightBan(moves *[MaxTwoSquares]Move, n int) (path, bool) {
	lo, hi, vertical := 0, 0, false
	for i, m := range moves[:n] {
		if m.Via != NoSquare {
			return path{}, false
		}
		a, b := int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
		if a > b {
			a, b = b, a
		}
		v := b-a >= stride
		switch {
		case i == 0:
			lo, hi, vertical = a, b, v
			continue
		case v != vertical || vertical && (a-lo)%stride != 0:
			return path{}, true // no boundary of one kind and line
		}
		lo, hi = max(lo, a), min(hi, b)
		if hi <= lo {
			return path{}, true
		}
	}
	// Two different rows (or columns) share no cell interval of more
	// than one cell: walls pad the rows, and the columns' cells differ
	// modulo stride.
	return path{from: uint8(lo), to: uint8(hi)}, true
}

// chaseForbids reports whether the More-Squares Rule forbids c's quiet
// move of piece pc from one cell to another while c's chase runs: the
// move threatens (ends next to an enemy piece), is not the chaser's
// return to the square it just left, and recreates a remembered board.
func (s *State) chaseForbids(c Color, pc Piece, from, to int) bool {
	ch := &s.chases[c.index()]
	if int(ch.to) == from && int(ch.from) == to {
		return false
	}
	// The threat is judged on the board after the move; the from-cell it
	// empties held the mover, never an enemy, so the current board answers.
	if !s.adjacentEnemy(to, c) {
		return false
	}
	h := s.hash ^ zobrist[from][pc] ^ zobrist[to][pc]
	list := ch.boards
	if s.g.rules.MoreSquares == MoreSquaresGame {
		list = s.seen
	}
	for n := list; n != nil; n = n.next {
		if n.hash == h && s.sameBoardAfter(list, n, pc, from, to) {
			return true
		}
	}
	return false
}

// chaseCandidate reports whether the More-Squares Rule could forbid m,
// a legal move of the side to move were its chase not running: a quiet
// move that threatens and is not the chaser's return.
func (s *State) chaseCandidate(m Move) bool {
	if m.IsRescue() {
		return false
	}
	c := s.turn
	from, to := int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
	ch := &s.chases[c.index()]
	if s.cells[to] != 0 || (int(ch.to) == from && int(ch.from) == to) {
		return false
	}
	return s.adjacentEnemy(to, c)
}

// repetitionFilter is what the repetition rules forbid the side to move:
// moves of the piece on banCell that cross a boundary of forbid
// (Two-Squares), and, while chaseOn, the quiet moves More-Squares
// forbids.
type repetitionFilter struct {
	banCell int
	forbid  path
	chaseOn bool
}

func (s *State) repetitionFilter() repetitionFilter {
	f := repetitionFilter{banCell: -1}
	c := s.turn
	if run := &s.runs[c.index()]; run.ban.banned() {
		if s.pcs[run.id-1].onBoard() {
			f.banCell, f.forbid = int(run.cell), run.ban
		}
	}
	f.chaseOn = s.g.rules.MoreSquares != MoreSquaresOff && s.chases[c.index()].on
	return f
}

// repetitionMayForbid reports whether a repetition rule may forbid a move
// of the side to move (repetitionFilter may still find it inactive).
func (s *State) repetitionMayForbid() bool {
	i := s.turn.index()
	return s.runs[i].ban.banned() || (s.chases[i].on && s.g.rules.MoreSquares != MoreSquaresOff)
}

func (f *repetitionFilter) active() bool { return f.banCell >= 0 || f.chaseOn }

// forbids reports whether the filter forbids the move between the cells.
func (s *State) forbids(f *repetitionFilter, from, via, to int) bool {
	if from == f.banCell && f.forbid.crossed(from, via, to) {
		return true
	}
	return f.chaseOn && s.cells[to] == 0 && s.chaseForbids(s.turn, s.pc[s.cells[from]-1], from, to)
}

// sameBoardAfter reports whether the board of node n of the list whose
// head is the current board equals the board after moving pc between the
// cells. It rebuilds n's board by taking back the moves of the nodes
// before it. That the head of every list is the current board is an
// invariant of State (checked by the tests' invariant checker after
// every move, invariant_test.go).
func (s *State) sameBoardAfter(head, n *boardNode, pc Piece, from, to int) bool {
	var old, cur Board
	s.snapshot(&cur)
	old = cur
	for k := head; k != n; k = k.next {
		old.pieces[squareOfCell[k.to]-1] = 0
		old.pieces[squareOfCell[k.from]-1] = k.pc
	}
	cur.pieces[squareOfCell[from]-1] = 0
	cur.pieces[squareOfCell[to]-1] = pc
	return cur == old
}

// pushBoard returns list with the current board in front, made by the
// quiet move between the cells.
func (s *State) pushBoard(list *boardNode, from, to int) *boardNode {
	return s.node(from, to, s.pc[s.cells[to]-1], list)
}

// trackChases updates the chase records after c's move between the
// cells (RULES.md 6.2, the formal form): an attack ends both chases and,
// when its destination square is next to an enemy piece on the board
// after it, starts c's, whoever survived the fight; a quiet
// move evades in the opponent's chase if it leaves a square next to where
// the opponent's last move ended, and threatens in c's chase if it ends
// next to an enemy piece.
func (s *State) trackChases(c Color, from, to int, attack bool) {
	game := s.g.rules.MoreSquares == MoreSquaresGame
	mine, theirs := &s.chases[c.index()], &s.chases[c.index()^1]
	if attack {
		*mine, *theirs = chase{}, chase{}
		if game {
			s.seen = s.node(0, 0, 0, nil)
		}
		// The threat is judged by the destination square, not by the
		// piece on it: an attacker that lost or traded off threatens too
		// when an enemy piece stands next to the square.
		if s.adjacentEnemy(to, c) {
			mine.on, mine.to, mine.from = true, uint8(to), uint8(from)
			if !game {
				mine.boards = s.node(0, 0, 0, nil)
			}
		}
		return
	}
	if game {
		s.seen = s.pushBoard(s.seen, from, to)
	}
	if theirs.on {
		if isStep(from, int(theirs.to)) {
			if !game {
				theirs.boards = s.pushBoard(theirs.boards, from, to)
			}
		} else {
			*theirs = chase{}
		}
	}
	if s.adjacentEnemy(to, c) {
		if !mine.on {
			*mine = chase{on: true}
		}
		mine.to, mine.from = uint8(to), uint8(from)
		if !game {
			mine.boards = s.pushBoard(mine.boards, from, to)
		}
	} else if mine.on {
		*mine = chase{} // (a chase record that is not on is the zero chase)
	}
}
