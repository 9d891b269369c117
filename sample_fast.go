package stratego

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// The fast path of Sampler.Sample. Every draw of one Sampler makes the
// same state but for the ranks of the hidden pieces: the same piece ids
// on the same cells, the same records. So the Sampler keeps the state of
// its first draw as a template, and a draw copies it and writes only
// what the hidden ranks change: the pieces' table, the sets of movable
// pieces and Scouts, the board hash, and the hashes (and moved pieces)
// of the remembered boards of the More-Squares records. The draws equal
// those of View.build (TestSamplerFastEqualsBuild).

// sampleTemplate is the template of a Sampler's draws.
type sampleTemplate struct {
	st          State // the first draw, its hidden pieces' ranks to be replaced
	mov, scouts bb    // st's sets without the hidden pieces
	hash        uint64
	hidden      []hiddenPiece
	// boards are the remembered boards, newest first (boards[0] is the
	// current one), as far back as the longest record reaches; lists
	// the records made of them.
	boards []boardTemplate
	lists  []listTemplate
	// cands are the viewer's moves that the More-Squares Rule may
	// forbid, when the draws must be checked for it (Sampler.moves),
	// each with whether the view forbids it; bad is set when the view's
	// moves differ from the position's in a move the rule cannot
	// forbid, so that no draw agrees.
	cands []chaseCand
	bad   bool
}

// hiddenPiece is a hidden piece of the view: its square's index, its id
// and its cell in the template.
type hiddenPiece struct {
	sq       int
	id, cell uint8
}

// boardTemplate is a remembered board: the hash of its known pieces
// less the current board's (known), the hidden pieces that stand
// elsewhere than now (moved: index in hidden, and cell), and the id of
// the piece that the next newer board's move moved (-1: none).
type boardTemplate struct {
	known uint64
	moved []movedHidden
	from  uint8
	to    uint8
	id    int16
}

type movedHidden struct {
	h    int
	cell uint8
}

// listTemplate is a list of remembered boards of the template: a chase
// of one side (c 0 or 1) or the game's record (c 2), of n boards.
type listTemplate struct {
	c, n int
}

// chaseCand is a move that the More-Squares Rule may forbid.
type chaseCand struct {
	from, to int
	pc       Piece
	forbid   bool // the view does not list it
}

// newSampleTemplate makes the template of the draws of the sampler of v
// from its first draw s.
func newSampleTemplate(v *View, s State) *sampleTemplate {
	tm := &sampleTemplate{st: s, mov: s.mov, scouts: s.scouts, hash: s.hash}
	hiddenOf := map[uint8]int{} // by id
	for i, p := range v.pos.Board.pieces {
		if p.Rank() != Unknown {
			continue
		}
		cell := cellOfSquare[i+1]
		id := s.cells[cell] - 1
		pc := s.pc[id]
		hiddenOf[id] = len(tm.hidden)
		tm.hidden = append(tm.hidden, hiddenPiece{sq: i, id: id, cell: cell})
		tm.hash ^= zobrist[cell][pc]
		tm.mov.clear(int(cell))
		tm.scouts.clear(int(cell))
	}
	// The records and the boards they reach.
	depth := 0
	for c := range 2 {
		if ch := s.chases[c]; ch.on && ch.boards != nil {
			n := 0
			for b := ch.boards; b != nil; b = b.next {
				n++
			}
			tm.lists = append(tm.lists, listTemplate{c: c, n: n})
			depth = max(depth, n)
		}
	}
	if s.seen != nil {
		n := 0
		for b := s.seen; b != nil; b = b.next {
			n++
		}
		tm.lists = append(tm.lists, listTemplate{c: 2, n: n})
		depth = max(depth, n)
	}
	if depth > 0 {
		// Boards of ids, taking the history's moves back from the current
		// one (as Position.rememberedBoards does with pieces).
		var ids [MaxSquares]int16
		for i := range ids {
			ids[i] = -1
			if cell := cellOfSquare[i+1]; s.cells[cell] != 0 && s.cells[cell] != wallCell {
				ids[i] = int16(s.cells[cell] - 1)
			}
		}
		known := func(ids *[MaxSquares]int16) uint64 {
			var h uint64
			for i, id := range ids {
				if _, hid := hiddenOf[uint8(id)]; id >= 0 && !hid {
					h ^= zobrist[cellOfSquare[i+1]][s.pc[id]]
				}
			}
			return h
		}
		k0 := known(&ids)
		hist := v.pos.History
		for k := range depth {
			bt := boardTemplate{known: known(&ids) ^ k0, id: -1}
			for i, id := range ids {
				if h, hid := hiddenOf[uint8(id)]; id >= 0 && hid && tm.hidden[h].sq != i {
					bt.moved = append(bt.moved, movedHidden{h: h, cell: cellOfSquare[i+1]})
				}
			}
			if j := len(hist) - 1 - k; j >= 0 {
				m := hist[j]
				bt.from, bt.to = cellOfSquare[m.From], cellOfSquare[m.To]
				bt.id = ids[m.To.Index()]
				ids[m.From.Index()], ids[m.To.Index()] = ids[m.To.Index()], -1
			}
			tm.boards = append(tm.boards, bt)
		}
	}
	return tm
}

