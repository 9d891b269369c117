package referee

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/stratego-go/stratego/internal/proctree"
)

// MaxLine is the longest line an engine may write, newline excluded; a
// longer one is a flood (ErrFlood).
const MaxLine = 64 << 10

// The defaults of Command.QuitWait and Command.WriteTime.
const (
	// DefaultQuitWait is how long an engine has to exit after it was
	// told the game is over (the UCC manager's 2 s), before it is
	// killed.
	DefaultQuitWait = 2 * time.Second
	// DefaultWriteTime bounds one write to an engine: an engine that
	// stops reading its input fills the pipe, and the write then fails
	// instead of hanging.
	DefaultWriteTime = 5 * time.Second
)

// Command is how to start an engine process.
type Command struct {
	// Args is the program and its arguments; Args[0] is looked up in
	// PATH when it has no slash.
	Args []string
	// Dir is the working directory ("" for the referee's).
	Dir string
	// Env is extra environment (KEY=value) on top of the referee's.
	Env []string
	// Stderr receives the engine's standard error (nil: discarded).
	Stderr io.Writer
	// QuitWait is the time the engine has to exit once its input is
	// closed at the end, before its process group is killed (zero:
	// DefaultQuitWait).
	QuitWait time.Duration
	// WriteTime bounds one write to the engine (zero:
	// DefaultWriteTime).
	WriteTime time.Duration
}

// proc is a running engine process: its input, its output read line by
// line with deadlines, and its process group.
type proc struct {
	fileConn
	cmd    *exec.Cmd
	waited chan struct{} // closed when the process has been waited for
	werr   error
	once   sync.Once
	mu     sync.Mutex // guards stop and tree
	stop   bool
	// quitWait is Command.QuitWait or its default.
	quitWait time.Duration
	// tree is the engine's descendants as markTree found them.
	tree []proctree.Proc
}

// markTree lists the processes below the engine now, for close to kill:
// the referee calls it when the game ends, before it tells the engine,
// which may then exit and leave its children to init before close
// looks.
func (p *proc) markTree() {
	d := proctree.Descendants(p.pid())
	p.mu.Lock()
	p.tree = d
	p.mu.Unlock()
}

// marked returns the processes markTree found.
func (p *proc) marked() []proctree.Proc {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tree
}

// start starts the engine. The process runs in its own process group,
// which is killed when ctx ends or when the proc is closed.
func start(ctx context.Context, c Command) (*proc, error) {
	if len(c.Args) == 0 || c.Args[0] == "" {
		return nil, errors.New("referee: empty engine command")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(c.Args[0], c.Args[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), c.Env...)
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = c.Stderr
	quitWait := cmp.Or(c.QuitWait, DefaultQuitWait)
	cmd.WaitDelay = quitWait
	setGroup(cmd)
	if err := proctree.StartEngine(cmd); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("referee: starting %q: %w", c.Args[0], err)
	}
	inR.Close()
	outW.Close()
	p := &proc{fileConn: fileConn{in: inW, out: outR, writeTime: c.WriteTime}, cmd: cmd, waited: make(chan struct{}), quitWait: quitWait}
	p.fileConn.exitErr = p.exitErr
	go func() {
		p.werr = cmd.Wait()
		proctree.EngineDone(cmd.Process.Pid)
		close(p.waited)
	}()
	go func() {
		select {
		case <-ctx.Done():
			p.kill()
		case <-p.waited:
		}
	}()
	return p, nil
}

// lineConn is a line channel to an engine: a process, or a pipe in tests.
type lineConn interface {
	writeLine(s string) error
	// readLine reads a line; the first byte by first, all of it by
	// full (zero times: no deadline).
	readLine(first, full time.Time) (string, error)
	pause(stop bool)
	close() error
}

// readCtx reads a line from conn by ctx's deadline, or with the first
// byte by first when first is set (UCC timing) and the rest by ctx's
// deadline.
func readCtx(ctx context.Context, conn lineConn, first time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("%w: %w", ErrTimeout, err)
	}
	full, _ := ctx.Deadline()
	if first.IsZero() {
		first = full
	}
	// A read with a deadline ends on its own; a read without one is
	// ended by ctx through a deadline in the past.
	if full.IsZero() {
		if ic, ok := conn.(interface{ interrupt() }); ok {
			stop := context.AfterFunc(ctx, ic.interrupt)
			defer stop()
		}
	}
	return conn.readLine(first, full)
}

