package stratego

import (
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
)

// midgame returns a Classic state after 60 random plies from seed 1.
func midgame(tb testing.TB, r Rules) State {
	tb.Helper()
	s := mustNew(tb, r, 1)
	rng := rand.New(rand.NewPCG(1, 1))
	var buf []Move
	for range 60 {
		buf = s.AppendLegalMoves(buf[:0])
		var err error
		if s, _, err = s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// quietMove returns a legal move of s that is not an attack and does not
// threaten, so applying it records nothing in the chase history.
func quietMove(tb testing.TB, s State) Move {
	tb.Helper()
	for m := range s.LegalMoves() {
		if _, ok := s.At(m.To); ok {
			continue
		}
		from := cellOfSquare[m.From]
		to := int(cellOfSquare[m.To])
		if !s.adjacentEnemy(to, s.Turn()) && from != 0 {
			return m
		}
	}
	tb.Fatal("no quiet move")
	return Move{}
}

// TestNoAllocs pins the allocation-free paths: move generation (with both
// repetition rules on) and Apply of a move that starts no chase.
func TestNoAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	s := midgame(t, Classic())
	buf := make([]Move, 0, 512)
	if n := testing.AllocsPerRun(100, func() { buf = s.AppendLegalMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendLegalMoves: %v allocs, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = s.hasMove() }); n != 0 {
		t.Errorf("hasMove: %v allocs, want 0", n)
	}
	m := quietMove(t, s)
	if n := testing.AllocsPerRun(100, func() { _, _, _ = s.Apply(m) }); n != 0 {
		t.Errorf("Apply(%v): %v allocs, want 0", m, n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = s.Check(m) }); n != 0 {
		t.Errorf("Check(%v): %v allocs, want 0", m, n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	if n := testing.AllocsPerRun(100, func() { _, _ = s.RandomMove(rng) }); n != 0 {
		t.Errorf("RandomMove: %v allocs, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { next := s; _, _ = next.Play(m) }); n != 0 {
		t.Errorf("Play(%v): %v allocs, want 0", m, n)
	}
}

// TestNoAllocsPerPly pins 0 allocations a ply in whole playouts with the
// full Classic rules, chases included (their boards come from the
// game's arena): PlayRandom, and AppendLegalMoves with Apply, over 4,000
// plies of games from random setups, made before the count starts.
func TestNoAllocsPerPly(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	r := Classic()
	r.MaxPlies = 2000
	var starts []State
	for seed := range uint64(8) {
		starts = append(starts, mustNew(t, r, seed))
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var s State
	games := 0
	newGame := func() {
		s = starts[games%len(starts)]
		games++
	}
	newGame()
	if n := testing.AllocsPerRun(4000, func() {
		if _, ev, _ := s.PlayRandom(rng); ev.Outcome.IsOver() {
			newGame()
		}
	}); n != 0 {
		t.Errorf("PlayRandom: %v allocs a ply, want 0", n)
	}
	buf := make([]Move, 0, 512)
	newGame()
	if n := testing.AllocsPerRun(4000, func() {
		buf = s.AppendLegalMoves(buf[:0])
		var ev Event
		s, ev, _ = s.Apply(buf[rng.IntN(len(buf))])
		if ev.Outcome.IsOver() {
			newGame()
		}
	}); n != 0 {
		t.Errorf("AppendLegalMoves and Apply: %v allocs a ply, want 0", n)
	}
	newGame()
	if n := testing.AllocsPerRun(4000, func() {
		// BenchmarkPlayoutPlay's ply.
		buf = s.AppendLegalMoves(buf[:0])
		if ev, _ := s.Play(buf[rng.IntN(len(buf))]); ev.Outcome.IsOver() {
			newGame()
		}
	}); n != 0 {
		t.Errorf("AppendLegalMoves and Play: %v allocs a ply, want 0", n)
	}
	// BenchmarkPlayoutParallelSampler's ply, on one goroutine: the
	// drawn states take their chase boards from blocks of their own.
	sm := sharedSampler(t)
	var err error
	if s, err = sm.Sample(rng); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(4000, func() {
		if _, ev, _ := s.PlayRandom(rng); ev.Outcome.IsOver() {
			s, _ = sm.Sample(rng)
		}
	}); n != 0 {
		t.Errorf("PlayRandom from Sampler draws: %v allocs a ply, want 0", n)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	const plies = 20000
	newGame()
	for range plies {
		if _, ev, _ := s.PlayRandom(rng); ev.Outcome.IsOver() {
			newGame()
		}
	}
	runtime.ReadMemStats(&ms)
	// The arena takes a block for 64 boards of a chase record.
	if n := ms.Mallocs - before; n > plies/nodeBlockSize {
		t.Errorf("%d plies of PlayRandom made %d allocations, want at most %d", plies, n, plies/nodeBlockSize)
	}
}

func BenchmarkAppendLegalMoves(b *testing.B) {
	s := midgame(b, Classic())
	buf := make([]Move, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.AppendLegalMoves(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

func BenchmarkApply(b *testing.B) {
	s := midgame(b, Classic())
	m := quietMove(b, s)
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = s.Apply(m)
	}
}

// benchPlayout plays uniform random legal moves from random setups under
// r with a 2000-ply cap, game after game, and reports plies per second.
func benchPlayout(b *testing.B, r Rules) {
	r.MaxPlies = 2000
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]Move, 0, 512)
	var s State
	plies := 0
	over := true
	b.ReportAllocs()
	for b.Loop() {
		if over {
			var err error
			if s, err = New(r, RandomSetup(r, rng), RandomSetup(r, rng)); err != nil {
				b.Fatal(err)
			}
		}
		buf = s.AppendLegalMoves(buf[:0])
		var err error
		if s, _, err = s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
		plies++
		over = s.Outcome().IsOver()
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPlayout is the random-playout benchmark: full
// Classic rules (Two-Squares 3, More-Squares chase scope) and a 2000-ply
// cap; one op is one ply.
func BenchmarkPlayout(b *testing.B) { benchPlayout(b, Classic()) }

// BenchmarkPlayoutPlay is BenchmarkPlayout with the in-place [State.Play]
// for Apply: the list path of a program that owns its state (moves into a
// reused buffer, one played in place); one op is one ply.
func BenchmarkPlayoutPlay(b *testing.B) {
	r := Classic()
	r.MaxPlies = 2000
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]Move, 0, 512)
	var s State
	plies := 0
	over := true
	b.ReportAllocs()
	for b.Loop() {
		if over {
			var err error
			if s, err = New(r, RandomSetup(r, rng), RandomSetup(r, rng)); err != nil {
				b.Fatal(err)
			}
		}
		buf = s.AppendLegalMoves(buf[:0])
		ev, err := s.Play(buf[rng.IntN(len(buf))])
		if err != nil {
			b.Fatal(err)
		}
		plies++
		over = ev.Outcome.IsOver()
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPlayoutNoRepetition is the same with both repetition rules off.
func BenchmarkPlayoutNoRepetition(b *testing.B) {
	r := Classic()
	r.TwoSquares, r.MoreSquares = 0, MoreSquaresOff
	benchPlayout(b, r)
}

// BenchmarkPlayoutBarrage plays Barrage, a sparse board of long scout
// lines.
func BenchmarkPlayoutBarrage(b *testing.B) { benchPlayout(b, Barrage()) }

// benchPlayoutRandom is benchPlayout with the random-move API: the same
// workload (uniform random legal moves, random setups under r, a
// 2000-ply cap), each ply drawn and played in place by
// [State.PlayRandom].
func benchPlayoutRandom(b *testing.B, r Rules) {
	r.MaxPlies = 2000
	rng := rand.New(rand.NewPCG(7, 7))
	var s State
	plies := 0
	over := true
	b.ReportAllocs()
	for b.Loop() {
		if over {
			var err error
			if s, err = New(r, RandomSetup(r, rng), RandomSetup(r, rng)); err != nil {
				b.Fatal(err)
			}
		}
		_, ev, ok := s.PlayRandom(rng)
		if !ok {
			b.Fatal("no move in a game not over")
		}
		plies++
		over = ev.Outcome.IsOver()
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPlayoutRandom is BenchmarkPlayout (full Classic rules, a
// 2000-ply cap, one op a ply) with [State.PlayRandom].
func BenchmarkPlayoutRandom(b *testing.B) { benchPlayoutRandom(b, Classic()) }

// BenchmarkPlayoutRandomNoRepetition is the same with both repetition
// rules off.
func BenchmarkPlayoutRandomNoRepetition(b *testing.B) {
	r := Classic()
	r.TwoSquares, r.MoreSquares = 0, MoreSquaresOff
	benchPlayoutRandom(b, r)
}

// BenchmarkPlayoutParallel runs independent playouts of
// BenchmarkPlayoutRandom on all GOMAXPROCS cores (compare -cpu 1,2); it
// reports plies per second over all of them.
func BenchmarkPlayoutParallel(b *testing.B) {
	r := Classic()
	r.MaxPlies = 2000
	var seed atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		rng := rand.New(rand.NewPCG(seed.Add(1), 7))
		var s State
		over := true
		for pb.Next() {
			if over {
				var err error
				if s, err = New(r, RandomSetup(r, rng), RandomSetup(r, rng)); err != nil {
					b.Error(err)
					return
				}
			}
			_, ev, _ := s.PlayRandom(rng)
			over = ev.Outcome.IsOver()
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// perftPublic counts the leaves of the legal-move tree of s to depth d
// with the public API only: AppendLegalMoves, and Play on a copy.
func perftPublic(s State, d int, bufs [][]Move) int64 {
	if d == 0 {
		return 1
	}
	moves := s.AppendLegalMoves(bufs[d][:0])
	if d == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		next := s
		if _, err := next.Play(m); err != nil {
			panic(err)
		}
		n += perftPublic(next, d-1, bufs)
	}
	return n
}

// BenchmarkPerft counts the legal-move tree to depth 3 from a Classic
// midgame through the public API (both repetition rules on) and
// reports nodes (leaves) per second.
func BenchmarkPerft(b *testing.B) {
	s := midgame(b, Classic())
	bufs := make([][]Move, 4)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 512)
	}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		nodes += perftPublic(s, 3, bufs)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
