package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// The load tests run the server in a child process (the test binary
// itself, TestLoadServerChild) on loopback, with clients of their own
// source addresses (127.0.0.2, 127.0.0.3, …, so that each is a client of
// its own for the limits). In the ordinary run they are small and
// bounded by counts, and they check only what holds whatever the speed:
// no error an honest client should not see, no connection left open, no
// acknowledged move lost. With -load they are the measured runs of the
// package doc:
//
//	go test ./web -run TestLoad -load -v -timeout 30m
var (
	loadFlag  = flag.Bool("load", false, "run the load tests at full size (50 clients for -load.time, 2,000 slow connections) and log the figures")
	loadTime  = flag.Duration("load.time", time.Minute, "how long the full-size load tests play")
	loadConns = flag.Int("load.maxconns", 0, "the server's connection limit in TestLoadSlowBodies (0: the connections' count and 100 more)")
)

// TestLoadServerChild is the server of the load tests when it runs in a
// child process (STRATEGO_LOAD_CHILD set: "DIR" or "" for memory, then
// the read timeout and the connection limit); otherwise it does
// nothing.
func TestLoadServerChild(t *testing.T) {
	spec, ok := os.LookupEnv("STRATEGO_LOAD_CHILD")
	if !ok {
		t.Skip("only in a child process of the load tests")
	}
	parts := strings.Split(spec, "|")
	cfg := Config{}
	if len(parts) == 3 {
		cfg.ReadTimeout, _ = time.ParseDuration(parts[1])
		cfg.MaxConns, _ = strconv.Atoi(parts[2])
	}
	var s *Server
	var err error
	if parts[0] != "" {
		s, err = Open(parts[0], cfg)
	} else {
		s = New(cfg)
	}
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		os.Exit(1)
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := s.Serve(ctx, ln); err != nil {
		fmt.Println("serve:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// loadServer is a server in a child process.
type loadServer struct {
	cmd  *exec.Cmd
	base string
	host string
}

func startLoadServer(t *testing.T, dir string, readTimeout time.Duration, maxConns int) *loadServer {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadServerChild$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("STRATEGO_LOAD_CHILD=%s|%s|%d", dir, readTimeout, maxConns))
	cmd.Stderr = io.Discard // the server's own log: refused connections and the like
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	re := regexp.MustCompile(`http://([0-9.:]+)`)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, out)
			return &loadServer{cmd: cmd, base: m[0], host: m[1]}
		}
	}
	t.Fatal("the load server printed no address")
	return nil
}

// rss returns the resident set size of the server and its peak, in MiB.
func (ls *loadServer) rss() (now, peak float64) {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", ls.cmd.Process.Pid))
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			kb, _ := strconv.ParseFloat(f[1], 64)
			switch f[0] {
			case "VmRSS:":
				now = kb / 1024
			case "VmHWM:":
				peak = kb / 1024
			}
		}
	}
	return now, peak
}

// loadStats gathers what the clients saw.
type loadStats struct {
	mu     sync.Mutex
	errors map[string]int             // by kind
	lat    map[string][]time.Duration // by request kind
	moves  int
	games  int
}

func newLoadStats() *loadStats {
	return &loadStats{errors: map[string]int{}, lat: map[string][]time.Duration{}}
}

func (s *loadStats) addError(kind string) {
	s.mu.Lock()
	s.errors[kind]++
	s.mu.Unlock()
}

func (s *loadStats) errorCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, k := range s.errors {
		n += k
	}
	return n
}

