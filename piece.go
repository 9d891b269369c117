package stratego

import (
	"fmt"
	"iter"
	"math/bits"
)

// Color is a side of the game. The zero value is NoColor, which is not a
// side; Red moves first.
type Color uint8

// The sides.
const (
	NoColor Color = iota // no side: the zero value
	Red                  // moves first, sets up on rows 1–4 in Classic
	Blue                 // moves second, sets up on rows 7–10 in Classic
)

// IsValid reports whether c is Red or Blue.
func (c Color) IsValid() bool { return c == Red || c == Blue }

// Opponent returns the other side. The opponent of NoColor is NoColor.
func (c Color) Opponent() Color {
	if c.IsValid() {
		return Red + Blue - c
	}
	return NoColor
}

// String returns "red", "blue" or "none".
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	}
	return "none"
}

// ParseColor parses "red" or "blue" (also "r" and "b", any letter case).
func ParseColor(s string) (Color, error) {
	switch lower(s) {
	case "red", "r":
		return Red, nil
	case "blue", "b":
		return Blue, nil
	}
	return NoColor, parseErr("color", s, 0, `"red" or "blue"`)
}

// AppendText implements [encoding.TextAppender] with the form of
// [Color.String], except that NoColor is the empty text (as for the zero
// [net/netip.Addr]), so that a struct holding a Color always encodes.
func (c Color) AppendText(b []byte) ([]byte, error) {
	if c == NoColor {
		return b, nil
	}
	if !c.IsValid() {
		return b, fmt.Errorf("%w: color %d", ErrInvalid, uint8(c))
	}
	return append(b, c.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseColor];
// the empty text is NoColor.
func (c *Color) UnmarshalText(b []byte) error {
	return unmarshalZero(c, b, ParseColor)
}

// Rank is the kind of a piece. Movable ranks are ordered by strength, so
// for two of them the greater Rank wins a fight; the ISF number of a
// movable rank equals its value (Spy = 1 … Marshal = 10). The zero value
// is NoRank. Unknown stands for an enemy piece whose rank a player has not
// seen; it appears only in views.
type Rank uint8

// The ranks.
const (
	NoRank     Rank = iota // no piece: the zero value
	Spy                    // ISF 1, Vintage S
	Scout                  // ISF 2, Vintage 9
	Miner                  // ISF 3, Vintage 8
	Sergeant               // ISF 4, Vintage 7
	Lieutenant             // ISF 5, Vintage 6
	Captain                // ISF 6, Vintage 5
	Major                  // ISF 7, Vintage 4
	Colonel                // ISF 8, Vintage 3
	General                // ISF 9, Vintage 2
	Marshal                // ISF 10, Vintage 1
	Bomb                   // never moves; any attacker but a Miner loses to it
	Flag                   // never moves; taking it wins the game
	Unknown                // a hidden enemy piece, in views only
)

// NumRanks is one more than the largest real rank (Flag), the length of
// arrays indexed by Rank such as [Army].
const NumRanks = int(Flag) + 1

var rankNames = [...]string{"none", "spy", "scout", "miner", "sergeant", "lieutenant",
	"captain", "major", "colonel", "general", "marshal", "bomb", "flag", "unknown"}

// IsValid reports whether r is a real rank (Spy … Flag).
func (r Rank) IsValid() bool { return r >= Spy && r <= Flag }

// Movable reports whether a piece of this rank can ever move (every real
// rank but Bomb and Flag).
func (r Rank) Movable() bool { return r >= Spy && r <= Marshal }

// String returns the lower-case English name of the rank ("marshal").
func (r Rank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return fmt.Sprintf("rank(%d)", uint8(r))
}

// ParseRank parses an English rank name as written by [Rank.String], in any
// letter case.
func ParseRank(s string) (Rank, error) {
	l := lower(s)
	for r := Spy; r <= Unknown; r++ {
		if rankNames[r] == l {
			return r, nil
		}
	}
	return NoRank, parseErr("rank", s, 0, "a rank name such as \"marshal\"")
}

// AppendText implements [encoding.TextAppender]; the text is the name
// ([Rank.String]), and the empty text for NoRank.
func (r Rank) AppendText(b []byte) ([]byte, error) {
	if r == NoRank {
		return b, nil
	}
	if r > Unknown {
		return b, fmt.Errorf("%w: rank %d", ErrInvalid, uint8(r))
	}
	return append(b, r.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (r Rank) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRank];
// the empty text is NoRank.
func (r *Rank) UnmarshalText(b []byte) error {
	return unmarshalZero(r, b, ParseRank)
}

// Numbering is the set of labels printed on the pieces. It changes only
// text forms, never the rules.
type Numbering uint8

// The numberings.
const (
	// NumberingISF is the modern numbering (Jumbo, ISF, Gravon): Spy 1, Scout 2, …,
	// General 9, Marshal 10. Its one-character form writes the Marshal as
	// "X" (Roman ten).
	NumberingISF Numbering = iota
	// NumberingVintage is the Milton Bradley / Hasbro numbering: Marshal 1,
	// General 2, …, Scout 9, Spy S.
	NumberingVintage
)

// String returns "isf" or "vintage".
func (n Numbering) String() string {
	switch n {
	case NumberingISF:
		return "isf"
	case NumberingVintage:
		return "vintage"
	}
	return fmt.Sprintf("numbering(%d)", uint8(n))
}

// parseNumbering parses "isf" or "vintage".
func parseNumbering(s string) (Numbering, error) {
	switch lower(s) {
	case "isf":
		return NumberingISF, nil
	case "vintage":
		return NumberingVintage, nil
	}
	return 0, parseErr("numbering", s, 0, `"isf" or "vintage"`)
}

// -  S    2    3    4    5    6    7    8    9    10   B    F    ?
var isfChars = [...]byte{'.', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X', 'B', 'F', '?'}
var vintageChars = [...]byte{'.', 'S', '9', '8', '7', '6', '5', '4', '3', '2', '1', 'B', 'F', '?'}

// Char returns the one-character label of r in numbering n: ISF writes
// 1–9 for Spy…General and X for the Marshal; Vintage writes 1–9 for
// Marshal…Scout and S for the Spy; both write B (Bomb), F (Flag) and ?
// (Unknown). NoRank is '.', and any other value '!'.
func (n Numbering) Char(r Rank) byte {
	if int(r) >= len(isfChars) {
		return '!'
	}
	if n == NumberingVintage {
		return vintageChars[r]
	}
	return isfChars[r]
}

// Label returns the label printed on a piece of rank r: in ISF "1"…"10",
// in Vintage "S", "9"…"1"; "B", "F" and "?" in both.
func (n Numbering) Label(r Rank) string {
	if n == NumberingISF && r == Marshal {
		return "10"
	}
	return string(n.Char(r))
}

// rankOf returns the rank whose one-character label in n is ch, accepting
// lower case for letters. ISF also accepts S for the Spy. It reports false
// for any other byte.
func (n Numbering) rankOf(ch byte) (Rank, bool) {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	if n == NumberingISF && ch == 'S' {
		return Spy, true
	}
	tab := isfChars[:]
	if n == NumberingVintage {
		tab = vintageChars[:]
	}
	for r := Spy; r <= Unknown; r++ {
		if tab[r] == ch {
			return r, true
		}
	}
	return NoRank, false
}

// Piece is a rank of a color, a one-byte comparable value. The zero value
// is no piece.
type Piece uint8

// RankSet is a set of ranks, a comparable value (bit r is rank r).
type RankSet uint16

// RanksOf returns the set of the given ranks; invalid ones are ignored.
func RanksOf(rks ...Rank) RankSet {
	var s RankSet
	for _, rk := range rks {
		s = s.With(rk)
	}
	return s
}

// Has reports whether rk is in the set.
func (s RankSet) Has(rk Rank) bool { return rk.IsValid() && s&(1<<rk) != 0 }

// With returns the set with rk added.
func (s RankSet) With(rk Rank) RankSet {
	if rk.IsValid() {
		s |= 1 << rk
	}
	return s
}

// Len returns the number of ranks in the set.
func (s RankSet) Len() int { return bits.OnesCount16(uint16(s & allRanks)) }

// IsEmpty reports whether the set has no rank.
func (s RankSet) IsEmpty() bool { return s&allRanks == 0 }

// All yields the ranks of the set in rank order, from the Spy to the Flag.
func (s RankSet) All() iter.Seq[Rank] {
	return func(yield func(Rank) bool) {
		for rk := Spy; rk <= Flag; rk++ {
			if s&(1<<rk) != 0 && !yield(rk) {
				return
			}
		}
	}
}

// String lists the ranks, space-separated, in rank order ("scout
// captain"); the empty set is "".
func (s RankSet) String() string {
	var b []byte
	for rk := range s.All() {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, rk.String()...)
	}
	return string(b)
}

// NewPiece returns the piece of color c and rank r.
func NewPiece(c Color, r Rank) Piece { return Piece(uint8(c)<<4 | uint8(r)) }

// Color returns the piece's color.
func (p Piece) Color() Color { return Color(p >> 4) }

// Rank returns the piece's rank.
func (p Piece) Rank() Rank { return Rank(p & 15) }

// IsValid reports whether p has a valid color and a real or Unknown rank.
func (p Piece) IsValid() bool {
	return p.Color().IsValid() && (p.Rank().IsValid() || p.Rank() == Unknown)
}

// String returns "red marshal", "blue unknown" or "none".
func (p Piece) String() string {
	if !p.IsValid() {
		return "none"
	}
	return p.Color().String() + " " + p.Rank().String()
}

// AppendText implements [encoding.TextAppender] with the form of
// [Piece.String], and the empty text for the zero Piece (no piece), so
// that an [Event] always encodes.
func (p Piece) AppendText(b []byte) ([]byte, error) {
	if p == 0 {
		return b, nil
	}
	if !p.IsValid() {
		return b, fmt.Errorf("%w: piece %#x", ErrInvalid, uint8(p))
	}
	return append(b, p.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (p Piece) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParsePiece];
// the empty text is the zero Piece.
func (p *Piece) UnmarshalText(b []byte) error {
	return unmarshalZero(p, b, ParsePiece)
}

// ParsePiece parses the form of [Piece.String]: a color, one space and a
// rank name ("red marshal").
func ParsePiece(s string) (Piece, error) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			c, err := ParseColor(s[:i])
			if err != nil {
				return 0, parseErr("piece", s, 0, "a color")
			}
			r, err := ParseRank(s[i+1:])
			if err != nil {
				return 0, parseErr("piece", s, i+1, "a rank name")
			}
			return NewPiece(c, r), nil
		}
	}
	return 0, parseErr("piece", s, 0, `"<color> <rank>"`)
}

// Army is a count of pieces per rank, indexed by Rank (index 0, NoRank,
// is always 0).
type Army [NumRanks]uint8

// Total returns the number of pieces in the army.
func (a Army) Total() int {
	n := 0
	for _, v := range a {
		n += int(v)
	}
	return n
}

// classicArmy returns the 40-piece army of RULES.md section 2.
func classicArmy() Army {
	return Army{Spy: 1, Scout: 8, Miner: 5, Sergeant: 4, Lieutenant: 4, Captain: 4,
		Major: 3, Colonel: 2, General: 1, Marshal: 1, Bomb: 6, Flag: 1}
}

func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
