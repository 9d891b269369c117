// Package servecmd is the serve subcommand of the stratego command: the
// web application of package web on a local address. A person plays in
// the browser against a built-in player, or against another person who
// opens a second link; spectators watch through a third.
//
// Usage:
//
//	stratego serve [-addr 127.0.0.1:8080] [-max-games N] [-max-age D]
//	         [-idle D] [-max-plies N] [-max-think D]
//
// It prints the address to open and serves until interrupted (Ctrl-C).
// Everything the pages need is in the binary. The server holds the games
// in memory: at most -max-games at once, each for at most -max-age after
// it was made and -idle after its last move, every game drawn after
// -max-plies plies (the rules' own cap when smaller), and a bot's think
// time per move at most -max-think.
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
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/stratego-go/stratego/web"
)

// stderr receives the usage text of -h and of bad flags.
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
	var cfg web.Config
	fs.IntVar(&cfg.MaxGames, "max-games", 500, "the most games held at once")
	fs.DurationVar(&cfg.MaxAge, "max-age", 24*time.Hour, "how long a game is kept after it starts")
	fs.DurationVar(&cfg.IdleAge, "idle", 2*time.Hour, "how long a game is kept after its last change")
	fs.IntVar(&cfg.MaxPlies, "max-plies", 4000, "draw every game after this many plies")
	fs.DurationVar(&cfg.MaxThink, "max-think", 5*time.Second, "the longest think time per move a game may give its bot")
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
	if cfg.MaxGames <= 0 || cfg.MaxPlies <= 0 || cfg.MaxAge <= 0 || cfg.IdleAge <= 0 || cfg.MaxThink <= 0 {
		return errors.New("-max-games, -max-plies, -max-age, -idle and -max-think must be positive")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	app := web.New(cfg)
	defer app.Close()
	srv := &http.Server{Handler: app, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(out, "stratego serve: open http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	app.Close() // wakes the waiting requests, so Shutdown need not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
