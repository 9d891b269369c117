package web

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/stratego-go/stratego/js"
)

// jsFiles is the JavaScript package as the page loads it from /js/:
// its modules, and the engine of wasm when wasm is not nil.
func jsFiles(wasm fs.FS) fs.FS { return jsFS{wasm} }

type jsFS struct{ wasm fs.FS }

func (f jsFS) Open(name string) (fs.File, error) {
	if name == js.WasmFile || name == js.ExecFile {
		if f.wasm == nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return f.wasm.Open(name)
	}
	return js.Files().Open(name)
}

// ErrNoEngine reports a WebAssembly engine without one of its files.
var ErrNoEngine = errors.New("the WebAssembly engine is missing a file")

// WriteSite writes the page of the server as a static site into dir
// (made if missing): a folder of files that any static web server
// serves, where the page plays the built-in players with the engine
// and the bots running in the page (the bots in a Web Worker). wasm
// holds the engine (js.WasmFile and js.ExecFile, see js.Build). The
// site needs no path of its own: its links are relative, so it may be
// served under any prefix. Games against a person, which need the
// server, are not offered; the replay page reads records and Gravon
// files in the page.
func WriteSite(dir string, wasm fs.FS) error {
	for _, name := range []string{js.WasmFile, js.ExecFile} {
		if _, err := fs.Stat(wasm, name); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrNoEngine, name, err)
		}
	}
	pages, err := fs.Sub(static, "static")
	if err != nil {
		return err
	}
	write := func(src fs.FS, prefix string) error {
		return fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(src, p)
			if err != nil {
				return err
			}
			if p == "index.html" {
				b = []byte(relativeLinks(string(b)))
			}
			out := filepath.Join(dir, filepath.FromSlash(path.Join(prefix, p)))
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				return err
			}
			return os.WriteFile(out, b, 0o644)
		})
	}
	if err := write(pages, ""); err != nil {
		return err
	}
	if err := write(js.Files(), "js"); err != nil {
		return err
	}
	for _, name := range []string{js.WasmFile, js.ExecFile} {
		b, err := fs.ReadFile(wasm, name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "js", name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// relativeLinks makes the page's links to its own files relative
// ("/app.js" → "app.js", "/#" → "#"), so the site works under a prefix.
func relativeLinks(html string) string {
	for _, attr := range []string{`href="/`, `src="/`} {
		html = strings.ReplaceAll(html, attr, attr[:len(attr)-1])
	}
	return html
}
