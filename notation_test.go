package stratego

import (
	"encoding"
	"encoding/json"
	"errors"
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
