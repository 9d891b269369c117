package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/gametest"
	"pgregory.net/rapid"
)

// TestProp_ObservationMatchesReference: AppendObservation gives the
// planes of the encoder before its speed-up (refAppendObservation, kept
// in obsref_test.go) bit for bit, for both players of games of every
// preset and information rule (silent-defense marks, rescues, chases,
// custom rules included), appended after other values.
func TestProp_ObservationMatchesReference(t *testing.T) {
	gametest.EachInfo(t, func(t *rapid.T, r stratego.Rules) {
		// Deep games too: rapid's own draws of a ply count favour short ones.
		seed := rapid.Uint64().Draw(t, "seed")
		s := gametest.MustNew(t, r, seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		var ms []stratego.Move
		for n := rapid.IntRange(0, 800).Draw(t, "plies") + int(seed%400); n > 0 && !s.Outcome().IsOver(); n-- {
			ms = s.AppendLegalMoves(ms[:0])
			s, _, _ = s.Apply(ms[rng.IntN(len(ms))])
		}
		for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
			v := s.View(c)
			prefix := []float32{7, 8}
			got := AppendObservation(prefix, v)
			want := refAppendObservation([]float32{7, 8}, v)
			checkSameBits(t, got, want, v)
		}
	})
	// Rules beyond the presets: every Rules that gametest.Rules lists.
	for _, r := range gametest.Rules() {
		s := gametest.MustNew(t, r, 5)
		var ms []stratego.Move
		for i := 0; i < 300 && !s.Outcome().IsOver(); i++ {
			ms = s.AppendLegalMoves(ms[:0])
			s, _, _ = s.Apply(ms[(i*7)%len(ms)])
			if i%25 == 0 {
				for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
					v := s.View(c)
					checkSameBits(t, AppendObservation(nil, v), refAppendObservation(nil, v), v)
				}
			}
		}
	}
}

func checkSameBits(t gametest.TB, got, want []float32, v stratego.View) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d values, the reference %d", len(got), len(want))
	}
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("value %d: %v (%#x), the reference %v (%#x)\nview %v", i, got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]), v)
		}
	}
}
