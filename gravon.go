package stratego

// Gravon StraDoS2 letters (RULES.md section 9): A empty, _ lake, Red B..M
// and Blue N..Y for Bomb, Spy, Scout, Miner, Sergeant, Lieutenant,
// Captain, Major, Colonel, General, Marshal, Flag.
var gravonOrder = [12]Rank{Bomb, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Flag}

// GravonLetter returns the Gravon StraDoS2 letter of p ('A' for no piece).
func GravonLetter(p Piece) byte {
	for i, rk := range gravonOrder {
		if rk == p.Rank() {
			switch p.Color() {
			case Red:
				return byte('B' + i)
			case Blue:
				return byte('N' + i)
			}
		}
	}
	return 'A'
}

// GravonPiece returns the piece of a Gravon StraDoS2 letter B–Y, and false
// for any other byte (including 'A' and '_').
func GravonPiece(ch byte) (Piece, bool) {
	switch {
	case ch >= 'B' && ch <= 'M':
		return NewPiece(Red, gravonOrder[ch-'B']), true
	case ch >= 'N' && ch <= 'Y':
		return NewPiece(Blue, gravonOrder[ch-'N']), true
	}
	return 0, false
}

// ParseGravonField parses a 100-character Gravon StraDoS2 field (index =
// row×10 + file, 0 = a1): 'A' empty, '_' lake, 'B'–'Y' pieces. Lake
// letters must stand exactly on r's lakes, and pieces only on r's board.
func ParseGravonField(r Rules, field string) (Board, error) {
	var b Board
	if len(field) != MaxSquares {
		return b, parseErr("gravon field", field, min(len(field), MaxSquares), "exactly 100 letters")
	}
	for i := 0; i < MaxSquares; i++ {
		ch := field[i]
		sq := Square(i + 1)
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
			p, ok := GravonPiece(ch)
			if !ok {
				return b, parseErr("gravon field", field, i, "a letter A-Y or '_'")
			}
			if !r.OnBoard(sq) {
				return b, parseErr("gravon field", field, i, "no piece on "+sq.String())
			}
			b[i] = p
		}
	}
	return b, nil
}

// GravonField returns the 100-character Gravon StraDoS2 field of a board
// under r ('_' on r's lakes).
func GravonField(r Rules, b Board) string {
	out := make([]byte, MaxSquares)
	for i, p := range b {
		switch {
		case r.Lakes.Has(Square(i + 1)):
			out[i] = '_'
		default:
			out[i] = GravonLetter(p)
		}
	}
	return string(out)
}

// ParseGravonSetup parses a Gravon setup of one letter per square of the
// owner's first rows, a1 first (40 letters for the classic zone): 'A'
// empty, and either color's piece letters, and checks it with
// [Rules.CheckSetup].
func ParseGravonSetup(r Rules, text string) (Setup, error) {
	if err := r.Validate(); err != nil {
		return Setup{}, err
	}
	s := NewSetup(r)
	if len(text) == 0 || len(text)%r.Width != 0 || len(text) > r.Width*r.Height {
		return Setup{}, parseErr("gravon setup", text, 0, "whole rows of letters")
	}
	for i := 0; i < len(text); i++ {
		if text[i] == 'A' {
			continue
		}
		p, ok := GravonPiece(text[i])
		if !ok {
			return Setup{}, parseErr("gravon setup", text, i, "a letter A-Y")
		}
		s.Put(SquareAt(i%r.Width, i/r.Width), p.Rank())
	}
	if err := r.checkSetup(NoColor, s); err != nil {
		return Setup{}, err
	}
	return s, nil
}
