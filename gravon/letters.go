package gravon

import (
	"github.com/stratego-go/stratego"
)

// Gravon StraDoS2 letters (RULES.md section 9): A empty, _ lake, Red B..M
// and Blue N..Y for Bomb, Spy, Scout, Miner, Sergeant, Lieutenant,
// Captain, Major, Colonel, General, Marshal, Flag.
var gravonOrder = [12]stratego.Rank{stratego.Bomb, stratego.Spy, stratego.Scout, stratego.Miner, stratego.Sergeant, stratego.Lieutenant, stratego.Captain, stratego.Major, stratego.Colonel, stratego.General, stratego.Marshal, stratego.Flag}

// Letter returns the Gravon StraDoS2 letter of p ('A' for no piece).
func Letter(p stratego.Piece) byte {
	for i, rk := range gravonOrder {
		if rk == p.Rank() {
			switch p.Color() {
			case stratego.Red:
				return byte('B' + i)
			case stratego.Blue:
				return byte('N' + i)
			}
		}
	}
	return 'A'
}

// PieceOf returns the piece of a Gravon StraDoS2 letter B–Y, and false
// for any other byte (including 'A' and '_').
func PieceOf(ch byte) (stratego.Piece, bool) {
	switch {
	case ch >= 'B' && ch <= 'M':
		return stratego.NewPiece(stratego.Red, gravonOrder[ch-'B']), true
	case ch >= 'N' && ch <= 'Y':
		return stratego.NewPiece(stratego.Blue, gravonOrder[ch-'N']), true
	}
	return 0, false
}

// ParseField parses a 100-character Gravon StraDoS2 field (index =
// row×10 + file, 0 = a1): 'A' empty, '_' lake, 'B'–'Y' pieces. Lake
// letters must stand exactly on r's lakes, and pieces only on r's board.
func ParseField(r stratego.Rules, field string) (stratego.Board, error) {
	var b stratego.Board
	if len(field) != stratego.MaxSquares {
		return b, parseErr("gravon field", field, min(len(field), stratego.MaxSquares), "exactly 100 letters")
	}
	for i := 0; i < stratego.MaxSquares; i++ {
		ch := field[i]
		sq := stratego.Square(i + 1)
		switch {
		case ch == '_':
			if !r.Lakes.Has(sq) {
				return b, parseErr("gravon field", field, i, "no lake on "+sq.String())
			}
		case ch == 'A':
			if r.Lakes.Has(sq) {
				return b, parseErr("gravon field", field, i, "the lake '_' on "+sq.String())
			}
		default:
			p, ok := PieceOf(ch)
			if !ok {
				return b, parseErr("gravon field", field, i, "a letter A-Y or '_'")
			}
			if !r.OnBoard(sq) {
				return b, parseErr("gravon field", field, i, "no piece on "+sq.String())
			}
			b.Put(sq, p)
		}
	}
	return b, nil
}

// Field returns the 100-character Gravon StraDoS2 field of a board
// under r ('_' on r's lakes).
func Field(r stratego.Rules, b stratego.Board) string {
	out := make([]byte, stratego.MaxSquares)
	for i := range out {
		sq := stratego.SquareFromIndex(i)
		switch {
		case r.Lakes.Has(sq):
			out[i] = '_'
		default:
			out[i] = Letter(b.At(sq))
		}
	}
	return string(out)
}

// ParseSetup parses a Gravon setup of one letter per square of the
// owner's first rows, a1 first (40 letters for the classic zone): 'A'
// empty, and either color's piece letters, and checks it with
// [stratego.Rules.CheckSetup]. The error is a *[stratego.ParseError] for bad text, or the
// error of [stratego.Rules.CheckSetup].
func ParseSetup(r stratego.Rules, text string) (stratego.Setup, error) {
	if err := r.Validate(); err != nil {
		return stratego.Setup{}, err
	}
	s := stratego.NewSetup(r)
	if len(text) == 0 || len(text)%r.Width != 0 || len(text) > r.Width*r.Height {
		return stratego.Setup{}, parseErr("gravon setup", text, 0, "whole rows of letters")
	}
	for i := 0; i < len(text); i++ {
		if text[i] == 'A' {
			continue
		}
		p, ok := PieceOf(text[i])
		if !ok {
			return stratego.Setup{}, parseErr("gravon setup", text, i, "a letter A-Y")
		}
		s.Put(stratego.SquareAt(i%r.Width, i/r.Width), p.Rank())
	}
	if err := r.CheckSetup(s); err != nil {
		return stratego.Setup{}, err
	}
	return s, nil
}

// Setup returns the Gravon form of a setup: one letter per square
// of the owner's zone rows, a1 first ("A" for an empty square), in the
// letters of color c (Red B–M, Blue N–Y). It returns "" for invalid
// rules.
func Setup(r stratego.Rules, s stratego.Setup, c stratego.Color) string {
	if r.Validate() != nil {
		return ""
	}
	rows := 1
	for q := range r.Zone.All() {
		rows = max(rows, q.Row()+1)
	}
	b := make([]byte, 0, rows*r.Width)
	for row := 0; row < rows; row++ {
		for f := 0; f < r.Width; f++ {
			rk := s.At(stratego.SquareAt(f, row))
			if rk.IsValid() {
				b = append(b, Letter(stratego.NewPiece(c, rk)))
			} else {
				b = append(b, 'A')
			}
		}
	}
	return string(b)
}
