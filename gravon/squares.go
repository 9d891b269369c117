package gravon

import (
	"strings"

	"github.com/stratego-go/stratego"
)

// Gravon squares and moves. The Gravon archive names the files A B C D E
// F G H I K (no J) and the rows 1–9 and ":" for 10, so every square is
// two characters: "A1", "K:" (j10).
const gravonFiles = "ABCDEFGHIK"

// Square returns the Gravon name of sq ("A1" … "K:"), or "" for an
// invalid square.
func Square(sq stratego.Square) string {
	if !sq.IsValid() {
		return ""
	}
	return string([]byte{gravonFiles[sq.File()], byte('1' + sq.Row())})
}

// ParseSquare parses a Gravon square name: a file letter A–K
// without J (lower case accepted) and a row character 1–9 or ":" (10).
func ParseSquare(s string) (stratego.Square, error) {
	if len(s) != 2 {
		return stratego.NoSquare, parseErr("gravon square", s, 0, "a file A-K (no J) and a row 1-9 or ':'")
	}
	f := strings.IndexByte(gravonFiles, upper(s[0]))
	if f < 0 {
		return stratego.NoSquare, parseErr("gravon square", s, 0, "a file A-K (no J)")
	}
	if s[1] < '1' || s[1] > ':' {
		return stratego.NoSquare, parseErr("gravon square", s, 1, "a row 1-9 or ':'")
	}
	return stratego.SquareAt(f, int(s[1]-'1')), nil
}

// Move returns the GSN form of a piece move, "XY-ZW" in Gravon
// squares; a turning Captain's Via is not written (Gravon does not).
// It returns "" for a rescue or an invalid move.
func Move(m stratego.Move) string {
	if !m.IsValid() || m.IsRescue() {
		return ""
	}
	return Square(m.From) + "-" + Square(m.To)
}

// ParseMove parses the GSN move form "XY-ZW".
func ParseMove(s string) (stratego.Move, error) {
	if len(s) != 5 || s[2] != '-' {
		return stratego.Move{}, parseErr("gravon move", s, 0, `"XY-ZW" in Gravon squares`)
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[3:])
	if err1 != nil || err2 != nil || from == to {
		return stratego.Move{}, parseErr("gravon move", s, 0, "two different Gravon squares")
	}
	return stratego.Move{From: from, To: to}, nil
}
