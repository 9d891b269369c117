//go:build !unix

package referee

import "os/exec"

// setGroup does nothing where there are no process groups.
func setGroup(cmd *exec.Cmd) {}

// killGroup kills the engine process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// signalGroup does nothing where there are no stop signals.
func signalGroup(cmd *exec.Cmd, stop bool) {}
