package web

import (
	"errors"
	"fmt"

	"github.com/stratego-go/stratego"
)

// explain says in words why a move or a setup was refused, naming the
// rule and its setting under r. Errors it does not know keep their own
// message.
func explain(err error, r stratego.Rules) string {
	var se *stratego.SetupError
	switch {
	case errors.Is(err, errTurn):
		return "It is not your turn: wait for your opponent's move."
	case errors.Is(err, errPhase):
		return "The game is not in that phase."
	case errors.Is(err, errSetupGiven):
		return "Your setup is in already."
	case errors.Is(err, errSpectator):
		return "Spectators watch; they cannot play."
	case errors.Is(err, stratego.ErrTwoSquares):
		return fmt.Sprintf("Two-Squares Rule: a piece may not move back and forth across the same "+
			"square boundary in more than %d moves in a row. Move another piece, or move this one elsewhere.", r.TwoSquares)
	case errors.Is(err, stratego.ErrMoreSquares):
		return "More-Squares Rule: a chasing piece may not bring back a position that already " +
			"occurred during this chase. Break off the chase or chase another way."
	case errors.Is(err, stratego.ErrNoAttack):
		return "That move is written as an attack (x), but no enemy piece stands on its target square."
	case errors.Is(err, stratego.ErrGameOver):
		return "The game is over."
	case errors.Is(err, stratego.ErrLake):
		return "That square is a lake: pieces never enter or cross the lakes."
	case errors.Is(err, stratego.ErrOffBoard):
		return "That square is not on the board."
	case errors.Is(err, stratego.ErrNoPiece):
		return "There is no piece on that square."
	case errors.Is(err, stratego.ErrNotYourPiece):
		return "That piece belongs to your opponent."
	case errors.Is(err, stratego.ErrImmovable):
		return "Bombs and the Flag never move."
	case errors.Is(err, stratego.ErrBadDirection):
		if r.CaptainsMoveTwo {
			return "That piece cannot move that way: a piece steps one square forward, back or sideways " +
				"(never diagonally); a Scout slides any distance in a straight line, and a Captain may " +
				"move two squares, straight or with one turn."
		}
		return "That piece cannot move that way: a piece steps one square forward, back or sideways " +
			"(never diagonally); only a Scout goes further, any distance in a straight line."
	case errors.Is(err, stratego.ErrBlocked):
		return "The path is blocked: a Scout cannot jump over pieces or lakes."
	case errors.Is(err, stratego.ErrOwnPiece):
		return "You cannot move onto your own piece."
	case errors.Is(err, stratego.ErrNoStrike):
		return "Under these rules a Scout may attack only an adjacent piece; it cannot move and strike in one move."
	case errors.Is(err, stratego.ErrRescue):
		return "Rescue: after reaching the enemy's back row you must put a captured piece back on an " +
			"empty square of your own half, and a piece that rescued once may not rescue again."
	case errors.Is(err, stratego.ErrInvalid):
		return "That is not a move."
	case errors.As(err, &se):
		return "That setup is not allowed: " + se.Reason + where(se.Square) + "."
	case errors.Is(err, stratego.ErrSyntax):
		return "That text could not be read: " + err.Error()
	}
	return err.Error()
}

// where names a square for a message, or nothing for NoSquare.
func where(sq stratego.Square) string {
	if !sq.IsValid() {
		return ""
	}
	return " (at " + sq.String() + ")"
}
