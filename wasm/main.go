//go:build js && wasm

// Command wasm is the WebAssembly build of the stratego library and the
// built-in players of package bot, for the JavaScript package in ../js:
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags=-s -o ../js/stratego.wasm .
//
// (npm run build in ../js does that and copies the Go distribution's
// wasm_exec.js beside it.) Started by wasm_exec.js, it exports three
// functions to the package (strategoIn, strategoCall, strategoOut: see
// dispatch), through which the package calls the functions of funcs
// with a name and arguments and gets back a JSON object: {"v":
// value} or {"e": message, "c": code}, where the message is the
// library's reason in words (internal/words: no package prefix, no byte
// offset) and the code names the library's error (see codeOf). A bot's
// move, which takes time, is the one function that goes through
// syscall/js: globalThis.__strategoGo.botMove returns a Promise. Games
// and players live here under integer handles until the package frees
// them.
package main

//lint:file-ignore U1000 the functions exported by go:wasmexport (strategoIn, strategoCall, strategoOut) reach the rest, and staticcheck does not count them as used

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"
	"unsafe"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/internal/pageinfo"
	"github.com/stratego-go/stratego/internal/words"
)

// handles holds the games and the players the JavaScript side holds.
var (
	games   = map[int]stratego.Game{}
	players = map[int]bot.Player{}
	next    = 1
)

func main() {
	js.Global().Set("__strategoGo", js.ValueOf(map[string]any{"botMove": js.FuncOf(botMove)}))
	select {}
}

// The functions of funcs are called through three exported functions
// of the module, not through syscall/js: a call of a js.FuncOf costs
// far more than the work of most calls (it goes through the Go
// scheduler). The caller writes the call (its name and arguments
// separated by NUL bytes) into the buffer strategoIn returns, calls
// strategoCall with its length, and reads the JSON answer, as long as
// strategoCall says, at strategoOut.
var in, out []byte

//go:wasmexport strategoIn
func strategoIn(n int32) uint32 {
	if int(n) > cap(in) {
		in = make([]byte, n, max(int(n), 2*cap(in)))
	}
	in = in[:n]
	if n == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&in[0])))
}

//go:wasmexport strategoCall
func strategoCall(n int32) int32 {
	out = []byte(dispatch(in[:n]))
	return int32(len(out))
}

//go:wasmexport strategoOut
func strategoOut() uint32 {
	if len(out) == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&out[0])))
}

// dispatch runs a call, its name and its arguments separated by NUL
// bytes (a number written in decimal), and answers it in JSON; it never
// panics across the boundary.
func dispatch(call []byte) (answered string) {
	parts := strings.Split(string(call), "\x00")
	name := parts[0]
	f, ok := funcs[name]
	if !ok {
		return answer(nil, fmt.Errorf("no function %q", name))
	}
	a := make(args, len(parts)-1)
	for i, p := range parts[1:] {
		a[i] = p
	}
	defer func() {
		if p := recover(); p != nil {
			answered = answer(nil, fmt.Errorf("internal error in %s: %v", name, p))
		}
	}()
	return answer(f(a))
}

// fn is one function of the API: its arguments, and its value or error.
type fn func(a args) (any, error)

// args are the arguments of a call, as JSON decodes them.
type args []any

func (a args) str(i int) string {
	if i < len(a) {
		if s, ok := a[i].(string); ok {
			return s
		}
	}
	return ""
}

