package stratego

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// drawable returns every move the random-move draw can return from s,
// each with its chance counted once: the pseudo-legal moves of the
// buckets the repetition rules allow, or the rescue placements.
func drawable(s *State) []Move {
	var out []Move
	if s.g == nil || s.outcome.IsOver() {
		return nil
	}
	if s.pending {
		var rs rescues
		s.setRescues(&rs)
		for k := range rs.count() {
			out = append(out, rs.at(k))
		}
		return out
	}
	var g genMasks
	s.setGenMasks(&g, s.turn)
	var n moveCounts
	s.countMoves(&g, &n)
	f := s.repetitionFilter()
	for k := range n.total {
		if m, from, via, to := s.moveAt(k, &g, &n); !s.forbids(&f, from, via, to) {
			out = append(out, m)
		}
	}
	return out
}

// pseudoCount returns the number of pseudo-legal moves of s the draw
// counts.
func pseudoCount(s *State) int {
	var g genMasks
	var n moveCounts
	s.setGenMasks(&g, s.turn)
	s.countMoves(&g, &n)
	return n.total
}

// TestProp_RandomMoveDrawsFromTheLegalMoves: the moves the draw picks
// among, bucket by bucket, are exactly the legal moves of
// AppendLegalMoves, each once (so a uniform index over them is a
// uniform legal move), and RandomMove returns one of them, or false
// exactly when the game is over.
func TestProp_RandomMoveDrawsFromTheLegalMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		seed := rapid.Uint64().Draw(t, "draw seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		playGame(t, r, plies(150), func(s State, _ *refGame, _ Move) {
			want := s.AppendLegalMoves(nil)
			got := drawable(&s)
			slices.SortFunc(want, Move.Compare)
			slices.SortFunc(got, Move.Compare)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("drawable moves (-legal +drawn):\n%s", diff)
			}
			m, ok := s.RandomMove(rng)
			if ok != !s.Outcome().IsOver() {
				t.Fatalf("RandomMove ok = %v in a game with outcome %v", ok, s.Outcome())
			}
			if ok && !slices.Contains(want, m) {
				t.Fatalf("RandomMove = %v, not a legal move", m)
			}
		})
	})
}

// drawsPerMove is the number of draws per legal move of the uniformity
// tests: enough for TestUniformityMisfitDetectsBias to see one move twice
// as likely as the others among a midgame's.
const drawsPerMove = 200

// chiSquareCritical returns the value a chi-square statistic with df
// degrees of freedom exceeds with probability about 1e-6 (the
// Wilson-Hilferty approximation).
func chiSquareCritical(df int) float64 {
	const z = 4.753 // the standard normal's 1 - 1e-6 quantile
	k := float64(df)
	return k * math.Pow(1-2/(9*k)+z*math.Sqrt(2/(9*k)), 3)
}

// uniformityMisfit draws draws moves with draw and returns the
// chi-square statistic of their counts against the uniform distribution
// over legal, and the critical value it should stay under. A draw
// outside legal fails the test.
func uniformityMisfit(t tHelper, legal []Move, draws int, draw func() Move) (stat, crit float64) {
	t.Helper()
	count := make(map[Move]int, len(legal))
	for _, m := range legal {
		count[m] = 0
	}
	for range draws {
		m := draw()
		if _, ok := count[m]; !ok {
			t.Fatalf("drew %v, not a legal move", m)
		}
		count[m]++
	}
	e := float64(draws) / float64(len(legal))
	for _, n := range count {
		d := float64(n) - e
		stat += d * d / e
	}
	return stat, chiSquareCritical(len(legal) - 1)
}

// TestProp_RandomMoveIsUniform: in positions of games full of chases and
// shuttles, the counts of many draws of RandomMove pass a chi-square test
// of uniformity over the legal moves; so do those of the exact fallback
// the draw takes after too many forbidden moves (no redraw at all). The
// games must meet positions where a repetition rule forbids a move the
// buckets hold, so that the redraw is tested.
func TestProp_RandomMoveIsUniform(t *testing.T) {
	forbidding := 0
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		if rapid.Bool().Draw(t, "repetition rules on") {
			r.TwoSquares = rapid.IntRange(1, 3).Draw(t, "two-squares limit")
			r.MoreSquares = MoreSquaresRule(rapid.IntRange(1, 2).Draw(t, "more-squares scope"))
		}
		seed := rapid.Uint64().Draw(t, "draw seed")
		rng := rand.New(rand.NewPCG(seed, 2))
		var states []State
		playGame(t, r, plies(60), func(s State, _ *refGame, _ Move) {
			if s.Outcome().IsOver() {
				return
			}
			var g genMasks
			s.setGenMasks(&g, s.turn)
			if f := s.repetitionFilter(); f.active() && !s.pending && len(drawable(&s)) < pseudoCount(&s) {
				states = append(states, s)
			} else if len(states) == 0 {
				states = append(states, s)
			}
		})
		for _, s := range states[max(0, len(states)-3):] {
			legal := s.AppendLegalMoves(nil)
			if len(legal) < 2 {
				continue
			}
			var g genMasks
			if !s.pending {
				s.setGenMasks(&g, s.turn)
				if f := s.repetitionFilter(); len(legal) < pseudoCount(&s) && f.active() {
					forbidding++
				}
			}
			draws := drawsPerMove * len(legal)
			for _, redraws := range []int{maxRedraws, 0} {
				stat, crit := uniformityMisfit(t, legal, draws, func() Move {
					m, ok := s.randomMoveRedraws(rng, redraws)
					if !ok {
						t.Fatalf("no move drawn in a game not over")
					}
					return m
				})
				if stat > crit {
					t.Fatalf("%d draws (at most %d redraws) over %d legal moves: chi-square %.1f > %.1f\n%v",
						draws, redraws, len(legal), stat, crit, s)
				}
			}
		}
	})
	if forbidding == 0 {
		t.Error("no position in which a repetition rule forbids a pseudo-legal move: the redraw went untested")
	}
}

