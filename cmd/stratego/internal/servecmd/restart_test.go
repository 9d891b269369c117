package servecmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/syncbuf"
)

// TestChildServer is the server of the tests below when it runs in a
// child process (STRATEGO_SERVE_CHILD holds its arguments, one a line);
// otherwise it does nothing.
func TestChildServer(t *testing.T) {
	args := os.Getenv("STRATEGO_SERVE_CHILD")
	if args == "" {
		t.Skip("only in a child process of the restart tests")
	}
	if err := Run(strings.Split(args, "\n"), nil, os.Stdout); err != nil {
		fmt.Println("serve:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// child is a server in a child process of the test binary.
type child struct {
	cmd  *exec.Cmd
	base string
	out  *syncbuf.Buffer
}

// startChild runs the server with args in a child process and waits for
// its address.
func startChild(t *testing.T, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildServer$")
	cmd.Env = append(os.Environ(), "STRATEGO_SERVE_CHILD="+strings.Join(append([]string{"-addr", "127.0.0.1:0"}, args...), "\n"))
	pr, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, out: &syncbuf.Buffer{}}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`http://[0-9.:]+`)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			c.out.Write([]byte(sc.Text() + "\n"))
			if a := re.FindString(sc.Text()); a != "" {
				found <- a
			}
		}
	}()
	select {
	case c.base = <-found:
	case <-time.After(60 * time.Second):
		t.Fatalf("the child server printed no address: %q", c.out.String())
	}
	return c
}

// api sends a request to a server and decodes the JSON answer into v.
func api(t *testing.T, base, method, path, token string, body any, v any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if v != nil {
		json.Unmarshal(b, v)
	}
	return res.StatusCode
}

type created struct {
	ID, Color, Token string
	Links            struct{ Player, Invite, Spectator string }
}

type state struct {
	Role, Phase, Outcome string
	Version              int
	Moves                []string
	View                 json.RawMessage
}

// played is a game the test plays, with what the server acknowledged.
type played struct {
	id     string
	tokens map[stratego.Color]string
	spec   string
	moves  []string // the moves of the last acknowledged state
	over   bool
}

// TestRestartAfterKill plays games on a server with -data, kills it
// with SIGKILL and starts it again on the same directory: every game is
// there with the same links, no acknowledged move is lost, the games go
// on, and a finished game's record can be downloaded and replayed. It
// fails on the server that kept its games in memory only.
func TestRestartAfterKill(t *testing.T) {
	dir := t.TempDir()
	srv := startChild(t, "-data", dir)
	if !strings.Contains(srv.out.String(), "kept in "+dir) {
		t.Errorf("the start message does not say where games are kept: %q", srv.out.String())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var games []*played
	randomSetup := func() string {
		var su struct{ Text string }
		api(t, srv.base, "POST", "/api/setup/random", "", map[string]string{"rules": "duel"}, &su)
		return su.Text
	}
	for i, opp := range []string{"person", "bot", "person", "bot"} {
		var cr created
		req := map[string]any{"rules": "duel", "opponent": opp, "color": "red"}
		if opp == "bot" {
			req["bot"], req["thinkMillis"] = "random", 1
		}
		if code := api(t, srv.base, "POST", "/api/games", "", req, &cr); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
		g := &played{id: cr.ID, tokens: map[stratego.Color]string{stratego.Red: cr.Token}, spec: tokenOf(cr.Links.Spectator)}
		if opp == "person" {
			var cl created
			_, inv, _ := strings.Cut(cr.Links.Invite, "&i=")
			if code := api(t, srv.base, "POST", "/api/games/"+cr.ID+"/claim", "", map[string]string{"invite": inv}, &cl); code != http.StatusOK {
				t.Fatalf("claim: %d", code)
			}
			g.tokens[stratego.Blue] = cl.Token
		}
		for _, tok := range g.tokens {
			if code := api(t, srv.base, "POST", "/api/games/"+g.id+"/setup", tok, map[string]string{"setup": randomSetup()}, nil); code != http.StatusOK {
				t.Fatalf("setup: %d", code)
			}
		}
		playSome(t, srv.base, g, rng, 6+i)
		// Game 2 ends by resignation unless its random moves (from the
		// server's random setups) already ended it: then it is the
		// finished game, and a resignation would rightly get 409.
		if i == 2 && !g.over {
			var st state
			if code := api(t, srv.base, "POST", "/api/games/"+g.id+"/resign", g.tokens[stratego.Red], map[string]any{}, &st); code != http.StatusOK {
				t.Fatalf("resign: %d", code)
			}
			g.over, g.moves = true, st.Moves
		}
		games = append(games, g)
	}
	srv.cmd.Process.Signal(syscall.SIGKILL)
	srv.cmd.Wait()

	srv = startChild(t, "-data", dir)
	for i, g := range games {
		var st state
		if code := api(t, srv.base, "GET", "/api/games/"+g.id, g.tokens[stratego.Red], nil, &st); code != http.StatusOK {
			t.Fatalf("game %d after the restart: %d", i, code)
		}
		if len(st.Moves) < len(g.moves) || strings.Join(st.Moves[:len(g.moves)], " ") != strings.Join(g.moves, " ") {
			t.Fatalf("game %d: the moves after the restart %v do not begin with the acknowledged %v", i, st.Moves, g.moves)
		}
		if g.over {
			var rec bytes.Buffer
			req, _ := http.NewRequest("GET", srv.base+"/api/games/"+g.id+"/record", nil)
			req.Header.Set("Authorization", "Bearer "+g.spec)
			res, err := http.DefaultClient.Do(req)
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("the record of the finished game: %v %v", err, res)
			}
			io.Copy(&rec, res.Body)
			res.Body.Close()
			r, err := stratego.ParseRecord(rec.String())
			if err != nil {
				t.Fatal(err)
			}
			if states, err := r.Replay(); err != nil || len(states) != len(g.moves)+1 {
				t.Fatalf("the record replays to %d states (%v), want %d", len(states), err, len(g.moves)+1)
			}
			var rp struct{ Frames []string }
			if code := api(t, srv.base, "POST", "/api/replay", "", map[string]string{"text": rec.String()}, &rp); code != http.StatusOK || len(rp.Frames) != len(g.moves)+1 {
				t.Fatalf("the replay page's frames: %d, %d", code, len(rp.Frames))
			}
			continue
		}
		playSome(t, srv.base, g, rng, 2) // the game goes on, its bot too
	}
	// SIGTERM: a waiting request is answered, the server stops cleanly.
	g := games[0]
	var st state
	api(t, srv.base, "GET", "/api/games/"+g.id, g.tokens[stratego.Red], nil, &st)
	polled := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/games/%s?after=%d", srv.base, g.id, st.Version), nil)
		req.Header.Set("Authorization", "Bearer "+g.tokens[stratego.Red])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			polled <- -1
			return
		}
		res.Body.Close()
		polled <- res.StatusCode
	}()
	// Give the request time to reach the server (it waits 25 s there);
	// a slower start fails the check below only on a machine stalled
	// for seconds.
	time.Sleep(time.Second)
	srv.cmd.Process.Signal(syscall.SIGTERM)
	if err := srv.cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM the server exits with %v", err)
	}
	select {
	case code := <-polled:
		if code != http.StatusOK {
			t.Errorf("the waiting request got %d at the shutdown", code)
		}
	case <-time.After(60 * time.Second):
		t.Error("the waiting request was not answered at the shutdown")
	}
}

