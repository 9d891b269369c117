// Package cli holds what the subcommands of the stratego command share:
// the error that asks for exit status 1, writing files safely, and
// gathering the files that command-line paths name.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/internal/words"
)

// Failure is an error after which the command ran to its end but some of
// its work failed (a perft row that differs, a game file that does not
// replay): the stratego command exits with status 1 for it (or Status,
// when set), and 2 for any other error (bad flags or input).
type Failure struct {
	Msg    string
	Status int // the exit status; 0 means 1
}

// ExitStatus returns the exit status of the failure: Status, or 1.
func (f *Failure) ExitStatus() int {
	if f.Status == 0 {
		return 1
	}
	return f.Status
}

// Error returns the message.
func (f *Failure) Error() string { return f.Msg }

// Exit returns the exit status of the subcommand name that returned err,
// and writes err in words to errOut as "stratego NAME: message": 0 (and
// nothing written) for no error or a request for help (flag.ErrHelp),
// a Failure's ExitStatus, and 2 for any other error.
func Exit(name string, err error, errOut io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintln(errOut, "stratego "+name+":", words.Error(err))
	if f := (*Failure)(nil); errors.As(err, &f) {
		return f.ExitStatus()
	}
	return 2
}

// CheckWritable reports whether a file can be written at path before a
// long job starts: path is not a directory, and a file can be made in its
// directory (the probe is removed again).
func CheckWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	name := f.Name()
	return errors.Join(f.Close(), os.Remove(name))
}

// WriteFileAtomic writes data to a new file beside path and renames it
// over path, so that path holds either the old or the new text, never a
// part of one, whenever the program stops.
func WriteFileAtomic(path string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// strength lists the built-in players from the strongest down.
var strength = []string{"search", "greedy", "random"}

// StrongestBot returns the name of the strongest built-in player of
// package bot, the default opponent of play and the default players of
// watch: the first of a known order that bot.Names lists, or else the
// first name it lists.
func StrongestBot() string {
	names := bot.Names()
	for _, n := range strength {
		if slices.Contains(names, n) {
			return n
		}
	}
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// ErrInterrupted is the cause of the end of a command that SIGINT or
// SIGTERM stopped (Interruptible).
var ErrInterrupted = errors.New("interrupted")

// Interruptible returns a context that ends at the first SIGINT or
// SIGTERM, its cause wrapping ErrInterrupted and naming the signal
// ("interrupted by SIGTERM", SignalName); from
// then on the signals have their default effect again, so that a second
// one kills the program at once. stop releases the signals.
func Interruptible() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			cancel(fmt.Errorf("%w by %s", ErrInterrupted, SignalName(sig)))
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(sigs)
		cancel(nil)
	}
}

// SignalName is the name of a signal as a person reads it in a log or a
// batch system's documentation: SIGINT, SIGTERM, SIGHUP; another signal
// by Go's description of it.
func SignalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// ParamNames returns the names of the settings ps (bot.SearchParams or a
// part of it), in their order.
func ParamNames(ps []bot.SearchParam) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

// Gather expands command-line paths into files: a file as given, a
// directory walked (its subdirectories too) for the files whose path
// keep accepts, in lexical order.
func Gather(args []string, keep func(path string) bool) ([]string, error) {
	var paths []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			paths = append(paths, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && keep(p) {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return paths, nil
}
