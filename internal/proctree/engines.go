package proctree

import (
	"os/exec"
	"sync"
)

// engines are the engine processes started and not yet waited for, by
// pid. Its lock is held while an engine starts and while Orphans runs,
// so that a process Orphans sees is either recorded or no engine.
var engines = struct {
	sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// StartEngine starts cmd and records its process as an engine until
// EngineDone.
func StartEngine(cmd *exec.Cmd) error {
	engines.Lock()
	defer engines.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	engines.pids[cmd.Process.Pid] = true
	return nil
}

// EngineDone forgets an engine that StartEngine started, once it has
// been waited for.
func EngineDone(pid int) {
	engines.Lock()
	delete(engines.pids, pid)
	engines.Unlock()
}

// Orphans calls f with the program's child processes that are not
// engines (none outside Linux): in a child subreaper whose children are
// all engines, the processes that engines left behind. No engine starts
// or is forgotten while f runs, so f may kill and wait for them.
func Orphans(f func(pids []int)) {
	engines.Lock()
	defer engines.Unlock()
	var left []int
	for _, pid := range children() {
		if !engines.pids[pid] {
			left = append(left, pid)
		}
	}
	f(left)
}
