package stratego

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sentinel errors, tested with [errors.Is]: every error of the package
// is one of them or wraps one (the section "Errors" of the package doc).
var (
	// ErrInvalid is returned for a value that is not a valid one: by the
	// AppendText and MarshalText methods of an out-of-range square, rank,
	// color, piece, move or outcome (their zero values encode as the
	// empty text), of a zero or invalid record, position, view or state
	// (with the cause wrapped too, such as a *[RulesError]) or of the
	// zero [Game]; by [State.Check] and [State.Apply] for a malformed
	// [Move] (see [Move.IsValid]); by [State.Resign] for a color that
	// is not a side; by [Record.Replay] for a record whose Result is no
	// valid [Outcome]; and by the writers of other formats for a value
	// they cannot hold.
	ErrInvalid = errors.New("stratego: invalid value")
	// ErrSyntax is wrapped by every error of a parser: a *[ParseError]
	// from the Parse functions and the UnmarshalText methods, and the
	// errors of the readers of other packages of the module (such as the
	// gravon package's).
	ErrSyntax = errors.New("stratego: syntax error")
	// ErrRules is wrapped by the *[RulesError] of [Rules.Validate], which
	// every function taking a Rules value reports for invalid rules
	// ([New], [FromBoard], [ParseSetup], [Rules.CheckSetup],
	// [ParseRules], [ParsePosition], …).
	ErrRules = errors.New("stratego: invalid rules")
	// ErrSetup is wrapped by the *[SetupError] of a setup or a free
	// placement that breaks the rules: from [Rules.CheckSetup],
	// [ParseSetup], [New] and [FromBoard]; and by the *[PositionError]
	// of a position whose pieces break them (a piece off the board, more
	// pieces of a rank than the army has, a missing flag).
	ErrSetup = errors.New("stratego: invalid setup")
	// ErrPosition is wrapped by the *[PositionError] of a position or a
	// view that no game can reach: from [ParsePosition], [ParseView],
	// [Position.State] and [Position.Validate] (and so the
	// UnmarshalText and UnmarshalJSON methods of State and View), for a
	// side to move, a counter, an outcome, a piece's marks or a
	// repetition record that does not fit the rules and the board.
	ErrPosition = errors.New("stratego: invalid position")

	// The move errors below are wrapped by the *[MoveError] of
	// [State.Check] and [State.Apply], and so by a *[ReplayError] of
	// [Record.Replay].

	// ErrGameOver means the game has ended (or the State is the zero
	// State), so no move is legal; [Game.Apply] returns it too, and
	// [State.Resign] and [State.AgreeDraw] return it bare (not in a
	// *MoveError, as they take no move).
	ErrGameOver = errors.New("stratego: game is over")
	// ErrOffBoard means a square of the move (Via included) is not on the
	// board of the rules, or is a lake: for a lake the error is [ErrLake],
	// which is ErrOffBoard too.
	ErrOffBoard = errors.New("stratego: square not on the board")
	// ErrLake means a square of the move (Via included) is a lake, and
	// every other square of it on the board. It is also ErrOffBoard
	// ([errors.Is](ErrLake, ErrOffBoard) holds), as a lake is no square a
	// piece may enter.
	ErrLake error = lakeError{}
	// ErrNoPiece means there is no piece on the from-square.
	ErrNoPiece = errors.New("stratego: no piece on the from-square")
	// ErrNotYourPiece means the piece belongs to the side not to move.
	// [State.Check] knows only whose turn it is, not who sent the move:
	// a server that takes moves from both players compares the sender
	// with [State.Turn] first (a player moving out of turn would
	// otherwise be told that his own piece is the opponent's).
	ErrNotYourPiece = errors.New("stratego: piece belongs to the opponent")
	// ErrImmovable means the piece is a Bomb or the Flag, which never move.
	ErrImmovable = errors.New("stratego: piece cannot move")
	// ErrBadDirection means the move is not along a line, or is too long for
	// the piece (only a Scout goes further than one square, and a
	// Captain two where [Rules.CaptainsMoveTwo] allows it), or its Via
	// is not a turning Captain's middle square.
	ErrBadDirection = errors.New("stratego: piece cannot move that way")
	// ErrBlocked means a piece or a lake stands on the path between the
	// squares.
	ErrBlocked = errors.New("stratego: path is blocked")
	// ErrOwnPiece means the destination holds a piece of the mover's side.
	ErrOwnPiece = errors.New("stratego: destination holds own piece")
	// ErrNoStrike means the rules in use ([ScoutStrikeAdjacent]) let a Scout
	// attack only an adjacent piece, and the move attacks from further.
	ErrNoStrike = errors.New("stratego: scout may not move and strike")
	// ErrTwoSquares means the Two-Squares Rule ([Rules.TwoSquares], RULES.md
	// 6.1) forbids the move.
	ErrTwoSquares = errors.New("stratego: two-squares rule")
	// ErrMoreSquares means the More-Squares Rule ([Rules.MoreSquares],
	// RULES.md 6.2) forbids the move.
	ErrMoreSquares = errors.New("stratego: more-squares rule")
	// ErrRescue is returned for a rescue when none is due, a rescue of a
	// rank the side cannot rescue or onto a square it may not use, or an
	// ordinary move while a rescue is due ([State.RescueDue],
	// [Rules.Rescues]).
	ErrRescue = errors.New("stratego: rescue not allowed")

	// The errors below belong to positions, records and views.

	// ErrHidden is returned by [Position.State] for a player's or a
	// spectator's view, which cannot become a [State] (a view of a game
	// whose ranks are all shown makes one once its Viewer is cleared).
	ErrHidden = errors.New("stratego: position is a player's view")

	// ErrMismatch is wrapped by the errors of a game record that contradicts
	// itself or the game its moves make: from [ParseRecord] (tags that
	// disagree, a closing result other than the Result tag), [Record.Replay]
	// and [Record.Annotated] (an annotation that is not what the move did, a
	// result the replay does not reach, a start position under other rules),
	// and from converters of other formats (the gravon package's: a result
	// code that contradicts its winner, rules that are no Gravon game type).
	ErrMismatch = errors.New("stratego: record does not match the game")

	// ErrNoAttack reports a move written as an attack ("x") onto a
	// square without an enemy piece ([View.ParseMove], [ParseView]).
	ErrNoAttack = errors.New("stratego: move written as an attack onto a square without an enemy piece")

	// ErrInconsistentView is returned by [View.Sample] when no full state
	// agrees with the view: a decoded view that no game could produce, or
	// (very rarely) legal moves or an outcome that none of the sampler's
	// draws matched.
	ErrInconsistentView = errors.New("stratego: no state is consistent with the view")
)

