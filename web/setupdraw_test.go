package web

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stratego-go/stratego"
)

// flagAtBack reports whether the Flag of a setup answer stands on one of
// the two back rows of its owner's zone (ranks 1 and 2 of Classic).
func flagAtBack(t *testing.T, body []byte) bool {
	t.Helper()
	var sp setupPayload
	if err := json.Unmarshal(body, &sp); err != nil {
		t.Fatal(err)
	}
	for _, p := range sp.Pieces {
		if p.Rank == stratego.Flag {
			return p.Square.Row() < 2
		}
	}
	t.Fatalf("no flag in %s", body)
	return false
}

// TestRandomSetupAsPeopleMakeThem draws 200 random setups of Classic:
// the default draw (bot.ChooseSetup) puts the Flag on the two back rows
// in at least 80% of them, the uniform draw, asked by name, in about
// half (the back two of four rows). Each is a valid setup.
func TestRandomSetupAsPeopleMakeThem(t *testing.T) {
	s := New(Config{Seed: 9})
	defer s.Close()
	const n = 200
	back := map[string]int{}
	for _, draw := range []string{"", "typical", "uniform"} {
		for range n {
			code, body := call(s, "POST", "/api/setup/random", "", randomSetupRequest{Rules: "classic", Draw: draw})
			if code != http.StatusOK {
				t.Fatalf("draw %q: %d %s", draw, code, body)
			}
			var sp setupPayload
			json.Unmarshal(body, &sp)
			if _, err := stratego.ParseSetup(stratego.Classic(), sp.Text); err != nil {
				t.Fatalf("draw %q: %v", draw, err)
			}
			if flagAtBack(t, body) {
				back[draw]++
			}
		}
	}
	t.Logf("the Flag on the back two rows, of %d: %v", n, back)
	for _, draw := range []string{"", "typical"} {
		if back[draw] < n*8/10 {
			t.Errorf("draw %q: the Flag on the back two rows in %d of %d setups, want 80%% at least", draw, back[draw], n)
		}
	}
	if back["uniform"] < n/4 || back["uniform"] > n*3/4 {
		t.Errorf("the uniform draw: the Flag on the back two rows in %d of %d setups, want about half", back["uniform"], n)
	}
	if code, body := call(s, "POST", "/api/setup/random", "", randomSetupRequest{Rules: "classic", Draw: "best"}); code != http.StatusBadRequest {
		t.Errorf("an unknown draw: %d %s", code, body)
	}
	for _, rules := range stratego.PresetNames() {
		if code, body := call(s, "POST", "/api/setup/random", "", randomSetupRequest{Rules: rules}); code != http.StatusOK {
			t.Errorf("%s: %d %s", rules, code, body)
		}
	}
}
