package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
)

// TestBeliefsSetupPrior: at the start of a Classic game the enemy's flag
// is believed far likelier on its back row than on its front row, as in
// the Gravon setups, from either chair; a custom army gets no prior.
func TestBeliefsSetupPrior(t *testing.T) {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(1, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		me          stratego.Color
		back, front string // a back-row and a front-row square of the enemy
	}{
		{stratego.Red, "d10", "d7"},
		{stratego.Blue, "d1", "d4"},
	} {
		b := newBeliefs(r, tc.me)
		b.observe(s.View(tc.me))
		back, front := stratego.MustParseSquare(tc.back), stratego.MustParseSquare(tc.front)
		if wb, wf := b.logWeight(back, stratego.Flag), b.logWeight(front, stratego.Flag); wb < wf+2 {
			t.Errorf("%v: log-weight of the flag on %v %.2f, on %v %.2f: want the back row far likelier", tc.me, back, wb, front, wf)
		}
		if wb, wf := b.logWeight(back, stratego.Scout), b.logWeight(front, stratego.Scout); wf <= wb-1 {
			t.Errorf("%v: scouts: back %.2f, front %.2f", tc.me, wb, wf)
		}
	}
	custom := r
	custom.Army[stratego.Scout]--
	custom.FillZone = false
	if err := custom.Validate(); err != nil {
		t.Fatal(err)
	}
	if b := newBeliefs(custom, stratego.Red); b.model != nil {
		t.Error("a custom army has a setup prior")
	}
}

// TestBeliefsTrackAcrossTurns: observing every turn of the player, the
// origin of a moved enemy piece is the square it set up on.
func TestBeliefsTrackAcrossTurns(t *testing.T) {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(3, 1))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	b := newBeliefs(r, stratego.Blue)
	// origin of each red piece, followed by the test from the true game.
	var truth [stratego.MaxSquares]int16
	for i := range truth {
		truth[i] = -1
	}
	b0 := newBeliefs(r, stratego.Blue)
	b0.reset(s.View(stratego.Blue))
	truth = b0.origin
	checked := 0
	s = watchRandomGame(t, s, b, 4, 200, func(ply int, s stratego.State, v stratego.View) {
		for i := range stratego.MaxSquares {
			sq := stratego.SquareFromIndex(i)
			if pc, ok := s.At(sq); ok && pc.Color() == stratego.Red && v.Hidden().Has(sq) {
				if b.origin[i] != truth[i] {
					t.Fatalf("ply %d: %v believed from %d, came from %d", ply, sq, b.origin[i], truth[i])
				}
				checked++
			}
		}
	}, func(before stratego.State, m stratego.Move, _ stratego.Event) {
		if before.Turn() == stratego.Red && !m.IsRescue() {
			truth[m.To.Index()], truth[m.From.Index()] = truth[m.From.Index()], -1
		}
	})
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	// A fresh observer cannot know where moved pieces came from.
	fresh := newBeliefs(r, stratego.Blue)
	fresh.observe(s.View(stratego.Blue))
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		if s.View(stratego.Blue).Knowledge(sq)&stratego.KnownMoved != 0 && fresh.origin[i] != -1 {
			t.Errorf("a fresh observer believes the moved piece on %v came from %d", sq, fresh.origin[i])
		}
	}
}

