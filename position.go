package stratego

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Position is a game position as plain data, the structured form of the
// one-line position text (like chess's FEN): the rules, every piece with
// what its opponent knows about it, the captured pieces, the side to move,
// the counters the rules need, the outcome, and the repetition record of
// the Two-Squares and More-Squares rules. [State.Position] and
// [Position.State] convert without loss: the state rebuilt from a
// position has the same legal moves and the same future as the original
// (only [State.LastEvent] is not kept).
//
// Every part of a position is a field, the repetition record and the
// silent-defense marks included; a literal that leaves them empty has
// the empty history of the start of a game and no fight won unseen.
// [Position.Validate] and [Position.State] check every field, and a
// position that no game reaches is refused with a *[PositionError]
// whose Field names the field at fault (a program that edits the pieces
// of a position taken from a game should empty its History and chases,
// which remember earlier boards).
//
// A player's view ([View.Position]) names its
// viewer and has rank [Unknown] on the enemy pieces the viewer has not
// seen; a spectator's view ([State.SpectatorView]) names no viewer and
// has rank Unknown on the pieces of both sides that their opponent has
// not seen. A view parses and prints like any position but does not make
// a State.
//
// Its text form, and that of a [View], is the "position" grammar of
// the section "Position text" of the package documentation.
type Position struct {
	Rules Rules
	// Viewer is the player whose view this is, or NoColor for a full
	// position.
	Viewer   Color
	Board    Board          // the pieces; rank Unknown for a hidden piece
	Known    KnowledgeBoard // for each square, what the opponent knows of its piece
	Rescuers SquareSet      // the pieces on the board that have made a rescue
	// Captured lists the pieces off the board; the text and
	// [State.Position] give them in canonical order (by color, rank,
	// knowledge, then rescue mark).
	Captured           []Captive
	Turn               Color   // the side to move
	RescueDue          bool    // the side to move must place a rescued piece
	Ply                int     // plies played since the start ([State.Ply])
	PliesWithoutAttack int     // plies in a row without an attack ([State.PliesWithoutAttack])
	Outcome            Outcome // how the game stands

	// Beats are the silent-defense marks ("<"), by square in index
	// order: the ranks of the attackers each piece on the board beat
	// while hidden ([InfoSilentDefense]).
	Beats []Beat

	// The repetition record (the section "Position text" of the package
	// doc): each side's Two-Squares run and More-Squares chase, the
	// number of boards remembered since the last attack under
	// MoreSquaresGame, and the quiet moves from the oldest remembered
	// board to this one. A side's run and chase are fields named for
	// the side, the names a *[PositionError]'s Field gives.
	RedRun, BlueRun     []Move
	RedChase, BlueChase Chase
	SeenBoards          int
	History             []Move
}

// Beat is a silent-defense mark: the piece on Square, its rank hidden,
// beat attackers of the ranks Attackers, which both players saw.
type Beat struct {
	Square    Square
	Attackers RankSet
}

// Chase is a running More-Squares chase: the chaser's last move (the
// zero Move for none) and the number of boards it remembers (0 under
// MoreSquaresGame).
type Chase struct {
	Move   Move
	Boards int
}

// run returns c's Two-Squares run.
func (p *Position) run(c Color) *[]Move {
	if c == Blue {
		return &p.BlueRun
	}
	return &p.RedRun
}

// chase returns c's chase.
func (p *Position) chase(c Color) *Chase {
	if c == Blue {
		return &p.BlueChase
	}
	return &p.RedChase
}

// Captive is a piece off the board, with what the opponent knew of it
// and whether it had made a rescue.
type Captive struct {
	Piece   Piece     // the piece, with its color and rank
	Known   Knowledge // what the opponent knew of it when it was taken
	Rescuer bool      // it had made a rescue (and may make no other)
}

// beatAt returns the "<" mark of the piece on the square of index i.
func (p *Position) beatAt(i int) RankSet {
	for _, b := range p.Beats {
		if b.Square == Square(i+1) {
			return b.Attackers
		}
	}
	return 0
}

