// Package referee runs games of Stratego between players: built-in
// players in the same program (bot.Player) and engines, child processes
// that speak a line protocol on their standard input and output. It
// enforces any stratego.Rules, keeps the clocks (a per-move limit and
// Fischer-style time controls), applies the illegal-move policy (forfeit,
// or a bounded retry for engines that ask for it), handles resignations
// and draw offers, and returns a Result with its Reason and the game
// record in the library's record format.
//
// Two protocols are spoken. SBP/1 (the package's own, specified in
// PROTOCOL.md next to this file) is line based, carries the rules in the
// library's text form, sets up simultaneously, and sends each player
// nothing but what its View holds: the view text itself before each move,
// the last move as the player saw it, the public clocks and the end of
// the game. UCC is the protocol of the UCC 2012 Stratego evaluator, byte
// for byte as its C++ manager speaks it: the setup exchange, the
// lock-step move lines with the own-move echo, the board lines of the
// bot's view, QUIT with the result line, first-byte timing and the
// optional SIGSTOP of the idle engine. ProfileUCC2012 with UCC2012Rules
// reproduces the manager's end of game (attrition by movable piece types,
// stratego.Rules.Attrition; a walled-in side still asked to move; the turn
// cap with its off-by-one), and WriteUCCLog writes the manager's -o log
// of a game.
//
// The other direction is there too: ServeSBP and ServeUCC run a
// bot.Player as an engine on a reader and a writer, so that any referee
// (this one, or the original UCC manager) can use it; the command
// "stratego engine" wraps them.
//
// A referee never hangs on an engine: every read has a deadline, a line
// has a maximum length, writes to an engine that does not read time out,
// and an engine that crashes, stalls, floods its output, writes garbage
// or ignores quit is killed, with its process group and (on Linux) every
// process below it, and the game is scored against it with a clear
// Reason. An engine that fails its start or its handshake (NotStarted)
// or its setup loses the game the same way; only a game neither side
// could start is not played. No process an engine started outlives
// Game.Play, but for one that left the engine's process group and whose
// engine exited before the game ended, out of the referee's sight: it
// runs on under init or, in a program that made itself a child
// subreaper (Linux, prctl(PR_SET_CHILD_SUBREAPER)), as that program's
// child, for the program to kill (stratego match does, after each
// game).
//
// Every game has a record, however it ended: one that ended in its
// setup phase has no moves and the legal setups only (stratego.Record
// allows that). Besides Red, Blue and Game.Tags, a record carries the
// Referee tag (TagReferee) for an end that its Result and Termination
// do not say (a fault, shown as the loser's resignation, or an abort,
// with result "*"), and the Sent tag (TagSent) with the reply that
// ended the game. The UCC log of a game (WriteUCCLog) names the same
// end.
//
// A Game is played by one goroutine; games run in parallel each with
// their own seats.
package referee
