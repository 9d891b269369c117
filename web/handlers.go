package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/internal/pageinfo"
)

// Limits of the requests.
const (
	maxBody       = 16 << 10 // a JSON request
	maxReplayBody = 4 << 20  // a record or a Gravon file to replay
	defaultThink  = time.Second
)

// apiError is the JSON body of a refused request.
type apiError struct {
	Error string `json:"error"`
}

// writeJSON writes v as the JSON answer with status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code, b = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}

// fail answers with status code and the message msg.
func fail(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{msg})
}

// decode reads a JSON request body of at most limit bytes into v,
// refusing unknown fields and trailing data; a refusal names the JSON
// field in words.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("data after the JSON value")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", tooBig.Limit))
		} else {
			fail(w, http.StatusBadRequest, "bad request: "+jsonProblem(err))
		}
		return false
	}
	return true
}

// jsonProblem says what is wrong with a request body in words, naming
// the JSON field, never a Go type.
func jsonProblem(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ):
		want := "a value of another kind"
		switch typ.Type.Kind() {
		case reflect.String:
			want = "a string"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			want = "a whole number in range"
		case reflect.Bool:
			want = "true or false"
		case reflect.Struct, reflect.Map:
			want = "a JSON object"
		case reflect.Slice, reflect.Array:
			want = "a list"
		}
		if typ.Field == "" {
			return fmt.Sprintf("the body must be %s, not %s", want, typ.Value)
		}
		return fmt.Sprintf("the field %q must be %s, not %s", typ.Field, want, typ.Value)
	case errors.As(err, &syn):
		return fmt.Sprintf("the body is not valid JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.Is(err, io.EOF):
		return "the body is empty: want a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON body ends too soon"
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "there is no field " + f
	}
	return msg
}

// option is a choice offered on the start page.
type option struct {
	Name string `json:"name"`
	Doc  string `json:"doc,omitempty"`
}

// handleOptions lists the presets, the information rules and the bots.
func (s *Server) handleOptions(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Presets  []option `json:"presets"`
		Infos    []option `json:"infos"`
		Bots     []option `json:"bots"`
		MaxThink int      `json:"maxThinkMillis"`
	}
	for _, n := range stratego.PresetNames() {
		out.Presets = append(out.Presets, option{Name: n})
	}
	for _, i := range []struct {
		rule stratego.InfoRule
		doc  string
	}{
		{stratego.InfoStandard, "both pieces of a fight are shown"},
		{stratego.InfoSilentDefense, "silent defense: a defender is shown only when it loses"},
		{stratego.InfoOpenFaced, "open face: every rank is shown"},
	} {
		out.Infos = append(out.Infos, option{i.rule.String(), i.doc})
	}
	for _, n := range botNames() {
		out.Bots = append(out.Bots, option{n, bot.Describe(n)})
	}
	out.MaxThink = int(s.cfg.MaxThink / time.Millisecond)
	writeJSON(w, http.StatusOK, out)
}

// rulesRequest names rules by their text form.
type rulesRequest struct {
	Rules string `json:"rules"`
}

// parseRules reads rules text, answering the error itself.
func (s *Server) parseRules(w http.ResponseWriter, text string) (stratego.Rules, bool) {
	rules, err := stratego.ParseRules(strings.TrimSpace(text))
	if err != nil {
		fail(w, http.StatusBadRequest, "rules: "+err.Error())
		return rules, false
	}
	return s.capRules(rules), true
}

// handleRules describes rules given as text.
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	var req rulesRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	rules, ok := s.parseRules(w, req.Rules)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, pageinfo.RulesOf(rules))
}

// setupPayload is a setup as text and as pieces (owner's view).
type setupPayload struct {
	Text   string            `json:"text"`
	Pieces []setupPieceEntry `json:"pieces"`
}

type setupPieceEntry struct {
	Square stratego.Square `json:"square"`
	Rank   stratego.Rank   `json:"rank"`
}

func setupOf(r stratego.Rules, st stratego.Setup) setupPayload {
	out := setupPayload{Text: st.String(), Pieces: []setupPieceEntry{}}
	for sq := range r.Zone.All() {
		if rk := st.At(sq); rk != stratego.NoRank {
			out.Pieces = append(out.Pieces, setupPieceEntry{sq, rk})
		}
	}
	return out
}

