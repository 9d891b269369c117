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

// ParseMove parses the form written by [Move.String]. It also accepts
// "x" in place of a "-" (an attack written as "a4xa5") and upper-case
// file letters. The "x" is only a hint, neither kept nor checked: a
// [Move] does not say whether it attacks (a [Record] checks its "x"
// marks, see [RecordedMove]).
func ParseMove(s string) (Move, error) {
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
	if i >= len(s) || (s[i] != '-' && s[i] != 'x') {
		return Move{}, parseErr("move", s, i, `"-" or "x"`)
	}
	to, j := scanSquare(s, i+1)
	if j == 0 {
		return Move{}, parseErr("move", s, i+1, "a to-square")
	}
	m.To = to
	if j < len(s) && (s[j] == '-' || s[j] == 'x') {
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
