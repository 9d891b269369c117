package referee

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// WriteUCCLog writes a game in the UCC 2012 manager's -o log format
// (PROTOCOLS.md 1.10; Game::Setup, Game::Play, Game::PrintEndMessage):
// each side's name and setup rows, a line "TURN RED: MOVE OUTCOME" or
// "TURN BLU: …" per move (the game-ending one with VICTORY_FLAG, a
// rejected one with ILLEGAL), the end line "Game ends on RED's turn -
// REASON: …" and the result line (UCCResultLine). moveTime is the time
// limit the timeout message names. Games the UCC wire cannot carry
// (CheckUCCRules) are written all the same, with "?" for ranks it has no
// token for.
func WriteUCCLog(w io.Writer, r Result, moveTime time.Duration) error {
	bw := bufio.NewWriter(w)
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		fmt.Fprintf(bw, "%s %s SETUP\n", uccName(r.Names[c]), strings.ToUpper(c.String()))
		if r.State.Rules().Width == 0 && (r.Side == c || r.Side == stratego.NoColor) {
			bw.WriteString("INVALID!\n")
			continue
		}
		for _, row := range uccSetupRows(r.Setups[c], c) {
			bw.WriteString(row + "\n")
		}
	}
	for i, p := range r.Log {
		text := p.Text
		if text == "" {
			text = formatUCCMove(p.Event.Move)
		}
		outcome := uccOutcome(p.Event)
		if p.Event.Outcome.Reason == stratego.FlagCaptured {
			outcome = "VICTORY_FLAG"
		}
		fmt.Fprintf(bw, "%d %s: %s %s\n", i/2+1, uccColour(p.Event.Color), text, outcome)
	}
	if line, ok := uccFaultLine(r); ok {
		fmt.Fprintf(bw, "%d %s: %s\n", len(r.Log)/2+1, uccColour(r.Side), line)
	}
	if r.State.Rules().Width == 0 {
		bw.WriteString("Game ends in the SETUP phase - REASON: ")
	} else {
		fmt.Fprintf(bw, "Game ends on %s's turn - REASON: ", uccTurnName(r.Turn))
	}
	bw.WriteString(uccEndReason(r, moveTime) + "\n")
	bw.WriteString(UCCResultLine(r) + "\n")
	return bw.Flush()
}

// uccColour is the colour of a log line: RED or BLU.
func uccColour(c stratego.Color) string {
	if c == stratego.Blue {
		return "BLU"
	}
	return "RED"
}

// uccTurnName is the colour of the end line.
func uccTurnName(c stratego.Color) string {
	switch c {
	case stratego.Red:
		return "RED"
	case stratego.Blue:
		return "BLUE"
	}
	return "ERROR"
}

// uccFaultLine is the log line of a reply that ended the game without a
// move: the reply (with ILLEGAL when it parsed as a move), or
// "SURRENDER OK".
func uccFaultLine(r Result) (string, bool) {
	switch r.Reason {
	case Resign:
		return "SURRENDER OK", true
	case Illegal:
		text := r.Text
		if text == "" {
			text = formatUCCMove(r.IllegalMove)
		}
		return text + " ILLEGAL", true
	case Garbage, Timeout, Crash, Flood:
		return r.Text, true
	}
	return "", false
}

// uccEndReason is the manager's REASON text of an end.
func uccEndReason(r Result, moveTime time.Duration) string {
	switch r.Reason {
	case Flag:
		return "Captured the flag"
	case NoMovable, WalledIn:
		return "Destroyed all mobile enemy pieces"
	case Neither:
		return "Game declared a draw because neither player has mobile pieces"
	case PlyCap, QuietCap, TurnCap:
		return fmt.Sprintf("Game declared a draw after %d turns", (r.Plies)/2+1)
	case Resign:
		return "This player has surrendered!"
	case Garbage, Flood:
		return "Unintelligable response"
	case Timeout, Crash:
		return fmt.Sprintf("Response timeout after %f seconds.", moveTime.Seconds())
	case BadSetup, Rejected:
		switch r.Side {
		case stratego.Red:
			return "An illegal setup was made by RED"
		case stratego.Blue:
			return "An illegal setup was made by BLUE"
		}
		return "An illegal setup was made by BOTH players"
	case Illegal:
		return uccIllegalReason(r.Err)
	case Agreed:
		return "The players agreed to a draw"
	}
	return "Internal controller error - Unspecified ERROR"
}

// uccIllegalReason is the manager's reason for an illegal move
// (MovementResult); the repetition rules, which the manager does not
// have, get texts of their own.
func uccIllegalReason(err error) string {
	switch {
	case errors.Is(err, stratego.ErrOffBoard):
		return "Coords outside board"
	case errors.Is(err, stratego.ErrNoPiece):
		return "Move does not select a piece"
	case errors.Is(err, stratego.ErrNotYourPiece):
		return "Selected piece belongs to other player"
	case errors.Is(err, stratego.ErrImmovable):
		return "Selected piece is not mobile (FLAG or BOMB)"
	case errors.Is(err, stratego.ErrOwnPiece):
		return "Attempted move into square occupied by neutral or allied piece"
	case errors.Is(err, stratego.ErrTwoSquares):
		return "Move breaks the Two-Squares rule"
	case errors.Is(err, stratego.ErrMoreSquares):
		return "Move breaks the More-Squares rule"
	}
	return "Selected unit cannot move that way"
}
