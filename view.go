package stratego

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
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
// A View is the player's view position ([View.Position]) with two
// things a position does not hold: the last move as the player saw it,
// and the player's legal moves, which the position alone does not always
// give (the More-Squares case of the section "Hidden information" of the
// package doc). Its text form is that position's text followed by those
// two fields (the section "Position text"); its JSON form has the same
// fields ([View.MarshalJSON]).
//
// A spectator's view ([State.SpectatorView]) is a View of no player:
// it holds only what both players know, and has no legal moves; it has
// the text and JSON forms of a player's view, without the viewer, but
// no state can be drawn from it ([View.Sample] fails).
//
// Make a View with [State.View] or [State.ViewInto]; decode one with
// [ParseView], [View.UnmarshalText] or [View.UnmarshalJSON]. Draw a full
// state consistent with it with [View.Sample], or many with
// [View.Sampler]. The zero View is no view
// ([View.IsValid] is false). A View is a value; its methods never change
// it, except the Unmarshal methods, so it may be read from many
// goroutines at once (ViewInto reuses its storage, see there).
type View struct {
	pos   Position // the view position: Viewer set, unseen enemy ranks Unknown
	last  Event    // the last move as the player saw it
	moves []Move   // legal moves of the player, sorted (see sortMoves)
}

// View returns what c may know about the game (see [View]). It returns
// the zero View when c is not Red or Blue or s is the zero State (a
// spectator's view is [State.SpectatorView]). It
// allocates the view's lists; [State.ViewInto] reuses the storage of an
// existing View instead.
func (s State) View(c Color) View {
	var v View
	if s.g != nil {
		// One buffer for the runs and the legal moves.
		ts := s.g.rules.TwoSquares
		n := 2 * ts
		if s.turn == c {
			n += 96
		}
		buf := make([]Move, n)
		(*v.pos.run(Red)), (*v.pos.run(Blue)) = buf[:0:ts], buf[ts:ts:2*ts]
		v.moves = buf[2*ts : 2*ts]
	}
	s.ViewInto(&v, c)
	return v
}

// ViewInto is like [State.View] but writes the view into *v, reusing the
// storage of v's lists, so that a program that keeps one View per
// player allocates nothing once the lists have grown to size. Copies of
// *v made before the call share those lists and see them overwritten.
func (s State) ViewInto(v *View, c Color) {
	moves := v.moves[:0]
	s.viewPositionInto(&v.pos, c)
	v.last, v.moves = Event{}, moves
	if s.g == nil || !c.IsValid() {
		return
	}
	v.last = s.maskedLast(c)
	if s.turn == c {
		v.moves = s.AppendLegalMoves(v.moves)
		sortMoves(v.moves)
	}
}

// SpectatorView returns what a spectator of the game may know: only what
// both players know, so that it shows no rank that either player's
// view hides. It is a view of no player ([View.Player] is NoColor):
// every piece, of either side, whose rank its opponent has not seen is
// [Unknown]; what is known of each piece, the captured pieces, the side
// to move, the counters, the outcome and the repetition record are
// public, as in a player's view; the last move shows the moving piece
// as its opponent saw it and the defender as the mover saw it; and
// there are no legal moves. A game server may send it to spectators as
// it is. It returns the zero View for the zero State.
func (s State) SpectatorView() View {
	var v View
	if s.g == nil {
		return v
	}
	s.positionInto(&v.pos, NoColor)
	v.pos.hideUnseen()
	v.last = s.spectatorLast()
	return v
}

