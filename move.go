package stratego

import (
	"cmp"
	"strings"
)

// Move is one action of a player. Usually a piece goes from From to To:
// a Scout's slide is one move, and an attack is written like any other
// move. Via is set only for a Captain's two-square move that turns
// (Ultimate Lightning), naming the square it passes. A rescue (Ultimate
// Lightning) is a move with From = NoSquare that puts a captured piece of
// rank Rescue back on the board at To. The zero Move is not a move.
type Move struct {
	From   Square // where the piece starts; NoSquare for a rescue
	To     Square // where the piece goes (or the rescued piece is put)
	Via    Square // the middle square of a turning Captain, else NoSquare
	Rescue Rank   // the rank of the rescued piece, else NoRank
}

// Compare orders moves by from-square, then to-square, then Via, then
// rescued rank, squares in index order (a1 first); it returns -1, 0 or
// +1 like [cmp.Compare]. slices.SortFunc(moves, Move.Compare) lists moves
// square by square, the order of [View.LegalMoves].
func (m Move) Compare(o Move) int {
	return cmp.Compare(m.key(), o.key())
}

// key packs a move into one number in the order of Compare.
func (m Move) key() uint32 {
	return uint32(m.From)<<24 | uint32(m.To)<<16 | uint32(m.Via)<<8 | uint32(m.Rescue)
}

// IsRescue reports whether m is a rescue placement.
func (m Move) IsRescue() bool { return m.From == NoSquare && m.Rescue != NoRank }

// IsValid reports whether m is well formed: two different valid squares
// (and a valid Via, if any), or a rescue of a real rank other than the
// Flag onto a valid square. It says nothing about legality in a game.
func (m Move) IsValid() bool {
	if m.IsRescue() {
		return m.To.IsValid() && m.Via == NoSquare && m.Rescue.IsValid() && m.Rescue != Flag
	}
	return m.From.IsValid() && m.To.IsValid() && m.From != m.To && m.Rescue == NoRank &&
		(m.Via == NoSquare || (m.Via.IsValid() && m.Via != m.From && m.Via != m.To))
}

// String returns the move's text form: "a4-a5", a turning Captain
// "c3-c4-d4", a rescue "+general@d2"; "-" for an invalid move.
func (m Move) String() string {
	if !m.IsValid() {
		return "-"
	}
	b, _ := m.AppendText(make([]byte, 0, 8))
	return string(b)
}

// AppendText implements [encoding.TextAppender] with the form of
// [Move.String], and the empty text for the zero Move (as in the zero
// [Event]).
func (m Move) AppendText(b []byte) ([]byte, error) {
	if m == (Move{}) {
		return b, nil
	}
	if !m.IsValid() {
		return b, moveErr(m, ErrInvalid)
	}
	if m.IsRescue() {
		b = append(b, '+')
		b = append(b, m.Rescue.String()...)
		b = append(b, '@')
		return m.To.AppendText(b)
	}
	b, _ = m.From.AppendText(b)
	b = append(b, '-')
	if m.Via != NoSquare {
		b, _ = m.Via.AppendText(b)
		b = append(b, '-')
	}
	return m.To.AppendText(b)
}

// MarshalText implements [encoding.TextMarshaler].
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMove];
// the empty text is the zero Move.
func (m *Move) UnmarshalText(b []byte) error {
	return unmarshalZero(m, b, ParseMove)
}

// ParseMove parses the form written by [Move.String], its letters in
// any case. It also accepts "x" in place of a "-" (an attack written as
// "a4xa5"). The "x" is only a hint, neither kept nor checked: a
// [Move] does not say whether it attacks ([View.ParseMove] checks it
// against a view, a [Record] its own "x" marks, see [RecordedMove]).
func ParseMove(s string) (Move, error) {
	m, _, err := parseMove(s)
	return m, err
}

// parseMove is ParseMove that also reports whether the move is written
// as an attack (an "x" in place of a "-"): the one reader of the mark,
// for the callers that keep or check it.
func parseMove(s string) (m Move, marked bool, err error) {
	m, err = scanMove(s)
	if err != nil {
		return Move{}, false, err
	}
	return m, !m.IsRescue() && strings.ContainsAny(s, "xX"), nil // no square name holds an x
}