// TestBeliefsApproach: a hidden enemy piece that steps next to a piece of
// the player's whose rank the enemy knows gets more weight for the ranks
// that beat it; one that steps away, for the ranks that lose to it.
func TestBeliefsApproach(t *testing.T) {
	var bd stratego.Board
	put := placer(&bd)
	rc := stratego.Classic()
	put("a1", stratego.Red, stratego.Flag)
	put("e5", stratego.Red, stratego.Colonel)
	put("j1", stratego.Red, stratego.Scout)
	put("a10", stratego.Blue, stratego.Flag)
	put("e7", stratego.Blue, stratego.General)
	put("j10", stratego.Blue, stratego.Scout)
	s, err := stratego.FromBoard(rc, bd, stratego.Blue)
	if err != nil {
		t.Fatal(err)
	}
	b := newBeliefs(rc, stratego.Red)
	b.model = nil // behaviour only
	b.ply = s.Ply() - 1
	// Blue's general steps next to the Colonel, whose rank the test
	// says Blue knows.
	if s, _, err = s.Apply(stratego.MustParseMove("e7-e6")); err != nil {
		t.Fatal(err)
	}
	v := s.View(stratego.Red)
	b.judgeWith(v, stratego.MustParseSquare("e7"), stratego.MustParseSquare("e6"), func(stratego.Square) bool { return true })
	e6 := stratego.MustParseSquare("e6")
	if b.logWeight(e6, stratego.General) <= 0 || b.logWeight(e6, stratego.Marshal) <= 0 {
		t.Errorf("after an approach: general %.2f, marshal %.2f, want more weight", b.logWeight(e6, stratego.General), b.logWeight(e6, stratego.Marshal))
	}
	if b.logWeight(e6, stratego.Major) != 0 {
		t.Errorf("after an approach: major %.2f, want none", b.logWeight(e6, stratego.Major))
	}
	if s, _, err = s.Apply(stratego.MustParseMove("j1-j2")); err != nil {
		t.Fatal(err)
	}
	if s, _, err = s.Apply(stratego.MustParseMove("e6-f6")); err != nil {
		t.Fatal(err)
	}
	b.origin[stratego.MustParseSquare("f6").Index()], b.bias[stratego.MustParseSquare("f6").Index()] = -1, [stratego.NumRanks]float32{}
	b.judgeWith(s.View(stratego.Red), e6, stratego.MustParseSquare("f6"), func(stratego.Square) bool { return true })
	f6 := stratego.MustParseSquare("f6")
	if b.logWeight(f6, stratego.Major) <= 0 || b.logWeight(f6, stratego.General) != 0 {
		t.Errorf("after a retreat: major %.2f, general %.2f", b.logWeight(f6, stratego.Major), b.logWeight(f6, stratego.General))
	}
}

// TestPickFollowsBeliefs: the determinizations the search picks put the
// enemy flag on its back row far more often than uniform draws do.
func TestPickFollowsBeliefs(t *testing.T) {
	v, p := openingSearch(t, rand.New(rand.NewPCG(4, 1)))
	backRow := func(st stratego.State) bool {
		for f := range 10 {
			if pc, ok := st.At(stratego.SquareAt(f, 9)); ok && pc.Rank() == stratego.Flag {
				return true
			}
		}
		return false
	}
	picked, total := 0.0, 0.0
	for i := range 10 {
		for _, d := range p.pick(v, rand.New(rand.NewPCG(uint64(i), 9))) {
			total += d.mult
			if backRow(d.s) {
				picked += d.mult
			}
		}
	}
	// Uniform draws put the flag on the back row one time in four.
	if frac := picked / total; frac < 0.6 {
		t.Errorf("picked states with the flag on the back row: %.2f, want most (uniform: 0.25)", frac)
	}
}

