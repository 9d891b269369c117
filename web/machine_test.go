package web

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// TestServerMachine runs random sequences of requests against one game
// on the server and a model of it (a stratego.Game kept by the test):
// setups by either side, legal moves, illegal moves by anyone, moves out
// of turn, resignations, requests by the spectator. After every step
// every party's answer must agree with the model: the phase, the
// version, the moves, the player's view (equal to the model's), the
// outcome. Refused requests change nothing.
func TestServerMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := New(Config{Seed: 1, MaxPlies: 120})
		defer s.Close()
		preset := rapid.SampledFrom(stratego.PresetNames()).Draw(t, "preset")
		info := rapid.SampledFrom([]string{"standard", "silent", "open"}).Draw(t, "info")
		text := preset + ",info=" + info
		id, tokens := callPair(t, s, createRequest{Rules: text})
		path := "/api/games/" + id
		r, _ := stratego.ParseRules(text)
		r = s.capRules(r)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))

		var setups [3]*stratego.Setup
		var model stratego.Game
		abandoned := stratego.NoColor // the side that resigned in the setup phase
		version := 1                  // the claim of the invitation
		started := func() bool { return model.IsValid() }

		t.Repeat(map[string]func(*rapid.T){
			"setup": func(t *rapid.T) {
				c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "side")
				st := stratego.RandomSetup(r, rng)
				code, body := call(s, "POST", path+"/setup", tokens[c], setupRequest{Setup: st.String()})
				if setups[c] != nil || abandoned.IsValid() {
					if code == http.StatusOK {
						t.Fatalf("a second setup of %s was taken", c)
					}
					return
				}
				if code != http.StatusOK {
					t.Fatalf("setup of %s: %d %s", c, code, body)
				}
				setups[c] = &st
				version++
				if setups[stratego.Red] != nil && setups[stratego.Blue] != nil {
					model, _ = stratego.NewGame(r, *setups[stratego.Red], *setups[stratego.Blue])
				}
			},
			"move": func(t *rapid.T) {
				if !started() || model.State().Outcome().IsOver() {
					t.Skip("no game to move in")
				}
				st := model.State()
				ms := st.AppendLegalMoves(nil)
				m := rapid.SampledFrom(ms).Draw(t, "move")
				code, body := call(s, "POST", path+"/move", tokens[st.Turn()], moveRequest{m.String()})
				if code != http.StatusOK {
					t.Fatalf("legal move %s: %d %s", m, code, body)
				}
				model, _, _ = model.Apply(m)
				version++
			},
			"out of turn": func(t *rapid.T) {
				if !started() || model.State().Outcome().IsOver() {
					t.Skip("no game to move in")
				}
				st := model.State()
				m := rapid.SampledFrom(st.AppendLegalMoves(nil)).Draw(t, "move")
				k := rapid.SampledFrom([]stratego.Color{st.Turn().Opponent(), stratego.NoColor}).Draw(t, "party") // the other player or the spectator
				if code, body := call(s, "POST", path+"/move", tokens[k], moveRequest{m.String()}); code == http.StatusOK {
					t.Fatalf("%s's move %s by %s was taken: %.200s", st.Turn(), m, partyRole(k), body)
				}
			},
			"refused": func(t *rapid.T) {
				k := rapid.SampledFrom(parties).Draw(t, "party")
				from := stratego.SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "from"))
				to := stratego.SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "to"))
				m := stratego.Move{From: from, To: to}
				legal := started() && model.State().Turn() == k && model.State().Check(m) == nil
				if legal {
					t.Skip("a legal move")
				}
				code, body := call(s, "POST", path+"/move", tokens[k], moveRequest{m.String()})
				if code == http.StatusOK || code >= 500 {
					t.Fatalf("%s by %s: %d %s, want a refusal", m, partyRole(k), code, body)
				}
			},
			"resign": func(t *rapid.T) {
				c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "side")
				code, _ := call(s, "POST", path+"/resign", tokens[c], map[string]string{})
				if !started() && !abandoned.IsValid() {
					if code != http.StatusOK {
						t.Fatalf("resign in the setup phase: %d", code)
					}
					abandoned = c
					version++
				} else if started() && !model.State().Outcome().IsOver() {
					if code != http.StatusOK {
						t.Fatalf("resign: %d", code)
					}
					model, _ = model.Resign(c)
					version++
				} else if code == http.StatusOK {
					t.Fatal("a resignation was taken outside the game")
				}
			},
			"": func(t *rapid.T) {
				for _, k := range parties {
					code, body := call(s, "GET", path, tokens[k], nil)
					if code != http.StatusOK {
						t.Fatalf("state: %d %s", code, body)
					}
					var p statePayload
					json.Unmarshal(body, &p)
					checkMachine(t, p, partyRole(k), model, abandoned, version)
				}
			},
		})
	})
}

// checkMachine compares one party's answer with the model.
func checkMachine(t *rapid.T, p statePayload, ro role, model stratego.Game, abandoned stratego.Color, version int) {
	if p.Version != version {
		t.Fatalf("%s: version %d, want %d", ro, p.Version, version)
	}
	if abandoned.IsValid() {
		want := stratego.Outcome{Winner: abandoned.Opponent(), Reason: stratego.Resignation}.String()
		if p.Phase != "over" || p.Outcome != want || p.View != nil || p.Reveal != nil {
			t.Fatalf("%s: phase %s, outcome %s after %s resigned in the setup", ro, p.Phase, p.Outcome, abandoned)
		}
		return
	}
	if !model.IsValid() {
		if p.Phase != "setup" || p.View != nil {
			t.Fatalf("%s: phase %s before both setups", ro, p.Phase)
		}
		return
	}
	st := model.State()
	want := "play"
	if st.Outcome().IsOver() {
		want = "over"
	}
	if p.Phase != want || p.Outcome != st.Outcome().String() || len(p.Moves) != model.Len() {
		t.Fatalf("%s: phase %s, outcome %s, %d moves; want %s, %s, %d", ro, p.Phase, p.Outcome, len(p.Moves), want, st.Outcome(), model.Len())
	}
	if c := ro.color(); c.IsValid() {
		var v stratego.View
		if err := v.UnmarshalJSON(p.View); err != nil || !v.Equal(st.View(c)) {
			t.Fatalf("%s: the view is not the model's (%v)", ro, err)
		}
		// Where fights show both ranks, the moves read as the record
		// writes them.
		rec := model.Record()
		for i, rm := range rec.Moves {
			if st.Rules().Info == stratego.InfoStandard || st.Rules().Info == stratego.InfoOpenFaced {
				b, _ := rm.AnnotatedMove.AppendNotation(nil, st.Rules().Numbering)
				if p.Moves[i] != string(b) {
					t.Fatalf("%s: move %d is %q, the record writes %q", ro, i, p.Moves[i], b)
				}
			}
		}
	}
}
