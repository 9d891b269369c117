// Package ptytest opens pseudo-terminals for the tests of the stratego
// command: a test runs a subcommand with a terminal as its input and
// output, as a person at a terminal would, and talks to it through the
// master side.
package ptytest

import (
	"errors"
	"os"
)

// ErrNoPTY reports that the system offers no pseudo-terminal here.
var ErrNoPTY = errors.New("ptytest: no pseudo-terminal")

// Open opens a pseudo-terminal pair: what a program writes to the slave
// (a terminal) is read from the master, and what is written to the
// master is the slave's input, after the terminal's line discipline
// (echo, line editing). The caller closes both.
func Open() (master, slave *os.File, err error) { return open() }
