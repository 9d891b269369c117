package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// sseEv is one event read from a stream.
type sseEv struct {
	name string
	id   int
	data []byte
}

// openStream opens the event stream of a game for token and returns the
// response, or fails the test.
func openStream(t *testing.T, ts *testServer, id, token, query string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.http.URL+"/api/v1/games/"+id+"/events"+query, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := ts.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// readStream reads the events of a stream until it ends, sending each
// on the channel, which it closes at the end.
func readStream(res *http.Response, out chan<- sseEv) {
	defer close(out)
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var ev sseEv
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if ev.name != "" {
				out <- ev
			}
			ev = sseEv{}
		case strings.HasPrefix(line, "event: "):
			ev.name = line[7:]
		case strings.HasPrefix(line, "id: "):
			ev.id, _ = strconv.Atoi(line[4:])
		case strings.HasPrefix(line, "data: "):
			ev.data = append(ev.data, line[6:]...)
		}
	}
}

// TestEventsStreamHidesWhatTheSeatMayNotSee plays a game between two
// people over HTTP while Red's and the spectator's event streams are
// open: every event is a state of the game as that party may see it
// (Red's view equal to the library's View for Red of the game at that
// ply, the spectator's board showing a rank only where its opponent
// was shown it), nothing of the whole board before the end, the
// versions grow, and both streams end after the state of the finished
// game.
func TestEventsStreamHidesWhatTheSeatMayNotSee(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 31})
	r := s31Rules(ts.Server)
	cr, blue := ts.createPair(t, createRequest{Rules: "classic", Color: "red"})
	spec := tokenOf(cr.Links.Spectator)
	streams := map[string]chan sseEv{}
	for name, tok := range map[string]string{"red": cr.Token, "spectator": spec} {
		res := openStream(t, ts, cr.ID, tok, "", nil)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("%s's stream: %d %s", name, res.StatusCode, res.Header.Get("Content-Type"))
		}
		ch := make(chan sseEv, 1000)
		go readStream(res, ch)
		streams[name] = ch
	}
	rng := rand.New(rand.NewPCG(31, 1))
	setups := [3]stratego.Setup{stratego.Red: stratego.RandomSetup(r, rng), stratego.Blue: stratego.RandomSetup(r, rng)}
	tokens := [3]string{stratego.Red: cr.Token, stratego.Blue: blue}
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		ts.must(t, http.StatusOK, "POST", "/api/games/"+cr.ID+"/setup", tokens[c], setupRequest{Setup: setups[c].String()})
	}
	model, err := stratego.NewGame(r, setups[stratego.Red], setups[stratego.Blue])
	if err != nil {
		t.Fatal(err)
	}
	states := []stratego.State{model.State()}
	for range 80 {
		st := model.State()
		if st.Outcome().IsOver() {
			break
		}
		ms := st.AppendLegalMoves(nil)
		m := ms[rng.IntN(len(ms))]
		ts.must(t, http.StatusOK, "POST", "/api/games/"+cr.ID+"/move", tokens[st.Turn()], moveRequest{m.String()})
		model, _, _ = model.Apply(m)
		states = append(states, model.State())
	}
	if !model.State().Outcome().IsOver() {
		ts.must(t, http.StatusOK, "POST", "/api/games/"+cr.ID+"/resign", blue, map[string]string{})
		model, _ = model.Resign(stratego.Blue)
	}
	final := model.State()
	for name, ch := range streams {
		n, last := 0, -1
		timeout := time.After(60 * time.Second) // generous: the game is over, the stream ends at once
	read:
		for {
			var ev sseEv
			var ok bool
			select {
			case ev, ok = <-ch:
			case <-timeout:
				t.Fatalf("%s's stream did not end after the game", name)
			}
			if !ok {
				break read
			}
			n++
			if ev.name != "state" || ev.id <= last {
				t.Fatalf("%s's event %d: %q id %d after %d", name, n, ev.name, ev.id, last)
			}
			last = ev.id
			p := statePayloadOf(t, ev.data)
			if p.Version != ev.id {
				t.Errorf("%s: event id %d, version %d", name, ev.id, p.Version)
			}
			if p.Phase == "setup" {
				if p.View != nil || p.Reveal != nil || (name == "spectator" && p.Setup != "") {
					t.Fatalf("%s sees more than the setup phase shows: %s", name, ev.data)
				}
				continue
			}
			over := p.Phase == "over"
			if !over && p.Reveal != nil {
				t.Fatalf("%s's event of version %d reveals the board", name, ev.id)
			}
			var ply int
			var vj struct {
				Ply int `json:"ply"`
			}
			json.Unmarshal(p.View, &vj)
			ply = vj.Ply
			want := states[min(ply, len(states)-1)]
			if over {
				want = final
			}
			if name == "red" {
				if v := viewOf(t, p); !v.Equal(want.View(stratego.Red)) {
					t.Fatalf("Red's event of version %d (ply %d) is not Red's view of the game", ev.id, ply)
				}
			} else {
				wantSpec, _ := want.SpectatorView().MarshalJSON()
				if !bytes.Equal(p.View, wantSpec) {
					t.Fatalf("the spectator's event of version %d (ply %d):\n%s\nwant\n%s", ev.id, ply, p.View, wantSpec)
				}
			}
		}
		if n < 2 {
			t.Errorf("%s's stream had %d events", name, n)
		}
		t.Logf("%s's stream: %d events, the last of version %d", name, n, last)
	}
}

