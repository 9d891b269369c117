// Package staticcmd is the static subcommand of the stratego command:
// the page of "stratego serve" as a static site, where a person plays
// the built-in players with the engine and the bots running in the
// browser (the library compiled to WebAssembly, the bots in a Web
// Worker), so that any static web server serves it.
//
// Usage:
//
//	stratego static [-wasm DIR] OUTDIR
//
// It writes the pages, the JavaScript package (under js/) and its
// WebAssembly engine into OUTDIR. The engine is built with the Go
// toolchain on the PATH, in the current directory, which must lie in
// the library's checkout (or in a module that requires the library);
// with -wasm DIR it is copied from DIR instead (stratego.wasm and
// wasm_exec.js, as "npm run build" leaves them in js/). For example:
//
//	go run ./cmd/stratego static site
//	python3 -m http.server -d site 8000
//
// The site's links are relative, so it may live under any path. Games
// against a person need the server and are not offered.
package staticcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/stratego-go/stratego/js"
	"github.com/stratego-go/stratego/web"
)

// stderr receives the usage text.
var stderr io.Writer = os.Stderr

// Run runs the subcommand.
func Run(args []string, _ io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("static", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wasm := fs.String("wasm", "", "copy the WebAssembly engine from the `directory` (stratego.wasm and wasm_exec.js) instead of building it")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego static [-wasm DIR] OUTDIR")
		fmt.Fprintln(fs.Output(), "Writes the web game as a static site: the bot plays in the browser, no server needed.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("want one output directory")
	}
	return Write(context.Background(), fs.Arg(0), *wasm, out)
}

// Write writes the site into dir, with the engine of wasmDir, or built
// when wasmDir is "".
func Write(ctx context.Context, dir, wasmDir string, out io.Writer) error {
	var engine fs.FS
	if wasmDir != "" {
		engine = os.DirFS(wasmDir)
	} else {
		tmp, err := os.MkdirTemp("", "stratego-wasm-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		fmt.Fprintln(out, "stratego static: building the WebAssembly engine with the local Go toolchain")
		if err := js.Build(ctx, tmp); err != nil {
			return fmt.Errorf("%w (run it in the library's checkout, or give -wasm DIR)", err)
		}
		engine = os.DirFS(tmp)
	}
	if err := web.WriteSite(dir, engine); err != nil {
		return err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	fmt.Fprintf(out, "stratego static: the site is in %s; serve it with any static web server, e.g. python3 -m http.server -d %s\n", abs, dir)
	return nil
}
