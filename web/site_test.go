package web

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stratego-go/stratego/js"
)

// fakeEngine stands in for the built WebAssembly engine.
var fakeEngine = fstest.MapFS{
	js.WasmFile: {Data: []byte("\x00asm fake")},
	js.ExecFile: {Data: []byte("// fake wasm_exec.js")},
}

func get(t *testing.T, s *Server, path string) (int, string, http.Header) {
	t.Helper()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b), rec.Result().Header
}

func TestServeJSPackage(t *testing.T) {
	without := New(Config{})
	defer without.Close()
	if code, body, _ := get(t, without, "/js/index.js"); code != http.StatusOK || !strings.Contains(body, "export async function load") && !strings.Contains(body, "export function load") {
		t.Errorf("/js/index.js: %d %.80q", code, body)
	}
	if code, _, _ := get(t, without, "/js/"+js.WasmFile); code != http.StatusNotFound {
		t.Errorf("/js/%s without an engine: %d, want 404", js.WasmFile, code)
	}
	with := New(Config{Wasm: fakeEngine})
	defer with.Close()
	code, body, h := get(t, with, "/js/"+js.WasmFile)
	if code != http.StatusOK || body != "\x00asm fake" || h.Get("Content-Type") != "application/wasm" {
		t.Errorf("/js/%s: %d %q %q", js.WasmFile, code, body, h.Get("Content-Type"))
	}
	// The page may compile WebAssembly, and nothing else it did not load.
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval';") || strings.Contains(csp, "'unsafe-eval'") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
}

func TestWriteSite(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSite(dir, fakeEngine); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "offline.js", "game.js", "style.css", "js/index.js", "js/worker.js", "js/index.d.ts", "js/" + js.WasmFile, "js/" + js.ExecFile} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, abs := range []string{`href="/`, `src="/`} {
		if strings.Contains(string(html), abs) {
			t.Errorf("index.html has a link from the root (%s…): the site would need a path of its own", abs)
		}
	}
	if !strings.Contains(string(html), `src="app.js"`) {
		t.Error("index.html loads no app.js")
	}
	missing := fstest.MapFS{js.WasmFile: fakeEngine[js.WasmFile]}
	if err := WriteSite(t.TempDir(), missing); !errors.Is(err, ErrNoEngine) || !strings.Contains(err.Error(), js.ExecFile) {
		t.Errorf("WriteSite without %s: %v, want ErrNoEngine naming it", js.ExecFile, err)
	}
}
