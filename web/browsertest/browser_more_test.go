package browsertest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

// center returns the middle of an element in CSS pixels.
func center(tb *tab, sel string) (x, y float64) {
	tb.t.Helper()
	p := eval[[]float64](tb, fmt.Sprintf(
		`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel))
	return p[0], p[1]
}

// waitMyTurn waits until the game page shows the player to move.
func waitMyTurn(tb *tab) {
	tb.t.Helper()
	tb.waitFor(`document.getElementById('game').dataset.myturn === 'true'`)
}

// clickMove plays a move on the game page by two clicks and waits for
// the server's answer.
func clickMove(tb *tab, move string) {
	tb.t.Helper()
	from, to, _ := strings.Cut(move, "-")
	before := version(tb)
	tb.clickSquare("#board", from)
	tb.clickSquare("#board", to)
	tb.waitFor(`document.getElementById('game').dataset.version !== '` + before + `'`)
}

// TestBrowserRefusedMove plays a Sergeant back and forth by clicks until
// the Two-Squares Rule forbids the next move: the page does not mark the
// square as a target, and clicking it anyway shows the rule in words.
// The setup comes in pasted as text.
func TestBrowserRefusedMove(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 2})
	setup := "616B252538/B824423329/5624335B77/42BB672BXF" // a Sergeant on a4; Blue's on j7, a Scout on i7
	cr := ts.create(t, createRequest{Rules: "classic", Opponent: "person", Color: "red"})
	path := "/api/games/" + cr.ID
	blue := ts.claim(t, cr.ID, cr.Links.Invite)
	ts.must(t, http.StatusOK, "POST", path+"/setup", blue, setupRequest{Setup: setup})

	tb := startBrowser(t).newTab(t)
	tb.do("open the game", chromedp.Navigate(ts.http.URL+cr.Links.Player))
	tb.waitFor(`document.getElementById('game').dataset.phase === 'setup' && !document.getElementById('setup-panel').hidden`)
	tb.click("#setup-text-box summary")
	tb.do("paste the setup", chromedp.SetValue(chromedp.CSS("#setup-text"), setup))
	tb.click("#setup-paste")
	tb.waitFor(`document.querySelectorAll('#board .piece').length === 40`)
	if got := eval[string](tb, `document.querySelector('#board [data-square="a4"]').dataset.piece`); got != "red sergeant" {
		t.Fatalf("a4 after pasting shows %q, want red sergeant", got)
	}
	tb.click("#setup-ready")
	waitMyTurn(tb)

	for i, m := range []string{"a4-a5", "a5-a4", "a4-a5"} {
		clickMove(tb, m)
		ts.must(t, http.StatusOK, "POST", path+"/move", blue, moveRequest{[]string{"j7-j6", "i7-i6", "j6-j5"}[i]})
		waitMyTurn(tb)
	}
	tb.clickSquare("#board", "a5")
	if got := eval[string](tb, `document.querySelector('#board [data-square="a4"]').dataset.target || 'none'`); got != "none" {
		t.Errorf("a4 is marked as a target (%s), though the Two-Squares Rule forbids a5-a4", got)
	}
	if got := eval[string](tb, `document.querySelector('#board [data-square="a6"]').dataset.target || 'none'`); got != "move" {
		t.Errorf("a6 is marked %q, want a move target", got)
	}
	tb.clickSquare("#board", "a4")
	tb.waitFor(`document.getElementById('message').dataset.rule === 'two-squares'`)
	msg := tb.text("#message")
	if !strings.Contains(msg, "Two-Squares Rule") || !strings.Contains(msg, "3 moves in a row") {
		t.Errorf("the refusal says %q, want the Two-Squares Rule in words", msg)
	}
	tb.screenshot("refused", func(s *shot) {
		s.want("#board", "a5", bodyX, bodyY, "red")  // the Sergeant stays
		s.want("#board", "a6", 0.5, 0.5, "green")    // still a legal target
		s.want("#board", "j5", bodyX, bodyY, "blue") // Blue's Sergeant, moved
		s.want("#board", "j5", 0.03, 0.5, "yellow")  // Blue's last move
		s.want("#board", "a4", bodyX, bodyY, "land") // empty
		s.want("#board", "c5", bodyX, bodyY, "lake") // a lake
		s.want("#board", "a7", bodyX, bodyY, "blue") // a hidden piece
		if n := eval[int](tb, `document.querySelectorAll('#board .piece.blue:not(.hidden)').length`); n != 0 {
			t.Errorf("%d blue ranks shown to Red, want none", n)
		}
	})
	// A move out of turn is explained too: Blue's turn has not come.
	ts.must(t, http.StatusOK, "POST", path+"/move", cr.Token, moveRequest{"a5-a6"})
	tb.waitFor(`document.getElementById('game').dataset.myturn === 'false' && document.querySelector('#board [data-square="a6"]').dataset.piece === 'red sergeant'`)
	tb.clickSquare("#board", "a6")
	tb.waitFor(`document.getElementById('message').textContent.includes('not your turn')`)

	// The next game under the same rules offers the last setup again.
	next := ts.create(t, createRequest{Rules: "classic", Opponent: "person", Color: "red"})
	tb.do("open the next game", chromedp.Navigate(ts.http.URL+next.Links.Player))
	tb.waitFor(`!document.getElementById('setup-panel').hidden && !document.getElementById('setup-last').disabled`)
	tb.click("#setup-last")
	tb.waitFor(`document.querySelectorAll('#board .piece').length === 40`)
	if got := eval[string](tb, `document.getElementById('setup-text').value`); got != setup {
		t.Errorf("the last setup is %q, want %q", got, setup)
	}
}

// TestBrowserTwoPlayers plays a game between two browsers with a
// spectator in a third, each in a browser context of its own: the first
// starts it from the start page and hands out the links (an invitation
// for the opponent, which the second claims: a later claim is refused),
// the second sets up by dragging its pieces, both
// move by clicks and see each other's moves, the spectator sees the
// moves and only the ranks both players were shown, and a resignation
// ends the game on every page.
func TestBrowserTwoPlayers(t *testing.T) {
	ts := newTestServer(t, Config{Seed: 4})
	b := startBrowser(t)
	red := b.newTab(t)
	startFromLobby(red, ts.http.URL, "duel", "person", "red")
	opponent := eval[string](red, `document.getElementById('link-opponent').value`)
	spectator := eval[string](red, `document.getElementById('link-spectator').value`)
	if !strings.HasPrefix(opponent, ts.http.URL+"/#g=") || !strings.HasPrefix(spectator, ts.http.URL+"/#g=") || opponent == spectator {
		t.Fatalf("links %q and %q", opponent, spectator)
	}
	red.click("#setup-random")
	red.waitFor(`document.querySelectorAll('#board .piece').length === 10`)
	red.click("#setup-ready")

	if !strings.Contains(opponent, "&i=") || strings.Contains(opponent, "&t=") {
		t.Fatalf("the opponent's link %q is no invitation", opponent)
	}
	blue := b.newPerson(t)
	blue.do("open the opponent's link", chromedp.Navigate(opponent))
	blue.waitFor(`document.getElementById('game').dataset.role === 'blue' && !document.getElementById('setup-panel').hidden`)
	if h := eval[string](blue, "location.hash"); !strings.Contains(h, "&t=") || strings.Contains(h, "&i=") {
		t.Errorf("after the claim Blue's page is at %q, want its own token", h)
	}
	// The invitation's page of Red no longer shows it; a second claim
	// of it is refused.
	red.waitFor(`document.getElementById('link-opponent').parentElement.hidden`)
	late := b.newPerson(t)
	late.do("open the used invitation", chromedp.Navigate(opponent))
	late.waitFor(`!document.getElementById('notice').hidden`)
	// The used invitation's page: a message in words with the next
	// steps (watch, a game of one's own), and no empty board.
	if title := late.text("#notice-title"); !strings.Contains(title, "has been used") {
		t.Errorf("the used invitation's title: %q", title)
	}
	if next := late.text("#notice-next"); !strings.Contains(next, "spectators") || !strings.Contains(next, "start a game of your own") || strings.Contains(next, "Open your game") {
		t.Errorf("the used invitation's next steps: %q", next)
	}
	if eval[bool](late, `!document.getElementById('game').hidden`) {
		t.Error("the used invitation's page shows the game's board")
	}
	late.screenshot("invitation-used", nil)
	// Opened again in the browser that took the seat, it leads there.
	again := blue
	eval[bool](again, fmt.Sprintf(`(location.hash = new URL(%q).hash, true)`, opponent))
	again.waitFor(`!document.getElementById('notice').hidden`)
	if href := eval[string](again, `(document.getElementById('notice-open') || {}).href || ''`); !strings.Contains(href, "&t=") {
		t.Errorf("the seat's own browser gets no link to its game: %q (%q)", href, again.text("#notice-next"))
	}
	again.click("#notice-open")
	again.waitFor(`document.getElementById('game').dataset.role === 'blue' && !document.getElementById('setup-panel').hidden && document.querySelectorAll('.tray-piece').length > 0`)
	// Drag each piece of the tray onto a square of the front row, then
	// one of them back to the last row.
	r := stratego.Duel()
	i := 0
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		for range r.Army[rk] {
			// The page may still move its layout (a status line, the
			// tray) between reading the squares' places and the drag on
			// a busy machine: a drag that placed nothing is made again
			// from the places read anew, twice at most; one that never
			// lands fails below.
			pieces := `document.querySelectorAll('#board .piece').length`
			before := eval[int](blue, pieces)
			for try := 0; try < 3; try++ {
				x0, y0 := center(blue, `.tray-piece[data-rank="`+rk.String()+`"]`)
				x1, y1 := center(blue, fmt.Sprintf(`#board [data-square="%c4"] rect.hit`, 'a'+i))
				blue.do("drag "+rk.String(), chromedp.DragAndDropXY(x0, y0, x1, y1, 8))
				if eval[int](blue, pieces) > before {
					break
				}
				t.Logf("the drag of the %s to %c4 placed nothing; again", rk, 'a'+i)
			}
			i++
		}
	}
	x0, y0 := center(blue, `#board [data-square="j4"] rect.hit`)
	x1, y1 := center(blue, `#board [data-square="j1"] rect.hit`)
	blue.do("drag the flag back", chromedp.DragAndDropXY(x0, y0, x1, y1, 8))
	if got := eval[string](blue, `document.getElementById('setup-text').value`); got != ".........F/........../........../122339XBB." {
		t.Errorf("the dragged setup is %q", got)
	}
	blue.click("#setup-ready")
	red.waitFor(`document.getElementById('game').dataset.phase === 'play'`)
	blue.waitFor(`document.getElementById('game').dataset.phase === 'play'`)

	spec := b.newPerson(t)
	spec.do("open the spectator's link", chromedp.Navigate(spectator))
	spec.waitFor(`document.getElementById('game').dataset.role === 'spectator' && document.getElementById('game').dataset.phase === 'play'`)
	if s := spec.text("#status"); !strings.Contains(s, "You watch Red against Blue.") {
		t.Errorf("the spectator's status: %q", s)
	}

	id, _ := gameOfPage(red)
	rng := rand.New(rand.NewPCG(5, 6))
	tabs := map[stratego.Color]*tab{stratego.Red: red, stratego.Blue: blue}
	tokens := map[stratego.Color]string{stratego.Red: gameToken(t, red), stratego.Blue: gameToken(t, blue)}
	fought := false
	for ply := range 8 {
		c := []stratego.Color{stratego.Red, stratego.Blue}[ply%2] // Red moves first
		waitMyTurn(tabs[c])
		v := viewOf(t, statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+id, tokens[c], nil)))
		if v.Outcome().IsOver() {
			break
		}
		m := attackFirst(v, rng)
		clickMove(tabs[c], m.String())
		for _, tb := range []*tab{red, blue, spec} {
			tb.waitFor(fmt.Sprintf(`document.querySelectorAll('#movelist span').length === %d`, ply+1))
		}
		if p := statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+id, tokens[c], nil)); p.Phase != "play" {
			// The spectator then sees every rank, as it should.
			t.Fatalf("the game ended at ply %d (%s), before the resignation this test makes: the seed gives too short a game", ply+1, p.Outcome)
		}
		checkSpectatorBoard(t, ts, spec, id, tokens)
		// The mover's page stands still until the other side moves: the
		// first fight is the combat screen.
		if pc, ok := v.At(m.To); ok && pc.Color() != c && !fought {
			fought = true
			mover := tabs[c]
			if text := mover.text("#combat"); !fightText.MatchString(text) || !strings.Contains(text, "Fight on "+m.To.String()+": Your ") {
				t.Errorf("after %s the combat panel says %q, want the words of %v", m, text, fightText)
			}
			mover.screenshot("combat", func(s *shot) {
				if got := eval[string](mover, `[...document.querySelectorAll('#board [data-fight]')].map((g) => g.dataset.square).join()`); got != m.To.String() {
					t.Errorf("the fight is marked on %q, want %s", got, m.To)
				}
			})
		}
	}
	if !fought {
		t.Error("no fight in the game")
	}
	spec.screenshot("spectator", func(s *shot) {
		if n := eval[int](spec, `document.querySelectorAll('#board .piece.hidden').length`); n == 0 {
			t.Error("the spectator sees every rank during the game")
		}
	})
	red.click("#resign")
	red.click("#resign") // the second click confirms
	for _, tb := range []*tab{red, blue, spec} {
		tb.waitFor(`document.getElementById('game').dataset.phase === 'over'`)
	}
	if s := blue.text("#status"); !strings.Contains(s, "blue wins (resignation)") || !strings.Contains(s, "You win!") {
		t.Errorf("Blue's status: %q", s)
	}
	if s := red.text("#status"); !strings.Contains(s, "You lose.") {
		t.Errorf("Red's status: %q", s)
	}
	blue.screenshot("two-players-blue", func(s *shot) {
		// Blue's board is turned: its own pieces stand at the bottom.
		if got := eval[string](blue, `document.getElementById('board').dataset.flip`); got != "true" {
			t.Errorf("Blue's board is not turned (flip %s)", got)
		}
	})
}

