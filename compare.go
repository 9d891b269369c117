package stratego

import "slices"

// Equal reports whether s and t are the same position with the same
// future: the same rules, the same pieces on the same squares, the same
// knowledge of every piece (on the board and captured), the same side to
// move, rescue due, counters and outcome, and the same repetition
// records (the Two-Squares runs, the running chases and the boards the
// More-Squares Rule remembers), so that every sequence of moves is legal
// from s exactly when it is from t and ends in equal states. It does
// not compare [State.LastEvent], which is the past, nor how the states
// were made: a state rebuilt from its [Position] equals the original.
// Equal is what a program means by "the same state" (== does not
// compile on State).
func (s State) Equal(t State) bool {
	if s.g == nil || t.g == nil {
		return s.g == nil && t.g == nil
	}
	if s.hash != t.hash || s.ply != t.ply || s.quiet != t.quiet || s.turn != t.turn ||
		s.pending != t.pending || s.outcome != t.outcome || s.g.rules != t.g.rules {
		return false
	}
	p, q := s.Position(), t.Position()
	return p.equal(&q)
}

// Equal reports whether p and q hold the same position: every field
// equal, with the captured pieces
// compared in any order and an empty list equal to a nil one. (The ==
// operator does not compile on Position, as it holds lists.)
func (p Position) Equal(q Position) bool {
	if !slices.IsSortedFunc(p.Captured, compareCaptives) {
		p.Captured = slices.Clone(p.Captured)
		sortCaptives(p.Captured)
	}
	if !slices.IsSortedFunc(q.Captured, compareCaptives) {
		q.Captured = slices.Clone(q.Captured)
		sortCaptives(q.Captured)
	}
	return p.equal(&q)
}
