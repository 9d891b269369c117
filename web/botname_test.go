package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestUnknownBotMessage: a game against an unknown bot is refused with a
// message naming the field once, not with the bot package's prefix
// doubled ("bot: bot: unknown player").
func TestUnknownBotMessage(t *testing.T) {
	ts := newTestServer(t, Config{})
	res, err := ts.http.Client().Post(ts.http.URL+"/api/games", "application/json",
		strings.NewReader(`{"rules":"classic","opponent":"bot","bot":"nobody"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var e apiError
	json.NewDecoder(res.Body).Decode(&e)
	if res.StatusCode != http.StatusBadRequest || !strings.HasPrefix(e.Error, "bot: ") || strings.Contains(e.Error, "bot: bot:") {
		t.Errorf("status %d %q, want 400 and one \"bot: \" prefix", res.StatusCode, e.Error)
	}
}
