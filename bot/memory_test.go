package bot

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
)

// fixedSetup is a random player that always sets up with one setup.
type fixedSetup struct {
	*Random
	setup stratego.Setup
}

func (p fixedSetup) Setup(context.Context, stratego.Rules, stratego.Color) (stratego.Setup, error) {
	return p.setup, nil
}

// learnGame plays one game of a Search (Blue, with memory mem, told its
// opponent is "fixed") against red, to at most plies plies, and tells the
// search its final view. It returns Red's setup, as placed on the board.
func learnGame(t *testing.T, r stratego.Rules, red Player, mem *Memory, seed uint64, plies int) stratego.State {
	t.Helper()
	ctx := context.Background()
	p := NewSearch(Options{Seed: seed, Iterations: 300, Memory: mem})
	p.Meet("fixed")
	rs, err := red.Setup(ctx, r, stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := p.Setup(ctx, r, stratego.Blue)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stratego.New(r, rs, bs)
	if err != nil {
		t.Fatal(err)
	}
	start := s
	for ply := 0; ply < plies && !s.Outcome().IsOver(); ply++ {
		c := s.Turn()
		var pl Player = red
		if c == stratego.Blue {
			pl = p
		}
		m, err := pl.Move(ctx, s.View(c), Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	p.Learn(s.View(stratego.Blue))
	return start
}

// TestMemoryLearnsFixedSetup: what a search learns of an opponent that
// always sets up the same way is that setup: every rank its Memory saw
// on a setup square is the rank the opponent put there, and the learned
// prior gives that rank at least a third of the square's weight.
func TestMemoryLearnsFixedSetup(t *testing.T) {
	const games = 12
	for _, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage()} {
		rng := rand.New(rand.NewPCG(9, 9))
		red := fixedSetup{NewRandom(3), stratego.RandomSetup(r, rng)}
		mem := NewMemory()
		var start stratego.State
		for g := range games {
			start = learnGame(t, r, red, mem, uint64(g+1), 600)
		}
		if got := mem.Games("fixed", r); got != games {
			t.Fatalf("%v: %d games learned, want %d", r, got, games)
		}
		if mem.Games("other", r) != 0 {
			t.Fatalf("%v: learned of an opponent it never met", r)
		}
		model := newSetupModel(r)
		b := newBeliefs(r, stratego.Blue)
		prior := mem.logPrior("fixed", model)
		c := mem.opp[memoryKey{"fixed", r.String()}]
		sightings := 0
		for i, n := range c.n {
			for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
				if n[rk] == 0 {
					continue
				}
				sightings++
				// The zone square i as Red set it up, on the board.
				var sq stratego.Square
				for _, s := range b.squares() {
					if b.zoneIndex(s) == int16(i) {
						sq = s
					}
				}
				p, ok := start.At(sq)
				if !ok || p.Rank() != rk {
					t.Fatalf("%v: learned %v on %v, where %v set up", r, rk, sq, p)
				}
				if prior[i][rk] < math.Log(1.0/3) {
					t.Fatalf("%v: learned prior of %v on %v is %.3f, want at least 1/3", r, rk, sq, math.Exp(prior[i][rk]))
				}
			}
		}
		if sightings == 0 {
			t.Fatalf("%v: nothing learned in %d games", r, games)
		}
		t.Logf("%v: %d squares learned", r, sightings)
	}
}

// TestMemoryPriorUnseenKeepsStatistics: without a sighting the learned
// prior is the setup statistics, normalized.
func TestMemoryPriorUnseenKeepsStatistics(t *testing.T) {
	r := stratego.Classic()
	model := newSetupModel(r)
	mem := NewMemory()
	if mem.logPrior("x", model) != nil {
		t.Fatal("a prior from an empty memory")
	}
	seen := make([]int8, len(model.logp))
	seen[0] = int8(stratego.Flag) + 1
	mem.add("x", r, len(model.logp), sightings{seen: seen})
	prior := mem.logPrior("x", model)
	// One sighting, no repeat seen yet: the statistics weigh 0.5+7.5·0.9.
	if got, want := math.Exp(prior[0][stratego.Flag]), 1/(1+0.5+7.5*0.9); got < want {
		t.Fatalf("flag seen once on square 0: prior %.3f, want at least %.3f", got, want)
	}
	// The same setup again: a repeat; another setup: none.
	mem.add("x", r, len(model.logp), sightings{seen: seen})
	if c := mem.opp[memoryKey{"x", r.String()}]; c.compared != 1 || c.repeated != 1 {
		t.Fatalf("the same flag square twice: %d compared, %d repeated, want 1 and 1", c.compared, c.repeated)
	}
	other := make([]int8, len(model.logp))
	other[0] = int8(stratego.Bomb) + 1
	mem.add("x", r, len(model.logp), sightings{seen: other})
	if c := mem.opp[memoryKey{"x", r.String()}]; c.compared != 2 || c.repeated != 1 {
		t.Fatalf("then a bomb there: %d compared, %d repeated, want 2 and 1", c.compared, c.repeated)
	}
	for i := 1; i < len(model.logp); i++ {
		total, totalStats := 0.0, 0.0
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			total += math.Exp(prior[i][rk])
			totalStats += math.Exp(model.logp[i][rk])
		}
		if math.Abs(total-1) > 1e-6 {
			t.Fatalf("square %d: prior sums to %v", i, total)
		}
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			want := math.Exp(model.logp[i][rk]) / totalStats
			if got := math.Exp(prior[i][rk]); math.Abs(got-want) > 1e-6 {
				t.Fatalf("square %d rank %v: prior %v, want the statistics' %v", i, rk, got, want)
			}
		}
	}
}

