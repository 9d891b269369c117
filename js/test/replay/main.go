// Command replay is the Go side of the JavaScript package's test of a
// whole game (../game.test.js): it reads a game record on standard
// input, replays it with the library and prints the result, the number
// of moves and the final position's text form as JSON.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/stratego-go/stratego"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	text, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	rec, err := stratego.ParseRecord(string(text))
	if err != nil {
		return err
	}
	states, err := rec.Replay()
	if err != nil {
		return err
	}
	last := states[len(states)-1]
	pos, err := last.MarshalText()
	if err != nil {
		return err
	}
	return json.NewEncoder(out).Encode(struct {
		Outcome  string `json:"outcome"`
		Recorded string `json:"recorded"`
		Moves    int    `json:"moves"`
		Position string `json:"position"`
	}{last.Outcome().String(), rec.Result.String(), len(rec.Moves), string(pos)})
}
