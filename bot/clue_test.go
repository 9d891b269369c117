package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// clueBoard is a hand-built board, Red to move: Red's Major on e4 can
// take a Blue Scout on e5 and show its rank, a hidden Blue piece of rank
// approacher stands on e7, and a spare Blue piece of rank spareRank on
// spare.
func clueBoard(t *testing.T, approacher stratego.Rank, spare string, spareRank stratego.Rank) stratego.State {
	t.Helper()
	var bd stratego.Board
	put := placer(&bd)
	put("a1", stratego.Red, stratego.Flag)
	put("e4", stratego.Red, stratego.Major)
	put("j1", stratego.Red, stratego.Scout)
	put("a10", stratego.Blue, stratego.Flag)
	put("e5", stratego.Blue, stratego.Scout)
	put("e7", stratego.Blue, approacher)
	put(spare, stratego.Blue, spareRank)
	return mustFromBoard(t, stratego.Classic(), bd, stratego.Red)
}

// clueGame is a short game: Red's Major takes the Scout on e5 and shows
// its rank, Blue's hidden General steps next to it (an approach) and
// takes it. Its moves alternate from Red.
func clueGame(t *testing.T) (stratego.State, []string) {
	t.Helper()
	return clueBoard(t, stratego.General, "j10", stratego.Scout), []string{"e4xe5", "e7-e6", "j1-j2", "e6xe5"}
}

// followClues plays moves from s, Red's and Blue's in turn from Red's,
// with Red's beliefs b told of Red's moves and shown Red's view after
// each of Blue's, and calls after (when not nil) after each move; it
// returns the state at the end.
func followClues(t *testing.T, b *beliefs, s stratego.State, moves []string, after func(i int)) stratego.State {
	t.Helper()
	b.observe(s.View(stratego.Red))
	for i, m := range moves {
		mv := stratego.MustParseMove(m)
		if i%2 == 0 {
			b.played(s.View(stratego.Red), mv)
		}
		var err error
		if s, _, err = s.Apply(mv); err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			b.observe(s.View(stratego.Red))
		}
		if after != nil {
			after(i)
		}
	}
	return s
}

// TestCluesCountedWhenTheRankShows: the approach of a hidden piece to a
// piece whose rank its side knows is a clue kept with the piece (the
// ranks that beat the Major gain the approach ratio; the base share is
// of the army less what it lost and showed, 4 of 32 movable pieces,
// since a board from FromBoard counts the whole army), and it is counted
// as a hit when the piece shows its rank by taking the Major.
func TestCluesCountedWhenTheRankShows(t *testing.T) {
	s, moves := clueGame(t)
	b := newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	followClues(t, b, s, moves, func(i int) {
		if i == 1 {
			e6 := stratego.MustParseSquare("e6")
			cl := b.clues[e6.Index()]
			want := uint16(1<<stratego.Colonel | 1<<stratego.General | 1<<stratego.Marshal)
			if len(cl) != 1 || cl[0].kind != clueApproach || cl[0].favored != want || cl[0].base != 0.125 {
				t.Fatalf("after e7-e6 the clues on e6 are %+v, want one approach favouring Colonel, General and Marshal, base 0.125", cl)
			}
			if got := b.logWeight(e6, stratego.General) - b.logWeight(e6, stratego.Scout); math.Abs(got-math.Log(approachBias)) > 1e-6 {
				t.Fatalf("General over Scout on e6: %.4f, want log %g", got, approachBias)
			}
		}
	})
	if got := b.found[clueApproach]; got.n != 1 || got.hits != 1 || got.base != 0.125 {
		t.Fatalf("found approaches %+v, want one hit at base 0.125", got)
	}
	for i := range b.clues {
		if len(b.clues[i]) != 0 {
			t.Fatalf("clues left on %v after the General showed", stratego.SquareFromIndex(i))
		}
	}
	if b.ratio[clueApproach] <= math.Log(approachBias) {
		t.Fatalf("after one approach that hit, the ratio is %.3f, want above log %g", b.ratio[clueApproach], approachBias)
	}
}

