package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/js"
	"github.com/stratego-go/stratego/web"
)

// The engine the offline tests load: built once with the local Go
// toolchain (js.Build), as "stratego static" builds it.
var (
	engineOnce sync.Once
	engineDir  string
	engineErr  error
)

func engine(t *testing.T) string {
	t.Helper()
	findBrowser(t) // skip before the build when there is no browser
	engineOnce.Do(func() {
		engineDir, engineErr = os.MkdirTemp("", "stratego-engine-")
		if engineErr == nil {
			engineErr = js.Build(context.Background(), engineDir)
		}
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return engineDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if engineDir != "" {
		os.RemoveAll(engineDir)
	}
	os.Exit(code)
}

// counting counts the requests of a handler to the JSON API, but for
// the two that the start page makes when it loads (the options and the
// description of the rules).
type counting struct {
	h http.Handler
	n atomic.Int64
}

func (c *counting) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p := strings.Replace(r.URL.Path, "/api/v1/", "/api/", 1); strings.HasPrefix(p, "/api/") && p != "/api/options" && p != "/api/rules" {
		c.n.Add(1)
	}
	c.h.ServeHTTP(w, r)
}

// localGame is what offline.js keeps of a game in the page's session
// storage.
type localGame struct {
	Rules  string            `json:"rules"`
	Me     string            `json:"me"`
	Setups map[string]string `json:"setups"`
	Moves  []string          `json:"moves"`
}

// replayLocal plays the page's game with the Go library.
func replayLocal(t *testing.T, tb *tab, id string) (stratego.Game, localGame) {
	t.Helper()
	raw := eval[string](tb, fmt.Sprintf(`sessionStorage.getItem('stratego.local.' + %q) || ''`, id))
	var lg localGame
	if err := json.Unmarshal([]byte(raw), &lg); err != nil {
		t.Fatalf("the page's game %q: %v", raw, err)
	}
	r, err := stratego.ParseRules(lg.Rules)
	if err != nil {
		t.Fatal(err)
	}
	red, err1 := stratego.ParseSetup(r, lg.Setups["red"])
	blue, err2 := stratego.ParseSetup(r, lg.Setups["blue"])
	if err1 != nil || err2 != nil {
		t.Fatalf("setups: %v, %v", err1, err2)
	}
	g, err := stratego.NewGame(r, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range lg.Moves {
		if g, _, err = g.Apply(stratego.MustParseMove(m)); err != nil {
			t.Fatalf("move %d %s of the page's game: %v", i+1, m, err)
		}
	}
	return g, lg
}

// playOffline starts a game against the random bot in the page from
// the start page at base, sets up at random and plays it to its end by
// clicks; it returns the number of moves clicked.
func playOffline(t *testing.T, tb *tab, base string, rng *rand.Rand) (stratego.Game, int) {
	t.Helper()
	startOffline(t, tb, base)
	return clickOffline(t, tb, rng, 0)
}

// startOffline starts a game against the random bot in the page and
// sets up at random.
func startOffline(t *testing.T, tb *tab, base string) {
	t.Helper()
	tb.do("open the start page", chromedp.Navigate(base))
	tb.waitFor(`!document.getElementById('opp-local-box').hidden && document.querySelectorAll('#bot option').length > 0`)
	// Barrage, capped at 150 plies so that the game ends within a
	// minute of clicks (a capture of the Flag or no movable piece often
	// comes sooner).
	tb.do("choose the variant", chromedp.SetValue(chromedp.CSS("#rules-text"), "barrage,maxplies=150"))
	tb.click("#opp-local")
	tb.do("choose the bot", chromedp.SetValue(chromedp.CSS("#bot"), "random"), chromedp.SetValue(chromedp.CSS("#think"), "200"))
	tb.click(`input[name=color][value=red]`)
	tb.click("#create")
	tb.waitFor(`document.getElementById('game').dataset.phase === 'setup' && !document.getElementById('setup-panel').hidden`)
	id, _ := gameOfPage(tb)
	if !strings.HasPrefix(id, "local-") {
		t.Fatalf("the game %q is not one of the page", id)
	}
	tb.click("#setup-random")
	tb.waitFor(`document.querySelectorAll('#board .piece').length === 8`)
	tb.click("#setup-ready")
	tb.waitFor(`document.getElementById('game').dataset.phase !== 'setup'`)
}

// clickOffline plays the page's game by clicks until it ends, or for
// at most limit moves when limit is above 0.
func clickOffline(t *testing.T, tb *tab, rng *rand.Rand, limit int) (stratego.Game, int) {
	t.Helper()
	id, _ := gameOfPage(tb)
	plies := 0
	for {
		tb.waitFor(`(() => { const g = document.getElementById('game'); return g.dataset.myturn === 'true' || g.dataset.phase === 'over'; })()`)
		g, _ := replayLocal(t, tb, id)
		if eval[string](tb, "document.getElementById('game').dataset.phase") == "over" || limit > 0 && plies == limit {
			return g, plies
		}
		v := g.State().View(stratego.Red)
		if got, want := eval[int](tb, `document.querySelectorAll('#movelist span').length`), g.Len(); got != want {
			t.Fatalf("the move list shows %d moves, the game has %d", got, want)
		}
		m := attackFirst(v, rng)
		before := version(tb)
		tb.clickSquare("#board", m.From.String())
		if got := eval[string](tb, fmt.Sprintf(`document.querySelector('#board [data-square="%s"]').dataset.target || ''`, m.To)); got == "" {
			t.Fatalf("ply %d: %s is not marked as a target of %s", v.Ply(), m.To, m.From)
		}
		tb.clickSquare("#board", m.To.String())
		tb.waitFor(`document.getElementById('game').dataset.version !== '` + before + `' || document.getElementById('message').textContent !== ''`)
		if msg := tb.text("#message"); msg != "" {
			t.Fatalf("ply %d: %s refused: %s", v.Ply(), m, msg)
		}
		plies++
	}
}

// checkOver checks the page at the end of a game against the library's
// replay of its moves.
func checkOver(t *testing.T, tb *tab, g stratego.Game, plies int) {
	t.Helper()
	out := g.State().Outcome()
	if !out.IsOver() {
		t.Fatalf("the page says the game is over; the library's replay says %v", out)
	}
	status := tb.text("#status")
	if !strings.Contains(status, "Game over: "+out.String()) {
		t.Errorf("status %q, want the outcome %q", status, out)
	}
	if n := eval[int](tb, `document.querySelectorAll('#board .piece.hidden').length`); n != 0 {
		t.Errorf("%d hidden pieces on the final board", n)
	}
	t.Logf("%d moves by clicks, %d plies, %v", plies, g.Len(), out)
}

// TestBrowserOfflineStaticSite plays a whole game in the static site of
// web.WriteSite, served by a plain file server: the start page offers
// only the game in the page, the bot's setup and moves come from its
// Web Worker, and the moves the page played replay in the Go library
// to the outcome the page shows. Then the record is replayed in the
// page, with no server either.
func TestBrowserOfflineStaticSite(t *testing.T) {
	dir := t.TempDir()
	if err := web.WriteSite(dir, os.DirFS(engine(t))); err != nil {
		t.Fatal(err)
	}
	api := &counting{h: http.StripPrefix("/site", http.FileServer(http.Dir(dir)))}
	hs := httptest.NewServer(api)
	t.Cleanup(hs.Close)
	tb := startBrowser(t).newTab(t)
	// Under a prefix: the site's links are relative.
	g, plies := playOffline(t, tb, hs.URL+"/site/", rand.New(rand.NewPCG(5, 6)))
	if !eval[bool](tb, `document.getElementById('opp-person-box').hidden && document.getElementById('opp-bot-box').hidden`) {
		t.Error("the static site offers games that need the server")
	}
	checkOver(t, tb, g, plies)
	if n := api.n.Load(); n != 0 {
		t.Errorf("%d requests to the API of a game", n)
	}
	tb.click("#replay-this")
	tb.waitFor(`!document.getElementById('replay-view').hidden`)
	if got, want := eval[string](tb, `document.getElementById('rp-range').max`), fmt.Sprint(g.Len()); got != want {
		t.Errorf("the replay has %s steps, want %s", got, want)
	}
	if got := tb.text("#replay-error"); got != "" {
		t.Errorf("the replay says %q", got)
	}
}

// TestBrowserOfflineServe plays a whole game in the page of the server
// with an engine (Config.Wasm): once the game has started, the page
// sends the server no request at all.
func TestBrowserOfflineServe(t *testing.T) {
	s := web.New(web.Config{Wasm: os.DirFS(engine(t)), Seed: 3})
	api := &counting{h: s}
	hs := httptest.NewServer(api)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	tb := startBrowser(t).newTab(t)
	g, plies := playOffline(t, tb, hs.URL+"/", rand.New(rand.NewPCG(7, 8)))
	if eval[bool](tb, `document.getElementById('opp-person-box').hidden || document.getElementById('opp-bot-box').hidden`) {
		t.Error("the server's page hides the games through the server")
	}
	checkOver(t, tb, g, plies)
	if n := api.n.Load(); n != 0 {
		t.Errorf("%d requests to the API of a game, want none", n)
	}
	if s.Games() != 0 {
		t.Errorf("the server holds %d games", s.Games())
	}
}

// packagePage uses the JavaScript package in a page as a web developer
// would: the engine in the page, a bot in a Web Worker.
const packagePage = `<!doctype html><meta charset="utf-8"><title>package</title>
<script type="module">
import {load, Bot, StrategoError} from '/js/index.js';
const out = {};
try {
  const st = await load();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
  out.legal = game.legalMoves();
  try { game.play('a1-a2'); } catch (e) { out.refusal = {error: e instanceof StrategoError, code: e.code, message: e.message}; }
  out.first = game.play(out.legal[0]).move;
  out.hidden = game.view('blue').board.filter((p) => p.piece === 'red unknown').length;
  const bot = await Bot.create('search', {seed: 1});
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  out.botMove = await bot.move(game, {time: 1000});
  clearInterval(timer);
  out.ticks = ticks;
  out.botLegal = game.legalMoves().includes(out.botMove);
  game.play(out.botMove);
  await bot.close();
  out.record = game.record();
} catch (e) {
  out.failure = String(e && e.stack || e);
}
window.result = JSON.stringify(out);
</script>`

// TestBrowserPackage loads the JavaScript package in a page: rules,
// setups, legal moves, a refusal as a StrategoError, a view that hides
// the other side's ranks, a bot's move from a Web Worker while the
// page's own timers run, and a record that replays in Go.
func TestBrowserPackage(t *testing.T) {
	s := web.New(web.Config{Wasm: os.DirFS(engine(t))})
	mux := http.NewServeMux()
	mux.Handle("/", s)
	mux.HandleFunc("GET /package.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, packagePage)
	})
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	tb := startBrowser(t).newTab(t)
	tb.do("open the page", chromedp.Navigate(hs.URL+"/package.html"))
	tb.waitFor(`window.result !== undefined`)
	var out struct {
		Legal   []string
		Refusal struct {
			Error         bool
			Code, Message string
		}
		First, BotMove, Record, Failure string
		Hidden, Ticks                   int
		BotLegal                        bool
	}
	if err := json.Unmarshal([]byte(eval[string](tb, "window.result")), &out); err != nil {
		t.Fatal(err)
	}
	if out.Failure != "" {
		t.Fatalf("the page failed: %s", out.Failure)
	}
	if len(out.Legal) == 0 || out.First != out.Legal[0] {
		t.Errorf("legal moves %v, first move %q", out.Legal, out.First)
	}
	if !out.Refusal.Error || out.Refusal.Code != "own-piece" || !strings.Contains(out.Refusal.Message, "own piece") || strings.Contains(out.Refusal.Message, "stratego:") {
		t.Errorf("the refusal of a1-a2: %+v", out.Refusal)
	}
	if out.Hidden != 40 {
		t.Errorf("Blue's view shows %d of Red's 40 pieces hidden", out.Hidden)
	}
	if !out.BotLegal || out.Ticks < 5 {
		t.Errorf("the bot's move %q (legal %v), %d timer ticks of the page while it thought", out.BotMove, out.BotLegal, out.Ticks)
	}
	rec, err := stratego.ParseRecord(out.Record)
	if err != nil {
		t.Fatal(err)
	}
	states, err := rec.Replay()
	if err != nil || len(states) != 3 {
		t.Errorf("the record replays to %d states: %v", len(states), err)
	}
}

// TestBrowserOfflineReload reloads the page in the middle of a game in
// the page: the game goes on from the tab's session storage, with its
// moves, and the bot answers the next move.
func TestBrowserOfflineReload(t *testing.T) {
	s := web.New(web.Config{Wasm: os.DirFS(engine(t))})
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	tb := startBrowser(t).newTab(t)
	startOffline(t, tb, hs.URL+"/")
	rng := rand.New(rand.NewPCG(9, 9))
	g, _ := clickOffline(t, tb, rng, 3)
	if g.State().Outcome().IsOver() {
		t.Skipf("the game ended within 3 moves: %v", g.State().Outcome())
	}
	tb.do("reload the page", chromedp.Reload())
	tb.waitFor(`document.getElementById('game').dataset.myturn === 'true'`)
	if got, want := eval[int](tb, `document.querySelectorAll('#movelist span').length`), g.Len(); got != want {
		t.Errorf("after the reload the move list shows %d moves, want %d", got, want)
	}
	g2, n := clickOffline(t, tb, rng, 1)
	if n != 1 || g2.Len() < g.Len()+1 {
		t.Errorf("after the reload: %d moves clicked, the game has %d plies (%d before)", n, g2.Len(), g.Len())
	}
}
