package stratego

// Rebuilding a State from a checked Position.

// State returns the state of the position. It fails with the
// *[RulesError] of invalid rules (so for the zero Position), with
// [ErrHidden] for a player's view ([Position.IsView]), and with an error
// wrapping [ErrSetup] when the position breaks the other checks of
// [ParsePosition].
func (p Position) State() (State, error) {
	return p.literal().build(true, false)
}

// StateWithRulesOutcome is [Position.State] for a position read from a
// form that does not record how the game stands (such as StraDos3, or a
// puzzle): when p.Outcome is not over, the state gets the outcome the
// rules give to p's board, turn and counters (so a side without a legal
// move has lost) where State would refuse the position. A finished
// p.Outcome is checked as State checks it.
func (p Position) StateWithRulesOutcome() (State, error) {
	return p.literal().build(true, true)
}

// Validate reports whether p passes the checks of [ParsePosition]
// without making a state, so it checks a player's view too (the checks
// that do not need the hidden ranks): nil, the *[RulesError] of invalid
// rules, or an error wrapping [ErrSetup].
func (p Position) Validate() error {
	_, err := p.literal().build(false, false)
	return err
}

// literal returns p with the repetition record a Position literal lacks
// under the More-Squares "game" scope: the current board as the one
// board remembered, as at the start of a game.
func (p Position) literal() Position {
	if p.Rules.MoreSquares == MoreSquaresGame && p.seen == 0 && len(p.history) == 0 {
		p.seen = 1
	}
	return p
}

func hashBoard(b *Board) uint64 {
	var h uint64
	for i, pc := range b {
		if pc != 0 {
			h ^= zobrist[cellOfSquare[i+1]][pc]
		}
	}
	return h
}

// boardList returns the list of the k newest boards, each node with the
// history move that made it (boards[0] is the current board, boards[i+1]
// the board before boards[i], made from it by taking back
// history[len(history)-1-i]).
func boardList(boards []Board, history []Move, k int) *boardNode {
	var n *boardNode
	for i := k - 1; i >= 0; i-- {
		node := &boardNode{hash: hashBoard(&boards[i]), next: n}
		if j := len(history) - 1 - i; n != nil && j >= 0 {
			m := history[j]
			node.from, node.to = cellOfSquare[m.From], cellOfSquare[m.To]
			node.pc = boards[i][m.To.Index()]
		}
		n = node
	}
	return n
}

// setIDs sets the ranges of piece ids of each side in g as place gives
// them: red's pieces on the board in square order, then its captured
// pieces, then blue's likewise. It reports false when there are more
// pieces than a game holds.
func (p *Position) setIDs(g *game) bool {
	id := 0
	for _, c := range []Color{Red, Blue} {
		g.lo[c.index()] = uint8(min(id, maxPieces))
		for _, pc := range p.Board {
			if pc != 0 && pc.Color() == c {
				id++
			}
		}
		for _, cp := range p.Captured {
			if cp.Piece.Color() == c {
				id++
			}
		}
		g.hi[c.index()] = uint8(min(id, maxPieces))
	}
	return id <= maxPieces
}

// place returns the state of p in game g (whose ids setIDs has set),
// with its remembered boards (newest first), but for its outcome and
// last event.
func (p *Position) place(g *game, boards []Board) State {
	s := State{g: g, pc: new([maxPieces]Piece), cells: g.walls, turn: p.Turn, ply: int32(p.Ply), quiet: int32(p.PliesWithoutAttack), pending: p.RescueDue}
	id := 0
	add := func(pc Piece, k Knowledge, resc bool, sq Square) {
		s.pc[id], s.pcs[id] = pc, pieceRec{know: k}
		if sq != NoSquare {
			s.putPiece(uint8(id), int(cellOfSquare[sq]))
		}
		if resc {
			s.rescuer.add(uint8(id))
			s.rescues[pc.Color().index()]++
		}
		id++
	}
	if p.RescueDue {
		// The piece that earned the due rescue is marked already; the
		// rescue counts once it is made.
		s.rescues[p.Turn.index()]--
	}
	for _, c := range []Color{Red, Blue} {
		for i, pc := range p.Board {
			if pc != 0 && pc.Color() == c {
				sq := Square(i + 1)
				add(pc, p.Known[i], p.Rescuers.Has(sq), sq)
			}
		}
		for _, cp := range p.Captured {
			if cp.Piece.Color() == c {
				add(cp.Piece, cp.Known, cp.Rescuer, NoSquare)
			}
		}
	}
	for _, bm := range p.beats {
		id := s.cells[cellOfSquare[bm.Sq+1]] - 1
		for a := Spy; a <= Marshal; a++ {
			if bm.Beat&(1<<a) != 0 {
				s.beat = &beatNode{id: id, attacker: a, next: s.beat}
			}
		}
	}
	for c := Red; c <= Blue; c++ {
		if ms := p.runs[c]; len(ms) > 0 {
			run := &s.runs[c.index()]
			run.id = s.cells[cellOfSquare[ms[len(ms)-1].To]]
			run.n = uint8(len(ms))
			for i, m := range ms {
				run.moves[len(ms)-1-i] = m
			}
			run.setBan(p.Rules.TwoSquares)
		}
		if ch := p.chases[c]; ch.from != NoSquare {
			s.chases[c.index()] = chase{on: true, from: cellOfSquare[ch.from], to: cellOfSquare[ch.to],
				boards: boardList(boards, p.history, ch.boards)}
		}
	}
	s.seen = boardList(boards, p.history, p.seen)
	return s
}

// restore makes the state of a checked position with its remembered
// boards (newest first).
func (p Position) restore(boards []Board, derive bool) (State, error) {
	base, err := newState(p.Rules, &Board{}, p.Turn)
	if err != nil {
		return State{}, err
	}
	if !p.setIDs(base.g) {
		return State{}, posErr(NoColor, NoSquare, "more pieces than a game holds")
	}
	s := p.place(base.g, boards)
	if s.pending {
		if !s.canRescue(s.turn) {
			return State{}, posErr(s.turn, NoSquare, "rescue due but nothing to rescue or no square")
		}
		if p.Outcome.Over() {
			return State{}, posErr(s.turn, NoSquare, "rescue due in a finished game")
		}
		return s, nil
	}
	want := s.endCheck(false)
	if derive && !p.Outcome.Over() {
		s.outcome = want
		return s, nil
	}
	switch o := p.Outcome; {
	case o.Reason == FlagCaptured:
		// Not decided by the end check (the flag's absence was checked).
	case o.Reason == Resignation || o.Reason == DrawAgreed:
		if want.Over() {
			return State{}, posErr(NoColor, NoSquare, "outcome "+o.String()+" after the game ended: "+want.String())
		}
	case o != want:
		return State{}, posErr(NoColor, NoSquare, "outcome "+o.String()+" but the rules give "+want.String())
	}
	s.outcome = p.Outcome
	return s, nil
}