// TestPickFollowsOnePiece: with a node budget that allows the exact
// weighted draw (weightedCap), the determinizations the search picks give
// the enemy's unmoved Spy its rank about as often as the beliefs say,
// when the beliefs have learned the enemy's setup as Memory does of a
// program whose setup repeats (each unmoved piece's true rank 0.6 likely
// on its square). Importance resampling of uniform draws lets a handful
// of draws decide when thirty pieces carry such weights, and gives the
// Spy its square far less often.
func TestPickFollowsOnePiece(t *testing.T) {
	r := stratego.Classic()
	s := midgame(t, r, 5, 150)
	v := s.View(stratego.Red)
	a := v.HiddenArmy()
	if n := weightedSize(a, maxWeightedCap); n > 2000000 || n <= maxWeighted || a[stratego.Spy] != 1 {
		t.Fatalf("hidden army %v (table %d): want a table between %d and 2000000 and the Spy hidden", a, n, maxWeighted)
	}
	p := NewSearch(Options{Seed: 1})
	p.bel = newBeliefs(r, stratego.Red)
	p.bel.prior = append([][stratego.NumRanks]float64(nil), p.bel.model.logp...)
	spySq := stratego.NoSquare
	for _, sq := range hiddenSquares(v, nil) {
		if v.Knowledge(sq)&stratego.KnownMoved != 0 {
			continue
		}
		pc, _ := s.At(sq)
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			p.bel.prior[p.bel.zoneIndex(sq)][rk] = math.Log(0.4 / 11)
		}
		p.bel.prior[p.bel.zoneIndex(sq)][pc.Rank()] = math.Log(0.6)
		if pc.Rank() == stratego.Spy {
			spySq = sq
		}
	}
	if spySq == stratego.NoSquare {
		t.Fatal("the enemy's Spy has moved")
	}
	p.bel.observe(v)
	p.tm = newTimer(context.Background(), p.now, p.now(), 0, 0, 0)
	p.budget = 200000
	if c := p.weightedCap(); c < 2000000 {
		t.Fatalf("cap %d for a budget of %d nodes", c, p.budget)
	}
	// The beliefs' own share, from the exact sampler.
	sm, err := v.WeightedSampler(func(sq stratego.Square, rk stratego.Rank) float64 { return math.Exp(p.bel.logWeight(sq, rk)) })
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	want := 0.0
	for range 2000 {
		st, err := sm.Sample(rng)
		if err != nil {
			t.Fatal(err)
		}
		if pc, _ := st.At(spySq); pc.Rank() == stratego.Spy {
			want++
		}
	}
	want /= 2000
	if want < 0.3 {
		t.Fatalf("the beliefs give the Spy on %v %.2f of the time: want a piece likely the Spy", spySq, want)
	}
	got, total := 0.0, 0.0
	for i := range 20 {
		for _, d := range p.pick(v, rand.New(rand.NewPCG(uint64(i), 9))) {
			total += d.mult
			if pc, _ := d.s.At(spySq); pc.Rank() == stratego.Spy {
				got += d.mult
			}
		}
	}
	if got /= total; math.Abs(got-want) > 0.12 {
		t.Errorf("picked states with the Spy on %v: %.2f, the beliefs say %.2f", spySq, got, want)
	}
}

