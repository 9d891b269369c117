// Package cli holds what the subcommands of the stratego command share:
// the error that asks for exit status 1.
package cli

// Failure is an error after which the command ran to its end but some of
// its work failed (a perft row that differs, a game file that does not
// replay): the stratego command exits with status 1 for it, and 2 for
// any other error (bad flags or input).
type Failure struct{ Msg string }

// Error returns the message.
func (f *Failure) Error() string { return f.Msg }