// report logs the figures.
func (s *loadStats) report(t *testing.T, what string, elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t.Logf("%s: %d games, %d moves in %v (%.0f moves/s)", what, s.games, s.moves, elapsed.Round(time.Millisecond), float64(s.moves)/elapsed.Seconds())
	kinds := slices.Sorted(func(yield func(string) bool) {
		for k := range s.lat {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range kinds {
		l := s.lat[k]
		sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
		q := func(p float64) time.Duration { return l[min(len(l)-1, int(p*float64(len(l))))] }
		t.Logf("  %-6s %6d requests: p50 %v, p99 %v, max %v", k, len(l), q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), l[len(l)-1].Round(10*time.Microsecond))
	}
	if len(s.errors) == 0 {
		t.Logf("  errors: none")
	}
	for k, n := range s.errors {
		t.Logf("  errors: %d × %s", n, k)
	}
}

// loadClient is one client with a source address of its own.
type loadClient struct {
	hc    *http.Client
	base  func() string
	stats *loadStats
	rng   *rand.Rand
}

func newLoadClient(i int, base func() string, stats *loadStats) *loadClient {
	ip := net.IPv4(127, 0, byte(1+(i+1)/250), byte(2+(i+1)%250))
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 30 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}
	return &loadClient{
		hc:   &http.Client{Transport: tr, Timeout: 2 * time.Minute},
		base: base, stats: stats, rng: rand.New(rand.NewPCG(uint64(i), 77)),
	}
}

// errRetry is a failure the client retries (the server is restarting).
var errRetry = errors.New("retry")

// do sends a request; it counts and returns the failures.
func (c *loadClient) do(kind, method, path, token string, body, v any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base()+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	res, err := c.hc.Do(req)
	if err != nil {
		c.stats.addError("network: " + kind)
		return 0, errRetry
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		c.stats.addError("network: " + kind)
		return 0, errRetry
	}
	d := time.Since(start)
	if res.StatusCode >= 400 {
		c.stats.addError(fmt.Sprintf("%s %d", kind, res.StatusCode))
		return res.StatusCode, fmt.Errorf("%s: %d %s", kind, res.StatusCode, b)
	}
	if !strings.Contains(path, "after=") { // a long poll's time is the opponent's
		c.stats.mu.Lock()
		c.stats.lat[kind] = append(c.stats.lat[kind], d)
		c.stats.mu.Unlock()
	}
	if v != nil {
		json.Unmarshal(b, v)
	}
	return res.StatusCode, nil
}

// loadGame is a game a client plays and what the server acknowledged.
type loadGame struct {
	id     string
	tokens map[stratego.Color]string
	acked  []string
}

// newGame makes a game against the random bot (or between two people,
// both played by the client) and gives the setups.
func (c *loadClient) newGame(rules string, person bool) (*loadGame, error) {
	req := map[string]any{"rules": rules, "opponent": "bot", "bot": "random", "thinkMillis": 1, "color": "red"}
	if person {
		req = map[string]any{"rules": rules, "opponent": "person", "color": "red"}
	}
	var cr createResponse
	if _, err := c.do("create", "POST", "/api/games", "", req, &cr); err != nil {
		return nil, err
	}
	g := &loadGame{id: cr.ID, tokens: map[stratego.Color]string{stratego.Red: cr.Token}}
	if person {
		var cl claimResponse
		if _, err := c.do("claim", "POST", "/api/games/"+cr.ID+"/claim", "", claimRequest{inviteOf(cr.Links.Invite)}, &cl); err != nil {
			return nil, err
		}
		g.tokens[stratego.Blue] = cl.Token
	}
	r, _ := stratego.ParseRules(rules)
	for _, tok := range g.tokens {
		if _, err := c.do("setup", "POST", "/api/games/"+g.id+"/setup", tok, setupRequest{Setup: stratego.RandomSetup(r, c.rng).String()}, nil); err != nil {
			return nil, err
		}
	}
	c.stats.mu.Lock()
	c.stats.games++
	c.stats.mu.Unlock()
	return g, nil
}

// move plays one move of g (waiting for the bot when it is its turn);
// it reports whether the game is over.
func (c *loadClient) move(g *loadGame) (bool, error) {
	var st statePayload
	if _, err := c.do("state", "GET", "/api/games/"+g.id, g.tokens[stratego.Red], nil, &st); err != nil {
		return false, err
	}
	for {
		if st.Phase == "over" {
			return true, nil
		}
		var v stratego.View
		if err := v.UnmarshalJSON(st.View); err != nil {
			return false, err
		}
		tok, mine := g.tokens[v.Turn()]
		if !mine {
			if _, err := c.do("state", "GET", fmt.Sprintf("/api/games/%s?after=%d", g.id, st.Version), g.tokens[stratego.Red], nil, &st); err != nil {
				return false, err
			}
			continue
		}
		if v.Turn() != stratego.Red {
			if _, err := c.do("state", "GET", "/api/games/"+g.id, tok, nil, &st); err != nil {
				return false, err
			}
			v.UnmarshalJSON(st.View)
		}
		ms := v.AppendLegalMoves(nil)
		var after statePayload
		if _, err := c.do("move", "POST", "/api/games/"+g.id+"/move", tok, moveRequest{ms[c.rng.IntN(len(ms))].String()}, &after); err != nil {
			return false, err
		}
		g.acked = after.Moves
		c.stats.mu.Lock()
		c.stats.moves++
		c.stats.mu.Unlock()
		return after.Phase == "over", nil
	}
}

// play plays games until stop reports true, checked before each move.
func (c *loadClient) play(rules string, person bool, stop func() bool) {
	for !stop() {
		g, err := c.newGame(rules, person)
		if err != nil {
			return
		}
		for !stop() {
			over, err := c.move(g)
			if err != nil || over {
				break
			}
		}
	}
}

// TestLoadPlay has clients play against the bot at once: none sees an
// error. Full size: 50 clients for -load.time; else 4 clients, 30 moves
// each.
func TestLoadPlay(t *testing.T) {
	clients, moves := 4, 30
	if *loadFlag {
		clients = 50
	}
	ls := startLoadServer(t, "", 0, 0)
	stats := newLoadStats()
	base := func() string { return ls.base }
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		c := newLoadClient(i, base, stats)
		n := 0
		stop := func() bool {
			n++
			if *loadFlag {
				return time.Since(start) > *loadTime
			}
			return n > moves
		}
		wg.Add(1)
		go func() { defer wg.Done(); c.play("classic", false, stop) }()
	}
	wg.Wait()
	now, peak := ls.rss()
	stats.report(t, fmt.Sprintf("%d clients playing classic against the random bot", clients), time.Since(start))
	t.Logf("  server RSS %.1f MiB at the end, peak %.1f MiB", now, peak)
	if n := stats.errorCount(); n != 0 {
		t.Errorf("%d errors: %v", n, stats.errors)
	}
}

