package gravon

import (
	"errors"
	"strconv"
	"strings"

	"github.com/stratego-go/stratego"
)

// StraDos3 returns the StraDos3 line of a position (the form of
// OpenSpiel's Stratego port): the 100-letter Gravon field, a space, "r"
// or "b" for the side to move, a space and the ply. Pieces whose rank
// the opponent knows are written in lower case; in a player's view
// ([stratego.View.Position]) a hidden piece is "?". The line keeps
// only this much of the position. It returns "" for a position whose
// Turn is not Red or Blue.
func StraDos3(p stratego.Position) string {
	if !p.Turn.IsValid() {
		return ""
	}
	b := make([]byte, 0, stratego.MaxSquares+12)
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		pc := p.Board.At(sq)
		switch {
		case p.Rules.Lakes.Has(sq):
			b = append(b, '_')
		case pc == 0:
			b = append(b, 'A')
		case pc.Rank() == stratego.Unknown:
			b = append(b, '?')
		default:
			ch := Letter(pc)
			if p.Known.At(sq)&stratego.KnownRank != 0 {
				ch += 'a' - 'A'
			}
			b = append(b, ch)
		}
	}
	b = append(b, ' ', "rb"[max(p.Turn, stratego.Red)-stratego.Red], ' ')
	b = strconv.AppendInt(b, int64(p.Ply), 10)
	return string(b)
}

// ParseStraDos3 parses a StraDos3 line under r into a position: lower
// case letters are pieces whose rank is known to the opponent, and "?"
// a hidden piece of viewer's opponent (viewer is NoColor for a line with
// every rank). With a viewer, the position is that player's view
// ([stratego.Position.Viewer]). The position has no history and no count of plies
// without an attack; its outcome is the one the rules give, or a
// captured flag when a side has none.
func ParseStraDos3(r stratego.Rules, viewer stratego.Color, line string) (stratego.Position, error) {
	field, rest, ok1 := strings.Cut(line, " ")
	turn, ply, ok2 := strings.Cut(rest, " ")
	n, okn := parseCount(ply, 1<<30)
	if !ok1 || !ok2 || !okn || (turn != "r" && turn != "b") || len(field) != stratego.MaxSquares {
		return stratego.Position{}, parseErr("strados3", line, 0, `"<100-letter field> <r|b> <ply>"`)
	}
	if err := r.Validate(); err != nil {
		return stratego.Position{}, err
	}
	p := stratego.Position{Rules: r, Turn: stratego.Red, Ply: n}
	if viewer.IsValid() {
		p.Viewer = viewer
	}
	if turn == "b" {
		p.Turn = stratego.Blue
	}
	up := []byte(field)
	for i, ch := range up {
		switch {
		case ch == '?':
			if !viewer.IsValid() {
				return stratego.Position{}, parseErr("strados3", line, i, "a piece letter (a line without a viewer hides nothing)")
			}
			if !r.OnBoard(stratego.Square(i + 1)) {
				return stratego.Position{}, parseErr("strados3", line, i, "no piece on "+stratego.Square(i+1).String())
			}
			p.Board.Put(stratego.SquareFromIndex(i), stratego.NewPiece(viewer.Opponent(), stratego.Unknown))
			up[i] = 'A'
		case ch >= 'b' && ch <= 'y':
			p.Known.Put(stratego.SquareFromIndex(i), stratego.KnownRank)
			up[i] = ch - 'a' + 'A'
		}
	}
	b, err := ParseField(r, string(up))
	if pe := (*stratego.ParseError)(nil); errors.As(err, &pe) {
		return stratego.Position{}, parseErr("strados3", line, pe.Pos, pe.Want)
	} else if err != nil {
		return stratego.Position{}, err
	}
	for sq, pc := range b.All() {
		p.Board.Put(sq, pc)
	}
	var flags [3]bool // a hidden piece may be the flag
	for _, pc := range p.Board.All() {
		if pc.Rank() == stratego.Flag || pc.Rank() == stratego.Unknown {
			flags[pc.Color()] = true
		}
	}
	switch {
	case flags[stratego.Red] && !flags[stratego.Blue]:
		p.Outcome = stratego.Outcome{Winner: stratego.Red, Reason: stratego.FlagCaptured}
	case flags[stratego.Blue] && !flags[stratego.Red]:
		p.Outcome = stratego.Outcome{Winner: stratego.Blue, Reason: stratego.FlagCaptured}
	}
	if p.IsView() {
		if err := p.Validate(); err != nil {
			return stratego.Position{}, err
		}
		return p, nil
	}
	s, err := p.StateWithRulesOutcome()
	if err != nil {
		return stratego.Position{}, err
	}
	p = s.Position()
	return p, nil
}