// gameToken returns the token of the page a tab shows.
func gameToken(t *testing.T, tb *tab) string {
	_, token := gameOfPage(tb)
	return token
}

// checkSpectatorBoard compares the spectator's board with the truth:
// every piece in its place, its rank shown exactly when its opponent
// has seen it.
func checkSpectatorBoard(t *testing.T, ts *testServer, spec *tab, id string, tokens map[stratego.Color]string) {
	t.Helper()
	var shown map[string]string
	raw := eval[string](spec, `JSON.stringify(Object.fromEntries([...document.querySelectorAll('#board [data-piece]')].map((g) => [g.dataset.square, g.dataset.piece])))`)
	if err := json.Unmarshal([]byte(raw), &shown); err != nil {
		t.Fatal(err)
	}
	// The truth, from the two players' views: each sees its own ranks,
	// and the knowledge flags say what the other was shown.
	want := map[string]string{}
	for c, tok := range tokens {
		v := viewOf(t, statePayloadOf(t, ts.must(t, http.StatusOK, "GET", "/api/games/"+id, tok, nil)))
		for sq := range v.Rules().Squares().All() {
			pc, ok := v.At(sq)
			if !ok || pc.Color() != c {
				continue
			}
			if v.Knowledge(sq)&stratego.KnownRank == 0 {
				pc = stratego.NewPiece(c, stratego.Unknown)
			}
			want[sq.String()] = pc.String()
		}
	}
	for sq, w := range want {
		if shown[sq] != w {
			t.Errorf("the spectator sees %q on %s, want %q", shown[sq], sq, w)
		}
	}
	if len(shown) != len(want) {
		t.Errorf("the spectator sees %d pieces, want %d", len(shown), len(want))
	}
}