// addBeat adds the ranks of beat to the mark of the square of index i,
// keeping the marks in square order.
func (p *Position) addBeat(i int, beat RankSet) {
	sq := Square(i + 1)
	k, found := slices.BinarySearchFunc(p.Beats, sq, func(b Beat, sq Square) int { return int(b.Square) - int(sq) })
	if found {
		p.Beats[k].Attackers |= beat
		return
	}
	p.Beats = slices.Insert(p.Beats, k, Beat{sq, beat})
}

// hideUnseen makes p a spectator's view position: every piece whose
// rank its opponent has not seen gets rank Unknown.
func (p *Position) hideUnseen() {
	for i, pc := range p.Board.pieces {
		if pc != 0 && p.Known.known[i]&KnownRank == 0 {
			p.Board.pieces[i] = NewPiece(pc.Color(), Unknown)
		}
	}
	for i, cp := range p.Captured {
		if cp.Known&KnownRank == 0 {
			p.Captured[i].Piece = NewPiece(cp.Piece.Color(), Unknown)
		}
	}
	sortCaptives(p.Captured)
}

// ranksAt returns the possible ranks of the hidden piece on the square
// of index i by what is known of it ([possibleRanks]).
func (p *Position) ranksAt(i int) RankSet {
	return possibleRanks(&p.Rules, p.Known.known[i], p.beatAt(i))
}

var reasonWords = [...]string{"", "flag", "nomove", "neither", "resign", "agreed", "plycap", "quietcap", "nomovable"}

// Position returns the position of s; see [Position] for what it holds.
func (s State) Position() Position {
	var p Position
	s.positionInto(&p, NoColor)
	return p.nilEmpty()
}

// positionInto writes the position of s into *p, reusing the storage of
// its lists: the view of viewer, or the full position for NoColor.
func (s *State) positionInto(p *Position, viewer Color) {
	caps, hist, beats := p.Captured[:0], p.History[:0], p.Beats[:0]
	red, blue := p.RedRun[:0], p.BlueRun[:0]
	*p = Position{Captured: caps, RedRun: red, BlueRun: blue, History: hist, Beats: beats}
	if s.g == nil {
		return
	}
	*p = Position{
		Rules:              s.g.rules,
		Turn:               s.turn,
		RescueDue:          s.pending,
		Ply:                int(s.ply),
		PliesWithoutAttack: int(s.quiet),
		Outcome:            s.outcome,
		Captured:           caps,
		RedRun:             red,
		BlueRun:            blue,
		History:            hist,
		Beats:              beats,
	}
	p.Viewer = viewer
	if p.Captured == nil {
		p.Captured = make([]Captive, 0, s.g.hi[Blue.index()]/2)
	}
	cells := s.idCells()
	for id := 0; id < int(s.g.hi[Blue.index()]); id++ {
		pr := s.pcs[id]
		resc := pr.rescuer()
		pc := s.pc[id]
		if viewer.IsValid() && pc.Color() != viewer && pr.know()&KnownRank == 0 {
			pc = NewPiece(pc.Color(), Unknown)
		}
		if !pr.onBoard() {
			p.Captured = append(p.Captured, Captive{Piece: pc, Known: pr.know(), Rescuer: resc})
			continue
		}
		sq := squareOfCell[cells[id]] // a board square: its index is sq-1
		p.Board.pieces[sq-1] = pc
		p.Known.known[sq-1] = pr.know()
		if resc {
			p.Rescuers = p.Rescuers.With(sq)
		}
	}
	for n := s.beat; n != nil; n = n.next {
		if pr := s.pcs[n.id]; pr.onBoard() && pr.know()&KnownRank == 0 {
			p.addBeat(int(squareOfCell[cells[n.id]])-1, 1<<n.attacker)
		}
	}
	sortCaptives(p.Captured)
	r := &s.g.rules
	longest := s.seen
	p.SeenBoards = listLen(s.seen)
	for c := Red; c <= Blue; c++ {
		run := &s.runs[c.index()]
		if r.TwoSquares > 0 && run.id != 0 && s.pcs[run.id-1].onBoard() {
			k := min(int(run.n), r.TwoSquares)
			for i := k - 1; i >= 0; i-- {
				*p.run(c) = append(*p.run(c), run.moves[i])
			}
		}
		if ch := &s.chases[c.index()]; ch.on {
			*p.chase(c) = Chase{Move: Move{From: squareOfCell[ch.from], To: squareOfCell[ch.to]}, Boards: listLen(ch.boards)}
			if listLen(ch.boards) > listLen(longest) {
				longest = ch.boards
			}
		}
	}
	// The history: the quiet moves between consecutive remembered boards.
	for n := longest; n != nil && n.next != nil; n = n.next {
		p.History = append(p.History, Move{From: squareOfCell[n.from], To: squareOfCell[n.to]})
	}
	slices.Reverse(p.History)
}

