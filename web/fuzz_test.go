package web

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/stratego-go/stratego"
)

// FuzzAPI sends arbitrary bodies and queries to every endpoint of a
// server holding one running game: every answer is a JSON value with a
// status below 500, and a refusal carries a message.
func FuzzAPI(f *testing.F) {
	for _, seed := range []struct {
		endpoint uint8
		body     string
	}{
		{0, `{"rules":"classic","opponent":"person"}`},
		{0, `{"rules":"barrage,info=silent","opponent":"bot","bot":"random","thinkMillis":1}`},
		{1, `{"rules":"ultimate-lightning"}`},
		{2, `{"rules":"duel"}`},
		{3, `{"rules":"classic","setup":"616B252538/B824423329/5624335B77/42BB672BXF"}`},
		{4, `{"setup":"616B252538/B824423329/5624335B77/42BB672BXF"}`},
		{5, `{"move":"a4-a5"}`},
		{5, `{"move":"+general@d2"}`},
		{5, `{"move":"c3-c4-d4"}`},
		{6, `{}`},
		{7, `{"text":"[Rules \"classic\"]\n*"}`},
		{7, `{"text":"<game><field>x</field></game>"}`},
		{7, `{"text":"#X38FA11 Stratego-Notation v1\ntype 0\n"}`},
		{8, `3`},
		{8, `-1`},
		{0, `{"rules":"classic","opponent":"person","color":null}`},
		{4, `[`},
	} {
		f.Add(seed.endpoint, seed.body)
	}
	f.Fuzz(func(t *testing.T, endpoint uint8, body string) {
		s := New(Config{MaxGames: 4, MaxThink: 50e6, BotGrace: 50e6, PollWait: 1e6})
		defer s.Close()
		id, tokens := callPair(t, s, createRequest{Rules: "classic", Color: "red"})
		setup := setupRequest{Setup: "616B252538/B824423329/5624335B77/42BB672BXF"}
		call(s, "POST", "/api/games/"+id+"/setup", tokens[stratego.Red], setup)
		call(s, "POST", "/api/games/"+id+"/setup", tokens[stratego.Blue], setup)
		game := "/api/games/" + id
		var method, path string
		switch endpoint % 9 {
		case 0:
			method, path = "POST", "/api/games"
		case 1:
			method, path = "POST", "/api/rules"
		case 2:
			method, path = "POST", "/api/setup/random"
		case 3:
			method, path = "POST", "/api/setup/parse"
		case 4:
			method, path = "POST", game+"/setup"
		case 5:
			method, path = "POST", game+"/move"
		case 6:
			method, path = "POST", game+"/resign"
		case 7:
			method, path = "POST", "/api/replay"
		case 8:
			method, path = "GET", game+"?after="+url.QueryEscape(body)
		}
		var req any
		if method == "POST" {
			req = json.RawMessage(body)
			if !json.Valid([]byte(body)) {
				req = body // sent as a JSON string: still not the object wanted
			}
		}
		code, out := call(s, method, path, tokens[stratego.Red], req)
		if code >= 500 {
			t.Fatalf("%s %s %q: status %d %s", method, path, body, code, out)
		}
		if !json.Valid(out) {
			t.Fatalf("%s %s %q: the answer is no JSON: %s", method, path, body, out)
		}
		if code >= 400 {
			var e apiError
			if json.Unmarshal(out, &e); e.Error == "" {
				t.Fatalf("%s %s %q: a refusal without a message: %s", method, path, body, out)
			}
		}
	})
}
