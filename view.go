package stratego

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// View is what one player may know about a game (RULES.md section 8 and
// [Rules.Info]): the player's own pieces with their ranks, the enemy's
// pieces as [Unknown] unless their rank was shown, what is known about
// every piece ([Knowledge]: shown, has moved, moved far), the pieces
// captured on both sides, the side to move, the counters, the outcome,
// the player's legal moves when it is the player's turn, the last move
// as the player saw it, and the part of the public move history on which
// the repetition rules depend. A View holds nothing its player may not
// know, so a game server may send it to that player as it is, and two
// states that differ only in ranks hidden from the player give equal
// views ([View.Equal]).
//
// One thing a player learns only through the legal moves: the
// More-Squares Rule (RULES.md 6.2) compares boards by the rank on every
// square, hidden ones included. When two hidden enemy pieces of different
// ranks have traded squares during a chase, a board that looks repeated
// to the chaser is not, and the chasing move it expected to be forbidden
// is legal. The view lists the moves the referee accepts, so in that rare
// position the list tells the chaser that those pieces differ; a player
// who tried the move would learn the same.
//
// Make a View with [State.View] or [State.ViewInto]; decode one with
// [ParseView], [View.UnmarshalText] or [View.UnmarshalJSON]. Draw a full
// state consistent with it with [View.Sample], or many with
// [View.Sampler]. The zero View is no view
// ([View.IsValid] is false). A View is a value; its methods never change
// it, except the Unmarshal methods, so it may be read from many
// goroutines at once.
type View struct {
	viewData
	hist  []Move // the last quiet plies the repetition records span, oldest first
	moves []Move // legal moves of the player, sorted (see sortMoves)
}

// viewData is the comparable part of a View.
type viewData struct {
	rules    Rules
	me       Color
	turn     Color
	pending  bool
	ply      int32
	quiet    int32
	seen     int32 // boards in the MoreSquaresGame record
	outcome  Outcome
	rescues  [3]uint8
	board    [MaxSquares]Piece
	know     [MaxSquares]Knowledge
	rescued  SquareSet  // pieces on the board that have made a rescue
	captured [3]Army    // losses of each side
	spent    [3]Army    // captured pieces that had made a rescue
	last     Event      // the last move as the player saw it
	runs     [3]viewRun // Two-Squares records
	chases   [3]viewChase
}

// viewRun is a side's Two-Squares run: the square its piece now stands on
// (NoSquare when off the board), the run's length and its moves, most
// recent first (only the first min(n, Rules.TwoSquares) are kept).
type viewRun struct {
	sq    Square
	n     uint8
	moves [MaxTwoSquares]Move
}

// viewChase is a side's More-Squares record as chaser: the squares of its
// last move and how many boards the chase remembers (the board after
// each of the last boards plies).
type viewChase struct {
	on       bool
	from, to Square
	boards   int32
}

// View returns what c may know about the game (see [View]). It returns
// the zero View when c is not Red or Blue or s is the zero State. It
// allocates the lists of legal moves and recent history; [State.ViewInto]
// reuses the storage of an existing View instead.
func (s State) View(c Color) View {
	var v View
	if s.turn == c {
		v.moves = make([]Move, 0, 96)
	}
	s.ViewInto(&v, c)
	return v
}

// ViewInto is like [State.View] but writes the view into *v, reusing the
// storage of v's move lists, so that a program that keeps one View per
// player allocates nothing once the lists have grown to size. Copies of
// *v made before the call share those lists and see them overwritten.
func (s State) ViewInto(v *View, c Color) {
	moves, hist := v.moves[:0], v.hist[:0]
	*v = View{}
	if s.g == nil || !c.IsValid() {
		v.moves, v.hist = moves, hist
		return
	}
	r := &s.g.rules
	v.rules = *r
	v.me = c
	v.turn = s.turn
	v.pending = s.pending
	v.ply, v.quiet = s.ply, s.quiet
	v.outcome = s.outcome
	v.rescues = s.rescues
	for col := Red; col <= Blue; col++ {
		for id := s.g.lo[col]; id < s.g.hi[col]; id++ {
			p := &s.pcs[id]
			once := s.rescuer[id>>6]&(1<<(id&63)) != 0
			if p.cell == 0 {
				v.captured[col][p.pc.Rank()]++
				if once {
					v.spent[col][p.pc.Rank()]++
				}
				continue
			}
			sq := squareOfCell[p.cell]
			pc := p.pc
			if col != c && p.know&KnownRank == 0 {
				pc = NewPiece(col, Unknown)
			}
			v.board[sq-1] = pc
			v.know[sq-1] = p.know
			if once {
				v.rescued = v.rescued.With(sq)
			}
		}
	}
	v.last = s.maskedLast(c)
	for col := Red; col <= Blue; col++ {
		run := &s.runs[col]
		if run.id != 0 && r.TwoSquares > 0 {
			vr := &v.runs[col]
			vr.n = run.n
			if p := &s.pcs[run.id-1]; p.cell != 0 {
				vr.sq = squareOfCell[p.cell]
			}
			copy(vr.moves[:min(int(run.n), r.TwoSquares)], run.moves[:])
		}
		ch := &s.chases[col]
		if ch.on {
			v.chases[col] = viewChase{on: true, from: squareOfCell[ch.from], to: squareOfCell[ch.to],
				boards: int32(listLen(ch.boards))}
		}
	}
	longest := s.seen
	v.seen = int32(listLen(s.seen))
	for col := Red; col <= Blue; col++ {
		if n := s.chases[col].boards; listLen(n) > listLen(longest) {
			longest = n
		}
	}
	v.hist = appendHistory(hist, longest)
	if s.turn == c {
		moves = s.AppendLegalMoves(moves)
		sortMoves(moves)
	}
	v.moves = moves
}

