package browsertest

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/web"
)

// Config is the configuration of the web application under test.
type Config = web.Config

// testServer is a web.Server behind an httptest server, closed at the
// end of the test.
type testServer struct {
	*web.Server
	http *httptest.Server
}

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	cfg.CreateBurst = 100 // the tests make games faster than a person
	s := web.New(cfg)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return &testServer{s, hs}
}

// The requests and answers of the JSON API, as its doc describes them.
type (
	createRequest struct {
		Rules       string `json:"rules"`
		Opponent    string `json:"opponent"`
		Bot         string `json:"bot,omitempty"`
		ThinkMillis int    `json:"thinkMillis,omitempty"`
		Color       string `json:"color,omitempty"`
	}
	createResponse struct {
		ID    string `json:"id"`
		Color string `json:"color"`
		Token string `json:"token"`
		Links struct {
			Player    string `json:"player"`
			Invite    string `json:"invite"`
			Spectator string `json:"spectator"`
		} `json:"links"`
	}
	setupRequest struct {
		Setup string `json:"setup"`
	}
	moveRequest struct {
		Move string `json:"move"`
	}
	statePayload struct {
		Role    string          `json:"role"`
		Phase   string          `json:"phase"`
		Version int             `json:"version"`
		View    json.RawMessage `json:"view"`
		Moves   []string        `json:"moves"`
		Outcome string          `json:"outcome"`
	}
)

// do sends a request and returns the status and the body.
func (ts *testServer) do(t testing.TB, method, path, token string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := ts.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, out
}

// must is do that fails the test unless the status is want.
func (ts *testServer) must(t testing.TB, want int, method, path, token string, body any) []byte {
	t.Helper()
	code, out := ts.do(t, method, path, token, body)
	if code != want {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, want, out)
	}
	return out
}

// create makes a game and returns its answer.
func (ts *testServer) create(t testing.TB, req createRequest) createResponse {
	t.Helper()
	var cr createResponse
	if err := json.Unmarshal(ts.must(t, http.StatusCreated, "POST", "/api/games", "", req), &cr); err != nil {
		t.Fatal(err)
	}
	return cr
}

// claim takes the seat of an invitation link and returns its token.
func (ts *testServer) claim(t testing.TB, id, link string) string {
	t.Helper()
	_, invite, _ := strings.Cut(link, "&i=")
	var cr createResponse
	if err := json.Unmarshal(ts.must(t, http.StatusOK, "POST", "/api/games/"+id+"/claim", "", map[string]string{"invite": invite}), &cr); err != nil {
		t.Fatal(err)
	}
	return cr.Token
}

// statePayloadOf decodes a state answer.
func statePayloadOf(t testing.TB, b []byte) statePayload {
	t.Helper()
	var p statePayload
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("state %s: %v", b, err)
	}
	return p
}

// viewOf decodes the view of a player's state answer.
func viewOf(t testing.TB, p statePayload) stratego.View {
	t.Helper()
	var v stratego.View
	if err := v.UnmarshalJSON(p.View); err != nil {
		t.Fatalf("view %s: %v", p.View, err)
	}
	return v
}

// playedRecord plays n random moves (fewer if the game ends) and returns
// the record.
func playedRecord(t testing.TB, r stratego.Rules, seed uint64, n int) stratego.Record {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	red, blue := stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
	s, err := stratego.New(r, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	var moves []stratego.Move
	for len(moves) < n && !s.Outcome().IsOver() {
		ms := s.AppendLegalMoves(nil)
		m := ms[rng.IntN(len(ms))]
		s, _, _ = s.Apply(m)
		moves = append(moves, m)
	}
	rec, err := stratego.NewRecord(r, red, blue, moves...)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