func (a args) num(i int) int {
	if i < len(a) {
		switch v := a[i].(type) {
		case float64:
			return int(v)
		case string:
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// answer is the JSON string of a value or of an error.
func answer(v any, err error) string {
	var b []byte
	if err != nil {
		b, _ = json.Marshal(struct {
			E string `json:"e"`
			C string `json:"c"`
		}{say(err), codeOf(err)})
	} else if b = fastJSON(v); b == nil {
		var e error
		if b, e = json.Marshal(struct {
			V any `json:"v"`
		}{v}); e != nil {
			return answer(nil, e)
		}
	}
	return string(b)
}

// fastJSON writes {"v": v} without reflection for the values of the
// calls a loop makes most (lists of moves, nil), and returns nil for
// the others: encoding/json's reflection costs more than the moves.
func fastJSON(v any) []byte {
	switch v := v.(type) {
	case nil:
		return []byte(`{"v":null}`)
	case []string:
		b := append(make([]byte, 0, 8+8*len(v)), `{"v":[`...)
		for i, s := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, s) // moves and squares: ASCII, no escapes JSON lacks
		}
		return append(b, "]}"...)
	}
	return nil
}

// say is an error's message for a person (internal/words): no package
// prefix, no byte offset.
func say(err error) string { return words.Error(err) }

// codes name the errors of the bot package and of the bindings for
// programs; the library's are stratego.ErrorCode's.
var codes = []struct {
	err  error
	code string
}{
	{bot.ErrUnknown, "unknown-player"},
	{bot.ErrNoMove, "no-move"},
	{errHandle, "handle"},
}

// codeOf names err by the first library error it wraps ("error" for
// none).
func codeOf(err error) string {
	if c := stratego.ErrorCode(err); c != "" {
		return c
	}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return "error"
}

var errHandle = errors.New("the game or player was freed")

// funcs are the functions of the API but botMove.
var funcs = map[string]fn{
	"presets": func(args) (any, error) { return stratego.PresetNames(), nil },
	"bots": func(args) (any, error) {
		type option struct {
			Name string `json:"name"`
			Doc  string `json:"doc"`
		}
		var out []option
		for _, n := range bot.Names() {
			out = append(out, option{n, bot.Describe(n)})
		}
		return out, nil
	},
	"rules": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		return pageinfo.RulesOf(r), nil
	},
	"randomSetup": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		return stratego.RandomSetup(r, rng(a.num(1))).String(), nil
	},
	"chooseSetup": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		s, err := bot.ChooseSetup(r, rng(a.num(1)))
		if err != nil {
			return nil, err
		}
		return s.String(), nil
	},
	"parseSetup": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		s, err := stratego.ParseSetup(r, strings.TrimSpace(a.str(1)))
		if err != nil {
			return nil, err
		}
		return setupOf(r, s), nil
	},
	"newGame": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		var setups [2]stratego.Setup
		for i := range setups {
			if setups[i], err = stratego.ParseSetup(r, strings.TrimSpace(a.str(1+i))); err != nil {
				return nil, fmt.Errorf("%s setup: %w", []string{"red", "blue"}[i], err)
			}
		}
		g, err := stratego.NewGame(r, setups[0], setups[1])
		if err != nil {
			return nil, err
		}
		return hold(g), nil
	},
	"gameFromRecord": func(a args) (any, error) {
		rec, err := stratego.ParseRecord(a.str(0))
		if err != nil {
			return nil, err
		}
		g, err := rec.Game()
		if err != nil {
			return nil, err
		}
		return hold(g), nil
	},
	"gameFromPosition": func(a args) (any, error) {
		p, err := stratego.ParsePosition(strings.TrimSpace(a.str(0)))
		if err != nil {
			return nil, err
		}
		s, err := p.State()
		if err != nil {
			return nil, err
		}
		return hold(stratego.GameFrom(s)), nil
	},
	"fromBoard": func(a args) (any, error) {
		r, err := stratego.ParseRules(a.str(0))
		if err != nil {
			return nil, err
		}
		var placed map[string]string
		if err := json.Unmarshal([]byte(a.str(1)), &placed); err != nil {
			return nil, fmt.Errorf("the pieces, an object of square: piece: %w", err)
		}
		var b stratego.Board
		for sq, pc := range placed {
			q, err := stratego.ParseSquare(sq)
			if err != nil {
				return nil, err
			}
			p, err := stratego.ParsePiece(pc)
			if err != nil {
				return nil, err
			}
			b.Put(q, p)
		}
		c, err := stratego.ParseColor(a.str(2))
		if err != nil {
			return nil, err
		}
		s, err := stratego.FromBoard(r, b, c)
		if err != nil {
			return nil, err
		}
		return hold(stratego.GameFrom(s)), nil
	},
	"free": func(a args) (any, error) {
		delete(games, a.num(0))
		delete(players, a.num(0))
		return nil, nil
	},
	"clone": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		return hold(g), nil
	},
	"info": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		return infoOfGame(g), nil
	},
	"legal": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		s := g.State()
		return movesText(s.AppendLegalMoves(nil)), nil
	},
	"check": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		m, err := stratego.ParseMove(strings.TrimSpace(a.str(1)))
		if err != nil {
			return nil, err
		}
		return nil, g.State().Check(m)
	},
	"play": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		m, err := stratego.ParseMove(strings.TrimSpace(a.str(1)))
		if err != nil {
			return nil, err
		}
		g2, ev, err := g.Apply(m)
		if err != nil {
			return nil, err
		}
		games[a.num(0)] = g2
		// The game's new info comes along: a loop that plays moves
		// makes one call a move fewer (each call costs far more than
		// the move).
		return struct {
			eventJSON
			Info gameInfo `json:"info"`
		}{eventOf(g2.State().Rules(), ev), infoOfGame(g2)}, nil
	},
	"undo": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		g2, ok := g.Undo()
		if ok {
			games[a.num(0)] = g2
		}
		return ok, nil
	},
	"resign": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		c, err := stratego.ParseColor(a.str(1))
		if err != nil {
			return nil, err
		}
		if g, err = g.Resign(c); err != nil {
			return nil, err
		}
		games[a.num(0)] = g
		return nil, nil
	},
	"agreeDraw": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		if g, err = g.AgreeDraw(); err != nil {
			return nil, err
		}
		games[a.num(0)] = g
		return nil, nil
	},
	"view": func(a args) (any, error) {
		v, err := viewOf(a)
		if err != nil {
			return nil, err
		}
		b, err := v.MarshalJSON()
		return json.RawMessage(b), err
	},
	"viewText": func(a args) (any, error) {
		v, err := viewOf(a)
		if err != nil {
			return nil, err
		}
		b, err := v.MarshalText()
		return string(b), err
	},
	"canBe": func(a args) (any, error) {
		v, err := viewOf(a)
		if err != nil {
			return nil, err
		}
		out := map[string][]stratego.Rank{}
		for sq := range v.Hidden().All() {
			out[sq.String()] = slices.Collect(v.Ranks(sq).All())
		}
		return out, nil
	},
	"board": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		s := g.State()
		out := []boardPiece{}
		for sq, pc := range s.Board().All() {
			out = append(out, boardPiece{sq, pc})
		}
		return out, nil
	},
	"record": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		return g.Record().String(), nil
	},
	"position": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		s := g.State()
		b, err := s.MarshalText()
		return string(b), err
	},
	"picture": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		return g.State().Picture(), nil
	},
	"history": func(a args) (any, error) {
		g, err := game(a)
		if err != nil {
			return nil, err
		}
		rec := g.Record()
		out := []string{}
		for _, m := range rec.Moves {
			b, err := m.AppendNotation(nil, rec.Rules.Numbering)
			if err != nil {
				return nil, err
			}
			out = append(out, string(b))
		}
		return out, nil
	},
	"legalOf": func(a args) (any, error) {
		text := strings.TrimSpace(a.str(0))
		if v, err := parseView(text); err == nil {
			return movesText(v.AppendLegalMoves(nil)), nil
		} else if strings.HasPrefix(text, "{") || strings.Count(text, " ") > 10 {
			return nil, err
		}
		p, err := stratego.ParsePosition(text)
		if err != nil {
			return nil, err
		}
		s, err := p.State()
		if err != nil {
			return nil, err
		}
		return movesText(s.AppendLegalMoves(nil)), nil
	},
	"parseView": func(a args) (any, error) {
		v, err := parseView(strings.TrimSpace(a.str(0)))
		if err != nil {
			return nil, err
		}
		b, err := v.MarshalJSON()
		return json.RawMessage(b), err
	},
	"viewTextOf": func(a args) (any, error) {
		v, err := parseView(strings.TrimSpace(a.str(0)))
		if err != nil {
			return nil, err
		}
		b, err := v.MarshalText()
		return string(b), err
	},
	"parseRecord": func(a args) (any, error) {
		rec, err := stratego.ParseRecord(a.str(0))
		if err != nil {
			return nil, err
		}
		return rec.String(), nil
	},
	"botNew": func(a args) (any, error) {
		p, err := bot.New(a.str(0), bot.Options{Seed: uint64(a.num(1))})
		if err != nil {
			return nil, err
		}
		next++
		players[next] = p
		return next, nil
	},
	"botSetup": func(a args) (any, error) {
		p, ok := players[a.num(0)]
		if !ok {
			return nil, errHandle
		}
		r, err := stratego.ParseRules(a.str(1))
		if err != nil {
			return nil, err
		}
		c, err := stratego.ParseColor(a.str(2))
		if err != nil {
			return nil, err
		}
		s, err := p.Setup(context.Background(), r, c)
		if err != nil {
			return nil, err
		}
		return s.String(), nil
	},
	"replay":   func(a args) (any, error) { return replayOf(a.str(0)) },
	"playouts": func(a args) (any, error) { return playouts(a.str(0), a.num(1), a.num(2)) },
}

