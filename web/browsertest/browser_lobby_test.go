package browsertest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stratego-go/stratego/web"
)

// TestBrowserRulesHintKeepsTheLastChoice: the start page describes the
// chosen rules from the server's answer; when the answer for the page's
// first rules (Classic) comes after the one for a later choice (Barrage),
// as a busy server's answers can, the hint still describes Barrage. The
// server here holds the first answer until the second has been sent.
func TestBrowserRulesHintKeepsTheLastChoice(t *testing.T) {
	s := web.New(Config{CreateBurst: 100})
	var (
		mu       sync.Mutex
		asked    int
		later    = make(chan struct{}) // closed when a later answer is sent
		released = make(chan struct{}) // closed when the first answer is sent
	)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/rules" {
			s.ServeHTTP(w, r)
			return
		}
		mu.Lock()
		asked++
		n := asked
		mu.Unlock()
		if n == 1 {
			select {
			case <-later:
			case <-time.After(time.Minute):
			}
			s.ServeHTTP(w, r)
			close(released)
			return
		}
		s.ServeHTTP(w, r)
		if n == 2 {
			close(later)
		}
	}))
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	tb := startBrowser(t).newTab(t)
	tb.do("open the start page", chromedp.Navigate(hs.URL+"/"))
	tb.waitFor(`document.querySelectorAll('#preset option').length > 0`)
	tb.do("choose Barrage", chromedp.SetValue(chromedp.CSS("#preset"), "barrage"))
	tb.waitFor(`document.getElementById('rules-hint').textContent.startsWith('barrage')`)
	select {
	case <-released:
	case <-time.After(2 * time.Minute):
		t.Fatal("the page asked for the rules only once")
	}
	// Both answers have been read, and two frames have passed, once both
	// requests show in the page's resource timing.
	tb.waitFor(`performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/v1/rules')).length >= 2`)
	tb.do("let two frames pass", chromedp.Evaluate[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok())))`, chromedp.EvalAwaitPromise))
	if hint := tb.text("#rules-hint"); !strings.HasPrefix(hint, "barrage") {
		t.Errorf("after the late answer for Classic, the rules hint says %q", hint)
	}
}