// TestBeliefsStillPiecesAreBombs: a hidden enemy piece that could have
// moved for many turns and did not gets more weight for Bomb and Flag;
// one that had no free square beside it does not.
func TestBeliefsStillPiecesAreBombs(t *testing.T) {
	r := stratego.Classic()
	rng := rand.New(rand.NewPCG(5, 5))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		t.Fatal(err)
	}
	b := newBeliefs(r, stratego.Blue)
	b.observe(s.View(stratego.Blue))
	front, back := stratego.NoSquare, stratego.NoSquare
	for _, sq := range b.squares() {
		p, ok := s.At(sq)
		if !ok || p.Color() != stratego.Red {
			continue
		}
		if b.free(s.View(stratego.Blue), sq) {
			front = sq
		} else {
			back = sq
		}
	}
	before := b.logWeight(front, stratego.Bomb) - b.logWeight(front, stratego.Sergeant)
	for range 300 {
		b.note(s.View(stratego.Blue))
	}
	after := b.logWeight(front, stratego.Bomb) - b.logWeight(front, stratego.Sergeant)
	// One turn counted by observe, 300 more: from 1+1/stillScale to the cap.
	if want := math.Log(maxStill) - math.Log(1+1/stillScale); math.Abs(after-before-want) > 1e-9 {
		t.Fatalf("a free piece unmoved 300 turns: Bomb gained %.3f over Sergeant, want %.3f", after-before, want)
	}
	if b.still[back.Index()] != 0 {
		t.Fatalf("a walled-in piece counted %d turns it could have moved", b.still[back.Index()])
	}
}

