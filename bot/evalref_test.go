package bot

import (
	"iter"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// The evaluation and the playout policy as they were before they read
// the board once (State.Squares) instead of a State method call per
// square: the references that TestProp_EvaluationMatchesReference and
// TestProp_PolicyMatchesReference hold the fast forms to, bit for bit.

// refPoints is evaluator.pointsOf before the speed-up (then points).
func refPoints(e *evaluator, s stratego.State) float64 {
	red, blue := s.Remaining(stratego.Red), s.Remaining(stratego.Blue)
	val := [2][stratego.NumRanks]float64{values(red, blue), values(blue, red)}
	var flag [2]stratego.Square
	var movers [2]int
	var mat [2]float64
	for sq := range e.rules.Squares().All() {
		p, ok := s.At(sq)
		if !ok {
			continue
		}
		i, rk := side(p.Color()), p.Rank()
		v := val[i][rk]
		if rk.Movable() {
			if s.Knowledge(sq)&stratego.KnownRank != 0 {
				v *= shownFactor
			}
			e.mover[i][movers[i]] = sq
			movers[i]++
		} else if rk == stratego.Flag {
			flag[i] = sq
		}
		mat[i] += v
	}
	me := side(e.me)
	d := mat[me] - mat[1-me]
	if flag[0] != stratego.NoSquare && flag[1] != stratego.NoSquare {
		atk, def := refNearest(e, me, movers[me], flag[1-me]), refNearest(e, 1-me, movers[1-me], flag[me])
		d += flagWeight*float64(def-atk) + attackShare*threat(atk) - threat(def)
		d -= openCost * float64(refOpen(e, s, flag[me]))
	}
	return d
}

func refNearest(e *evaluator, i, n int, sq stratego.Square) int {
	best := e.rules.Width + e.rules.Height
	for k := range n {
		m := e.mover[i][k]
		if d := abs(m.File()-sq.File()) + abs(m.Row()-sq.Row()); d < best {
			best = d
		}
	}
	return best
}

func refOpen(e *evaluator, s stratego.State, sq stratego.Square) int {
	n := 0
	f, w := sq.File(), sq.Row()
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		q := stratego.SquareAt(f+d[0], w+d[1])
		if _, ok := s.At(q); !ok && e.rules.OnBoard(q) {
			n++
		}
	}
	return n
}

// refSearchPoints is evaluator.searchPoints before the speed-up.
func refSearchPoints(e *evaluator, s *stratego.State) float64 {
	b := s.Board()
	d, flag, movers := refMaterial(e, s, b)
	me := side(e.me)
	d += chaseWeight * (refHunted(e, s, b, 1-me) - refHunted(e, s, b, me))
	d += pursuitWeight * (refPursued(e, s, b, 1-me) - refPursued(e, s, b, me))
	if e.prey != 0 {
		d += e.prey * (refPreyed(e, s, b, 1-me) - refPreyed(e, s, b, me))
	}
	if flag[0] != stratego.NoSquare && flag[1] != stratego.NoSquare {
		atk := refReach(e, me, movers[me], flag[1-me], refWalled(e, b, flag[1-me]))
		def := refReach(e, 1-me, movers[1-me], flag[me], refWalled(e, b, flag[me]))
		d += flagWeight*float64(def-atk) + attackShare*threat(atk) - threat(def)
		d -= openCost * float64(refOpenNext(e, b, flag[me]))
	}
	return d
}

// refShown yields the squares of side i's shown movable pieces, square
// by square, with their shown worth (shownFactor of their rank's value).
func refShown(e *evaluator, s *stratego.State, b stratego.Board, i int) iter.Seq2[stratego.Square, float64] {
	red, blue := s.Remaining(stratego.Red), s.Remaining(stratego.Blue)
	val := [2][stratego.NumRanks]float64{values(red, blue), values(blue, red)}
	return func(yield func(stratego.Square, float64) bool) {
		for sq := range e.rules.Squares().All() {
			p := b.At(sq)
			if p == 0 || side(p.Color()) != i || !p.Rank().Movable() || s.Knowledge(sq)&stratego.KnownRank == 0 {
				continue
			}
			if !yield(sq, val[i][p.Rank()]*shownFactor) {
				return
			}
		}
	}
}

