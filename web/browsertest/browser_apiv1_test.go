package browsertest

import (
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
