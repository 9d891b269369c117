package referee

import (
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
)

// Reason says why a game ended, as the referee decided it.
type Reason uint8

// The reasons. The ones up to Agreed come from the rules and the players'
// agreement; TurnCap from ProfileUCC2012; the ones after it are faults of
// the side Result.Side (or of both, for a setup both sides failed).
const (
	None      Reason = iota // the game did not end
	Flag                    // the winner captured the flag
	NoMovable               // the loser has no piece of a movable rank left
	WalledIn                // the loser has movable pieces but no legal move (walled in, or the repetition rules)
	Neither                 // a draw: neither side has a movable piece, or the side to move has no move and the other no movable piece
	PlyCap                  // a draw: Rules.MaxPlies plies were played
	QuietCap                // a draw: Rules.MaxPliesWithoutAttack plies in a row were not attacks
	Resign                  // the loser resigned
	Agreed                  // a draw both sides agreed to
	TurnCap                 // a draw: ProfileUCC2012's turn cap (DRAW_DEFAULT)
	Illegal                 // the loser made an illegal move
	Timeout                 // the loser did not reply in time
	Crash                   // the loser's engine exited, or could not be written to
	Garbage                 // the loser wrote a reply the protocol does not allow
	Flood                   // the loser flooded its output
	BadSetup                // the loser's setup was not legal
	Rejected                // the loser refused the rules
	Aborted                 // the game was stopped from outside (its context)
)

// reasonTokens are the Reason tokens of the SBP gameover line, and
// reasonWords the names of Reason.String: the library's own names
// (stratego.EndReason) for the ends the two share.
var (
	reasonTokens = [...]string{"none", "flag", "nomovable", "walledin", "neither", "plycap", "quietcap", "resign", "agreed", "turncap", "illegal", "timeout", "crash", "protocol", "flood", "badsetup", "rejected", "aborted"}
	reasonWords  = [...]string{"none", "flag captured", "no movable piece", "walled in", "neither side can move", "ply cap", "no-attack cap", "resignation", "draw agreed", "turn cap", "illegal move", "timeout", "crash", "protocol error", "flood", "bad setup", "rejected", "aborted"}
)

