package stratego

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestBoardSetups checks Board.Setups as the inverse of New: the setups
// read from a game's first board are the setups it started from, under
// every preset.
func TestBoardSetups(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"classic", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle", "vintage"} {
		r, ok := Preset(name)
		if !ok {
			t.Fatalf("no preset %q", name)
		}
		for range 20 {
			red, blue := RandomSetup(r, rng), RandomSetup(r, rng)
			s, err := New(r, red, blue)
			if err != nil {
				t.Fatal(err)
			}
			gotRed, gotBlue, err := s.Board().Setups(r)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if gotRed.String() != red.String() || gotBlue.String() != blue.String() {
				t.Fatalf("%s: setups %s and %s read back as %s and %s", name, red, blue, gotRed, gotBlue)
			}
		}
	}
	r := Classic()
	s, _ := New(r, RandomSetup(r, rng), RandomSetup(r, rng))
	b := s.Board()
	b.Put(MustParseSquare("e5"), NewPiece(Red, Scout))
	var se *SetupError
	if _, _, err := b.Setups(r); !errors.As(err, &se) || !errors.Is(err, ErrSetup) || se.Square != MustParseSquare("e5") {
		t.Errorf("a piece outside the zone: %v", err)
	}
	b = s.Board()
	b.Put(MustParseSquare("a1"), 0)
	if _, _, err := b.Setups(r); !errors.As(err, &se) || se.Color != Red {
		t.Errorf("a missing piece: %v", err)
	}
	if _, _, err := b.Setups(Rules{}); !errors.Is(err, ErrRules) {
		t.Errorf("invalid rules: %v", err)
	}
}