// playSome plays n moves of game g, each side by its token (a bot's
// side answers by itself), recording the acknowledged moves.
func playSome(t *testing.T, base string, g *played, rng *rand.Rand, n int) {
	t.Helper()
	for range n {
		var st state
		api(t, base, "GET", "/api/games/"+g.id, g.tokens[stratego.Red], nil, &st)
		for st.Phase == "play" {
			var v stratego.View
			if err := v.UnmarshalJSON(st.View); err != nil {
				t.Fatal(err)
			}
			if tok, ok := g.tokens[v.Turn()]; ok {
				if v.Turn() != stratego.Red {
					api(t, base, "GET", "/api/games/"+g.id, tok, nil, &st)
					v.UnmarshalJSON(st.View)
				}
				ms := v.AppendLegalMoves(nil)
				if code := api(t, base, "POST", "/api/games/"+g.id+"/move", tok, map[string]string{"move": ms[rng.IntN(len(ms))].String()}, &st); code != http.StatusOK {
					t.Fatalf("move: %d", code)
				}
				g.moves = st.Moves
				break
			}
			api(t, base, "GET", fmt.Sprintf("/api/games/%s?after=%d", g.id, st.Version), g.tokens[stratego.Red], nil, &st)
		}
		if st.Phase == "over" {
			g.over, g.moves = true, st.Moves
			return
		}
	}
}

// tokenOf returns the token of a link.
func tokenOf(link string) string {
	_, t, _ := strings.Cut(link, "&t=")
	return t
}

// TestSlowBodiesAreClosed opens connections that send a request's
// headers and then drip its body a byte at a time: the server closes
// every one within its read timeout (10 s by default), where it held
// them forever with only a header timeout.
func TestSlowBodiesAreClosed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncbuf.Buffer
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, []string{"-addr", "127.0.0.1:0"}, &out) }()
	addr := regexp.MustCompile(`http://([0-9.:]+)/`)
	var host string
	for deadline := time.Now().Add(30 * time.Second); host == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := addr.FindStringSubmatch(out.String()); m != nil {
			host = m[1]
		}
	}
	if !strings.Contains(out.String(), "memory only") {
		t.Errorf("without -data the start message does not say games are in memory only: %q", out.String())
	}
	const n = 50
	closed := make(chan time.Duration, n)
	for range n {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		start := time.Now()
		fmt.Fprintf(c, "POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
		stop := make(chan struct{})
		go func() { // one byte every 200 ms until the server closes
			for {
				select {
				case <-stop:
					return
				case <-time.After(200 * time.Millisecond):
					if _, err := c.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		}()
		go func() {
			io.Copy(io.Discard, c) // returns when the server closes
			close(stop)
			closed <- time.Since(start)
		}()
	}
	limit := time.After(90 * time.Second) // the read timeout is 10 s: generous
	var longest time.Duration
	for range n {
		select {
		case d := <-closed:
			longest = max(longest, d)
		case <-limit:
			t.Fatal("slow connections still open after 90 s")
		}
	}
	t.Logf("%d slow connections closed, the last after %v", n, longest.Round(time.Millisecond))
	cancel()
	<-done
}