// clip shortens a line for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// fileConn is a line channel over two pipes: in is the engine's input
// (our end), out its output.
type fileConn struct {
	in, out *os.File
	buf     []byte // bytes read but not yet returned
	eof     bool
	// exitErr describes the end of the output, given the reply's
	// deadline.
	exitErr func(deadline time.Time) error
	// writeTime bounds a write (zero: DefaultWriteTime).
	writeTime time.Duration
}

// writeLine writes one line (a newline is added).
func (p *fileConn) writeLine(s string) error {
	p.in.SetWriteDeadline(time.Now().Add(cmp.Or(p.writeTime, DefaultWriteTime)))
	_, err := p.in.Write(append([]byte(s), '\n'))
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("%w: engine does not read its input", ErrTimeout)
		}
		return fmt.Errorf("%w: writing: %w", ErrCrashed, err)
	}
	return nil
}

// readLine reads one line, without its newline. The first byte must come
// by first (zero: no deadline) and the whole line by full; a line longer
// than MaxLine is ErrFlood, the end of the output ErrCrashed.
func (p *fileConn) readLine(first, full time.Time) (string, error) {
	gotFirst := len(p.buf) > 0
	for {
		if i := bytes.IndexByte(p.buf, '\n'); i >= 0 {
			line := string(p.buf[:i])
			p.buf = p.buf[i+1:]
			return line, nil
		}
		if len(p.buf) > MaxLine {
			return "", fmt.Errorf("%w: a line of more than %d bytes", ErrFlood, MaxLine)
		}
		if p.eof {
			if len(p.buf) > 0 {
				line := string(p.buf)
				p.buf = p.buf[:0]
				return line, nil
			}
			if p.exitErr == nil {
				return "", fmt.Errorf("%w: closed its output", ErrCrashed)
			}
			if !gotFirst {
				return "", p.exitErr(first)
			}
			return "", p.exitErr(full)
		}
		deadline := full
		if !gotFirst {
			deadline = first
		}
		p.out.SetReadDeadline(deadline)
		var tmp [4096]byte
		n, err := p.out.Read(tmp[:])
		if n > 0 {
			gotFirst = true
			p.buf = append(p.buf, tmp[:n]...)
		}
		switch {
		case errors.Is(err, os.ErrDeadlineExceeded):
			return "", ErrTimeout
		case err != nil:
			p.eof = true
		}
	}
}

// exitErr describes the end of the engine's output: its exit status
// once it exits, waited for until the reply's deadline (the time the
// reply had anyway; none without a deadline), or that it closed its
// output and runs on.
func (p *proc) exitErr(deadline time.Time) error {
	closed := fmt.Errorf("%w: closed its output", ErrCrashed)
	if deadline.IsZero() {
		select {
		case <-p.waited:
		default:
			return closed
		}
	} else {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case <-p.waited:
		case <-t.C:
			return closed
		}
	}
	if p.werr != nil {
		return fmt.Errorf("%w: %w", ErrCrashed, p.werr)
	}
	return fmt.Errorf("%w: exit status 0", ErrCrashed)
}

// interrupt ends a read in progress (as a timeout).
func (p *fileConn) interrupt() { p.out.SetReadDeadline(time.Now()) }

// pause does nothing: a bare pipe has no process to stop.
func (p *fileConn) pause(bool) {}

// close closes both pipes.
func (p *fileConn) close() error {
	p.in.Close()
	return p.out.Close()
}

// pause stops the process group (SIGSTOP) or lets it go on (SIGCONT),
// where the system has signals.
func (p *proc) pause(stop bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop == stop {
		return
	}
	select {
	case <-p.waited:
		return
	default:
	}
	signalGroup(p.cmd, stop)
	p.stop = stop
}

// close ends the engine: its input is closed (after any last line the
// caller wrote), it has its quit wait to exit, then its process group is
// killed. It waits for the process.
func (p *proc) close() error {
	p.once.Do(func() {
		// Every process the engine started, listed while it runs: a
		// child that left the process group (setsid) is killed too.
		desc := append(proctree.Descendants(p.pid()), p.marked()...)
		p.pause(false)
		p.in.Close()
		select {
		case <-p.waited:
		case <-time.After(p.quitWait):
		}
		p.kill()
		<-p.waited
		proctree.Kill(desc)
		p.out.Close()
	})
	return nil
}

// kill kills the engine's process group (every process the engine
// started that stayed in it, even after the engine itself exited) and,
// on Linux, every process below the engine.
func (p *proc) kill() {
	desc := proctree.Descendants(p.pid())
	killGroup(p.cmd)
	proctree.Kill(desc)
}

// pid returns the engine's process id.
func (p *proc) pid() int { return p.cmd.Process.Pid }
