package stratego

import (
	"math/rand/v2"
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
	if n := testing.AllocsPerRun(100, func() { _ = s.HasLegalMove() }); n != 0 {
		t.Errorf("HasLegalMove: %v allocs, want 0", n)
	}
	m := quietMove(t, s)
	if n := testing.AllocsPerRun(100, func() { _, _, _ = s.Apply(m) }); n != 0 {
		t.Errorf("Apply(%v): %v allocs, want 0", m, n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = s.Check(m) }); n != 0 {
		t.Errorf("Check(%v): %v allocs, want 0", m, n)
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
		over = s.Outcome().Over()
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPlayout is the random-playout benchmark of DESIGN.md: full
// Classic rules (Two-Squares 3, More-Squares chase scope) and a 2000-ply
// cap; one op is one ply.
func BenchmarkPlayout(b *testing.B) { benchPlayout(b, Classic()) }

// BenchmarkPlayoutNoRepetition is the same with both repetition rules off.
func BenchmarkPlayoutNoRepetition(b *testing.B) {
	r := Classic()
	r.TwoSquares, r.MoreSquares = 0, MoreSquaresOff
	benchPlayout(b, r)
}

// BenchmarkPlayoutBarrage plays Barrage, a sparse board of long scout
// lines.
func BenchmarkPlayoutBarrage(b *testing.B) { benchPlayout(b, Barrage()) }
