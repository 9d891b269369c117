//go:build !linux

package ptytest

import "os"

func open() (master, slave *os.File, err error) { return nil, nil, ErrNoPTY }