// randomSetupRequest asks for a random setup under rules, drawn as
// Draw names: "typical" (the default: bot.ChooseSetup, setups people
// would make, the Flag at the back among Bombs) or "uniform" (every
// setup alike, stratego.RandomSetup).
type randomSetupRequest struct {
	Rules string `json:"rules"`
	Draw  string `json:"draw,omitempty"`
}

// handleRandomSetup draws a random setup for the rules.
func (s *Server) handleRandomSetup(w http.ResponseWriter, r *http.Request) {
	var req randomSetupRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	rules, ok := s.parseRules(w, req.Rules)
	if !ok {
		return
	}
	rng := rand.New(rand.NewPCG(s.seed(), 0))
	switch req.Draw {
	case "", "typical":
		st, err := bot.ChooseSetup(rules, rng)
		if err != nil {
			fail(w, http.StatusBadRequest, "rules: "+words(err, rules))
			return
		}
		writeJSON(w, http.StatusOK, setupOf(rules, st))
	case "uniform":
		writeJSON(w, http.StatusOK, setupOf(rules, stratego.RandomSetup(rules, rng)))
	default:
		fail(w, http.StatusBadRequest, `draw: want "typical" or "uniform"`)
	}
}

// setupRequest is a setup in its text form under rules.
type setupRequest struct {
	Rules string `json:"rules,omitempty"`
	Setup string `json:"setup"`
}

// handleParseSetup reads and checks a setup's text.
func (s *Server) handleParseSetup(w http.ResponseWriter, r *http.Request) {
	var req setupRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	rules, ok := s.parseRules(w, req.Rules)
	if !ok {
		return
	}
	st, err := stratego.ParseSetup(rules, strings.TrimSpace(req.Setup))
	if err != nil {
		fail(w, http.StatusBadRequest, explain(err, rules))
		return
	}
	writeJSON(w, http.StatusOK, setupOf(rules, st))
}

// createRequest asks for a new game.
type createRequest struct {
	Rules       string `json:"rules"`
	Opponent    string `json:"opponent"`              // "bot" or "person"
	Bot         string `json:"bot,omitempty"`         // a name of bot.Names
	ThinkMillis int64  `json:"thinkMillis,omitempty"` // the bot's time per move
	Color       string `json:"color,omitempty"`       // "red", "blue" or "random"
}

// links are the addresses of a game's pages that its creator may hold:
// its own, the invitation for a person to take the other seat (once),
// and the spectators'.
type links struct {
	Player    string `json:"player"`
	Invite    string `json:"invite,omitempty"`
	Spectator string `json:"spectator"`
}

// createResponse is the answer to createRequest: the creator's side,
// its secret token and the links.
type createResponse struct {
	ID    string `json:"id"`
	Color string `json:"color"`
	Token string `json:"token"`
	Links links  `json:"links"`
}

// link returns the page address of a game for a token.
func link(id, token string) string { return "/#g=" + id + "&t=" + token }

// inviteLink returns the page address of an invitation.
func inviteLink(id, invite string) string { return "/#g=" + id + "&i=" + invite }

