//go:build !linux

package referee

import "errors"

// procID names a process; there is no process table to read here.
type procID struct{ pid int }

// descendants knows no process tree outside Linux: the process group
// kill is all there is.
func descendants(int) []procID { return nil }

// killProcs has nothing to kill.
func killProcs([]procID) {}

// setSubreaper is Linux only.
func setSubreaper() error { return errors.ErrUnsupported }

// orphans finds none.
func orphans(func(int) bool) []int { return nil }

// killAndReap is never called outside Linux.
func killAndReap(int) {}
