package browsertest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	vderrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/stratego-go/stratego"
)

// TestAnswersMatchOpenAPI sends every operation of the HTTP API v1 its
// ordinary requests and its refusals, and checks each answer (status,
// content type, body) against the OpenAPI 3.1 document the server
// serves, with pb33f/libopenapi-validator; the valid requests are
// checked too. Every operation of the document is exercised.
func TestAnswersMatchOpenAPI(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 21})
	docBytes := ts.must(t, http.StatusOK, "GET", "/api/v1/openapi.json", "", nil)
	doc, err := libopenapi.NewDocument(docBytes)
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("the validator: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			t.Errorf("the document: %s: %s", e.Message, e.Reason)
		}
		t.FailNow()
	}
	seen := map[string]bool{}
	statuses := map[string][]int{}
	// send sends a request and checks the answer; valid says that the
	// request itself follows the document (a refused request may not).
	send := func(op, method, path, token, ctype, body string, header map[string]string, valid bool, want int) []byte {
		t.Helper()
		req, _ := http.NewRequest(method, ts.http.URL+path, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		for k, val := range header {
			req.Header.Set(k, val)
		}
		res, err := ts.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("%s %s: %d %s, want %d", method, path, res.StatusCode, out, want)
		}
		// The request again, its body readable, for the validator.
		check, _ := http.NewRequest(method, ts.http.URL+path, strings.NewReader(body))
		check.Header = req.Header.Clone()
		res.Body = io.NopCloser(bytes.NewReader(out))
		var ok bool
		var verrs []*vderrors.ValidationError
		if valid {
			ok, verrs = v.ValidateHttpRequestResponse(check, res)
		} else {
			ok, verrs = v.ValidateHttpResponse(check, res)
		}
		if !ok {
			for _, e := range verrs {
				t.Errorf("%s %s (%d): %s: %s %v", method, path, res.StatusCode, e.Message, e.Reason, e.SchemaValidationErrors)
			}
		}
		seen[op] = true
		statuses[op] = append(statuses[op], res.StatusCode)
		return out
	}
	const js = "application/json"
	jsonOf := func(v any) string { b, _ := json.Marshal(v); return string(b) }

	send("options", "GET", "/api/v1/options", "", "", "", nil, true, 200)
	send("openapi", "GET", "/api/v1/openapi.json", "", "", "", nil, true, 200)
	send("rules", "POST", "/api/v1/rules", "", js, `{"rules":"classic,twosquares=5"}`, nil, true, 200)
	send("rules", "POST", "/api/v1/rules", "", js, `{"rules":"chess"}`, nil, true, 400)
	send("rules", "POST", "/api/v1/rules", "", "text/plain", `{"rules":"classic"}`, nil, false, 415)
	send("rules", "POST", "/api/v1/rules", "", js, `{"rules":"`+strings.Repeat("x", 20000)+`"}`, nil, true, 413)
	send("randomSetup", "POST", "/api/v1/setup/random", "", js, `{"rules":"classic"}`, nil, true, 200)
	send("randomSetup", "POST", "/api/v1/setup/random", "", js, `{"rules":"barrage","draw":"uniform"}`, nil, true, 200)
	send("randomSetup", "POST", "/api/v1/setup/random", "", js, `{"rules":"classic","draw":"best"}`, nil, false, 400)
	var setup struct{ Text string }
	json.Unmarshal(send("randomSetup", "POST", "/api/v1/setup/random", "", js, `{"rules":"duel"}`, nil, true, 200), &setup)
	send("parseSetup", "POST", "/api/v1/setup/parse", "", js, jsonOf(map[string]string{"rules": "duel", "setup": setup.Text}), nil, true, 200)
	send("parseSetup", "POST", "/api/v1/setup/parse", "", js, `{"rules":"duel","setup":"XXXX"}`, nil, true, 400)
	send("replay", "POST", "/api/v1/replay", "", js, jsonOf(map[string]string{"text": playedRecord(t, stratego.Duel(), 3, 20).String()}), nil, true, 200)
	send("replay", "POST", "/api/v1/replay", "", js, `{"text":"#junk"}`, nil, true, 400)

	send("createGame", "POST", "/api/v1/games", "", js, `{"rules":"duel","opponent":"bot","bot":"random","thinkMillis":1,"color":"blue"}`, nil, true, 201)
	send("createGame", "POST", "/api/v1/games", "", js, `{"rules":"duel","opponent":"robot"}`, nil, false, 400)
	send("createGame", "POST", "/api/v1/games", "", js, `{"rules":"duel","opponent":"person"}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, false, 403)
	var cr createResponse
	json.Unmarshal(send("createGame", "POST", "/api/v1/games", "", js, `{"rules":"duel","opponent":"person","color":"red"}`, nil, true, 201), &cr)
	game := "/api/v1/games/" + cr.ID
	invite := cr.Links.Invite[strings.LastIndex(cr.Links.Invite, "&i=")+3:]
	send("claimSeat", "POST", "/api/v1/games/0123456789abcdef/claim", "", js, jsonOf(map[string]string{"invite": invite}), nil, true, 404)
	var cl createResponse
	json.Unmarshal(send("claimSeat", "POST", game+"/claim", "", js, jsonOf(map[string]string{"invite": invite}), nil, true, 200), &cl)
	send("claimSeat", "POST", game+"/claim", "", js, jsonOf(map[string]string{"invite": invite}), nil, true, 409)
	red, blue := cr.Token, cl.Token
	spec := cr.Links.Spectator[strings.LastIndex(cr.Links.Spectator, "&t=")+3:]

	send("gameState", "GET", game, red, "", "", nil, true, 200)
	send("gameState", "GET", game+"?after=x", red, "", "", nil, false, 400)
	send("gameState", "GET", game, "0000", "", "", nil, true, 403)
	send("gameState", "GET", "/api/v1/games/0123456789abcdef", red, "", "", nil, true, 404)
	send("giveSetup", "POST", game+"/setup", red, js, jsonOf(map[string]string{"setup": setup.Text}), nil, true, 200)
	send("giveSetup", "POST", game+"/setup", red, js, jsonOf(map[string]string{"setup": setup.Text}), nil, true, 409)
	send("gameRecord", "GET", game+"/record", red, "", "", nil, true, 409)
	send("giveSetup", "POST", game+"/setup", blue, js, jsonOf(map[string]string{"setup": setup.Text}), nil, true, 200)
	var st struct {
		Version int
		View    struct {
			LegalMoves []string `json:"legalMoves"`
		}
	}
	json.Unmarshal(send("gameState", "GET", game, red, "", "", nil, true, 200), &st)
	send("gameState", "GET", game, spec, "", "", nil, true, 200)
	send("gameState", "GET", game+"?after=0", blue, "", "", nil, true, 200)
	send("playMove", "POST", game+"/move", blue, js, `{"move":"a7-a6"}`, nil, true, 409)
	send("playMove", "POST", game+"/move", red, js, `{"move":"z9-a5"}`, nil, true, 400)
	send("playMove", "POST", game+"/move", spec, js, `{"move":"a4-a5"}`, nil, true, 403)
	send("playMove", "POST", game+"/move", red, js, jsonOf(map[string]string{"move": st.View.LegalMoves[0]}), nil, true, 200)
	send("gameEvents", "GET", game+"/events?after=x", red, "", "", nil, false, 400)
	send("gameEvents", "GET", game+"/events", "0000", "", "", nil, true, 403)
	send("resign", "POST", game+"/resign", blue, js, `{}`, nil, true, 200)
	send("resign", "POST", game+"/resign", red, js, `{}`, nil, true, 409)
	send("gameState", "GET", game, red, "", "", nil, true, 200)
	send("gameEvents", "GET", game+"/events", red, "", "", nil, true, 200)          // the final state, then the end
	send("gameEvents", "GET", game+"/events?after=1", spec, "", "", nil, true, 200) // the spectator's
	send("gameRecord", "GET", game+"/record", red, "", "", nil, true, 200)

	// A game resigned in its setup phase.
	var cb createResponse
	json.Unmarshal(send("createGame", "POST", "/api/v1/games", "", js, `{"rules":"classic","opponent":"bot"}`, nil, true, 201), &cb)
	send("resign", "POST", "/api/v1/games/"+cb.ID+"/resign", cb.Token, js, `{}`, nil, true, 200)
	send("gameRecord", "GET", "/api/v1/games/"+cb.ID+"/record", cb.Token, "", "", nil, true, 409)

	var ops struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
		} `json:"paths"`
	}
	json.Unmarshal(docBytes, &ops)
	for path, item := range ops.Paths {
		for method, op := range item {
			if method != "parameters" && !seen[op.OperationID] {
				t.Errorf("%s %s (%s) was not exercised", method, path, op.OperationID)
			}
		}
	}
	t.Logf("statuses checked: %v", statuses)
}