func listLen(n *boardNode) int {
	k := 0
	for ; n != nil; n = n.next {
		k++
	}
	return k
}

func sortCaptives(cs []Captive) { slices.SortFunc(cs, compareCaptives) }

func compareCaptives(a, b Captive) int { return cmp.Compare(a.key(), b.key()) }

// key orders captives by color, rank, knowledge, then rescue mark.
func (c Captive) key() uint32 {
	return uint32(c.Piece.Color())<<24 | uint32(c.Piece.Rank())<<16 | uint32(c.Known)<<8 | uint32(boolInt(c.Rescuer))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// viewPositionInto writes the position as player c sees it into *p,
// reusing the storage of its lists: its viewer is c, and the ranks of
// the enemy pieces c has not seen in combat (those without [KnownRank])
// are [Unknown]; everything else in a position is public. It writes the
// zero Position when c is not Red or Blue.
func (s *State) viewPositionInto(p *Position, c Color) {
	if !c.IsValid() {
		s = &State{}
	}
	s.positionInto(p, c)
}

// IsView reports whether p is a player's or a spectator's view: it names
// a viewer or hides a rank.
func (p Position) IsView() bool { return p.Viewer.IsValid() || p.hides() }

// hides reports whether p hides a rank.
func (p *Position) hides() bool {
	for _, pc := range p.Board.pieces {
		if pc.Rank() == Unknown {
			return true
		}
	}
	for _, cp := range p.Captured {
		if cp.Piece.Rank() == Unknown {
			return true
		}
	}
	return false
}

// Equal reports whether p and q hold the same position: every field
// equal, with the captured pieces
// compared in any order and an empty list equal to a nil one. (The ==
// operator does not compile on Position, as it holds lists.)
func (p Position) Equal(q Position) bool {
	if !slices.IsSortedFunc(p.Captured, compareCaptives) {
		p.Captured = slices.Clone(p.Captured)
		sortCaptives(p.Captured)
	}
	if !slices.IsSortedFunc(q.Captured, compareCaptives) {
		q.Captured = slices.Clone(q.Captured)
		sortCaptives(q.Captured)
	}
	return p.equal(&q)
}

// equal reports whether p and q are the same position.
func (p *Position) equal(q *Position) bool {
	return p.Rules == q.Rules && p.Viewer == q.Viewer && p.Board == q.Board && p.Known == q.Known && slices.Equal(p.Beats, q.Beats) &&
		p.Rescuers == q.Rescuers && slices.Equal(p.Captured, q.Captured) && p.Turn == q.Turn &&
		p.RescueDue == q.RescueDue && p.Ply == q.Ply && p.PliesWithoutAttack == q.PliesWithoutAttack &&
		p.Outcome == q.Outcome && slices.Equal(p.RedRun, q.RedRun) && slices.Equal(p.BlueRun, q.BlueRun) &&
		p.RedChase == q.RedChase && p.BlueChase == q.BlueChase && p.SeenBoards == q.SeenBoards && slices.Equal(p.History, q.History)
}

// clone returns a copy of p that shares no storage with it.
// Empty lists are nil.
func (p Position) clone() Position {
	p.Captured = cloneList(p.Captured)
	p.RedRun, p.BlueRun = cloneList(p.RedRun), cloneList(p.BlueRun)
	p.History = cloneList(p.History)
	p.Beats = cloneList(p.Beats)
	return p
}

// nilEmpty returns p with its empty lists nil.
func (p Position) nilEmpty() Position {
	if len(p.Captured) == 0 {
		p.Captured = nil
	}
	if len(p.RedRun) == 0 {
		p.RedRun = nil
	}
	if len(p.BlueRun) == 0 {
		p.BlueRun = nil
	}
	if len(p.History) == 0 {
		p.History = nil
	}
	if len(p.Beats) == 0 {
		p.Beats = nil
	}
	return p
}

func cloneList[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// String returns the text form of the position (see [Position]), or ""
// when [Position.AppendText] fails. String checks only what the text
// needs (valid rules, turn, counters and pieces): a position that breaks
// the other checks of [ParsePosition], such as an outcome other than the
// one the rules give, still has a text, which ParsePosition rejects.
func (p Position) String() string {
	b, err := p.AppendText(make([]byte, 0, 320))
	if err != nil {
		return ""
	}
	return string(b)
}

// AppendText implements [encoding.TextAppender]. It fails with an error
// wrapping [ErrInvalid] when p has no valid rules, turn or pieces (the
// error wraps the cause too: the *[RulesError] of invalid rules or a
// *[PositionError] naming what is wrong).
func (p Position) AppendText(b []byte) ([]byte, error) {
	b, err := p.appendText(b)
	return b, invalidErr(err)
}

func (p Position) appendText(b []byte) ([]byte, error) {
	r := &p.Rules
	if err := r.Validate(); err != nil {
		return b, err
	}
	if !p.Turn.IsValid() || p.Ply < 0 || p.PliesWithoutAttack < 0 || !p.Outcome.IsValid() ||
		(p.Viewer != NoColor && !p.Viewer.IsValid()) {
		return b, posErr(NoColor, NoSquare, "position has an invalid turn, counter, outcome or viewer")
	}
	b, _ = r.AppendText(b)
	b = append(b, ' ')
	n := r.Numbering
	for row := r.Height - 1; row >= 0; row-- {
		for f := 0; f < r.Width; f++ {
			sq := SquareAt(f, row)
			pc := p.Board.pieces[sq.Index()]
			switch {
			case r.Lakes.Has(sq):
				b = append(b, '~')
			case pc == 0:
				b = append(b, '.')
			default:
				if !pc.IsValid() {
					return b, placeErr(NoColor, sq, "not a piece")
				}
				b = appendPiece(b, n, pc, p.Known.known[sq.Index()], p.Rescuers.Has(sq), p.beatAt(sq.Index()))
			}
		}
		if row > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', "rb"[p.Turn-Red])
	if p.RescueDue {
		b = append(b, '@')
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.Ply), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.PliesWithoutAttack), 10)
	b = append(b, ' ')
	if len(p.Captured) == 0 {
		b = append(b, '-')
	}
	caps := p.Captured
	if !slices.IsSortedFunc(caps, compareCaptives) {
		caps = slices.Clone(caps)
		sortCaptives(caps)
	}
	for _, cp := range caps {
		if !cp.Piece.IsValid() {
			return b, placeErr(NoColor, NoSquare, "a captured piece is not a piece")
		}
		b = appendPiece(b, n, cp.Piece, cp.Known, cp.Rescuer, 0)
	}
	b = append(b, ' ')
	b = appendMoves(b, p.RedRun)
	b = append(b, '/')
	b = appendMoves(b, p.BlueRun)
	b = append(b, ' ')
	for c := Red; c <= Blue; c++ {
		if ch := p.chase(c); ch.Move.From != NoSquare {
			b, _ = ch.Move.AppendText(b)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(ch.Boards), 10)
		} else {
			b = append(b, '-')
		}
		b = append(b, '/')
	}
	b = strconv.AppendInt(b, int64(p.SeenBoards), 10)
	b = append(b, ' ')
	b = appendMoves(b, p.History)
	b = append(b, ' ')
	if !p.Outcome.IsOver() {
		b = append(b, '*')
	} else {
		switch p.Outcome.Winner {
		case Red:
			b = append(b, "red:"...)
		case Blue:
			b = append(b, "blue:"...)
		default:
			b = append(b, "draw:"...)
		}
		b = append(b, reasonWords[p.Outcome.Reason]...)
	}
	switch p.Viewer {
	case Red:
		b = append(b, " view:red"...)
	case Blue:
		b = append(b, " view:blue"...)
	}
	return b, nil
}

