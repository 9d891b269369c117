//go:build unix

package referee

import "syscall"

// newSession is the process attributes of a child in a session of its
// own (setsid).
func newSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