// TestCluesMissWhenOurAttackShowsABluff: a hidden Scout that approaches
// the shown Major and is taken by it is a miss, counted through the
// captured army (the Scout leaves the board as the Major takes it).
func TestCluesMissWhenOurAttackShowsABluff(t *testing.T) {
	s := clueBoard(t, stratego.Scout, "h10", stratego.General)
	b := newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	followClues(t, b, s, []string{"e4xe5", "e7-e6", "e5xe6", "h10-h9"}, nil)
	if got := b.found[clueApproach]; got.n != 1 || got.hits != 0 {
		t.Fatalf("found approaches %+v, want one miss", got)
	}
	if b.ratio[clueApproach] >= math.Log(approachBias) {
		t.Fatalf("after one bluff the ratio is %.3f, want below log %g", b.ratio[clueApproach], approachBias)
	}
}

// TestMemoryLearnsClues: what a game's clues showed goes to the Memory
// through Learn, under the opponent's name, and the next game's beliefs
// against that name start from it; another name starts from the default.
func TestMemoryLearnsClues(t *testing.T) {
	s, moves := clueGame(t)
	mem := NewMemory()
	p := NewSearch(Options{Seed: 1, Iterations: 50, Memory: mem})
	p.Meet("hunter")
	ctx := context.Background()
	for i, m := range moves {
		if i%2 == 0 {
			// Red's moves are the script's, told to the player as
			// its own after it has thought.
			if _, err := p.Move(ctx, s.View(stratego.Red), Budget{}); err != nil {
				t.Fatal(err)
			}
			p.bel.played(s.View(stratego.Red), stratego.MustParseMove(m))
		}
		var err error
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Move(ctx, s.View(stratego.Red), Budget{}); err != nil && err != ErrNoMove {
		t.Fatal(err)
	}
	p.Learn(s.View(stratego.Red))
	got := mem.clues("hunter", s.Rules())
	if got[clueApproach].n != 1 || got[clueApproach].hits != 1 {
		t.Fatalf("memory of hunter's approaches %+v, want one hit", got[clueApproach])
	}
	if other := mem.clues("someone", s.Rules()); other != (clueCounts{}) {
		t.Fatalf("memory of another name: %+v", other)
	}
	for range 99 {
		mem.addClues("hunter", s.Rules(), clueCounts{clueApproach: {n: 1, hits: 1, base: 0.3}})
	}
	s2, _ := clueGame(t)
	p.Meet("hunter")
	if _, err := p.Move(ctx, s2.View(stratego.Red), Budget{}); err != nil {
		t.Fatal(err)
	}
	if r := math.Exp(p.bel.ratio[clueApproach]); r < 50 {
		t.Fatalf("against an opponent whose 100 approaches all hit, the approach ratio is %.1f, want 50 or more", r)
	}
	p.Meet("someone")
	if _, err := p.Move(ctx, s2.View(stratego.Red), Budget{}); err != nil {
		t.Fatal(err)
	}
	if r := math.Exp(p.bel.ratio[clueApproach]); math.Abs(r-approachBias) > 1e-9 {
		t.Fatalf("against an unknown opponent the approach ratio is %g, want %g", r, approachBias)
	}
}

// TestClueRatio: the learned ratio is the default without evidence,
// grows with the share of hits, stays within maxRatio, and approaches
// the counts' own odds ratio as they grow.
func TestClueRatio(t *testing.T) {
	for k := range numClues {
		if got := (clueCounts{}).logRatio(k); math.Abs(got-math.Log(defaultRatio[k])) > 1e-12 {
			t.Errorf("kind %d without clues: %g, want log %g", k, got, defaultRatio[k])
		}
	}
	// 970 hits of 1000 at a base of 0.3: odds ratio 32.33/0.4286 = 75.4.
	c := clueCounts{clueApproach: {n: 1000, hits: 970, base: 300}}
	if got := math.Exp(c.logRatio(clueApproach)); got < 65 || got > 80 {
		t.Errorf("970 hits of 1000 at base 0.3: ratio %.1f, want about 75", got)
	}
	rapid.Check(t, func(t *rapid.T) {
		n := float64(rapid.IntRange(0, 5000).Draw(t, "n"))
		hits := float64(rapid.IntRange(0, int(n)).Draw(t, "hits"))
		base := rapid.Float64Range(0, 1).Draw(t, "base share") * n
		k := clueKind(rapid.IntRange(0, int(numClues)-1).Draw(t, "kind"))
		c := clueCounts{}
		c[k] = struct{ n, hits, base float64 }{n, hits, base}
		got := c.logRatio(k)
		if math.IsNaN(got) || math.Abs(got) > math.Log(maxRatio)+1e-12 {
			t.Fatalf("ratio %g out of bounds", got)
		}
		if hits < n {
			more := c
			more[k].hits++
			if up := more.logRatio(k); up < got {
				t.Fatalf("one more hit lowers the ratio: %g to %g", got, up)
			}
		}
	})
}

// TestCluesFollowTheirPieces: in random Classic games seen by Blue's
// beliefs, clues stand only on squares of Red's hidden pieces, each
// piece's clues moving with it, and the counts found are those of the
// clues whose piece showed its rank, hits by the piece's true rank (the
// clues are looked at in each of Blue's views and after each of Blue's
// moves, which adds the guard clues of its attacks).
func TestCluesFollowTheirPieces(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := stratego.Classic()
		seed := rapid.Uint64().Draw(rt, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			rt.Fatal(err)
		}
		// id[sq]: the Red piece on sq, by its setup square; rank[id].
		var id [stratego.MaxSquares]int
		rank := map[int]stratego.Rank{}
		for i := range id {
			id[i] = -1
			if pc, ok := s.At(stratego.SquareFromIndex(i)); ok && pc.Color() == stratego.Red {
				id[i], rank[i] = i, pc.Rank()
			}
		}
		b := newBeliefs(r, stratego.Blue)
		held := map[int][]clue{} // the clues of each Red piece at Blue's last view
		var want clueCounts
		// snap checks the clues of the beliefs at Blue's view v, and the
		// counts found against those of the clues that left.
		snap := func(ply int, v stratego.View) {
			now := map[int][]clue{}
			for i := range stratego.MaxSquares {
				if len(b.clues[i]) == 0 {
					continue
				}
				sq := stratego.SquareFromIndex(i)
				if id[i] < 0 || !v.Hidden().Has(sq) {
					rt.Fatalf("ply %d: clues on %v, which holds no hidden Red piece", ply, sq)
				}
				now[id[i]] = b.clues[i]
			}
			for pid, old := range held {
				if len(now[pid]) >= len(old) {
					continue
				}
				for _, cl := range old {
					want[cl.kind].n++
					want[cl.kind].base += float64(cl.base)
					if cl.favored&(1<<rank[pid]) != 0 {
						want[cl.kind].hits++
					}
				}
			}
			held = now
			for k := range want {
				if want[k].n != b.found[k].n || want[k].hits != b.found[k].hits || math.Abs(want[k].base-b.found[k].base) > 1e-3 {
					rt.Fatalf("ply %d: found %+v, want %+v", ply, b.found, want)
				}
			}
		}
		watchRandomGame(rt, s, b, seed, 400, func(ply int, _ stratego.State, v stratego.View) {
			snap(ply, v)
		}, func(before stratego.State, m stratego.Move, ev stratego.Event) {
			mover, _ := before.At(m.From)
			if mover.Color() == stratego.Blue {
				// Blue's attacks add guard clues (played).
				snap(before.Ply(), before.View(stratego.Blue))
			}
			from, to := m.From.Index(), m.To.Index()
			switch {
			case !ev.IsAttack() || ev.Combat == stratego.AttackerWins:
				if mover.Color() == stratego.Red {
					id[to] = id[from]
				} else {
					id[to] = -1
				}
			case ev.Combat == stratego.BothRemoved:
				id[to] = -1
			}
			id[from] = -1
		})
	})
}