// refHunted is evaluator.hunted square by square: every shown movable
// piece of side i with a shown enemy piece that beats it within
// huntRadius squares counts its shown worth times the share of trapRoom that its
// room (refRoom) falls short of.
func refHunted(e *evaluator, s *stratego.State, b stratego.Board, i int) float64 {
	sum := 0.0
	for sq, worth := range refShown(e, s, b, i) {
		p := b.At(sq)
		var hunters []stratego.Square
		near := false
		for q := range e.rules.Squares().All() {
			h := b.At(q)
			if h != 0 && side(h.Color()) != i && h.Rank().Movable() && s.Knowledge(q)&stratego.KnownRank != 0 &&
				stratego.Resolve(e.rules, h.Rank(), p.Rank()) == stratego.AttackerWins {
				hunters = append(hunters, q)
				if abs(q.File()-sq.File())+abs(q.Row()-sq.Row()) <= huntRadius {
					near = true
				}
			}
		}
		if !near {
			continue
		}
		sum += worth * float64(trapRoom-refRoom(e, b, sq, hunters)) / trapRoom
	}
	return sum
}

// refPursued is evaluator.pursued square by square: every shown movable
// piece of side i counts its shown worth times pursuitDecay to the
// power of one less than the distance of the nearest enemy movable piece
// (shown or not) that beats it, when that is at most pursuitReach.
func refPursued(e *evaluator, s *stratego.State, b stratego.Board, i int) float64 {
	sum := 0.0
	for sq, worth := range refShown(e, s, b, i) {
		p := b.At(sq)
		sum += worth * refDecay(e, b, sq, i, func(q stratego.Square, h stratego.Piece) bool {
			return stratego.Resolve(e.rules, h.Rank(), p.Rank()) == stratego.AttackerWins
		})
	}
	return sum
}

// refDecay is pursuitDecay to the power of one less than the distance
// from sq of the nearest movable enemy piece of side i for which hunts
// holds, when that is at most pursuitReach; else 0.
func refDecay(e *evaluator, b stratego.Board, sq stratego.Square, i int, hunts func(stratego.Square, stratego.Piece) bool) float64 {
	d := -1
	for q := range e.rules.Squares().All() {
		h := b.At(q)
		if h != 0 && side(h.Color()) != i && h.Rank().Movable() && hunts(q, h) {
			if x := abs(q.File()-sq.File()) + abs(q.Row()-sq.Row()); d < 0 || x < d {
				d = x
			}
		}
	}
	if d < 1 || d > pursuitReach {
		return 0
	}
	f := 1.0
	for range d - 1 {
		f *= pursuitDecay
	}
	return f
}

// refPreyed is evaluator.preyed square by square: every movable piece
// of side i that has moved and whose rank is hidden counts its worth
// times pursuitDecay to the power of one less than the distance of the
// nearest shown enemy piece that beats it and that no movable piece of
// side i (no hidden one, with e.preyHidden) beats, when that is at most
// pursuitReach.
func refPreyed(e *evaluator, s *stratego.State, b stratego.Board, i int) float64 {
	red, blue := s.Remaining(stratego.Red), s.Remaining(stratego.Blue)
	val := [2][stratego.NumRanks]float64{values(red, blue), values(blue, red)}
	beats := func(a, d stratego.Rank) bool { return stratego.Resolve(e.rules, a, d) == stratego.AttackerWins }
	unbeaten := func(rk stratego.Rank) bool {
		for q := range e.rules.Squares().All() {
			p := b.At(q)
			if p != 0 && side(p.Color()) == i && p.Rank().Movable() && beats(p.Rank(), rk) &&
				(!e.preyHidden || s.Knowledge(q)&stratego.KnownRank == 0) {
				return false
			}
		}
		return true
	}
	sum := 0.0
	for sq := range e.rules.Squares().All() {
		p := b.At(sq)
		k := s.Knowledge(sq)
		if p == 0 || side(p.Color()) != i || !p.Rank().Movable() || k&stratego.KnownRank != 0 || k&stratego.KnownMoved == 0 {
			continue
		}
		if f := refDecay(e, b, sq, i, func(q stratego.Square, h stratego.Piece) bool {
			return s.Knowledge(q)&stratego.KnownRank != 0 && beats(h.Rank(), p.Rank()) && unbeaten(h.Rank())
		}); f != 0 {
			sum += val[i][p.Rank()] * f
		}
	}
	return sum
}

// refRoom is evaluator.room by distance maps: the empty squares whose
// distance from sq over empty squares, through such squares only, is
// less than their distance from the nearest hunter over empty squares,
// at most trapRoom of them.
func refRoom(e *evaluator, b stratego.Board, sq stratego.Square, hunters []stratego.Square) int {
	free := func(q stratego.Square) bool { return e.rules.OnBoard(q) && b.At(q) == 0 }
	steps := func(from []stratego.Square, ok func(stratego.Square, int) bool) map[stratego.Square]int {
		d := map[stratego.Square]int{}
		for _, f := range from {
			d[f] = 0
		}
		for frontier, k := from, 1; len(frontier) > 0; k++ {
			var next []stratego.Square
			for _, q := range frontier {
				for _, dd := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					x := stratego.SquareAt(q.File()+dd[0], q.Row()+dd[1])
					if _, seen := d[x]; !seen && free(x) && ok(x, k) {
						d[x] = k
						next = append(next, x)
					}
				}
			}
			frontier = next
		}
		return d
	}
	hd := steps(hunters, func(stratego.Square, int) bool { return true })
	room := 0
	mine := steps([]stratego.Square{sq}, func(x stratego.Square, k int) bool {
		h, ok := hd[x]
		return !ok || k < h
	})
	for x := range mine {
		if x != sq {
			room++
		}
	}
	return min(room, trapRoom)
}

