package servecmd

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego/internal/syncbuf"
)

// TestServeAnswersAndStops starts the server on a free port, asks it for
// the start page and the options, and stops it by ending the context.
func TestServeAnswersAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncbuf.Buffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, []string{"-addr", "127.0.0.1:0", "-max-games", "3"}, &out) }()
	addr := regexp.MustCompile(`http://[0-9.:]+/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); {
		base = addr.FindString(out.String())
		time.Sleep(10 * time.Millisecond)
	}
	if base == "" {
		t.Fatalf("no address printed: %q", out.String())
	}
	for _, path := range []string{"", "api/options", "app.js"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || len(body) == 0 {
			t.Errorf("GET /%s: status %d, %d bytes", path, res.StatusCode, len(body))
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve returned %v after the context ended", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not stop")
	}
}

func TestServeFlags(t *testing.T) {
	stderr = io.Discard
	for _, c := range []struct {
		args []string
		help bool
	}{
		{[]string{"-h"}, true},
		{[]string{"-max-games", "0"}, false},
		{[]string{"-addr", "256.0.0.1:99999"}, false},
		{[]string{"extra"}, false},
		{[]string{"-wasm", "no-such-directory"}, false},
	} {
		err := Serve(context.Background(), c.args, io.Discard)
		if err == nil || errors.Is(err, flag.ErrHelp) != c.help {
			t.Errorf("%v: %v", c.args, err)
		}
	}
}

// TestServeQuarantine starts the server on a data directory with a
// damaged game file: it starts, serves, and says that the file was
// moved aside.
func TestServeQuarantine(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "0123456789abcdef.json"), []byte(`{"format":1,`), 0o600); err != nil {
		t.Fatal(err)
	}
	old := stderr
	stderr = io.Discard
	defer func() { stderr = old }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncbuf.Buffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, []string{"-addr", "127.0.0.1:0", "-data", dir}, &out) }()
	addr := regexp.MustCompile(`http://[0-9.:]+/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); {
		base = addr.FindString(out.String())
		time.Sleep(10 * time.Millisecond)
	}
	if base == "" {
		t.Fatalf("no address printed: %q", out.String())
	}
	if !strings.Contains(out.String(), "1 game file(s) could not be read") || !strings.Contains(out.String(), "0123456789abcdef.json.corrupt") {
		t.Errorf("the start does not name the damaged file: %q", out.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
