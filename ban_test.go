package stratego

import (
	"math/rand/v2"
	"testing"
)

// TestRunBanPath checks that the compact form of a Two-Squares ban, a
// path, crosses exactly the boundaries that every one of the last n moves
// of a run crossed, for random runs of slides and turning moves.
func TestRunBanPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sq := func(f, r int) Square { return SquareAt(f, r) }
	for range 20000 {
		var moves [MaxTwoSquares]Move
		f, r := rng.IntN(MaxSize), rng.IntN(MaxSize)
		// A walk of the piece, newest move first.
		for i := MaxTwoSquares - 1; i >= 0; i-- {
			m := Move{From: sq(f, r)}
			if rng.IntN(3) == 0 {
				// A turning move: one step on each axis.
				df, dr := 1-2*rng.IntN(2), 1-2*rng.IntN(2)
				if f+df < 0 || f+df >= MaxSize {
					df = -df
				}
				if r+dr < 0 || r+dr >= MaxSize {
					dr = -dr
				}
				if rng.IntN(2) == 0 {
					m.Via = sq(f+df, r)
				} else {
					m.Via = sq(f, r+dr)
				}
				f, r = f+df, r+dr
			} else if rng.IntN(2) == 0 {
				nf := rng.IntN(MaxSize)
				if nf == f {
					nf = (f + 1) % MaxSize
				}
				f = nf
			} else {
				nr := rng.IntN(MaxSize)
				if nr == r {
					nr = (r + 1) % MaxSize
				}
				r = nr
			}
			m.To = sq(f, r)
			moves[i] = m
		}
		for n := 1; n <= MaxTwoSquares; n++ {
			want := pathEdges(moveCells(moves[0]))
			for _, m := range moves[1:n] {
				p := pathEdges(moveCells(m))
				for i := range want {
					want[i] &= p[i]
				}
			}
			b := runBan(&moves, n)
			got := edges{}
			if b.banned() {
				got = pathEdges(int(b.from), int(b.via), int(b.to))
			}
			if got != want {
				t.Fatalf("runBan(%v, %d) = %+v with boundaries %x, want %x", moves, n, b, got, want)
			}
		}
	}
}
