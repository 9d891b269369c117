package referee_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/referee"
)

// A game of Barrage between two built-in players. An engine process
// takes a seat the same way, from referee.StartSBP or referee.StartUCC.
func ExampleGame_Play() {
	g := referee.Game{
		Rules: stratego.Barrage(),
		Red:   referee.FromPlayer("alice", bot.NewRandom(1)),
		Blue:  referee.FromPlayer("bob", bot.NewRandom(2)),
		Clock: referee.TimeControl{MoveTime: 2e9},
	}
	res, err := g.Play(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res, "after", res.Plies, "plies")
	fmt.Println(referee.UCCResultLine(res))
	fmt.Println("record:", res.Record.Result)
	// Output:
	// blue wins (no movable piece) after 806 plies
	// bob BLUE VICTORY 403 0 10
	// record: blue wins (no legal move)
}

// ServeSBP runs a player as an SBP/1 engine; here it answers a scripted
// referee (see PROTOCOL.md).
func ExampleServeSBP() {
	in := strings.NewReader("sbp 1\nisready\nnewgame side red opponent anonymous rules barrage\nsetup movetime 1000\nquit\n")
	err := referee.ServeSBP(context.Background(), in, os.Stdout, bot.NewRandom(1), referee.ServeOptions{Name: "example"})
	fmt.Println(err)
	// Output:
	// id name example
	// feature retry 1
	// sbpok
	// readyok
	// accept
	// setup .9....X.../...23.1.../........2./.......BF.
	// <nil>
}

// ServeUCC runs a player as a bot of the UCC 2012 evaluator: asked for
// its setup, it sends four rows in the evaluator's frame and tokens.
func ExampleServeUCC() {
	in := strings.NewReader("BLUE /path/of/opponent 10 10\nQUIT\n")
	err := referee.ServeUCC(context.Background(), in, os.Stdout, bot.NewRandom(1), referee.ServeOptions{})
	fmt.Println(err)
	// Output:
	// 7554868998
	// 12684BB79B
	// FB8999s75B
	// 39634B9576
	// <nil>
}

func ExampleParseTimeControl() {
	tc, err := referee.ParseTimeControl("base=5m,inc=2s")
	fmt.Println(tc, err)
	// Output: base=5m0s,inc=2s <nil>
}
