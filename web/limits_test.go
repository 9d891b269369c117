package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// callFrom is call from the remote address addr.
func callFrom(s *Server, addr, method, path, token string, body any) (int, http.Header, []byte) {
	var rd *bytes.Reader
	if b, ok := body.(string); ok {
		rd = bytes.NewReader([]byte(b))
	} else {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = addr
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w.Code, w.Header(), w.Body.Bytes()
}

// fakeClock is a clock that tests move by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// TestOneClientCannotFillTheServer floods the server with creations
// from one address, with the default limits: the flood is refused with
// 429 and a Retry-After, and other clients still make games and play.
// It fails on the server with one global cap: 500 creations filled it
// for every client.
func TestOneClientCannotFillTheServer(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	s := New(Config{Now: clock.Now})
	defer s.Close()
	req := map[string]string{"rules": "duel", "opponent": "person"}
	refused := 0
	for i := range 600 {
		code, h, body := callFrom(s, "198.51.100.7:4000", "POST", "/api/games", "", req)
		switch code {
		case http.StatusCreated:
			if refused > 0 {
				t.Fatalf("creation %d allowed after a refusal, with no time passed", i)
			}
		case http.StatusTooManyRequests:
			refused++
			if secs, err := strconv.Atoi(h.Get("Retry-After")); err != nil || secs < 1 {
				t.Fatalf("429 with Retry-After %q", h.Get("Retry-After"))
			}
			if !bytes.Contains(body, []byte(`"error"`)) {
				t.Fatalf("429 without a message: %s", body)
			}
		default:
			t.Fatalf("creation %d: status %d %s", i, code, body)
		}
	}
	if refused < 500 {
		t.Fatalf("%d of 600 creations of one client refused", refused)
	}
	for i := range 50 {
		addr := "203.0.113." + strconv.Itoa(i+1) + ":5000"
		if code, _, body := callFrom(s, addr, "POST", "/api/games", "", req); code != http.StatusCreated {
			t.Fatalf("another client (%s) during the flood: %d %s", addr, code, body)
		}
	}
	// The flooding client may make games again at the rate: not all at once.
	clock.advance(time.Minute)
	code, _, body := callFrom(s, "198.51.100.7:4000", "POST", "/api/games", "", req)
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "in progress") {
		t.Fatalf("a minute later, with its live games: %d %s, want 429 for the live games", code, body)
	}
}

// TestFinishedGamesLeaveTheLiveSet plays games to their end one after
// another from one client: each finished game frees its place at once
// (the client's and the server's), stays readable as a record, and an
// idle game expires.
func TestFinishedGamesLeaveTheLiveSet(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	s := New(Config{Now: clock.Now, MaxGames: 3, ClientGames: 2, CreatePerMinute: 60, CreateBurst: 60, IdleAge: time.Hour})
	defer s.Close()
	const me = "198.51.100.9:1"
	var ids, tokens []string
	for i := range 12 {
		code, _, body := callFrom(s, me, "POST", "/api/games", "", map[string]string{"rules": "duel", "opponent": "bot", "bot": "random"})
		if code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i, code, body)
		}
		var cr createResponse
		json.Unmarshal(body, &cr)
		ids, tokens = append(ids, cr.ID), append(tokens, cr.Token)
		setup := setupRequest{Setup: "1111111111/1111111111/1111111111/1111111111"}
		code, _, body = callFrom(s, me, "POST", "/api/games/"+cr.ID+"/setup", cr.Token, setupRequest{Setup: randomSetupFor(t, s, "duel")})
		if code != http.StatusOK {
			t.Fatalf("setup %d: %d %s (%v)", i, code, body, setup)
		}
		// Resign at once (the bot may be thinking): the game is over.
		code, _, body = callFrom(s, me, "POST", "/api/games/"+cr.ID+"/resign", cr.Token, map[string]string{})
		if code != http.StatusOK && code != http.StatusConflict {
			t.Fatalf("resign %d: %d %s", i, code, body)
		}
		// A bot still holding the game's lock as the game ends keeps it
		// from the sweep until it lets go (Games never waits for a
		// game): wait for that, generously.
		n := s.Games()
		for deadline := time.Now().Add(30 * time.Second); n != 0 && time.Now().Before(deadline); n = s.Games() {
			time.Sleep(time.Millisecond)
		}
		if n != 0 {
			t.Fatalf("after game %d ended: %d live games, want 0", i, n)
		}
	}
	for i, id := range ids {
		if code, _, body := callFrom(s, me, "GET", "/api/games/"+id+"/record", tokens[i], nil); code != http.StatusOK {
			t.Fatalf("the record of game %d: %d %s", i, code, body)
		}
	}
	// Two live games fill the client's share; the third is refused
	// until one expires.
	for range 2 {
		if code, _, body := callFrom(s, me, "POST", "/api/games", "", map[string]string{"rules": "duel", "opponent": "person"}); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
	}
	if code, h, _ := callFrom(s, me, "POST", "/api/games", "", map[string]string{"rules": "duel", "opponent": "person"}); code != http.StatusTooManyRequests || h.Get("Retry-After") == "" {
		t.Fatalf("a third live game: %d, want 429 with Retry-After", code)
	}
	clock.advance(61 * time.Minute)
	if n := s.Games(); n != 0 {
		t.Fatalf("%d live games after the idle time, want 0", n)
	}
	if code, _, body := callFrom(s, me, "POST", "/api/games", "", map[string]string{"rules": "duel", "opponent": "person"}); code != http.StatusCreated {
		t.Fatalf("after the expiry: %d %s", code, body)
	}
}

