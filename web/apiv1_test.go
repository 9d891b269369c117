package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

// TestOpenAPIDeclaresEveryRoute checks that the OpenAPI document served
// at /api/v1/openapi.json is the committed one, of version 3.1, and
// declares exactly the operations the server routes under /api/v1.
// The answers are checked against it in the module web/browsertest
// (TestAnswersMatchOpenAPI), which may depend on a validator.
func TestOpenAPIDeclaresEveryRoute(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	code, body := call(s, "GET", "/api/v1/openapi.json", "", nil)
	if code != http.StatusOK || string(body) != string(openAPI) {
		t.Fatalf("GET /api/v1/openapi.json: %d, %d bytes", code, len(body))
	}
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	var declared, routed []string
	for path, item := range doc.Paths {
		for method := range item {
			if method != "parameters" {
				declared = append(declared, strings.ToUpper(method)+" "+path)
			}
		}
	}
	for _, rt := range apiRoutes {
		routed = append(routed, rt.method+" /api/v1"+rt.path)
	}
	slices.Sort(declared)
	slices.Sort(routed)
	if !slices.Equal(declared, routed) {
		t.Errorf("declared:\n%s\nrouted:\n%s", strings.Join(declared, "\n"), strings.Join(routed, "\n"))
	}
}

// TestOldPathsAreAliases sends the same requests under /api and
// /api/v1: the answers are alike.
func TestOldPathsAreAliases(t *testing.T) {
	s := New(Config{Seed: 5})
	defer s.Close()
	for _, rt := range apiRoutes {
		if rt.v1Only || strings.Contains(rt.path, "{id}") {
			continue
		}
		var body any
		if rt.method == "POST" {
			body = map[string]string{"rules": "classic"}
		}
		c1, b1 := call(s, rt.method, "/api"+rt.path, "", body)
		c2, b2 := call(s, rt.method, "/api/v1"+rt.path, "", body)
		if c1 != c2 || c1 == http.StatusNotFound || (rt.path != "/setup/random" && rt.path != "/games" && string(b1) != string(b2)) {
			t.Errorf("%s %s: %d %.80s; under /api/v1: %d %.80s", rt.method, rt.path, c1, b1, c2, b2)
		}
	}
	id, tokens := callPair(t, s, createRequest{Rules: "duel"})
	_, b1 := call(s, "GET", "/api/games/"+id, tokens[stratego.Red], nil)
	_, b2 := call(s, "GET", "/api/v1/games/"+id, tokens[stratego.Red], nil)
	if string(b1) != string(b2) {
		t.Errorf("the state under /api and /api/v1 differ:\n%s\n%s", b1, b2)
	}
}
