package stratego_test

import (
	"encoding/json"
	"fmt"

	"github.com/stratego-go/stratego"
)

// A Setup is a JSON string, its text form. Decoding reads labels in the
// numbering of the target, so a program makes the target with NewSetup
// first; the rules check the decoded setup when the game starts.
func ExampleSetup_MarshalText() {
	r := stratego.Barrage()
	type seat struct {
		Player string         `json:"player"`
		Setup  stratego.Setup `json:"setup"`
	}
	b, err := json.Marshal(seat{"alice", stratego.MustParseSetup(r, "FB12239X../........../........../..........")})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))

	got := seat{Setup: stratego.NewSetup(r)}
	if err := json.Unmarshal(b, &got); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.Player, r.CheckSetup(got.Setup))
	// Output:
	// {"player":"alice","setup":"FB12239X../........../........../.........."}
	// alice <nil>
}
