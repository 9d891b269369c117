package stratego_test

import (
	"fmt"

	"github.com/stratego-go/stratego"
)

// Two states are Equal when they are the same position with the same
// future: a state rebuilt from its position is Equal to the original.
func ExampleState_Equal() {
	r := stratego.Barrage()
	setup := stratego.MustParseSetup(r, "FB12239X../........../........../..........")
	s, err := stratego.New(r, setup, setup)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _, _ = s.Apply(stratego.MustParseMove("e1-e5"))
	rebuilt, err := s.Position().State()
	if err != nil {
		fmt.Println(err)
		return
	}
	back, _, _ := s.Apply(stratego.MustParseMove("d10-d9"))
	fmt.Println(s.Equal(rebuilt), s.Equal(back))
	// Output:
	// true false
}
