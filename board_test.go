package stratego

import (
	"math/rand/v2"
	"testing"
)

// TestRectIsItsSquares: Rect, built row by row from word masks, holds
// exactly the squares inside its bounds, for every rectangle of the grid
// and bounds beyond it.
func TestRectIsItsSquares(t *testing.T) {
	for f0 := -1; f0 <= MaxSize; f0++ {
		for r0 := -1; r0 <= MaxSize; r0++ {
			for f1 := -1; f1 <= MaxSize; f1++ {
				for r1 := -1; r1 <= MaxSize; r1++ {
					var want SquareSet
					for f := f0; f <= f1; f++ {
						for r := r0; r <= r1; r++ {
							want = want.With(SquareAt(f, r))
						}
					}
					if got := Rect(f0, r0, f1, r1); got != want {
						t.Fatalf("Rect(%d, %d, %d, %d) = %v, want %v", f0, r0, f1, r1, got, want)
					}
				}
			}
		}
	}
}

func TestSquareStepAndLine(t *testing.T) {
	tests := []struct {
		from string
		d    Direction
		n    int
		want string // "" for NoSquare
	}{
		{"a1", Up, 1, "a2"},
		{"a1", Up, 9, "a10"},
		{"a1", Up, 10, ""},
		{"a1", Down, 1, ""},
		{"e5", Left, 4, "a5"},
		{"e5", Left, 5, ""},
		{"e5", Right, 5, "j5"},
		{"e5", Right, 6, ""},
		{"j10", Down, 9, "j1"},
		{"e5", NoDirection, 1, ""},
		{"e5", Up, 0, ""},
		{"e5", Up, -1, ""},
	}
	for _, tt := range tests {
		got := MustParseSquare(tt.from).Step(tt.d, tt.n)
		want := NoSquare
		if tt.want != "" {
			want = MustParseSquare(tt.want)
		}
		if got != want {
			t.Errorf("%s.Step(%d, %d) = %v, want %v", tt.from, tt.d, tt.n, got, want)
		}
		if want != NoSquare {
			d, n := MustParseSquare(tt.from).Line(want)
			if d != tt.d || n != tt.n {
				t.Errorf("%s.Line(%v) = %d, %d, want %d, %d", tt.from, want, d, n, tt.d, tt.n)
			}
		}
	}
	if d, n := MustParseSquare("a1").Line(MustParseSquare("b2")); d != NoDirection || n != 0 {
		t.Errorf("a1.Line(b2) = %d, %d, want no line", d, n)
	}
	if NoSquare.Step(Up, 1) != NoSquare {
		t.Error("NoSquare.Step(Up, 1) is a square")
	}
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "j10", "J10", "k1", "a0", "a11", "a01", "", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			return
		}
		if !sq.IsValid() {
			t.Fatalf("%q parsed to invalid square %d", s, sq)
		}
		if back, err := ParseSquare(sq.String()); err != nil || back != sq {
			t.Fatalf("%q: %v round trips to %v, %v", s, sq, back, err)
		}
		var u Square
		if err := u.UnmarshalText([]byte(s)); err != nil || u != sq {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", s, u, err, sq)
		}
	})
}

// TestRotateSetIsRotate: Rules.ZoneOf(Blue), which turns a set by bit
// reversal, holds exactly the squares Rotate gives for each square of
// the zone, on every board size and for random zones (squares off the
// board included).
func TestRotateSetIsRotate(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for w := -1; w <= MaxSize+2; w++ {
		for h := -1; h <= MaxSize+2; h++ {
			for range 50 {
				r := Rules{Width: w, Height: h, Zone: SquareSet{rng.Uint64(), rng.Uint64() & (1<<36 - 1)}}
				var want SquareSet
				for q := range r.Zone.All() {
					want = want.With(r.Rotate(q))
				}
				if got := r.ZoneOf(Blue); got != want {
					t.Fatalf("%dx%d: ZoneOf(Blue) of %v = %v, want %v", w, h, r.Zone, got, want)
				}
			}
		}
	}
}
