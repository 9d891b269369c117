package stratego

// gen calls yield with each legal move of the side to move, in a fixed
// order, until yield returns false. It reports whether it ran to the end
// (true also when there is no move).
func (s *State) gen(yield func(Move) bool) bool {
	if s.g == nil || s.outcome.Over() {
		return true
	}
	c := s.turn
	if s.pending {
		return s.genRescues(c, yield)
	}
	r := &s.g.rules
	runID, forbid := s.twoSquaresBan(c)
	chaseOn := r.MoreSquares != MoreSquaresOff && s.chases[c].on
	strike := r.Scouts == ScoutMoveAndStrike
	captains := r.CaptainsMoveTwo
	for id := s.g.lo[c]; id < s.g.hi[c]; id++ {
		p := &s.pcs[id]
		if p.cell == 0 {
			continue
		}
		rk := p.pc.Rank()
		if !rk.Movable() {
			continue
		}
		from := int(p.cell)
		ban := id+1 == runID
		for _, d := range dirs {
			to := from + d
			v := s.cells[to]
			if v == wallCell {
				continue
			}
			if v != 0 {
				if s.pcs[v-1].pc.Color() != c &&
					(!ban || !forbid.crossed(from, 0, to)) &&
					!yield(Move{From: squareOfCell[from], To: squareOfCell[to]}) {
					return false
				}
				continue
			}
			if s.quietOK(c, p.pc, ban, &forbid, chaseOn, from, 0, to) &&
				!yield(Move{From: squareOfCell[from], To: squareOfCell[to]}) {
				return false
			}
			switch {
			case rk == Scout:
				for to += d; ; to += d {
					v = s.cells[to]
					if v == 0 {
						if s.quietOK(c, p.pc, ban, &forbid, chaseOn, from, 0, to) &&
							!yield(Move{From: squareOfCell[from], To: squareOfCell[to]}) {
							return false
						}
						continue
					}
					if v != wallCell && strike && s.pcs[v-1].pc.Color() != c &&
						(!ban || !forbid.crossed(from, 0, to)) &&
						!yield(Move{From: squareOfCell[from], To: squareOfCell[to]}) {
						return false
					}
					break
				}
			case rk == Captain && captains:
				mid := to
				for _, d2 := range dirs {
					if d2 == -d {
						continue
					}
					to2 := mid + d2
					v = s.cells[to2]
					if v == wallCell || (v != 0 && s.pcs[v-1].pc.Color() == c) {
						continue
					}
					via := 0
					m := Move{From: squareOfCell[from], To: squareOfCell[to2]}
					if d2 != d {
						via = mid
						m.Via = squareOfCell[mid]
					}
					var ok bool
					if v == 0 {
						ok = s.quietOK(c, p.pc, ban, &forbid, chaseOn, from, via, to2)
					} else {
						ok = !ban || !forbid.crossed(from, via, to2)
					}
					if ok && !yield(m) {
						return false
					}
				}
			}
		}
	}
	return true
}

// quietOK reports whether the repetition rules allow a move that is not an
// attack.
func (s *State) quietOK(c Color, pc Piece, ban bool, forbid *edges, chaseOn bool, from, via, to int) bool {
	if ban && forbid.crossed(from, via, to) {
		return false
	}
	return !chaseOn || !s.chaseForbids(c, pc, from, to)
}

func (s *State) genRescues(c Color, yield func(Move) bool) bool {
	var done [NumRanks]bool
	for id := s.g.lo[c]; id < s.g.hi[c]; id++ {
		rk := s.pcs[id].pc.Rank()
		if done[rk] || !s.rescuable(id) {
			continue
		}
		done[rk] = true
		for q := range s.g.half[c].All() {
			if s.cells[cellOfSquare[q]] == 0 && !yield(Move{To: q, Rescue: rk}) {
				return false
			}
		}
	}
	return true
}

// check is State.Check.
func (s *State) check(m Move) error {
	if s.g == nil {
		return moveErr(m, ErrGameOver)
	}
	if s.outcome.Over() {
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
		if !s.g.half[c].Has(m.To) || s.cells[cellOfSquare[m.To]] != 0 || s.rescueID(c, m.Rescue) < 0 {
			return moveErr(m, ErrRescue)
		}
		return nil
	}
	if !r.OnBoard(m.From) || !r.OnBoard(m.To) || (m.Via != NoSquare && !r.OnBoard(m.Via)) {
		return moveErr(m, ErrOffBoard)
	}
	from, to := int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
	p := s.pieceAt(from)
	if p == nil {
		return moveErr(m, ErrNoPiece)
	}
	if p.pc.Color() != c {
		return moveErr(m, ErrNotYourPiece)
	}
	rk := p.pc.Rank()
	if !rk.Movable() {
		return moveErr(m, ErrImmovable)
	}
	captain := rk == Captain && r.CaptainsMoveTwo
	via := 0
	df, dr := m.To.File()-m.From.File(), m.To.Row()-m.From.Row()
	dist := abs(df) + abs(dr)
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
	attack := false
	if d := s.pieceAt(to); d != nil {
		if d.pc.Color() == c {
			return moveErr(m, ErrOwnPiece)
		}
		if rk == Scout && dist > 1 && r.Scouts == ScoutStrikeAdjacent {
			return moveErr(m, ErrNoStrike)
		}
		attack = true
	}
	id := s.cells[from]
	if runID, forbid := s.twoSquaresBan(c); runID == id && forbid.crossed(from, via, to) {
		return moveErr(m, ErrTwoSquares)
	}
	if !attack && r.MoreSquares != MoreSquaresOff && s.chases[c].on && s.chaseForbids(c, p.pc, from, to) {
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
