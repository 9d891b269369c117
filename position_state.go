package stratego

// Rebuilding a State from a checked Position.

// State returns the state of the position. It fails with the
// *[RulesError] of invalid rules (so for the zero Position), with
// [ErrHidden] for a player's view ([Position.IsView]), and with a
// *[PositionError] (wrapping [ErrPosition], and [ErrSetup] too when
// the pieces are at fault) when the position breaks the other checks of
// [ParsePosition]. A Position literal has no repetition record (see
// [Position]): it makes the state of a game whose history starts here.
func (p Position) State() (State, error) {
	return p.literal().state()
}

// state is State without the literal's defaults (the parser's check).
func (p Position) state() (State, error) {
	s, want, err := p.rebuild()
	if err != nil {
		return State{}, err
	}
	return s, p.settle(&s, want)
}

// StateWithRulesOutcome is [Position.State] for a position read from a
// form that does not record how the game stands (such as StraDos3, or a
// puzzle): when p.Outcome is not over, the state gets the outcome the
// rules give to p's board, turn and counters (so a side without a legal
// move has lost) where State would refuse the position. A finished
// p.Outcome is checked as State checks it.
func (p Position) StateWithRulesOutcome() (State, error) {
	p = p.literal()
	s, want, err := p.rebuild()
	if err != nil {
		return State{}, err
	}
	if !p.Outcome.IsOver() {
		s.outcome = want
		return s, nil
	}
	return s, p.settle(&s, want)
}

// Validate reports whether p passes the checks of [ParsePosition]: nil,
// the *[RulesError] of invalid rules, or a *[PositionError] saying what
// is wrong. A full position passes exactly when [Position.State] makes
// a state of it; a player's view ([Position.IsView]) gets the checks
// that do not need the hidden ranks.
func (p Position) Validate() error {
	p = p.literal()
	var err error
	if p.IsView() {
		_, err = p.validate()
	} else {
		_, err = p.state()
	}
	return err
}

// literal returns p with the repetition record a Position literal lacks
// under the More-Squares "game" scope: the current board as the one
// board remembered, as at the start of a game.
func (p Position) literal() Position {
	if p.Rules.MoreSquares == MoreSquaresGame && p.SeenBoards == 0 && len(p.History) == 0 {
		p.SeenBoards = 1
	}
	return p
}

func hashBoard(b *Board) uint64 {
	var h uint64
	for i, pc := range b.pieces {
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
			node.pc = boards[i].pieces[m.To.Index()]
		}
		n = node
	}
	return n
}

// setIDs sets the ranges of piece ids of each side in g as place gives
// them: red's pieces on the board in square order, then its captured
// pieces, then blue's likewise. It reports false when there are more
// pieces than a game holds.
func (p *Position) setIDs(g *gameData) bool {
	id := 0
	for _, c := range []Color{Red, Blue} {
		g.lo[c.index()] = uint8(min(id, maxPieces))
		for _, pc := range p.Board.pieces {
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
func (p *Position) place(g *gameData, boards []Board) State {
	s := State{g: g, pc: new([maxPieces]Piece), cells: g.walls, turn: p.Turn, ply: int32(p.Ply), quiet: int32(p.PliesWithoutAttack), pending: p.RescueDue}
	id := 0
	add := func(pc Piece, k Knowledge, resc bool, sq Square) {
		s.pc[id], s.pcs[id] = pc, pieceRec(k)|recOff
		if sq != NoSquare {
			s.putPiece(uint8(id), int(cellOfSquare[sq]))
		}
		if resc {
			s.pcs[id] |= recRescuer
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
		for i, pc := range p.Board.pieces {
			if pc != 0 && pc.Color() == c {
				sq := Square(i + 1)
				add(pc, p.Known.known[i], p.Rescuers.Has(sq), sq)
			}
		}
		for _, cp := range p.Captured {
			if cp.Piece.Color() == c {
				add(cp.Piece, cp.Known, cp.Rescuer, NoSquare)
			}
		}
	}
	for _, bm := range p.Beats {
		id := s.cells[cellOfSquare[bm.Square]] - 1
		for a := Spy; a <= Marshal; a++ {
			if bm.Attackers&(1<<a) != 0 {
				s.beat = &beatNode{id: id, attacker: a, next: s.beat}
			}
		}
	}
	for c := Red; c <= Blue; c++ {
		if ms := *p.run(c); len(ms) > 0 {
			run := &s.runs[c.index()]
			run.cell = cellOfSquare[ms[len(ms)-1].To]
			run.id = s.cells[run.cell]
			run.n = uint8(len(ms))
			for i, m := range ms {
				run.moves[len(ms)-1-i] = m
			}
			run.setBan(p.Rules.TwoSquares)
		}
		if ch := p.chase(c); ch.Move.From != NoSquare {
			s.chases[c.index()] = chase{on: true, from: cellOfSquare[ch.Move.From], to: cellOfSquare[ch.Move.To],
				boards: boardList(boards, p.History, ch.Boards)}
		}
	}
	s.seen = boardList(boards, p.History, p.SeenBoards)
	return s
}

// rebuild checks p and makes its state, with the outcome that the
// rules give it (want) not yet set; a player's view fails with ErrHidden
// once its header is checked.
func (p *Position) rebuild() (s State, want Outcome, err error) {
	if err := p.checkHeader(); err != nil {
		return State{}, Outcome{}, err
	}
	if p.IsView() {
		return State{}, Outcome{}, ErrHidden
	}
	boards, err := p.checkBody()
	if err != nil {
		return State{}, Outcome{}, err
	}
	base, err := newState(p.Rules, &Board{}, p.Turn)
	if err != nil {
		return State{}, Outcome{}, err
	}
	if !p.setIDs(base.g) {
		return State{}, Outcome{}, fieldErr("Board", placeErr(NoColor, NoSquare, "more pieces than a game holds"))
	}
	s = p.place(base.g, boards)
	if s.pending {
		if !s.canRescue(s.turn) {
			return State{}, Outcome{}, fieldErr("RescueDue", posErr(s.turn, NoSquare, "rescue due but nothing to rescue or no square"))
		}
		if p.Outcome.IsOver() {
			return State{}, Outcome{}, fieldErr("RescueDue", posErr(s.turn, NoSquare, "rescue due in a finished game"))
		}
		return s, Outcome{}, nil
	}
	return s, s.endCheck(false), nil
}

// settle checks p's outcome against want, the outcome the rules give
// its state s, and sets it on s: a captured flag (checked with the
// pieces), a resignation or agreed draw in a game the rules have not
// ended, or exactly want.
func (p *Position) settle(s *State, want Outcome) error {
	switch o := p.Outcome; {
	case o.Reason == FlagCaptured:
		// Not decided by the end check (the flag's absence was checked).
	case o.Reason == Resignation || o.Reason == DrawAgreed:
		if want.IsOver() {
			return fieldErr("Outcome", posErr(NoColor, NoSquare, "outcome "+o.String()+" after the game ended: "+want.String()))
		}
	case o != want:
		return fieldErr("Outcome", posErr(NoColor, NoSquare, "outcome "+o.String()+" but the rules give "+want.String()))
	}
	s.outcome = p.Outcome
	return nil
}
