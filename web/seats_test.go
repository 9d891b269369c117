package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

// secretPattern matches the secrets of the server (newToken(16)).
var secretPattern = regexp.MustCompile(`[0-9a-f]{32}`)

// partyLog is what one party of a game received: every answer, with the
// ply it was given at, and the secrets it may hold.
type partyLog struct {
	name    string
	ro      role
	token   string
	allowed map[string]bool // the secrets the party may be given
	states  []plyAnswer     // state answers to check against the truth
}

type plyAnswer struct {
	ply  int
	body []byte
}

// TestSeatsAuthorizeOnlyTheirParty plays every kind of game (against a
// bot as Red and as Blue, between two people with the creator Red and
// Blue) through every endpoint of a game, and checks each answer to
// each party: it holds no secret but the party's own (the creator also
// gets the spectators' link and, for a person, the invitation), every
// secret it holds opens only the party's own seat, a bot's seat has no
// secret, an invitation is claimed once, and every state answer holds
// exactly the party's view of the true game (which the record shows at
// the end). It fails on the server that gave its creator the links of
// every seat.
func TestSeatsAuthorizeOnlyTheirParty(t *testing.T) {
	for _, kind := range []struct{ opponent, color string }{
		{"bot", "red"}, {"bot", "blue"}, {"person", "red"}, {"person", "blue"},
	} {
		t.Run(kind.opponent+"-"+kind.color, func(t *testing.T) {
			seatsOfKind(t, kind.opponent, kind.color)
		})
	}
}

