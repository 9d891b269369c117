//go:build unix

package referee

import (
	"os/exec"
	"syscall"
)

// setGroup puts the engine in a process group of its own.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Process.Kill()
	}
}

// signalGroup stops or continues the engine's process group.
func signalGroup(cmd *exec.Cmd, stop bool) {
	if cmd.Process == nil {
		return
	}
	sig := syscall.SIGCONT
	if stop {
		sig = syscall.SIGSTOP
	}
	syscall.Kill(-cmd.Process.Pid, sig)
}
