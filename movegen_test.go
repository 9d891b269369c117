package stratego

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestFastPathsAgree checks the generator's shortcuts against its general
// loops: the full list when no repetition rule can forbid a move (the
// general loops run when a limit is given), and hasMove's answer from the
// step masks.
func TestFastPathsAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		s := genGame(t, r, 300)
		got := s.appendMoves(nil)
		want := s.appendMovesUpTo(nil, noLimit)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("moves (-general +fast):\n%s", diff)
		}
		var one [1]Move
		if got, want := s.hasMove(), len(s.appendMovesUpTo(one[:0], 1)) > 0; got != want {
			t.Fatalf("hasMove() = %v, want %v", got, want)
		}
	})
}