// scanMove parses a move for parseMove.
func scanMove(s string) (Move, error) {
	var m Move
	if strings.HasPrefix(s, "+") {
		at := strings.IndexByte(s, '@')
		if at < 0 {
			return Move{}, parseErr("move", s, 1, `"+<rank>@<square>"`)
		}
		r, err := ParseRank(s[1:at])
		if err != nil || !r.IsValid() || r == Flag {
			return Move{}, parseErr("move", s, 1, "a rank name other than flag")
		}
		q, k := scanSquare(s, at+1)
		if k == 0 || k != len(s) {
			return Move{}, parseErr("move", s, at+1, "a square and the end of the move")
		}
		return Move{To: q, Rescue: r}, nil
	}
	from, i := scanSquare(s, 0)
	if i == 0 {
		return Move{}, parseErr("move", s, 0, "a from-square")
	}
	m.From = from
	if i >= len(s) || (s[i] != '-' && s[i] != 'x' && s[i] != 'X') {
		return Move{}, parseErr("move", s, i, `"-" or "x"`)
	}
	to, j := scanSquare(s, i+1)
	if j == 0 {
		return Move{}, parseErr("move", s, i+1, "a to-square")
	}
	m.To = to
	if j < len(s) && (s[j] == '-' || s[j] == 'x' || s[j] == 'X') {
		to2, k := scanSquare(s, j+1)
		if k == 0 {
			return Move{}, parseErr("move", s, j+1, "a to-square")
		}
		m.Via, m.To, j = to, to2, k
	}
	if j != len(s) {
		return Move{}, parseErr("move", s, j, "end of move")
	}
	if !m.IsValid() {
		return Move{}, parseErr("move", s, 0, "two different squares")
	}
	return m, nil
}

// MustParseMove is like ParseMove but panics on error. It is meant for
// tests and examples with constant input.
func MustParseMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// AnnotatedMove is a move with what it revealed: for an attack, the two
// ranks and the combat result, written b4xb5(6>3) (the "annotated" rule
// of the section "Notation" of the package doc). A [Record] writes its
// moves in this form, so a reader sees each fight without replaying the
// game. A move without an annotation has Attacker, Defender and Combat
// zero. In a view, a rank the viewer was not shown is [Unknown], written
// "?" ([Numbering.Char]): b4xb5(6>?).
type AnnotatedMove struct {
	Move     Move   // the move itself
	Attacker Rank   // the attacking rank, Unknown when hidden, or NoRank
	Defender Rank   // the defending rank, Unknown when hidden, or NoRank
	Combat   Combat // the result, or NoCombat
}

// Annotate returns the annotated form of the move of ev.
func Annotate(ev Event) AnnotatedMove {
	a := AnnotatedMove{Move: ev.Move}
	if ev.IsAttack() {
		a.Attacker, a.Defender, a.Combat = ev.Piece.Rank(), ev.Defender.Rank(), ev.Combat
	}
	return a
}

var combatChars = [...]byte{NoCombat: 0, AttackerWins: '>', DefenderWins: '<', BothRemoved: '='}

// IsAttack reports whether a carries a combat annotation.
func (a AnnotatedMove) IsAttack() bool { return a.Combat != NoCombat }

func (a AnnotatedMove) valid() bool {
	if !a.Move.IsValid() {
		return false
	}
	if a.Combat == NoCombat {
		return a.Attacker == NoRank && a.Defender == NoRank
	}
	return !a.Move.IsRescue() && a.Combat <= BothRemoved &&
		(a.Attacker.Movable() || a.Attacker == Unknown) && (a.Defender.IsValid() || a.Defender == Unknown)
}

// String returns the text form in ISF numbering: "a4-a5",
// "b4xb5(6>3)"; "-" when a is not well formed.
func (a AnnotatedMove) String() string {
	b, err := a.AppendNotation(make([]byte, 0, 16), NumberingISF)
	if err != nil || len(b) == 0 {
		return "-"
	}
	return string(b)
}

// AppendNotation appends the text form with rank labels in numbering n.
// An attack is written with "x" between its squares. The zero
// AnnotatedMove is the empty text; any other that is not well formed is
// an error wrapping [ErrInvalid].
func (a AnnotatedMove) AppendNotation(b []byte, n Numbering) ([]byte, error) {
	return a.appendNotation(b, n, false)
}

