package stratego

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// maxWeightedStates bounds the table of an exact weighted draw (see
// [View.WeightedSampler]): 2^24 counts of 8 bytes, 128 MiB.
const maxWeightedStates = 1 << 24

// WeightedSampler returns a Sampler for v whose draws give the hidden
// enemy pieces their ranks by prior weights: weight(sq, rk) is the
// weight of rank rk for the hidden piece on sq, and every assignment of
// ranks that agrees with v (as for [View.Sample]) is drawn, exactly,
// with probability proportional to the product of its pieces' weights.
// The weights are read once, here: weight is called for each hidden
// square (in square order) and each rank [View.Ranks] allows there that
// [View.HiddenArmy] holds. The Sampler is like any other (safe for
// concurrent use). The set-up's cost grows with the hidden army, up to
// 72 MB for a whole hidden Classic army; the section "Sampling" of the
// package doc has the distribution and the costs. WeightedSampler fails as [View.Sampler] does, with an error wrapping
// ErrInvalid for a nil weight, a weight that is negative, NaN or
// infinite, a hidden piece whose weights are all 0, or a table of more
// than 2^24 numbers, and with one wrapping ErrInconsistentView when no
// agreeing assignment has a positive weight.
func (v View) WeightedSampler(weight func(sq Square, rk Rank) float64) (*Sampler, error) {
	if weight == nil {
		return nil, fmt.Errorf("%w: weighted sampler: nil weight function", ErrInvalid)
	}
	sm, err := v.Sampler()
	if err != nil {
		return nil, err
	}
	wd, err := newWeightedDraw(&sm.v, &sm.sp, weight)
	if err != nil {
		return nil, err
	}
	sm.wd = wd
	return sm, nil
}

// weightedDraw is the exact weighted draw of a Sampler made by
// [View.WeightedSampler]. The ranks of the hidden army that it holds are
// its dimensions; a state of the draw is how many pieces of each are
// still unplaced, numbered in mixed radix (state c has index
// Σ c[d]·stride[d]). The hidden pieces are placed in square order, so a
// state with k pieces placed is the state before the k-th piece.
// z[c] is the sum, over the ways to place the pieces left on the ranks
// left, of the product of their weights times the number of ways to
// choose the army's distinct pieces; then piece k takes the rank of
// dimension d with probability w[k][d]·c[d]·z[c−e_d] / z[c], which makes
// the whole assignment's probability proportional to its product.
type weightedDraw struct {
	sqs    []int       // the hidden pieces' square indices, in draw order
	w      [][]float64 // per piece, the weight of each dimension (0: ruled out)
	ranks  []Rank      // the rank of each dimension
	count  []int       // the pieces of each dimension in the hidden army
	stride []int
	z      []float64
}

// newWeightedDraw makes the weighted draw of the view v, whose uniform
// sampler sp is set up, with the weights of weight.
func newWeightedDraw(v *View, sp *sampler, weight func(Square, Rank) float64) (*weightedDraw, error) {
	wd := &weightedDraw{}
	var have [NumRanks]int
	for _, rk := range sp.pool {
		have[rk]++
	}
	states := 1
	dim := [NumRanks]int{}
	for rk := Spy; rk <= Flag; rk++ {
		if have[rk] == 0 {
			continue
		}
		dim[rk] = len(wd.ranks)
		wd.ranks = append(wd.ranks, rk)
		wd.count = append(wd.count, have[rk])
		wd.stride = append(wd.stride, states)
		if states > maxWeightedStates/(have[rk]+1) {
			return nil, fmt.Errorf("%w: weighted sampler: an exact draw for %d hidden pieces of this army needs a table of more than %d numbers", ErrInvalid, len(sp.pool), maxWeightedStates)
		}
		states *= have[rk] + 1
	}
	for i, p := range v.pos.Board.pieces {
		if p.Rank() != Unknown {
			continue
		}
		sq := Square(i + 1)
		row := make([]float64, len(wd.ranks))
		allowed := v.pos.ranksAt(i)
		top := 0.0
		for d, rk := range wd.ranks {
			if !allowed.Has(rk) {
				continue
			}
			x := weight(sq, rk)
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				return nil, fmt.Errorf("%w: weighted sampler: weight %v for a %v on %v (want a finite number, 0 or more)", ErrInvalid, x, rk, sq)
			}
			row[d] = x
			top = max(top, x)
		}
		if top == 0 {
			return nil, fmt.Errorf("%w: weighted sampler: every rank the piece on %v may have weighs 0", ErrInvalid, sq)
		}
		for d := range row {
			row[d] /= top // only ratios matter; this keeps z in range
		}
		wd.sqs = append(wd.sqs, i)
		wd.w = append(wd.w, row)
	}
	pool, n := len(sp.pool), len(wd.sqs)
	if n > pool {
		return nil, ErrInconsistentView
	}
	flag := -1
	if have[Flag] > 0 {
		flag = dim[Flag]
	}
	wd.z = make([]float64, states)
	c := make([]int, len(wd.ranks)) // the state of index idx
	size := 0                       // its number of pieces
	for idx := range wd.z {
		switch placed := pool - size; {
		case placed > n:
			// Unreachable: more pieces left than squares to fill.
		case placed == n:
			if flag < 0 || c[flag] == 0 {
				wd.z[idx] = 1
			}
		default:
			row, z := wd.w[placed], 0.0
			for d, k := range c {
				if k > 0 {
					z += row[d] * float64(k) * wd.z[idx-wd.stride[d]]
				}
			}
			wd.z[idx] = z
		}
		// The next state, counting in mixed radix.
		for d := range c {
			if c[d] < wd.count[d] {
				c[d]++
				size++
				break
			}
			size -= c[d]
			c[d] = 0
		}
	}
	if z := wd.z[states-1]; !(z > 0) || math.IsInf(z, 0) {
		return nil, fmt.Errorf("%w: no assignment of positive weight agrees with the view", ErrInconsistentView)
	}
	return wd, nil
}

// draw writes into *full the board of v with ranks drawn for the hidden
// pieces.
func (wd *weightedDraw) draw(v *View, rng *rand.Rand, full *Board) {
	*full = v.pos.Board
	o := v.pos.Viewer.Opponent()
	var cbuf [NumRanks]int
	c := append(cbuf[:0], wd.count...)
	idx := len(wd.z) - 1
	var t [NumRanks]float64
	for k, i := range wd.sqs {
		row, total := wd.w[k], 0.0
		for d, n := range c {
			t[d] = 0
			if n > 0 {
				t[d] = row[d] * float64(n) * wd.z[idx-wd.stride[d]]
				total += t[d]
			}
		}
		x := rng.Float64() * total
		pick := -1
		for d := range c {
			if t[d] <= 0 {
				continue
			}
			pick = d // the last positive one, should rounding run past the end
			if x -= t[d]; x < 0 {
				break
			}
		}
		full.pieces[i] = NewPiece(o, wd.ranks[pick])
		c[pick]--
		idx -= wd.stride[pick]
	}
}
