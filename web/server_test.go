package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/pageinfo"
)

// playUntil plays the side of token with moves chosen by pick until the
// game is over, waiting for the other side's moves with ?after; it
// returns the last state.
func playUntil(t *testing.T, ts *testServer, id, token string, pick func(stratego.View) stratego.Move) statePayload {
	t.Helper()
	path := "/api/games/" + id
	p := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", path, token, nil))
	for range 5000 {
		if p.Phase == "over" {
			return p
		}
		if p.Phase == "play" {
			v := viewOf(t, p)
			if v.Turn() == v.Player() && v.IsLegal(pick(v)) {
				m := pick(v)
				p = statePayloadOf(t, ts.must(t, http.StatusOK, "POST", path+"/move", token, moveRequest{m.String()}))
				continue
			}
		}
		p = statePayloadOf(t, ts.must(t, http.StatusOK, "GET", fmt.Sprintf("%s?after=%d", path, p.Version), token, nil))
	}
	t.Fatal("the game did not end")
	return p
}

// randomMover picks uniform random legal moves.
func randomMover(seed uint64) func(stratego.View) stratego.Move {
	rng := rand.New(rand.NewPCG(seed, 1))
	var last stratego.Move
	var lastPly = -1
	return func(v stratego.View) stratego.Move {
		if v.Ply() == lastPly {
			return last // the same choice when asked twice for one position
		}
		ms := v.AppendLegalMoves(nil)
		last, lastPly = ms[rng.IntN(len(ms))], v.Ply()
		return last
	}
}

// randomSetupText asks the server for a random setup.
func randomSetupText(t *testing.T, ts *testServer, rules string) string {
	t.Helper()
	var sp setupPayload
	if err := json.Unmarshal(ts.must(t, http.StatusOK, "POST", "/api/setup/random", "", rulesRequest{rules}), &sp); err != nil {
		t.Fatal(err)
	}
	return sp.Text
}

// TestGameAgainstBotOverHTTP plays whole games against the built-in bot
// through the API, as both colors, and checks the record: it is refused
// while the game runs, and once the game is over it replays to the
// outcome the pages showed.
func TestGameAgainstBotOverHTTP(t *testing.T) {
	ts := newTestServer(t, Config{MaxPlies: 600})
	for i, color := range []string{"red", "blue"} {
		cr := ts.create(t, createRequest{Rules: "barrage", Opponent: "bot", Bot: "random", ThinkMillis: 10, Color: color})
		if cr.Color != color {
			t.Fatalf("created as %s, want %s", cr.Color, color)
		}
		path := "/api/games/" + cr.ID
		ts.must(t, http.StatusConflict, "GET", path+"/record", cr.Token, nil)
		ts.must(t, http.StatusOK, "POST", path+"/setup", cr.Token, setupRequest{Setup: randomSetupText(t, ts, "barrage")})
		end := playUntil(t, ts, cr.ID, cr.Token, randomMover(uint64(i)))
		if end.Reveal == nil {
			t.Error("the end state does not reveal the board")
		}
		text := ts.must(t, http.StatusOK, "GET", path+"/record", cr.Token, nil)
		rec, err := stratego.ParseRecord(string(text))
		if err != nil {
			t.Fatalf("record: %v\n%s", err, text)
		}
		states, err := rec.Replay()
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if got := states[len(states)-1].Outcome().String(); got != end.Outcome {
			t.Errorf("the record ends %q, the page showed %q", got, end.Outcome)
		}
		if len(end.Moves) != len(rec.Moves) {
			t.Errorf("%d moves shown, %d in the record", len(end.Moves), len(rec.Moves))
		}
	}
}