// fataler is what watchRandomGame needs of a *testing.T or *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// watchRandomGame plays a game of two random players (seeded from seed)
// from s for at most plies plies, Blue's beliefs b shown each of Blue's
// views (then seen is called with the state and the view) and told Blue's moves; moved is called
// after each move with the state before it, the move and its event. It
// returns the state at the end.
func watchRandomGame(t fataler, s stratego.State, b *beliefs, seed uint64, plies int, seen func(ply int, s stratego.State, v stratego.View), moved func(before stratego.State, m stratego.Move, ev stratego.Event)) stratego.State {
	t.Helper()
	red, blue := NewRandom(seed), NewRandom(seed+1)
	ctx := context.Background()
	for ply := 0; ply < plies && !s.Outcome().IsOver(); ply++ {
		c := s.Turn()
		v := s.View(c)
		p := Player(red)
		if c == stratego.Blue {
			p = blue
			b.observe(v)
			seen(ply, s, v)
		}
		m, err := p.Move(ctx, v, Budget{})
		if err != nil {
			t.Fatal(err)
		}
		if c == stratego.Blue {
			b.played(v, m)
		}
		next, ev, err := s.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		moved(s, m, ev)
		s = next
	}
	return s
}

// TestStayClue: a hidden piece that the shown Major steps next to and that
// does not take it gets a clueStay: the ranks that do not beat the Major,
// Bombs and the Flag among them, gain the stay ratio; one that takes it
// gets none, and one the Major stepped next to before it was shown is not
// dared.
func TestStayClue(t *testing.T) {
	e7 := stratego.MustParseSquare("e7")
	s := clueBoard(t, stratego.General, "j10", stratego.Scout)
	b := newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	followClues(t, b, s, []string{"e4xe5", "j10-j9", "e5-e6", "j9-j8"}, nil)
	cl := b.clues[e7.Index()]
	var want uint16
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		if rk <= stratego.Major || rk == stratego.Bomb || rk == stratego.Flag {
			want |= 1 << rk
		}
	}
	if len(cl) != 1 || cl[0].kind != clueStay || cl[0].favored != want {
		t.Fatalf("the clues on e7 are %+v, want one clueStay favouring %b", cl, want)
	}
	// The behaviour bias alone (logWeight adds the Bombs' weight of an
	// unmoved piece).
	bias := b.bias[e7.Index()]
	if got := float64(bias[stratego.Scout] - bias[stratego.General]); math.Abs(got-math.Log(stayBias)) > 1e-6 {
		t.Fatalf("Scout over General on e7: %.4f, want log %g", got, stayBias)
	}
	if got := float64(bias[stratego.Bomb] - bias[stratego.General]); math.Abs(got-math.Log(stayBias)) > 1e-6 {
		t.Fatalf("Bomb over General on e7: %.4f, want log %g", got, stayBias)
	}

	s = clueBoard(t, stratego.General, "j10", stratego.Scout)
	b = newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	followClues(t, b, s, []string{"e4xe5", "j10-j9", "e5-e6", "e7xe6"}, nil)
	if got := b.found[clueStay]; got.n != 0 || len(b.clues[stratego.MustParseSquare("e6").Index()]) != 0 {
		t.Fatalf("the General took the Major: stay clues found %+v, on e6 %+v; want none", got, b.clues[stratego.MustParseSquare("e6").Index()])
	}

	// The Major steps next to e7 while still hidden: no dare.
	s = clueBoard(t, stratego.General, "j10", stratego.Scout)
	b = newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	followClues(t, b, s, []string{"e4-f4", "j10-j9", "f4-f5", "j9-j8", "f5-f6", "j8-j7"}, nil)
	if cl := b.clues[e7.Index()]; len(cl) != 0 {
		t.Fatalf("a hidden Major stepped next to e7: clues %+v, want none", cl)
	}
}