// TestUniformityMisfitDetectsBias: the chi-square check of
// TestProp_RandomMoveIsUniform rejects a draw with one move twice as
// likely as the others, at the same number of draws, and accepts the
// uniform draw from the list.
func TestUniformityMisfitDetectsBias(t *testing.T) {
	s := midgame(t, Classic())
	legal := s.AppendLegalMoves(nil)
	rng := rand.New(rand.NewPCG(3, 3))
	draws := drawsPerMove * len(legal)
	biased := func() Move { return legal[rng.IntN(len(legal)+1)%len(legal)] }
	if stat, crit := uniformityMisfit(t, legal, draws, biased); stat <= crit {
		t.Errorf("biased draw: chi-square %.1f <= %.1f, want a rejection", stat, crit)
	}
	fair := func() Move { return legal[rng.IntN(len(legal))] }
	if stat, crit := uniformityMisfit(t, legal, draws, fair); stat > crit {
		t.Errorf("uniform draw: chi-square %.1f > %.1f, want it accepted", stat, crit)
	}
}

// TestRandomMoveGameOver: no move is drawn from a finished game or the
// zero State, and PlayRandom leaves them as they are.
func TestRandomMoveGameOver(t *testing.T) {
	s := midgame(t, Classic())
	over, err := s.Resign(Red)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []State{over, {}} {
		if m, ok := st.RandomMove(nil); ok {
			t.Errorf("RandomMove of a game over = %v, true; want false", m)
		}
		before := st
		if _, _, ok := st.PlayRandom(nil); ok || !identical(st, before) {
			t.Errorf("PlayRandom of a game over: ok %v, state changed %v", ok, !identical(st, before))
		}
	}
}

// stateDiff says how two states differ in content, following their
// pointers (the boards of the chase history, the fights won unseen), or
// returns "" when they are the same.
func stateDiff(want, got State) string {
	switch {
	case want.pc != got.pc && (want.pc == nil || got.pc == nil || *want.pc != *got.pc):
		return "pieces differ"
	case !sameBoards(want.seen, got.seen):
		return "the boards since the last attack differ"
	case !slices.Equal(beatList(want.beat), beatList(got.beat)):
		return "the fights won unseen differ"
	}
	for i := range want.chases {
		if !sameBoards(want.chases[i].boards, got.chases[i].boards) {
			return "the boards of a chase differ"
		}
		want.chases[i].boards, got.chases[i].boards = nil, nil
	}
	// The blocks new record nodes come from are no part of the content.
	want.pc, want.seen, want.beat, want.blk = nil, nil, nil, nil
	got.pc, got.seen, got.beat, got.blk = nil, nil, nil, nil
	if !identical(want, got) {
		return cmp.Diff(want, got, cmp.AllowUnexported(State{}, run{}, path{}, chase{}, Board{}))
	}
	return ""
}

func sameBoards(a, b *boardNode) bool {
	for ; a != nil && b != nil; a, b = a.next, b.next {
		if a.hash != b.hash || a.from != b.from || a.to != b.to || a.pc != b.pc {
			return false
		}
	}
	return a == nil && b == nil
}

func beatList(n *beatNode) []beatNode {
	var out []beatNode
	for ; n != nil; n = n.next {
		out = append(out, beatNode{id: n.id, attacker: n.attacker})
	}
	return out
}