// rescuerMark is the mark of a piece that made a rescue; it follows the
// knowledge marks ([knowledgeFlags]) in a piece token.
const rescuerMark = '^'

func appendPiece(b []byte, n Numbering, pc Piece, k Knowledge, rescuer bool, beat RankSet) []byte {
	b = append(b, "rb"[pc.Color()-Red], n.Char(pc.Rank()))
	for _, f := range knowledgeFlags {
		if k&f.k != 0 {
			b = append(b, f.mark)
		}
	}
	if rescuer {
		b = append(b, rescuerMark)
	}
	if beat != 0 {
		b = append(b, '<')
		for rk := Spy; rk <= Marshal; rk++ {
			if beat&(1<<rk) != 0 {
				b = append(b, n.Char(rk))
			}
		}
	}
	return b
}

// MarshalText implements [encoding.TextMarshaler].
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParsePosition].
func (p *Position) UnmarshalText(b []byte) error {
	return unmarshal(p, b, ParsePosition)
}

// MarshalText implements [encoding.TextMarshaler] for a State with the
// text of its [State.Position], so that states travel as JSON strings.
func (s State) MarshalText() ([]byte, error) {
	if s.g == nil {
		return nil, errZeroState
	}
	return s.Position().AppendText(nil)
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it parses a
// position with [ParsePosition] and makes it a state with
// [Position.State].
func (s *State) UnmarshalText(b []byte) error {
	p, err := ParsePosition(string(b))
	if err != nil {
		return err
	}
	v, err := p.State()
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// posParser reads the fields of a position text into p, one step per
// field.
type posParser struct {
	text   string
	fields []string // the text split at single spaces
	off    []int    // the offset of each field in text
	p      Position
}

func (ps *posParser) err(at int, want string) error {
	return parseErr("position", ps.text, at, want)
}

// ParsePosition parses the text form of a [Position] and checks it: the
// rules are valid, pieces stand on the board, no side has more pieces of
// a rank than its army, what is known of each piece is possible, the
// repetition record fits the rules and the board, and the outcome is the
// one the rules give (a resignation or an agreed draw excepted). A view
// parses too: it names its viewer, and hides only enemy ranks that have
// not been shown.
func ParsePosition(text string) (Position, error) {
	ps := &posParser{text: text, fields: strings.Split(text, " ")}
	if len(ps.fields) != 10 && len(ps.fields) != 11 {
		return Position{}, ps.err(0, "10 fields separated by single spaces, and a viewer for a view")
	}
	ps.off = make([]int, len(ps.fields))
	for i := 1; i < len(ps.fields); i++ {
		ps.off[i] = ps.off[i-1] + len(ps.fields[i-1]) + 1
	}
	for _, step := range []func() error{
		ps.rules, ps.board, ps.turn, ps.counters, ps.captured, ps.runs, ps.chases, ps.history, ps.outcome, ps.viewer,
	} {
		if err := step(); err != nil {
			return Position{}, err
		}
	}
	p := ps.p
	// A view has no State; a full position is checked by making its
	// state (which checks the outcome against the rules).
	var err error
	if p.IsView() {
		_, err = p.validate()
	} else {
		_, err = p.state()
	}
	if err != nil {
		return Position{}, err
	}
	return p, nil
}

// rules reads field 0, the rules.
func (ps *posParser) rules() error {
	r, err := ParseRules(ps.fields[0])
	if err != nil {
		return parseErrCause("position", ps.text, 0, "valid rules", err)
	}
	ps.p.Rules = r
	return nil
}

// board reads field 1, the rows of the board from the top down.
func (ps *posParser) board() error {
	r := &ps.p.Rules
	rows := strings.Split(ps.fields[1], "/")
	if len(rows) != r.Height {
		return ps.err(ps.off[1], strconv.Itoa(r.Height)+" rows")
	}
	at := ps.off[1]
	for ri, rowText := range rows {
		if ri > 0 {
			at += len(rows[ri-1]) + 1
		}
		if err := ps.row(r.Height-1-ri, rowText, at); err != nil {
			return err
		}
	}
	return nil
}

// row reads the cells of one board row, at offset at of the text.
func (ps *posParser) row(row int, rowText string, at int) error {
	p := &ps.p
	r := &p.Rules
	f := 0
	for i := 0; i < len(rowText); {
		if f >= r.Width {
			return ps.err(at+i, strconv.Itoa(r.Width)+" cells in a row")
		}
		sq := SquareAt(f, row)
		ch := rowText[i]
		switch {
		case ch == '~':
			if !r.Lakes.Has(sq) {
				return ps.err(at+i, "no lake on "+sq.String())
			}
			i++
		case r.Lakes.Has(sq):
			return ps.err(at+i, "the lake \"~\" on "+sq.String())
		case ch == '.':
			i++
		default:
			pc, k, resc, beat, j := scanPiece(r.Numbering, rowText, i)
			if j == 0 {
				return ps.err(at+i, "a piece, \".\" or \"~\"")
			}
			p.Board.pieces[sq.Index()], p.Known.known[sq.Index()] = pc, k
			if beat != 0 {
				p.addBeat(sq.Index(), beat)
			}
			if resc {
				p.Rescuers = p.Rescuers.With(sq)
			}
			i = j
		}
		f++
	}
	if f != r.Width {
		return ps.err(at+len(rowText), strconv.Itoa(r.Width)+" cells in a row")
	}
	return nil
}

// turn reads field 2, the side to move and the rescue mark.
func (ps *posParser) turn() error {
	switch tf := lower(ps.fields[2]); {
	case tf == "r" || tf == "r@":
		ps.p.Turn = Red
	case tf == "b" || tf == "b@":
		ps.p.Turn = Blue
	default:
		return ps.err(ps.off[2], `"r" or "b", with "@" when a rescue is due`)
	}
	ps.p.RescueDue = len(ps.fields[2]) == 2
	return nil
}

// counters reads fields 3 and 4, the ply and the plies without attack.
func (ps *posParser) counters() error {
	var ok bool
	if ps.p.Ply, ok = parseCount(ps.fields[3], 1<<30); !ok {
		return ps.err(ps.off[3], "a ply count")
	}
	if ps.p.PliesWithoutAttack, ok = parseCount(ps.fields[4], ps.p.Ply); !ok {
		return ps.err(ps.off[4], "a count of plies without attack, at most the ply")
	}
	return nil
}

// captured reads field 5, the captured pieces in canonical order.
func (ps *posParser) captured() error {
	cf := ps.fields[5]
	if cf == "-" {
		return nil
	}
	for i := 0; i < len(cf); {
		pc, k, resc, beat, j := scanPiece(ps.p.Rules.Numbering, cf, i)
		if j == 0 || beat != 0 {
			return ps.err(ps.off[5]+i, "a captured piece")
		}
		ps.p.Captured = append(ps.p.Captured, Captive{Piece: pc, Known: k, Rescuer: resc})
		i = j
	}
	if !slices.IsSortedFunc(ps.p.Captured, compareCaptives) {
		return ps.err(ps.off[5], "captured pieces in order: red first, by rank")
	}
	return nil
}

// runs reads field 6, the two sides' Two-Squares runs.
func (ps *posParser) runs() error {
	runText := strings.Split(ps.fields[6], "/")
	if len(runText) != 2 {
		return ps.err(ps.off[6], "red's run \"/\" blue's run")
	}
	for i, rt := range runText {
		ms, ok := parseMoves(rt, false)
		if !ok {
			return ps.err(ps.off[6], "moves or \"-\"")
		}
		*ps.p.run(Red + Color(i)) = ms
	}
	return nil
}

// chases reads field 7, the two sides' chases and the board count.
func (ps *posParser) chases() error {
	ct := strings.Split(ps.fields[7], "/")
	if len(ct) != 3 {
		return ps.err(ps.off[7], "red's chase \"/\" blue's chase \"/\" a count")
	}
	for i := range 2 {
		if ct[i] == "-" {
			continue
		}
		mv, cnt, ok := strings.Cut(ct[i], ":")
		m, err := ParseMove(mv)
		k, okc := parseCount(cnt, 1<<30)
		if !ok || err != nil || m.Via != NoSquare || m.IsRescue() || !okc {
			return ps.err(ps.off[7], "a chase: from-to:count")
		}
		*ps.p.chase(Red + Color(i)) = Chase{Move: Move{From: m.From, To: m.To}, Boards: k}
	}
	var ok bool
	if ps.p.SeenBoards, ok = parseCount(ct[2], 1<<30); !ok {
		return ps.err(ps.off[7], "a count of boards")
	}
	return nil
}

// history reads field 8, the quiet moves between the remembered boards.
func (ps *posParser) history() error {
	var ok bool
	if ps.p.History, ok = parseMoves(ps.fields[8], false); !ok {
		return ps.err(ps.off[8], "moves or \"-\"")
	}
	return nil
}

// outcome reads field 9, "*" or the outcome.
func (ps *posParser) outcome() error {
	of := ps.fields[9]
	if of == "*" {
		return nil
	}
	who, why, _ := strings.Cut(lower(of), ":")
	o := Outcome{Reason: NotOver}
	for i, w := range reasonWords[1:] {
		if w == why {
			o.Reason = EndReason(i + 1)
		}
	}
	switch who {
	case "red":
		o.Winner = Red
	case "blue":
		o.Winner = Blue
	case "draw":
	default:
		o.Reason = NotOver
	}
	if o.Reason == NotOver || !o.IsValid() {
		return ps.err(ps.off[9], `"*" or an outcome such as "red:flag" or "draw:agreed"`)
	}
	ps.p.Outcome = o
	return nil
}

// viewer reads the optional field 10, the viewer of a view.
func (ps *posParser) viewer() error {
	if len(ps.fields) < 11 {
		return nil
	}
	switch lower(ps.fields[10]) {
	case "view:red":
		ps.p.Viewer = Red
	case "view:blue":
		ps.p.Viewer = Blue
	default:
		return ps.err(ps.off[10], `"view:red" or "view:blue"`)
	}
	return nil
}

// scanPiece reads a piece token at s[i:] and returns it, its marks and
// the offset after it, or offset 0 when there is none.
func scanPiece(n Numbering, s string, i int) (Piece, Knowledge, bool, RankSet, int) {
	if i+1 >= len(s) {
		return 0, 0, false, 0, 0
	}
	var c Color
	switch s[i] {
	case 'r', 'R':
		c = Red
	case 'b', 'B':
		c = Blue
	default:
		return 0, 0, false, 0, 0
	}
	rk, ok := n.rankOf(s[i+1]) // a label in any case
	if !ok {
		return 0, 0, false, 0, 0
	}
	j := i + 2
	var k Knowledge
	resc := false
	for _, f := range knowledgeFlags {
		if j < len(s) && s[j] == f.mark {
			k |= f.k
			j++
		}
	}
	if j < len(s) && s[j] == rescuerMark {
		resc = true
		j++
	}
	var beat RankSet
	if j < len(s) && s[j] == '<' {
		// Labels of movable ranks, in increasing order, at least one.
		j++
		last := NoRank
		for j < len(s) {
			a, ok := n.rankOf(s[j])
			if !ok || !a.Movable() {
				break
			}
			if a <= last {
				return 0, 0, false, 0, 0
			}
			beat |= 1 << a
			last = a
			j++
		}
		if beat == 0 {
			return 0, 0, false, 0, 0
		}
	}
	return NewPiece(c, rk), k, resc, beat, j
}

// attacks reports whether m, not a rescue, takes the piece on its
// from-square onto a piece of the other side.
func (p *Position) attacks(m Move) bool {
	from, to := p.Board.At(m.From), p.Board.At(m.To)
	return !m.IsRescue() && from != 0 && to != 0 && from.Color() != to.Color()
}
