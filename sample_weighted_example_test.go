package stratego_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// A bot that believes Blue hides its Flag on its back row and keeps its
// Scouts to the front rows draws its determinizations by those beliefs.
func ExampleView_WeightedSampler() {
	r := stratego.Barrage()
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		panic(err)
	}
	v := s.View(stratego.Red)
	sm, err := v.WeightedSampler(func(sq stratego.Square, rk stratego.Rank) float64 {
		switch {
		case rk == stratego.Flag && sq.Row() != 9: // row 10 in the notation
			return 0 // never off the back row
		case rk == stratego.Scout && sq.Row() <= 7:
			return 3 // three times as likely on rows 7 and 8
		}
		return 1
	})
	if err != nil {
		panic(err)
	}
	flagBack := 0
	for range 1000 {
		d, err := sm.Sample(rng)
		if err != nil {
			panic(err)
		}
		for sq := range v.Hidden().All() {
			if p, _ := d.At(sq); p.Rank() == stratego.Flag && sq.Row() == 9 {
				flagBack++
			}
		}
	}
	fmt.Println("draws with Blue's flag on row 10:", flagBack, "of 1000")
	// A rank the weights do not allow for any piece is an error.
	_, err = v.WeightedSampler(func(sq stratego.Square, rk stratego.Rank) float64 {
		if rk == stratego.Flag {
			return 0
		}
		return 1
	})
	fmt.Println(err)
	// Output:
	// draws with Blue's flag on row 10: 1000 of 1000
	// stratego: no state is consistent with the view: no assignment of positive weight agrees with the view
}
