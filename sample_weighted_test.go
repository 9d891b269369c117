package stratego

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// weightedCases are small views whose agreeing assignments are few
// enough to enumerate: those of TestSampleUniform (fewer pieces on the
// board than the army), a whole army with repeated ranks, and silent
// defense.
func weightedCases(t *testing.T) []struct {
	name string
	v    View
} {
	small := func(info InfoRule, army Army, blue []string, moves ...string) View {
		r := Classic()
		r.Info = info
		r.Army = army
		r.FillZone = false
		pl := append([]string{"a1:M", "d8:F", "j1:B", "i1:D"}, blue...)
		return play(t, mustBoard(t, r, Red, pl...), moves...).View(Red)
	}
	five := Army{Flag: 1, Bomb: 1, Scout: 1, Marshal: 1, Sergeant: 1}
	// A whole army on the board, two Bombs and three Scouts among it: the
	// draw must count repeated ranks right.
	whole := Army{Flag: 1, Bomb: 2, Scout: 3, Marshal: 1, Sergeant: 1}
	return []struct {
		name string
		v    View
	}{
		{"moved", small(InfoStandard, five, []string{"a10:Y", "b10:N", "c10:P", "d10:X"}, "i1-i2", "d10-d9")},
		{"silent defender", small(InfoSilentDefense, five, []string{"a10:Y", "b10:N", "c10:P", "d9:X"}, "d8-d9")},
		{"silent defender earlier", small(InfoSilentDefense, five, []string{"a10:Y", "b10:N", "c10:P", "d9:X"}, "d8-d9", "c10-c9", "i1-i2")},
		// Three Scouts in the army, one on the board: an assignment with k
		// Scouts counts 3·2·…(3−k+1) times.
		{"scouts missing", small(InfoStandard, Army{Flag: 1, Bomb: 1, Scout: 3, Marshal: 1, Sergeant: 1}, []string{"a10:Y", "b10:N", "c10:P", "d10:X"}, "i1-i2", "d10-d9")},
		{"whole army", small(InfoStandard, whole, []string{"a10:Y", "b10:N", "c10:P", "d10:X", "e10:N", "f10:P", "g10:P", "h10:R"}, "i1-i2", "f10-f9", "i2-i1", "g10-g8")},
	}
}

// testWeight is a weight with zeros and unequal values: 0 for a few
// (square, rank) pairs, else 1 to 4.
func testWeight(sq Square, rk Rank) float64 {
	if (int(sq)*3+int(rk))%7 == 0 {
		return 0
	}
	return float64(1 + (int(sq)*5+int(rk)*3)%4)
}

// exactWeighted returns, for each assignment key of v (hiddenKey order)
// that agrees with it, its probability under the weights: the product
// of its pieces' weights times the ways to choose the army's distinct
// pieces of each rank, normalized.
func exactWeighted(v View, weight func(Square, Rank) float64) map[string]float64 {
	var sqs []Square
	for q := range v.Hidden().All() {
		sqs = append(sqs, q)
	}
	army := v.HiddenArmy()
	p := map[string]float64{}
	total := 0.0
	for key := range agreeing(v) {
		x := 1.0
		var used [NumRanks]int
		for i, ch := range []byte(key) {
			rk, _ := Numbering(0).rankOf(ch)
			x *= weight(sqs[i], rk)
			used[rk]++
		}
		for rk, n := range used {
			x *= falling(int(army[rk]), n)
		}
		p[key] = x
		total += x
	}
	for k := range p {
		p[k] /= total
	}
	return p
}

// TestWeightedSamplerExact: over many draws each agreeing assignment
// comes up as often as the product of its weights says (chi-square
// against the exact probabilities, enumerated by brute force), an
// assignment of weight 0 never; all ones is the uniform draw.
func TestWeightedSamplerExact(t *testing.T) {
	ones := func(Square, Rank) float64 { return 1 }
	for _, tt := range weightedCases(t) {
		for _, w := range []struct {
			name string
			f    func(Square, Rank) float64
		}{{"weights", testWeight}, {"ones", ones}} {
			t.Run(tt.name+"/"+w.name, func(t *testing.T) {
				checkWeighted(t, tt.v, w.f)
			})
		}
	}
}

