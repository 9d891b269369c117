// Package js holds the files of the stratego library's JavaScript
// package (this folder: package.json, index.js, worker.js, index.d.ts)
// for the Go programs that serve it: the web application of package
// web serves them to its page, which then plays without the server.
//
// The WebAssembly engine they load, stratego.wasm (the main package in
// ../wasm, built for js/wasm) and the Go distribution's wasm_exec.js
// that runs it, is built, not held here: "npm run build" in this folder
// puts both beside index.js, and Build writes them anywhere. The
// package's documentation is docs/javascript.md.
package js

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed package.json index.js worker.js index.d.ts
var files embed.FS

// Files returns the files of the JavaScript package, without the
// WebAssembly engine.
func Files() fs.FS { return files }

// The two files of the WebAssembly engine, which the package loads from
// beside index.js.
const (
	WasmFile = "stratego.wasm"
	ExecFile = "wasm_exec.js"
)

// WasmPackage is the import path of the engine's main package.
const WasmPackage = "github.com/stratego-go/stratego/wasm"

// ErrBuild reports that the engine could not be built.
var ErrBuild = errors.New("the WebAssembly engine could not be built")

// Build builds the WebAssembly engine with the Go toolchain on the PATH
// and writes WasmFile and the toolchain's own ExecFile into dir (made
// if missing). The go command runs in the current directory, which must
// lie in a module that has the library: its checkout, or a module that
// requires it. A failure wraps ErrBuild and says what the go command
// said.
func Build(ctx context.Context, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmFile))
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s", "-o", out, WasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%w: go build: %v: %s", ErrBuild, err, strings.TrimSpace(stderr.String()))
	}
	root, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("%w: go env GOROOT: %v", ErrBuild, err)
	}
	var src []byte
	for _, p := range []string{"lib/wasm", "misc/wasm"} { // misc/wasm before Go 1.24
		if src, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), p, ExecFile)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("%w: the Go distribution has no %s: %v", ErrBuild, ExecFile, err)
	}
	return os.WriteFile(filepath.Join(dir, ExecFile), src, 0o644)
}
