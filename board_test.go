package stratego

import "testing"

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
