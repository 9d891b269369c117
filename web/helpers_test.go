package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stratego-go/stratego"
)

// testServer is a Server behind an httptest server, closed at the end of
// the test.
type testServer struct {
	*Server
	http *httptest.Server
}

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	s := New(cfg)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return &testServer{s, hs}
}

// do sends a request and returns the status and the body; an error of
// the request fails the test. Call it on the test's goroutine only (see
// send).
func (ts *testServer) do(t testing.TB, method, path, token string, body any) (int, []byte) {
	t.Helper()
	code, out, err := ts.send(method, path, token, body)
	if err != nil {
		t.Fatal(err)
	}
	return code, out
}

// send is do for any goroutine: it returns the request's error.
func (ts *testServer) send(method, path, token string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := ts.http.Client().Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	return res.StatusCode, out, err
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

// tokenOf returns the token of a link.
func tokenOf(link string) string {
	i := bytes.LastIndex([]byte(link), []byte("&t="))
	return link[i+3:]
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

// claim takes the seat of an invitation link and returns its token.
func (ts *testServer) claim(t testing.TB, id, invite string) claimResponse {
	t.Helper()
	var cr claimResponse
	if err := json.Unmarshal(ts.must(t, http.StatusOK, "POST", "/api/games/"+id+"/claim", "", claimRequest{inviteOf(invite)}), &cr); err != nil {
		t.Fatal(err)
	}
	return cr
}

// createPair makes a game between two people and claims the
// invitation: it returns the answer to the creator and the token of the
// other seat.
func (ts *testServer) createPair(t testing.TB, req createRequest) (createResponse, string) {
	t.Helper()
	req.Opponent = "person"
	cr := ts.create(t, req)
	return cr, ts.claim(t, cr.ID, cr.Links.Invite).Token
}

// inviteOf returns the invitation of a link.
func inviteOf(link string) string {
	i := bytes.LastIndex([]byte(link), []byte("&i="))
	if i < 0 {
		return ""
	}
	return link[i+3:]
}

// callPair is createPair straight on the handler: it returns the game's
// id and its tokens indexed by Color, the spectator's at NoColor.
func callPair(t interface {
	Helper()
	Fatalf(string, ...any)
}, s *Server, req createRequest) (string, [3]string) {
	t.Helper()
	req.Opponent = "person"
	code, body := call(s, "POST", "/api/games", "", req)
	var cr createResponse
	if code != http.StatusCreated || json.Unmarshal(body, &cr) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	code, body = call(s, "POST", "/api/games/"+cr.ID+"/claim", "", claimRequest{inviteOf(cr.Links.Invite)})
	var cl claimResponse
	if code != http.StatusOK || json.Unmarshal(body, &cl) != nil {
		t.Fatalf("claim: %d %s", code, body)
	}
	var tokens [3]string
	tokens[stratego.NoColor] = tokenOf(cr.Links.Spectator)
	if cr.Color == "red" {
		tokens[stratego.Red], tokens[stratego.Blue] = cr.Token, cl.Token
	} else {
		tokens[stratego.Red], tokens[stratego.Blue] = cl.Token, cr.Token
	}
	return cr.ID, tokens
}

// parties are the holders of callPair's tokens: the two sides and, as
// NoColor, the spectator.
var parties = []stratego.Color{stratego.Red, stratego.Blue, stratego.NoColor}

// partyRole is the role of a party: a side's player, or for NoColor the
// spectator.
func partyRole(c stratego.Color) role {
	if c == stratego.NoColor {
		return roleSpectator
	}
	return roleOf(c)
}
