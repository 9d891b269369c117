package main

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stratego-go/stratego/web"
)

// TestPlaysAWholeGame runs the client against the web server: it plays
// a whole game against the bot through the HTTP API v1 only, to its
// end (the server's ply cap draws a game that does not end sooner).
func TestPlaysAWholeGame(t *testing.T) {
	for _, rules := range []string{"duel", "barrage"} {
		s := web.New(web.Config{Seed: 7, MaxPlies: 400})
		hs := httptest.NewServer(s)
		c := &Client{Base: hs.URL, HTTP: hs.Client()}
		var out strings.Builder
		res, err := c.Play(context.Background(), rules, "random", rand.New(rand.NewPCG(7, 1)), io.MultiWriter(&out))
		hs.Close()
		s.Close()
		if err != nil {
			t.Fatalf("%s: %v\n%s", rules, err, out.String())
		}
		if res.Outcome == "" || res.Outcome == "ongoing" || res.Plies == 0 || len(res.Moves) != res.Plies {
			t.Fatalf("%s: the game ended %q after %d plies (%d moves)", rules, res.Outcome, res.Plies, len(res.Moves))
		}
		if strings.Count(out.String(), "\n") < res.Plies/2 {
			t.Errorf("%s: %d lines for %d plies", rules, strings.Count(out.String(), "\n"), res.Plies)
		}
		t.Logf("%s: %s as %s, %d plies: %s", rules, res.ID, res.Color, res.Plies, res.Outcome)
	}
}
