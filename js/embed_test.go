package js

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestFiles(t *testing.T) {
	for _, name := range []string{"package.json", "index.js", "worker.js", "index.d.ts"} {
		if b, err := fs.ReadFile(Files(), name); err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, %v", name, len(b), err)
		}
	}
	if _, err := fs.Stat(Files(), WasmFile); err == nil {
		t.Errorf("%s is embedded; it is built, not held", WasmFile)
	}
}

func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine (about 15 s)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	if err := Build(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{WasmFile, ExecFile} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// At most 2.5 MB gzipped (docs/javascript.md says what takes the
	// space).
	b, err := os.ReadFile(filepath.Join(dir, WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(b)
	w.Close()
	t.Logf("%s: %d bytes, %d gzipped", WasmFile, len(b), gz.Len())
	if gz.Len() > 2500000 {
		t.Errorf("%s is %d bytes gzipped, more than 2.5 MB", WasmFile, gz.Len())
	}
}