// TestRefusalsExplainTheRule checks that a refused move is answered with
// the rule in words: the Two-Squares Rule after a piece went back and
// forth, a Bomb that never moves, a diagonal step, a lake, a move out of
// turn, and moves by a spectator.
func TestRefusalsExplainTheRule(t *testing.T) {
	ts := newTestServer(t, Config{})
	r := stratego.Classic()
	// A Sergeant on a4 with empty squares ahead, a Bomb on d1, a Scout on
	// g4 by a lake; Blue's copy puts a Sergeant on j7 and a Scout on i7.
	red := "616B252538/B824423329/5624335B77/42BB672BXF"
	blue := red
	cr, blueTok := ts.createPair(t, createRequest{Rules: "classic", Color: "red"})
	redTok, specTok := cr.Token, tokenOf(cr.Links.Spectator)
	path := "/api/games/" + cr.ID
	ts.must(t, http.StatusOK, "POST", path+"/setup", redTok, setupRequest{Setup: red})
	ts.must(t, http.StatusOK, "POST", path+"/setup", blueTok, setupRequest{Setup: blue})
	if _, err := stratego.ParseSetup(r, red); err != nil {
		t.Fatal(err)
	}
	refuse := func(token, move, rule, words string) {
		t.Helper()
		code, body := ts.do(t, "POST", path+"/move", token, moveRequest{move})
		var mr moveRefusal
		json.Unmarshal(body, &mr)
		if code == http.StatusOK || !strings.Contains(mr.Error, words) || mr.Rule != rule {
			t.Errorf("%s: status %d, %+v; want a refusal (rule %q) saying %q", move, code, mr, rule, words)
		}
	}
	play := func(token, move string) {
		t.Helper()
		ts.must(t, http.StatusOK, "POST", path+"/move", token, moveRequest{move})
	}
	refuse(redTok, "d1-d2", "immovable", "Bombs and the Flag never move")
	refuse(redTok, "a4-b5", "bad-direction", "never diagonally")
	refuse(redTok, "g4-g5", "lake", "never enter or cross the lakes")
	refuse(blueTok, "a7-a6", "turn", "not your turn")
	// An attack written onto an empty square is refused: the
	// server knows the position, so "x" must mean an attack.
	refuse(redTok, "a4xa5", "no-attack", "no enemy piece stands on its target")
	code, body := ts.do(t, "POST", path+"/move", specTok, moveRequest{"a4-a5"})
	if code != http.StatusForbidden || !bytes.Contains(body, []byte("Spectators")) {
		t.Errorf("a spectator's move: status %d %s, want 403", code, body)
	}
	// Blue shuffles a piece far from the a-file between two squares, two
	// pieces in turn so that its own Two-Squares Rule never bites.
	blueMoves := []string{"j7-j6", "i7-i6", "j6-j5", "i6-i5"}
	for i, m := range []string{"a4-a5", "a5-a4", "a4-a5"} {
		play(redTok, m)
		play(blueTok, blueMoves[i])
	}
	refuse(redTok, "a5-a4", "two-squares", "Two-Squares Rule")
	if !strings.Contains(explain(stratego.ErrTwoSquares, r), "more than 3 moves") {
		t.Error("the Two-Squares explanation does not give the limit of the rules")
	}
}

// TestTokens checks the access rules: a wrong or missing token is
// refused, each token has its role, an unknown game is not found.
func TestTokens(t *testing.T) {
	ts := newTestServer(t, Config{})
	cr, red := ts.createPair(t, createRequest{Rules: "duel", Color: "blue"})
	path := "/api/games/" + cr.ID
	for _, tok := range []string{"", "0", cr.Token[:len(cr.Token)-1], cr.Token + "0", strings.ToUpper(cr.Token)} {
		if code, _ := ts.do(t, "GET", path, tok, nil); code != http.StatusForbidden {
			t.Errorf("token %q: status %d, want 403", tok, code)
		}
	}
	for tok, want := range map[string]string{
		red: "red", cr.Token: "blue", tokenOf(cr.Links.Spectator): "spectator",
	} {
		if got := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", path, tok, nil)).Role; got != want {
			t.Errorf("role %q, want %q", got, want)
		}
	}
	if cr.Token != tokenOf(cr.Links.Player) {
		t.Error("the creator's token is not the one of its link")
	}
	if code, _ := ts.do(t, "GET", "/api/games/nosuchgame", cr.Token, nil); code != http.StatusNotFound {
		t.Errorf("unknown game: status %d, want 404", code)
	}
	// A spectator gives no setup; a player gives one only once.
	setup := setupRequest{Setup: randomSetupText(t, ts, "duel")}
	if code, _ := ts.do(t, "POST", path+"/setup", tokenOf(cr.Links.Spectator), setup); code != http.StatusForbidden {
		t.Errorf("spectator setup: status %d, want 403", code)
	}
	ts.must(t, http.StatusOK, "POST", path+"/setup", cr.Token, setup)
	ts.must(t, http.StatusConflict, "POST", path+"/setup", cr.Token, setup)
}

