package stratego

import "errors"

// Validation of a Position: what ParsePosition and Position.State check.

func posErr(c Color, sq Square, reason string) error {
	return &SetupError{Color: c, Square: sq, Reason: reason}
}

// build checks p and, when make is set, returns its state. A view passes
// the checks that do not need the hidden ranks.
func (p Position) build(mk, derive bool) (State, error) {
	r := p.Rules
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if !p.Turn.IsValid() {
		return State{}, posErr(NoColor, NoSquare, "side to move must be red or blue")
	}
	if p.Ply < 0 || p.Ply > 1<<30 || p.PliesWithoutAttack < 0 || p.PliesWithoutAttack > p.Ply {
		return State{}, posErr(NoColor, NoSquare, "counters out of range")
	}
	if !p.Outcome.IsValid() {
		return State{}, posErr(NoColor, NoSquare, "invalid outcome")
	}
	if p.Viewer != NoColor && !p.Viewer.IsValid() {
		return State{}, posErr(NoColor, NoSquare, "viewer must be red or blue")
	}
	if mk && p.IsView() {
		return State{}, ErrHidden
	}
	var count [3]Army
	var hidden [3]int
	var rescues [3]int
	flagOn := [3]bool{}
	for i, pc := range p.Board {
		sq := Square(i + 1)
		if pc == 0 {
			if p.Known[i] != 0 || p.Rescuers.Has(sq) {
				return State{}, posErr(NoColor, sq, "marks on an empty square")
			}
			continue
		}
		if !pc.IsValid() {
			return State{}, posErr(NoColor, sq, "not a piece")
		}
		if !r.OnBoard(sq) {
			return State{}, posErr(pc.Color(), sq, "square is off the board or a lake")
		}
		if err := p.checkKnown(pc, p.Known[i]); err != nil {
			return State{}, posErr(pc.Color(), sq, err.Error())
		}
		if err := p.checkBeat(pc, p.Known[i], p.beatAt(i)); err != nil {
			return State{}, posErr(pc.Color(), sq, err.Error())
		}
		if pc.Rank() == Unknown {
			hidden[pc.Color()]++
		} else {
			count[pc.Color()][pc.Rank()]++
		}
		if pc.Rank() == Flag {
			flagOn[pc.Color()] = true
		}
		if p.Rescuers.Has(sq) {
			rescues[pc.Color()]++
		}
	}
	for _, bm := range p.beats {
		if bm.Sq < 0 || bm.Sq >= MaxSquares || p.Board[bm.Sq] == 0 {
			return State{}, posErr(NoColor, NoSquare, "silent-defense mark on an empty square")
		}
	}
	if occ := p.occupied(); p.Rescuers.Intersect(SquareSet{^occ[0], ^occ[1]}) != (SquareSet{}) {
		return State{}, posErr(NoColor, NoSquare, "rescue mark on an empty square")
	}
	for _, cp := range p.Captured {
		if !cp.Piece.IsValid() {
			return State{}, posErr(NoColor, NoSquare, "a captured piece is not a piece")
		}
		if err := p.checkKnown(cp.Piece, cp.Known); err != nil {
			return State{}, posErr(cp.Piece.Color(), NoSquare, "captured piece: "+err.Error())
		}
		if cp.Piece.Rank() == Unknown {
			hidden[cp.Piece.Color()]++
		} else {
			count[cp.Piece.Color()][cp.Piece.Rank()]++
		}
		if cp.Rescuer {
			rescues[cp.Piece.Color()]++
		}
	}
	for _, c := range []Color{Red, Blue} {
		extra := 0
		for rk := Spy; rk <= Flag; rk++ {
			if count[c][rk] > r.Army[rk] {
				return State{}, posErr(c, NoSquare, "more "+rk.String()+" pieces than the army has")
			}
			extra += int(r.Army[rk] - count[c][rk])
		}
		if hidden[c] > extra {
			return State{}, posErr(c, NoSquare, "more pieces than the army has")
		}
		if rescues[c] > r.Rescues {
			return State{}, posErr(c, NoSquare, "more rescues than the rules allow")
		}
		lost := p.Outcome.Reason == FlagCaptured && p.Outcome.Winner == c.Opponent()
		if hidden[c] == 0 && flagOn[c] == lost {
			if lost {
				return State{}, posErr(c, NoSquare, "flag captured but still on the board")
			}
			return State{}, posErr(c, NoSquare, "needs its flag on the board")
		}
	}
	if p.RescueDue && (r.Rescues == 0 || p.Outcome.Over()) {
		return State{}, posErr(p.Turn, NoSquare, "rescue due where none is possible")
	}
	// Repetition record.
	for c := Red; c <= Blue; c++ {
		ms := p.runs[c]
		if len(ms) > r.TwoSquares {
			return State{}, posErr(c, NoSquare, "run longer than the Two-Squares limit")
		}
		for _, m := range ms {
			if !runMoveOK(&r, m) {
				return State{}, posErr(c, m.From, "run move "+m.String()+" is not a move on the board")
			}
		}
		if len(ms) > 0 {
			last := ms[len(ms)-1].To
			if pc := p.Board[last.Index()]; pc == 0 || pc.Color() != c || (pc.Rank() != Unknown && !pc.Rank().Movable()) {
				return State{}, posErr(c, last, "run ends where no piece of its side stands")
			}
		}
		ch := p.chases[c]
		if ch.from == NoSquare {
			continue
		}
		switch {
		case r.MoreSquares == MoreSquaresOff:
			return State{}, posErr(c, NoSquare, "a chase under rules without the More-Squares Rule")
		case !r.OnBoard(ch.from) || !r.OnBoard(ch.to) || ch.from == ch.to:
			return State{}, posErr(c, ch.from, "chase move not on the board")
		case r.MoreSquares == MoreSquaresGame && ch.boards != 0:
			return State{}, posErr(c, NoSquare, "chase boards under the game scope")
		case r.MoreSquares == MoreSquaresChase && ch.boards == 0:
			return State{}, posErr(c, NoSquare, "chase without boards")
		}
	}
	if (r.MoreSquares == MoreSquaresGame) != (p.seen > 0) {
		return State{}, posErr(NoColor, NoSquare, "board count does not fit the More-Squares scope")
	}
	want := max(p.chases[Red].boards, p.chases[Blue].boards, p.seen) - 1
	if len(p.history) != max(want, 0) {
		return State{}, posErr(NoColor, NoSquare, "history length does not fit the remembered boards")
	}
	boards, err := p.rememberedBoards(nil)
	if err != nil || !mk {
		return State{}, err
	}
	return p.restore(boards, derive)
}

