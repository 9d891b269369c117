package browsertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRandomSetups clicks the Random button of the setup panel 50
// times under Classic: the setups are the kind people make (the Flag on
// the back two rows in at least 80% of them; a uniform draw has it
// there in half), each a new one.
func TestBrowserRandomSetups(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 11})
	cr := ts.create(t, createRequest{Rules: "classic", Opponent: "person", Color: "red"})
	tb := startBrowser(t).newTab(t)
	tb.do("open the game", chromedp.Navigate(ts.http.URL+cr.Links.Player))
	tb.waitFor(`!document.getElementById('setup-panel').hidden`)
	const n = 50
	back, last := 0, ""
	for i := range n {
		tb.click("#setup-random")
		tb.waitFor(`(() => { const v = document.getElementById('setup-text').value; return v !== ` + jsString(last) + ` && !v.includes('.'); })()`)
		text := eval[string](tb, `document.getElementById('setup-text').value`)
		rows := strings.Split(text, "/")
		if len(rows) != 4 || strings.Count(text, "F") != 1 {
			t.Fatalf("draw %d: setup %q", i, text)
		}
		if strings.Contains(rows[0], "F") || strings.Contains(rows[1], "F") {
			back++
		}
		last = text
	}
	t.Logf("the Flag on the back two rows in %d of %d draws", back, n)
	if back < n*8/10 {
		t.Errorf("the Flag on the back two rows in %d of %d draws, want 80%% at least", back, n)
	}
}

// TestBrowserAbandonInSetup abandons a game against the bot before
// setting up: two clicks (the second confirms), and the page says the
// game is over and lost.
func TestBrowserAbandonInSetup(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 12})
	cr := ts.create(t, createRequest{Rules: "duel", Opponent: "bot", Bot: "random", Color: "red"})
	tb := startBrowser(t).newTab(t)
	tb.do("open the game", chromedp.Navigate(ts.http.URL+cr.Links.Player))
	tb.waitFor(`!document.getElementById('abandon').hidden && document.getElementById('resign').hidden`)
	tb.click("#abandon")
	if s := tb.text("#abandon"); !strings.Contains(s, "Really") {
		t.Errorf("the first click asks nothing: %q", s)
	}
	tb.click("#abandon")
	tb.waitFor(`document.getElementById('game').dataset.phase === 'over'`)
	s := tb.text("#status")
	if !strings.Contains(s, "blue wins") || !strings.Contains(s, "You lose") || !strings.Contains(s, "Red resigned during the setup") {
		t.Errorf("the status after abandoning: %q", s)
	}
	if eval[bool](tb, `!document.getElementById('setup-panel').hidden || !document.getElementById('abandon').hidden || !document.getElementById('download').hidden`) {
		t.Error("the setup panel, the abandon or the download button is still shown")
	}
}

// jsString returns s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// TestBrowserEventsStream opens a game's page and makes the changes
// through the API (the other player's setup and moves): the page
// follows them on the game's event stream, not by long polls, and
// shows each as it comes.
func TestBrowserEventsStream(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 13})
	cr := ts.create(t, createRequest{Rules: "duel", Opponent: "person", Color: "red"})
	blue := ts.claim(t, cr.ID, cr.Links.Invite)
	tb := startBrowser(t).newTab(t)
	tb.do("open the game", chromedp.Navigate(ts.http.URL+cr.Links.Player))
	tb.waitFor(`document.getElementById('game').dataset.transport === 'events'`)
	var setup struct{ Text string }
	for _, tok := range []string{cr.Token, blue} {
		json.Unmarshal(ts.must(t, http.StatusOK, "POST", "/api/v1/setup/random", "", map[string]string{"rules": "duel"}), &setup)
		ts.must(t, http.StatusOK, "POST", "/api/v1/games/"+cr.ID+"/setup", tok, setupRequest{Setup: setup.Text})
	}
	tb.waitFor(`document.getElementById('game').dataset.phase === 'play'`)
	for ply := range 6 {
		tok := cr.Token
		if ply%2 == 1 {
			tok = blue
		}
		v := viewOf(t, statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/v1/games/"+cr.ID, tok, nil)))
		ms := v.AppendLegalMoves(nil)
		ts.must(t, http.StatusOK, "POST", "/api/v1/games/"+cr.ID+"/move", tok, moveRequest{ms[0].String()})
		tb.waitFor(fmt.Sprintf(`document.querySelectorAll('#movelist span').length === %d`, ply+1))
	}
	ts.must(t, http.StatusOK, "POST", "/api/v1/games/"+cr.ID+"/resign", blue, map[string]string{})
	tb.waitFor(`document.getElementById('game').dataset.phase === 'over'`)
	// A request enters the page's resource timing when its answer has
	// ended: the event stream's only after the server closed it at the
	// end of the game, which on a busy machine can come after the page
	// has shown the end.
	tb.waitFor(`performance.getEntriesByType('resource').some((e) => e.name.includes('/events'))`)
	reqs := eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/'))`)
	streams, polls := 0, 0
	for _, u := range reqs {
		switch {
		case strings.Contains(u, "/events"):
			streams++
		case strings.Contains(u, "after="):
			polls++
		}
	}
	if streams == 0 || polls != 0 {
		t.Errorf("the page opened %d event streams and %d long polls: %q", streams, polls, reqs)
	}
}