func refMaterial(e *evaluator, s *stratego.State, b stratego.Board) (d float64, flag [2]stratego.Square, movers [2]int) {
	red, blue := s.Remaining(stratego.Red), s.Remaining(stratego.Blue)
	val := [2][stratego.NumRanks]float64{values(red, blue), values(blue, red)}
	var mat [2]float64
	for sq := range e.rules.Squares().All() {
		p := b.At(sq)
		if p == 0 {
			continue
		}
		i, rk := side(p.Color()), p.Rank()
		v := val[i][rk]
		if rk.Movable() {
			if s.Knowledge(sq)&stratego.KnownRank != 0 {
				v *= shownFactor
			}
			e.mover[i][movers[i]] = sq
			e.moverRank[i][movers[i]] = rk
			movers[i]++
		} else if rk == stratego.Flag {
			flag[i] = sq
		}
		mat[i] += v
	}
	me := side(e.me)
	return mat[me] - mat[1-me], flag, movers
}

func refOpenNext(e *evaluator, b stratego.Board, sq stratego.Square) int {
	open := 0
	f, w := sq.File(), sq.Row()
	for _, dd := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		q := stratego.SquareAt(f+dd[0], w+dd[1])
		if e.rules.OnBoard(q) && b.At(q) == 0 {
			open++
		}
	}
	return open
}

func refWalled(e *evaluator, b stratego.Board, sq stratego.Square) bool {
	c := b.At(sq).Color()
	f, w := sq.File(), sq.Row()
	for _, dd := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		q := stratego.SquareAt(f+dd[0], w+dd[1])
		if !e.rules.OnBoard(q) {
			continue
		}
		if p := b.At(q); p == 0 || p.Color() != c || p.Rank() != stratego.Bomb {
			return false
		}
	}
	return true
}

func refReach(e *evaluator, i, n int, sq stratego.Square, walled bool) int {
	best := e.rules.Width + e.rules.Height
	for k := range n {
		m := e.mover[i][k]
		d := abs(m.File()-sq.File()) + abs(m.Row()-sq.Row())
		if walled && e.moverRank[i][k] != stratego.Miner {
			d += wallPenalty
		}
		best = min(best, d)
	}
	return best
}

// refPolicy is worker.policy before the speed-up, for the player me.
func refPolicy(me stratego.Color, rules stratego.Rules, rng *rand.Rand, s stratego.State, moves []stratego.Move) stratego.Move {
	enemy := s.Turn() != me
	best, bestV := -1, -1.0
	probe, probes := -1, 0
	for i, m := range moves {
		if m.IsRescue() {
			continue
		}
		d, ok := s.At(m.To)
		if !ok {
			continue
		}
		if enemy && d.Rank() == stratego.Flag {
			return m
		}
		c, rk, known := refKnownFight(s, rules, m)
		switch {
		case known && c == stratego.AttackerWins && baseValue[rk] > bestV:
			best, bestV = i, baseValue[rk]
		case !known:
			if probes++; rng.IntN(probes) == 0 {
				probe = i
			}
		}
	}
	if best >= 0 && rng.IntN(8) < takeWin {
		return moves[best]
	}
	if probe >= 0 && rng.IntN(probeOdds) == 0 {
		return moves[probe]
	}
	var m stratego.Move
	for range 4 {
		m = moves[rng.IntN(len(moves))]
		if c, _, ok := refKnownFight(s, rules, m); !ok || c == stratego.AttackerWins {
			return m
		}
	}
	return m
}

func refKnownFight(s stratego.State, r stratego.Rules, m stratego.Move) (stratego.Combat, stratego.Rank, bool) {
	if m.IsRescue() {
		return stratego.NoCombat, 0, false
	}
	d, ok := s.At(m.To)
	if !ok || s.Knowledge(m.To)&stratego.KnownRank == 0 {
		return stratego.NoCombat, 0, false
	}
	a, _ := s.At(m.From)
	return stratego.Resolve(r, a.Rank(), d.Rank()), d.Rank(), true
}
