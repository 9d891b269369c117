package stratego

import (
	"fmt"
	"strconv"
	"strings"
)

// EndReason says why a game ended. The zero value, NotOver, means the game
// goes on.
type EndReason uint8

// The reasons a game ends.
const (
	// NotOver means the game goes on (the zero value).
	NotOver EndReason = iota
	// FlagCaptured means the winner took the loser's Flag.
	FlagCaptured
	// NoLegalMove means the loser had no legal move on its turn (no movable
	// piece, all walled in, or every move forbidden by the repetition
	// rules).
	NoLegalMove
	// NeitherCanMove is a draw: the side to move had no legal move and the
	// other side had no movable piece either.
	NeitherCanMove
	// Resignation means the loser resigned ([State.Resign]).
	Resignation
	// DrawAgreed is a draw both players agreed to ([State.AgreeDraw]).
	DrawAgreed
	// PlyCap is a draw: [Rules.MaxPlies] plies were played.
	PlyCap
	// NoAttackCap is a draw: [Rules.MaxPliesWithoutAttack] plies in a row
	// were not attacks.
	NoAttackCap
	// NoMovablePiece means the loser had no piece of a movable rank left
	// (walled in or not), under [Rules.Attrition], which ends the game as
	// soon as that happens; without it such a side loses only when it
	// must move ([NoLegalMove]).
	NoMovablePiece
)

var endNames = [...]string{"not over", "flag captured", "no legal move", "neither side can move",
	"resignation", "draw agreed", "ply cap", "no-attack cap", "no movable piece"}

// String returns a short English description ("flag captured").
func (r EndReason) String() string {
	if int(r) < len(endNames) {
		return endNames[r]
	}
	return "unknown"
}

// Outcome is the state of a game's end: not over, won by Winner, or a
// draw (Winner NoColor), with the reason.
type Outcome struct {
	Winner Color     // the side that won, or NoColor for a draw or a game not over
	Reason EndReason // why the game ended, or NotOver
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Reason != NotOver }

// IsDraw reports whether the game ended in a draw.
func (o Outcome) IsDraw() bool { return o.IsOver() && o.Winner == NoColor }

// String returns "ongoing", "red wins (flag captured)" or "draw (ply cap)".
func (o Outcome) String() string {
	switch {
	case !o.IsOver():
		return "ongoing"
	case o.Winner == NoColor:
		return "draw (" + o.Reason.String() + ")"
	}
	return o.Winner.String() + " wins (" + o.Reason.String() + ")"
}

// AppendText implements [encoding.TextAppender] with the form of
// [EndReason.String].
func (r EndReason) AppendText(b []byte) ([]byte, error) {
	if int(r) >= len(endNames) {
		return b, fmt.Errorf("%w: end reason %d", ErrInvalid, uint8(r))
	}
	return append(b, endNames[r]...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (r EndReason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the
// form of [EndReason.String] ("flag captured"), in any case.
func (r *EndReason) UnmarshalText(b []byte) error {
	return unmarshal(r, b, parseEndReason)
}

// parseEndReason parses the form of [EndReason.String] ("flag
// captured"), in any case.
func parseEndReason(s string) (EndReason, error) {
	for i, n := range endNames {
		if strings.EqualFold(n, s) {
			return EndReason(i), nil
		}
	}
	return NotOver, parseErr("end reason", s, 0, "an end reason, "+orList(endNames[1:]))
}

// drawReasons and winReasons say which reasons end a game in a draw and
// which with a winner.
func (r EndReason) isDraw() bool {
	return r == NeitherCanMove || r == DrawAgreed || r == PlyCap || r == NoAttackCap
}

// IsValid reports whether o is an outcome a game can have: NotOver with
// no winner, a draw reason with no winner, or a win reason with a
// winner, Red or Blue. The zero Outcome (not over) is valid.
func (o Outcome) IsValid() bool {
	switch {
	case o.Reason == NotOver:
		return o.Winner == NoColor
	case int(o.Reason) >= len(endNames):
		return false
	case o.Reason.isDraw():
		return o.Winner == NoColor
	}
	return o.Winner.IsValid()
}

// AppendText implements [encoding.TextAppender] with the form of
// [Outcome.String].
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if !o.IsValid() {
		return b, fmt.Errorf("%w: outcome %d/%d", ErrInvalid, o.Winner, o.Reason)
	}
	return append(b, o.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (o Outcome) MarshalText() ([]byte, error) { return o.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseOutcome].
func (o *Outcome) UnmarshalText(b []byte) error {
	return unmarshal(o, b, ParseOutcome)
}

// ParseOutcome parses the form of [Outcome.String], in any case:
// "ongoing", "<color> wins (<reason>)" or "draw (<reason>)". A reason
// must fit the result: flag captured, no legal move and resignation have
// a winner; the others are draws. It reads from left to right, so an
// error's offset is that of the first word that is wrong.
func ParseOutcome(s string) (Outcome, error) {
	in := s
	s = lower(s)
	if s == "ongoing" {
		return Outcome{}, nil
	}
	var o Outcome
	head, reason, ok := strings.Cut(s, " (")
	switch head {
	case "draw":
	case "red wins":
		o.Winner = Red
	case "blue wins":
		o.Winner = Blue
	default:
		return Outcome{}, parseErr("outcome", in, 0, `"ongoing", "red wins", "blue wins" or "draw"`)
	}
	if !ok {
		return Outcome{}, parseErr("outcome", in, len(head), `" (" and an end reason`)
	}
	if !strings.HasSuffix(reason, ")") {
		return Outcome{}, parseErr("outcome", in, len(s), `")" closing the reason`)
	}
	rs, err := parseEndReason(reason[:len(reason)-1])
	if err != nil || rs == NotOver {
		return Outcome{}, parseErr("outcome", in, len(head)+2, "an end reason, "+orList(endNames[1:]))
	}
	o.Reason = rs
	if !o.IsValid() {
		return Outcome{}, parseErr("outcome", in, len(head)+2, "a reason that fits "+strconv.Quote(head))
	}
	return o, nil
}