// TestLoadFlood has one client make games as fast as it can while 10
// (full size) or 3 others play: the flood is refused with 429, the
// players see no error.
func TestLoadFlood(t *testing.T) {
	players, moves := 3, 30
	if *loadFlag {
		players = 10
	}
	ls := startLoadServer(t, "", 0, 0)
	base := func() string { return ls.base }
	stats, flood := newLoadStats(), newLoadStats()
	var done atomic.Bool
	start := time.Now()
	floodDone := make(chan struct{})
	go func() {
		defer close(floodDone)
		c := newLoadClient(999, base, flood)
		for !done.Load() {
			c.do("create", "POST", "/api/games", "", map[string]any{"rules": "classic", "opponent": "person"}, nil)
		}
	}()
	var wg sync.WaitGroup
	for i := range players {
		c := newLoadClient(i, base, stats)
		n := 0
		stop := func() bool {
			n++
			if *loadFlag {
				return time.Since(start) > *loadTime
			}
			return n > moves
		}
		wg.Add(1)
		go func() { defer wg.Done(); c.play("classic", false, stop) }()
	}
	wg.Wait()
	done.Store(true)
	<-floodDone
	stats.report(t, fmt.Sprintf("%d players during a flood of creations", players), time.Since(start))
	flood.report(t, "the flooding client", time.Since(start))
	if n := stats.errorCount(); n != 0 {
		t.Errorf("the players saw %d errors: %v", n, stats.errors)
	}
	flood.mu.Lock()
	defer flood.mu.Unlock()
	if flood.errors["create 429"] == 0 {
		t.Errorf("the flood was never refused with 429: %v", flood.errors)
	}
}