// tooMany answers 429 with Retry-After.
func tooMany(w http.ResponseWriter, code int, wait time.Duration, msg string) {
	secs := max(1, int((wait+time.Second-1)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	fail(w, code, fmt.Sprintf("%s (retry in %d s)", msg, secs))
}

// handleCreate makes a game.
func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	rules, ok := s.parseRules(w, req.Rules)
	if !ok {
		return
	}
	var me stratego.Color
	switch req.Color {
	case "", "random":
		me = sides[s.seed()%2]
	default:
		c, err := stratego.ParseColor(req.Color)
		if err != nil {
			fail(w, http.StatusBadRequest, "color: want red, blue or random")
			return
		}
		me = c
	}
	maxThink := s.cfg.MaxThink.Milliseconds()
	switch req.Opponent {
	case "bot":
		if req.ThinkMillis < 0 || req.ThinkMillis > maxThink {
			fail(w, http.StatusBadRequest, fmt.Sprintf("thinkMillis: want a whole number of milliseconds from 0 to %d", maxThink))
			return
		}
		if req.Bot != "" && !slices.Contains(bot.Names(), req.Bot) {
			fail(w, http.StatusBadRequest, fmt.Sprintf("bot: want one of %s", strings.Join(botNames(), ", ")))
			return
		}
	case "person":
		if req.Bot != "" || req.ThinkMillis != 0 {
			fail(w, http.StatusBadRequest, `bot, thinkMillis: only for the opponent "bot"`)
			return
		}
	default:
		fail(w, http.StatusBadRequest, `opponent: want "bot" or "person"`)
		return
	}
	client := clientOf(r)
	if ok, wait := s.allowCreate(client); !ok {
		tooMany(w, http.StatusTooManyRequests, wait, "you are making games too fast")
		return
	}
	now := s.now()
	g := &game{
		id: newToken(8), rules: rules, created: now, touched: now, owner: client,
		changed: make(chan struct{}),
	}
	mine, spec := newToken(16), newToken(16)
	g.seats[me] = seat{secret: hashOf(mine), hasSecret: true}
	g.seats[stratego.NoColor] = seat{secret: hashOf(spec), hasSecret: true}
	resp := createResponse{ID: g.id, Color: me.String(), Token: mine,
		Links: links{Player: link(g.id, mine), Spectator: link(g.id, spec)}}
	if req.Opponent == "bot" {
		if err := s.addBot(g, me.Opponent(), req); err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
	} else {
		inv := newToken(16)
		g.seats[me.Opponent()] = seat{invite: hashOf(inv), hasInvite: true}
		resp.Links.Invite = inviteLink(g.id, inv)
	}
	if err := s.add(g); err != nil {
		code := http.StatusServiceUnavailable
		if errors.Is(err, errClientFull) {
			code = http.StatusTooManyRequests
		}
		tooMany(w, code, time.Minute, err.Error())
		return
	}
	g.mu.Lock()
	err := s.save(g)
	g.mu.Unlock()
	if err != nil {
		s.remove(g)
		fail(w, http.StatusInternalServerError, "the game could not be saved")
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

// addBot makes the built-in player of side c and takes its setup.
func (s *Server) addBot(g *game, c stratego.Color, req createRequest) error {
	name := req.Bot
	if name == "" {
		name = "random"
	}
	think := time.Duration(req.ThinkMillis) * time.Millisecond // in range: checked
	if think == 0 {
		think = min(defaultThink, s.cfg.MaxThink)
	}
	p, err := bot.New(name, bot.Options{Seed: s.seed()})
	if err != nil {
		return err // "bot: unknown player ...", naming the field
	}
	ctx, cancel := context.WithTimeout(s.ctx, think+s.cfg.BotGrace)
	defer cancel()
	st, err := p.Setup(ctx, g.rules, c)
	if err != nil {
		return fmt.Errorf("the bot could not set up: %w", err)
	}
	g.bots[c], g.botNames[c] = p, name
	g.botBudget = bot.Budget{Time: think}
	return g.setSetup(c, st, g.created)
}

// claimRequest takes a person's seat with the invitation of its link.
type claimRequest struct {
	Invite string `json:"invite"`
}

// claimResponse is the claimant's seat: its color and a fresh secret
// token, which nobody else ever sees.
type claimResponse struct {
	ID    string `json:"id"`
	Color string `json:"color"`
	Token string `json:"token"`
	Links links  `json:"links"` // Player only
}

// The refusals of a claim.
var (
	errInvite  = errors.New("this invitation is not valid for the game")
	errClaimed = errors.New("this invitation has been used: the seat is taken")
)

// handleClaim gives the seat of an invitation to whoever claims it
// first.
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req claimRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	g, err := s.find(r.PathValue("id"))
	if err != nil {
		fail(w, http.StatusNotFound, err.Error())
		return
	}
	h := hashOf(req.Invite)
	g.mu.Lock()
	defer g.mu.Unlock()
	c := stratego.NoColor
	for _, k := range []stratego.Color{stratego.Red, stratego.Blue} {
		if st := g.seats[k]; h.matches(st.invite) && st.hasInvite && req.Invite != "" {
			c = k
		}
	}
	switch {
	case c == stratego.NoColor:
		fail(w, http.StatusForbidden, errInvite.Error())
		return
	case g.seats[c].claimed:
		fail(w, http.StatusConflict, errClaimed.Error())
		return
	}
	tok := newToken(16)
	old := g.seats[c]
	g.seats[c].secret, g.seats[c].hasSecret, g.seats[c].claimed = hashOf(tok), true, true
	g.bump(s.now())
	if err := s.save(g); err != nil {
		g.seats[c] = old
		fail(w, http.StatusInternalServerError, "the seat could not be saved")
		return
	}
	writeJSON(w, http.StatusOK, claimResponse{ID: g.id, Color: c.String(), Token: tok, Links: links{Player: link(g.id, tok)}})
}

// game finds the game of the request and the role of its token, which
// comes in the Authorization header ("Bearer TOKEN").
func (s *Server) game(w http.ResponseWriter, r *http.Request) (*game, role, bool) {
	g, ro, err := s.lookup(r.PathValue("id"), bearer(r))
	switch {
	case errors.Is(err, errNoGame):
		fail(w, http.StatusNotFound, err.Error())
		return nil, roleNone, false
	case err != nil:
		fail(w, http.StatusForbidden, err.Error())
		return nil, roleNone, false
	}
	return g, ro, true
}

// player returns the color ro plays in g, or answers 403 to a spectator
// and reports false.
func player(w http.ResponseWriter, g *game, ro role) (stratego.Color, bool) {
	c := ro.color()
	if !c.IsValid() {
		fail(w, http.StatusForbidden, explain(errSpectator, g.rules))
		return stratego.NoColor, false
	}
	return c, true
}

// saved saves g, or answers 500 and reports false. The change stays in
// memory (the next save writes it), but it is not acknowledged. The
// caller holds g.mu.
func (s *Server) saved(w http.ResponseWriter, g *game) bool {
	if err := s.save(g); err != nil {
		fail(w, http.StatusInternalServerError, "the game could not be saved; try again")
		return false
	}
	return true
}

// answer writes the state of g for ro. The caller holds g.mu.
func answer(w http.ResponseWriter, g *game, ro role, code int) {
	p, err := g.payload(ro)
	if err != nil {
		fail(w, http.StatusInternalServerError, "internal error: "+err.Error())
		return
	}
	writeJSON(w, code, p)
}

// handleState answers the state of a game. With ?after=N it waits, up
// to Config.PollWait, until the version is past N.
func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	g, ro, ok := s.game(w, r)
	if !ok {
		return
	}
	after := -1
	if a := r.URL.Query().Get("after"); a != "" {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			fail(w, http.StatusBadRequest, "after: want a version number")
			return
		}
		after = n
	}
	g.mu.Lock()
	waits := g.version <= after
	g.mu.Unlock()
	if waits {
		give, ok := s.takeWait(w, r)
		if !ok {
			return
		}
		defer give()
	}
	timer := time.NewTimer(s.cfg.PollWait)
	defer timer.Stop()
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.version <= after {
		ch := g.changed
		g.mu.Unlock()
		if s.waiting != nil {
			s.waiting()
		}
		stop := false
		select {
		case <-ch:
		case <-timer.C:
			stop = true
		case <-r.Context().Done():
			stop = true
		case <-s.polls.Done():
			stop = true
		}
		g.mu.Lock()
		if stop {
			break
		}
	}
	answer(w, g, ro, http.StatusOK)
}

