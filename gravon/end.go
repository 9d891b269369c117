package gravon

import (
	"fmt"
	"strconv"

	"github.com/stratego-go/stratego"
)

// End is a Gravon end code, the "type" of a Gravon game's result: how
// the game ended. Its text form is the decimal code of the archive's
// files.
type End int

// The Gravon end codes.
const (
	EndNoMove          End = 0  // the loser was unable to move
	EndFlag            End = 1  // flag captured
	EndBothStuck       End = 2  // both unable to move: a draw
	EndForfeit         End = 3  // the loser forfeited (resigned)
	EndTieAgreed       End = 4  // a draw agreed
	EndBothMissing     End = 10 // both players left
	EndPlayerClock     End = 11 // the loser's clock ran out
	EndGameClock       End = 12 // the game clock ran out
	EndClockAndMissing End = 13 // the loser's clock ran out and the loser left
	EndOpponentMissing End = 14 // the loser left
)

// endNames is the one table of the end codes' names.
var endNames = map[End]string{
	EndNoMove:          "unable to move",
	EndFlag:            "flag captured",
	EndBothStuck:       "both unable to move",
	EndForfeit:         "forfeit",
	EndTieAgreed:       "tie agreed",
	EndBothMissing:     "both missing",
	EndPlayerClock:     "player clock",
	EndGameClock:       "game clock",
	EndClockAndMissing: "player clock and missing",
	EndOpponentMissing: "opponent missing",
}

// IsValid reports whether e is one of the Gravon end codes.
func (e End) IsValid() bool {
	_, ok := endNames[e]
	return ok
}

// String returns the name of e ("flag captured", "game clock", …), or
// "end code N" for a code Gravon does not define.
func (e End) String() string {
	if n, ok := endNames[e]; ok {
		return n
	}
	return "end code " + strconv.Itoa(int(e))
}

// MarshalText implements [encoding.TextMarshaler] with the decimal code,
// as Gravon files write it.
func (e End) MarshalText() ([]byte, error) { return strconv.AppendInt(nil, int64(e), 10), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads a
// decimal code, which need not be one Gravon defines ([End.IsValid];
// [Outcome] refuses unknown codes). The error is a *[stratego.ParseError].
func (e *End) UnmarshalText(text []byte) error {
	n, ok := parseCount(string(text), 1<<30)
	if !ok {
		return parseErr("gravon end code", string(text), 0, "a decimal code")
	}
	*e = End(n)
	return nil
}

// Outcome maps a Gravon result (end code and winner: 1 Red, 2 Blue,
// 3 draw) to an outcome. Codes 0, 1 and 2 are the rules' own ends
// (NoLegalMove, FlagCaptured, NeitherCanMove) and 4 is DrawAgreed. The
// ends the rules do not know (3 forfeit, 10 both missing, 11 clock, 12
// game clock, 13 clock and missing, 14 opponent missing) count as the
// loser's Resignation when there is a winner, and as DrawAgreed when the
// winner is 3. A code that contradicts the winner (a win by code 2 or 4,
// a draw by code 0 or 1) or an unknown code or winner is an error
// wrapping ErrMismatch.
func Outcome(code End, winner int) (stratego.Outcome, error) {
	var w stratego.Color
	switch winner {
	case 1:
		w = stratego.Red
	case 2:
		w = stratego.Blue
	case 3:
	default:
		return stratego.Outcome{}, fmt.Errorf("%w: gravon winner %d, want 1, 2 or 3", stratego.ErrMismatch, winner)
	}
	var o stratego.Outcome
	switch code {
	case EndNoMove:
		o = stratego.Outcome{Winner: w, Reason: stratego.NoLegalMove}
	case EndFlag:
		o = stratego.Outcome{Winner: w, Reason: stratego.FlagCaptured}
	case EndBothStuck:
		o = stratego.Outcome{Winner: w, Reason: stratego.NeitherCanMove}
	case EndTieAgreed:
		o = stratego.Outcome{Winner: w, Reason: stratego.DrawAgreed}
	case EndForfeit, EndBothMissing, EndPlayerClock, EndGameClock, EndClockAndMissing, EndOpponentMissing:
		o = stratego.Outcome{Winner: w, Reason: stratego.Resignation}
		if w == stratego.NoColor {
			o.Reason = stratego.DrawAgreed
		}
	default:
		return stratego.Outcome{}, fmt.Errorf("%w: unknown gravon end code %d", stratego.ErrMismatch, code)
	}
	if !o.IsValid() {
		return stratego.Outcome{}, fmt.Errorf("%w: gravon end code %d with winner %d", stratego.ErrMismatch, code, winner)
	}
	return o, nil
}

// gravonCode is the inverse of Outcome for the library's outcomes:
// a resignation is a forfeit (3); the move caps, which Gravon does not
// have, are the game clock running out (12).
func gravonCode(o stratego.Outcome) (code End, winner int) {
	winner = 3
	switch o.Winner {
	case stratego.Red:
		winner = 1
	case stratego.Blue:
		winner = 2
	}
	switch o.Reason {
	case stratego.NoLegalMove, stratego.NoMovablePiece:
		return EndNoMove, winner
	case stratego.FlagCaptured:
		return EndFlag, winner
	case stratego.NeitherCanMove:
		return EndBothStuck, winner
	case stratego.Resignation:
		return EndForfeit, winner
	case stratego.DrawAgreed:
		return EndTieAgreed, winner
	}
	return EndGameClock, winner
}