// randomSetupFor asks the server for a random setup's text.
func randomSetupFor(t *testing.T, s *Server, rules string) string {
	t.Helper()
	code, _, body := callFrom(s, "192.0.2.1:1", "POST", "/api/setup/random", "", map[string]string{"rules": rules})
	var su setupPayload
	if code != http.StatusOK || json.Unmarshal(body, &su) != nil {
		t.Fatalf("random setup: %d %s", code, body)
	}
	return su.Text
}

// TestNumericFieldsInRange checks that every number of a request is
// checked: out of range or of the wrong kind is a 400 whose message
// names the JSON field in words, never a Go type, and nothing
// overflows. It fails on the server that took thinkMillis
// 9223372036854775807 (an overflow to a negative think time).
func TestNumericFieldsInRange(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	for _, body := range []string{
		`{"rules":"duel","opponent":"bot","thinkMillis":9223372036854775807}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":9223372036854775808}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":-1}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":5001}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":1.5}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":1e300}`,
		`{"rules":"duel","opponent":"bot","thinkMillis":"100"}`,
		`{"rules":"duel","opponent":"person","thinkMillis":100}`,
		`{"rules":"duel,maxplies=99999999999999999999","opponent":"person"}`,
		`{"rules":"duel,twosquares=-1","opponent":"person"}`,
		`{"rules":7,"opponent":"person"}`,
		`[1,2]`,
		`{"rules":"duel","opponent":"person","extra":1}`,
	} {
		code, _, out := callFrom(s, "192.0.2.2:1", "POST", "/api/games", "", body)
		var e apiError
		json.Unmarshal(out, &e)
		if code != http.StatusBadRequest || e.Error == "" || strings.Contains(e.Error, "Go ") || strings.Contains(e.Error, "struct") || strings.Contains(e.Error, "Request") {
			t.Errorf("%s: %d %q, want 400 and a message in words", body, code, e.Error)
		}
	}
	code, _, out := callFrom(s, "192.0.2.2:1", "POST", "/api/games", "", `{"rules":"duel","opponent":"bot","thinkMillis":1.5}`)
	if code != http.StatusBadRequest || !strings.Contains(string(out), `thinkMillis`) {
		t.Errorf("a fractional thinkMillis: %d %s, want the field named", code, out)
	}
	for _, after := range []string{"-1", "9223372036854775808", "1e3", "0x10"} {
		code, _, cr := callFrom(s, "192.0.2.2:1", "POST", "/api/games", "", `{"rules":"duel","opponent":"person"}`)
		var c createResponse
		json.Unmarshal(cr, &c)
		if code, _, out := callFrom(s, "192.0.2.2:1", "GET", "/api/games/"+c.ID+"?after="+after, c.Token, nil); code != http.StatusBadRequest {
			t.Errorf("after=%s: %d %s, want 400", after, code, out)
		}
		_ = code
	}
}

// TestConnectionLimit checks the bound on open connections: with n
// connections accepted and open, no slot is free; closing one frees
// one, and the next Accept takes it.
func TestConnectionLimit(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limitListener(inner, 2, 2).(*limited)
	defer ln.Close()
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	a, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ln.Accept(); err != nil {
		t.Fatal(err)
	}
	if n := len(ln.sem); n != 2 {
		t.Fatalf("%d slots taken by 2 open connections", n)
	}
	third := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept() // waits for a free slot
		third <- c
	}()
	a.Close()
	a.Close() // a second Close frees nothing more
	c := <-third
	if c == nil {
		t.Fatal("no third connection after one closed")
	}
	c.Close()
	if n := len(ln.sem); n != 1 {
		t.Fatalf("%d slots taken by 1 open connection", n)
	}
}

// TestServeHeaderLimit checks that Serve's server refuses headers
// larger than Config.MaxHeaderBytes (431) and answers ordinary ones.
func TestServeHeaderLimit(t *testing.T) {
	s := New(Config{MaxHeaderBytes: 4 << 10})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	get := func(header string) int {
		req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/options", nil)
		req.Header.Set("X-Big", header)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := get("small"); code != http.StatusOK {
		t.Errorf("an ordinary request: %d", code)
	}
	if code := get(strings.Repeat("x", 64<<10)); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: %d, want 431", code)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after the context ended: %v", err)
	}
}