// setChaseCands sets the moves the More-Squares Rule may forbid in the
// draws, with whether the view forbids each (see sampleTemplate.cands).
func (tm *sampleTemplate) setChaseCands(v *View) {
	s := tm.st
	c := v.pos.Viewer
	free := s
	free.chases[c.index()] = chase{}
	pseudo := free.AppendLegalMoves(nil)
	sortMoves(pseudo)
	listed := v.moves
	for _, m := range pseudo {
		_, in := slices.BinarySearchFunc(listed, m, Move.Compare)
		if !s.chaseCandidate(m) {
			tm.bad = tm.bad || !in
			continue
		}
		from, to := int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
		tm.cands = append(tm.cands, chaseCand{from: from, to: to, pc: s.pc[s.cells[from]-1], forbid: !in})
	}
	for _, m := range listed {
		if _, in := slices.BinarySearchFunc(pseudo, m, Move.Compare); !in {
			tm.bad = true
		}
	}
}

// fill returns the state of the draw whose board is full.
func (tm *sampleTemplate) fill(v *View, full *Board) State {
	t := tm.st
	pc := new([maxPieces]Piece)
	*pc = *t.pc
	t.pc = pc
	t.mov, t.scouts, t.hash = tm.mov, tm.scouts, tm.hash
	for _, h := range tm.hidden {
		p := full.pieces[h.sq]
		pc[h.id] = p
		t.hash ^= zobrist[h.cell][p]
		if rk := p.Rank(); rk.Movable() {
			t.mov.set(int(h.cell))
			if rk == Scout {
				t.scouts.set(int(h.cell))
			}
		}
	}
	if len(tm.lists) > 0 {
		n := 0
		for _, l := range tm.lists {
			n += l.n
		}
		nodes := make([]boardNode, n)
		var hashes [16]uint64
		hs := hashes[:0]
		for _, b := range tm.boards {
			h := t.hash ^ b.known
			for _, m := range b.moved {
				hp := tm.hidden[m.h]
				p := pc[hp.id]
				h ^= zobrist[hp.cell][p] ^ zobrist[m.cell][p]
			}
			hs = append(hs, h)
		}
		for _, l := range tm.lists {
			list := nodes[:l.n:l.n]
			nodes = nodes[l.n:]
			for i := range list {
				b := &tm.boards[i]
				list[i].hash = hs[i]
				if i+1 < l.n {
					list[i].next = &list[i+1]
					if b.id >= 0 {
						list[i].from, list[i].to, list[i].pc = b.from, b.to, pc[b.id]
					}
				}
			}
			if l.c == 2 {
				t.seen = &list[0]
			} else {
				t.chases[l.c].boards = &list[0]
			}
		}
	}
	last := v.last
	if last.Piece.Rank() == Unknown {
		last.Piece = full.At(last.Move.To)
	}
	if last.Defender.Rank() == Unknown {
		last.Defender = full.At(last.Move.To)
	}
	t.last = last
	return t
}

// chaseAgrees reports whether the More-Squares Rule forbids in s, a
// draw, exactly the moves the view forbids.
func (tm *sampleTemplate) chaseAgrees(s *State) bool {
	c := s.turn
	for _, m := range tm.cands {
		if s.chaseForbids(c, m.pc, m.from, m.to) != m.forbid {
			return false
		}
	}
	return true
}

// drawFast is drawOnce for pools of up to 64 pieces: the same draws from
// the same random numbers, with the pool's pieces of each rank kept as a
// bit set of their places in the pool, so that drawing the j-th piece of
// a class's ranks takes no scan of the pool.
func (sp *sampler) drawFast(v *View, rng *rand.Rand, full *Board) error {
	*full = v.pos.Board
	var pool [64]Rank
	n := copy(pool[:], sp.pool)
	var where [NumRanks]uint64 // bit k: pool[k] has the rank
	var ranks RankSet
	for k, rk := range pool[:n] {
		where[rk] |= 1 << k
		ranks |= 1 << rk
	}
	o := v.pos.Viewer.Opponent()
	put := func(i, k int) {
		rk := pool[k]
		full.pieces[i] = NewPiece(o, rk)
		where[rk] &^= 1 << k
		n--
		if k != n {
			lr := pool[n]
			pool[k] = lr
			where[lr] = where[lr]&^(1<<n) | 1<<k
		}
	}
	if sp.def >= 0 {
		k := sp.pickDefender(pool[:n], rng)
		if k < 0 {
			return ErrInconsistentView
		}
		put(sp.def, k)
	}
	for c := range sp.classes {
		cl := &sp.classes[c]
		if len(cl.sqs) == 0 {
			continue
		}
		var m uint64
		for rs := uint16(cl.mask & ranks); rs != 0; rs &= rs - 1 {
			m |= where[bits.TrailingZeros16(rs)]
		}
		for _, i := range cl.sqs {
			cnt := bits.OnesCount64(m)
			if cnt == 0 {
				return ErrInconsistentView
			}
			x := m
			for j := rng.IntN(cnt); j > 0; j-- {
				x &= x - 1
			}
			put(i, bits.TrailingZeros64(x))
			m = 0
			for rs := uint16(cl.mask & ranks); rs != 0; rs &= rs - 1 {
				m |= where[bits.TrailingZeros16(rs)]
			}
		}
	}
	free := sp.free
	if n < len(free) {
		return ErrInconsistentView
	}
	if n > len(free) {
		// Fewer pieces on the board than the army holds (FromBoard): the
		// Flag, if still unplaced, must be among them.
		for k, rk := range pool[:n] {
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
		k := rng.IntN(n)
		full.pieces[i] = NewPiece(o, pool[k])
		n--
		pool[k] = pool[n]
	}
	return nil
}
