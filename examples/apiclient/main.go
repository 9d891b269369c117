// Command apiclient is a frontend of "stratego serve" that is not the
// server's own: a terminal program that plays a whole game against a
// built-in player through the HTTP API v1 only (documented by the
// server at /api/v1/openapi.json). It uses nothing of the stratego
// library: only HTTP and JSON, as a frontend in any language would.
//
// It makes a game against the bot, gives a random setup, and then
// moves at random among the legal moves the server lists (an attack
// when there is one), following the game's event stream (Server-Sent
// Events) to learn of the bot's moves. It prints each move and the end.
//
// Usage:
//
//	stratego serve &
//	go run ./examples/apiclient -server http://127.0.0.1:8080 -rules duel -bot random
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	server := flag.String("server", "http://127.0.0.1:8080", "the address of stratego serve")
	rules := flag.String("rules", "duel", "the rules of the game (a preset name, or rules text)")
	botName := flag.String("bot", "random", "the built-in player to play against")
	seed := flag.Uint64("seed", 0, "the seed of this player's moves (0: at random)")
	flag.Parse()
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	c := &Client{Base: strings.TrimSuffix(*server, "/"), HTTP: &http.Client{}}
	res, err := c.Play(context.Background(), *rules, *botName, rand.New(rand.NewPCG(*seed, 1)), os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apiclient:", err)
		os.Exit(1)
	}
	fmt.Printf("game %s over after %d plies: %s\n", res.ID, res.Plies, res.Outcome)
}

// Client talks to one server.
type Client struct {
	Base string       // the server's address, "http://127.0.0.1:8080"
	HTTP *http.Client // with no overall timeout: the event stream is long
}

// Result is how a game ended.
type Result struct {
	ID      string
	Color   string
	Plies   int
	Outcome string
	Moves   []string // every move, as this player saw it
}

// state is the part of a game's state (GET /api/v1/games/{id}) this
// client reads.
type state struct {
	Phase   string   `json:"phase"`
	Version int      `json:"version"`
	Outcome string   `json:"outcome"`
	Moves   []string `json:"moves"`
	View    *struct {
		Turn       string   `json:"turn"`
		Ply        int      `json:"ply"`
		LegalMoves []string `json:"legalMoves"`
	} `json:"view"`
}

// apiError is a refusal of the server.
type apiError struct {
	Status  int
	Message string `json:"error"`
}

func (e *apiError) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Message) }

// call sends a JSON request and decodes the JSON answer into out.
func (c *Client) call(ctx context.Context, method, path, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode >= 300 {
		e := &apiError{Status: res.StatusCode}
		json.Unmarshal(b, e)
		return e
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// Play plays one game of rules against the bot of that name, choosing
// its moves with rng, and writes each move to w.
func (c *Client) Play(ctx context.Context, rules, botName string, rng *rand.Rand, w io.Writer) (Result, error) {
	var game struct {
		ID    string `json:"id"`
		Color string `json:"color"`
		Token string `json:"token"`
	}
	err := c.call(ctx, "POST", "/api/v1/games", "", map[string]any{
		"rules": rules, "opponent": "bot", "bot": botName, "thinkMillis": 10, "color": "random",
	}, &game)
	if err != nil {
		return Result{}, fmt.Errorf("making the game: %w", err)
	}
	res := Result{ID: game.ID, Color: game.Color}
	fmt.Fprintf(w, "game %s: you play %s against the bot %s\n", game.ID, game.Color, botName)
	var setup struct {
		Text string `json:"text"`
	}
	if err := c.call(ctx, "POST", "/api/v1/setup/random", "", map[string]string{"rules": rules}, &setup); err != nil {
		return res, fmt.Errorf("drawing a setup: %w", err)
	}
	path := "/api/v1/games/" + game.ID
	var st state
	if err := c.call(ctx, "POST", path+"/setup", game.Token, map[string]string{"setup": setup.Text}, &st); err != nil {
		return res, fmt.Errorf("the setup: %w", err)
	}
	fmt.Fprintf(w, "setup %s\n", setup.Text)
	for st.Phase != "over" {
		if st.Phase == "play" && st.View != nil && st.View.Turn == game.Color {
			move := choose(st.View.LegalMoves, rng)
			var next state
			if err := c.call(ctx, "POST", path+"/move", game.Token, map[string]string{"move": move}, &next); err != nil {
				return res, fmt.Errorf("the move %s: %w", move, err)
			}
			fmt.Fprintf(w, "%d. you: %s\n", st.View.Ply+1, next.Moves[len(next.Moves)-1])
			st = next
			continue
		}
		// The bot's turn: wait on the event stream for the next state.
		next, err := c.nextState(ctx, path, game.Token, st.Version)
		if err != nil {
			return res, err
		}
		if next.View != nil && next.View.Ply > len(st.Moves) && len(next.Moves) > 0 {
			fmt.Fprintf(w, "%d. bot: %s\n", next.View.Ply, next.Moves[len(next.Moves)-1])
		}
		st = next
	}
	res.Outcome, res.Moves = st.Outcome, st.Moves
	if st.View != nil {
		res.Plies = st.View.Ply
	}
	return res, nil
}

// choose picks an attack at random when there is one, else any move.
func choose(moves []string, rng *rand.Rand) string {
	var attacks []string
	for _, m := range moves {
		if strings.Contains(m, "x") {
			attacks = append(attacks, m)
		}
	}
	if len(attacks) > 0 && rng.IntN(2) == 0 {
		return attacks[rng.IntN(len(attacks))]
	}
	return moves[rng.IntN(len(moves))]
}

// nextState opens the game's event stream from version after and
// returns its first state.
func (c *Client) nextState(ctx context.Context, path, token string, after int) (state, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s%s/events?after=%d", c.Base, path, after), nil)
	if err != nil {
		return state{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return state{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return state{}, fmt.Errorf("the event stream: status %d", res.StatusCode)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			event = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:") && event == "state":
			var st state
			if err := json.Unmarshal([]byte(strings.TrimSpace(line[5:])), &st); err != nil {
				return state{}, fmt.Errorf("an event of the stream: %w", err)
			}
			return st, nil
		}
	}
	if err := sc.Err(); err != nil {
		return state{}, err
	}
	return state{}, errors.New("the event stream ended without a state")
}