// TestBadInput checks that malformed requests get a 4xx answer with a
// message, never a 5xx.
func TestBadInput(t *testing.T) {
	ts := newTestServer(t, Config{})
	cr := ts.create(t, createRequest{Rules: "classic", Opponent: "person"})
	game := "/api/games/" + cr.ID
	for _, c := range []struct {
		method, path string
		body         string
		want         int
	}{
		{"POST", "/api/games", `{"rules":"chess","opponent":"bot"}`, 400},
		{"POST", "/api/games", `{"rules":"classic","opponent":"robot"}`, 400},
		{"POST", "/api/games", `{"rules":"classic","opponent":"bot","bot":"nobody"}`, 400},
		{"POST", "/api/games", `{"rules":"classic","opponent":"bot","thinkMillis":999999}`, 400},
		{"POST", "/api/games", `{"rules":"classic","opponent":"bot","color":"green"}`, 400},
		{"POST", "/api/games", `{"rules":"classic","opponent":"bot","extra":1}`, 400},
		{"POST", "/api/games", `{"rules":"classic"} {}`, 400},
		{"POST", "/api/games", `not json`, 400},
		{"POST", "/api/games", `{"rules":"` + strings.Repeat("x", maxBody) + `"}`, 413},
		{"POST", "/api/setup/parse", `{"rules":"classic","setup":"XXXX"}`, 400},
		{"POST", "/api/setup/random", `{"rules":"classic,width=11"}`, 400},
		{"POST", game + "/setup", `{"setup":"1111111111/1111111111/1111111111/1111111111"}`, 409},
		{"POST", game + "/move", `{"move":"a4-a5"}`, 409},
		{"POST", game + "/move", `{"move":"z9-a5"}`, 400},
		{"GET", game + "?after=-3", ``, 400},
		{"GET", game + "?after=x", ``, 400},
		{"POST", "/api/replay", `{"text":"[Rules \"classic\"]\n1. a4-a5 *"}`, 400},
		{"POST", "/api/replay", `{"text":"<game>"}`, 400},
		{"POST", "/api/replay", `{"text":"#junk"}`, 400},
	} {
		req, _ := http.NewRequest(c.method, ts.http.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("Authorization", "Bearer "+cr.Token)
		if c.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := ts.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiError
		json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != c.want || e.Error == "" {
			t.Errorf("%s %s %.60s: status %d %q, want %d and a message", c.method, c.path, c.body, res.StatusCode, e.Error, c.want)
		}
	}
}

// TestMemoryBounds checks the limits on games: a full server refuses new
// games, and games past their age or idle time are dropped.
func TestMemoryBounds(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ts := newTestServer(t, Config{MaxGames: 3, MaxAge: time.Hour, IdleAge: 10 * time.Minute, Now: clock})
	req := createRequest{Rules: "duel", Opponent: "person"}
	first := ts.create(t, req)
	ts.create(t, req)
	ts.create(t, req)
	if code, _ := ts.do(t, "POST", "/api/games", "", req); code != http.StatusServiceUnavailable {
		t.Errorf("a fourth game: status %d, want 503", code)
	}
	advance(9 * time.Minute)
	ts.must(t, http.StatusOK, "POST", "/api/games/"+first.ID+"/setup", first.Token, setupRequest{Setup: randomSetupText(t, ts, "duel")})
	advance(2 * time.Minute) // the other two are idle past 10 minutes
	if got := ts.Games(); got != 1 {
		t.Errorf("%d games after the idle time, want 1", got)
	}
	ts.create(t, req)
	advance(50 * time.Minute) // the first is past its age of an hour
	ts.must(t, http.StatusNotFound, "GET", "/api/games/"+first.ID, first.Token, nil)
	if got := ts.Games(); got != 0 {
		t.Errorf("%d games after their age, want 0", got)
	}
}

// TestPlyCap checks that every game gets the server's ply cap.
func TestPlyCap(t *testing.T) {
	ts := newTestServer(t, Config{MaxPlies: 300})
	for text, want := range map[string]int{"classic": 300, "classic,maxplies=100": 100, "classic,maxplies=5000": 300} {
		cr := ts.create(t, createRequest{Rules: text, Opponent: "person"})
		p := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+cr.ID, cr.Token, nil))
		if p.Rules.MaxPlies != want {
			t.Errorf("%s: cap %d, want %d", text, p.Rules.MaxPlies, want)
		}
	}
}

