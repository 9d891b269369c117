package stratego

import "errors"

// Validation of a Position: what ParsePosition and Position.State check.

// posErr returns the *PositionError of a position that no game reaches.
func posErr(c Color, sq Square, reason string) error {
	return &PositionError{Color: c, Square: sq, Reason: reason}
}

// fieldErr names the field of Position at fault in err, a
// *PositionError, unless it names one already.
func fieldErr(field string, err error) error {
	var pe *PositionError
	if errors.As(err, &pe) && pe.Field == "" {
		pe.Field = field
	}
	return err
}

// placeErr returns the *PositionError of a position whose pieces break
// the rules (it wraps ErrSetup too).
func placeErr(c Color, sq Square, reason string) error {
	return &PositionError{Color: c, Square: sq, Reason: reason, placement: true}
}

// validate checks p as ParsePosition does (a view passes the checks
// that do not need the hidden ranks) and returns the boards of its
// repetition record, newest first.
func (p *Position) validate() ([]Board, error) {
	if err := p.checkHeader(); err != nil {
		return nil, err
	}
	return p.checkBody()
}

// checkBody checks what checkHeader does not: the pieces and the
// repetition record; it returns the boards of the record.
func (p *Position) checkBody() ([]Board, error) {
	if err := p.checkPieces(); err != nil {
		return nil, err
	}
	return p.checkRecord()
}

// checkHeader checks the rules, the side to move, the counters, the
// outcome and the viewer.
func (p *Position) checkHeader() error {
	if err := p.Rules.Validate(); err != nil {
		return err
	}
	switch {
	case !p.Turn.IsValid():
		return fieldErr("Turn", posErr(NoColor, NoSquare, "side to move must be red or blue"))
	case p.Ply < 0 || p.Ply > 1<<30:
		return fieldErr("Ply", posErr(NoColor, NoSquare, "counters out of range"))
	case p.PliesWithoutAttack < 0 || p.PliesWithoutAttack > p.Ply:
		return fieldErr("PliesWithoutAttack", posErr(NoColor, NoSquare, "counters out of range"))
	case !p.Outcome.IsValid():
		return fieldErr("Outcome", posErr(NoColor, NoSquare, "invalid outcome"))
	case p.Viewer != NoColor && !p.Viewer.IsValid():
		return fieldErr("Viewer", posErr(NoColor, NoSquare, "viewer must be red or blue"))
	}
	return nil
}

// pieceCount is what checkPieces counts of one side's pieces.
type pieceCount struct {
	ranks   Army // the pieces of each shown rank, on the board or captured
	hidden  int  // the pieces of hidden rank
	rescues int  // the pieces marked as rescuers
	flagOn  bool // a shown Flag is on the board
}

// checkPieces checks the pieces on the board and the captured ones, and
// that each side's pieces fit its army.
func (p *Position) checkPieces() error {
	var count [2]pieceCount // by Color.index
	spectator := !p.Viewer.IsValid() && p.hides()
	if err := p.checkBoard(&count, spectator); err != nil {
		return fieldErr("Board", err)
	}
	if err := p.checkCaptured(&count, spectator); err != nil {
		return fieldErr("Captured", err)
	}
	for _, c := range []Color{Red, Blue} {
		if err := p.checkArmy(c, &count[c.index()]); err != nil {
			return fieldErr("Board", err)
		}
	}
	if p.RescueDue && (p.Rules.Rescues == 0 || p.Outcome.IsOver()) {
		return fieldErr("RescueDue", posErr(p.Turn, NoSquare, "rescue due where none is possible"))
	}
	if p.RescueDue && !p.rescuerOnBoard(p.Turn) {
		// The piece that earns a rescue is marked as it reaches the back
		// row; without it the side would have made -1 rescues.
		return fieldErr("RescueDue", posErr(p.Turn, NoSquare, "rescue due but no piece of the side to move on the board has the rescuer mark \"^\""))
	}
	return nil
}

// rescuerOnBoard reports whether a piece of c on the board has the
// rescuer mark.
func (p *Position) rescuerOnBoard(c Color) bool {
	for sq := range p.Rescuers.All() {
		if p.Board.At(sq).Color() == c {
			return true
		}
	}
	return false
}