func seatsOfKind(t *testing.T, opponent, color string) {
	ts := newTestServer(t, Config{Seed: 7, MaxPlies: 60, MaxThink: 1e9})
	req := map[string]any{"rules": "duel", "opponent": opponent, "color": color}
	if opponent == "bot" {
		req["bot"], req["thinkMillis"] = "random", 1
	}
	code, body := ts.do(t, "POST", "/api/games", "", req)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var cr map[string]any
	json.Unmarshal(body, &cr)
	id, _ := cr["id"].(string)
	links, _ := cr["links"].(map[string]any)
	creator := &partyLog{name: "creator", token: fmt.Sprint(cr["token"]), allowed: map[string]bool{}}
	creator.ro = roleOf(stratego.Red)
	if color == "blue" {
		creator.ro = roleOf(stratego.Blue)
	}
	creator.allowed[creator.token] = true
	spec := &partyLog{name: "spectator", ro: roleSpectator, allowed: map[string]bool{}}
	if l, ok := links["spectator"].(string); ok {
		spec.token = tokenOf(l)
		creator.allowed[spec.token] = true
	}
	var invite string
	if l, ok := links["invite"].(string); ok {
		invite = inviteOf(l)
		creator.allowed[invite] = true
	}
	path := "/api/games/" + id
	// Every secret the creator was given opens its own seat, the
	// spectators' or nothing: none acts for the other side.
	for _, sec := range secretPattern.FindAllString(string(body), -1) {
		code, b := ts.do(t, "GET", path, sec, nil)
		if code == http.StatusOK {
			if ro := statePayloadOf(t, b).Role; ro != creator.ro.String() && ro != "spectator" {
				t.Fatalf("the creator's answer holds a secret of the %s seat", ro)
			}
		}
	}
	scan := func(p *partyLog, what string, b []byte) {
		t.Helper()
		for _, sec := range secretPattern.FindAllString(string(b), -1) {
			if !p.allowed[sec] {
				t.Fatalf("%s: the answer to the %s holds a secret not its own: %s", what, p.name, b)
			}
		}
	}
	scan(creator, "create", body)
	parties := []*partyLog{creator, spec}
	var other *partyLog
	if opponent == "person" {
		if invite == "" {
			t.Fatal("no invitation for the person's seat")
		}
		code, b := ts.do(t, "POST", path+"/claim", "", map[string]string{"invite": invite})
		if code != http.StatusOK {
			t.Fatalf("claim: %d %s", code, b)
		}
		var cl map[string]any
		json.Unmarshal(b, &cl)
		other = &partyLog{name: "invited", token: fmt.Sprint(cl["token"]), ro: roleOf(creator.ro.color().Opponent()), allowed: map[string]bool{}}
		other.allowed[other.token] = true
		scan(other, "claim", b)
		if creator.allowed[other.token] {
			t.Fatal("the claimant's secret is one the creator holds")
		}
		if code, b := ts.do(t, "POST", path+"/claim", "", map[string]string{"invite": invite}); code != http.StatusConflict {
			t.Fatalf("a second claim: %d %s, want 409", code, b)
		}
		parties = append(parties, other)
	} else if invite != "" {
		t.Fatal("an invitation to a bot's seat")
	}
	// The invitation itself opens nothing.
	if invite != "" {
		if code, _ := ts.do(t, "GET", path, invite, nil); code != http.StatusForbidden {
			t.Fatalf("the invitation as a token: status %d, want 403", code)
		}
	}
	// seat returns the party that plays c.
	seat := func(c stratego.Color) *partyLog {
		for _, p := range parties {
			if p.ro.color() == c {
				return p
			}
		}
		return nil // a bot
	}
	ask := func(p *partyLog, method, suffix string, body any) (int, []byte) {
		t.Helper()
		code, b := ts.do(t, method, path+suffix, p.token, body)
		scan(p, method+" "+suffix, b)
		if code == http.StatusOK && bytes.HasPrefix(b, []byte(`{"role":`)) {
			// A state (of a state request, a setup, a move, a
			// resignation): checked against the truth at the end.
			p.states = append(p.states, plyAnswer{len(statePayloadOf(t, b).Moves), b})
		}
		return code, b
	}
	state := func(p *partyLog) statePayload {
		t.Helper()
		code, b := ask(p, "GET", "", nil)
		if code != http.StatusOK {
			t.Fatalf("state for the %s: %d %s", p.name, code, b)
		}
		st := statePayloadOf(t, b)
		if st.Role != p.ro.String() {
			t.Fatalf("the %s's token has the role %s", p.name, st.Role)
		}
		return st
	}
	for _, p := range parties {
		state(p)
		if p.ro == roleSpectator {
			for _, s := range []string{"/setup", "/move", "/resign"} {
				if code, _ := ask(p, "POST", s, map[string]string{}); code != http.StatusForbidden {
					t.Fatalf("the spectator's %s: status %d, want 403", s, code)
				}
			}
			continue
		}
		if code, _ := ask(p, "GET", "/record", nil); code != http.StatusConflict {
			t.Fatalf("the record before the end: status %d, want 409", code)
		}
		var su map[string]any
		code, b := ts.do(t, "POST", "/api/setup/random", "", map[string]string{"rules": "duel"})
		json.Unmarshal(b, &su)
		if code, b := ask(p, "POST", "/setup", map[string]any{"setup": su["text"]}); code != http.StatusOK {
			t.Fatalf("setup: %d %s", code, b)
		}
		_ = code
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 40 {
		mover := seat(creator.ro.color())
		st := state(mover)
		if st.Phase == "over" {
			break
		}
		v := viewOf(t, st)
		if v.Turn() != mover.ro.color() {
			// A person's or the bot's turn: wait for it.
			opp := seat(v.Turn())
			if opp == nil {
				ask(mover, "GET", fmt.Sprintf("?after=%d", st.Version), nil)
				continue
			}
			mover, v = opp, viewOf(t, state(opp))
		}
		// The other side's refused move, then a legal move.
		if o := seat(v.Turn().Opponent()); o != nil {
			ask(o, "POST", "/move", moveRequest{"a1-a2"})
		}
		ms := v.AppendLegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		ask(mover, "POST", "/move", moveRequest{ms[rng.IntN(len(ms))].String()})
		for _, p := range parties {
			state(p)
		}
	}
	if st := state(creator); st.Phase == "play" {
		if code, b := ask(creator, "POST", "/resign", map[string]any{}); code != http.StatusOK {
			t.Fatalf("resign: %d %s", code, b)
		}
	}
	// The end: the record is for every party, and it is the truth each
	// earlier answer is checked against.
	var text []byte
	for _, p := range parties {
		state(p)
		code, b := ask(p, "GET", "/record", nil)
		if code != http.StatusOK {
			t.Fatalf("record for the %s: %d %s", p.name, code, b)
		}
		text = b
	}
	// The endpoints of no game hold no secret either.
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/options", nil},
		{"POST", "/api/rules", map[string]string{"rules": "duel"}},
		{"POST", "/api/setup/random", map[string]string{"rules": "duel"}},
		{"POST", "/api/setup/parse", map[string]string{"rules": "duel", "setup": "x"}},
		{"POST", "/api/replay", map[string]string{"text": string(text)}},
	} {
		_, b := ts.do(t, c.method, c.path, creator.token, c.body)
		scan(spec, c.path, b) // the spectator: allowed no secret
	}
	rec, err := stratego.ParseRecord(string(text))
	if err != nil {
		t.Fatal(err)
	}
	played := rec
	played.Result = stratego.Outcome{} // the states before a resignation
	states, err := played.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parties {
		for _, a := range p.states {
			var st statePayload
			json.Unmarshal(a.body, &st)
			if st.Phase == "setup" {
				if strings.Contains(string(a.body), `"view"`) {
					t.Fatalf("a view before the game began: %s", a.body)
				}
				continue
			}
			s := states[a.ply]
			if st.Phase == "over" && !s.Outcome().IsOver() && rec.Result.Reason == stratego.Resignation {
				if s, err = s.Resign(rec.Result.Winner.Opponent()); err != nil {
					t.Fatal(err)
				}
			}
			checkAnswer(t, s, p.ro, a.body)
		}
		t.Logf("the %s: %d state answers checked", p.name, len(p.states))
	}
}
