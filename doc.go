// Package stratego is a rules engine for the board game Stratego: immutable
// game states, exact move legality including the tournament Two-Squares and
// More-Squares rules, combat resolution, variants and house rules as plain
// settings, setups, and the Gravon archive's text forms.
//
// # Tour
//
// A game is played under [Rules], a plain comparable struct. Presets are
// functions that return a fresh value: [Classic] (ISF rules), [Gravon],
// [Barrage], [Duel], [DuelHasbro], [UltimateLightning], [QuickBattle] and
// [Vintage]. Change any field for a house rule and check the result with
// [Rules.Validate].
//
// Each side places its army with a [Setup], written from its owner's chair
// (a1 is the owner's back-left corner, for Blue too): [ParseSetup] reads
// its one-line text form, [RandomSetup] draws one, [Rules.CheckSetup]
// says what is wrong with one. [New] starts a game from two setups;
// [FromBoard] starts one from any placement, for puzzles, endgame studies
// and analysis.
//
// A [State] is a position together with everything that decides what may
// happen next. [State.LegalMoves] yields the legal moves (an iter.Seq),
// [State.AppendLegalMoves] appends them without allocating,
// [State.Check] says why a move is illegal with an error wrapping a
// sentinel such as [ErrBlocked] or [ErrTwoSquares], and [State.Apply]
// returns the next state and an [Event]: what moved, the ranks and
// result of a combat ([Resolve] decides it, RULES.md section 5), and the
// [Outcome] after the move. [State.Resign] and [State.AgreeDraw] end a
// game by agreement.
//
// # Rules followed
//
// The package implements the rules reference of the project (RULES.md):
// the 10×10 board with two lakes, the 40-piece army, Red moving first,
// scouts sliding and striking at distance, combat in the order flag, bomb,
// spy against marshal, strength, ties removing both; a game ends when a
// flag is taken, when the side to move has no legal move (it loses, or the
// game is drawn when the other side has no movable piece either), by
// resignation, agreed draw, or a move cap, checked in that order after each
// ply.
//
// The Two-Squares Rule (Rules.TwoSquares, 3 in Classic) is the boundary
// form: a player's run is his consecutive moves with one piece (followed by
// identity), and a move is illegal if a square boundary it crosses was
// crossed by each of the last N moves of the run; scout slides cross every
// boundary on their path, and attacks count like moves. The More-Squares
// Rule (Rules.MoreSquares) forbids a chasing move that recreates a board
// already reached in the current chase (boards compared by rank and color
// on each square), except the chaser's return to the square it just left.
// A player whose only moves are forbidden by these rules has no legal move
// and loses. Both rules are reproduced exactly against an independent
// implementation on a perft suite of 29 positions.
//
// # Hidden information
//
// [State] holds the full truth. [State.Knowledge] says what the opponent
// has learned about a piece: its rank shown in combat, that it has moved
// (so it is no bomb or flag), that it once moved more than one square (so
// it is a scout).
//
// # Concurrency
//
// A State is an immutable value: no method changes it, [State.Apply]
// returns a new one, and the histories that states share are never
// written after they are made. Any number of goroutines may read one State
// at once without locking.
//
// # Errors
//
// Bad input is reported, never a panic: every error wraps a sentinel
// ([ErrInvalid], [ErrSyntax], [ErrRules], [ErrSetup], and the move errors
// [ErrGameOver], [ErrNoPiece], [ErrBlocked], [ErrTwoSquares],
// [ErrMoreSquares], …) so that [errors.Is] works, and the typed errors
// [MoveError], [RulesError], [SetupError] and [ParseError] carry the
// context. Functions named Must… panic and are meant for tests and
// examples.
//
// # Performance
//
// Move generation and Apply of an ordinary move do not allocate. A State
// is a compact value of fixed-size arrays (a padded 12×12 mailbox, a piece
// table and bitboards); only the More-Squares chase history is an
// immutable shared list, grown by a chasing move.
package stratego
