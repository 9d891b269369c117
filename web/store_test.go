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
	"time"

	"github.com/stratego-go/stratego"
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
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		if code, body := call(a, "POST", "/api/games/"+id+"/setup", tokens[c], setupRequest{Setup: randomSetupFor(t, a, "duel")}); code != http.StatusOK {
			t.Fatalf("setup: %d %s", code, body)
		}
	}
	_, before := call(a, "GET", "/api/games/"+id, tokens[stratego.Red], nil)
	os.WriteFile(filepath.Join(dir, id+".123.tmp"), []byte("half a write"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)

	b, err := Open(dir, Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for c, want := range map[stratego.Color]string{stratego.Red: "red", stratego.Blue: "blue", stratego.NoColor: "spectator"} {
		code, body := call(b, "GET", "/api/games/"+id, tokens[c], nil)
		if code != http.StatusOK || statePayloadOf(t, body).Role != want {
			t.Fatalf("the %s token after Open: %d %s", want, code, body)
		}
		if c == stratego.Red && string(body) != string(before) {
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

// TestSlowSaveStallsOnlyItsGame blocks the write of one game's file and
// checks that, while it hangs, another game is changed and saved, the
// game itself is read, and the sweep runs; the blocked change is
// answered once its write ends.
func TestSlowSaveStallsOnlyItsGame(t *testing.T) {
	s, err := Open(t.TempDir(), Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	slow, slowTokens := callPair(t, s, createRequest{Rules: "duel"})
	other, otherTokens := callPair(t, s, createRequest{Rules: "duel"})
	setupRed, setupBlue := randomSetupFor(t, s, "duel"), randomSetupFor(t, s, "duel")

	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.store.beforeWrite = func(id string) {
		if id == slow {
			once.Do(func() { close(entered) })
			<-release
		}
	}
	answered := make(chan int)
	go func() {
		code, _ := call(s, "POST", "/api/games/"+slow+"/setup", slowTokens[stratego.Red], setupRequest{Setup: setupRed})
		answered <- code
	}()
	<-entered // the slow game's write hangs from here on
	probed := make(chan struct{})
	go func() {
		defer close(probed)
		if code, body := call(s, "POST", "/api/games/"+other+"/setup", otherTokens[stratego.Red], setupRequest{Setup: setupRed}); code != http.StatusOK {
			t.Errorf("another game's setup while one save hangs: %d %s", code, body)
		}
		if n := s.Games(); n != 2 {
			t.Errorf("Games while one save hangs: %d, want 2", n)
		}
		if code, body := call(s, "GET", "/api/games/"+other, otherTokens[stratego.Blue], nil); code != http.StatusOK {
			t.Errorf("another game's state while one save hangs: %d %s", code, body)
		}
		if code, body := call(s, "GET", "/api/games/"+slow, slowTokens[stratego.NoColor], nil); code != http.StatusOK {
			t.Errorf("the slow game's own state while its save hangs: %d %s", code, body)
		}
	}()
	select {
	case <-probed:
	case <-time.After(time.Minute): // generous: the requests take milliseconds
		t.Error("requests waited for another game's hanging save")
	}
	select {
	case code := <-answered:
		t.Fatalf("the change was answered (%d) before its file was written", code)
	default:
	}
	close(release)
	if code := <-answered; code != http.StatusOK {
		t.Errorf("the slow game's setup: %d", code)
	}
	if code, body := call(s, "POST", "/api/games/"+slow+"/setup", slowTokens[stratego.Blue], setupRequest{Setup: setupBlue}); code != http.StatusOK {
		t.Errorf("the slow game's second setup: %d %s", code, body)
	}
}