// appendHistory appends the moves between the consecutive boards of a
// repetition record, oldest first. The boards of every record are the
// boards after consecutive quiet plies (an attack or a rescue starts a
// record afresh), so two neighbours differ by one piece that left one
// square for another; the squares are public, the ranks are not used.
func appendHistory(dst []Move, list *boardNode) []Move {
	n := int(listLen(list)) - 1
	if n <= 0 {
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	i := start + n - 1
	for newer := list; newer.next != nil; newer = newer.next {
		older := newer.next
		var m Move
		for k := range older.board {
			a, b := older.board[k], newer.board[k]
			switch {
			case a != 0 && b == 0:
				m.From = Square(k + 1)
			case a == 0 && b != 0:
				m.To = Square(k + 1)
			}
		}
		dst[i] = m
		i--
	}
	return dst
}

// maskedLast returns the last event as c saw it: the opponent's moving
// piece is Unknown when it made a quiet move with a hidden rank, and a
// defender of the opponent that survived without being shown (silent
// defense) is Unknown.
func (s *State) maskedLast(c Color) Event {
	ev := s.last
	o := c.Opponent()
	if !ev.Color.IsValid() || ev.Move.IsRescue() {
		return ev
	}
	to := s.Knowledge(ev.Move.To)
	if ev.Color == o && ev.Combat == NoCombat && to&KnownRank == 0 {
		ev.Piece = NewPiece(o, Unknown)
	}
	if ev.Defender.Color() == o && ev.Combat == DefenderWins && to&KnownRank == 0 {
		ev.Defender = NewPiece(o, Unknown)
	}
	return ev
}

// moveKey orders moves by from-square, to-square, via-square and rescued
// rank: the order of [View.LegalMoves].
func moveKey(m Move) uint32 {
	return uint32(m.From)<<24 | uint32(m.To)<<16 | uint32(m.Via)<<8 | uint32(m.Rescue)
}

func sortMoves(ms []Move) {
	slices.SortFunc(ms, func(a, b Move) int { return cmpKey(moveKey(a), moveKey(b)) })
}

// IsValid reports whether v is a view of a game (not the zero View).
func (v View) IsValid() bool { return v.me.IsValid() }

// Player returns the side whose view this is.
func (v View) Player() Color { return v.me }

// Rules returns the rules of the game.
func (v View) Rules() Rules { return v.rules }

// Turn returns the side to move.
func (v View) Turn() Color { return v.turn }

// RescueDue reports whether the side to move must now place a rescued
// piece (see [State.RescueDue]).
func (v View) RescueDue() bool { return v.pending }

// Ply returns the number of plies played since the start.
func (v View) Ply() int { return int(v.ply) }

// PliesWithoutAttack returns the number of plies in a row, up to the last
// one, that were not attacks.
func (v View) PliesWithoutAttack() int { return int(v.quiet) }

// Outcome returns how the game stands.
func (v View) Outcome() Outcome { return v.outcome }

// At returns the piece on sq as the player sees it, and whether there is
// one: the player's own pieces and shown enemy pieces with their rank,
// hidden enemy pieces with rank [Unknown].
func (v View) At(sq Square) (Piece, bool) {
	if !sq.IsValid() || v.board[sq-1] == 0 {
		return 0, false
	}
	return v.board[sq-1], true
}

// Knowledge returns what the opponent of the piece on sq has learned about
// it (0 when the square is empty): for an enemy piece what the player
// knows, for the player's own piece what the enemy knows.
func (v View) Knowledge(sq Square) Knowledge {
	if !sq.IsValid() {
		return 0
	}
	return v.know[sq-1]
}

// MadeRescue reports whether the piece on sq has made a rescue (and so
// may not make another; see [Rules.Rescues]).
func (v View) MadeRescue(sq Square) bool { return v.rescued.Has(sq) }

// Hidden returns the squares of the enemy pieces whose rank the player
// has not seen.
func (v View) Hidden() SquareSet {
	var h SquareSet
	for i, p := range v.board {
		if p.Rank() == Unknown {
			h = h.With(Square(i + 1))
		}
	}
	return h
}

// Captured returns how many pieces of each rank c has lost (captured
// pieces are public).
func (v View) Captured(c Color) Army {
	if !c.IsValid() {
		return Army{}
	}
	return v.captured[c]
}

// Rescuable returns how many of c's captured pieces of each rank may be
// rescued: all of them but the Flag.
func (v View) Rescuable(c Color) Army {
	if !c.IsValid() {
		return Army{}
	}
	a := v.captured[c]
	a[Flag] = 0
	return a
}

// Rescues returns how many rescues c has made.
func (v View) Rescues(c Color) int {
	if !c.IsValid() {
		return 0
	}
	return int(v.rescues[c])
}

// HiddenArmy returns the ranks that the player's hidden enemy pieces may
// have, with their counts: the enemy's army less its captured pieces and
// its pieces whose rank was shown. In a game from [New] the counts add up
// to the number of hidden pieces; a game from [FromBoard] may have placed
// fewer pieces than the army holds, and then they add up to more.
func (v View) HiddenArmy() Army {
	if !v.me.IsValid() {
		return Army{}
	}
	o := v.me.Opponent()
	a := v.rules.Army
	for rk := range a {
		a[rk] = sat(a[rk], v.captured[o][rk])
	}
	for _, p := range v.board {
		if p.Color() == o && p.Rank().IsValid() {
			a[p.Rank()] = sat(a[p.Rank()], 1)
		}
	}
	return a
}

func sat(a, b uint8) uint8 {
	if b > a {
		return 0
	}
	return a - b
}

// CanBe reports whether the piece on sq may have rank rk as far as the
// view shows, piece by piece: a shown or own piece only its rank; a hidden
// piece that has moved no Bomb or Flag; one that moved more than one
// square only a Scout (or a Captain, where Captains move two squares); a
// hidden defender that just won a fight under silent defense only a rank
// that beats its attacker; and in every case only a rank that
// [View.HiddenArmy] still holds. It reports false for an empty square.
func (v View) CanBe(sq Square, rk Rank) bool {
	p, ok := v.At(sq)
	if !ok || !rk.IsValid() {
		return false
	}
	if p.Rank() != Unknown {
		return p.Rank() == rk
	}
	return v.allowed(sq.Index())&(1<<rk) != 0 && v.HiddenArmy()[rk] > 0
}

// rankMask is a set of ranks, bit r for rank r.
type rankMask uint16

const (
	allRanks     rankMask = 1<<Spy | 1<<Scout | 1<<Miner | 1<<Sergeant | 1<<Lieutenant | 1<<Captain | 1<<Major | 1<<Colonel | 1<<General | 1<<Marshal | 1<<Bomb | 1<<Flag
	movableRanks          = allRanks &^ (1<<Bomb | 1<<Flag)
)

// allowed returns the ranks the hidden piece of index i may have by what
// is known about it alone (the army's counts aside).
func (v *View) allowed(i int) rankMask {
	k := v.know[i]
	m := allRanks
	switch {
	case k&KnownFar != 0:
		m = 1 << Scout
		if v.rules.CaptainsMoveTwo {
			m |= 1 << Captain
		}
	case k&KnownMoved != 0:
		m = movableRanks
	}
	if d := v.lastDefenderIndex(); d == i {
		var w rankMask
		for rk := Spy; rk <= Flag; rk++ {
			if Resolve(v.rules, v.last.Piece.Rank(), rk) == DefenderWins {
				w |= 1 << rk
			}
		}
		m &= w
	}
	return m
}

// lastDefenderIndex returns the square index of a hidden enemy defender
// that won the last fight (silent defense), or -1.
func (v *View) lastDefenderIndex() int {
	ev := &v.last
	if ev.Color == v.me && ev.Combat == DefenderWins && ev.Defender.Rank() == Unknown && ev.Move.To.IsValid() {
		return ev.Move.To.Index()
	}
	return -1
}

// LastEvent returns the last move as the player saw it: the move, the
// side that made it, the moving piece (Unknown when an enemy piece of
// hidden rank made a quiet move), for an attack the defender (Unknown when
// an enemy defender survived without being shown, under silent defense)
// and the combat result, and the outcome after it. It is the zero Event
// at the start of a game.
func (v View) LastEvent() Event { return v.last }

// LegalMoves yields the player's legal moves, sorted by from-square, then
// to-square: exactly the moves of [State.LegalMoves] when it is the
// player's turn, and none otherwise.
func (v View) LegalMoves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, m := range v.moves {
			if !yield(m) {
				return
			}
		}
	}
}

