package stratego

import "testing"

func TestKnowledgeString(t *testing.T) {
	tests := []struct {
		k    Knowledge
		want string
	}{
		{0, "0"},
		{KnownRank, "rank"},
		{KnownMoved | KnownFar, "moved|far"},
		{KnownRank | KnownMoved | KnownFar, "rank|moved|far"},
		{KnownMoved | KnownFar | KnownLong, "moved|far|long"},
		{KnownRank | KnownMoved | KnownFar | KnownTurn, "rank|moved|far|turn"},
		{KnownMoved | 0x80, "moved|0x80"},
		{0x40, "0x40"},
	}
	for _, tc := range tests {
		if got := tc.k.String(); got != tc.want {
			t.Errorf("Knowledge(%d).String() = %q, want %q", uint8(tc.k), got, tc.want)
		}
	}
}

// TestKnowledgeNamesAgree: the name of every flag is the same in
// Knowledge.String and the view's JSON "known" list, and every flag has
// a mark of its own in the position text that reads back to it.
func TestKnowledgeNamesAgree(t *testing.T) {
	marks := map[byte]bool{rescuerMark: true}
	for k := Knowledge(1); k <= allKnown && k != 0; k <<= 1 {
		names := knownNames(k)
		if len(names) != 1 || names[0] != k.String() {
			t.Errorf("flag %d: JSON names %q, String %q", uint8(k), names, k.String())
		}
		if back, err := parseKnown(names); err != nil || back != k {
			t.Errorf("flag %d: parseKnown(%q) = %v, %v", uint8(k), names, back, err)
		}
		text := string(appendPiece(nil, NumberingISF, NewPiece(Red, Scout), k, false, 0))
		mark := text[len(text)-1]
		if marks[mark] {
			t.Errorf("flag %d: mark %q used twice", uint8(k), mark)
		}
		marks[mark] = true
		if _, got, _, _, j := scanPiece(NumberingISF, text, 0); got != k || j != len(text) {
			t.Errorf("flag %d: piece %q reads back as %v", uint8(k), text, got)
		}
	}
}