// checkKnown checks what is known of pc: known flags only, a far move is
// a move, a piece shown to have moved is movable, and in a view an enemy
// piece shows its rank exactly when the rank is known.
func (p *Position) checkKnown(pc Piece, k Knowledge) error {
	long, turn := k&KnownLong != 0, k&KnownTurn != 0
	switch hidden := pc.Rank() == Unknown; {
	case k&^allKnown != 0:
		return errors.New("unknown knowledge flags")
	case k&KnownFar != 0 && k&KnownMoved == 0:
		return errors.New("moved far but not moved")
	case (long || turn) && k&KnownFar == 0:
		return errors.New("a long or turning move but not moved far")
	case (long || turn) && !p.Rules.CaptainsMoveTwo:
		return errors.New("long or turning moves are told apart only where Captains move two squares")
	case long && turn:
		return errors.New("both a long and a turning move")
	case k&KnownMoved != 0 && !hidden && !pc.Rank().Movable():
		return errors.New("an immovable piece has moved")
	case !hidden && k&KnownFar != 0 && p.farRanks(k)&(1<<pc.Rank()) == 0:
		return errors.New("a " + pc.Rank().String() + " cannot have made its far move")
	case hidden && (!p.Viewer.IsValid() || pc.Color() == p.Viewer):
		return errors.New("a hidden rank needs a viewer, and only its enemy's ranks are hidden")
	case p.Viewer.IsValid() && pc.Color() != p.Viewer && hidden == (k&KnownRank != 0):
		return errors.New("an enemy piece of a view shows its rank exactly when it is known")
	}
	return nil
}

