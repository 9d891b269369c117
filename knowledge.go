package stratego

// Knowledge is what the opponent has learned about one piece, as a set of
// flags (RULES.md section 8): test a flag with k&KnownRank != 0.
// [State.Knowledge] and [View.Knowledge] report it for a square.
type Knowledge uint8

const (
	// KnownRank means the rank was shown in combat (or the rules show all
	// ranks).
	KnownRank Knowledge = 1 << iota
	// KnownMoved means the piece has moved, so it is not a Bomb or the Flag.
	KnownMoved
	// KnownFar means the piece once moved more than one square in a move, so
	// it is a Scout (or, where [Rules.CaptainsMoveTwo] is set, a
	// Captain).
	KnownFar
	// KnownLong: where Captains move two squares, the piece once moved
	// three or more squares in a line, so it is a Scout (it has KnownFar).
	KnownLong
	// KnownTurn: the piece once made a turning two-square move, so it is
	// a Captain (it has KnownFar; see [Rules.CaptainsMoveTwo]).
	KnownTurn
)

// String returns the flags of k joined by "|", as net.Flags does:
// "rank|moved", "moved|far"; "0" when nothing is known.
func (k Knowledge) String() string {
	var b []byte
	for i, name := range [...]string{"rank", "moved", "far"} {
		if k&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '|')
			}
			b = append(b, name...)
		}
	}
	if len(b) == 0 {
		return "0"
	}
	return string(b)
}
