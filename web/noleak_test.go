package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

// leakGame is one game on the server with its local copy, the truth
// the test compares with.
type leakGame struct {
	id     string
	tokens [3]string // indexed by Color, the spectator's at NoColor
	local  stratego.State
}

// call sends a request straight to the handler and returns the status
// and the body.
func call(s *Server, method, path, token string, body any) (int, []byte) {
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// permuted returns st with the ranks of its pieces shuffled among its
// squares: a setup that differs only in what the opponent cannot see.
func permuted(r stratego.Rules, st stratego.Setup, rng *rand.Rand) stratego.Setup {
	var squares []stratego.Square
	var ranks []stratego.Rank
	for sq := range r.Zone.All() {
		if rk := st.At(sq); rk != stratego.NoRank {
			squares = append(squares, sq)
			ranks = append(ranks, rk)
		}
	}
	rng.Shuffle(len(ranks), func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
	out := stratego.NewSetup(r)
	for i, sq := range squares {
		out.Put(sq, ranks[i])
	}
	return out
}

// TestNoLeakOverHTTP checks over the HTTP API that no answer to a player
// or a spectator holds a rank it may not know, for every preset and
// every information rule (Rules.Info), over many games.
//
// Two games are played move for move, the second with the setup of one
// side (the hidden side) shuffled, so that the other side (the
// observer) cannot tell them apart until a fight shows a difference.
// While the observer's views of the two are equal (stratego.View.Equal),
// every answer to the observer and to the spectator must be the same
// bytes in both games: the state after each ply, the answers to its
// moves and to its refused moves. Each side is the hidden one in turn.
// Every answer to a player must also hold exactly the library's view of
// the true state, a spectator's ranks must be ones both players were
// shown, and nothing reveals the board before the end.
func TestNoLeakOverHTTP(t *testing.T) {
	seeds, hiddens := 3, []stratego.Color{stratego.Blue, stratego.Red}
	if testing.Short() {
		seeds, hiddens = 1, hiddens[:1] // the race run: one pair per setting
	}
	infos := []string{"standard", "silent", "open"}
	for _, preset := range stratego.PresetNames() {
		for _, info := range infos {
			for seed := range seeds {
				for _, hidden := range hiddens {
					name := fmt.Sprintf("%s,info=%s/%d/%s-hidden", preset, info, seed, hidden)
					t.Run(name, func(t *testing.T) {
						noLeakPair(t, preset+",info="+info, uint64(seed), hidden)
					})
				}
			}
		}
	}
}

// noLeakPair plays one pair of games; see TestNoLeakOverHTTP.
func noLeakPair(t *testing.T, rulesText string, seed uint64, hidden stratego.Color) {
	plies := 160
	if testing.Short() {
		plies = 50
	}
	s := New(Config{MaxPlies: plies, Seed: seed + 1})
	defer s.Close()
	rng := rand.New(rand.NewPCG(seed, uint64(hidden)))
	r, err := stratego.ParseRules(rulesText)
	if err != nil {
		t.Fatal(err)
	}
	r = s.capRules(r)
	observer := hidden.Opponent()
	var setups [2][3]stratego.Setup // per game, by Color
	setups[0][stratego.Red], setups[0][stratego.Blue] = stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
	setups[1] = setups[0]
	setups[1][hidden] = permuted(r, setups[0][hidden], rng)
	var games [2]*leakGame
	for i, su := range setups {
		id, tokens := callPair(t, s, createRequest{Rules: rulesText})
		g := &leakGame{id: id, tokens: tokens}
		for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
			if code, body := call(s, "POST", "/api/games/"+g.id+"/setup", g.tokens[c], setupRequest{Setup: su[c].String()}); code != http.StatusOK {
				t.Fatalf("setup: %d %s", code, body)
			}
		}
		if g.local, err = stratego.New(r, su[stratego.Red], su[stratego.Blue]); err != nil {
			t.Fatal(err)
		}
		games[i] = g
	}
	watched := []stratego.Color{observer, stratego.NoColor} // the observer's and the spectator's tokens
	compared := 0
	for !games[0].local.Outcome().IsOver() && !games[1].local.Outcome().IsOver() {
		same := games[0].local.View(observer).Equal(games[1].local.View(observer))
		var answers [2][3][]byte
		for i, g := range games {
			for _, k := range parties {
				code, body := call(s, "GET", "/api/games/"+g.id, g.tokens[k], nil)
				if code != http.StatusOK {
					t.Fatalf("state: %d %s", code, body)
				}
				checkAnswer(t, g.local, partyRole(k), body)
				answers[i][k] = body
			}
		}
		if !same {
			break // a fight told the games apart for the observer
		}
		compared++
		for _, k := range watched {
			if !bytes.Equal(answers[0][k], answers[1][k]) {
				t.Fatalf("ply %d: the answer to %s differs between games that %s cannot tell apart:\n%s\n%s",
					games[0].local.Ply(), partyRole(k), observer, answers[0][k], answers[1][k])
			}
		}
		// The side to move plays a move legal in both games; the observer
		// first tries an illegal one.
		mover := games[0].local.Turn()
		var both []stratego.Move
		for _, m := range games[0].local.AppendLegalMoves(nil) {
			if games[1].local.Check(m) == nil {
				both = append(both, m)
			}
		}
		if len(both) == 0 {
			break
		}
		m := both[rng.IntN(len(both))]
		var bad stratego.Move
		if mover == observer {
			bad = illegalMove(r, games[0].local, rng)
		}
		var refusals, replies [2][]byte
		for i, g := range games {
			tok := g.tokens[mover]
			if bad.IsValid() {
				code, body := call(s, "POST", "/api/games/"+g.id+"/move", tok, moveRequest{bad.String()})
				if code == http.StatusOK {
					t.Fatalf("the illegal move %s was accepted", bad)
				}
				refusals[i] = body
			}
			next, _, err := g.local.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			code, body := call(s, "POST", "/api/games/"+g.id+"/move", tok, moveRequest{m.String()})
			if code != http.StatusOK {
				t.Fatalf("move %s: %d %s", m, code, body)
			}
			checkAnswer(t, next, roleOf(mover), body)
			replies[i] = body
			g.local = next
		}
		if mover == observer {
			if !bytes.Equal(refusals[0], refusals[1]) {
				t.Fatalf("ply %d: the refusals of %s differ between games it cannot tell apart:\n%s\n%s",
					games[0].local.Ply(), bad, refusals[0], refusals[1])
			}
			// The reply shows the position after the move, which a fight
			// may have told apart, or the whole board at the end.
			if games[0].local.View(mover).Equal(games[1].local.View(mover)) && !games[0].local.Outcome().IsOver() &&
				!bytes.Equal(replies[0], replies[1]) {
				t.Fatalf("ply %d: the answers to %s differ between games %s cannot tell apart:\n%s\n%s",
					games[0].local.Ply(), m, mover, replies[0], replies[1])
			}
		}
	}
	// Under open information every rank is shown, so the shuffled game
	// differs at once; the answers were still checked against the views.
	if compared < 2 && r.Info != stratego.InfoOpenFaced {
		t.Errorf("only %d plies compared", compared)
	}
	t.Logf("%d plies compared", compared)
}

// illegalMove returns a move of one of the mover's pieces that the rules
// refuse, or the zero Move when none of the few tried is.
func illegalMove(r stratego.Rules, s stratego.State, rng *rand.Rand) stratego.Move {
	legal := s.AppendLegalMoves(nil)
	var own []stratego.Square
	for sq := range r.Squares().All() {
		if pc, ok := s.At(sq); ok && pc.Color() == s.Turn() {
			own = append(own, sq)
		}
	}
	for range 20 {
		from := own[rng.IntN(len(own))]
		to := stratego.SquareAt(from.File()+rng.IntN(5)-2, from.Row()+rng.IntN(5)-2)
		m := stratego.Move{From: from, To: to}
		if to.IsValid() && to != from && !slices.Contains(legal, m) {
			return m
		}
	}
	return stratego.Move{}
}

// checkAnswer checks one state answer against the truth s: a player's
// view is exactly s.View of the player, a spectator's ranks are ones
// both players were shown, the moves as the receiver saw them name no
// rank it may not know, and nothing reveals the board before the end.
func checkAnswer(t *testing.T, s stratego.State, ro role, body []byte) {
	t.Helper()
	var p statePayload
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	over := s.Outcome().IsOver()
	if !over && (p.Reveal != nil || strings.Contains(string(body), `"reveal"`)) {
		t.Fatalf("the board is revealed to %s before the end", ro)
	}
	if c := ro.color(); c.IsValid() {
		var v stratego.View
		if err := v.UnmarshalJSON(p.View); err != nil {
			t.Fatalf("view: %v", err)
		}
		if !v.Equal(s.View(c)) {
			t.Fatalf("the view sent to %s is not its view of the game:\n%s", c, p.View)
		}
		for sq, ranks := range p.CanBe {
			q, err := stratego.ParseSquare(sq)
			if err != nil || !s.View(c).Hidden().Has(q) || len(ranks) == 0 {
				t.Fatalf("canBe of %s for %s: %v", sq, c, ranks)
			}
		}
		return
	}
	var sv struct {
		Board []struct {
			Square stratego.Square `json:"square"`
			Piece  stratego.Piece  `json:"piece"`
		} `json:"board"`
	}
	if err := json.Unmarshal(p.View, &sv); err != nil {
		t.Fatalf("spectator view: %v", err)
	}
	n := 0
	for sq := range s.Rules().Squares().All() {
		if _, ok := s.At(sq); ok {
			n++
		}
	}
	if len(sv.Board) != n {
		t.Fatalf("the spectator sees %d pieces, the board has %d", len(sv.Board), n)
	}
	for _, e := range sv.Board {
		truth, ok := s.At(e.Square)
		known := s.Knowledge(e.Square)&stratego.KnownRank != 0
		switch {
		case !ok || truth.Color() != e.Piece.Color():
			t.Fatalf("the spectator sees %s on %s, the board has %s", e.Piece, e.Square, truth)
		case e.Piece.Rank() != stratego.Unknown && (!known || e.Piece != truth):
			t.Fatalf("the spectator is shown %s on %s, which its opponent has not seen", e.Piece, e.Square)
		case e.Piece.Rank() == stratego.Unknown && known:
			t.Fatalf("the spectator is not shown %s on %s, which both players have seen", truth, e.Square)
		}
	}
}