// TestNewFixedBudgetNames: search-N and mcts-N are the players with N
// iterations a move; other suffixes are unknown.
func TestNewFixedBudgetNames(t *testing.T) {
	p, err := New("search-1234", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.(*Search); !ok || s.opt.Iterations != 1234 {
		t.Fatalf("search-1234 is %T %+v, want a Search of 1234 nodes", p, p)
	}
	m, err := New("mcts-77", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if mc, ok := m.(*MCTS); !ok || mc.opt.Iterations != 77 {
		t.Fatalf("mcts-77 is %T, want an MCTS of 77 iterations", m)
	}
	for _, bad := range []string{"search-0", "search--5", "search-012", "search-x", "greedy-5", "search-"} {
		if _, err := New(bad, Options{}); !errors.Is(err, ErrUnknown) {
			t.Errorf("New(%q): %v, want ErrUnknown", bad, err)
		}
	}
	if Describe("search-50") == "" || Describe("search-0") != "" {
		t.Error("Describe of the fixed-budget names")
	}
}

// TestMemoryMovedAndStayed: against an opponent whose setups repeat, a
// square whose piece moved loses Bomb and Flag weight, and one whose
// piece stood unmoved to the end gains it.
func TestMemoryMovedAndStayed(t *testing.T) {
	r := stratego.Classic()
	model := newSetupModel(r)
	mem := NewMemory()
	zones := len(model.logp)
	seen := make([]int8, zones)
	seen[0] = int8(stratego.Scout) + 1
	moved := make([]bool, zones)
	moved[5] = true
	for range 6 {
		mem.add("x", r, zones, sightings{seen: seen, moved: moved, stayed: []int{7}})
	}
	prior := mem.logPrior("x", model)
	stats := func(i int, rk stratego.Rank) float64 {
		total := 0.0
		for q := stratego.Spy; q <= stratego.Flag; q++ {
			total += math.Exp(model.logp[i][q])
		}
		return math.Exp(model.logp[i][rk]) / total
	}
	// The priors are weights, not normalized: compare the odds of Bomb
	// against Scout.
	odds := func(p [stratego.NumRanks]float64) float64 { return p[stratego.Bomb] - p[stratego.Scout] }
	statOdds := func(i int) float64 { return math.Log(stats(i, stratego.Bomb)) - math.Log(stats(i, stratego.Scout)) }
	if odds(prior[5]) > statOdds(5)-1 {
		t.Errorf("a square whose piece moved six times: Bomb/Scout log-odds %.2f, statistics %.2f", odds(prior[5]), statOdds(5))
	}
	if odds(prior[7]) < statOdds(7)+1 {
		t.Errorf("a square whose piece stayed six times: Bomb/Scout log-odds %.2f, statistics %.2f", odds(prior[7]), statOdds(7))
	}
}

// TestBeliefsMinerNearBombs: a hidden enemy piece that steps next to a
// Bomb of the player's is likelier a Miner; one that steps elsewhere is
// not.
func TestBeliefsMinerNearBombs(t *testing.T) {
	var bd stratego.Board
	put := placer(&bd)
	r := stratego.Classic()
	put("a1", stratego.Red, stratego.Flag)
	put("e5", stratego.Red, stratego.Bomb)
	put("j1", stratego.Red, stratego.Scout)
	put("a10", stratego.Blue, stratego.Flag)
	put("e7", stratego.Blue, stratego.Miner)
	put("i7", stratego.Blue, stratego.Scout)
	s, err := stratego.FromBoard(r, bd, stratego.Blue)
	if err != nil {
		t.Fatal(err)
	}
	b := newBeliefs(r, stratego.Red)
	b.model = nil
	for _, m := range []string{"e7-e6", "j1-j2", "i7-i6"} {
		mv := stratego.MustParseMove(m)
		if s, _, err = s.Apply(mv); err != nil {
			t.Fatal(err)
		}
		if m != "j1-j2" {
			b.judge(s.View(stratego.Red), mv.From, mv.To)
		}
	}
	if got := b.logWeight(stratego.MustParseSquare("e6"), stratego.Miner); math.Abs(got-math.Log(minerBias)) > 1e-6 {
		t.Errorf("next to a bomb: Miner %.3f, want log %g", got, minerBias)
	}
	if got := b.logWeight(stratego.MustParseSquare("i6"), stratego.Miner); got != 0 {
		t.Errorf("away from bombs: Miner %.3f, want 0", got)
	}
}

// TestMemoryMirroredSetups: against an opponent that plays one setup,
// mirrored at random (as Peter Lewis's bot does), the memory counts each
// game in the orientation that agrees with the others, and the beliefs
// of a new game put the Flag on either of its two squares until a few
// ranks seen this game tell which way it is set up.
func TestMemoryMirroredSetups(t *testing.T) {
	r := stratego.Classic()
	model := newSetupModel(r)
	zones := len(model.logp)
	if len(model.mirror) != zones {
		t.Fatal("the Classic zone has no mirror")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	setup := stratego.RandomSetup(r, rng)
	ranks := make([]stratego.Rank, zones)
	for i, sq := range model.zone {
		ranks[i] = setup.At(sq)
	}
	flag := -1
	for i, rk := range ranks {
		if rk == stratego.Flag {
			flag = i
		}
	}
	mem := NewMemory()
	for g := range 10 {
		seen := make([]int8, zones)
		for i := range zones {
			j := i
			if g%2 == 1 {
				j = model.mirror[i]
			}
			if rng.IntN(2) == 0 || (ranks[i] == stratego.Flag && g%4 == 0) {
				seen[j] = int8(ranks[i]) + 1
			}
		}
		mem.add("mirror", r, zones, sightings{seen: seen, moved: make([]bool, zones), mirror: model.mirror})
	}
	c := mem.opp[memoryKey{"mirror", r.String()}]
	if c.mirrored != 5 {
		t.Fatalf("%d of the 10 games counted mirrored, want the 5 that were", c.mirrored)
	}
	for i := range zones {
		for rk, n := range c.n[i] {
			if n > 0 && stratego.Rank(rk) != ranks[i] {
				t.Fatalf("square %d: %v seen %v times, the setup has %v there", i, stratego.Rank(rk), n, ranks[i])
			}
		}
	}
	odds, ok := mem.mirrorLogOdds("mirror", r)
	if !ok || math.Abs(odds) > 1e-9 {
		t.Fatalf("mirror log-odds %v, %v; want 0 after 5 games of 10", odds, ok)
	}
	b := newBeliefs(r, stratego.Blue)
	b.usePrior(mem.logPrior("mirror", model), odds, ok)
	pFlag := func(i int) float64 {
		total := 0.0
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			total += math.Exp(b.mixed[i][rk])
		}
		return math.Exp(b.mixed[i][stratego.Flag]) / total
	}
	m := model.mirror[flag]
	if a, f := pFlag(flag), pFlag(m); math.Abs(a-f) > 0.1 || a+f < 0.8 {
		t.Fatalf("before any sighting: Flag %.3f on its square, %.3f on the mirror's; want about a half each", a, f)
	}
	// This game is set up in the mirror: three ranks seen where the
	// two orientations differ tell so.
	n := 0
	for i := range zones {
		if n < 3 && ranks[i] != ranks[model.mirror[i]] && ranks[i] != stratego.Flag {
			b.seen[model.mirror[i]] = int8(ranks[i]) + 1
			n++
		}
	}
	b.mix()
	if a, f := pFlag(flag), pFlag(m); f < 0.9 || a > 0.1 {
		t.Fatalf("after three sightings of the mirror: Flag %.3f on its square, %.3f on the mirror's; want the mirror's", a, f)
	}
}
