package web

import (
	"encoding/json"
	"errors"
	stdlog "log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestOpenReadsBackEveryGame makes games on a server with a data
// directory and opens a second server on it (as after a crash: the
// first is never closed first): the same tokens open the same games in
// the same state; a left-over temporary file is removed, other files
// are left alone, and a damaged game file is an error that names it.
func TestOpenReadsBackEveryGame(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	id, tokens := callPair(t, a, createRequest{Rules: "duel"})
	for c := range 2 {
		if code, body := call(a, "POST", "/api/games/"+id+"/setup", tokens[c], setupRequest{Setup: randomSetupFor(t, a, "duel")}); code != http.StatusOK {
			t.Fatalf("setup: %d %s", code, body)
		}
	}
	_, before := call(a, "GET", "/api/games/"+id, tokens[0], nil)
	os.WriteFile(filepath.Join(dir, id+".123.tmp"), []byte("half a write"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)

	b, err := Open(dir, Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i, want := range []string{"red", "blue", "spectator"} {
		code, body := call(b, "GET", "/api/games/"+id, tokens[i], nil)
		if code != http.StatusOK || statePayloadOf(t, body).Role != want {
			t.Fatalf("token %d after Open: %d %s", i, code, body)
		}
		if i == 0 && string(body) != string(before) {
			t.Errorf("Red's state changed across Open:\n%s\n%s", before, body)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, id+".123.tmp")); !errors.Is(err, os.ErrNotExist) {
		t.Error("the temporary file is still there")
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Error("Open removed a file not its own")
	}
	os.WriteFile(filepath.Join(dir, "0123456789abcdef.json"), []byte(`{"format":1,`), 0o600)
	c, err := Open(dir, Config{Log: newLogger(func([]byte) {})})
	if err != nil {
		t.Fatalf("a damaged file: %v, want it moved aside", err)
	}
	defer c.Close()
	if q := c.Quarantined(); len(q) != 1 {
		t.Errorf("a damaged file: quarantined %q", q)
	}
}

// TestNoSecretLogged makes the server log (a game that cannot be saved
// because its directory is gone) and checks that the log holds no
// secret of the game.
func TestNoSecretLogged(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	var log strings.Builder
	var mu sync.Mutex
	s, err := Open(dir, Config{Log: stdlog.New(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return log.Write(p)
	}), "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	code, body := call(s, "POST", "/api/games", "", createRequest{Rules: "duel", Opponent: "person"})
	if code != http.StatusCreated {
		t.Fatalf("%d %s", code, body)
	}
	var cr createResponse
	json.Unmarshal(body, &cr)
	os.RemoveAll(dir)
	code, body = call(s, "POST", "/api/games/"+cr.ID+"/claim", "", claimRequest{inviteOf(cr.Links.Invite)})
	if code != http.StatusInternalServerError {
		t.Fatalf("a claim that cannot be saved: %d %s", code, body)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(log.String(), cr.ID) {
		t.Fatalf("the failure is not logged: %q", log.String())
	}
	for _, sec := range []string{cr.Token, tokenOf(cr.Links.Spectator), inviteOf(cr.Links.Invite)} {
		if strings.Contains(log.String(), sec) {
			t.Fatalf("the log holds a secret: %q", log.String())
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
