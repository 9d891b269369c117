package stratego

import (
	"strconv"
	"strings"
)

// Picture draws the board for a terminal, with every rank shown (the
// referee's view; a player's view hides what the player may not know).
// Rows run from the top (Blue's back row on a Classic board) down to row
// 1; each square is two characters: "r" or "b" and the rank's label in the
// rules' numbering ([Numbering.Char]), ".." for an empty square and "~~"
// for a lake. Files are labelled below, rows on the left.
func (s State) Picture() string {
	if s.g == nil {
		return ""
	}
	r := &s.g.rules
	return drawBoard(r, false, func(sq Square) string {
		p, ok := s.At(sq)
		if !ok {
			return ".."
		}
		return pieceCell(r.Numbering, p)
	})
}

// Picture draws the board as the player sees it, in the form of
// [State.Picture] but from the player's side of the table (Blue's
// picture is turned: row 1 on top, file a on the right): hidden enemy
// pieces show "?" after their color ("b?").
func (v View) Picture() string {
	if !v.IsValid() {
		return ""
	}
	return drawBoard(&v.pos.Rules, v.pos.Viewer == Blue, func(sq Square) string {
		p, ok := v.At(sq)
		if !ok {
			return ".."
		}
		return pieceCell(v.pos.Rules.Numbering, p)
	})
}

func pieceCell(n Numbering, p Piece) string {
	c := byte('r')
	if p.Color() == Blue {
		c = 'b'
	}
	return string([]byte{c, n.Char(p.Rank())})
}

// drawBoard lays out cells of two characters, top row first, as Red sees
// the board; turned, as Blue sees it (row 1 on top, file a on the right).
func drawBoard(r *Rules, turned bool, cell func(Square) string) string {
	var b strings.Builder
	for i := 0; i < r.Height; i++ {
		row := r.Height - 1 - i
		if turned {
			row = i
		}
		if row+1 < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(row + 1))
		for j := 0; j < r.Width; j++ {
			f := j
			if turned {
				f = r.Width - 1 - j
			}
			b.WriteByte(' ')
			sq := SquareAt(f, row)
			if r.Lakes.Has(sq) {
				b.WriteString("~~")
			} else {
				b.WriteString(cell(sq))
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	for j := 0; j < r.Width; j++ {
		f := j
		if turned {
			f = r.Width - 1 - j
		}
		b.WriteString("  ")
		b.WriteByte(byte('a' + f))
	}
	b.WriteByte('\n')
	return b.String()
}