// checkBoard checks each square of the board and its marks, counting the
// pieces into count.
func (p *Position) checkBoard(count *[2]pieceCount, spectator bool) error {
	for i, pc := range p.Board.pieces {
		sq := Square(i + 1)
		if pc == 0 {
			if p.Known.known[i] != 0 {
				return fieldErr("Known", posErr(NoColor, sq, "marks on an empty square"))
			}
			if p.Rescuers.Has(sq) {
				return fieldErr("Rescuers", posErr(NoColor, sq, "marks on an empty square"))
			}
			continue
		}
		if !pc.IsValid() {
			return placeErr(NoColor, sq, "not a piece")
		}
		if !p.Rules.OnBoard(sq) {
			return placeErr(pc.Color(), sq, "square is off the board or a lake")
		}
		if err := p.checkKnown(pc, p.Known.known[i], spectator); err != nil {
			return fieldErr("Known", posErr(pc.Color(), sq, err.Error()))
		}
		if err := p.checkBeat(pc, p.Known.known[i], p.beatAt(i)); err != nil {
			return fieldErr("Beats", posErr(pc.Color(), sq, err.Error()))
		}
		n := &count[pc.Color().index()]
		if pc.Rank() == Unknown {
			n.hidden++
		} else {
			n.ranks[pc.Rank()]++
		}
		if pc.Rank() == Flag {
			n.flagOn = true
		}
		if p.Rescuers.Has(sq) {
			n.rescues++
		}
	}
	for i, bm := range p.Beats {
		switch {
		case !bm.Square.IsValid() || p.Board.At(bm.Square) == 0:
			return fieldErr("Beats", posErr(NoColor, bm.Square, "silent-defense mark on an empty square"))
		case i > 0 && bm.Square <= p.Beats[i-1].Square:
			return fieldErr("Beats", posErr(NoColor, bm.Square, "silent-defense marks not in square order, or two on one square"))
		case bm.Attackers == 0:
			return fieldErr("Beats", posErr(NoColor, bm.Square, "silent-defense mark without attackers"))
		}
	}
	if occ := p.occupied(); p.Rescuers.Intersect(SquareSet{^occ[0], ^occ[1]}) != (SquareSet{}) {
		return fieldErr("Rescuers", posErr(NoColor, NoSquare, "rescue mark on an empty square"))
	}
	return nil
}

// checkCaptured checks the captured pieces, counting them into count.
func (p *Position) checkCaptured(count *[2]pieceCount, spectator bool) error {
	for _, cp := range p.Captured {
		if !cp.Piece.IsValid() {
			return placeErr(NoColor, NoSquare, "a captured piece is not a piece")
		}
		if err := p.checkKnown(cp.Piece, cp.Known, spectator); err != nil {
			return posErr(cp.Piece.Color(), NoSquare, "captured piece: "+err.Error())
		}
		n := &count[cp.Piece.Color().index()]
		if cp.Piece.Rank() == Unknown {
			n.hidden++
		} else {
			n.ranks[cp.Piece.Rank()]++
		}
		if cp.Rescuer {
			n.rescues++
		}
	}
	return nil
}

// checkArmy checks that c's counted pieces fit its army and rescues, and
// that its flag is on the board exactly when the outcome says it was not
// captured.
func (p *Position) checkArmy(c Color, n *pieceCount) error {
	r := &p.Rules
	extra := 0
	for rk := Spy; rk <= Flag; rk++ {
		if n.ranks[rk] > r.Army[rk] {
			return placeErr(c, NoSquare, "more "+rk.String()+" pieces than the army has")
		}
		extra += int(r.Army[rk] - n.ranks[rk])
	}
	if n.hidden > extra {
		return placeErr(c, NoSquare, "more pieces than the army has")
	}
	if n.rescues > r.Rescues {
		return posErr(c, NoSquare, "more rescues than the rules allow")
	}
	lost := p.Outcome.Reason == FlagCaptured && p.Outcome.Winner == c.Opponent()
	if n.hidden == 0 && n.flagOn == lost {
		if lost {
			return placeErr(c, NoSquare, "flag captured but still on the board")
		}
		return placeErr(c, NoSquare, "needs its flag on the board")
	}
	return nil
}

// checkRecord checks the repetition record (the runs, the chases, the
// board count and the history) against the rules and the board, and
// returns its boards, newest first.
func (p *Position) checkRecord() ([]Board, error) {
	for i, n := range []int{p.SeenBoards, p.RedChase.Boards, p.BlueChase.Boards} {
		if n < 0 || n > 1<<30 {
			return nil, fieldErr([]string{"SeenBoards", "RedChase", "BlueChase"}[i], posErr(NoColor, NoSquare, "board counts out of range"))
		}
	}
	for c := Red; c <= Blue; c++ {
		if err := p.checkRun(c); err != nil {
			return nil, fieldErr(c.field("Run"), err)
		}
		if err := p.checkChase(c); err != nil {
			return nil, fieldErr(c.field("Chase"), err)
		}
	}
	if (p.Rules.MoreSquares == MoreSquaresGame) != (p.SeenBoards > 0) {
		return nil, fieldErr("SeenBoards", posErr(NoColor, NoSquare, "board count does not fit the More-Squares scope"))
	}
	want := max(p.RedChase.Boards, p.BlueChase.Boards, p.SeenBoards) - 1
	if len(p.History) != max(want, 0) {
		return nil, fieldErr("History", posErr(NoColor, NoSquare, "history length does not fit the remembered boards"))
	}
	boards, err := p.rememberedBoards(nil)
	return boards, fieldErr("History", err)
}