// AppendLegalMoves appends the moves of [View.LegalMoves] to dst.
func (v View) AppendLegalMoves(dst []Move) []Move { return append(dst, v.moves...) }

// IsLegal reports whether m is one of the player's legal moves.
func (v View) IsLegal(m Move) bool {
	k := moveKey(m)
	_, ok := slices.BinarySearchFunc(v.moves, k, func(a Move, k uint32) int { return cmpKey(moveKey(a), k) })
	return ok
}

// History yields the recent public moves the repetition rules of the
// game still depend on, oldest first: the quiet plies since the start of
// the longest running More-Squares record (the current chases, or under
// MoreSquaresGame every ply since the last attack). The squares are
// public; [View.Sample] replays them to rebuild the records.
func (v View) History() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, m := range v.hist {
			if !yield(m) {
				return
			}
		}
	}
}

// Equal reports whether v and w are the same view.
func (v View) Equal(w View) bool {
	return v.viewData == w.viewData && slices.Equal(v.hist, w.hist) && slices.Equal(v.moves, w.moves)
}

// Picture draws the board as the player sees it, in the form of
// [State.Picture]: hidden enemy pieces show "?" after their color ("b?").
func (v View) Picture() string {
	if !v.IsValid() {
		return ""
	}
	return drawBoard(&v.rules, func(sq Square) string {
		p, ok := v.At(sq)
		if !ok {
			return ".."
		}
		return pieceCell(v.rules.Numbering, p)
	})
}

// The text form of a view is one line of space-separated fields, in the
// spirit of chess's FEN, written by [View.AppendText] and read by
// [ParseView]. Rank characters are those of the rules' numbering
// ([Numbering.Char], "?" for a hidden piece). The rules themselves are not
// written: a reader must know them (the JSON form carries them). Grammar:
//
//	view     = player SP board SP turn SP counters SP outcome SP captured SP
//	           last SP moves SP runs SP chases SP history
//	player   = color                      ; whose view it is
//	color    = "r" / "b"
//	board    = row *("/" row)             ; Height rows, the top row first,
//	                                      ; Width cells each, file a first
//	cell     = "." / "~" / piece          ; "~" marks a lake, "." an empty square
//	piece    = color rank ["*"] ["+"] [">"] ["!"]
//	                                      ; "*" rank seen by the owner's opponent
//	                                      ; (KnownRank), "+" has moved (KnownMoved),
//	                                      ; ">" moved far (KnownFar), "!" made a rescue
//	turn     = color ["!"]                ; "!": a rescue placement is due
//	counters = ply "," quiet "," rescues "," rescues "," seen
//	                                      ; plies, plies without attack, red's and
//	                                      ; blue's rescues, boards of the game-wide
//	                                      ; More-Squares record
//	outcome  = "-" / ("r" / "b" / "d") ":" reason
//	                                      ; winner or "d" for a draw; reason is
//	                                      ; EndReason.String with "-" for spaces
//	captured = losses "/" losses          ; red's losses, then blue's
//	losses   = "-" / 1*(rank ["!"])       ; "!": had made a rescue
//	last     = "-" / color ":" move ":" rank [rank result] ["," outcome]
//	                                      ; the last move, its piece and, for an
//	                                      ; attack, the defender and the result:
//	                                      ; ">" attacker wins, "<" defender wins,
//	                                      ; "x" both removed; the outcome after the
//	                                      ; move when it differs from the game's
//	moves    = "-" / move *("," move)     ; the player's legal moves, sorted
//	runs     = run "/" run                ; red's and blue's Two-Squares runs
//	run      = "-" / (square / "-") ":" length ":" move *("," move)
//	                                      ; the square of the run's piece, the
//	                                      ; run's length, its moves latest first
//	chases   = chase "/" chase            ; red's and blue's More-Squares chases
//	chase    = "-" / move ":" boards      ; the chaser's last move, boards kept
//	history  = "-" / move *("," move)     ; recent public moves, oldest first
//
// Moves and squares are written as by [Move.String] and [Square.String].
// A Classic view at the start, for Red, begins
// "r r?/.../rB*.../ r 0,0,0,0,0 - -/- - ..." (board abridged).

