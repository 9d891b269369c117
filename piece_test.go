package stratego

import "testing"

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
		if n, err := parseNumbering(s); err == nil {
			if back, err := parseNumbering(n.String()); err != nil || back != n {
				t.Fatalf("numbering %q round trips to %v, %v", s, back, err)
			}
		}
		if e, err := parseEndReason(s); err == nil {
			if back, err := parseEndReason(e.String()); err != nil || back != e {
				t.Fatalf("end reason %q round trips to %v, %v", s, back, err)
			}
		}
	})
}