// TestLongPoll checks that a request with ?after waits for the change
// and answers with it.
func TestLongPoll(t *testing.T) {
	ts := newTestServer(t, Config{PollWait: 2 * time.Minute, WriteTimeout: 5 * time.Minute})
	cr, blue := ts.createPair(t, createRequest{Rules: "duel", Color: "red"})
	path := "/api/games/" + cr.ID
	v0 := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", path, blue, nil)).Version
	waiting := make(chan struct{})
	var once sync.Once
	ts.Server.waiting = func() { once.Do(func() { close(waiting) }) }
	got := make(chan statePayload, 1)
	go func() {
		code, body, err := ts.send("GET", fmt.Sprintf("%s?after=%d", path, v0), blue, nil)
		var p statePayload
		if err == nil && code == http.StatusOK {
			json.Unmarshal(body, &p)
		}
		got <- p
	}()
	select {
	case <-waiting: // the request waits for a change: the change must wake it
	case <-time.After(60 * time.Second): // generous: it takes milliseconds
		t.Fatal("the request with ?after did not wait")
	}
	ts.must(t, http.StatusOK, "POST", path+"/setup", cr.Token, setupRequest{Setup: randomSetupText(t, ts, "duel")})
	select {
	case p := <-got:
		if p.Version <= v0 || !p.Red.Ready {
			t.Errorf("the waiting request answered version %d (red ready %v), want past %d", p.Version, p.Red.Ready, v0)
		}
	case <-time.After(60 * time.Second): // generous: the request waits up to 2 minutes
		t.Fatal("the waiting request did not answer the change")
	}
	// With no change it answers after PollWait, unchanged.
	short := newTestServer(t, Config{PollWait: 100 * time.Millisecond})
	cr = short.create(t, createRequest{Rules: "duel", Opponent: "person"})
	p := statePayloadOf(t, short.must(t, http.StatusOK, "GET", "/api/games/"+cr.ID+"?after=5", cr.Token, nil))
	if p.Version != 0 {
		t.Errorf("version %d, want 0", p.Version)
	}
}

// TestReplayFrames checks the replay of a record and of the same game as
// a Gravon XML file (each also with a byte order mark): one frame per position, equal to the states of
// Record.Replay, and the moves in record notation.
// TestReplayErrorInWords: a record that does not read is refused with
// its line and column in words, no package prefix, no byte offset.
func TestReplayErrorInWords(t *testing.T) {
	ts := newTestServer(t, Config{})
	const setup = "FB12239X../........../........../.........."
	text := "[Event \"club\"]\n[Rules \"barrage\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n\n1. e1-e2 j4 *\n"
	var e apiError
	if err := json.Unmarshal(ts.must(t, http.StatusBadRequest, "POST", "/api/replay", "", replayRequest{text}), &e); err != nil {
		t.Fatal(err)
	}
	msg := e.Error
	if !strings.Contains(msg, "line 6, column 12") || strings.Contains(msg, "stratego:") || strings.Contains(msg, "offset") {
		t.Errorf("the replay says %q, want line 6, column 12 in words", msg)
	}
}

