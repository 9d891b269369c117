//go:build !linux

package proctree

// Proc names a process; there is no process table to read here.
type Proc struct{ Pid int }

// Descendants knows no process tree outside Linux: the process group
// kill is all there is.
func Descendants(int) []Proc { return nil }

// Kill has nothing to kill.
func Kill([]Proc) {}

// children finds none.
func children() []int { return nil }