// fightText is a fight in the combat panel, in one case style: sides
// capitalized, ranks in lower case, as the terminal game writes them.
var fightText = regexp.MustCompile(`^Fight on [a-z]+[0-9]+: (Your|Red's|Blue's) [a-z]+ \([^)]+\) attacked ((your|Red's|Blue's) [a-z]+ \([^)]+\)|a hidden (Red|Blue) piece \(it stayed hidden: silent defense\)); (the attacker wins|the defender wins|both are removed)\.$`)

// TestBrowserReplay loads a record into the replay page and steps
// through it with the controls; every step shows the record's position.
// A Gravon XML file of the same game replays the same.
func TestBrowserReplay(t *testing.T) {
	ts := newTestServer(t, Config{})
	r := stratego.Gravon()
	rec := playedRecord(t, r, 11, 120)
	states, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	tb := startBrowser(t).newTab(t)
	tb.do("open the replay page", chromedp.Navigate(ts.http.URL+"/#replay"))
	tb.do("paste the record", chromedp.SetValue(chromedp.CSS("#replay-text"), rec.String()))
	tb.click("#replay-submit")
	tb.waitFor(`!document.getElementById('replay-view').hidden`)
	check := func(ply int) {
		t.Helper()
		tb.waitFor(fmt.Sprintf(`document.getElementById('replay-view').dataset.ply === '%d'`, ply))
		checkReplayBoard(t, tb, states[ply])
	}
	check(0)
	if got := tb.text(`#rp-captured .captured-row[data-color="red"]`); got != "Red lost nothing" {
		t.Errorf("at the start the replay's captured row says %q, want the game page's \"Red lost nothing\"", got)
	}
	for ply := 1; ply <= 3; ply++ {
		tb.click("#rp-next")
		check(ply)
	}
	tb.click("#rp-prev")
	check(2)
	tb.do("drag the slider", chromedp.Evaluate[chromedp.Void](`(() => { const r = document.getElementById('rp-range'); r.value = '57'; r.dispatchEvent(new Event('input')); })()`))
	check(57)
	tb.screenshot("replay", func(s *shot) {
		last := states[57].LastEvent().Move
		s.want("#replay-board", last.To.String(), 0.03, 0.5, "yellow")
		for sq := range r.Squares().All() {
			if pc, ok := states[57].At(sq); ok {
				s.want("#replay-board", sq.String(), bodyX, bodyY, pc.Color().String())
				break
			}
		}
	})
	tb.click("#rp-last")
	check(len(states) - 1)
	if got := tb.text("#rp-ply"); !strings.Contains(got, rec.Moves[len(rec.Moves)-1].Move.String()) {
		t.Errorf("the last step says %q", got)
	}
	tb.click("#rp-first")
	check(0)

	g, err := gravon.GameOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	var xml strings.Builder
	if err := g.WriteXML(&xml); err != nil {
		t.Fatal(err)
	}
	tb.click("#replay-load-box summary") // open the form again
	tb.do("paste the Gravon file", chromedp.SetValue(chromedp.CSS("#replay-text"), xml.String()))
	tb.click("#replay-submit")
	tb.waitFor(`document.getElementById('rp-title').textContent.includes('gravon-xml')`)
	tb.click("#rp-last")
	gs, err := mustGravonRecord(t, g).Replay()
	if err != nil {
		t.Fatal(err)
	}
	check(len(gs) - 1)
}