// TestGuardClue: when the Major takes the Scout on e5, the hidden piece
// on f5 beside it gets a clueGuard favouring the ranks that beat the
// Major, and the Sergeant on e7, two squares away, none; when the piece
// on f5, a General, takes the Major, the clue is counted as a hit.
func TestGuardClue(t *testing.T) {
	s := clueBoard(t, stratego.Sergeant, "f5", stratego.General)
	b := newBeliefs(s.Rules(), stratego.Red)
	b.model = nil
	f5, e7 := stratego.MustParseSquare("f5"), stratego.MustParseSquare("e7")
	followClues(t, b, s, []string{"e4xe5", "f5xe5"}, func(i int) {
		if i != 0 {
			return
		}
		cl := b.clues[f5.Index()]
		want := uint16(1<<stratego.Colonel | 1<<stratego.General | 1<<stratego.Marshal)
		if len(cl) != 1 || cl[0].kind != clueGuard || cl[0].favored != want {
			t.Fatalf("after e4xe5 the clues on f5 are %+v, want one clueGuard favouring Colonel, General and Marshal", cl)
		}
		if got := b.logWeight(f5, stratego.General) - b.logWeight(f5, stratego.Sergeant); math.Abs(got-math.Log(guardBias)) > 1e-6 {
			t.Fatalf("General over Sergeant on f5: %.4f, want log %g", got, guardBias)
		}
		if cl := b.clues[e7.Index()]; len(cl) != 0 {
			t.Fatalf("e7 is not next to e5, but has the clues %+v", cl)
		}
	})
	if got := b.found[clueGuard]; got.n != 1 || got.hits != 1 {
		t.Fatalf("the General took the Major: guard clues found %+v, want one hit", got)
	}
}