// handleSetup takes a player's setup.
func (s *Server) handleSetup(w http.ResponseWriter, r *http.Request) {
	g, ro, ok := s.game(w, r)
	if !ok {
		return
	}
	var req setupRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	c, ok := player(w, g, ro)
	if !ok {
		return
	}
	st, err := stratego.ParseSetup(g.rules, strings.TrimSpace(req.Setup))
	g.mu.Lock()
	defer g.mu.Unlock()
	if err == nil {
		err = g.setSetup(c, st, s.now())
	}
	if err != nil {
		fail(w, http.StatusConflict, explain(err, g.rules))
		return
	}
	if !s.saved(w, g) {
		return
	}
	s.startBots(g)
	answer(w, g, ro, http.StatusOK)
}

// moveRequest is a move in the library's notation.
type moveRequest struct {
	Move string `json:"move"`
}

// handleMove plays a player's move; a refusal says why in words.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	g, ro, ok := s.game(w, r)
	if !ok {
		return
	}
	var req moveRequest
	if !decode(w, r, maxBody, &req) {
		return
	}
	c, ok := player(w, g, ro)
	if !ok {
		return
	}
	text := strings.TrimSpace(req.Move)
	m, err := stratego.ParseMove(text)
	if err != nil {
		fail(w, http.StatusBadRequest, "That is not a move: "+err.Error())
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase == phasePlay && g.play.State().Turn() != c {
		writeJSON(w, http.StatusConflict, moveRefusal{Error: explain(errTurn, g.rules), Rule: ruleName(errTurn), Move: m.String()})
		return
	}
	if g.phase == phasePlay {
		// The mover's view knows which squares hold enemy pieces: a move
		// written as an attack ("x") onto any other square is refused.
		if _, err := g.play.State().View(c).ParseMove(text); err != nil {
			writeJSON(w, http.StatusConflict, moveRefusal{Error: explain(err, g.rules), Rule: ruleName(err), Move: m.String()})
			return
		}
	}
	if err := g.apply(c, m, s.now()); err != nil {
		writeJSON(w, http.StatusConflict, moveRefusal{Error: explain(err, g.rules), Rule: ruleName(err), Move: m.String()})
		return
	}
	if !s.saved(w, g) {
		return
	}
	s.startBots(g)
	answer(w, g, ro, http.StatusOK)
}