// botMove(handle, view, millis, iterations) returns a Promise of the
// JSON answer of the player's move in the view (its text or JSON form)
// within the budget. The search runs on a goroutine of its own, so the
// call returns at once and the JavaScript event loop runs the Go
// scheduler's timers.
func botMove(_ js.Value, jsArgs []js.Value) any {
	var a args
	for _, v := range jsArgs {
		switch v.Type() {
		case js.TypeString:
			a = append(a, v.String())
		case js.TypeNumber:
			a = append(a, v.Float())
		default:
			a = append(a, nil)
		}
	}
	h, text, millis, iters := a.num(0), a.str(1), a.num(2), a.num(3)
	var resolve js.Value
	promise := js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, cb []js.Value) any {
		resolve = cb[0]
		return nil
	}))
	go func() {
		v, err := func() (v any, err error) {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("internal error in botMove: %v", p)
				}
			}()
			p, ok := players[h]
			if !ok {
				return nil, errHandle
			}
			view, err := parseView(strings.TrimSpace(text))
			if err != nil {
				return nil, err
			}
			b := bot.Budget{Time: time.Duration(millis) * time.Millisecond, Iterations: iters}
			ctx := context.Background()
			if b.Time > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, b.Time)
				defer cancel()
			}
			m, err := p.Move(ctx, view, b)
			if err != nil {
				return nil, err
			}
			return m.String(), nil
		}()
		resolve.Invoke(answer(v, err))
	}()
	return promise
}