// TestTemper: tempered weights reach the effective sample size asked for,
// and weights that already give it are left as they are.
func TestTemper(t *testing.T) {
	ess := func(logw []float64, beta float64) float64 {
		s, s2 := 0.0, 0.0
		for _, w := range logw {
			x := math.Exp(beta * w)
			s, s2 = s+x, s2+x*x
		}
		return s * s / s2
	}
	flat := make([]float64, 100)
	if b := temper(flat, 0, 16); b != 1 {
		t.Errorf("equal weights: β %v, want 1", b)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	steep := make([]float64, 400)
	top := math.Inf(-1)
	for i := range steep {
		steep[i] = 30 * rng.NormFloat64() // 30 pieces' worth of log-weights
		top = max(top, steep[i])
	}
	for i := range steep {
		steep[i] -= top
	}
	if n := ess(steep, 1); n >= 4 {
		t.Fatalf("the steep weights' sample size is %.1f already", n)
	}
	b := temper(steep, 0, 16)
	if n := ess(steep, b); b <= 0 || b >= 1 || n < 16 || n > 20 {
		t.Errorf("steep weights: β %v, sample size %.1f, want 16 to 20", b, n)
	}
}

// TestPickKeepsVariety: at the start of a Classic game, where the setup
// prior weighs all forty hidden pieces and the draws are uniform ones
// resampled, the search still picks many distinct determinizations
// rather than a few draws many times over.
func TestPickKeepsVariety(t *testing.T) {
	for seed := range uint64(5) {
		v, p := openingSearch(t, rand.New(rand.NewPCG(seed, 3)))
		p.budget = 20000
		dets := p.pick(v, rand.New(rand.NewPCG(seed, 9)))
		if len(dets) < 14 || dets[0].mult > 8 {
			t.Errorf("seed %d: %d distinct determinizations of %d, the likeliest %v times", seed, len(dets), poolSize, dets[0].mult)
		}
	}
}

// openingSearch returns Red's view of the start of a Classic game of
// setups from ChooseSetup drawn with rng, and a search player whose
// beliefs have observed it, ready to pick (an untimed timer).
func openingSearch(t *testing.T, rng *rand.Rand) (stratego.View, *Search) {
	t.Helper()
	r := stratego.Classic()
	red, _ := ChooseSetup(r, rng)
	blue, _ := ChooseSetup(r, rng)
	s, err := stratego.New(r, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(stratego.Red)
	p := NewSearch(Options{Seed: 1})
	p.bel = newBeliefs(r, stratego.Red)
	p.bel.observe(v)
	p.tm = newTimer(context.Background(), p.now, p.now(), 0, 0, 0)
	return v, p
}

// TestBeliefsSpyNextToGeneral: once the player has seen the enemy's
// General, the hidden pieces that set up next to its setup square are
// spyGeneralBias times likelier the Spy (players keep the Spy beside the
// General); no other movable rank and no other square changes.
func TestBeliefsSpyNextToGeneral(t *testing.T) {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(5, 1))
	red, blue := stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
	// Red's Scout on e4; Blue's General on e7 (f4 in Blue's chair).
	swap := func(s *stratego.Setup, at string, rk stratego.Rank) {
		sq := stratego.MustParseSquare(at)
		for i := range stratego.MaxSquares {
			q := stratego.SquareFromIndex(i)
			if s.At(q) == rk {
				s.Put(q, s.At(sq))
				s.Put(sq, rk)
				return
			}
		}
	}
	swap(&red, "e4", stratego.Scout)
	swap(&blue, "f4", stratego.General)
	s, err := stratego.New(r, red, blue)
	if err != nil {
		t.Fatal(err)
	}
	b := newBeliefs(r, stratego.Red)
	sq := stratego.MustParseSquare
	next := []stratego.Square{sq("d7"), sq("f7"), sq("e8")}
	far := []stratego.Square{sq("a7"), sq("e9"), sq("j10")}
	before := map[stratego.Square][stratego.NumRanks]float64{}
	for i, m := range []string{"e4-e5", "e7-e6", "e5-e6", "e6-e5"} {
		if s.Turn() == stratego.Red {
			v := s.View(stratego.Red)
			b.observe(v)
			if i == 0 {
				for _, q := range append(next, far...) {
					var w [stratego.NumRanks]float64
					for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
						w[rk] = b.logWeight(q, rk)
					}
					before[q] = w
				}
			}
			b.played(v, stratego.MustParseMove(m))
		}
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	v := s.View(stratego.Red)
	if pc, _ := v.At(sq("e5")); pc.Rank() != stratego.General {
		t.Fatalf("e5 shows %v, want Blue's General", pc)
	}
	b.observe(v)
	for _, q := range append(next, far...) {
		isNext := q != far[0] && q != far[1] && q != far[2]
		// (Bomb and Flag gain weight as the pieces stand still.)
		for rk := stratego.Spy; rk <= stratego.Marshal; rk++ {
			want := before[q][rk]
			if isNext && rk == stratego.Spy {
				want += math.Log(spyGeneralBias)
			}
			if got := b.logWeight(q, rk); math.Abs(got-want) > 1e-9 {
				t.Errorf("%v %v: log-weight %.3f, want %.3f", q, rk, got, want)
			}
		}
	}
}
