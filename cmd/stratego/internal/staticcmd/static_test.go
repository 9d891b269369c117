package staticcmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratego-go/stratego/js"
)

func TestStaticWithEngine(t *testing.T) {
	engine := t.TempDir()
	for _, name := range []string{js.WasmFile, js.ExecFile} {
		if err := os.WriteFile(filepath.Join(engine, name), []byte("fake "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "site")
	var buf bytes.Buffer
	if err := Run([]string{"-wasm", engine, out}, nil, &buf); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "js", js.WasmFile))
	if err != nil || string(b) != "fake "+js.WasmFile {
		t.Errorf("the engine in the site: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Error(err)
	}
	if !strings.Contains(buf.String(), "static web server") {
		t.Errorf("output %q", buf.String())
	}
}

func TestStaticErrors(t *testing.T) {
	stderr = &bytes.Buffer{}
	if err := Run(nil, nil, &bytes.Buffer{}); err == nil {
		t.Error("no output directory: no error")
	}
	if err := Run([]string{"-wasm", t.TempDir(), t.TempDir()}, nil, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), js.WasmFile) {
		t.Errorf("an empty engine directory: %v", err)
	}
}
