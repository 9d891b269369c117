package matchcmd

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/stratego-go/stratego/cmd/stratego/internal/enginecmd"
)

// The test binary is also a misbehaving engine: with asFake set to a
// mode it speaks just enough SBP/1 or UCC to fail where the mode says.
//
//	silent       write nothing, ever (SBP: the handshake times out)
//	garbage      answer "sbp 1" with "hello there"
//	longline     answer "sbp 1" with a line of 70,000 bytes
//	early        write a banner at once, before the handshake
//	badsetup     an SBP handshake, then the setup "setup 123"
//	setupsilent  an SBP handshake, then no setup
//	uccsilent    a UCC bot that never sends its setup
//	uccgarbage   a UCC bot that sends the setup rows "hello"
//	stall:DIR    a real SBP engine that first starts a sleeper in a
//	             session of its own (setsid), writes both pids into DIR,
//	             and never moves (it plays setups only)
//	orphan:DIR   start a sleeper in a session of its own, write its pid
//	             into DIR and exit at once (the sleeper is orphaned);
//	             first, for each sleeper of an earlier game still
//	             alive, write a file late-PID into DIR
//
// A "sleep" mode just sleeps (the sleeper).
const asFake = "MATCHCMD_TEST_FAKE"

// runFake is the fake engine's main.
func runFake(mode string) int {
	mode, arg, _ := strings.Cut(mode, ":")
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	say := func(s string) { fmt.Fprintln(os.Stdout, s) }
	handshake := func() {
		for in.Scan() {
			switch strings.Fields(in.Text() + " x")[0] {
			case "sbp":
				say("id name fake")
				say("sbpok")
			case "isready":
				say("readyok")
				return
			}
		}
	}
	switch mode {
	case "sleep":
		time.Sleep(time.Hour)
	case "silent", "uccsilent":
		io.Copy(io.Discard, os.Stdin)
	case "garbage":
		in.Scan()
		say("hello there")
		io.Copy(io.Discard, os.Stdin)
	case "longline":
		in.Scan()
		say(strings.Repeat("x", 70000))
		io.Copy(io.Discard, os.Stdin)
	case "early":
		say("Fake Engine 1.0 (c) nobody")
		io.Copy(io.Discard, os.Stdin)
	case "badsetup", "setupsilent":
		handshake()
		for in.Scan() {
			switch strings.Fields(in.Text() + " x")[0] {
			case "newgame":
				say("accept")
			case "setup":
				if mode == "badsetup" {
					say("setup 123")
				}
			}
		}
	case "uccgarbage":
		in.Scan()
		for range 4 {
			say("hello")
		}
		io.Copy(io.Discard, os.Stdin)
	case "orphan":
		files, _ := filepath.Glob(filepath.Join(arg, "orphan-*"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			if pid, _ := strconv.Atoi(string(b)); pid > 0 && alive(pid) {
				os.WriteFile(filepath.Join(arg, "late-"+string(b)), nil, 0o644)
			}
		}
		sleeper := exec.Command(os.Args[0])
		sleeper.Env = append(os.Environ(), asFake+"=sleep")
		sleeper.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := sleeper.Start(); err != nil {
			return 5
		}
		pid := strconv.Itoa(sleeper.Process.Pid)
		os.WriteFile(filepath.Join(arg, "orphan-"+pid), []byte(pid), 0o644)
		return 3
	case "stall":
		sleeper := exec.Command(os.Args[0])
		sleeper.Env = append(os.Environ(), asFake+"=sleep")
		sleeper.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := sleeper.Start(); err != nil {
			return 5
		}
		pids := strconv.Itoa(os.Getpid()) + " " + strconv.Itoa(sleeper.Process.Pid)
		os.WriteFile(filepath.Join(arg, "pids-"+strconv.Itoa(os.Getpid())), []byte(pids), 0o644)
		// A real engine that never answers "go": it ignores everything
		// after its setup.
		r, w := io.Pipe()
		go func() {
			for in.Scan() {
				if strings.HasPrefix(in.Text(), "go") {
					time.Sleep(time.Hour)
				}
				fmt.Fprintln(w, in.Text())
			}
			w.Close()
		}()
		if err := enginecmd.Run([]string{"-protocol", "sbp", "-bot", "random", "-seed", "1"}, r, os.Stdout); err != nil {
			return 2
		}
	}
	return 0
}