func mustGravonRecord(t *testing.T, g gravon.Game) stratego.Record {
	t.Helper()
	rec, err := g.Record()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// checkReplayBoard compares the replay board with a state.
func checkReplayBoard(t *testing.T, tb *tab, s stratego.State) {
	t.Helper()
	var shown map[string]string
	raw := eval[string](tb, `JSON.stringify(Object.fromEntries([...document.querySelectorAll('#replay-board [data-piece]')].map((g) => [g.dataset.square, g.dataset.piece])))`)
	if err := json.Unmarshal([]byte(raw), &shown); err != nil {
		t.Fatal(err)
	}
	n := 0
	for sq := range s.Rules().Squares().All() {
		if pc, ok := s.At(sq); ok {
			n++
			if shown[sq.String()] != pc.String() {
				t.Errorf("ply %d: the replay shows %q on %s, want %q", s.Ply(), shown[sq.String()], sq, pc)
			}
		}
	}
	if len(shown) != n {
		t.Errorf("ply %d: the replay shows %d pieces, want %d", s.Ply(), len(shown), n)
	}
}

// TestBrowserLoadNotHeldByThePoll opens a game page whose state request
// waits for minutes (the opponent has not set up): the page's load
// event must come before the waiting request is sent, so that a
// headless screenshot (chromium --headless --screenshot waits for the
// load event) shows the board.
func TestBrowserLoadNotHeldByThePoll(t *testing.T) {
	ts := newTestServer(t, Config{PollWait: 10 * time.Minute, WriteTimeout: 30 * time.Minute})
	cr := ts.create(t, createRequest{Rules: "duel", Opponent: "person", Color: "red"})
	blue := ts.claim(t, cr.ID, cr.Links.Invite)
	tb := startBrowser(t).newTab(t)
	tb.do("open the game", chromedp.Navigate(ts.http.URL+cr.Links.Player))
	tb.waitFor(`document.readyState === 'complete' && document.getElementById('game').dataset.phase === 'setup'`)
	// The page notes when it first asked to follow the game (the event
	// stream, or a long poll).
	ts.must(t, http.StatusOK, "POST", "/api/games/"+cr.ID+"/setup", blue, setupRequest{Setup: ".X..2...../....F...../B......1.2/.B....3.93"})
	tb.waitFor(`document.getElementById('game').dataset.followSince !== undefined`)
	sent := eval[float64](tb, `parseFloat(document.getElementById('game').dataset.followSince)`)
	loaded := eval[float64](tb, `performance.getEntriesByType('navigation')[0].loadEventStart`)
	if loaded <= 0 || sent < loaded {
		t.Errorf("the waiting state request was sent at %.1f ms, before the load event (%.1f ms): the poll holds the load", sent, loaded)
	}
}
