package stratego

import (
	"errors"
	"testing"
)

func TestOutcomeText(t *testing.T) {
	for _, o := range []Outcome{{}, {Red, FlagCaptured}, {Blue, NoLegalMove}, {NoColor, NeitherCanMove},
		{Red, Resignation}, {NoColor, DrawAgreed}, {NoColor, PlyCap}, {NoColor, NoAttackCap}} {
		b, err := o.MarshalText()
		if err != nil {
			t.Fatalf("%v: %v", o, err)
		}
		var got Outcome
		if err := got.UnmarshalText(b); err != nil || got != o {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, got, err, o)
		}
	}
	for _, bad := range []string{"", "red wins", "draw (flag captured)", "red wins (ply cap)", "green wins (flag captured)", "draw (not over)"} {
		if _, err := ParseOutcome(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseOutcome(%q): err %v, want ErrSyntax", bad, err)
		}
	}
	if _, err := (Outcome{Winner: Red, Reason: DrawAgreed}).MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Errorf("marshal of a drawn outcome with a winner: err %v, want ErrInvalid", err)
	}
}

func FuzzParseOutcome(f *testing.F) {
	for _, s := range []string{"ongoing", "red wins (flag captured)", "draw (ply cap)", "blue wins (resignation)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOutcome(s)
		if err != nil {
			return
		}
		if o.String() != s {
			t.Fatalf("%q parsed to %v, which prints %q", s, o, o.String())
		}
	})
}
