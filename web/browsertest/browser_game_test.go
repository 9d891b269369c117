package browsertest

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stratego-go/stratego"
)

// gameOfPage returns the game id and token of the game page a tab shows.
func gameOfPage(tb *tab) (id, token string) {
	tb.t.Helper()
	hash := eval[string](tb, "location.hash")
	q, err := url.ParseQuery(strings.TrimPrefix(hash, "#"))
	if err != nil || q.Get("g") == "" {
		tb.t.Fatalf("the page is at %q, not a game", hash)
	}
	return q.Get("g"), q.Get("t")
}

// version returns the state version the game page shows.
func version(tb *tab) string {
	return eval[string](tb, "document.getElementById('game').dataset.version")
}

// startFromLobby fills in the start page and starts a game.
func startFromLobby(tb *tab, base, preset, opponent, color string) {
	tb.t.Helper()
	tb.do("open the start page", chromedp.Navigate(base+"/"))
	tb.waitFor(`document.querySelectorAll('#preset option').length > 0 && document.querySelectorAll('#bot option').length > 0`)
	tb.do("choose the variant", chromedp.SetValue(chromedp.CSS("#preset"), preset))
	tb.click("#opp-" + opponent)
	if opponent == "bot" {
		// One line per bot in the list, the chosen one's description beside it.
		if long := eval[int](tb, `[...document.querySelectorAll('#bot option')].filter((o) => o.textContent !== o.value).length`); long != 0 {
			tb.t.Errorf("%d bots are listed with more than their name", long)
		}
		tb.do("choose the bot", chromedp.SetValue(chromedp.CSS("#bot"), "random"), chromedp.SetValue(chromedp.CSS("#think"), "200"))
		tb.do("announce the choice", chromedp.Evaluate[chromedp.Void](`document.getElementById('bot').dispatchEvent(new Event('change'))`))
		if hint := tb.text("#bot-hint"); hint == "" || hint == tb.text("#bot option[value=greedy]") {
			tb.t.Errorf("the chosen bot's description beside the list is %q", hint)
		}
	}
	tb.click(`input[name=color][value=` + color + `]`)
	if preset == "barrage" && opponent == "bot" {
		tb.waitFor(`document.getElementById('rules-hint').textContent.startsWith('barrage')`)
		tb.screenshot("start", func(s *shot) {
			if hint := tb.text("#rules-hint"); !strings.Contains(hint, "8 pieces a side") {
				tb.t.Errorf("the rules hint says %q", hint)
			}
		})
	}
	tb.click("#create")
	tb.waitFor(`document.getElementById('game').dataset.phase === 'setup'`)
}

// placeByClicks sets up an army by clicking a tray piece, then a square,
// for each piece: squares in the order given.
func placeByClicks(tb *tab, rules stratego.Rules, squares []string) {
	tb.t.Helper()
	i := 0
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		for range rules.Army[rk] {
			tb.click(`.tray-piece[data-rank="` + rk.String() + `"]`)
			tb.clickSquare("#board", squares[i])
			i++
		}
	}
}