func TestReplayFrames(t *testing.T) {
	ts := newTestServer(t, Config{})
	r := stratego.Gravon()
	rec := playedRecord(t, r, 7, 200)
	states, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	g, err := gravon.GameOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	var xml bytes.Buffer
	if err := g.WriteXML(&xml); err != nil {
		t.Fatal(err)
	}
	// A byte order mark, as some editors write, is skipped in both.
	for _, text := range []string{rec.String(), xml.String(), "\ufeff" + xml.String(), "\ufeff" + rec.String()} {
		var rp pageinfo.Replay
		if err := json.Unmarshal(ts.must(t, http.StatusOK, "POST", "/api/replay", "", replayRequest{text}), &rp); err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, s := range states {
			want = append(want, gravon.Field(r, s.Board()))
		}
		if diff := cmp.Diff(want, rp.Frames); diff != "" {
			t.Errorf("%s frames (-want +got):\n%s", rp.Format, diff)
		}
		if len(rp.Moves) != len(rec.Moves) || rp.Outcome != states[len(states)-1].Outcome().String() {
			t.Errorf("%s: %d moves, outcome %q", rp.Format, len(rp.Moves), rp.Outcome)
		}
		for i, m := range rp.Moves {
			a, err := stratego.ParseAnnotatedMove(r.Numbering, m)
			if err != nil || a.Move != rec.Moves[i].Move {
				t.Fatalf("%s move %d %q: %v", rp.Format, i, m, err)
			}
		}
	}
}

// playedRecord plays a random game of at most n plies under r and
// returns its annotated record.
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

// TestOptions checks the start page's choices: every preset parses and
// every bot of bot.Names is offered.
func TestOptions(t *testing.T) {
	ts := newTestServer(t, Config{})
	var out struct {
		Presets []option `json:"presets"`
		Infos   []option `json:"infos"`
		Bots    []option `json:"bots"`
	}
	if err := json.Unmarshal(ts.must(t, http.StatusOK, "GET", "/api/options", "", nil), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Presets) != len(stratego.PresetNames()) {
		t.Errorf("%d presets, want %d", len(out.Presets), len(stratego.PresetNames()))
	}
	for _, in := range out.Infos {
		if _, err := stratego.ParseRules("classic,info=" + in.Name); err != nil {
			t.Errorf("info %q: %v", in.Name, err)
		}
	}
	var bots []string
	for _, b := range out.Bots {
		bots = append(bots, b.Name)
	}
	if !slices.Equal(bots, botNames()) || len(bots) == 0 {
		t.Errorf("bots %v, want %v", bots, botNames())
	}
}

// TestStaticFiles checks that the pages are served from the binary with
// their types.
func TestStaticFiles(t *testing.T) {
	ts := newTestServer(t, Config{})
	for path, typ := range map[string]string{
		"/": "text/html", "/app.js": "javascript", "/game.js": "javascript", "/board.js": "javascript",
		"/replay.js": "javascript", "/api.js": "javascript", "/style.css": "text/css", "/icon.svg": "image/svg+xml",
	} {
		res, err := ts.http.Client().Get(ts.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), typ) {
			t.Errorf("%s: status %d, type %q, want %q", path, res.StatusCode, res.Header.Get("Content-Type"), typ)
		}
		if res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: no Content-Security-Policy", path)
		}
	}
}

// TestEveryBotPlays plays some moves against each built-in player of
// bot.Names, with a short think time.
func TestEveryBotPlays(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 9})
	for _, name := range botNames() {
		cr := ts.create(t, createRequest{Rules: "duel", Opponent: "bot", Bot: name, ThinkMillis: 20, Color: "blue"})
		path := "/api/games/" + cr.ID
		p := statePayloadOf(t, ts.must(t, http.StatusOK, "POST", path+"/setup", cr.Token, setupRequest{Setup: randomSetupText(t, ts, "duel")}))
		if p.Red.Kind != "bot" || p.Red.Name != name {
			t.Errorf("red is %+v, want the bot %s", p.Red, name)
		}
		pick := randomMover(1)
		for p.Phase == "play" && len(p.Moves) < 12 {
			v := viewOf(t, p)
			if v.Turn() == v.Player() {
				p = statePayloadOf(t, ts.must(t, http.StatusOK, "POST", path+"/move", cr.Token, moveRequest{pick(v).String()}))
				continue
			}
			p = statePayloadOf(t, ts.must(t, http.StatusOK, "GET", fmt.Sprintf("%s?after=%d", path, p.Version), cr.Token, nil))
		}
		if p.Notice != "" || len(p.Moves) < 12 && p.Phase != "over" {
			t.Errorf("%s: %d moves, notice %q", name, len(p.Moves), p.Notice)
		}
	}
}

