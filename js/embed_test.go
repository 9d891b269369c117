package js

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestREADMEJavaScript checks that the JavaScript code in README.md is
// the README region of test/readme.test.js, word for word.
func TestREADMEJavaScript(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, code, ok := strings.Cut(string(readme), "```js\n")
	code, _, ok2 := strings.Cut(code, "```")
	src, err := os.ReadFile("test/readme.test.js")
	if err != nil {
		t.Fatal(err)
	}
	_, region, ok3 := strings.Cut(string(src), "// README:begin\n")
	region, _, ok4 := strings.Cut(region, "  // README:end")
	if !ok || !ok2 || !ok3 || !ok4 {
		t.Fatal("want a ```js block in README.md and the README:begin and README:end markers in test/readme.test.js")
	}
	var want strings.Builder
	for line := range strings.SplitSeq(strings.TrimSuffix(region, "\n"), "\n") {
		want.WriteString(strings.TrimPrefix(line, "  "))
		want.WriteByte('\n')
	}
	if want.String() != code {
		t.Errorf("README.md's JavaScript differs from test/readme.test.js:\n%s\nwant:\n%s", code, want.String())
	}
}
