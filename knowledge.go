package stratego

import "strconv"

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

// knowledgeFlags is the one table of the Knowledge flags: each flag's
// name (in Knowledge.String and the view's JSON "known" list) and its
// mark in the position text (see [Position]), in the order the text
// writes the marks.
var knowledgeFlags = [...]struct {
	k    Knowledge
	name string
	mark byte
}{
	{KnownRank, "rank", '!'},
	{KnownMoved, "moved", '+'},
	{KnownFar, "far", '*'},
	{KnownLong, "long", '>'},
	{KnownTurn, "turn", '%'},
}

// allKnown holds every Knowledge flag.
const allKnown = KnownTurn<<1 - 1

// String returns the flags of k joined by "|", as net.Flags does:
// "rank|moved", "moved|far|turn"; "0" when nothing is known. A bit that
// is no flag is written as its hexadecimal value ("0x80").
func (k Knowledge) String() string {
	var b []byte
	for _, f := range knowledgeFlags {
		if k&f.k != 0 {
			if len(b) > 0 {
				b = append(b, '|')
			}
			b = append(b, f.name...)
		}
	}
	if rest := k &^ allKnown; rest != 0 {
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, uint64(rest), 16)
	}
	if len(b) == 0 {
		return "0"
	}
	return string(b)
}

// knownNames returns the names of the flags of k, in table order (the
// view's JSON "known" list).
func knownNames(k Knowledge) []string {
	var ns []string
	for _, f := range knowledgeFlags {
		if k&f.k != 0 {
			ns = append(ns, f.name)
		}
	}
	return ns
}

// parseKnown returns the knowledge of a list of flag names.
func parseKnown(ns []string) (Knowledge, error) {
	var k Knowledge
known:
	for _, name := range ns {
		for _, f := range knowledgeFlags {
			if f.name == name {
				k |= f.k
				continue known
			}
		}
		return 0, parseErr("view", name, 0, `"rank", "moved", "far", "long" or "turn"`)
	}
	return k, nil
}