// s31Rules returns Classic with the server's ply cap.
func s31Rules(s *Server) stratego.Rules { return s.capRules(stratego.Classic()) }

// TestEventsResumeAndShare opens streams with ?after and Last-Event-ID
// (the first event is the first version past it), and checks the
// client's share of waiting requests: with ClientPolls 2, a third
// stream (or long poll) is refused with 429 and Retry-After until one
// ends.
func TestEventsResumeAndShare(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 32, ClientPolls: 2, PollWait: time.Minute, WriteTimeout: 5 * time.Minute})
	cr, blue := ts.createPair(t, createRequest{Rules: "duel", Color: "red"})
	v := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+cr.ID, cr.Token, nil)).Version
	a := openStream(t, ts, cr.ID, cr.Token, "?after="+strconv.Itoa(v), nil)
	b := openStream(t, ts, cr.ID, blue, "", map[string]string{"Last-Event-ID": strconv.Itoa(v)})
	if a.StatusCode != http.StatusOK || b.StatusCode != http.StatusOK {
		t.Fatalf("streams: %d, %d", a.StatusCode, b.StatusCode)
	}
	third := openStream(t, ts, cr.ID, cr.Token, "", nil)
	third.Body.Close()
	if third.StatusCode != http.StatusTooManyRequests || third.Header.Get("Retry-After") == "" {
		t.Errorf("a third stream: %d, Retry-After %q; want 429", third.StatusCode, third.Header.Get("Retry-After"))
	}
	if code, body := ts.do(t, "GET", "/api/games/"+cr.ID+"?after="+strconv.Itoa(v), cr.Token, nil); code != http.StatusTooManyRequests {
		t.Errorf("a long poll beside two streams: %d %s", code, body)
	}
	chA, chB := make(chan sseEv, 10), make(chan sseEv, 10)
	go readStream(a, chA)
	go readStream(b, chB)
	ts.must(t, http.StatusOK, "POST", "/api/games/"+cr.ID+"/setup", cr.Token, setupRequest{Setup: randomSetupText(t, ts, "duel")})
	for name, ch := range map[string]chan sseEv{"after": chA, "Last-Event-ID": chB} {
		select {
		case ev := <-ch:
			if ev.id != v+1 {
				t.Errorf("%s: first event of version %d, want %d", name, ev.id, v+1)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: no event after the change", name)
		}
	}
	a.Body.Close()
	// The share is given back once the server sees the stream closed.
	deadline := time.Now().Add(60 * time.Second)
	for {
		res := openStream(t, ts, cr.ID, cr.Token, "", nil)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream after one closed: %d", res.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Body.Close()
}
