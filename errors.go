package stratego

import (
	"errors"
	"fmt"
	"strconv"
)

// Sentinel errors. Every error the package returns wraps one of them, so
// callers test with [errors.Is]; the typed errors ([MoveError],
// [RulesError], [SetupError], [ParseError]) carry the context.
var (
	// ErrInvalid: a value (square, rank, color, move) is not a valid one.
	ErrInvalid = errors.New("stratego: invalid value")
	// ErrSyntax: text does not follow its grammar.
	ErrSyntax = errors.New("stratego: syntax error")
	// ErrRules: a Rules value is inconsistent or out of range.
	ErrRules = errors.New("stratego: invalid rules")
	// ErrSetup: a setup or a free placement breaks the rules.
	ErrSetup = errors.New("stratego: invalid setup")

	// ErrGameOver: the game has ended; no move is legal.
	ErrGameOver = errors.New("stratego: game is over")
	// ErrOffBoard: a square of the move is not on the board, or is a lake.
	ErrOffBoard = errors.New("stratego: square not on the board")
	// ErrNoPiece: there is no piece on the from-square.
	ErrNoPiece = errors.New("stratego: no piece on the from-square")
	// ErrNotYourPiece: the piece belongs to the side not to move.
	ErrNotYourPiece = errors.New("stratego: piece belongs to the opponent")
	// ErrImmovable: bombs and flags never move.
	ErrImmovable = errors.New("stratego: piece cannot move")
	// ErrBadDirection: the move is not along a line, too long for the
	// piece, or of zero length.
	ErrBadDirection = errors.New("stratego: piece cannot move that way")
	// ErrBlocked: a piece or a lake stands on the path.
	ErrBlocked = errors.New("stratego: path is blocked")
	// ErrOwnPiece: the destination holds a piece of the mover's side.
	ErrOwnPiece = errors.New("stratego: destination holds own piece")
	// ErrNoStrike: under the rules in use a scout may attack only an
	// adjacent piece.
	ErrNoStrike = errors.New("stratego: scout may not move and strike")
	// ErrTwoSquares: the Two-Squares Rule (RULES.md 6.1) forbids the move.
	ErrTwoSquares = errors.New("stratego: two-squares rule")
	// ErrMoreSquares: the More-Squares Rule (RULES.md 6.2) forbids the move.
	ErrMoreSquares = errors.New("stratego: more-squares rule")
	// ErrRescue: a rescue placement, or an ordinary move while a rescue is
	// due, is not allowed.
	ErrRescue = errors.New("stratego: rescue not allowed")
)

// MoveError is the error for a move that is not legal. It unwraps to one
// of the sentinels above (ErrBlocked, ErrTwoSquares, …).
type MoveError struct {
	Move Move
	Err  error // the sentinel saying why
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("%v: move %v", e.Err, e.Move)
}

// Unwrap returns the sentinel.
func (e *MoveError) Unwrap() error { return e.Err }

func moveErr(m Move, err error) error { return &MoveError{Move: m, Err: err} }

// RulesError says which field of a Rules value is wrong and why. It
// unwraps to ErrRules.
type RulesError struct {
	Field  string
	Reason string
}

func (e *RulesError) Error() string {
	return "stratego: invalid rules: " + e.Field + ": " + e.Reason
}

// Unwrap returns ErrRules.
func (e *RulesError) Unwrap() error { return ErrRules }

// SetupError says what is wrong with a setup or a free placement. It
// unwraps to ErrSetup.
type SetupError struct {
	Color  Color  // the side, or NoColor
	Square Square // the square at fault, or NoSquare
	Reason string
}

func (e *SetupError) Error() string {
	s := "stratego: invalid setup"
	if e.Color.IsValid() {
		s += " for " + e.Color.String()
	}
	if e.Square.IsValid() {
		s += " at " + e.Square.String()
	}
	return s + ": " + e.Reason
}

// Unwrap returns ErrSetup.
func (e *SetupError) Unwrap() error { return ErrSetup }

// ParseError is the error of a parser: what was parsed, the input, the
// byte offset where it went wrong and what was expected there. It unwraps
// to ErrSyntax.
type ParseError struct {
	What  string // "square", "move", "setup", …
	Input string
	Pos   int
	Want  string
}

func (e *ParseError) Error() string {
	in := e.Input
	if len(in) > 120 {
		in = in[:120] + "…"
	}
	return "stratego: parsing " + e.What + " " + strconv.Quote(in) +
		": at offset " + strconv.Itoa(e.Pos) + ": want " + e.Want
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

func parseErr(what, input string, pos int, want string) error {
	return &ParseError{What: what, Input: input, Pos: pos, Want: want}
}
