package stratego

// The notation: the text forms of squares and moves, plain ("a4-a5",
// "c3-c4-d4", "+general@d2"), annotated with what an attack revealed
// ("b4xb5(6>3)") and in lists ("-" or moves separated by commas), as the
// section "Notation" of the package doc gives them. The larger text forms
// (setups, rules, positions, views, records) are in the files of their
// types and build on these.

import (
	"fmt"
	"strconv"
	"strings"
)

// String returns the square's name, "a1" … "j10", or "-" for NoSquare.
func (s Square) String() string {
	if !s.IsValid() {
		return "-"
	}
	b, _ := s.AppendText(make([]byte, 0, 3))
	return string(b)
}

// AppendText implements [encoding.TextAppender] with the form of
// [Square.String], and the empty text for NoSquare.
func (s Square) AppendText(b []byte) ([]byte, error) {
	if s == NoSquare {
		return b, nil
	}
	if !s.IsValid() {
		return b, fmt.Errorf("%w: square %d", ErrInvalid, uint8(s))
	}
	b = append(b, byte('a'+s.File()))
	return strconv.AppendInt(b, int64(s.Row()+1), 10), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (s Square) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseSquare];
// the empty text is NoSquare.
func (s *Square) UnmarshalText(b []byte) error {
	return unmarshalZero(s, b, ParseSquare)
}

// ParseSquare parses a square name: a file letter a–j (either case)
// followed by a row number 1–10.
func ParseSquare(s string) (Square, error) {
	sq, n := scanSquare(s, 0)
	if n == 0 || n != len(s) {
		return NoSquare, parseErr("square", s, 0, "a file a-j and a row 1-10")
	}
	return sq, nil
}

// MustParseSquare is like ParseSquare but panics on error. It is meant
// for tests and examples with constant input.
func MustParseSquare(s string) Square {
	sq, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return sq
}

// scanSquare reads a square at s[i:] and returns it with the position just
// after it; the position is 0 when there is none.
func scanSquare(s string, i int) (Square, int) {
	if i >= len(s) {
		return NoSquare, 0
	}
	f := s[i]
	if f >= 'A' && f <= 'J' {
		f += 'a' - 'A'
	}
	if f < 'a' || f > 'j' || i+1 >= len(s) {
		return NoSquare, 0
	}
	d := s[i+1]
	if d < '1' || d > '9' {
		return NoSquare, 0
	}
	row := int(d - '0')
	j := i + 2
	if d == '1' && j < len(s) && s[j] == '0' {
		row, j = 10, j+1
	}
	if j < len(s) && s[j] >= '0' && s[j] <= '9' {
		return NoSquare, 0
	}
	return SquareAt(int(f-'a'), row-1), j
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

var combatChars = [...]byte{NoCombat: 0, AttackerWins: '>', DefenderWins: '<', BothRemoved: '='}

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

// appendMoves appends a move list: "-", or the moves separated by commas
// (the moves of the position and view texts).
func appendMoves(b []byte, ms []Move) []byte {
	if len(ms) == 0 {
		return append(b, '-')
	}
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b, _ = m.AppendText(b)
	}
	return b
}

// parseMoves parses "-" or moves separated by commas; rescues says
// whether rescue moves are allowed.
func parseMoves(s string, rescues bool) ([]Move, bool) {
	if s == "-" {
		return nil, true
	}
	var ms []Move
	for part := range strings.SplitSeq(s, ",") {
		m, err := ParseMove(part)
		if err != nil || (m.IsRescue() && !rescues) {
			return nil, false
		}
		ms = append(ms, m)
	}
	return ms, true
}
