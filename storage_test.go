package stratego

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// Values that share storage: anything made from a value
// X behaves the same after any later change to X, and changing what was
// made leaves X as it was.

// sampleText draws one state from sm with a fixed seed and returns its
// position text.
func sampleText(t *rapid.T, sm *Sampler, seed uint64) string {
	s, err := sm.Sample(rand.New(rand.NewPCG(seed, 3)))
	if err != nil {
		t.Fatalf("Sample: %v", err)
	}
	return s.Position().String()
}

// TestProp_MadeFromAViewAfterViewInto: a Sampler and a Position made from
// a View draw and read the same after the program writes another state's
// view into that View (the reuse pattern of Example_selfPlay).
func TestProp_MadeFromAViewAfterViewInto(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		s := genGame(t, r, plies(60))
		other := genGame(t, r, plies(60))
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "viewer")
		var v View
		s.ViewInto(&v, c)
		viewText := v.String()
		sm, err := v.Sampler()
		if err != nil {
			t.Fatalf("Sampler: %v", err)
		}
		pos := v.Position()
		posText := pos.String()
		seed := rapid.Uint64().Draw(t, "sample seed")
		want := sampleText(t, sm, seed)
		other.ViewInto(&v, c)
		if got := sampleText(t, sm, seed); got != want {
			t.Fatalf("the sampler draws another state after ViewInto:\n got %s\nwant %s", got, want)
		}
		drawn, err := sm.Sample(rand.New(rand.NewPCG(seed^1, 4)))
		if err != nil {
			t.Fatalf("Sample: %v", err)
		}
		if got := drawn.View(c).String(); got != viewText {
			t.Fatalf("after ViewInto, a sample's view is\n%s\nwant the sampler's view\n%s", got, viewText)
		}
		if got := pos.String(); got != posText {
			t.Fatalf("the view's position changed after ViewInto:\n got %s\nwant %s", got, posText)
		}
	})
}

// genRecordGame draws a game under r from random setups and returns the
// setups, the moves and the final state.
func genRecordGame(t *rapid.T, r Rules, maxPlies int) (red, blue Setup, moves []Move, s State) {
	seed := rapid.Uint64().Draw(t, "setup seed")
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	red, blue = RandomSetup(r, rng), RandomSetup(r, rng)
	s, err := New(r, red, blue)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	n := rapid.IntRange(1, maxPlies).Draw(t, "plies")
	for i := 0; i < n && !s.Outcome().IsOver(); i++ {
		m := rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "move")
		if s, _, err = s.Apply(m); err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		moves = append(moves, m)
	}
	return red, blue, moves, s
}

// TestProp_AnnotatedOwnsItsRecord: the record Annotated returns shares
// nothing with the record it was made from — its tags, start position
// and moves — in either direction.
func TestProp_AnnotatedOwnsItsRecord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		red, blue, moves, mid := genRecordGame(t, r, plies(40))
		// A record from the setups, and one from a start position (the
		// position after the game drawn), with one more move.
		fromSetups, err := NewRecord(r, red, blue, moves...)
		if err != nil {
			t.Fatalf("NewRecord: %v", err)
		}
		start := mid.Position()
		fromStart := Record{Rules: r, Start: &start}
		if !mid.Outcome().IsOver() {
			m := rapid.SampledFrom(mid.AppendLegalMoves(nil)).Draw(t, "move from the start position")
			fromStart.Moves = []RecordedMove{{AnnotatedMove: AnnotatedMove{Move: m}}}
		}
		for _, rec := range []Record{fromSetups, fromStart} {
			rec.Tags = []Tag{{Name: "Event", Value: "before"}}
			srcText := rec.String()
			ann, err := rec.Annotated()
			if err != nil {
				t.Fatalf("Annotated: %v\n%s", err, srcText)
			}
			annText := ann.String()
			// Change the source: the annotated record stays as it was.
			rec.Tags[0].Value = "after"
			if len(rec.Moves) > 0 {
				rec.Moves[0].Comment = "after"
			}
			if rec.Start != nil {
				rec.Start.Board = Board{}
				rec.Start.Captured = append(rec.Start.Captured[:0], Captive{Piece: NewPiece(Red, Flag)})
			}
			if got := ann.String(); got != annText {
				t.Fatalf("the annotated record changed with its source:\n got %s\nwant %s", got, annText)
			}
			// Change the annotated record: a fresh source stays as it was.
			rec2 := fromSetups
			if rec.Start != nil {
				p := mid.Position()
				rec2 = Record{Rules: r, Start: &p, Moves: fromStart.Moves}
			}
			rec2.Tags = []Tag{{Name: "Event", Value: "before"}}
			want := rec2.String()
			ann2, err := rec2.Annotated()
			if err != nil {
				t.Fatalf("Annotated: %v", err)
			}
			ann2.Tags[0].Value = "after"
			if ann2.Start != nil {
				ann2.Start.Board = Board{}
			}
			if got := rec2.String(); got != want {
				t.Fatalf("the source record changed with its annotated copy:\n got %s\nwant %s", got, want)
			}
		}
	})
}