// TestBrowserGameAgainstBot plays a whole game against the built-in bot
// by clicks: the start page, the setup by clicking the tray and the
// squares, then every move by clicking the piece and one of the targets
// the page marks, until the game ends; then the record is replayed.
func TestBrowserGameAgainstBot(t *testing.T) {
	// The seeds give a game of 116 moves by clicks that Red wins, and in
	// the race run (-short) one of 15 moves that Blue wins.
	seed := uint64(1)
	if testing.Short() {
		seed = 2
	}
	ts := newTestServer(t, Config{MaxPlies: 300, Seed: seed})
	b := startBrowser(t)
	tb := b.newTab(t)
	startFromLobby(tb, ts.http.URL, "barrage", "bot", "red")
	rules := stratego.Barrage()
	// In the order of placeByClicks (Spy … Flag): Spy c3, Scouts a4 e4,
	// Miner b1, General f4, Marshal j4, Bomb b2, Flag a1.
	placeByClicks(tb, rules, []string{"c3", "a4", "e4", "b1", "f4", "j4", "b2", "a1"})
	if got := eval[string](tb, "document.getElementById('setup-text').value"); got != "F3......../.B......../..1......./2...29...X" {
		t.Errorf("the setup text of the clicked placement is %q", got)
	}
	tb.screenshot("setup", func(s *shot) {
		s.want("#board", "a1", bodyX, bodyY, "red")  // the Flag
		s.want("#board", "d4", bodyX, bodyY, "zone") // an empty zone square
		s.want("#board", "c5", bodyX, bodyY, "lake")
	})
	tb.click("#setup-ready")
	tb.waitFor(`document.getElementById('game').dataset.phase !== 'setup'`)
	id, token := gameOfPage(tb)
	if got := tb.text(`.captured-row[data-color="red"]`); got != "Red lost nothing" {
		t.Errorf("before any fight the captured row says %q", got)
	}

	rng := rand.New(rand.NewPCG(3, 4))
	plies := 0
	for eval[string](tb, "document.getElementById('game').dataset.phase") != "over" {
		tb.waitFor(`(() => { const g = document.getElementById('game'); return g.dataset.myturn === 'true' || g.dataset.phase === 'over'; })()`)
		p := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+id, token, nil))
		if p.Phase == "over" {
			break
		}
		v := viewOf(t, p)
		m := attackFirst(v, rng)
		before := version(tb)
		tb.clickSquare("#board", m.From.String())
		if got := eval[string](tb, fmt.Sprintf(`document.querySelector('#board [data-square="%s"]').dataset.target || ''`, m.To)); got == "" {
			t.Fatalf("ply %d: %s is not marked as a target of %s", v.Ply(), m.To, m.From)
		}
		if plies == 0 {
			tb.screenshot("selected", func(s *shot) {
				s.want("#board", m.From.String(), bodyX, bodyY, "red")
				if pc, ok := v.At(m.To); ok && pc.Color() != v.Player() {
					s.want("#board", m.To.String(), 0.5, 8.0/60, "green") // the target ring
				} else {
					s.want("#board", m.To.String(), 0.5, 0.5, "green") // the target dot
				}
			})
		}
		tb.clickSquare("#board", m.To.String())
		tb.waitFor(`document.getElementById('game').dataset.version !== '` + before + `' || document.getElementById('message').textContent !== ''`)
		if msg := tb.text("#message"); msg != "" {
			t.Fatalf("ply %d: %s refused: %s", v.Ply(), m, msg)
		}
		plies++
	}
	status := tb.text("#status")
	if !strings.Contains(status, "Game over") {
		t.Fatalf("status at the end: %q", status)
	}
	p := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+id, token, nil))
	if !strings.Contains(status, p.Outcome) {
		t.Errorf("status %q does not give the outcome %q", status, p.Outcome)
	}
	t.Logf("%d moves by clicks, %s", plies, p.Outcome)
	tb.screenshot("game-over", func(s *shot) {
		// Every piece is shown at the end: no hidden backs are left.
		if n := eval[int](tb, `document.querySelectorAll('#board .piece.hidden').length`); n != 0 {
			t.Errorf("%d hidden pieces on the final board", n)
		}
	})
	if got := eval[int](tb, `document.querySelectorAll('#movelist span').length`); got != len(p.Moves) {
		t.Errorf("the move list shows %d moves, want %d", got, len(p.Moves))
	}
	tb.click("#replay-this")
	tb.waitFor(`!document.getElementById('replay-view').hidden`)
	if got, want := eval[string](tb, `document.getElementById('rp-range').max`), fmt.Sprint(len(p.Moves)); got != want {
		t.Errorf("the replay has %s steps, want %s", got, want)
	}
}

// attackFirst picks an attack when there is one, else a random move.
func attackFirst(v stratego.View, rng *rand.Rand) stratego.Move {
	ms := v.AppendLegalMoves(nil)
	var attacks []stratego.Move
	for _, m := range ms {
		if pc, ok := v.At(m.To); ok && pc.Color() != v.Player() {
			attacks = append(attacks, m)
		}
	}
	if len(attacks) > 0 {
		return attacks[rng.IntN(len(attacks))]
	}
	return ms[rng.IntN(len(ms))]
}