// TestLoadSlowBodies opens connections that send a request's headers
// and drip its body one byte a second: the server closes every one
// within its read timeout. Full size: 2,000 connections and the default
// timeout of 10 s; else 40 with 1 s.
func TestLoadSlowBodies(t *testing.T) {
	n, timeout := 40, time.Second
	if *loadFlag {
		n, timeout = 2000, 10*time.Second
	}
	maxConns := n + 100
	if *loadConns > 0 {
		maxConns = *loadConns
	}
	ls := startLoadServer(t, "", timeout, maxConns)
	closed := make(chan time.Duration, n)
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range n {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 2, byte(1+i%250))}}
		c, err := d.Dial("tcp", ls.host)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, c)
		start := time.Now()
		fmt.Fprintf(c, "POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
		stop := make(chan struct{})
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
					if _, err := c.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		}()
		go func() {
			io.Copy(io.Discard, c)
			close(stop)
			closed <- time.Since(start)
		}()
	}
	fds := func() int {
		es, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", ls.cmd.Process.Pid))
		return len(es)
	}
	open := fds()
	limit := time.After(timeout + 5*time.Minute) // generous: the check is that they close, the figure is when
	var longest time.Duration
	for range n {
		select {
		case d := <-closed:
			longest = max(longest, d)
		case <-limit:
			t.Fatalf("slow connections still open long after the read timeout")
		}
	}
	t.Logf("%d slow-body connections (server's open files %d while they were open, %d after), read timeout %v, connection limit %d: all closed, the last after %v",
		n, open, fds(), timeout, maxConns, longest.Round(time.Millisecond))
}

// TestLoadRestart kills the server with SIGKILL while clients play on a
// data directory, starts it again on the same directory and lets them
// go on: no game is lost and every move the server acknowledged is in
// its game. Full size: 50 clients, killed after half of -load.time;
// else 4 clients, killed after 40 moves.
func TestLoadRestart(t *testing.T) {
	clients, killAt, moves := 4, 40, 30
	if *loadFlag {
		clients = 50
	}
	dir := t.TempDir()
	var cur atomic.Pointer[loadServer]
	cur.Store(startLoadServer(t, dir, 0, 0))
	base := func() string { return cur.Load().base }
	stats := newLoadStats()
	start := time.Now()
	var killed atomic.Bool
	var mu sync.Mutex
	var all []*loadGame
	var wg sync.WaitGroup
	for i := range clients {
		c := newLoadClient(i, base, stats)
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			var g *loadGame
			for {
				if *loadFlag && time.Since(start) > *loadTime || !*loadFlag && n >= moves {
					return
				}
				if g == nil {
					var err error
					if g, err = c.newGame("classic", i%2 == 1); err != nil {
						g = nil
						time.Sleep(20 * time.Millisecond) // the server is down: try again
						continue
					}
					mu.Lock()
					all = append(all, g)
					mu.Unlock()
				}
				over, err := c.move(g)
				switch {
				case errors.Is(err, errRetry):
					time.Sleep(20 * time.Millisecond)
				case err != nil:
					// A refusal after the restart (a move the server had
					// taken but not answered): look again.
				case over:
					g = nil
				}
				n++
			}
		}()
	}
	// The kill.
	for !killed.Load() {
		stats.mu.Lock()
		m := stats.moves
		stats.mu.Unlock()
		if *loadFlag && time.Since(start) > *loadTime/2 || !*loadFlag && m >= killAt {
			old := cur.Load()
			old.cmd.Process.Signal(syscall.SIGKILL)
			old.cmd.Wait()
			killed.Store(true)
			down := time.Now()
			next := startLoadServer(t, dir, 0, 0)
			cur.Store(next)
			t.Logf("killed the server (SIGKILL) after %d acknowledged moves; it listened again %v later", m, time.Since(down).Round(time.Millisecond))
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	wg.Wait()
	stats.report(t, fmt.Sprintf("%d clients across a kill -9 and a restart", clients), time.Since(start))
	// Every game, with every acknowledged move, is on the new server.
	c := newLoadClient(0, base, newLoadStats())
	lost := 0
	for _, g := range all {
		var st statePayload
		if _, err := c.do("state", "GET", "/api/games/"+g.id, g.tokens[stratego.Red], nil, &st); err != nil {
			t.Errorf("game %s after the restart: %v", g.id, err)
			lost++
			continue
		}
		if len(st.Moves) < len(g.acked) || !slices.Equal(st.Moves[:len(g.acked)], g.acked) {
			t.Errorf("game %s: %d moves after the restart, %d acknowledged, or they differ", g.id, len(st.Moves), len(g.acked))
			lost++
		}
	}
	t.Logf("  %d games checked after the restart, %d lost or short of an acknowledged move", len(all), lost)
}