// errorCodes are the codes of ErrorCode, the most specific sentinel
// first (ErrLake before ErrOffBoard, the kinds of invalid value last).
var errorCodes = [...]struct {
	err  error
	code string
}{
	{ErrTwoSquares, "two-squares"},
	{ErrMoreSquares, "more-squares"},
	{ErrGameOver, "game-over"},
	{ErrNoAttack, "no-attack"},
	{ErrLake, "lake"},
	{ErrOffBoard, "off-board"},
	{ErrNoPiece, "no-piece"},
	{ErrNotYourPiece, "not-your-piece"},
	{ErrImmovable, "immovable"},
	{ErrBadDirection, "bad-direction"},
	{ErrBlocked, "blocked"},
	{ErrOwnPiece, "own-piece"},
	{ErrNoStrike, "no-strike"},
	{ErrRescue, "rescue"},
	{ErrHidden, "hidden"},
	{ErrMismatch, "mismatch"},
	{ErrInconsistentView, "inconsistent-view"},
	{ErrRules, "rules"},
	{ErrSetup, "setup"},
	{ErrPosition, "position"},
	{ErrSyntax, "syntax"},
	{ErrInvalid, "invalid"},
}

// ErrorCode returns the stable code of the package's sentinel that err
// wraps, for programs (a JSON field, a test) that must not read
// messages: "two-squares", "more-squares", "game-over", "no-attack",
// "lake", "off-board", "no-piece", "not-your-piece", "immovable",
// "bad-direction", "blocked", "own-piece", "no-strike", "rescue",
// "hidden", "mismatch", "inconsistent-view", "rules", "setup",
// "position", "syntax" or "invalid", the most specific first; "" when
// err wraps none of them. A code never changes once released.
func ErrorCode(err error) string {
	for _, c := range errorCodes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return ""
}

// The ErrInvalid errors of zero values and of a color that is no side.
var (
	errZeroView      = fmt.Errorf("%w: the zero View", ErrInvalid)
	errSpectatorView = fmt.Errorf("%w: a spectator's view, which has no player to draw for", ErrInvalid)
	errZeroState     = fmt.Errorf("%w: the zero State", ErrInvalid)
	errNoSide        = fmt.Errorf("%w: the color is not red or blue", ErrInvalid)
)