// appendNotation is AppendNotation, writing a move without an annotation
// with "x" before its target square when marked (a record's
// [RecordedMove.MarkedAttack]).
func (a AnnotatedMove) appendNotation(b []byte, n Numbering, marked bool) ([]byte, error) {
	if a == (AnnotatedMove{}) {
		return b, nil
	}
	if !a.valid() || marked && a.Move.IsRescue() {
		return b, moveErr(a.Move, ErrInvalid)
	}
	if a.IsAttack() && a.Move.Via == NoSquare || marked && !a.IsAttack() {
		b, _ = a.Move.From.AppendText(b)
		if a.Move.Via != NoSquare {
			b = append(b, '-')
			b, _ = a.Move.Via.AppendText(b)
		}
		b = append(b, 'x')
		b, _ = a.Move.To.AppendText(b)
	} else {
		b, _ = a.Move.AppendText(b)
	}
	if a.IsAttack() {
		b = append(b, '(', n.Char(a.Attacker), combatChars[a.Combat], n.Char(a.Defender), ')')
	}
	return b, nil
}

// AppendText implements [encoding.TextAppender] with the form of
// [AnnotatedMove.String] (the empty text for the zero AnnotatedMove).
func (a AnnotatedMove) AppendText(b []byte) ([]byte, error) {
	return a.AppendNotation(b, NumberingISF)
}

// MarshalText implements [encoding.TextMarshaler].
func (a AnnotatedMove) MarshalText() ([]byte, error) { return a.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseAnnotatedMove] in ISF numbering; the empty text is the zero
// AnnotatedMove.
func (a *AnnotatedMove) UnmarshalText(b []byte) error {
	return unmarshalZero(a, b, func(s string) (AnnotatedMove, error) { return ParseAnnotatedMove(NumberingISF, s) })
}

// ParseAnnotatedMove parses a move with an optional combat annotation,
// rank labels in numbering n (see [AnnotatedMove]): "a4-a5", "b4xb5",
// "b4xb5(6>3)", and "?" for a hidden rank ([Unknown]): "b4xb5(6>?)". The
// annotation must be consistent with itself (a movable or hidden
// attacker); whether it is true is for [Record.Replay] to check. Here, as
// in [ParseMove], "x" in place of "-" is only a hint and is not kept; a
// [Record] keeps it ([RecordedMove.MarkedAttack]) and checks it.
func ParseAnnotatedMove(n Numbering, s string) (AnnotatedMove, error) {
	a, _, err := parseAnnotatedMove(n, s)
	return a, err
}

// parseAnnotatedMove is ParseAnnotatedMove that also reports whether the
// move is written as an attack (see parseMove).
func parseAnnotatedMove(n Numbering, s string) (AnnotatedMove, bool, error) {
	text, note, hasNote := strings.Cut(s, "(")
	m, marked, err := parseMove(text)
	if err != nil {
		return AnnotatedMove{}, false, err
	}
	a := AnnotatedMove{Move: m}
	if !hasNote {
		return a, marked, nil
	}
	pos := len(text) + 1
	bad := func() (AnnotatedMove, bool, error) {
		return AnnotatedMove{}, false, parseErr("move", s, pos, "two rank labels in "+n.String()+" numbering around >, < or =")
	}
	att, i := scanLabel(n, note, 0)
	if i == 0 || i >= len(note) {
		return bad()
	}
	switch note[i] {
	case '>':
		a.Combat = AttackerWins
	case '<':
		a.Combat = DefenderWins
	case '=':
		a.Combat = BothRemoved
	default:
		return bad()
	}
	def, j := scanLabel(n, note, i+1)
	a.Attacker, a.Defender = att, def
	if j == i+1 || note[j:] != ")" || !a.valid() {
		return bad()
	}
	return a, marked, nil
}

// scanLabel reads the rank label in numbering n at s[i:], as
// [AnnotatedMove.AppendNotation] writes it ([Numbering.Char]) or, for
// the ISF Marshal, as "10" ([Numbering.Label]). It returns the rank and
// the offset after the label, or i when there is none.
func scanLabel(n Numbering, s string, i int) (Rank, int) {
	if n == NumberingISF && strings.HasPrefix(s[i:], "10") {
		return Marshal, i + 2
	}
	if i >= len(s) {
		return NoRank, i
	}
	r, ok := n.rankOf(s[i]) // in any case
	if !ok {
		return NoRank, i
	}
	return r, i + 1
}
