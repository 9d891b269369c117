package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/stratego-go/stratego/web"
)

// Example starts the web application on a test server, makes a game
// between two people, takes Blue's seat with the invitation and reads
// the state as Red's page does.
func Example() {
	app := web.New(web.Config{MaxGames: 10})
	defer app.Close()
	srv := httptest.NewServer(app)
	defer srv.Close()

	res, err := http.Post(srv.URL+"/api/games", "application/json",
		strings.NewReader(`{"rules":"duel","opponent":"person","color":"red"}`))
	if err != nil {
		panic(err)
	}
	var game struct {
		ID, Token string
		Links     struct{ Invite, Spectator string }
	}
	json.NewDecoder(res.Body).Decode(&game)
	res.Body.Close()
	_, invite, _ := strings.Cut(game.Links.Invite, "&i=")
	fmt.Println("send Blue the link", strings.HasPrefix(game.Links.Invite, "/#g="+game.ID+"&i="))

	// Blue's page claims the seat once and gets a token of its own.
	claim := func() int {
		res, err := http.Post(srv.URL+"/api/games/"+game.ID+"/claim", "application/json",
			strings.NewReader(`{"invite":"`+invite+`"}`))
		if err != nil {
			panic(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	fmt.Println("claims:", claim(), claim())

	req, _ := http.NewRequest("GET", srv.URL+"/api/games/"+game.ID, nil)
	req.Header.Set("Authorization", "Bearer "+game.Token)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	var state struct {
		Role, Phase string
		Rules       struct{ Text string }
	}
	json.NewDecoder(res.Body).Decode(&state)
	res.Body.Close()
	fmt.Println(state.Role, state.Phase, state.Rules.Text)
	// Output:
	// send Blue the link true
	// claims: 200 409
	// red setup duel,maxplies=4000
}
