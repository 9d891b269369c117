//go:build linux

package reaper

import "syscall"

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

// setSubreaper makes this process a child subreaper.
func setSubreaper() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return e
	}
	return nil
}

// killAndReap kills a child and waits for it.
func killAndReap(pid int) {
	syscall.Kill(pid, syscall.SIGKILL)
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(pid, &ws, 0, nil)
		if err != syscall.EINTR {
			return
		}
	}
}
