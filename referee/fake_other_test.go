//go:build !unix

package referee

import (
	"os"
	"syscall"
)

// newSession has no sessions to make here.
func newSession() *syscall.SysProcAttr { return nil }

// killPid kills a process.
func killPid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
