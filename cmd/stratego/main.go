// Command stratego is the one program of the stratego module: its
// subcommands play, watch, referee and analyse games of Stratego on the
// library github.com/stratego-go/stratego.
//
// Usage:
//
//	stratego <command> [flags] [arguments]
//
// The commands are listed by "stratego help"; "stratego help COMMAND" or
// "stratego COMMAND -h" prints the flags of one. With no command, stratego
// runs "watch": a full game between two built-in players, shown with a
// legend and every combat in words; "stratego play" plays against one.
//
// The exit status is 0 on success, 1 when a command ran to its end but
// some of its work failed (a perft count that differs, a game file that
// does not replay), and 2 for bad flags or input.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/enginecmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/gravoncmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/matchcmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/perftcmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/playcmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/reportcmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/servecmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/staticcmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/tunecmd"
	"github.com/stratego-go/stratego/cmd/stratego/internal/watchcmd"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, in io.Reader, out io.Writer) error
}

// commands lists the subcommands in the order "stratego help" prints them.
var commands = []command{
	{"watch", "play a full game between two built-in players and show it", watchcmd.Run},
	{"play", "play a game against a built-in player in the terminal", playcmd.Run},
	{"perft", "count legal-move trees; run the perft suite", func(args []string, _ io.Reader, out io.Writer) error {
		return perftcmd.Run(args, out)
	}},
	{"serve", "serve the web game: play against a bot or a person, watch, replay", servecmd.Run},
	{"static", "write the web game as a static site, the bot playing in the browser (WebAssembly)", staticcmd.Run},
	{"gravon", "read, check and convert Gravon archive game files", func(args []string, _ io.Reader, out io.Writer) error {
		return gravoncmd.Run(args, out)
	}},
	{"match", "play a round-robin tournament between built-in players and engines", matchcmd.Run},
	{"engine", "run a built-in player as an engine (SBP/1 or UCC 2012) on standard input and output", enginecmd.Run},
	{"tune", "tune the search player's settings by self-play (SPSA) at a fixed node budget", tunecmd.Run},
	{"report", "report how each player's games ended and how it lost its pieces, from game records", reportcmd.Run},
}

// defaultCommand runs when no command is named.
const defaultCommand = "watch"

func main() {
	tuneGC(os.Getenv)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// gcPercent is the garbage collector's target of the command (GOGC) when
// the environment sets none. A search allocates about a megabyte for each
// millisecond it runs (the chase boards of the states it plays) while it
// keeps only a few megabytes, so at Go's default of 100 it is collected
// every few milliseconds. Every collection stops all the goroutines twice,
// and on a busy machine a stop lasts until each of the process's running
// threads is given a processor again: a pause the search cannot see
// coming, which may make a move late. At 800 the heap grows to at least
// 32 MB between collections, about ten times fewer of them.
const gcPercent = 800

// tuneGC sets the garbage collector's target to gcPercent unless the
// environment (getenv) sets GOGC. It returns the target before, or -2
// when it left it alone.
func tuneGC(getenv func(string) string) int {
	if getenv("GOGC") != "" {
		return -2
	}
	return debug.SetGCPercent(gcPercent)
}

// run runs the command line args and returns the exit status.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		usage(out)
		return 0
	}
	name := defaultCommand
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		return help(args, in, out, errOut)
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(errOut, "stratego: unknown command %q\n", name)
		usage(errOut)
		return 2
	}
	return cli.Exit(c.name, c.run(args, in, out), errOut)
}

// lookup finds a command by name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// help prints the list of commands, or the flags of one.
func help(args []string, in io.Reader, out, errOut io.Writer) int {
	if len(args) == 0 {
		usage(out)
		return 0
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(errOut, "stratego help: unknown command %q\n", args[0])
		usage(errOut)
		return 2
	}
	if err := c.run([]string{"-h"}, in, out); err != nil && !errors.Is(err, flag.ErrHelp) {
		return 2
	}
	return 0
}

// usage prints the command list.
func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: stratego <command> [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The commands are:")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "\t%s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintln(w, `"stratego help COMMAND" or "stratego COMMAND -h" shows the flags of a command.`)
	fmt.Fprintf(w, "With no command, stratego runs %q.\n", defaultCommand)
}