func checkWeighted(t *testing.T, v View, weight func(Square, Rank) float64) {
	t.Helper()
	want := exactWeighted(v, weight)
	sm, err := v.WeightedSampler(weight)
	if err != nil {
		t.Fatalf("WeightedSampler: %v", err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 20000
	count := map[string]int{}
	for range n {
		s, err := sm.Sample(rng)
		if err != nil {
			t.Fatalf("Sample: %v", err)
		}
		key := hiddenKey(v, s)
		if want[key] == 0 {
			t.Fatalf("drew %s, which has probability 0 (agrees: %v)", key, agreeing(v)[key])
		}
		count[key]++
	}
	chi, df := 0.0, -1
	for k, p := range want {
		if p == 0 {
			continue
		}
		df++
		exp := n * p
		d := float64(count[k]) - exp
		chi += d * d / exp
	}
	// Far in the tail (the seed is fixed, so no flakes): mean df, sd
	// sqrt(2 df).
	if limit := float64(df) + 6*math.Sqrt(2*float64(df)) + 10; chi > limit {
		t.Errorf("chi-square %.1f over %d assignments (limit %.1f)\ncounts %v\nwant %v", chi, df+1, limit, count, want)
	}
	t.Logf("chi-square %.1f, %d degrees of freedom", chi, df)
}

// TestProp_WeightedSampleAgrees: in games of every preset and
// information rule, with random weights (a third of them 0), every
// weighted draw agrees with the view and gives each hidden piece a rank
// of positive weight; the set-up fails only as documented.
func TestProp_WeightedSampleAgrees(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		v := s.View(c)
		states := 1
		for _, n := range v.HiddenArmy() {
			states *= int(n) + 1
		}
		if states > 1<<18 {
			return // big tables cost time (TestWeightedSamplerWholeClassicArmy makes one)
		}
		table := map[[2]int]float64{}
		for sq := range v.Hidden().All() {
			for rk := Spy; rk <= Flag; rk++ {
				x := 0.0
				if rapid.IntRange(0, 2).Draw(t, "nonzero") > 0 {
					x = rapid.Float64Range(0.01, 10).Draw(t, "weight")
				}
				table[[2]int{int(sq), int(rk)}] = x
			}
		}
		weight := func(sq Square, rk Rank) float64 { return table[[2]int{int(sq), int(rk)}] }
		sm, err := v.WeightedSampler(weight)
		if err != nil {
			allZero := false
			for sq := range v.Hidden().All() {
				pos := false
				for rk := Spy; rk <= Flag; rk++ {
					pos = pos || v.Ranks(sq).Has(rk) && v.HiddenArmy()[rk] > 0 && weight(sq, rk) > 0
				}
				allZero = allZero || !pos
			}
			switch {
			case allZero && errors.Is(err, ErrInvalid):
			case !allZero && errors.Is(err, ErrInconsistentView) && strings.Contains(err.Error(), "positive weight"):
			default:
				t.Fatalf("WeightedSampler: %v (a piece with weights all 0: %v)", err, allZero)
			}
			return
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		for range 3 {
			got, err := sm.Sample(rng)
			if err != nil {
				t.Fatalf("Sample: %v\nview: %v", err, v)
			}
			checkInvariants(t, got, "a weighted sample")
			if gv := got.View(c); !gv.Equal(v) {
				t.Fatalf("the sample's view differs (-want +got):\n%s", cmp.Diff(strings.Fields(v.String()), strings.Fields(gv.String())))
			}
			for sq := range v.Hidden().All() {
				p, _ := got.At(sq)
				if !v.Ranks(sq).Has(p.Rank()) || weight(sq, p.Rank()) <= 0 {
					t.Fatalf("drew %v on %v: allowed %v, weight %v", p, sq, v.Ranks(sq).Has(p.Rank()), weight(sq, p.Rank()))
				}
			}
			if s.Turn() == c && !slicesEqualSorted(s.AppendLegalMoves(nil), got.AppendLegalMoves(nil)) {
				t.Fatalf("the sample's legal moves differ")
			}
		}
	})
}

func slicesEqualSorted(a, b []Move) bool {
	sortMoves(a)
	sortMoves(b)
	return cmp.Equal(a, b)
}

// TestWeightedSamplerErrors: bad weights and views get errors that say
// what is wrong, never a panic.
func TestWeightedSamplerErrors(t *testing.T) {
	v := weightedCases(t)[0].v // "moved": d9 moved (Scout or Marshal), the Flag on an unmoved square
	d9 := MustParseSquare("d9")
	for _, tt := range []struct {
		name   string
		weight func(Square, Rank) float64
		want   error
		text   string
	}{
		{"nil", nil, ErrInvalid, "nil weight"},
		{"negative", func(Square, Rank) float64 { return -1 }, ErrInvalid, "weight -1"},
		{"NaN", func(Square, Rank) float64 { return math.NaN() }, ErrInvalid, "weight NaN"},
		{"infinite", func(Square, Rank) float64 { return math.Inf(1) }, ErrInvalid, "weight +Inf"},
		{"all zero for a piece", func(sq Square, rk Rank) float64 {
			if sq == d9 {
				return 0
			}
			return 1
		}, ErrInvalid, "on d9 may have weighs 0"},
		{"no flag anywhere", func(sq Square, rk Rank) float64 {
			if rk == Flag {
				return 0
			}
			return 1
		}, ErrInconsistentView, "positive weight"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sm, err := v.WeightedSampler(tt.weight)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) || sm != nil {
				t.Errorf("got %v, %v; want an error wrapping %v that says %q", sm, err, tt.want, tt.text)
			}
		})
	}
	if _, err := (View{}).WeightedSampler(func(Square, Rank) float64 { return 1 }); !errors.Is(err, ErrInvalid) {
		t.Errorf("the zero View: got %v, want ErrInvalid", err)
	}
}