// String returns the text form of the view (see [View.AppendText]), or
// "-" for the zero View.
func (v View) String() string {
	if !v.IsValid() {
		return "-"
	}
	b, _ := v.AppendText(nil)
	return string(b)
}

func colorChar(c Color) byte {
	if c == Blue {
		return 'b'
	}
	return 'r'
}

var viewCombatChars = [...]byte{NoCombat: '-', AttackerWins: '>', DefenderWins: '<', BothRemoved: 'x'}

// AppendText implements [encoding.TextAppender], appending the one-line
// text form described above. It fails with ErrInvalid for the zero View.
func (v View) AppendText(b []byte) ([]byte, error) {
	if !v.IsValid() {
		return b, ErrInvalid
	}
	n := v.rules.Numbering
	b = append(b, colorChar(v.me), ' ')
	for row := v.rules.Height - 1; row >= 0; row-- {
		for f := 0; f < v.rules.Width; f++ {
			sq := SquareAt(f, row)
			p := v.board[sq-1]
			switch {
			case v.rules.Lakes.Has(sq):
				b = append(b, '~')
			case p == 0:
				b = append(b, '.')
			default:
				b = append(b, colorChar(p.Color()), n.Char(p.Rank()))
				k := v.know[sq-1]
				if k&KnownRank != 0 {
					b = append(b, '*')
				}
				if k&KnownMoved != 0 {
					b = append(b, '+')
				}
				if k&KnownFar != 0 {
					b = append(b, '>')
				}
				if v.rescued.Has(sq) {
					b = append(b, '!')
				}
			}
		}
		if row > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', colorChar(v.turn))
	if v.pending {
		b = append(b, '!')
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(v.ply), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(v.quiet), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(v.rescues[Red]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(v.rescues[Blue]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(v.seen), 10)
	b = append(b, ' ')
	b = appendOutcome(b, v.outcome)
	b = append(b, ' ')
	for c := Red; c <= Blue; c++ {
		if c == Blue {
			b = append(b, '/')
		}
		if v.captured[c].Total() == 0 {
			b = append(b, '-')
		}
		for rk := Flag; rk >= Spy; rk-- {
			for k := range v.captured[c][rk] {
				b = append(b, n.Char(rk))
				if k < v.spent[c][rk] {
					b = append(b, '!')
				}
			}
		}
	}
	b = append(b, ' ')
	if ev := v.last; ev.Color.IsValid() {
		b = append(b, colorChar(ev.Color), ':')
		b, _ = ev.Move.AppendText(b)
		b = append(b, ':', n.Char(ev.Piece.Rank()))
		if ev.Combat != NoCombat {
			b = append(b, n.Char(ev.Defender.Rank()), viewCombatChars[ev.Combat])
		}
		if ev.Outcome != v.outcome {
			b = append(b, ',')
			b = appendOutcome(b, ev.Outcome)
		}
	} else {
		b = append(b, '-')
	}
	b = append(b, ' ')
	b = appendMoves(b, v.moves)
	b = append(b, ' ')
	for c := Red; c <= Blue; c++ {
		if c == Blue {
			b = append(b, '/')
		}
		run := &v.runs[c]
		if run.n == 0 {
			b = append(b, '-')
			continue
		}
		if run.sq.IsValid() {
			b, _ = run.sq.AppendText(b)
		} else {
			b = append(b, '-')
		}
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(run.n), 10)
		b = append(b, ':')
		b = appendMoves(b, run.moves[:run.kept(v.rules.TwoSquares)])
	}
	b = append(b, ' ')
	for c := Red; c <= Blue; c++ {
		if c == Blue {
			b = append(b, '/')
		}
		ch := &v.chases[c]
		if !ch.on {
			b = append(b, '-')
			continue
		}
		b, _ = Move{From: ch.from, To: ch.to}.AppendText(b)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(ch.boards), 10)
	}
	b = append(b, ' ')
	return appendMoves(b, v.hist), nil
}

// kept returns how many moves of the run are recorded.
func (r *viewRun) kept(limit int) int { return min(int(r.n), limit, MaxTwoSquares) }

func appendOutcome(b []byte, o Outcome) []byte {
	if !o.Over() {
		return append(b, '-')
	}
	switch o.Winner {
	case Red, Blue:
		b = append(b, colorChar(o.Winner))
	default:
		b = append(b, 'd')
	}
	b = append(b, ':')
	for _, ch := range []byte(o.Reason.String()) {
		if ch == ' ' {
			ch = '-'
		}
		b = append(b, ch)
	}
	return b
}

// MarshalText implements [encoding.TextMarshaler] with the form of
// [View.AppendText].
func (v View) MarshalText() ([]byte, error) { return v.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler]. The text form does
// not carry the rules, so it decodes under the rules *v already holds (a
// View made by [State.View] or decoded before); on a zero View it fails
// with an error wrapping ErrRules. [ParseView] takes the rules explicitly.
func (v *View) UnmarshalText(text []byte) error {
	if v.rules.Width == 0 {
		return &RulesError{Field: "View", Reason: "decoding a view's text form needs the rules: use ParseView"}
	}
	w, err := ParseView(v.rules, string(text))
	if err != nil {
		return err
	}
	*v = w
	return nil
}

// MustParseView is like ParseView but panics on error. It is meant for
// tests and examples with constant input.
func MustParseView(r Rules, s string) View {
	v, err := ParseView(r, s)
	if err != nil {
		panic(err)
	}
	return v
}

// viewParser reads the text form; pos is the offset of the current field
// in the input, for errors.
type viewParser struct {
	in  string
	pos int
	num Numbering
}

func (p *viewParser) err(off int, want string) error {
	return parseErr("view", p.in, p.pos+off, want)
}

// ParseView parses the text form of a view (see [View.AppendText]) under
// the rules r, and checks that the result is a view a game could show:
// pieces on the board's squares, the player's own ranks and the shown
// enemy ranks real, the hidden ones [Unknown], counts within the army.
// The error wraps ErrSyntax (a [ParseError] with the offset) or ErrRules.
func ParseView(r Rules, s string) (View, error) {
	if err := r.Validate(); err != nil {
		return View{}, err
	}
	var v View
	v.rules = r
	p := &viewParser{in: s, num: r.Numbering}
	fields := strings.Split(s, " ")
	const nfields = 11
	if len(fields) != nfields {
		return View{}, parseErr("view", s, 0, strconv.Itoa(nfields)+" space-separated fields")
	}
	steps := []func(string) error{
		func(f string) error {
			c, ok := parseColorChar(f)
			if !ok {
				return p.err(0, `"r" or "b"`)
			}
			v.me = c
			return nil
		},
		func(f string) error { return p.board(&v, f) },
		func(f string) error {
			c, ok := parseColorChar(strings.TrimSuffix(f, "!"))
			if !ok {
				return p.err(0, `"r" or "b", with "!" when a rescue is due`)
			}
			v.turn, v.pending = c, strings.HasSuffix(f, "!")
			return nil
		},
		func(f string) error {
			parts := strings.Split(f, ",")
			if len(parts) != 5 {
				return p.err(0, "five counters separated by commas")
			}
			var n [5]int
			for i, part := range parts {
				x, err := strconv.Atoi(part)
				if err != nil || x < 0 || x > 1<<30 || (part != "0" && part[0] == '0') {
					return p.err(0, "a non-negative decimal counter")
				}
				n[i] = x
			}
			if n[2] > 255 || n[3] > 255 {
				return p.err(0, "rescue counts up to 255")
			}
			v.ply, v.quiet, v.seen = int32(n[0]), int32(n[1]), int32(n[4])
			v.rescues[Red], v.rescues[Blue] = uint8(n[2]), uint8(n[3])
			return nil
		},
		func(f string) error {
			o, ok := parseOutcome(f)
			if !ok {
				return p.err(0, `"-" or an outcome such as "r:flag-captured"`)
			}
			v.outcome = o
			return nil
		},
		func(f string) error { return p.captured(&v, f) },
		func(f string) error { return p.last(&v, f) },
		func(f string) error {
			ms, err := p.moves(f)
			v.moves = ms
			return err
		},
		func(f string) error { return p.runs(&v, f) },
		func(f string) error { return p.chases(&v, f) },
		func(f string) error {
			ms, err := p.moves(f)
			v.hist = ms
			return err
		},
	}
	for i, f := range fields {
		if i == 0 {
			p.pos = 0
		}
		if err := steps[i](f); err != nil {
			return View{}, err
		}
		p.pos += len(f) + 1
	}
	if err := v.check(); err != nil {
		return View{}, parseErr("view", s, 0, "a view a game could show ("+err.Error()+")")
	}
	return v, nil
}

func parseColorChar(f string) (Color, bool) {
	switch f {
	case "r":
		return Red, true
	case "b":
		return Blue, true
	}
	return NoColor, false
}

func parseOutcome(f string) (Outcome, bool) {
	if f == "-" {
		return Outcome{}, true
	}
	if len(f) < 3 || f[1] != ':' {
		return Outcome{}, false
	}
	var o Outcome
	switch f[0] {
	case 'r':
		o.Winner = Red
	case 'b':
		o.Winner = Blue
	case 'd':
	default:
		return Outcome{}, false
	}
	name := strings.ReplaceAll(f[2:], "-", " ")
	for i := FlagCaptured; int(i) < len(endNames); i++ {
		if endNames[i] == name {
			o.Reason = i
			return o, true
		}
	}
	return Outcome{}, false
}

func (p *viewParser) board(v *View, f string) error {
	r := &v.rules
	row, file := r.Height-1, 0
	for i := 0; i < len(f); {
		ch := f[i]
		if ch == '/' {
			if file != r.Width || row == 0 {
				return p.err(i, strconv.Itoa(r.Width)+" cells in a row, and "+strconv.Itoa(r.Height)+" rows")
			}
			row, file = row-1, 0
			i++
			continue
		}
		if file >= r.Width {
			return p.err(i, `"/" after a full row`)
		}
		sq := SquareAt(file, row)
		lake := r.Lakes.Has(sq)
		switch {
		case ch == '~' && lake:
			i++
		case ch == '.' && !lake:
			i++
		case (ch == 'r' || ch == 'b') && !lake && i+1 < len(f):
			c, _ := parseColorChar(f[i : i+1])
			rk, ok := p.num.RankOf(f[i+1])
			if !ok || (f[i+1] >= 'a' && f[i+1] <= 'z') {
				return p.err(i+1, "a rank character in "+p.num.String()+" numbering or \"?\"")
			}
			v.board[sq-1] = NewPiece(c, rk)
			i += 2
			for _, m := range []struct {
				ch byte
				k  Knowledge
			}{{'*', KnownRank}, {'+', KnownMoved}, {'>', KnownFar}, {'!', 0}} {
				if i < len(f) && f[i] == m.ch {
					if m.k == 0 {
						v.rescued = v.rescued.With(sq)
					}
					v.know[sq-1] |= m.k
					i++
				}
			}
		default:
			if lake {
				return p.err(i, `"~" for the lake at `+sq.String())
			}
			return p.err(i, `".", or a piece: "r" or "b" and a rank character`)
		}
		file++
	}
	if file != r.Width || row != 0 {
		return p.err(len(f), strconv.Itoa(r.Height)+" rows of "+strconv.Itoa(r.Width)+" cells")
	}
	return nil
}

func (p *viewParser) captured(v *View, f string) error {
	sides := strings.Split(f, "/")
	if len(sides) != 2 {
		return p.err(0, `red's and blue's losses separated by "/"`)
	}
	off := 0
	for i, side := range sides {
		c := []Color{Red, Blue}[i]
		if side != "-" {
			for j := 0; j < len(side); j++ {
				rk, ok := p.num.RankOf(side[j])
				if !ok || !rk.IsValid() || (side[j] >= 'a' && side[j] <= 'z') {
					return p.err(off+j, "a rank character")
				}
				if v.captured[c][rk] == 255 {
					return p.err(off+j, "fewer pieces")
				}
				v.captured[c][rk]++
				if j+1 < len(side) && side[j+1] == '!' {
					v.spent[c][rk]++
					j++
				}
			}
			if len(side) == 0 {
				return p.err(off, `"-" or rank characters`)
			}
		}
		off += len(side) + 1
	}
	return nil
}

func (p *viewParser) last(v *View, f string) error {
	if f == "-" {
		return nil
	}
	ev := &v.last
	c, ok := parseColorChar(f[:min(1, len(f))])
	if !ok || len(f) < 2 || f[1] != ':' {
		return p.err(0, `"-", or the color of the last move's side and ":"`)
	}
	ev.Color = c
	rest := f[2:]
	k := strings.IndexByte(rest, ':')
	if k < 0 {
		return p.err(2, `a move and ":"`)
	}
	m, err := ParseMove(rest[:k])
	if err != nil {
		return p.err(2, "a move")
	}
	ev.Move = m
	info := rest[k+1:]
	at := 3 + k
	ev.Outcome = v.outcome
	if j := strings.IndexByte(info, ','); j >= 0 {
		o, ok := parseOutcome(info[j+1:])
		if !ok {
			return p.err(at+j+1, "an outcome")
		}
		ev.Outcome, info = o, info[:j]
	}
	rank := func(i int) (Rank, error) {
		rk, ok := p.num.RankOf(info[i])
		if !ok || (info[i] >= 'a' && info[i] <= 'z') {
			return 0, p.err(at+i, "a rank character")
		}
		return rk, nil
	}
	switch len(info) {
	case 1, 3:
	default:
		return p.err(at, "the moving piece's rank, then for an attack the defender's and the result")
	}
	rk, err := rank(0)
	if err != nil {
		return err
	}
	ev.Piece = NewPiece(c, rk)
	if len(info) == 3 {
		d, err := rank(1)
		if err != nil {
			return err
		}
		ev.Defender = NewPiece(c.Opponent(), d)
		switch info[2] {
		case '>':
			ev.Combat = AttackerWins
		case '<':
			ev.Combat = DefenderWins
		case 'x':
			ev.Combat = BothRemoved
		default:
			return p.err(at+2, `">", "<" or "x"`)
		}
	}
	return nil
}

func (p *viewParser) moves(f string) ([]Move, error) {
	if f == "-" {
		return nil, nil
	}
	var ms []Move
	off := 0
	for _, part := range strings.Split(f, ",") {
		m, err := ParseMove(part)
		if err != nil {
			return nil, p.err(off, "a move")
		}
		ms = append(ms, m)
		off += len(part) + 1
	}
	return ms, nil
}

func (p *viewParser) runs(v *View, f string) error {
	sides := strings.Split(f, "/")
	if len(sides) != 2 {
		return p.err(0, `red's and blue's runs separated by "/"`)
	}
	for i, side := range sides {
		if side == "-" {
			continue
		}
		parts := strings.Split(side, ":")
		if len(parts) != 3 {
			return p.err(0, `"-" or square:length:moves`)
		}
		run := &v.runs[[]Color{Red, Blue}[i]]
		if parts[0] != "-" {
			sq, err := ParseSquare(parts[0])
			if err != nil {
				return p.err(0, "a square")
			}
			run.sq = sq
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > MaxTwoSquares {
			return p.err(0, "a run length 1-"+strconv.Itoa(MaxTwoSquares))
		}
		run.n = uint8(n)
		ms, err := p.moves(parts[2])
		if err != nil {
			return err
		}
		if len(ms) != run.kept(v.rules.TwoSquares) {
			return p.err(0, strconv.Itoa(run.kept(v.rules.TwoSquares))+" moves in the run")
		}
		copy(run.moves[:], ms)
	}
	return nil
}

func (p *viewParser) chases(v *View, f string) error {
	sides := strings.Split(f, "/")
	if len(sides) != 2 {
		return p.err(0, `red's and blue's chases separated by "/"`)
	}
	for i, side := range sides {
		if side == "-" {
			continue
		}
		parts := strings.Split(side, ":")
		if len(parts) != 2 {
			return p.err(0, `"-" or move:boards`)
		}
		m, err := ParseMove(parts[0])
		if err != nil || m.Via != NoSquare || m.IsRescue() {
			return p.err(0, "a move")
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 0 || n > 1<<30 {
			return p.err(0, "a count of boards")
		}
		v.chases[[]Color{Red, Blue}[i]] = viewChase{on: true, from: m.From, to: m.To, boards: int32(n)}
	}
	return nil
}

// check reports whether a decoded view is one a game could show.
func (v *View) check() error {
	r := &v.rules
	if !v.me.IsValid() || !v.turn.IsValid() {
		return errors.New("player and side to move must be red or blue")
	}
	o := v.me.Opponent()
	var have [3]Army
	for i, p := range v.board {
		sq := Square(i + 1)
		if p == 0 {
			if v.know[i] != 0 || v.rescued.Has(sq) {
				return errors.New("knowledge on the empty square " + sq.String())
			}
			continue
		}
		if !r.OnBoard(sq) || !p.IsValid() {
			return errors.New("bad piece at " + sq.String())
		}
		hidden := p.Rank() == Unknown
		if hidden && p.Color() != o {
			return errors.New("the player's own piece is hidden at " + sq.String())
		}
		if p.Color() == o && hidden == (v.know[i]&KnownRank != 0) {
			return errors.New("an enemy piece is shown exactly when its rank is known, at " + sq.String())
		}
		if v.know[i]&KnownFar != 0 && v.know[i]&KnownMoved == 0 {
			return errors.New("a piece that moved far has moved, at " + sq.String())
		}
		if !hidden {
			have[p.Color()][p.Rank()]++
			if v.know[i]&KnownMoved != 0 && !p.Rank().Movable() {
				return errors.New("an immovable piece has moved, at " + sq.String())
			}
		}
	}
	for c := Red; c <= Blue; c++ {
		for rk := Spy; rk <= Flag; rk++ {
			if int(have[c][rk])+int(v.captured[c][rk]) > int(r.Army[rk]) {
				return errors.New("more " + rk.String() + " pieces of " + c.String() + " than the army has")
			}
			if v.spent[c][rk] > v.captured[c][rk] {
				return errors.New("more captured rescuers than captured pieces")
			}
		}
		if v.chases[c].on != (v.chases[c].from.IsValid()) {
			return errors.New("bad chase")
		}
	}
	need := v.seen
	for c := Red; c <= Blue; c++ {
		need = max(need, v.chases[c].boards)
	}
	if int(max(need, 1)) != len(v.hist)+1 {
		return errors.New("the history must span the boards of the repetition records")
	}
	if v.turn != v.me && len(v.moves) > 0 {
		return errors.New("legal moves listed when it is not the player's turn")
	}
	if !slices.IsSortedFunc(v.moves, func(a, b Move) int { return cmpKey(moveKey(a), moveKey(b)) }) {
		return errors.New("legal moves not sorted")
	}
	return nil
}

func cmpKey(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// The JSON form of a view is an object with these members (squares,
// moves, colors, ranks and pieces as strings in their text forms:
// "a1", "b4-b5", "red", "marshal", "blue unknown"):
//
//	rules               the Rules value in encoding/json's default form
//	player, turn        "red" or "blue"
//	rescueDue           true when the side to move must place a rescued piece
//	ply                 plies played
//	pliesWithoutAttack  plies in a row without an attack
//	outcome             {"winner": "red"|"blue"|"none", "reason": "flag captured"};
//	                    reason is an EndReason's String ("not over" while the
//	                    game goes on)
//	pieces              [{"square", "piece", "known", "rescued"}], in square
//	                    order; known lists "rank", "moved", "far" as in
//	                    Knowledge; rescued is true for a piece that made a rescue
//	captured            {"red": {rank: count}, "blue": {…}}: each side's losses
//	rescuedCaptured     the same for captured pieces that had made a rescue
//	rescues             {"red": n, "blue": n}: rescues made
//	last                the last move as seen, or absent: {"color", "move",
//	                    "piece", "defender", "combat", "outcome"}; combat is
//	                    "attacker wins", "defender wins" or "both removed"
//	legalMoves          the player's legal moves, sorted
//	runs                {"red": {"square", "length", "moves"}, …}: the
//	                    Two-Squares runs, moves latest first; square absent
//	                    when the piece is off the board
//	chases              {"red": {"from", "to", "boards"}, …}: the running
//	                    More-Squares chases
//	seen                boards of the game-wide More-Squares record
//	history             recent public moves, oldest first
//
// Members of the side objects are absent when empty.

type viewJSON struct {
	Rules              Rules               `json:"rules"`
	Player             Color               `json:"player"`
	Turn               Color               `json:"turn"`
	RescueDue          bool                `json:"rescueDue,omitempty"`
	Ply                int32               `json:"ply"`
	PliesWithoutAttack int32               `json:"pliesWithoutAttack"`
	Outcome            outcomeJSON         `json:"outcome"`
	Pieces             []pieceJSON         `json:"pieces"`
	Captured           map[Color]armyJSON  `json:"captured"`
	RescuedCaptured    map[Color]armyJSON  `json:"rescuedCaptured,omitempty"`
	Rescues            map[Color]uint8     `json:"rescues,omitempty"`
	Last               *lastJSON           `json:"last,omitempty"`
	LegalMoves         []Move              `json:"legalMoves"`
	Runs               map[Color]runJSON   `json:"runs,omitempty"`
	Chases             map[Color]chaseJSON `json:"chases,omitempty"`
	Seen               int32               `json:"seen,omitempty"`
	History            []Move              `json:"history,omitempty"`
}

type outcomeJSON struct {
	Winner string `json:"winner"`
	Reason string `json:"reason"`
}

type pieceJSON struct {
	Square  Square   `json:"square"`
	Piece   Piece    `json:"piece"`
	Known   []string `json:"known,omitempty"`
	Rescued bool     `json:"rescued,omitempty"`
}

type armyJSON map[Rank]uint8

type lastJSON struct {
	Color    Color       `json:"color"`
	Move     Move        `json:"move"`
	Piece    Piece       `json:"piece"`
	Defender *Piece      `json:"defender,omitempty"`
	Combat   string      `json:"combat,omitempty"`
	Outcome  outcomeJSON `json:"outcome"`
}

type runJSON struct {
	Square *Square `json:"square,omitempty"`
	Length uint8   `json:"length"`
	Moves  []Move  `json:"moves"`
}

type chaseJSON struct {
	From   Square `json:"from"`
	To     Square `json:"to"`
	Boards int32  `json:"boards"`
}

var knowNames = [...]struct {
	k    Knowledge
	name string
}{{KnownRank, "rank"}, {KnownMoved, "moved"}, {KnownFar, "far"}}

func toOutcomeJSON(o Outcome) outcomeJSON {
	return outcomeJSON{Winner: o.Winner.String(), Reason: o.Reason.String()}
}

func (j outcomeJSON) outcome() (Outcome, error) {
	var o Outcome
	switch j.Winner {
	case "red":
		o.Winner = Red
	case "blue":
		o.Winner = Blue
	case "none", "":
	default:
		return o, parseErr("view", j.Winner, 0, `"red", "blue" or "none"`)
	}
	for i := range endNames {
		if endNames[i] == j.Reason {
			o.Reason = EndReason(i)
			return o, nil
		}
	}
	return o, parseErr("view", j.Reason, 0, "an end reason such as \"flag captured\"")
}

func toArmyJSON(a Army) armyJSON {
	if a.Total() == 0 {
		return nil
	}
	m := armyJSON{}
	for rk, n := range a {
		if n > 0 {
			m[Rank(rk)] = n
		}
	}
	return m
}

// MarshalJSON implements [json.Marshaler] with the form described above.
// It fails with ErrInvalid for the zero View.
func (v View) MarshalJSON() ([]byte, error) {
	if !v.IsValid() {
		return nil, ErrInvalid
	}
	j := viewJSON{
		Rules: v.rules, Player: v.me, Turn: v.turn, RescueDue: v.pending,
		Ply: v.ply, PliesWithoutAttack: v.quiet, Outcome: toOutcomeJSON(v.outcome),
		Pieces: []pieceJSON{}, Captured: map[Color]armyJSON{}, LegalMoves: v.moves,
		Seen: v.seen, History: v.hist,
	}
	if j.LegalMoves == nil {
		j.LegalMoves = []Move{}
	}
	for i, p := range v.board {
		if p == 0 {
			continue
		}
		pj := pieceJSON{Square: Square(i + 1), Piece: p, Rescued: v.rescued.Has(Square(i + 1))}
		for _, kn := range knowNames {
			if v.know[i]&kn.k != 0 {
				pj.Known = append(pj.Known, kn.name)
			}
		}
		j.Pieces = append(j.Pieces, pj)
	}
	for c := Red; c <= Blue; c++ {
		if a := toArmyJSON(v.captured[c]); a != nil {
			j.Captured[c] = a
		}
		if a := toArmyJSON(v.spent[c]); a != nil {
			if j.RescuedCaptured == nil {
				j.RescuedCaptured = map[Color]armyJSON{}
			}
			j.RescuedCaptured[c] = a
		}
		if v.rescues[c] > 0 {
			if j.Rescues == nil {
				j.Rescues = map[Color]uint8{}
			}
			j.Rescues[c] = v.rescues[c]
		}
		if run := &v.runs[c]; run.n > 0 {
			if j.Runs == nil {
				j.Runs = map[Color]runJSON{}
			}
			rj := runJSON{Length: run.n, Moves: append([]Move{}, run.moves[:run.kept(v.rules.TwoSquares)]...)}
			if run.sq.IsValid() {
				sq := run.sq
				rj.Square = &sq
			}
			j.Runs[c] = rj
		}
		if ch := &v.chases[c]; ch.on {
			if j.Chases == nil {
				j.Chases = map[Color]chaseJSON{}
			}
			j.Chases[c] = chaseJSON{From: ch.from, To: ch.to, Boards: ch.boards}
		}
	}
	if ev := v.last; ev.Color.IsValid() {
		lj := &lastJSON{Color: ev.Color, Move: ev.Move, Piece: ev.Piece, Outcome: toOutcomeJSON(ev.Outcome)}
		if ev.Combat != NoCombat {
			d := ev.Defender
			lj.Defender, lj.Combat = &d, ev.Combat.String()
		}
		j.Last = lj
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements [json.Unmarshaler] for the form of
// [View.MarshalJSON], and checks the result as [ParseView] does.
func (v *View) UnmarshalJSON(data []byte) error {
	var j viewJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("%w: view: %w", ErrSyntax, err)
	}
	if err := j.Rules.Validate(); err != nil {
		return err
	}
	var w View
	w.rules, w.me, w.turn, w.pending = j.Rules, j.Player, j.Turn, j.RescueDue
	w.ply, w.quiet, w.seen = j.Ply, j.PliesWithoutAttack, j.Seen
	var err error
	if w.outcome, err = j.Outcome.outcome(); err != nil {
		return err
	}
	if w.ply < 0 || w.quiet < 0 || w.seen < 0 {
		return parseErr("view", string(data), 0, "non-negative counters")
	}
	for _, pj := range j.Pieces {
		if !pj.Square.IsValid() || w.board[pj.Square-1] != 0 {
			return parseErr("view", pj.Square.String(), 0, "one piece per square")
		}
		i := pj.Square.Index()
		w.board[i] = pj.Piece
		if pj.Rescued {
			w.rescued = w.rescued.With(pj.Square)
		}
	known:
		for _, name := range pj.Known {
			for _, kn := range knowNames {
				if kn.name == name {
					w.know[i] |= kn.k
					continue known
				}
			}
			return parseErr("view", name, 0, `"rank", "moved" or "far"`)
		}
	}
	for c, a := range j.Captured {
		if !c.IsValid() {
			return parseErr("view", c.String(), 0, "red or blue")
		}
		for rk, n := range a {
			if !rk.IsValid() {
				return parseErr("view", rk.String(), 0, "a real rank")
			}
			w.captured[c][rk] = n
		}
	}
	for c, a := range j.RescuedCaptured {
		if !c.IsValid() {
			return parseErr("view", c.String(), 0, "red or blue")
		}
		for rk, n := range a {
			if !rk.IsValid() {
				return parseErr("view", rk.String(), 0, "a real rank")
			}
			w.spent[c][rk] = n
		}
	}
	for c, n := range j.Rescues {
		if !c.IsValid() {
			return parseErr("view", c.String(), 0, "red or blue")
		}
		w.rescues[c] = n
	}
	for c, rj := range j.Runs {
		if !c.IsValid() || rj.Length < 1 || rj.Length > MaxTwoSquares {
			return parseErr("view", c.String(), 0, "a run of length 1-8")
		}
		run := &w.runs[c]
		run.n = rj.Length
		if rj.Square != nil {
			run.sq = *rj.Square
		}
		if len(rj.Moves) != run.kept(w.rules.TwoSquares) {
			return parseErr("view", c.String(), 0, "the moves of the run")
		}
		copy(run.moves[:], rj.Moves)
	}
	for c, cj := range j.Chases {
		if !c.IsValid() || !cj.From.IsValid() || !cj.To.IsValid() || cj.Boards < 0 {
			return parseErr("view", c.String(), 0, "a chase")
		}
		w.chases[c] = viewChase{on: true, from: cj.From, to: cj.To, boards: cj.Boards}
	}
	if lj := j.Last; lj != nil {
		ev := Event{Color: lj.Color, Move: lj.Move, Piece: lj.Piece}
		if ev.Outcome, err = lj.Outcome.outcome(); err != nil {
			return err
		}
		if lj.Defender != nil {
			ev.Defender = *lj.Defender
			for c := AttackerWins; c <= BothRemoved; c++ {
				if c.String() == lj.Combat {
					ev.Combat = c
				}
			}
			if ev.Combat == NoCombat {
				return parseErr("view", lj.Combat, 0, "a combat result")
			}
		}
		if !ev.Color.IsValid() || !ev.Move.IsValid() || ev.Piece.Color() != ev.Color {
			return parseErr("view", lj.Move.String(), 0, "a last move with its side and piece")
		}
		w.last = ev
	}
	if len(j.LegalMoves) > 0 {
		w.moves = j.LegalMoves
	}
	if len(j.History) > 0 {
		w.hist = j.History
	}
	if err := w.check(); err != nil {
		return parseErr("view", "", 0, "a view a game could show ("+err.Error()+")")
	}
	*v = w
	return nil
}
