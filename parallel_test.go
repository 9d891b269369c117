package stratego

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
)

// sharedSampler returns a Sampler for the side to move's view of a
// Classic midgame (60 random plies from seed 1) under a 2000-ply cap,
// the setting of BenchmarkPlayoutParallelSampler.
func sharedSampler(tb testing.TB) *Sampler {
	tb.Helper()
	r := Classic()
	r.MaxPlies = 2000
	s := midgame(tb, r)
	sm, err := s.View(s.Turn()).Sampler()
	if err != nil {
		tb.Fatal(err)
	}
	return sm
}

// BenchmarkPlayoutParallelSampler plays random playouts on all
// GOMAXPROCS cores from states drawn from one shared Sampler, as the
// workers of a search do: each goroutine draws a state from the view of
// a Classic midgame (full rules, a 2000-ply cap), plays it out and draws
// again. One op is one ply (the draws included); compare -cpu 1,2. The
// playouts take their moves from State.PlayRandom (random) or from
// AppendLegalMoves into a reused buffer and Play (list).
func BenchmarkPlayoutParallelSampler(b *testing.B) {
	sm := sharedSampler(b)
	for _, list := range []bool{false, true} {
		name := "random"
		if list {
			name = "list"
		}
		b.Run(name, func(b *testing.B) {
			var seed atomic.Uint64
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				rng := rand.New(rand.NewPCG(seed.Add(1), 7))
				buf := make([]Move, 0, 512)
				var s State
				over := true
				for pb.Next() {
					if over {
						var err error
						if s, err = sm.Sample(rng); err != nil {
							b.Error(err)
							return
						}
					}
					var ev Event
					if list {
						buf = s.AppendLegalMoves(buf[:0])
						ev, _ = s.Play(buf[rng.IntN(len(buf))])
					} else {
						_, ev, _ = s.PlayRandom(rng)
					}
					over = ev.Outcome.IsOver()
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// blocksOf plays s out (at most n plies, random moves from rng, every
// other ply by the list path) and returns the node blocks its line of
// play wrote to, and the state at the end.
func blocksOf(s State, rng *rand.Rand, n int) (map[*nodeBlock]bool, State) {
	seen := map[*nodeBlock]bool{}
	buf := make([]Move, 0, 256)
	for i := 0; i < n && !s.Outcome().IsOver(); i++ {
		before := s.blk
		var used int32
		if before != nil {
			used = before.used.Load()
		}
		if i%2 == 0 {
			s.PlayRandom(rng)
		} else {
			buf = s.AppendLegalMoves(buf[:0])
			if _, err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
				panic(err)
			}
		}
		switch {
		case s.blk != before:
			seen[s.blk] = true
		case before != nil && before.used.Load() != used:
			seen[before] = true
		}
	}
	return seen, s
}

// TestSampledStatesShareNoBlock: states drawn from one Sampler write
// their chase boards to blocks of their own, none shared, so that
// goroutines playing them out share no written word; and copies of one
// state played on share at most the block the state holds, then write to
// blocks of their own.
func TestSampledStatesShareNoBlock(t *testing.T) {
	sm := sharedSampler(t)
	rng := rand.New(rand.NewPCG(3, 3))
	owner := map[*nodeBlock]int{}
	for i := range 4 {
		s, err := sm.Sample(rng)
		if err != nil {
			t.Fatal(err)
		}
		blocks, _ := blocksOf(s, rng, 600)
		if len(blocks) == 0 {
			t.Fatalf("draw %d: 600 plies wrote no chase board", i)
		}
		for b := range blocks {
			if j, ok := owner[b]; ok {
				t.Fatalf("draws %d and %d wrote to one block", j, i)
			}
			owner[b] = i
		}
	}

	// Copies of one state that holds a block with free slots.
	s, err := sm.Sample(rng)
	if err != nil {
		t.Fatal(err)
	}
	for s.blk == nil || len(s.blk.nodes) < nodeBlockSize || s.blk.used.Load() >= nodeBlockSize/2 {
		if _, _, ok := s.PlayRandom(rng); !ok {
			t.Fatal("the game ended before a chase board was recorded")
		}
	}
	first := s.blk
	// A copy's line of play that leaves the first block (a random game
	// may end before).
	seed := uint64(4)
	leave := func() map[*nodeBlock]bool {
		for range 100 {
			seed++
			if blocks, _ := blocksOf(s, rand.New(rand.NewPCG(seed, seed)), 2000); len(blocks) > 1 || !blocks[first] && len(blocks) > 0 {
				delete(blocks, first)
				return blocks
			}
		}
		t.Fatal("no line of play of 100 left the first block")
		return nil
	}
	x, y := leave(), leave()
	for b := range x {
		if y[b] {
			t.Errorf("two copies wrote to a block other than the one they started with")
		}
	}
	if n := first.used.Load(); n != int32(len(first.nodes)) {
		t.Errorf("the shared block has %d claims, want %d", n, len(first.nodes))
	}
}

// TestConcurrentSampledPlayouts: goroutines playing out states drawn from
// one Sampler at the same time, by both move paths (run with -race),
// each end in the state that replaying their moves alone with Apply
// gives.
func TestConcurrentSampledPlayouts(t *testing.T) {
	sm := sharedSampler(t)
	const workers, n = 4, 600
	type line struct {
		start, end State
		moves      []Move
	}
	lines := make([]line, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 11))
			s, err := sm.Sample(rng)
			if err != nil {
				t.Error(err)
				return
			}
			l := line{start: s}
			buf := make([]Move, 0, 256)
			for i := 0; i < n && !s.Outcome().IsOver(); i++ {
				if i%2 == 0 {
					m, _, _ := s.PlayRandom(rng)
					l.moves = append(l.moves, m)
					continue
				}
				buf = s.AppendLegalMoves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				if _, err := s.Play(m); err != nil {
					t.Error(err)
					return
				}
				l.moves = append(l.moves, m)
			}
			l.end = s
			lines[w] = l
		})
	}
	wg.Wait()
	for w, l := range lines {
		s := l.start
		for _, m := range l.moves {
			var err error
			if s, _, err = s.Apply(m); err != nil {
				t.Fatalf("worker %d: replaying %v: %v", w, m, err)
			}
		}
		if diff := stateDiff(s, l.end); diff != "" {
			t.Errorf("worker %d: the state played concurrently differs from the replay: %s", w, diff)
		}
	}
}

// TestSampleWritesNoSharedWord: drawing from a Sampler and playing the
// draws out (both move paths, on several goroutines) changes nothing
// reachable from the Sampler: afterwards it is deeply equal to a second
// Sampler made from the same view and never used. With the draws' chase
// blocks their own (TestSampledStatesShareNoBlock), the words that the
// workers of BenchmarkPlayoutParallelSampler write are all their own.
func TestSampleWritesNoSharedWord(t *testing.T) {
	used, fresh := sharedSampler(t), sharedSampler(t)
	if !reflect.DeepEqual(used, fresh) {
		t.Fatal("two Samplers of one view differ before any draw")
	}
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 13))
			buf := make([]Move, 0, 256)
			for range 8 {
				s, err := used.Sample(rng)
				if err != nil {
					t.Error(err)
					return
				}
				for i := 0; i < 300 && !s.Outcome().IsOver(); i++ {
					if i%2 == 0 {
						s.PlayRandom(rng)
						continue
					}
					buf = s.AppendLegalMoves(buf[:0])
					if _, err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if !reflect.DeepEqual(used, fresh) {
		t.Error("draws and playouts changed the Sampler they were drawn from")
	}
}