// TestWeightedSamplerWholeClassicArmy: the largest table of the presets
// (a whole hidden Classic army, 9,072,000 numbers) is made and draws.
func TestWeightedSamplerWholeClassicArmy(t *testing.T) {
	if testing.Short() {
		t.Skip("a 72 MB table")
	}
	s := mustNew(t, Classic(), 1)
	v := s.View(Red)
	sm, err := v.WeightedSampler(func(sq Square, rk Rank) float64 {
		if rk == Flag && sq.Row() != 9 {
			return 0 // Blue's flag on its back row
		}
		return 1
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sm.wd.z); n != 9072000 {
		t.Errorf("table of %d numbers, want 9072000", n)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		got, err := sm.Sample(rng)
		if err != nil {
			t.Fatal(err)
		}
		for sq := range v.Hidden().All() {
			if p, _ := got.At(sq); p.Rank() == Flag && sq.Row() != 9 {
				t.Fatalf("the flag drawn on %v", sq)
			}
		}
	}
}

// TestWeightedSamplerConcurrent: one weighted Sampler serves many
// goroutines (run with -race); what it draws agrees with the view and
// starts with no chase-board block of its own (no shared written word).
func TestWeightedSamplerConcurrent(t *testing.T) {
	s := ongoingMidgame(t)
	v := s.View(s.Turn())
	sm, err := v.WeightedSampler(func(sq Square, rk Rank) float64 { return testWeight(sq, rk) + 0.5 })
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for g := range 4 {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for range 50 {
				got, err := sm.Sample(rng)
				if err == nil && (!got.View(v.Player()).Equal(v) || got.blk != nil) {
					err = errors.New("a sample's view differs from the view, or it holds a node block")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