// checkBeat checks the silent-defense mark of pc (the attacker ranks
// beat, if any): only under silent defense, only on a piece whose rank
// was not shown, only movable attackers, and a rank that beats them all.
func (p *Position) checkBeat(pc Piece, k Knowledge, beat RankSet) error {
	switch {
	case beat == 0:
		return nil
	case p.Rules.Info != InfoSilentDefense:
		return errors.New("a silent-defense mark (\"<\") under rules without silent defense")
	case k&KnownRank != 0:
		return errors.New("a silent-defense mark (\"<\") on a piece whose rank was shown")
	case beat&^movableRanks != 0:
		return errors.New("a silent-defense mark with an immovable attacker")
	case pc.Rank() != Unknown && p.beatRanks(beat)&(1<<pc.Rank()) == 0:
		return errors.New("a " + pc.Rank().String() + " cannot have beaten the attackers of its silent-defense mark")
	}
	return nil
}

// beatRanks returns the ranks of a defender that beats ([Resolve] gives
// DefenderWins) an attacker of every rank in beat: all ranks when beat is
// empty.
func (p *Position) beatRanks(beat RankSet) RankSet {
	return beatRanks(&p.Rules, beat)
}

func beatRanks(r *Rules, beat RankSet) RankSet {
	m := allRanks
	for a := Spy; a <= Marshal; a++ {
		if beat&(1<<a) == 0 {
			continue
		}
		for d := Spy; d <= Flag; d++ {
			if Resolve(*r, a, d) != DefenderWins {
				m &^= 1 << d
			}
		}
	}
	return m
}

// farRanks returns the ranks a piece with knowledge k (which has
// KnownFar) may have by its far moves: a Scout, or where Captains move
// two squares a Captain too, unless a long or turning move tells which.
func (p *Position) farRanks(k Knowledge) RankSet {
	switch {
	case k&KnownLong != 0:
		return 1 << Scout
	case k&KnownTurn != 0:
		return 1 << Captain
	case p.Rules.CaptainsMoveTwo:
		return 1<<Scout | 1<<Captain
	}
	return 1 << Scout
}

// rememberedBoards returns the boards of the repetition record, newest
// first, by taking back the history's moves from the board, reusing dst.
func (p *Position) rememberedBoards(dst []Board) ([]Board, error) {
	boards := append(dst[:0], p.Board)
	for i := len(p.history) - 1; i >= 0; i-- {
		m := p.history[i]
		b := boards[len(boards)-1]
		if m.Via != NoSquare || !p.Rules.OnBoard(m.From) || !p.Rules.OnBoard(m.To) ||
			b[m.To.Index()] == 0 || b[m.From.Index()] != 0 {
			return nil, posErr(NoColor, m.From, "history move "+m.String()+" does not fit the board")
		}
		b[m.From.Index()], b[m.To.Index()] = b[m.To.Index()], 0
		boards = append(boards, b)
	}
	return boards, nil
}

func (p Position) occupied() SquareSet {
	var s SquareSet
	for i, pc := range p.Board {
		if pc != 0 {
			s = s.With(Square(i + 1))
		}
	}
	return s
}

// runMoveOK reports whether m is a piece move on the board: along a line,
// or a turning two-square move through Via.
func runMoveOK(r *Rules, m Move) bool {
	if !m.IsValid() || m.IsRescue() || !r.OnBoard(m.From) || !r.OnBoard(m.To) {
		return false
	}
	if m.Via != NoSquare {
		return r.OnBoard(m.Via) && isStep(cellOf(m.From), cellOf(m.Via)) && isStep(cellOf(m.Via), cellOf(m.To)) &&
			m.From.File() != m.To.File() && m.From.Row() != m.To.Row()
	}
	return m.From.File() == m.To.File() || m.From.Row() == m.To.Row()
}