// TestProp_PlayInPlaceIsApply: Play and PlayRandom change the state in
// place exactly as Apply returns it (the same State and Event), and an
// illegal move leaves it unchanged with Apply's error.
func TestProp_PlayInPlaceIsApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		seed := rapid.Uint64().Draw(t, "draw seed")
		playGame(t, r, plies(120), func(s State, _ *refGame, next Move) {
			if next == (Move{}) {
				return
			}
			want, wantEv, wantErr := s.Apply(next)
			got := s
			ev, err := got.Play(next)
			if diff := stateDiff(want, got); diff != "" || ev != wantEv || err != wantErr {
				t.Fatalf("Play(%v) differs from Apply: event %v / %v, error %v / %v, state (-Apply +Play):\n%s", next, ev, wantEv, err, wantErr, diff)
			}
			for _, m := range mutations(next) {
				want, _, wantErr := s.Apply(m)
				got := s
				if _, err := got.Play(m); stateDiff(want, got) != "" || (err == nil) != (wantErr == nil) {
					t.Fatalf("Play(%v) = %v, Apply %v, or the states differ", m, err, wantErr)
				}
			}
			rng1 := rand.New(rand.NewPCG(seed, uint64(s.Ply())))
			rng2 := rand.New(rand.NewPCG(seed, uint64(s.Ply())))
			m, ok := s.RandomMove(rng1)
			got = s
			gm, gev, gok := got.PlayRandom(rng2)
			want, wantEv, _ = s.Apply(m)
			if diff := stateDiff(want, got); gm != m || gok != ok || diff != "" || gev != wantEv {
				t.Fatalf("PlayRandom played %v (ok %v), RandomMove drew %v (ok %v); state (-Apply +PlayRandom):\n%s", gm, gok, m, ok, diff)
			}
		})
	})
}

// TestConcurrentPlaysShareTheArena: goroutines that play on their own
// copies of one state take the chase boards of their moves from the
// node block the state holds at the same time, then from blocks of their
// own (run with -race); each ends in the state that replaying its moves
// alone with Apply gives, and the shared start is unchanged.
func TestConcurrentPlaysShareTheArena(t *testing.T) {
	r := Classic()
	r.MoreSquares = MoreSquaresGame // a board node every quiet ply
	start := mustNew(t, r, 11)
	before := start
	const workers, n = 4, 400
	var moves [workers][]Move
	var ends [workers]State
	done := make(chan int)
	for w := range workers {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(w), 9))
			s := start
			for range n {
				m, _, ok := s.PlayRandom(rng)
				if !ok {
					break
				}
				moves[w] = append(moves[w], m)
			}
			ends[w] = s
			done <- w
		}()
	}
	for range workers {
		<-done
	}
	for w := range workers {
		s := start
		for _, m := range moves[w] {
			var err error
			if s, _, err = s.Apply(m); err != nil {
				t.Fatalf("worker %d: replaying %v: %v", w, m, err)
			}
		}
		if diff := stateDiff(s, ends[w]); diff != "" {
			t.Errorf("worker %d: the state played concurrently differs from the replay: %s", w, diff)
		}
	}
	if diff := stateDiff(before, start); diff != "" {
		t.Errorf("the shared start changed: %s", diff)
	}
}

// TestSelectBit: selectBit finds the k-th set bit of random two-word
// sets as a loop over the bits does.
func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 20000 {
		lo, hi := rng.Uint64()&rng.Uint64(), rng.Uint64()&rng.Uint64()
		if rng.IntN(4) == 0 {
			lo = 0
		}
		var want []int
		for i := range 128 {
			if [2]uint64{lo, hi}[i>>6]&(1<<(i&63)) != 0 {
				want = append(want, i)
			}
		}
		for k, w := range want {
			if got := selectBit(lo, hi, k); got != w {
				t.Fatalf("selectBit(%#x, %#x, %d) = %d, want %d", lo, hi, k, got, w)
			}
		}
	}
}

// TestRandomMoveNilSource: a nil source draws from the top-level
// functions of math/rand/v2, still a legal move.
func TestRandomMoveNilSource(t *testing.T) {
	s := midgame(t, Classic())
	legal := s.AppendLegalMoves(nil)
	for range 100 {
		m, ok := s.RandomMove(nil)
		if !ok || !slices.Contains(legal, m) {
			t.Fatalf("RandomMove(nil) = %v, %v; want a legal move", m, ok)
		}
	}
}

// TestProp_StraightBanIsEdgesBan checks the Two-Squares ban of a run of
// straight moves (straightBan) against the one from the moves' sets of
// boundaries (edgesBan), on runs whose moves share few lines so that
// they overlap often.
func TestProp_StraightBanIsEdgesBan(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, MaxTwoSquares).Draw(t, "n")
		var moves [MaxTwoSquares]Move
		for i := range n {
			line := rapid.IntRange(0, 2).Draw(t, "line")
			a := rapid.IntRange(0, MaxSize-1).Draw(t, "a")
			b := rapid.IntRange(0, MaxSize-2).Draw(t, "b")
			if b >= a {
				b++
			}
			if rapid.Bool().Draw(t, "vertical") {
				moves[i] = Move{From: SquareAt(line, a), To: SquareAt(line, b)}
			} else {
				moves[i] = Move{From: SquareAt(a, line), To: SquareAt(b, line)}
			}
		}
		got, ok := straightBan(&moves, n)
		if !ok {
			t.Fatalf("straightBan refused straight moves %v", moves[:n])
		}
		if want := edgesBan(&moves, n); got != want {
			t.Fatalf("moves %v: straightBan %+v, edgesBan %+v", moves[:n], got, want)
		}
	})
}
