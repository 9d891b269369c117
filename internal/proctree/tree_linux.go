//go:build linux

package proctree

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Proc names a process by its pid and its start time, so that a pid
// the system gave to a new process is not taken for the old one.
type Proc struct {
	Pid   int
	start string
}

// procInfo reads a process's parent, state and start time from /proc.
func procInfo(pid int) (ppid int, state, start string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", "", false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, "", "", false
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 20 {
		return 0, "", "", false
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], f[19], true
}

// allProcs returns the parent of every process.
func allProcs() map[int]int {
	dirs, _ := os.ReadDir("/proc")
	parent := make(map[int]int, len(dirs))
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if ppid, _, _, ok := procInfo(pid); ok {
			parent[pid] = ppid
		}
	}
	return parent
}

// Descendants returns every live process below pid: its children, their
// children and so on, whatever process group or session they moved to.
func Descendants(pid int) []Proc {
	parent := allProcs()
	kids := map[int][]int{}
	for p, pp := range parent {
		kids[pp] = append(kids[pp], p)
	}
	var out []Proc
	queue := append([]int(nil), kids[pid]...)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if _, _, start, ok := procInfo(p); ok {
			out = append(out, Proc{p, start})
		}
		queue = append(queue, kids[p]...)
	}
	return out
}

// Kill kills the processes that still are the ones listed, each with
// its process group when it leads one.
func Kill(ps []Proc) {
	for _, p := range ps {
		if _, state, start, ok := procInfo(p.Pid); ok && start == p.start && state != "Z" {
			if pgid, err := syscall.Getpgid(p.Pid); err == nil && pgid == p.Pid {
				syscall.Kill(-p.Pid, syscall.SIGKILL)
			}
			syscall.Kill(p.Pid, syscall.SIGKILL)
		}
	}
}

// children returns this process's children, zombies included.
func children() []int {
	me := os.Getpid()
	var out []int
	for p, pp := range allProcs() {
		if pp == me {
			out = append(out, p)
		}
	}
	return out
}
