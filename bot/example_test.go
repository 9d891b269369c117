package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// A game between the search player and the random player: each side sets
// up, then moves from its own view. An iteration budget keeps the search
// reproducible for its seed.
func ExampleNew() {
	r := stratego.Barrage()
	r.MaxPlies = 400
	ctx := context.Background()
	players := map[stratego.Color]bot.Player{}
	for c, name := range map[stratego.Color]string{stratego.Red: "search", stratego.Blue: "random"} {
		p, err := bot.New(name, bot.Options{Seed: 7})
		if err != nil {
			panic(err)
		}
		players[c] = p
	}
	red, _ := players[stratego.Red].Setup(ctx, r, stratego.Red)
	blue, _ := players[stratego.Blue].Setup(ctx, r, stratego.Blue)
	s, err := stratego.New(r, red, blue)
	if err != nil {
		panic(err)
	}
	for !s.Outcome().IsOver() {
		m, err := players[s.Turn()].Move(ctx, s.View(s.Turn()), bot.Budget{Iterations: 2000})
		if err != nil {
			panic(err)
		}
		if s, _, err = s.Apply(m); err != nil {
			panic(err)
		}
	}
	fmt.Println(s.Outcome().Winner)
	// Output: red
}

// ChooseSetup draws a setup like people's, the same for the same seed:
// here a Classic setup (rows from the back, ISF labels) with the flag on
// the back row.
func ExampleChooseSetup() {
	s, err := bot.ChooseSetup(stratego.Classic(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	// Output: FB2445B852/42B3854773/7B33B329B5/622X261662
}
