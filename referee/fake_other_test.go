//go:build !unix

package referee

import "syscall"

// newSession has no sessions to make here.
func newSession() *syscall.SysProcAttr { return nil }