// rng returns a random source seeded by seed.
func rng(seed int) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0x5eed)) }

// hold keeps g under a new handle.
func hold(g stratego.Game) int {
	next++
	games[next] = g
	return next
}

// game returns the game of the first argument's handle.
func game(a args) (stratego.Game, error) {
	g, ok := games[a.num(0)]
	if !ok {
		return stratego.Game{}, errHandle
	}
	return g, nil
}

// viewOf returns the view of the second argument's color in the game of
// the first.
func viewOf(a args) (stratego.View, error) {
	g, err := game(a)
	if err != nil {
		return stratego.View{}, err
	}
	c, err := stratego.ParseColor(a.str(1))
	if err != nil {
		return stratego.View{}, err
	}
	return g.State().View(c), nil
}

// parseView reads a view's text or JSON form.
func parseView(text string) (stratego.View, error) {
	if strings.HasPrefix(text, "{") {
		var v stratego.View
		err := json.Unmarshal([]byte(text), &v)
		return v, err
	}
	return stratego.ParseView(text)
}

// movesText writes moves as the library does ("e4-e5").
func movesText(ms []stratego.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// gameInfo is what Game.info tells.
type gameInfo struct {
	Rules     string      `json:"rules"`
	Turn      string      `json:"turn"`
	Ply       int         `json:"ply"`
	Moves     int         `json:"moves"`
	RescueDue bool        `json:"rescueDue"`
	Outcome   outcomeJSON `json:"outcome"`
}

func infoOfGame(g stratego.Game) gameInfo {
	s := g.State()
	return gameInfo{s.Rules().String(), s.Turn().String(), s.Ply(), g.Len(), s.RescueDue(), outcomeOf(s.Outcome())}
}

// outcomeJSON is an outcome for JavaScript.
type outcomeJSON struct {
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	Text   string `json:"text"`
}

func outcomeOf(o stratego.Outcome) outcomeJSON {
	out := outcomeJSON{Over: o.IsOver(), Text: o.String()}
	if o.Winner.IsValid() {
		out.Winner = o.Winner.String()
	}
	if o.IsOver() {
		out.Reason = o.Reason.String()
	}
	return out
}

// eventJSON is what happened in one move.
type eventJSON struct {
	Move     string      `json:"move"`
	Notation string      `json:"notation"` // the record's notation: "b4xb5(6<8)"
	Color    string      `json:"color"`
	Piece    string      `json:"piece"`
	Attack   bool        `json:"attack"`
	Defender string      `json:"defender,omitempty"`
	Combat   string      `json:"combat,omitempty"`
	Outcome  outcomeJSON `json:"outcome"`
}

func eventOf(r stratego.Rules, ev stratego.Event) eventJSON {
	out := eventJSON{Move: ev.Move.String(), Color: ev.Color.String(), Piece: ev.Piece.String(), Attack: ev.IsAttack(), Outcome: outcomeOf(ev.Outcome)}
	if b, err := stratego.Annotate(ev).AppendNotation(nil, r.Numbering); err == nil {
		out.Notation = string(b)
	} else {
		out.Notation = out.Move
	}
	if ev.IsAttack() {
		out.Defender, out.Combat = ev.Defender.String(), ev.Combat.String()
	}
	return out
}

// boardPiece is one piece on a square.
type boardPiece struct {
	Square stratego.Square `json:"square"`
	Piece  stratego.Piece  `json:"piece"`
}

// setupOf is a setup as text and as pieces of its owner's zone.
func setupOf(r stratego.Rules, s stratego.Setup) any {
	type piece struct {
		Square stratego.Square `json:"square"`
		Rank   stratego.Rank   `json:"rank"`
	}
	out := struct {
		Text   string  `json:"text"`
		Pieces []piece `json:"pieces"`
	}{s.String(), []piece{}}
	for sq := range r.Zone.All() {
		if rk := s.At(sq); rk != stratego.NoRank {
			out.Pieces = append(out.Pieces, piece{sq, rk})
		}
	}
	return out
}

// playouts plays random games under the rules text (a 2000-ply cap, as
// the root package's BenchmarkPlayoutRandom) for at least plies plies,
// each drawn and played by State.PlayRandom, and returns the plies and
// the milliseconds they took.
func playouts(rulesText string, plies, seed int) (any, error) {
	r, err := stratego.ParseRules(rulesText)
	if err != nil {
		return nil, err
	}
	r.MaxPlies = 2000
	src := rand.New(rand.NewPCG(uint64(seed), 7))
	var s stratego.State
	n, games, over := 0, 0, true
	start := time.Now()
	for n < plies {
		if over {
			if s, err = stratego.New(r, stratego.RandomSetup(r, src), stratego.RandomSetup(r, src)); err != nil {
				return nil, err
			}
			games++
		}
		_, ev, ok := s.PlayRandom(src)
		if !ok {
			return nil, errors.New("no move in a game not over")
		}
		n++
		over = ev.Outcome.IsOver()
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	return struct {
		Plies  int     `json:"plies"`
		Games  int     `json:"games"`
		Millis float64 `json:"millis"`
	}{n, games, ms}, nil
}

// replayOf reads a record or a Gravon game file (XML or GSN) and
// describes every position for the replay page, as the server's
// /api/replay answers (pageinfo.Replay).
func replayOf(text string) (any, error) {
	rec, format, err := pageinfo.ReadGame(text)
	if err != nil {
		return nil, fmt.Errorf("the game could not be read (%s): %w", format, err)
	}
	if len(rec.Moves) > pageinfo.MaxReplayPlies {
		return nil, errors.New("the game is too long to replay here")
	}
	out, err := pageinfo.ReplayOf(rec, func(err error, _ stratego.Rules) string { return say(err) })
	if err != nil {
		return nil, fmt.Errorf("the game could not be replayed: %w", err)
	}
	out.Format = format
	return out, nil
}
