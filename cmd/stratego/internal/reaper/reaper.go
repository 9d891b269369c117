// Package reaper makes the match command a child subreaper and kills
// what its engines left behind. It acts on the whole process: every
// child process of the program that is not a running engine is killed,
// which only a program whose children are all engines may do.
package reaper

import (
	"fmt"

	"github.com/stratego-go/stratego/internal/proctree"
)

// Subreaper makes the program a child subreaper (Linux,
// prctl(PR_SET_CHILD_SUBREAPER)): a process that an engine started and
// left behind, in a session of its own (setsid) or after the engine
// exited, becomes the program's child instead of init's, for Reap to
// kill. Elsewhere it returns an error wrapping errors.ErrUnsupported,
// and what is left is the referee's process group kill (and, without
// process groups, the kill of the engine itself).
func Subreaper() error {
	if err := setSubreaper(); err != nil {
		return fmt.Errorf("becoming a child subreaper: %w", err)
	}
	return nil
}

// Reap kills and waits for every child process of the program that is
// not a running engine, and returns how many there were: after
// Subreaper, the processes that engines left behind. It does nothing
// outside Linux.
func Reap() int {
	n := 0
	proctree.Orphans(func(pids []int) {
		for _, pid := range pids {
			killAndReap(pid)
		}
		n = len(pids)
	})
	return n
}
