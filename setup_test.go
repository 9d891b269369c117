package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// TestProp_SetupTextRoundTrips: a setup of any preset marshals to its
// String and unmarshals, into a setup of the same numbering, to itself;
// as JSON too.
func TestProp_SetupTextRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		seed := rapid.Uint64().Draw(t, "seed")
		s := RandomSetup(r, rand.New(rand.NewPCG(seed, 1)))
		text, err := s.MarshalText()
		if err != nil || string(text) != s.String() {
			t.Fatalf("MarshalText = %q, %v; want %q", text, err, s.String())
		}
		back := NewSetup(r)
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, s)
		}
		js, err := json.Marshal(struct{ Red Setup }{s})
		if err != nil {
			t.Fatalf("json.Marshal: %v", err)
		}
		got := struct{ Red Setup }{NewSetup(r)}
		if err := json.Unmarshal(js, &got); err != nil || got.Red != s {
			t.Fatalf("json round trip of %s: %v, %v", js, got.Red, err)
		}
		if err := r.CheckSetup(got.Red); err != nil {
			t.Fatalf("decoded setup fails CheckSetup: %v", err)
		}
	})
}

func TestSetupText(t *testing.T) {
	var zero Setup
	if b, err := zero.MarshalText(); err != nil || len(b) != 0 {
		t.Fatalf("zero Setup MarshalText = %q, %v; want empty", b, err)
	}
	bad := NewSetup(Barrage())
	bad.Put(MustParseSquare("a1"), Rank(77))
	if _, err := bad.MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("MarshalText of a setup with rank 77: %v, want ErrInvalid", err)
	}
	vintage := NewSetup(Vintage())
	if err := vintage.UnmarshalText([]byte("S1/9B")); err != nil || vintage.At(MustParseSquare("a1")) != Spy || vintage.At(MustParseSquare("b1")) != Marshal {
		t.Fatalf("Vintage labels: %v, %v", vintage, err)
	}
	for _, tc := range []struct {
		text string
		pos  int
	}{
		{"/", 0},
		{"FB/", 3},
		{"FB/B", 4},
		{"FB/BBB", 5},
		{"FZ", 1},
		{"F?", 1},
		{"...........", 10},
		{"./././././././././././.", 19},
	} {
		s := NewSetup(Barrage())
		before := s
		err := s.UnmarshalText([]byte(tc.text))
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Pos != tc.pos || !errors.Is(err, ErrSyntax) {
			t.Errorf("UnmarshalText(%q) = %v; want a ParseError at %d", tc.text, err, tc.pos)
		}
		if s != before {
			t.Errorf("UnmarshalText(%q) changed the setup on error", tc.text)
		}
	}
}

// FuzzSetupUnmarshalText: no text panics, and a text UnmarshalText
// accepts prints back the same (up to the case of labels).
func FuzzSetupUnmarshalText(f *testing.F) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, r := range presetRules {
		f.Add(false, RandomSetup(r, rng).String())
	}
	f.Add(true, "S123/BF..")
	f.Fuzz(func(t *testing.T, vintage bool, text string) {
		var s Setup
		if vintage {
			s = NewSetup(Vintage())
		}
		if err := s.UnmarshalText([]byte(text)); err != nil {
			return
		}
		out, err := s.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of a decoded setup: %v", err)
		}
		back := s
		if err := back.UnmarshalText(out); err != nil || back != s {
			t.Fatalf("%q: round trip through %q: %v", text, out, err)
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
