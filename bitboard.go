package stratego

import "math/bits"

// bb is a set of cells of the padded mailbox: bit i is cell bbBase+i.
// The cells of the largest board, bbBase (a1) to bbBase+117 (j10), fit in
// two words; a step off them either leaves the set or lands on a wall
// cell (the bits from numCells-bbBase up are counted as wall).
type bb [2]uint64

// bbBase is the cell of bit 0 of a bb: a1's.
const bbBase = stride + 1

func (b *bb) union(o *bb) bb { return bb{b[0] | o[0], b[1] | o[1]} }

func (b *bb) set(c int)   { i := c - bbBase; b[i>>6] |= 1 << (i & 63) }
func (b *bb) clear(c int) { i := c - bbBase; b[i>>6] &^= 1 << (i & 63) }

// has reports whether cell c (bbBase <= c < bbBase+128) is in the set.
func (b *bb) has(c int) bool { i := c - bbBase; return b[i>>6]&(1<<(i&63)) != 0 }

// shl returns the set of words lo, hi moved n cells up the cell order
// (north for n = stride, east for 1); shr moves it down (south, west).
// With the distance a variable they take no branch.
// (n is 1 or stride; the masks tell the compiler that no shift reaches
// 64.)
func shl(lo, hi uint64, n uint) (uint64, uint64) {
	return lo << (n & 63), hi<<(n&63) | lo>>((64-n)&63)
}
func shr(lo, hi uint64, n uint) (uint64, uint64) {
	return lo>>(n&63) | hi<<((64-n)&63), hi >> (n & 63)
}

// wallBB returns the cells of walls (off the board or lakes) of walls.
func wallBB(walls *[numCells]uint8) bb {
	var w bb
	for i := range w {
		w[i] = ^uint64(0)
	}
	for i, v := range walls {
		if v != wallCell {
			w.clear(i) // all such cells are on the largest board
		}
	}
	return w
}

// idCells returns the cell of each piece on the board, by id (0 for a
// piece off the board).
func (s *State) idCells() (t [maxPieces]uint8) {
	for w, x := range s.occ[0].union(&s.occ[1]) {
		for ; x != 0; x &= x - 1 {
			cell := bbBase + w<<6 + bits.TrailingZeros64(x)
			t[s.cells[cell]-1] = uint8(cell)
		}
	}
	return
}

// captainCells appends to dst the cells of c's Captains on the board, in
// id order, and returns it.
func (s *State) captainCells(dst []uint8, c Color) []uint8 {
	me := &s.occ[c.index()]
	for w := range 2 {
		for x := s.mov[w] & me[w]; x != 0; x &= x - 1 {
			cell := bbBase + w<<6 + bits.TrailingZeros64(x)
			id := s.cells[cell] - 1
			if s.pc[id].Rank() != Captain {
				continue
			}
			dst = append(dst, uint8(cell))
			for i := len(dst) - 1; i > 0 && s.cells[dst[i-1]] > s.cells[dst[i]]; i-- {
				dst[i-1], dst[i] = dst[i], dst[i-1]
			}
		}
	}
	return dst
}

// putPiece places piece id on cell, updating cells, masks and hash.
func (s *State) putPiece(id uint8, cell int) {
	pc := s.pc[id]
	s.pcs[id] &^= recOff
	s.cells[cell] = id + 1
	s.hash ^= zobrist[cell][pc]
	s.occ[pc.Color().index()].set(cell)
	if rk := pc.Rank(); rk.Movable() {
		s.mov.set(cell)
		if rk == Scout {
			s.scouts.set(cell)
		}
	}
}

// liftPiece takes piece id off the board, from cell.
func (s *State) liftPiece(id uint8, cell int) {
	p, pc := &s.pcs[id], s.pc[id]
	s.cells[cell] = 0
	s.hash ^= zobrist[cell][pc]
	s.occ[pc.Color().index()].clear(cell)
	s.mov.clear(cell)
	s.scouts.clear(cell)
	*p |= recOff
}

// movePiece moves piece id (a movable one) from its cell to the empty
// cell to.
func (s *State) movePiece(id uint8, from, to int) {
	pc := s.pc[id]
	s.cells[from], s.cells[to] = 0, id+1
	s.hash ^= zobrist[from][pc] ^ zobrist[to][pc]
	// from is in the sets and to is not (a defender on it was lifted):
	// one exclusive or with both cells moves the piece in each.
	f, t := &cellBB[from], &cellBB[to]
	x0, x1 := f[0]^t[0], f[1]^t[1]
	m := &s.occ[pc.Color().index()]
	m[0], m[1] = m[0]^x0, m[1]^x1
	s.mov[0], s.mov[1] = s.mov[0]^x0, s.mov[1]^x1
	if pc.Rank() == Scout {
		s.scouts[0], s.scouts[1] = s.scouts[0]^x0, s.scouts[1]^x1
	}
}

// cellBB holds the set of each cell alone (empty for the cells outside
// the bb range).
var cellBB = func() (t [numCells]bb) {
	for c := bbBase; c < min(numCells, bbBase+128); c++ {
		t[c].set(c)
	}
	return
}()
