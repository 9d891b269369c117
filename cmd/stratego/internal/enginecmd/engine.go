// Package enginecmd is the engine subcommand of the stratego command: it
// runs a built-in player as an engine on standard input and output, in
// the package referee's SBP/1 protocol or in the UCC 2012 evaluator's,
// so that any referee can use it: "stratego match", or the original UCC
// manager.
//
// Usage:
//
//	stratego engine [-protocol sbp|ucc] [-bot NAME] [-seed N]
//	         [-rules TEXT] [-movetime D] [-overhead D]
//
// -bot names the built-in player (bot.Names); by default the strongest,
// the one the other commands play.
// -seed seeds it (0: from the clock). Over SBP the referee sends the
// rules; over UCC the wire carries none, so the engine plays under
// -rules, or else the rules text in the environment variable
// STRATEGO_RULES (which "stratego match" sets for its UCC engines), or
// else the UCC 2012 manager's rules (Classic without the repetition
// rules). -movetime bounds the time of a move when the referee does not
// say (the UCC wire never does). -overhead is the player's move overhead
// (bot.Options.MoveOverhead): the time of each move it keeps back for the
// machine, the pipe and the referee (0: the player's default).
//
// The UCC manager starts a bot by its path with no arguments, so it needs
// a one-line wrapper script to run this engine, for example:
//
//	#!/bin/sh
//	exec stratego engine -protocol ucc -bot random
//
// Problems the engine meets (a message it cannot read, a board that
// differs from its own view) are written to standard error.
package enginecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/referee"
)

// stderr receives the usage text and the engine's log.
var stderr io.Writer = os.Stderr

// Run runs the subcommand: the engine reads the referee from in and
// answers on out.
func Run(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego engine [flags]\n\nRun a built-in player as an engine on standard input and output.\n\nFlags:")
		fs.PrintDefaults()
	}
	protocol := fs.String("protocol", "sbp", "the protocol: sbp (SBP/1) or ucc (the UCC 2012 evaluator's)")
	name := fs.String("bot", cli.StrongestBot(), "the built-in player: one of "+strings.Join(bot.Names(), ", "))
	seed := fs.Uint64("seed", 0, "random seed of the player (0: from the clock)")
	rulesText := fs.String("rules", "", "the rules of UCC games (default: $STRATEGO_RULES, else the UCC 2012 rules)")
	moveTime := fs.Duration("movetime", time.Second, "time of a move when the referee does not say")
	overhead := fs.Duration("overhead", 0, "move overhead: time of each move kept back for the machine, the pipe and the referee (0: the player's default)")
	workers := fs.Int("workers", 1, "goroutines of the player's search (-1: one per core)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *workers < -1 || *workers == 0 {
		return fmt.Errorf("-workers %d: want 1 or more, or -1 for one per core", *workers)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	p, err := bot.New(*name, bot.Options{Seed: *seed, MoveOverhead: *overhead, Workers: *workers})
	if err != nil {
		return err
	}
	o := referee.ServeOptions{Name: "stratego-go " + *name, Author: "the stratego-go authors", MoveTime: *moveTime, Log: stderr}
	ctx := context.Background()
	switch *protocol {
	case "sbp":
		return quiet(referee.ServeSBP(ctx, in, out, p, o))
	case "ucc":
		text := *rulesText
		if text == "" {
			text = os.Getenv("STRATEGO_RULES")
		}
		if text != "" {
			r, err := stratego.ParseRules(text)
			if err != nil {
				return err
			}
			o.Rules = r
		}
		return quiet(referee.ServeUCC(ctx, in, out, p, o))
	}
	return fmt.Errorf("-protocol %q: want sbp or ucc", *protocol)
}

// quiet drops the error of a referee that went away (a closed pipe):
// the engine's work is over.
func quiet(err error) error {
	if errors.Is(err, os.ErrClosed) || errors.Is(err, io.ErrClosedPipe) {
		return nil
	}
	return err
}
