//go:build !linux

package reaper

import "errors"

// setSubreaper is Linux only.
func setSubreaper() error { return errors.ErrUnsupported }

// killAndReap is never called outside Linux (proctree.Orphans finds no
// process there).
func killAndReap(int) {}
