package stratego

// appendMoves appends the legal moves of the side to move to dst, in a
// fixed order, and returns it; it stops once dst holds limit moves (so a
// limit of len(dst)+1 asks whether there is any move at all).
func (s *State) appendMoves(dst []Move, limit int) []Move {
	if s.g == nil || s.outcome.Over() {
		return dst
	}
	c := s.turn
	if s.pending {
		return s.appendRescues(dst, limit)
	}
	g := s.g
	r := &g.rules
	var runID uint8
	var forbid *edges
	if run := &s.runs[c]; run.banned {
		runID, forbid = run.id, &run.ban
	}
	chaseOn := r.MoreSquares != MoreSquaresOff && s.chases[c].on
	strike := r.Scouts == ScoutMoveAndStrike
	captains := r.CaptainsMoveTwo
	// Enemy pieces are the cells whose value v has v-elo < en.
	o := c.Opponent()
	elo, en := g.lo[o]+1, g.hi[o]-g.lo[o]
	for id := g.lo[c]; id < g.hi[c]; id++ {
		p := &s.pcs[id]
		if p.cell == 0 || !p.pc.Rank().Movable() {
			continue
		}
		rk := p.pc.Rank()
		from := int(p.cell)
		ban := id+1 == runID
		for _, d := range dirs {
			to := from + d
			v := s.cells[to]
			if v != 0 {
				if v-elo < en && (!ban || !forbid.crossed(from, 0, to)) {
					dst = append(dst, Move{From: squareOfCell[from], To: squareOfCell[to]})
					if len(dst) >= limit {
						return dst
					}
				}
				continue
			}
			if (!ban || !forbid.crossed(from, 0, to)) && (!chaseOn || !s.chaseForbids(c, p.pc, from, to)) {
				dst = append(dst, Move{From: squareOfCell[from], To: squareOfCell[to]})
				if len(dst) >= limit {
					return dst
				}
			}
			switch {
			case rk == Scout:
				for to += d; ; to += d {
					v = s.cells[to]
					if v == 0 {
						if (!ban || !forbid.crossed(from, 0, to)) && (!chaseOn || !s.chaseForbids(c, p.pc, from, to)) {
							dst = append(dst, Move{From: squareOfCell[from], To: squareOfCell[to]})
							if len(dst) >= limit {
								return dst
							}
						}
						continue
					}
					if strike && v-elo < en && (!ban || !forbid.crossed(from, 0, to)) {
						dst = append(dst, Move{From: squareOfCell[from], To: squareOfCell[to]})
						if len(dst) >= limit {
							return dst
						}
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
					if v != 0 && v-elo >= en {
						continue // a wall or an own piece
					}
					via := 0
					m := Move{From: squareOfCell[from], To: squareOfCell[to2]}
					if d2 != d {
						via = mid
						m.Via = squareOfCell[mid]
					}
					ok := !ban || !forbid.crossed(from, via, to2)
					if ok && v == 0 && chaseOn {
						ok = !s.chaseForbids(c, p.pc, from, to2)
					}
					if ok {
						dst = append(dst, m)
						if len(dst) >= limit {
							return dst
						}
					}
				}
			}
		}
	}
	return dst
}

// hasMove reports whether the side to move has a legal move.
func (s *State) hasMove() bool {
	var one [1]Move
	return len(s.appendMoves(one[:0], 1)) > 0
}

func (s *State) appendRescues(dst []Move, limit int) []Move {
	c := s.turn
	var done [NumRanks]bool
	for id := s.g.lo[c]; id < s.g.hi[c]; id++ {
		rk := s.pcs[id].pc.Rank()
		if done[rk] || !s.rescuable(id) {
			continue
		}
		done[rk] = true
		for q := range s.g.half[c].All() {
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
	if run := &s.runs[c]; run.banned && run.id == s.cells[from] && run.ban.crossed(from, via, to) {
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
