package stratego

import (
	"math/rand/v2"
	"testing"
)

// Fuzz targets for the parsers of the small value types and setups: no
// input panics, and anything a parser accepts prints in a form that
// parses back to the same value. (The other parsers have their targets
// beside their tests: FuzzParseRules, FuzzParsePosition, FuzzParseRecord,
// FuzzParseView, the Gravon readers, …)

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "j10", "J10", "k1", "a0", "a11", "a01", "", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			return
		}
		if !sq.IsValid() {
			t.Fatalf("%q parsed to invalid square %d", s, sq)
		}
		if back, err := ParseSquare(sq.String()); err != nil || back != sq {
			t.Fatalf("%q: %v round trips to %v, %v", s, sq, back, err)
		}
		var u Square
		if err := u.UnmarshalText([]byte(s)); err != nil || u != sq {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", s, u, err, sq)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a4-a5", "b4xb5", "c3-c4-d4", "+general@d2", "a1-a1", "+flag@a1", "a4-", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if !m.IsValid() {
			t.Fatalf("%q parsed to invalid move %+v", s, m)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("%q: %v round trips to %v, %v", s, m, back, err)
		}
	})
}

// FuzzParseSetup parses setups under each preset; an accepted setup is
// valid for its rules and round-trips through its text form.
func FuzzParseSetup(f *testing.F) {
	rng := rand.New(rand.NewPCG(3, 3))
	for i, r := range presetRules {
		f.Add(i, RandomSetup(r, rng).String()) // valid setups of each preset
	}
	f.Add(2, "F.........../B.....")
	f.Fuzz(func(t *testing.T, preset int, text string) {
		r := presetRules[uint(preset)%uint(len(presetRules))]
		s, err := ParseSetup(r, text)
		if err != nil {
			return
		}
		if err := r.CheckSetup(s); err != nil {
			t.Fatalf("accepted setup %q fails CheckSetup: %v", text, err)
		}
		back, err := ParseSetup(r, s.String())
		if err != nil || back != s {
			t.Fatalf("%q: round trip through %q: %v", text, s.String(), err)
		}
		if _, err := New(r, s, s); err != nil {
			t.Fatalf("New with accepted setup %q: %v", text, err)
		}
	})
}

// FuzzParseNames covers the parsers of names: colors, ranks, pieces,
// numberings and end reasons.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"red", "B", "marshal", "blue spy", "unknown", "vintage", "flag captured", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := ParseColor(s); err == nil {
			if back, err := ParseColor(c.String()); err != nil || back != c {
				t.Fatalf("color %q round trips to %v, %v", s, back, err)
			}
		}
		if r, err := ParseRank(s); err == nil {
			if back, err := ParseRank(r.String()); err != nil || back != r {
				t.Fatalf("rank %q round trips to %v, %v", s, back, err)
			}
		}
		if p, err := ParsePiece(s); err == nil {
			if back, err := ParsePiece(p.String()); err != nil || back != p {
				t.Fatalf("piece %q round trips to %v, %v", s, back, err)
			}
		}
		if n, err := ParseNumbering(s); err == nil {
			if back, err := ParseNumbering(n.String()); err != nil || back != n {
				t.Fatalf("numbering %q round trips to %v, %v", s, back, err)
			}
		}
		if e, err := ParseEndReason(s); err == nil {
			if back, err := ParseEndReason(e.String()); err != nil || back != e {
				t.Fatalf("end reason %q round trips to %v, %v", s, back, err)
			}
		}
	})
}
