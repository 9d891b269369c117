package stratego

import (
	"errors"
	"strings"
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

// FuzzParseOutcome: what ParseOutcome accepts is the text of an outcome
// in any case, as its doc says: it prints as the input up to case, and
// that print parses to the same outcome.
func FuzzParseOutcome(f *testing.F) {
	for _, s := range []string{"ongoing", "red wins (flag captured)", "draw (ply cap)", "blue wins (resignation)",
		"Ongoing", "ongoIng", "RED WINS (FLAG CAPTURED)", "Draw (Ply Cap)", "Blue wins (No legal move)", "draw (Draw Agreed)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOutcome(s)
		if err != nil {
			return
		}
		if !strings.EqualFold(o.String(), s) {
			t.Fatalf("%q parsed to %v, which prints %q: not the input in another case", s, o, o.String())
		}
		if back, err := ParseOutcome(o.String()); err != nil || back != o {
			t.Fatalf("%q parsed to %v, whose text %q parses to %v, %v", s, o, o.String(), back, err)
		}
	})
}

// TestParseOutcomeAnyCase: the texts of outcomes parse in any case.
func TestParseOutcomeAnyCase(t *testing.T) {
	for s, want := range map[string]Outcome{
		"ongoIng":                  {},
		"RED WINS (FLAG CAPTURED)": {Red, FlagCaptured},
		"Draw (Ply Cap)":           {NoColor, PlyCap},
	} {
		if got, err := ParseOutcome(s); err != nil || got != want {
			t.Errorf("ParseOutcome(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
}