// spectatorLast returns the last event as both players saw it: the
// moving piece as the mover's opponent saw it, the defender as the
// mover saw it.
func (s *State) spectatorLast() Event {
	ev := s.maskedLast(s.last.Color.Opponent())
	ev.Defender = s.maskedLast(s.last.Color).Defender
	return ev
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

// sortMoves sorts moves by [Move.Compare]: the order of [View.LegalMoves].
func sortMoves(ms []Move) { slices.SortFunc(ms, Move.Compare) }

// clone returns a copy of v that shares no storage with it.
func (v View) clone() View {
	v.pos = v.pos.clone()
	v.moves = slices.Clone(v.moves)
	return v
}

// IsValid reports whether v is a view of a game (not the zero View).
func (v View) IsValid() bool { return v.pos.Turn.IsValid() }

// Player returns the side whose view this is, or NoColor for a
// spectator's view ([State.SpectatorView]).
func (v View) Player() Color { return v.pos.Viewer }

// checkSpectator checks that the view position p, if it has no viewer
// (a spectator's view), shows no rank that the piece's opponent has not
// seen.
func checkSpectator(p *Position) error {
	if p.Viewer.IsValid() {
		return nil
	}
	for i, pc := range p.Board.pieces {
		if pc != 0 && pc.Rank() != Unknown && p.Known.known[i]&KnownRank == 0 {
			return fmt.Errorf("a spectator's view shows the rank of the piece on %v, which its opponent has not seen", Square(i+1))
		}
	}
	for _, cp := range p.Captured {
		if cp.Piece.Rank() != Unknown && cp.Known&KnownRank == 0 {
			return errors.New("a spectator's view shows the rank of a captured piece its opponent has not seen")
		}
	}
	return nil
}

// Position returns the view as a position: its viewer is the player
// (none in a spectator's view), and the ranks of the enemy pieces the
// player has not seen in combat (those without [KnownRank]; in a
// spectator's view, the pieces of either side) are [Unknown]; everything else in a
// position is public. It shares no storage with v.
func (v View) Position() Position { return v.pos.clone() }

// Rules returns the rules of the game.
func (v View) Rules() Rules { return v.pos.Rules }

// Turn returns the side to move.
func (v View) Turn() Color { return v.pos.Turn }

// RescueDue reports whether the side to move must now place a rescued
// piece (see [State.RescueDue]).
func (v View) RescueDue() bool { return v.pos.RescueDue }

// Ply returns the number of plies played since the start.
func (v View) Ply() int { return v.pos.Ply }

// PliesWithoutAttack returns the number of plies in a row, up to the last
// one, that were not attacks.
func (v View) PliesWithoutAttack() int { return v.pos.PliesWithoutAttack }

// Outcome returns how the game stands.
func (v View) Outcome() Outcome { return v.pos.Outcome }

// At returns the piece on sq as the player sees it, and whether there is
// one: the player's own pieces and shown enemy pieces with their rank,
// hidden enemy pieces with rank [Unknown].
func (v View) At(sq Square) (Piece, bool) {
	if !sq.IsValid() || v.pos.Board.pieces[sq-1] == 0 {
		return 0, false
	}
	return v.pos.Board.pieces[sq-1], true
}

// Knowledge returns what the opponent of the piece on sq has learned about
// it (0 when the square is empty): for an enemy piece what the player
// knows, for the player's own piece what the enemy knows.
func (v View) Knowledge(sq Square) Knowledge {
	if !sq.IsValid() {
		return 0
	}
	return v.pos.Known.known[sq-1]
}

// Squares returns what v shows of every square at once: the pieces as
// [View.At] gives them (none on an empty square, rank [Unknown] for a
// hidden enemy piece) and what the opponent knows of each
// ([View.Knowledge]). It is for encoders that read every square: a View
// is a large value, and a method call per square copies it.
func (v View) Squares() (Board, KnowledgeBoard) {
	return v.pos.Board, v.pos.Known
}

// Board returns the pieces as the player sees them: its own pieces and
// shown enemy pieces with their rank, hidden enemy pieces with rank
// [Unknown] (the board of [View.At]).
func (v View) Board() Board { return v.pos.Board }

// TwoSquaresRun yields the moves of c's Two-Squares run (RULES.md 6.1),
// oldest first: the last moves, at most [Rules.TwoSquares], of the piece
// c moved last, while that piece is on the board, as the runs field of
// the position text holds them (see [Position]); the rule judges c's
// next move of that piece by them. It yields nothing when c has no run
// or is not a side. The run names squares, not ranks, so both players
// see it.
func (v View) TwoSquaresRun(c Color) iter.Seq[Move] {
	var run []Move
	if c.IsValid() {
		run = (*v.pos.run(c))
	}
	return func(yield func(Move) bool) {
		for _, m := range run {
			if !yield(m) {
				return
			}
		}
	}
}

// Chase returns c's running chase under the More-Squares Rule (RULES.md
// 6.2), as the chases field of the position text holds it (see
// [Position]): the chasing piece's last move, the number of boards the
// chase remembers (0 under [MoreSquaresGame], where the game's boards
// since the last attack count), and true; or false when c is not
// chasing or is not a side.
func (v View) Chase(c Color) (last Move, boards int, ok bool) {
	if !c.IsValid() {
		return Move{}, 0, false
	}
	ch := (*v.pos.chase(c))
	if ch.Move.From == NoSquare {
		return Move{}, 0, false
	}
	return Move{From: ch.Move.From, To: ch.Move.To}, ch.Boards, true
}

// MadeRescue reports whether the piece on sq has made a rescue (and so
// may not make another; see [Rules.Rescues]).
func (v View) MadeRescue(sq Square) bool { return v.pos.Rescuers.Has(sq) }

// Hidden returns the squares of the enemy pieces whose rank the player
// has not seen; in a spectator's view, of the pieces of either side
// whose rank their opponent has not seen.
func (v View) Hidden() SquareSet {
	var h SquareSet
	for i, p := range v.pos.Board.pieces {
		if p.Rank() == Unknown {
			h = h.With(Square(i + 1))
		}
	}
	return h
}

// Captured returns how many pieces of each rank c has lost (captured
// pieces are public).
func (v View) Captured(c Color) Army {
	var a Army
	for _, cp := range v.pos.Captured {
		if cp.Piece.Color() == c && cp.Piece.Rank().IsValid() {
			a[cp.Piece.Rank()]++
		}
	}
	return a
}

// Rescues returns how many rescues c has made: its pieces marked as
// rescuers, less the rescue it owes when one is due.
func (v View) Rescues(c Color) int {
	n := 0
	if v.pos.RescueDue && c == v.pos.Turn {
		n--
	}
	for i, p := range v.pos.Board.pieces {
		if p != 0 && p.Color() == c && v.pos.Rescuers.Has(Square(i+1)) {
			n++
		}
	}
	for _, cp := range v.pos.Captured {
		if cp.Piece.Color() == c && cp.Rescuer {
			n++
		}
	}
	return n
}

// HiddenArmy returns the ranks that the player's hidden enemy pieces may
// have, with their counts: the enemy's army less its captured pieces and
// its pieces whose rank was shown. In a game from [New] the counts add up
// to the number of hidden pieces; a game from [FromBoard] may have placed
// fewer pieces than the army holds, and then they add up to more. It is
// empty for a spectator's view, which hides the pieces of both sides
// ([View.Ranks] gives what each of them may be).
func (v View) HiddenArmy() Army { return v.hiddenArmy() }

// hiddenArmy is HiddenArmy without the copy of the view.
func (v *View) hiddenArmy() Army {
	if !v.pos.Viewer.IsValid() {
		return Army{}
	}
	return v.hiddenArmyOf(v.pos.Viewer.Opponent())
}

// hiddenArmyOf returns the ranks o's hidden pieces may have, with their
// counts: o's army less its captured pieces and its pieces whose rank
// the view shows.
func (v *View) hiddenArmyOf(o Color) Army {
	a := v.pos.Rules.Army
	var lost Army // as Captured(o)
	for _, cp := range v.pos.Captured {
		if cp.Piece.Color() == o && cp.Piece.Rank().IsValid() {
			lost[cp.Piece.Rank()]++
		}
	}
	var on [256]uint8 // pieces on the board, by Piece value
	for _, p := range &v.pos.Board.pieces {
		on[p]++
	}
	for rk := range a {
		n := int(lost[rk])
		if Rank(rk).IsValid() {
			n += int(on[NewPiece(o, Rank(rk))]) // shown enemy pieces
		}
		a[rk] = uint8(max(int(a[rk])-n, 0))
	}
	return a
}

// Ranks returns the ranks the piece on sq may have as far as the view
// shows, piece by piece: a shown or own piece only its rank; a hidden
// piece that has moved no Bomb or Flag; one that moved more than one
// square only a Scout (or a Captain, where Captains move two squares,
// unless a long or a turning move told which: [KnownLong], [KnownTurn]); a
// hidden piece that won fights under silent defense, at any time in the
// game, only a rank that beats each of those attackers ([Resolve] gives
// DefenderWins; see [View.Beaten]); and in every case only a rank that
// [View.HiddenArmy] still holds (in a spectator's view, the piece's
// side's army less its captured and shown pieces). It is empty for an
// empty square.
// Ranks(sq).Has(rk) asks about one rank.
func (v View) Ranks(sq Square) RankSet { return v.canBe(sq) }

// canBe returns the ranks the piece on sq may have (see [View.Ranks]).
func (v *View) canBe(sq Square) RankSet {
	if !sq.IsValid() {
		return 0
	}
	p := v.pos.Board.pieces[sq-1] // as At, without the copy of the view
	switch {
	case p == 0:
		return 0
	case p.Rank() != Unknown:
		return 1 << p.Rank()
	}
	var army RankSet
	for rk, n := range v.hiddenArmyOf(p.Color()) {
		if n > 0 {
			army |= 1 << rk
		}
	}
	return v.pos.ranksAt(sq.Index()) & army
}

const (
	allRanks     RankSet = 1<<Spy | 1<<Scout | 1<<Miner | 1<<Sergeant | 1<<Lieutenant | 1<<Captain | 1<<Major | 1<<Colonel | 1<<General | 1<<Marshal | 1<<Bomb | 1<<Flag
	movableRanks         = allRanks &^ (1<<Bomb | 1<<Flag)
)

// possibleRanks returns the ranks a hidden piece may have by what is
// known of it under r, the army's counts aside: by its moves (k: one that
// moved is no Bomb or Flag, [knownRanks]) and by the attackers it beat
// unseen under silent defense (beat, [beatRanks]). It is the one rule
// behind [View.Ranks], the sampler and the position checks.
func possibleRanks(r *Rules, k Knowledge, beat RankSet) RankSet {
	m := knownRanks(r, k)
	if beat != 0 {
		m &= beatRanks(r, beat)
	}
	return m
}

// knownRanks returns the ranks a piece with knowledge k may have by its
// moves: any rank before it moves; a movable one once it moved; once it
// moved more than one square a Scout, or where Captains move two
// squares a Scout or a Captain unless a long or a turning move told
// which.
func knownRanks(r *Rules, k Knowledge) RankSet {
	switch {
	case k&KnownFar == 0 && k&KnownMoved != 0:
		return movableRanks
	case k&KnownFar == 0:
		return allRanks
	case k&KnownLong != 0:
		return 1 << Scout
	case k&KnownTurn != 0:
		return 1 << Captain
	case r.CaptainsMoveTwo:
		return 1<<Scout | 1<<Captain
	}
	return 1 << Scout
}

// beatRanks returns the ranks of a defender that beats ([Resolve] gives
// DefenderWins) an attacker of every rank in beat: all ranks when beat is
// empty.
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

// Beaten returns the ranks of the attackers that the piece on sq beat
// while its rank was hidden, under silent defense ([InfoSilentDefense]),
// movable ranks only: the "<" mark of the position text (see
// [Position]). Both players saw those fights, so it reports them for the
// player's own pieces too. It is empty for an empty square, a piece
// whose rank was shown, or under the other information rules.
func (v View) Beaten(sq Square) RankSet {
	if !sq.IsValid() {
		return 0
	}
	return v.pos.beatAt(sq.Index())
}

// lastDefenderIndex returns the square index of a hidden enemy defender
// that won the last fight (silent defense), or -1.
func (v *View) lastDefenderIndex() int {
	ev := &v.last
	if ev.Color == v.pos.Viewer && ev.Combat == DefenderWins && ev.Defender.Rank() == Unknown && ev.Move.To.IsValid() {
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
	_, ok := slices.BinarySearchFunc(v.moves, m, Move.Compare)
	return ok
}

// AppendMove appends m in the form [ParseMove] reads, written as an
// attack ("b4xb5") when the piece on its from-square would attack a
// piece of the other side on its target square.
func (v View) AppendMove(b []byte, m Move) []byte {
	b, _ = AnnotatedMove{Move: m}.appendNotation(b, v.pos.Rules.Numbering, v.pos.attacks(m))
	return b
}

// ParseMove parses a move as [ParseMove] does and refuses one written as
// an attack ("x") whose target square holds no piece of the other side
// in the view (the error wraps [ErrNoAttack]). A move written with "-"
// may still attack.
func (v View) ParseMove(s string) (Move, error) {
	m, marked, err := parseMove(s)
	if err != nil {
		return Move{}, err
	}
	if marked && !v.pos.attacks(m) {
		return Move{}, &MoveError{Move: m, Err: ErrNoAttack}
	}
	return m, nil
}

// Equal reports whether v and w are the same view.
func (v View) Equal(w View) bool {
	return v.pos.equal(&w.pos) && v.last == w.last && slices.Equal(v.moves, w.moves)
}

// The text form of a view is the text of its view position (with the
// viewer field) followed by the last move and the legal moves: the "view"
// rule of the section "Position text" of the package doc.

// String returns the text form of the view (the "view" rule of the
// section "Position text" of the package doc), or "-" for the zero View.
func (v View) String() string {
	b, err := v.AppendText(make([]byte, 0, 512))
	if err != nil {
		return "-"
	}
	return string(b)
}

// AppendText implements [encoding.TextAppender], appending the one-line
// text form (the "view" rule of the section "Position text" of the package doc). It fails with
// ErrInvalid for the zero View.
func (v View) AppendText(b []byte) ([]byte, error) {
	if !v.IsValid() {
		return b, errZeroView
	}
	b, err := v.pos.AppendText(b)
	if err != nil {
		return b, err
	}
	b = append(b, ' ')
	b = v.appendLast(b)
	b = append(b, ' ')
	if len(v.moves) == 0 {
		return append(b, '-'), nil
	}
	for i, m := range v.moves {
		if i > 0 {
			b = append(b, ',')
		}
		b = v.AppendMove(b, m)
	}
	return b, nil
}

// lastColor returns the side that made the last move of a view position:
// the side to move when it owes a rescue, the other side otherwise.
func lastColor(p *Position) Color {
	if p.RescueDue {
		return p.Turn
	}
	return p.Turn.Opponent()
}

// lastOutcome returns the outcome right after the last move: the game's,
// unless the game ended later by resignation or agreement.
func lastOutcome(p *Position) Outcome {
	if r := p.Outcome.Reason; r == Resignation || r == DrawAgreed {
		return Outcome{}
	}
	return p.Outcome
}

// appendLast appends the last-move field: the move annotated with the
// fight's ranks and result, "?" for a defender that was not shown.
func (v *View) appendLast(b []byte) []byte {
	ev := v.last
	if !ev.Color.IsValid() {
		return append(b, '-')
	}
	b, _ = Annotate(ev).AppendNotation(b, v.pos.Rules.Numbering)
	return b
}

// setLast sets the last event of v from the annotated move a of the
// last-move field, with what the position adds: the side, the quiet
// mover's piece, the outcome. It checks that a fits the position.
func (v *View) setLast(a AnnotatedMove) error {
	p := &v.pos
	c := lastColor(p)
	ev := Event{Move: a.Move, Color: c, Combat: a.Combat, Outcome: lastOutcome(p)}
	at := p.Board.pieces[a.Move.To.Index()]
	switch {
	case a.Combat == NoCombat:
		if at == 0 || at.Color() != c {
			return errors.New("the last move's piece is not on its target square")
		}
		ev.Piece = at
	default:
		ev.Piece = NewPiece(c, a.Attacker)
		ev.Defender = NewPiece(c.Opponent(), a.Defender)
		if a.Defender == Unknown {
			if a.Combat != DefenderWins || p.Viewer.IsValid() && c != p.Viewer {
				return errors.New("only a defender of the viewer's enemy that won may stay hidden")
			}
			if p.beatAt(a.Move.To.Index())&(1<<a.Attacker) == 0 {
				return errors.New("the hidden defender of the last fight lacks its silent-defense mark")
			}
		}
		var want Piece // the survivor on the square; none when both fell
		switch a.Combat {
		case AttackerWins:
			want = ev.Piece
		case DefenderWins:
			want = ev.Defender
		}
		if at != want {
			return errors.New("the board does not show the last fight's result on its square")
		}
	}
	v.last = ev
	return nil
}

// MarshalText implements [encoding.TextMarshaler] with the form of
// [View.AppendText].
func (v View) MarshalText() ([]byte, error) { return v.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseView].
func (v *View) UnmarshalText(text []byte) error {
	return unmarshal(v, text, ParseView)
}

// ParseView parses the text form of a view (the "view" rule of the
// section "Position text" of the package doc): a position as
// [ParsePosition] reads and checks it, which names its viewer (or, for a
// spectator's view, none), then the last move and the legal
// moves. It checks that the last move fits the position and that the
// legal moves are exactly the position's, sorted and listed only on the
// viewer's turn, and that some game agrees with the view (for a
// spectator's view, which lists no moves, the position's checks: what is
// known of each piece, each side's pieces within its army). Where a
// running chase of the viewer makes the legal moves depend on hidden
// ranks (the section "Hidden information" of the package doc), the moves
// the More-Squares Rule could forbid may be listed or not.
// The error wraps ErrSyntax (a [ParseError] with the offset, naming the
// first wrong move) and, when no game agrees with the view,
// ErrInconsistentView; for a position that breaks the rules, ErrPosition
// (a *[PositionError]) or ErrRules.
func ParseView(s string) (View, error) {
	i := strings.LastIndexByte(s, ' ')
	j := strings.LastIndexByte(s[:max(i, 0)], ' ')
	if j < 0 {
		return View{}, parseErr("view", s, 0, "a view position, the last move and the legal moves")
	}
	p, err := ParsePosition(s[:j])
	if err != nil {
		return View{}, err
	}
	if err := checkSpectator(&p); err != nil {
		return View{}, parseErrCause("view", s, 0, `a position with its viewer ("view:red" or "view:blue"), or a spectator's view`, err)
	}
	var moves []Move
	var marked []bool
	if f := s[i+1:]; f != "-" {
		for part := range strings.SplitSeq(f, ",") {
			m, x, err := parseMove(part)
			if err != nil {
				return View{}, parseErr("view", s, i+1, `the legal moves or "-"`)
			}
			moves, marked = append(moves, m), append(marked, x)
		}
	}
	var a AnnotatedMove
	if f := s[j+1 : i]; f != "-" {
		if a, err = parseLast(p.Rules.Numbering, f); err != nil {
			return View{}, parseErrCause("view", s, j+1, `"-" or the last move, annotated for an attack`, err)
		}
	}
	v, err := newView(p, a, moves, marked)
	if err != nil {
		return View{}, viewFieldErr(s, j+1, i+1, err)
	}
	return v, nil
}

// parseLast parses the last-move field (not "-"): an annotated move,
// whose defender label may be "?" (Unknown, a hidden defender).
func parseLast(n Numbering, f string) (AnnotatedMove, error) {
	a, err := ParseAnnotatedMove(n, f)
	if err == nil && a.Attacker == Unknown {
		return AnnotatedMove{}, errors.New("the attacker's rank is always shown")
	}
	return a, err
}

// newView makes the view of the checked view position p with the last
// move a (none when a.Move is the zero Move) and the legal moves, of
// which those marked were written as attacks.
func newView(p Position, a AnnotatedMove, moves []Move, marked []bool) (View, error) {
	for i, x := range marked {
		if x && !p.attacks(moves[i]) {
			return View{}, &movesError{&MoveError{Move: moves[i], Err: ErrNoAttack}}
		}
	}
	if err := checkSpectator(&p); err != nil {
		return View{}, err
	}
	v := View{pos: p}
	if a.Move != (Move{}) {
		if err := v.setLast(a); err != nil {
			return View{}, err
		}
	}
	if p.Turn != p.Viewer && len(moves) > 0 {
		return View{}, errors.New("legal moves listed when it is not the viewer's turn, or in a spectator's view")
	}
	if !slices.IsSortedFunc(moves, Move.Compare) {
		return View{}, errors.New("legal moves out of order")
	}
	if len(moves) > 0 {
		v.moves = moves
	}
	if err := v.checkMoves(); err != nil {
		return View{}, &movesError{err}
	}
	return v, nil
}

// movesError is an error of newView about the legal moves (not the last
// move): the parsers report it at the legal-moves field.
type movesError struct{ err error }

func (e *movesError) Error() string { return e.err.Error() }
func (e *movesError) Unwrap() error { return e.err }

// viewFieldErr returns the parse error of newView's err for a view
// whose last-move field is at last and legal-moves field at moves.
func viewFieldErr(input string, last, moves int, err error) error {
	var me *movesError
	if errors.As(err, &me) {
		return parseErrCause("view", input, moves, "the legal moves of the position", me.err)
	}
	return parseErrCause("view", input, last, "a last move that fits the position", err)
}

// checkMoves checks that some game agrees with v and that the legal
// moves of v are the ones its position gives the viewer, naming the
// first that is not. They are worked out on a state drawn for the view
// (the work of [View.Sampler]). Where they may
// depend on hidden ranks (a running chase of the viewer),
// only the moves the More-Squares Rule could forbid may differ from the
// drawn state's: those are left to [View.Sample], which redraws until
// they match.
func (v *View) checkMoves() error {
	p := &v.pos
	for i := 1; i < len(v.moves); i++ {
		if v.moves[i] == v.moves[i-1] {
			return fmt.Errorf("legal move %v listed twice", v.moves[i])
		}
	}
	if p.Outcome.IsOver() && len(v.moves) > 0 {
		return errors.New("legal moves listed in a finished game")
	}
	if !p.Viewer.IsValid() {
		return nil // a spectator's view: no player to draw for, no moves
	}
	sm, s, err := v.sampler()
	if err != nil {
		return err // no game agrees with the view
	}
	if p.Turn != p.Viewer {
		return nil // none listed, checked by newView
	}
	want := s.AppendLegalMoves(nil)
	mayVary := func(Move) bool { return false }
	if sm.moves {
		// Every move the rule could forbid, as if the chase did not run.
		free := s
		free.chases[p.Viewer.index()] = chase{}
		want = free.AppendLegalMoves(want[:0])
		mayVary = func(m Move) bool { return s.chaseCandidate(m) }
	}
	sortMoves(want)
	got := v.moves
	for len(want) > 0 || len(got) > 0 {
		switch {
		case len(got) > 0 && (len(want) == 0 || got[0].Compare(want[0]) < 0):
			return fmt.Errorf("legal move %v is not a legal move of the position", got[0])
		case len(want) > 0 && (len(got) == 0 || want[0].Compare(got[0]) < 0):
			if !mayVary(want[0]) {
				return fmt.Errorf("legal move %v of the position is not listed", want[0])
			}
			want = want[1:]
		default:
			got, want = got[1:], want[1:]
		}
	}
	return nil
}

// The JSON form of a view is an object whose members are the fields of
// the text form (see [Position]), with squares, moves, colors, pieces,
// rules and outcomes as strings in their text forms ("a1", "b4-b5",
// "red", "blue unknown", "classic", "red wins (flag captured)"):
//
//	rules               the rules, as Rules.String
//	viewer, turn        "red" or "blue"
//	rescueDue           true when the side to move must place a rescued piece
//	ply                 plies played
//	pliesWithoutAttack  plies in a row without an attack
//	outcome             the outcome, as Outcome.String
//	board               [{"square", "piece", "known", "rescuer"}], in square
//	                    order; known lists the marks "!", "+", "*", ">", "%"
//	                    as "rank", "moved", "far", "long", "turn"; rescuer
//	                    is true for a piece that made a rescue ("^");
//	                    beat lists the ranks of the "<" mark ("scout")
//	captured            [{"piece", "known", "rescuer"}], in the order of the
//	                    text form
//	runs                {"red": [move…], "blue": […]}: the Two-Squares runs
//	chases              {"red": {"move", "boards"}, …}: the More-Squares chases
//	boards              boards of the game-wide More-Squares record
//	history             recent public moves, oldest first
//	last                the last move, as in the text form ("b4xb5(6<?)"),
//	                    absent at the start
//	legalMoves          the viewer's legal moves, sorted, an attack
//	                    written with "x" ("b4xb5")
//
// Members that are empty are left out, but for board and legalMoves.

type viewJSON struct {
	Rules              Rules               `json:"rules"`
	Viewer             Color               `json:"viewer,omitzero"`
	Turn               Color               `json:"turn"`
	RescueDue          bool                `json:"rescueDue,omitempty"`
	Ply                int                 `json:"ply"`
	PliesWithoutAttack int                 `json:"pliesWithoutAttack"`
	Outcome            Outcome             `json:"outcome"`
	Board              []pieceJSON         `json:"board"`
	Captured           []pieceJSON         `json:"captured,omitempty"`
	Runs               map[Color][]Move    `json:"runs,omitempty"`
	Chases             map[Color]chaseJSON `json:"chases,omitempty"`
	Boards             int                 `json:"boards,omitempty"`
	History            []Move              `json:"history,omitempty"`
	Last               string              `json:"last,omitempty"`
	LegalMoves         []listedMove        `json:"legalMoves"`
}

// listedMove is a legal move of a view's JSON form, with whether it is
// written as an attack ("b4xb5").
type listedMove struct {
	Move   Move
	attack bool
}

func (m listedMove) MarshalText() ([]byte, error) {
	return AnnotatedMove{Move: m.Move}.appendNotation(nil, NumberingISF, m.attack)
}

func (m *listedMove) UnmarshalText(b []byte) error {
	mv, attack, err := parseMove(string(b))
	if err != nil {
		return err
	}
	m.Move, m.attack = mv, attack
	return nil
}

type pieceJSON struct {
	Square  *Square  `json:"square,omitempty"`
	Piece   Piece    `json:"piece"`
	Known   []string `json:"known,omitempty"`
	Rescuer bool     `json:"rescuer,omitempty"`
	Beat    []Rank   `json:"beat,omitempty"`
}

type chaseJSON struct {
	Move   Move `json:"move"`
	Boards int  `json:"boards"`
}

// MarshalJSON implements [json.Marshaler]: an object whose members are
// the fields of the text form, listed in the section "View JSON" of the
// package doc. It fails with [ErrInvalid] for the zero View.
// [View.UnmarshalJSON] reads the form back.
func (v View) MarshalJSON() ([]byte, error) {
	if !v.IsValid() {
		return nil, errZeroView
	}
	p := &v.pos
	j := viewJSON{
		Rules: p.Rules, Viewer: p.Viewer, Turn: p.Turn, RescueDue: p.RescueDue,
		Ply: p.Ply, PliesWithoutAttack: p.PliesWithoutAttack, Outcome: p.Outcome,
		Board: []pieceJSON{}, Boards: p.SeenBoards, History: p.History, LegalMoves: []listedMove{},
	}
	for _, m := range v.moves {
		j.LegalMoves = append(j.LegalMoves, listedMove{m, p.attacks(m)})
	}
	for i, pc := range p.Board.pieces {
		if pc != 0 {
			sq := Square(i + 1)
			j.Board = append(j.Board, pieceJSON{Square: &sq, Piece: pc, Known: knownNames(p.Known.known[i]), Rescuer: p.Rescuers.Has(sq),
				Beat: slices.Collect(v.Beaten(sq).All())})
		}
	}
	for _, cp := range p.Captured {
		j.Captured = append(j.Captured, pieceJSON{Piece: cp.Piece, Known: knownNames(cp.Known), Rescuer: cp.Rescuer})
	}
	for c := Red; c <= Blue; c++ {
		if len((*p.run(c))) > 0 {
			if j.Runs == nil {
				j.Runs = map[Color][]Move{}
			}
			j.Runs[c] = (*p.run(c))
		}
		if ch := (*p.chase(c)); ch.Move.From != NoSquare {
			if j.Chases == nil {
				j.Chases = map[Color]chaseJSON{}
			}
			j.Chases[c] = chaseJSON{Move: Move{From: ch.Move.From, To: ch.Move.To}, Boards: ch.Boards}
		}
	}
	if v.last.Color.IsValid() {
		j.Last = string(v.appendLast(nil))
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements [json.Unmarshaler] for the form of
// [View.MarshalJSON], and checks the result as [ParseView] does.
func (v *View) UnmarshalJSON(data []byte) error {
	var j viewJSON
	if err := json.Unmarshal(data, &j); err != nil {
		// The cause may be one of the package's own (bad rules, say).
		return &wrapError{msg: ErrSyntax.Error() + ": view: " + causeText(err), errs: [2]error{ErrSyntax, err}}
	}
	p, err := j.position()
	if err != nil {
		return err
	}
	// The position validator checks the rest, as for a view's text.
	if _, err := p.validate(); err != nil {
		return err
	}
	var a AnnotatedMove
	if j.Last != "" {
		if a, err = parseLast(p.Rules.Numbering, j.Last); err != nil {
			return parseErrCause("view", j.Last, 0, "the last move, annotated for an attack", err)
		}
	}
	moves, marked := make([]Move, len(j.LegalMoves)), make([]bool, len(j.LegalMoves))
	for i, m := range j.LegalMoves {
		moves[i], marked[i] = m.Move, m.attack
	}
	w, err := newView(p, a, moves, marked)
	if err != nil {
		return viewFieldErr(j.Last, 0, 0, err)
	}
	*v = w
	return nil
}

// position returns the view position the JSON fields describe, checking
// only what the JSON form could hold and a Position could not (a piece
// without a square, two on one, a chase with a Via); the position
// validator checks the rest.
func (j *viewJSON) position() (Position, error) {
	if err := j.Rules.Validate(); err != nil {
		return Position{}, err
	}
	p := Position{
		Rules: j.Rules, Viewer: j.Viewer, Turn: j.Turn, RescueDue: j.RescueDue,
		Ply: j.Ply, PliesWithoutAttack: j.PliesWithoutAttack, Outcome: j.Outcome,
		SeenBoards: j.Boards, History: j.History,
	}
	if p.Viewer != NoColor && !p.Viewer.IsValid() {
		return Position{}, parseErr("view", p.Viewer.String(), 0, `the viewer, "red" or "blue", or none for a spectator's view`)
	}
	for _, step := range []func(*Position) error{j.board, j.captured, j.record} {
		if err := step(&p); err != nil {
			return Position{}, err
		}
	}
	return p, nil
}

// board puts the JSON board's pieces and their marks on p.
func (j *viewJSON) board(p *Position) error {
	for _, pj := range j.Board {
		if pj.Square == nil || !pj.Square.IsValid() || p.Board.pieces[pj.Square.Index()] != 0 || !pj.Piece.IsValid() {
			return parseErr("view", pj.Piece.String(), 0, "a piece on a square of its own")
		}
		sq := *pj.Square
		k, err := parseKnown(pj.Known)
		if err != nil {
			return err
		}
		p.Board.pieces[sq.Index()], p.Known.known[sq.Index()] = pj.Piece, k
		var beat RankSet
		for i, a := range pj.Beat {
			if !a.Movable() || (i > 0 && a <= pj.Beat[i-1]) {
				return parseErr("view", a.String(), 0, "beaten attackers of movable ranks, in rank order")
			}
			beat |= 1 << a
		}
		if beat != 0 {
			p.addBeat(sq.Index(), beat)
		}
		if pj.Rescuer {
			p.Rescuers = p.Rescuers.With(sq)
		}
	}
	return nil
}

// captured puts the JSON captured pieces on p, in canonical order.
func (j *viewJSON) captured(p *Position) error {
	for _, pj := range j.Captured {
		k, err := parseKnown(pj.Known)
		if err != nil {
			return err
		}
		if pj.Square != nil || !pj.Piece.IsValid() || len(pj.Beat) > 0 {
			return parseErr("view", pj.Piece.String(), 0, "a captured piece, without a square")
		}
		p.Captured = append(p.Captured, Captive{Piece: pj.Piece, Known: k, Rescuer: pj.Rescuer})
	}
	if !slices.IsSortedFunc(p.Captured, compareCaptives) {
		return parseErr("view", "", 0, "captured pieces in order: red first, by rank")
	}
	return nil
}

// record puts the JSON runs and chases on p.
func (j *viewJSON) record(p *Position) error {
	for c, ms := range j.Runs {
		if !c.IsValid() {
			return parseErr("view", c.String(), 0, "red or blue")
		}
		*p.run(c) = ms
	}
	for c, cj := range j.Chases {
		m := cj.Move
		if !c.IsValid() || !m.From.IsValid() || !m.To.IsValid() || m.Via != NoSquare || m.IsRescue() {
			return parseErr("view", c.String(), 0, "a chase of red or blue")
		}
		*p.chase(c) = Chase{Move: Move{From: m.From, To: m.To}, Boards: cj.Boards}
	}
	return nil
}