// moveRefusal is the answer to a refused move: the explanation, the
// short name of the rule and the move.
type moveRefusal struct {
	Error string `json:"error"`
	Rule  string `json:"rule,omitempty"`
	Move  string `json:"move"`
}

// ruleName is the code of the rule behind a refusal: "turn" for a move
// out of turn, else stratego.ErrorCode's ("two-squares", "blocked", …).
func ruleName(err error) string {
	if errors.Is(err, errTurn) {
		return "turn"
	}
	return stratego.ErrorCode(err)
}

// handleResign ends the game with the player resigning.
func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	g, ro, ok := s.game(w, r)
	if !ok {
		return
	}
	c, ok := player(w, g, ro)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.resign(c, s.now()); err != nil {
		fail(w, http.StatusConflict, explain(err, g.rules))
		return
	}
	if !s.saved(w, g) {
		return
	}
	answer(w, g, ro, http.StatusOK)
}

// handleRecord answers the game record once the game is over: before
// that it would show the setups.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	g, _, ok := s.game(w, r)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.abandoned.IsValid() {
		fail(w, http.StatusConflict, "The game ended during the setup: it has no record.")
		return
	}
	if g.phase != phaseOver || g.setups[stratego.Red] == nil || g.setups[stratego.Blue] == nil {
		fail(w, http.StatusConflict, "The record is ready when the game is over.")
		return
	}
	text, err := g.record().MarshalText()
	if err != nil {
		fail(w, http.StatusInternalServerError, "internal error: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="stratego-`+g.id+`.txt"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(text)
}

// record returns the game record of g with its tags. The caller holds
// g.mu.
func (g *game) record() stratego.Record {
	rec := g.play.Record()
	rec.Tags = append(rec.Tags,
		stratego.Tag{Name: "Event", Value: "stratego serve"},
		stratego.Tag{Name: "Date", Value: g.created.UTC().Format("2006.01.02")},
		stratego.Tag{Name: "Red", Value: g.playerName(stratego.Red)},
		stratego.Tag{Name: "Blue", Value: g.playerName(stratego.Blue)},
	)
	return rec
}

// playerName names the player of c for a record.
func (g *game) playerName(c stratego.Color) string {
	if g.botNames[c] != "" {
		return "bot " + g.botNames[c]
	}
	return "person"
}
