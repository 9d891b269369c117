// Package servecmd is the serve subcommand of the stratego command: the
// web application of package web. A person plays in the browser against
// a built-in player, or against another person who opens an invitation
// link; spectators watch through a third link.
//
// Usage:
//
//	stratego serve [-addr 127.0.0.1:8080] [-data DIR] [-wasm DIR] [limits]
//
// It prints the address to open and serves until interrupted (Ctrl-C or
// SIGTERM, which shut it down gracefully: requests in flight finish).
// Everything the pages need is in the binary.
//
// With -data DIR every game is a file in DIR, rewritten atomically on
// every change before the change is answered; a restart (after a crash
// or kill -9 too) takes every game up again where it was, with the same
// links, and finished games stay there to be looked at and downloaded
// until the files are removed. Without -data the games are in memory
// only, and the server says so when it starts.
//
// With -wasm DIR the server also serves the WebAssembly engine of the
// JavaScript package from DIR (stratego.wasm and wasm_exec.js, as "npm
// run build" leaves them in the checkout's js folder): the start page
// then offers a game against the bot that runs in the browser, engine
// and bot, with no request to the server after the page has loaded.
// "stratego static" writes the same page as a static site.
//
// The limits (see -h): at most -max-games live games, -client-games of
// them by one client (remote address), which may make -create-rate
// games a minute in bursts of -create-burst (beyond: 429 with
// Retry-After); a finished game leaves the live games at once; a live
// game expires -idle after its last change or -max-age after it was
// made; every game is drawn after -max-plies plies; a bot thinks at most
// -max-think a move; at most -max-conns connections are open at once,
// -client-conns of them of one client, which may have -client-polls
// requests waiting for a change (long polls, event streams); a request
// must arrive within -read-timeout (body included).
//
// A game file of -data that cannot be read is renamed FILE.corrupt and
// named when the server starts; the other games are served.
//
// The exit status is 2 for bad flags or an address that cannot be
// listened on.
package servecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/stratego-go/stratego/js"
	"github.com/stratego-go/stratego/web"
)

// stderr receives the usage text of -h and of bad flags, and the
// server's error log.
var stderr io.Writer = os.Stderr

// Run runs the subcommand until an interrupt or a termination signal.
func Run(args []string, _ io.Reader, out io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Serve(ctx, args, out)
}

// Serve runs the subcommand until ctx ends, then shuts the server down.
func Serve(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the `address` to listen on (host:port; port 0 picks a free one)")
	data := fs.String("data", "", "keep every game in the `directory` (made if missing), so that a restart loses nothing; without it games are in memory only")
	wasm := fs.String("wasm", "", "serve the WebAssembly engine from the `directory` (stratego.wasm and wasm_exec.js: npm run build in js/), so the page can play the bot in the browser")
	var cfg web.Config
	fs.IntVar(&cfg.MaxGames, "max-games", 500, "the most live games (not over) held at once")
	fs.IntVar(&cfg.ClientGames, "client-games", 10, "the most live games of one client (remote address)")
	fs.IntVar(&cfg.CreatePerMinute, "create-rate", 10, "the games one client may make a minute")
	fs.IntVar(&cfg.CreateBurst, "create-burst", 10, "the games one client may make at once before the rate applies")
	fs.IntVar(&cfg.MaxRecords, "max-records", 1000, "the finished games kept in memory (with -data, the others are read back from disk)")
	fs.DurationVar(&cfg.MaxAge, "max-age", 24*time.Hour, "a live game expires this long after it was made")
	fs.DurationVar(&cfg.IdleAge, "idle", 2*time.Hour, "a live game expires this long after its last change")
	fs.IntVar(&cfg.MaxPlies, "max-plies", 4000, "draw every game after this many plies")
	fs.DurationVar(&cfg.MaxThink, "max-think", 5*time.Second, "the longest think time per move a game may give its bot")
	fs.IntVar(&cfg.MaxConns, "max-conns", 1000, "the most connections open at once (more wait to be accepted)")
	fs.IntVar(&cfg.ClientConns, "client-conns", 100, "the most connections of one client (remote address) open at once (more are answered 503)")
	fs.IntVar(&cfg.ClientPolls, "client-polls", 20, "the most requests of one client waiting for a change at once, long polls and event streams (more are answered 429)")
	fs.DurationVar(&cfg.ReadTimeout, "read-timeout", 10*time.Second, "the time a client has to send a whole request, body included")
	fs.DurationVar(&cfg.WriteTimeout, "write-timeout", 40*time.Second, "the time an answer may take, a waiting state request included (it waits at most half of this)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego serve [flags]")
		fmt.Fprintln(fs.Output(), "Serves the web game (play against a bot or a person, watch, replay) until interrupted.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	for _, n := range []int{cfg.MaxGames, cfg.ClientGames, cfg.CreatePerMinute, cfg.CreateBurst, cfg.MaxRecords, cfg.MaxPlies, cfg.MaxConns, cfg.ClientConns, cfg.ClientPolls} {
		if n <= 0 {
			return errors.New("-max-games, -client-games, -create-rate, -create-burst, -max-records, -max-plies, -max-conns, -client-conns and -client-polls must be positive")
		}
	}
	for _, d := range []time.Duration{cfg.MaxAge, cfg.IdleAge, cfg.MaxThink, cfg.ReadTimeout, cfg.WriteTimeout} {
		if d <= 0 {
			return errors.New("-max-age, -idle, -max-think, -read-timeout and -write-timeout must be positive")
		}
	}
	cfg.Log = log.New(stderr, "", log.LstdFlags)
	if *wasm != "" {
		for _, name := range []string{js.WasmFile, js.ExecFile} {
			if _, err := os.Stat(filepath.Join(*wasm, name)); err != nil {
				return fmt.Errorf("-wasm: %w (npm run build in js/ makes it)", err)
			}
		}
		cfg.Wasm = os.DirFS(*wasm)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	var app *web.Server
	if *data != "" {
		if app, err = web.Open(*data, cfg); err != nil {
			ln.Close()
			return err
		}
		fmt.Fprintf(out, "stratego serve: games are kept in %s (%d live)\n", *data, app.Games())
		if bad := app.Quarantined(); len(bad) > 0 {
			fmt.Fprintf(out, "stratego serve: %d game file(s) could not be read and were moved aside (the log says why): %s\n", len(bad), strings.Join(bad, ", "))
		}
	} else {
		app = web.New(cfg)
		fmt.Fprintln(out, "stratego serve: games are kept in memory only: a restart loses them (-data DIR keeps them)")
	}
	if cfg.Wasm != nil {
		fmt.Fprintf(out, "stratego serve: the page can play the bot in the browser (the engine from %s)\n", *wasm)
	}
	fmt.Fprintf(out, "stratego serve: open http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return app.Serve(ctx, ln)
}
