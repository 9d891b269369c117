package bot

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/datatest"
	"pgregory.net/rapid"
)

// setupFacts are measurable properties of a sample of setups.
type setupFacts struct {
	n          int
	flagBack   int // flags on the zone's back row
	flagBombed int // flags whose every playable neighbour holds an own bomb
	flagOpen   int // flags with an empty playable neighbour
	topTouch   int // setups with the two strongest ranks side by side
}

func (f setupFacts) rate(k int) float64 { return float64(k) / float64(f.n) }

// factsOf measures setup s under r.
func (f *setupFacts) add(r stratego.Rules, s stratego.Setup) {
	f.n++
	back := stratego.MaxSize
	for sq := range r.Zone.All() {
		back = min(back, sq.Row())
	}
	var top []stratego.Rank
	for rk := stratego.Marshal; rk >= stratego.Spy && len(top) < 2; rk-- {
		if r.Army[rk] > 0 {
			top = append(top, rk)
		}
	}
	next := newNeighbours(r)
	for sq := range r.Zone.All() {
		rk := s.At(sq)
		if rk == stratego.Flag {
			if sq.Row() == back {
				f.flagBack++
			}
			bombed, open := true, false
			for _, q := range next.of(sq) {
				switch s.At(q) {
				case stratego.Bomb:
				case stratego.NoRank:
					open = true
					bombed = false
				default:
					bombed = false
				}
			}
			if bombed {
				f.flagBombed++
			}
			if open {
				f.flagOpen++
			}
		}
		if len(top) == 2 && rk == top[0] {
			for _, q := range next.of(sq) {
				if s.At(q) == top[1] {
					f.topTouch++
				}
			}
		}
	}
}

// TestChooseSetupBetterThanRandom: under every preset the chosen setups
// are legal and, unlike uniform random ones, keep the flag on the back
// row, behind pieces rather than open squares, and the two strongest
// pieces apart; under Classic most flags are walled in by bombs (44% of
// real setups, see TestChooseSetupLikeData).
func TestChooseSetupBetterThanRandom(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 60
	}
	for name, r := range presets(t) {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			var chosen, random setupFacts
			for range n {
				s, err := ChooseSetup(r, rng)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.CheckSetup(s); err != nil {
					t.Fatalf("ChooseSetup: %v\n%v", err, s)
				}
				chosen.add(r, s)
				random.add(r, stratego.RandomSetup(r, rng))
			}
			t.Logf("chosen: back %.2f bombed %.2f open %.2f touch %.2f; random: back %.2f bombed %.2f open %.2f touch %.2f",
				chosen.rate(chosen.flagBack), chosen.rate(chosen.flagBombed), chosen.rate(chosen.flagOpen), chosen.rate(chosen.topTouch),
				random.rate(random.flagBack), random.rate(random.flagBombed), random.rate(random.flagOpen), random.rate(random.topTouch))
			if got := chosen.rate(chosen.flagBack); got < 0.6 || got < random.rate(random.flagBack)+0.25 {
				t.Errorf("flags on the back row: %.2f (random %.2f), want at least 0.6", got, random.rate(random.flagBack))
			}
			if got := chosen.rate(chosen.flagOpen); got > 0.2 {
				t.Errorf("flags next to an open square: %.2f (random %.2f), want at most 0.2", got, random.rate(random.flagOpen))
			}
			if got := chosen.rate(chosen.topTouch); got > 0.05 {
				t.Errorf("two strongest side by side: %.2f (random %.2f), want at most 0.05", got, random.rate(random.topTouch))
			}
			if r.FillZone && r.Army[stratego.Bomb] >= 3 {
				if got := chosen.rate(chosen.flagBombed); got < 0.3 {
					t.Errorf("flags walled in by bombs: %.2f (random %.2f), want at least 0.3", got, random.rate(random.flagBombed))
				}
			}
		})
	}
}

// TestChooseSetupDeterministic: the same seed gives the same setup, for
// any rules; other seeds give other setups; invalid rules give the error
// of Validate.
func TestChooseSetupDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		seed := rapid.Uint64().Draw(t, "seed")
		a, err := ChooseSetup(r, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ChooseSetup(r, rand.New(rand.NewPCG(seed, 0)))
		if a != b {
			t.Fatalf("seed %d: %v, then %v", seed, a, b)
		}
		if err := r.CheckSetup(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	})
	r := stratego.Classic()
	seen := map[stratego.Setup]bool{}
	for seed := range uint64(20) {
		s, _ := ChooseSetup(r, rand.New(rand.NewPCG(seed, 0)))
		seen[s] = true
	}
	if len(seen) < 20 {
		t.Errorf("20 seeds gave %d different Classic setups", len(seen))
	}
	if _, err := ChooseSetup(stratego.Rules{}, rand.New(rand.NewPCG(1, 0))); !errors.Is(err, stratego.ErrRules) {
		t.Errorf("invalid rules: got %v, want ErrRules", err)
	}
}

// TestChooseSetupLikeData compares the chosen Classic and Barrage setups
// with the real ones of the shared data: the share of flags on the back
// row and, for Classic, walled in by bombs, no more than 15 points below
// the players' (and not far above; skipped without the data).
func TestChooseSetupLikeData(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules stratego.Rules
	}{{"classic_setups.txt", stratego.Classic()}, {"barrage_setups.txt", stratego.Barrage()}} {
		f := datatest.Open(t, filepath.Join(dataDir, tc.file))
		var real, chosen setupFacts
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			s, err := gravon.ParseSetup(tc.rules, sc.Text())
			if err != nil {
				t.Fatalf("%s: %v", tc.file, err)
			}
			real.add(tc.rules, s)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		for range 300 {
			s, _ := ChooseSetup(tc.rules, rng)
			chosen.add(tc.rules, s)
		}
		t.Logf("%s: flag on back row: real %.3f chosen %.3f; walled in by bombs: real %.3f chosen %.3f",
			tc.file, real.rate(real.flagBack), chosen.rate(chosen.flagBack), real.rate(real.flagBombed), chosen.rate(chosen.flagBombed))
		if d := chosen.rate(chosen.flagBack) - real.rate(real.flagBack); d < -0.15 || d > 0.35 {
			t.Errorf("%s: flag on the back row %.2f, real setups %.2f", tc.file, chosen.rate(chosen.flagBack), real.rate(real.flagBack))
		}
		if tc.rules.FillZone {
			if d := chosen.rate(chosen.flagBombed) - real.rate(real.flagBombed); d < -0.15 || d > 0.25 {
				t.Errorf("%s: flag walled in %.2f, real setups %.2f", tc.file, chosen.rate(chosen.flagBombed), real.rate(real.flagBombed))
			}
		}
	}
}

// TestChooseSetupNilSource: a nil random source is the global one, as
// everywhere in the module.
func TestChooseSetupNilSource(t *testing.T) {
	r := stratego.Classic()
	s, err := ChooseSetup(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckSetup(s); err != nil {
		t.Errorf("ChooseSetup(r, nil) = an invalid setup: %v", err)
	}
}