// lakeError is the type of [ErrLake]: an error that is also
// [ErrOffBoard].
type lakeError struct{}

func (lakeError) Error() string        { return "stratego: square is a lake" }
func (lakeError) Is(target error) bool { return target == ErrOffBoard }

// MoveError is the error of [State.Check] and [State.Apply] for a move
// that is not legal. It unwraps to one of the move sentinels
// ([ErrBlocked], [ErrTwoSquares], …, or [ErrInvalid] for a malformed
// move).
type MoveError struct {
	Move Move  // the move as given
	Err  error // the sentinel saying why
}

// Error returns the sentinel's message and the move:
// "stratego: path is blocked: move a4-a6". A malformed move, which has
// no text form, is shown by its fields: "stratego: invalid value:
// malformed move {From:0 To:a5 Via:- Rescue:-}".
func (e *MoveError) Error() string {
	if !e.Move.IsValid() {
		return fmt.Sprintf("%s%s: malformed move %s", errPrefix, causeText(e.Err), moveFields(e.Move))
	}
	return fmt.Sprintf("%s%s: move %v", errPrefix, causeText(e.Err), e.Move)
}

// moveFields shows the fields of a move that may be malformed: each
// square by its name, or its number when it is none, and the rescued
// rank.
func moveFields(m Move) string {
	sq := func(q Square) string {
		switch {
		case q == NoSquare:
			return "-"
		case q.IsValid():
			return q.String()
		}
		return strconv.Itoa(int(q))
	}
	rk := "-"
	if m.Rescue != NoRank {
		rk = m.Rescue.String()
	}
	return "{From:" + sq(m.From) + " To:" + sq(m.To) + " Via:" + sq(m.Via) + " Rescue:" + rk + "}"
}

// Unwrap returns the sentinel.
func (e *MoveError) Unwrap() error { return e.Err }

func moveErr(m Move, err error) error { return &MoveError{Move: m, Err: err} }

// RulesError says which field of a Rules value is wrong and why. It
// unwraps to ErrRules.
type RulesError struct {
	Field  string // the name of the Rules field at fault, such as "Army"
	Reason string // what is wrong with it
}

// Error returns "stratego: invalid rules: " followed by the field and the
// reason.
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
	Reason string // what is wrong
}

// Error returns "stratego: invalid setup", the side and the square when
// known, and the reason.
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

// PositionError says what is wrong with a [Position] or a view: the
// side and the square when one is at fault, and why. It unwraps to
// [ErrPosition] and, when the fault is in which pieces stand where (a
// piece off the board, more pieces of a rank than the army has, a
// missing flag), to [ErrSetup] too.
type PositionError struct {
	Field  string // the field of Position at fault ("Board", "RedRun", …), or ""
	Color  Color  // the side, or NoColor
	Square Square // the square at fault, or NoSquare
	Reason string // what is wrong

	placement bool // the pieces are at fault: the error is ErrSetup too
}

// Error returns "stratego: invalid position", the field, the side and the square
// when known, and the reason.
func (e *PositionError) Error() string {
	s := "stratego: invalid position"
	if e.Field != "" {
		s += " (" + e.Field + ")"
	}
	if e.Color.IsValid() {
		s += " for " + e.Color.String()
	}
	if e.Square.IsValid() {
		s += " at " + e.Square.String()
	}
	return s + ": " + e.Reason
}

// Unwrap returns ErrPosition, and ErrSetup for a fault of the placement.
func (e *PositionError) Unwrap() []error {
	if e.placement {
		return []error{ErrPosition, ErrSetup}
	}
	return []error{ErrPosition}
}

// ParseError is the error of a parser: what was parsed, the input, the
// byte offset where it went wrong, what was expected there, and the
// error that caused it when a part of the input failed a parser or a
// check of its own (the *[RulesError] of a position's rules, say). It
// unwraps to ErrSyntax and to the cause, so that both [errors.Is](err,
// ErrSyntax) and errors.Is(err, ErrRules) hold for bad rules in a
// position.
type ParseError struct {
	What  string // what was parsed: "square", "move", "setup", …
	Input string // the text given to the parser
	Pos   int    // the byte offset in Input where parsing failed
	Want  string // what the parser expected at Pos
	Err   error  // the cause, or nil
}

// quoteMax is the most of an input that an error message quotes.
const quoteMax = 120

