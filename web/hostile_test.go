package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// The tests of this file are the probes of a hostile page or client:
// each names what it tries, and what the server must answer.

// rawCall sends a request to the handler with the given headers (none
// added) from addr, and returns the status and the body.
func rawCall(s *Server, addr, method, path string, header map[string]string, body string) (int, http.Header, []byte) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if addr != "" {
		req.RemoteAddr = addr
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w.Code, w.Header(), w.Body.Bytes()
}

// TestCrossOriginPostMakesNoGame sends the requests a page on another
// origin can make in a visitor's browser without a CORS preflight (a
// text/plain or form body, or none) and the ones a browser marks as
// cross-site: none makes a game. A client that is no browser (no
// Origin, no Sec-Fetch-Site) and a page of the server's own origin
// still do.
func TestCrossOriginPostMakesNoGame(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	const body = `{"rules":"duel","opponent":"person"}`
	for _, c := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"text/plain from another origin", map[string]string{"Content-Type": "text/plain", "Origin": "http://evil.example:9999", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"text/plain, no origin", map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, http.StatusUnsupportedMediaType},
		{"a form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"multipart", map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, http.StatusUnsupportedMediaType},
		{"no content type", map[string]string{}, http.StatusUnsupportedMediaType},
		{"JSON, cross-site", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"JSON, same-site", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
		{"JSON, Origin of another host", map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, http.StatusForbidden},
	} {
		code, _, out := rawCall(s, "198.51.100.1:1", "POST", "/api/games", c.header, body)
		var e apiError
		if code != c.want || json.Unmarshal(out, &e) != nil || e.Error == "" {
			t.Errorf("%s: %d %s, want %d with a message", c.name, code, out, c.want)
		}
	}
	if n := s.Games(); n != 0 {
		t.Fatalf("%d games made by refused requests", n)
	}
	for _, c := range []struct {
		name   string
		header map[string]string
	}{
		{"a program", map[string]string{"Content-Type": "application/json"}},
		{"a program, charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{"the server's own page", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Origin": "http://example.com"}},
		{"the own page, Origin only", map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}},
	} {
		if code, _, out := rawCall(s, "198.51.100.1:1", "POST", "/api/games", c.header, body); code != http.StatusCreated {
			t.Errorf("%s: %d %s, want 201", c.name, code, out)
		}
	}
}

// TestBearerAnyCase checks that the scheme of the Authorization header
// is read in any case (RFC 9110, 11.1).
func TestBearerAnyCase(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	id, tokens := callPair(t, s, createRequest{Rules: "duel", Color: "red"})
	for _, auth := range []string{"Bearer " + tokens[stratego.Red], "bearer " + tokens[stratego.Red], "BEARER " + tokens[stratego.Red], "bEaReR  " + tokens[stratego.Red]} {
		code, _, out := rawCall(s, "", "GET", "/api/games/"+id, map[string]string{"Authorization": auth}, "")
		if code != http.StatusOK {
			t.Errorf("%q: %d %s", auth, code, out)
		}
	}
	for _, auth := range []string{"Basic " + tokens[stratego.Red], tokens[stratego.Red], "Bearer", "Bearertoken"} {
		if code, _, _ := rawCall(s, "", "GET", "/api/games/"+id, map[string]string{"Authorization": auth}, ""); code != http.StatusForbidden {
			t.Errorf("%q: %d, want 403", auth, code)
		}
	}
}

// TestResignInSetup resigns games still in their setup phase: against
// the bot before any setup, and between people after one setup. The
// game is over at once (the opponent wins), its place among the
// client's live games is free, and a data directory reads it back over.
func TestResignInSetup(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Config{ClientGames: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const me = "198.51.100.5:1"
	code, _, body := callFrom(s, me, "POST", "/api/games", "", createRequest{Rules: "duel", Opponent: "bot", Color: "red"})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var cr createResponse
	json.Unmarshal(body, &cr)
	code, _, body = callFrom(s, me, "POST", "/api/games/"+cr.ID+"/resign", cr.Token, map[string]string{})
	if code != http.StatusOK {
		t.Fatalf("resign in setup: %d %s", code, body)
	}
	p := statePayloadOf(t, body)
	if p.Phase != "over" || !strings.HasPrefix(p.Outcome, "blue wins") {
		t.Fatalf("after resigning in setup: phase %s, outcome %q", p.Phase, p.Outcome)
	}
	if code, _, body := callFrom(s, me, "POST", "/api/games", "", createRequest{Rules: "duel", Opponent: "person"}); code != http.StatusCreated {
		t.Fatalf("a new game after resigning the only one: %d %s", code, body)
	}

	id, tokens := callPair(t, s, createRequest{Rules: "duel", Color: "red"})
	if code, body := call(s, "POST", "/api/games/"+id+"/setup", tokens[stratego.Blue], setupRequest{Setup: randomSetupFor(t, s, "duel")}); code != http.StatusOK {
		t.Fatalf("setup: %d %s", code, body)
	}
	if code, body := call(s, "POST", "/api/games/"+id+"/resign", tokens[stratego.Red], map[string]string{}); code != http.StatusOK {
		t.Fatalf("resign in setup: %d %s", code, body)
	}
	for _, c := range parties {
		_, body := call(s, "GET", "/api/games/"+id, tokens[c], nil)
		if p := statePayloadOf(t, body); p.Phase != "over" || !strings.HasPrefix(p.Outcome, "blue wins") || p.View != nil || p.Reveal != nil {
			t.Errorf("%s after Red resigned in setup: %s", partyRole(c), body)
		}
	}
	if code, body := call(s, "POST", "/api/games/"+id+"/resign", tokens[stratego.Blue], map[string]string{}); code != http.StatusConflict {
		t.Errorf("resigning a game that is over: %d %s, want 409", code, body)
	}
	s.Close()
	b, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, body = call(b, "GET", "/api/games/"+id, tokens[stratego.Blue], nil)
	if p := statePayloadOf(t, body); p.Phase != "over" || !strings.HasPrefix(p.Outcome, "blue wins") || p.Setup == "" {
		t.Errorf("read back: %s", body)
	}
}

// TestNotYourTurnFirst sends, for the side not to move, a move written
// as an attack onto a square with no enemy piece: the refusal is that
// it is not its turn, not the attack.
func TestNotYourTurnFirst(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	id, tokens := callPair(t, s, createRequest{Rules: "classic", Color: "red"})
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		if code, body := call(s, "POST", "/api/games/"+id+"/setup", tokens[c], setupRequest{Setup: randomSetupFor(t, s, "classic")}); code != http.StatusOK {
			t.Fatalf("setup: %d %s", code, body)
		}
	}
	for _, move := range []string{"a7xa6", "a7-a6", "a4xa5"} {
		code, body := call(s, "POST", "/api/games/"+id+"/move", tokens[stratego.Blue], moveRequest{move})
		var r moveRefusal
		json.Unmarshal(body, &r)
		if code != http.StatusConflict || r.Rule != "turn" {
			t.Errorf("Blue's %s on Red's turn: %d %s, want 409 for the turn", move, code, body)
		}
	}
}

// TestCorruptFileQuarantined damages one game file of a data directory:
// Open still starts, serves the other games, moves the damaged file
// aside (ID.json.corrupt, kept for a person to look at) and says so in
// the log.
func TestCorruptFileQuarantined(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	id, tokens := callPair(t, a, createRequest{Rules: "duel"})
	a.Close()
	const bad = "0123456789abcdef"
	os.WriteFile(filepath.Join(dir, bad+".json"), []byte(`{"format":1,`), 0o600)
	var log strings.Builder
	var mu sync.Mutex
	b, err := Open(dir, Config{Log: newLogger(func(p []byte) { mu.Lock(); log.Write(p); mu.Unlock() })})
	if err != nil {
		t.Fatalf("Open with one damaged file: %v", err)
	}
	defer b.Close()
	if code, body := call(b, "GET", "/api/games/"+id, tokens[stratego.Red], nil); code != http.StatusOK {
		t.Errorf("the good game: %d %s", code, body)
	}
	if _, err := os.Stat(filepath.Join(dir, bad+".json")); err == nil {
		t.Error("the damaged file is still in place")
	}
	if _, err := os.Stat(filepath.Join(dir, bad+".json.corrupt")); err != nil {
		t.Errorf("the damaged file was not kept aside: %v", err)
	}
	mu.Lock()
	msg := log.String()
	mu.Unlock()
	if !strings.Contains(msg, bad) || !strings.Contains(msg, ".corrupt") {
		t.Errorf("the log does not say what happened: %q", msg)
	}
	if bad := b.Quarantined(); len(bad) != 1 {
		t.Errorf("Quarantined: %q, want the one file", bad)
	}
}

// wordsOnly matches what a person should not read in a message: a
// package prefix, a byte offset.
var wordsOnly = regexp.MustCompile(`(?i)\b(stratego|gravon):|offset \d|byte \d`)

// TestReplayMessagesAreWords sends the replay page broken games: the
// messages name what is wrong in words, without a package prefix or a
// byte offset.
func TestReplayMessagesAreWords(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	setup := "616B252538/B824423329/5624335B77/42BB672BXF"
	for _, text := range []string{
		"[Rules \"classic\"]\n1. a4-a5 *",
		"[Rules \"chess\"]\n*",
		"hello",
		"<game>",
		"<game><field>x</field></game>",
		"#junk",
		"#X38FA11 Stratego-Notation v1\ntype 0\n",
		"[Rules \"classic\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n1. a4-a7 *",
		"[Rules \"classic\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n1. a4-a5 a7-a6 2. a5-a6x *",
		"[Rules \"classic\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n1. a4-a5 zz *",
	} {
		_, body := call(s, "POST", "/api/replay", "", replayRequest{text})
		var out struct {
			Error string `json:"error"`
		}
		json.Unmarshal(body, &out)
		if out.Error == "" {
			t.Errorf("%q: no message: %s", text, body)
		} else if wordsOnly.MatchString(out.Error) {
			t.Errorf("%q: %q", text, out.Error)
		}
	}
}

// TestOneAddressCannotHoldTheServer opens 1,100 long polls from one
// address (127.0.0.1) against Serve with its default limits: another
// client (127.0.0.2) is answered within 3 s, and the server holds no
// more of the flood's connections than one client's share. Before the
// per-client shares, the flood took every one of the 1,000 connections
// and the other client waited for a long poll to end.
func TestOneAddressCannotHoldTheServer(t *testing.T) {
	s := New(Config{PollWait: time.Minute, WriteTimeout: 3 * time.Minute})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
	}()
	addr := ln.Addr().String()
	id, tokens := callPair(t, s, createRequest{Rules: "duel"})
	_, body := call(s, "GET", "/api/games/"+id, tokens[stratego.Red], nil)
	version := statePayloadOf(t, body).Version

	const flood = 1100
	conns := make([]net.Conn, 0, flood)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	d := net.Dialer{Timeout: 10 * time.Second}
	for range flood {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("the flood's connection %d: %v", len(conns), err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /api/games/%s?after=%d HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", id, version, tokens[stratego.Red])
	}
	// The other client, from its own address.
	other := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext,
	}}
	for i := range 3 {
		start := time.Now()
		res, err := other.Get("http://" + addr + "/api/options")
		took := time.Since(start)
		if err != nil {
			t.Fatalf("the other client, request %d, during the flood: %v (after %v)", i, err, took)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || took > 3*time.Second {
			t.Fatalf("the other client, request %d, during the flood: %d after %v, want 200 within 3 s", i, res.StatusCode, took)
		}
	}
	// Each of the flood's connections is waiting, or has been answered
	// at once (a refusal); at most one client's share waits.
	var mu sync.Mutex
	var wg sync.WaitGroup
	waiting, answers := 0, map[string]int{}
	for _, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(time.Now().Add(time.Second))
			line, err := bufio.NewReader(c).ReadString('\n')
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil && os.IsTimeout(err):
				waiting++
			case err != nil:
				answers["closed"]++
			default:
				answers[strings.TrimSpace(line)]++
			}
		})
	}
	wg.Wait()
	for a := range answers {
		if a != "closed" && !strings.HasPrefix(a, "HTTP/1.1 429") && !strings.HasPrefix(a, "HTTP/1.1 503") {
			t.Errorf("a long poll of the flood answered %q", a)
		}
	}
	if max := defaultClientPolls; waiting > max {
		t.Fatalf("%d of the flood's long polls wait, want at most %d", waiting, max)
	}
	t.Logf("%d of %d long polls from one address wait; the others: %v", waiting, flood, answers)
}

// newLogger returns a logger that hands each line to f.
func newLogger(f func([]byte)) *log.Logger {
	return log.New(writerFunc(func(p []byte) (int, error) { f(p); return len(p), nil }), "", 0)
}
