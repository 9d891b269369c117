package learn_test

import (
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/learn"
)

// A tiny policy loop, the shape of a self-play or evaluation loop: each
// ply the side to move gets its view, encodes it as an observation and
// its legal moves as action indices, a policy picks an index, and the
// index maps back to a move for State.Apply. Both sides share one
// "network" (here a stand-in that scores an action by its index), since
// both encodings are in the mover's own perspective.
func ExampleAppendObservation() {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		log.Fatal(err)
	}
	policy := func(obs []float32, legal []int) int {
		best := legal[0]
		for _, a := range legal {
			if a > best { // a real agent would run a network on obs
				best = a
			}
		}
		return best
	}
	planes, rows, files := learn.ObservationShape(r)
	fmt.Printf("observation: %d planes × %d × %d; %d actions\n", planes, rows, files, learn.NumActions)

	var v stratego.View
	var obs []float32 // reused: no allocation once grown
	var legal []int
	for range 4 {
		s.ViewInto(&v, s.Turn())
		obs = learn.AppendObservation(obs[:0], v)
		legal = learn.AppendViewLegalActions(legal[:0], v)
		a := policy(obs, legal)
		m, ok := learn.ActionMoveFor(r, v.Player(), a)
		if !ok {
			log.Fatalf("action %d names no move", a)
		}
		fmt.Printf("%v: %d values, %d legal actions, action %d = %v\n", v.Player(), len(obs), len(legal), a, m)
		if s, _, err = s.Apply(m); err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// observation: 42 planes × 10 × 10; 5500 actions
	// red: 4200 values, 7 legal actions, action 231 = b4-b7
	// blue: 4200 values, 8 legal actions, action 239 = a7-a4
	// red: 4200 values, 6 legal actions, action 930 = a4-b4
	// blue: 4200 values, 7 legal actions, action 938 = b7-a7
}

// One index for the same move from either chair: Blue's moves are turned
// 180° first, so that "up" is towards the enemy for both sides.
func ExampleActionIndexFor() {
	r := stratego.Classic()
	for _, tt := range []struct {
		c    stratego.Color
		move string
	}{
		{stratego.Red, "a4-a5"},  // a step up from the front-left square
		{stratego.Blue, "j7-j6"}, // the same step in Blue's chair
		{stratego.Red, "b4-b7"},  // a Scout's slide of three squares up
	} {
		m := stratego.MustParseMove(tt.move)
		i, _ := learn.ActionIndexFor(r, tt.c, m)
		abs, _ := learn.ActionIndex(m)
		back, _ := learn.ActionMoveFor(r, tt.c, i)
		fmt.Printf("%v %v: index %d (absolute %d), back %v\n", tt.c, m, i, abs, back)
	}
	// A rescue of Ultimate Lightning: plane 43 + rank, on the target square.
	i, _ := learn.ActionIndex(stratego.MustParseMove("+sergeant@b1"))
	fmt.Println("+sergeant@b1:", i, "plane", i/stratego.MaxSquares)
	// Output:
	// red a4-a5: index 30 (absolute 30), back a4-a5
	// blue j7-j6: index 30 (absolute 1869), back j7-j6
	// red b4-b7: index 231 (absolute 231), back b4-b7
	// +sergeant@b1: 4701 plane 47
}
