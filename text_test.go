package stratego

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// textValue is what the small value types implement.
type textValue interface {
	encoding.TextMarshaler
	encoding.TextAppender
}

// TestZeroValuesText checks the net/netip convention: the zero value of
// each small type encodes as the empty text and decodes from it, while a
// value that is neither zero nor valid fails with ErrInvalid.
func TestZeroValuesText(t *testing.T) {
	tests := []struct {
		name    string
		zero    textValue
		bad     textValue
		decoded func([]byte) (any, error)
	}{
		{"Color", NoColor, Color(7), func(b []byte) (any, error) { var v Color; err := v.UnmarshalText(b); return v, err }},
		{"Rank", NoRank, Rank(99), func(b []byte) (any, error) { var v Rank; err := v.UnmarshalText(b); return v, err }},
		{"Piece", Piece(0), NewPiece(Red, NoRank), func(b []byte) (any, error) { var v Piece; err := v.UnmarshalText(b); return v, err }},
		{"Square", NoSquare, Square(101), func(b []byte) (any, error) { var v Square; err := v.UnmarshalText(b); return v, err }},
		{"Move", Move{}, Move{From: MustParseSquare("a1"), To: MustParseSquare("a1")}, func(b []byte) (any, error) { var v Move; err := v.UnmarshalText(b); return v, err }},
		{"Combat", NoCombat, Combat(9), func(b []byte) (any, error) { var v Combat; err := v.UnmarshalText(b); return v, err }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.zero.MarshalText()
			if err != nil || len(got) != 0 {
				t.Errorf("MarshalText of the zero value = %q, %v; want \"\", nil", got, err)
			}
			back, err := tc.decoded(nil)
			if err != nil || back != any(tc.zero) {
				t.Errorf("UnmarshalText(\"\") = %v, %v; want %v, nil", back, err, tc.zero)
			}
			if b, err := tc.bad.AppendText([]byte("x")); !errors.Is(err, ErrInvalid) || string(b) != "x" {
				t.Errorf("AppendText of %#v = %q, %v; want \"x\" unchanged and ErrInvalid", tc.bad, b, err)
			}
		})
	}
}

// TestProp_EventsEncodeAsJSON: every event of a game, quiet moves and
// rescues included, encodes as JSON and decodes to itself.
func TestProp_EventsEncodeAsJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom([]Rules{Classic(), Barrage(), UltimateLightning()}).Draw(t, "rules")
		s := genGame(t, r, 120)
		ev := s.LastEvent()
		data, err := json.Marshal(ev)
		if err != nil {
			t.Fatalf("json.Marshal(%+v): %v", ev, err)
		}
		var back Event
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("json.Unmarshal(%s): %v", data, err)
		}
		if back != ev {
			t.Fatalf("JSON round trip of %+v gave %+v (via %s)", ev, back, data)
		}
	})
}

// TestRuleEnumStrings: each rule setting prints as its value in the rules
// text form, so that ParseRules reads "key=" + String() back.
func TestRuleEnumStrings(t *testing.T) {
	tests := []struct {
		key  string
		v    fmt.Stringer
		set  func(r *Rules)
		want string
	}{
		{"scouts", ScoutStrikeAdjacent, func(r *Rules) { r.Scouts = ScoutStrikeAdjacent }, "adjacent"},
		{"ties", TieAttackerWins, func(r *Rules) { r.Ties = TieAttackerWins }, "attacker"},
		{"bombs", BombOneTime, func(r *Rules) { r.Bombs = BombOneTime }, "onetime"},
		{"info", InfoSilentDefense, func(r *Rules) { r.Info = InfoSilentDefense }, "silent"},
		{"moresquares", MoreSquaresGame, func(r *Rules) { r.MoreSquares = MoreSquaresGame }, "game"},
		{"moresquares", MoreSquaresRule(7), nil, "moresquares(7)"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.v.String(); got != tc.want {
				t.Fatalf("String() = %q, want %q", got, tc.want)
			}
			if tc.set == nil {
				return
			}
			want := Classic()
			tc.set(&want)
			got, err := ParseRules("classic," + tc.key + "=" + tc.v.String())
			if err != nil || got != want {
				t.Errorf("ParseRules(classic,%s=%v) = %v, %v; want %v", tc.key, tc.v, got, err, want)
			}
		})
	}
}

// TestAnnotatedMoveZeroText: the zero AnnotatedMove encodes as "" like
// the zero Move, but a record cannot hold it.
func TestAnnotatedMoveZeroText(t *testing.T) {
	var a AnnotatedMove
	if b, err := a.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("MarshalText of the zero AnnotatedMove = %q, %v; want \"\", nil", b, err)
	}
	if got := a.String(); got != "-" {
		t.Errorf("String() = %q, want \"-\"", got)
	}
	back := AnnotatedMove{Move: MustParseMove("a1-a2")}
	if err := back.UnmarshalText(nil); err != nil || back != a {
		t.Errorf("UnmarshalText(\"\") = %v, %v; want the zero AnnotatedMove", back, err)
	}
	rec, err := NewRecord(Barrage(), MustParseSetup(Barrage(), "FB12239X../........../........../.........."),
		MustParseSetup(Barrage(), "FB12239X../........../........../.........."))
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves = append(rec.Moves, RecordedMove{})
	if _, err := rec.AppendText(nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("AppendText of a record with a zero move: %v, want ErrInvalid", err)
	}
}

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