// Error returns a message that names what was parsed, where, what was
// expected there and the cause. For an input of one line it quotes the
// input (at most 120 bytes of it, around the offset for a longer one)
// and gives the byte offset: `stratego: parsing square "k1": at offset
// 0: want …`. For an input of several lines (a record, a Gravon file)
// it gives the line and column of [ParseError.LineColumn] and quotes
// only that line: `stratego: parsing record, line 9, column 4: "1.
// j4-j5 …": want a from-square`.
func (e *ParseError) Error() string {
	if !strings.Contains(e.Input, "\n") {
		return e.message(errPrefix+"parsing "+e.What+" "+quoteAround(e.Input, e.Pos)+": at offset "+strconv.Itoa(e.Pos), 0)
	}
	line, _ := e.LineColumn()
	return e.message(errPrefix+"parsing "+e.What, line)
}

// message returns head, then, for a line above 0, the line number,
// the column and that line of the input quoted, then what was wanted
// and the cause.
func (e *ParseError) message(head string, line int) string {
	msg := head
	if line > 0 {
		_, col := e.LineColumn()
		msg += ", line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
		if text, at := e.lineText(); text != "" {
			msg += ": " + quoteAround(text, at)
		}
	}
	msg += ": want " + e.Want
	if e.Err != nil {
		msg += ": " + causeText(e.Err)
	}
	return msg
}

// LineColumn returns where in Input parsing failed as a line and a
// column, both counted from 1: the line after as many line feeds as
// precede the offset, the column in characters (runes) from the start
// of that line. An offset out of Input counts as its nearest end.
func (e *ParseError) LineColumn() (line, column int) {
	pos := min(max(e.Pos, 0), len(e.Input))
	before := e.Input[:pos]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// lineText returns the line of Input that holds the offset, without its
// line end, and the offset within it.
func (e *ParseError) lineText() (text string, at int) {
	pos := min(max(e.Pos, 0), len(e.Input))
	start := strings.LastIndexByte(e.Input[:pos], '\n') + 1
	end := len(e.Input)
	if i := strings.IndexByte(e.Input[pos:], '\n'); i >= 0 {
		end = pos + i
	}
	text = strings.TrimSuffix(e.Input[start:end], "\r")
	return text, min(pos-start, len(text))
}

// quoteAround returns s quoted, or for a long s the part of it around
// byte offset pos (cut at rune boundaries), with "…" where it is cut.
func quoteAround(s string, pos int) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	lo := min(max(pos-quoteMax/3, 0), len(s)-quoteMax)
	hi := lo + quoteMax
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo--
	}
	for hi < len(s) && !utf8.RuneStart(s[hi]) {
		hi--
	}
	q := strconv.Quote(s[lo:hi])
	if lo > 0 {
		q = "…" + q
	}
	if hi < len(s) {
		q += "…"
	}
	return q
}

// Unwrap returns ErrSyntax and the cause, if any.
func (e *ParseError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrSyntax}
	}
	return []error{ErrSyntax, e.Err}
}

func parseErr(what, input string, pos int, want string) error {
	return &ParseError{What: what, Input: input, Pos: pos, Want: want}
}

// parseErrCause is parseErr with the error that caused it.
func parseErrCause(what, input string, pos int, want string, cause error) error {
	return &ParseError{What: what, Input: input, Pos: pos, Want: want, Err: cause}
}

// errPrefix starts the message of every error of the package, once.
const errPrefix = "stratego: "

// causeText returns the message of err without the package's prefix,
// for the message of an error that wraps err and states the prefix
// itself ("<nil>" for nil, as fmt writes it).
func causeText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), errPrefix)
}

// wrapError wraps a sentinel and the error that caused it.
type wrapError struct {
	msg  string
	errs [2]error
}

func (e *wrapError) Error() string   { return e.msg }
func (e *wrapError) Unwrap() []error { return e.errs[:] }

// wrap returns an error that wraps both sentinel and cause, with the
// message "<sentinel>: <cause>" holding the package prefix once (as
// fmt.Errorf("%w: %w", sentinel, cause) would not).
func wrap(sentinel, cause error) error {
	return &wrapError{msg: sentinel.Error() + ": " + causeText(cause), errs: [2]error{sentinel, cause}}
}

// invalidErr returns err wrapping [ErrInvalid]: err itself when it
// does, or err wrapped with it (nil for nil). The AppendText methods of
// composite values use it for the errors of their parts.
func invalidErr(err error) error {
	if err != nil && !errors.Is(err, ErrInvalid) {
		return wrap(ErrInvalid, err)
	}
	return err
}