// TestExplainEverySentinel checks that every move sentinel of the
// library, wrapped as State.Check wraps it, is explained in words of
// its own (not the library's message).
func TestExplainEverySentinel(t *testing.T) {
	r := stratego.Classic()
	seen := map[string]error{}
	for _, err := range []error{
		stratego.ErrGameOver, stratego.ErrInvalid, stratego.ErrRescue, stratego.ErrOffBoard, stratego.ErrLake,
		stratego.ErrNoPiece, stratego.ErrNotYourPiece, stratego.ErrImmovable, stratego.ErrBadDirection,
		stratego.ErrBlocked, stratego.ErrOwnPiece, stratego.ErrNoStrike, stratego.ErrTwoSquares, stratego.ErrMoreSquares,
		stratego.ErrNoAttack, errTurn, errSpectator,
	} {
		wrapped := &stratego.MoveError{Move: stratego.Move{From: stratego.MustParseSquare("a4"), To: stratego.MustParseSquare("a5")}, Err: err}
		msg := explain(wrapped, r)
		if strings.Contains(msg, "stratego:") || len(msg) < 15 {
			t.Errorf("%v is explained as %q", err, msg)
		}
		if prev, ok := seen[msg]; ok {
			t.Errorf("%v and %v share the explanation %q", prev, err, msg)
		}
		seen[msg] = err
	}
	if msg := explain(stratego.ErrMoreSquares, r); !strings.Contains(msg, "More-Squares Rule") {
		t.Errorf("More-Squares: %q", msg)
	}
}

// movesCounted is a bot that counts its Move calls and moves nothing.
type movesCounted struct{ n atomic.Int32 }

func (p *movesCounted) Setup(context.Context, stratego.Rules, stratego.Color) (stratego.Setup, error) {
	return stratego.Setup{}, errors.New("not asked")
}

func (p *movesCounted) Move(context.Context, stratego.View, bot.Budget) (stratego.Move, error) {
	p.n.Add(1)
	return stratego.Move{}, errors.New("no move")
}

// TestNoBotAfterClose checks that Close and the requests agree: a setup
// given after Close that starts a game with the bot to move starts no
// bot goroutine, so the bot is never asked for a move (Close's wait
// covers every bot the server started). The request is served on the
// test's goroutine; the wait that follows waits for any bot it started.
func TestNoBotAfterClose(t *testing.T) {
	ts := newTestServer(t, Config{})
	cr := ts.create(t, createRequest{Rules: "barrage", Opponent: "bot", Bot: "random", Color: "blue"})
	ts.mu.Lock()
	g := ts.live[cr.ID]
	ts.mu.Unlock()
	counted := &movesCounted{}
	g.mu.Lock()
	g.bots[stratego.Red] = counted // Red moves first
	g.mu.Unlock()

	ts.Close()
	body, err := json.Marshal(setupRequest{Setup: randomSetupText(t, ts, "barrage")})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("POST", "/api/games/"+cr.ID+"/setup", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+cr.Token)
	rec := httptest.NewRecorder()
	ts.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("setup after Close: status %d: %s", rec.Code, rec.Body)
	}
	if p := statePayloadOf(t, rec.Body.Bytes()); p.Phase != "play" {
		t.Fatalf("phase %q after both setups, want play", p.Phase)
	}
	ts.wg.Wait()
	if n := counted.n.Load(); n != 0 {
		t.Errorf("the bot was asked %d times for a move after Close", n)
	}
}