// checkRun checks c's Two-Squares run: within the limit, moves on the
// board, ending where a movable piece of c stands.
func (p *Position) checkRun(c Color) error {
	ms := *p.run(c)
	if len(ms) > p.Rules.TwoSquares {
		return posErr(c, NoSquare, "run longer than the Two-Squares limit")
	}
	for _, m := range ms {
		if !runMoveOK(&p.Rules, m) {
			return posErr(c, m.From, "run move "+m.String()+" is not a move on the board")
		}
	}
	if len(ms) > 0 {
		last := ms[len(ms)-1].To
		if pc := p.Board.pieces[last.Index()]; pc == 0 || pc.Color() != c || (pc.Rank() != Unknown && !pc.Rank().Movable()) {
			return posErr(c, last, "run ends where no piece of its side stands")
		}
	}
	return nil
}

// checkChase checks c's running chase against the More-Squares setting
// and the board.
func (p *Position) checkChase(c Color) error {
	r := &p.Rules
	ch := p.chase(c)
	switch {
	case ch.Move == Move{} && ch.Boards == 0:
		return nil
	case ch.Move.From == NoSquare || ch.Move.Via != NoSquare || ch.Move.IsRescue():
		return posErr(c, NoSquare, "a chase's move is not a plain move")
	case r.MoreSquares == MoreSquaresOff:
		return posErr(c, NoSquare, "a chase under rules without the More-Squares Rule")
	case !r.OnBoard(ch.Move.From) || !r.OnBoard(ch.Move.To) || ch.Move.From == ch.Move.To:
		return posErr(c, ch.Move.From, "chase move not on the board")
	case r.MoreSquares == MoreSquaresGame && ch.Boards != 0:
		return posErr(c, NoSquare, "chase boards under the game scope")
	case r.MoreSquares == MoreSquaresChase && ch.Boards == 0:
		return posErr(c, NoSquare, "chase without boards")
	}
	return nil
}

// checkKnown checks what is known of pc: known flags only, a far move is
// a move, a piece shown to have moved is movable, and in a view a piece
// whose rank the viewer may not know (an enemy piece in a player's view,
// any piece in a spectator's) shows its rank exactly when the rank is
// known.
func (p *Position) checkKnown(pc Piece, k Knowledge, spectator bool) error {
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
	case !hidden && !knownRanks(&p.Rules, k).Has(pc.Rank()):
		return errors.New("a " + pc.Rank().String() + " cannot have made its far move")
	case hidden && p.Viewer.IsValid() && pc.Color() == p.Viewer:
		return errors.New("a player's view hides only its enemy's ranks")
	case (spectator || p.Viewer.IsValid() && pc.Color() != p.Viewer) && hidden == (k&KnownRank != 0):
		return errors.New("a piece of a view whose rank the viewer may not know shows it exactly when it is known")
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
	case pc.Rank() != Unknown && !beatRanks(&p.Rules, beat).Has(pc.Rank()):
		return errors.New("a " + pc.Rank().String() + " cannot have beaten the attackers of its silent-defense mark")
	}
	return nil
}

// rememberedBoards returns the boards of the repetition record, newest
// first, by taking back the history's moves from the board, reusing dst.
func (p *Position) rememberedBoards(dst []Board) ([]Board, error) {
	boards := append(dst[:0], p.Board)
	for i := len(p.History) - 1; i >= 0; i-- {
		m := p.History[i]
		b := boards[len(boards)-1]
		if m.Via != NoSquare || !p.Rules.OnBoard(m.From) || !p.Rules.OnBoard(m.To) ||
			b.pieces[m.To.Index()] == 0 || b.pieces[m.From.Index()] != 0 {
			return nil, posErr(NoColor, m.From, "history move "+m.String()+" does not fit the board")
		}
		b.pieces[m.From.Index()], b.pieces[m.To.Index()] = b.pieces[m.To.Index()], 0
		boards = append(boards, b)
	}
	return boards, nil
}

func (p Position) occupied() SquareSet {
	var s SquareSet
	for i, pc := range p.Board.pieces {
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

// field returns the name of c's field of Position with the suffix:
// "RedRun", "BlueChase".
func (c Color) field(suffix string) string {
	if c == Blue {
		return "Blue" + suffix
	}
	return "Red" + suffix
}