// String returns the reason's name: for the ends the library knows, its
// name (stratego.EndReason.String: "flag captured", "ply cap",
// "resignation"), otherwise a word of the same kind ("timeout",
// "walled in", "bad setup").
func (r Reason) String() string {
	if int(r) < len(reasonWords) {
		return reasonWords[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Token returns the reason's token on the SBP gameover line ("flag",
// "timeout"; PROTOCOL.md), a word without spaces.
func (r Reason) Token() string {
	if int(r) < len(reasonTokens) {
		return reasonTokens[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// ParseReason reads the form of Reason.String or of Reason.Token.
func ParseReason(s string) (Reason, error) {
	for i := range reasonTokens {
		if reasonTokens[i] == s || reasonWords[i] == s {
			return Reason(i), nil
		}
	}
	return None, fmt.Errorf("%w: reason %q", ErrRecord, s)
}

// IsFault reports whether the reason is a fault of a side (a forfeit).
func (r Reason) IsFault() bool { return r >= Illegal && r <= Rejected }

// Result is how a game ended.
type Result struct {
	// Winner is the side that won, NoColor for a draw or a game that was
	// not played to its end (Reason Aborted, or both setups bad).
	Winner stratego.Color
	Reason Reason
	// Side is the side the reason is about: the side at fault, the side
	// that resigned or accepted a draw; NoColor otherwise.
	Side stratego.Color
	// Detail says more, for people (never sent to the opponent).
	Detail string
	// Err is the fault of a forfeit (it wraps ErrTimeout, ErrCrashed, …,
	// or the library's move error of an illegal move), nil otherwise.
	Err error
	// Text is the raw reply that ended the game, when one did.
	Text string
	// IllegalMove is the move of an Illegal end.
	IllegalMove stratego.Move
	// Plies is the number of plies played.
	Plies int
	// Turn is the side on whose turn the game ended, as the UCC manager
	// counts it (the colour of its result line), and ByMove says that
	// the last ply ended it.
	Turn   stratego.Color
	ByMove bool
	// Names are the seats' names, by Color.
	Names [3]string
	// Setups are the two setups, by Color (zero when a setup failed).
	Setups [3]stratego.Setup
	// Log is every ply with the reply text and its time.
	Log []PlyLog
	// State is the final state (the zero State when setup failed).
	State stratego.State
	// Record is the game record (with no moves when setup failed).
	Record stratego.Record
}

// Played reports whether the game was played to an end the rules, a
// player or a fault decided (not aborted, and not a setup both sides
// failed).
func (r Result) Played() bool {
	return r.Reason != None && r.Reason != Aborted && (r.Winner != stratego.NoColor || !r.Reason.IsFault())
}

// Score returns the points of side c: 1 for a win, ½ for a draw, 0 for a
// loss.
func (r Result) Score(c stratego.Color) float64 {
	switch r.Winner {
	case c:
		return 1
	case stratego.NoColor:
		return 0.5
	}
	return 0
}

// String returns a one-line summary: "red wins (flag captured)", "draw
// (turn cap)", "blue wins (timeout: red …)".
func (r Result) String() string {
	var b strings.Builder
	switch {
	case r.Winner != stratego.NoColor:
		b.WriteString(r.Winner.String() + " wins (" + r.Reason.String())
	case r.Reason == Aborted:
		b.WriteString("aborted (" + r.Reason.String())
	default:
		b.WriteString("draw (" + r.Reason.String())
	}
	if r.Detail != "" {
		b.WriteString(": " + r.Detail)
	}
	b.WriteString(")")
	return b.String()
}

// The tags of a referee's record, besides the Red and Blue names and
// the Result and Termination of the record format (the rules' outcome,
// a forfeit as the loser's resignation, or "*" for a game that did not
// end).
const (
	// TagReferee says how the referee ended a game whose Result and
	// Termination do not say it all: a fault, an abort, an end in the
	// setup phase, or an end the rules did not decide (RecordEnd reads
	// the others from the record). Its value is "TOKEN SIDE: DETAIL": the Reason.Token,
	// the side it is about (red, blue, or both for a setup both sides
	// failed; left out for none), and the detail when there is one.
	TagReferee = "Referee"
	// TagSent is the reply that ended the game as the side wrote it (a
	// bad setup, a garbled or illegal move), line breaks replaced.
	TagSent = "Sent"
)

// record writes the game record of a finished match: the moves, and
// as its result the rules' outcome, or for an end the rules did not
// decide the resignation of the loser (a forfeit) or the agreed draw.
// A game that ended in its setup phase has no moves and only the setups
// that were legal. The Referee tag says what the Termination cannot.
func (m *match) record(res Result) stratego.Record {
	tags := []stratego.Tag{{Name: "Red", Value: res.Names[stratego.Red]}, {Name: "Blue", Value: res.Names[stratego.Blue]}}
	tags = append(tags, m.g.Tags...)
	var rec stratego.Record
	var final stratego.State
	if m.game.IsValid() {
		g := m.game
		if !g.State().Outcome().IsOver() {
			switch {
			case res.Reason == Agreed:
				g, _ = g.AgreeDraw()
			case res.Winner != stratego.NoColor:
				g, _ = g.Resign(res.Winner.Opponent())
			}
		}
		rec, final = g.Record(), g.State()
	} else { // no game: the setup phase ended it
		rec = stratego.Record{Rules: m.g.Rules, RedSetup: m.setups[stratego.Red], BlueSetup: m.setups[stratego.Blue]}
		if res.Winner != stratego.NoColor {
			rec.Result = stratego.Outcome{Winner: res.Winner, Reason: stratego.Resignation}
		}
	}
	if res.Reason.IsFault() || res.Detail != "" || ruleReason(final, m.g.Profile) != res.Reason {
		tags = append(tags, stratego.Tag{Name: TagReferee, Value: refereeTag(res)})
	}
	if res.Text != "" {
		tags = append(tags, stratego.Tag{Name: TagSent, Value: oneLine(res.Text)})
	}
	rec.Tags = append(tags, rec.Tags...)
	return rec
}

// ruleReason is the Reason of the end the rules gave the state s, as
// the referee names it under profile p (the one mapping of the rules'
// EndReason to a Reason: the game's end and the record's read it); None when the rules did not end
// the game (or the state is the zero State).
func ruleReason(s stratego.State, p Profile) Reason {
	if s.Rules().Width == 0 {
		return None
	}
	o := s.Outcome()
	switch o.Reason {
	case stratego.FlagCaptured:
		return Flag
	case stratego.NoLegalMove:
		if walledIn(s) {
			return WalledIn
		}
		return NoMovable
	case stratego.NoMovablePiece:
		return NoMovable
	case stratego.NeitherCanMove:
		return Neither
	case stratego.PlyCap:
		if p == ProfileUCC2012 {
			return TurnCap
		}
		return PlyCap
	case stratego.NoAttackCap:
		return QuietCap
	case stratego.Resignation:
		return Resign
	case stratego.DrawAgreed:
		return Agreed
	}
	return None
}

// RecordEnd returns how the referee ended the game of a record it wrote
// (Result.Record) under profile p: the Reason and the Detail. It reads
// the Referee tag when there is one, and otherwise replays the record
// and names the end its result gives (the rules' end, a resignation or
// an agreed draw), as the referee does.
func RecordEnd(rec stratego.Record, p Profile) (Reason, string, error) {
	if v, ok := rec.Tag(TagReferee); ok {
		r, _, detail, err := ParseRefereeTag(v)
		return r, detail, err
	}
	states, err := rec.Replay()
	if err != nil {
		return None, "", err
	}
	r := ruleReason(states[len(states)-1], p)
	if r == None {
		return None, "", fmt.Errorf("%w: a record without a Referee tag of a game that did not end", ErrRecord)
	}
	return r, "", nil
}

// refereeTag is the value of the Referee tag of a result.
func refereeTag(res Result) string {
	v := res.Reason.Token()
	switch {
	case res.Side.IsValid():
		v += " " + res.Side.String()
	case res.Reason.IsFault():
		v += " both"
	}
	if res.Detail != "" {
		v += ": " + res.Detail
	}
	return oneLine(v)
}

// ParseRefereeTag reads the value of a Referee tag (TagReferee): the
// reason, the side (NoColor for none or both) and the detail.
func ParseRefereeTag(v string) (r Reason, side stratego.Color, detail string, err error) {
	head, detail, _ := strings.Cut(v, ": ")
	f := strings.Fields(head)
	if len(f) == 0 || len(f) > 2 {
		return None, stratego.NoColor, "", fmt.Errorf("%w: Referee tag %q: want \"TOKEN [SIDE][: DETAIL]\"", ErrRecord, v)
	}
	if r, err = ParseReason(f[0]); err != nil {
		return None, stratego.NoColor, "", err
	}
	if len(f) == 2 && f[1] != "both" {
		if side, err = stratego.ParseColor(f[1]); err != nil {
			return None, stratego.NoColor, "", fmt.Errorf("%w: Referee tag %q: side %q", ErrRecord, v, f[1])
		}
	}
	return r, side, detail, nil
}

// oneLine replaces line breaks, which a tag value may not hold.
func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}
