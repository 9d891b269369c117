package stratego

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// Text the library writes but cannot read: everything
// the library writes reads back equal — Rules, Setup, Record, Position
// and View text, and their JSON — under every preset and random valid
// rules, with setups made under the same rules in another numbering.

// jsonRoundTrip encodes v as JSON and decodes it into out.
func jsonRoundTrip(t *rapid.T, what string, v, out any) {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", what, err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("%s: json.Unmarshal(%s): %v", what, data, err)
	}
}

func TestProp_WrittenTextReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var r Rules
		if rapid.Bool().Draw(t, "a preset") {
			r = genPreset(t)
		} else {
			r = genValidRules().Draw(t, "rules")
		}
		// Rules.
		if back, err := ParseRules(r.String()); err != nil || back != r {
			t.Fatalf("ParseRules(%q) = %+v, %v; want %+v", r.String(), back, err, r)
		}
		var rj Rules
		if jsonRoundTrip(t, "rules", r, &rj); rj != r {
			t.Fatalf("rules JSON: got %+v, want %+v", rj, r)
		}
		// Setups, made under the same rules in either numbering.
		made := r
		made.Numbering = rapid.SampledFrom(allNumberings).Draw(t, "numbering of the setups")
		seed := rapid.Uint64().Draw(t, "setup seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		red, blue := RandomSetup(made, rng), RandomSetup(made, rng)
		for _, st := range []Setup{red, blue} {
			if back, err := ParseSetup(made, st.String()); err != nil || back != st {
				t.Fatalf("ParseSetup(%q) = %v, %v", st.String(), back, err)
			}
			sj := NewSetup(made)
			if jsonRoundTrip(t, "setup", st, &sj); sj != st {
				t.Fatalf("setup JSON: got %v, want %v", sj, st)
			}
		}
		// A game and its record.
		s, err := New(r, red, blue)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		var moves []Move
		for n := rapid.IntRange(0, 60).Draw(t, "plies"); n > 0 && !s.Outcome().IsOver(); n-- {
			m := rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "move")
			s = play(t, s, m.String())
			moves = append(moves, m)
		}
		rec, err := NewRecord(r, red, blue, moves...)
		if err != nil {
			t.Fatalf("NewRecord: %v", err)
		}
		rec.Tags = []Tag{{Name: "Event", Value: "round trip"}}
		checkRecordReadsBack(t, rec)
		// A record from the position reached.
		pos := s.Position()
		checkRecordReadsBack(t, Record{Rules: r, Start: &pos, Result: s.Outcome()})
		// The position and the views.
		if back, err := ParsePosition(pos.String()); err != nil || !back.Equal(pos) {
			t.Fatalf("ParsePosition(%q): %v (equal %v)", pos.String(), err, back.Equal(pos))
		}
		var pj Position
		if jsonRoundTrip(t, "position", pos, &pj); !pj.Equal(pos) {
			t.Fatalf("position JSON: got %v, want %v", pj, pos)
		}
		for _, c := range []Color{Red, Blue} {
			v := s.View(c)
			if back, err := ParseView(v.String()); err != nil || !back.Equal(v) {
				t.Fatalf("ParseView(%q): %v", v.String(), err)
			}
			var vj View
			if jsonRoundTrip(t, "view", v, &vj); !vj.Equal(v) {
				t.Fatalf("view JSON: got %v, want %v", vj, v)
			}
		}
	})
}

// checkRecordReadsBack checks that the text and the JSON of rec read
// back to rec.
func checkRecordReadsBack(t *rapid.T, rec Record) {
	text := rec.String()
	if text == "" {
		_, err := rec.AppendText(nil)
		t.Fatalf("the record does not print: %v", err)
	}
	opts := cmp.Options{cmpopts.EquateEmpty(), cmp.AllowUnexported(Setup{}), cmp.Comparer(func(a, b Position) bool { return a.Equal(b) })}
	back, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("ParseRecord: %v\n%s", err, text)
	}
	if diff := cmp.Diff(rec, back, opts); diff != "" {
		t.Fatalf("record read back (-want +got):\n%s\n%s", diff, text)
	}
	var rj Record
	if jsonRoundTrip(t, "record", rec, &rj); cmp.Diff(rec, rj, opts) != "" {
		t.Fatalf("record JSON (-want +got):\n%s", cmp.Diff(rec, rj, opts))
	}
}
