package learn

// The plain observation encoder, kept as the reference that the fast one
// must equal bit for bit
// (TestProp_ObservationMatchesReference).

import (
	"math"
	"slices"

	"github.com/stratego-go/stratego"
)

func refAppendObservation(dst []float32, v stratego.View) []float32 {
	if !v.IsValid() {
		return dst
	}
	r := v.Rules()
	planes, h, w := ObservationShape(r)
	if planes == 0 {
		return dst
	}
	area := h * w
	start := len(dst)
	dst = slices.Grow(dst, planes*area)[:start+planes*area]
	obs := dst[start:]
	clear(obs)
	me := v.Player()
	o := refObsBoard{obs: obs, w: w, h: h, area: area, blue: me == stratego.Blue}

	var est refRankEstimate
	est.compute(v, r)
	board := v.Board()

	for row := range h {
		for file := range w {
			sq := stratego.SquareAt(file, row)
			at := row*w + file
			if o.blue {
				at = area - 1 - at
			}
			p, k := board.At(sq), v.Knowledge(sq)
			switch {
			case r.Lakes.Has(sq):
				obs[obsLake*area+at] = 1
			case p == 0:
				obs[obsEmpty*area+at] = 1
			case p.Color() == me:
				obs[(obsOwn+int(p.Rank()-stratego.Spy))*area+at] = 1
				obs[obsOwnKnown*area+at] = b2f(k&stratego.KnownRank != 0)
				obs[obsOwnMoved*area+at] = b2f(k&stratego.KnownMoved != 0)
				obs[obsOwnFar*area+at] = b2f(k&stratego.KnownFar != 0)
			default:
				if rk := p.Rank(); rk.IsValid() {
					obs[(obsEnemy+int(rk-stratego.Spy))*area+at] = 1
				} else {
					obs[obsEnemyHidden*area+at] = 1
					for j, x := range est.p(est.class[sq.Index()]) {
						obs[(obsEnemy+j)*area+at] = x
					}
				}
				obs[obsEnemyMoved*area+at] = b2f(k&stratego.KnownMoved != 0)
				obs[obsEnemyFar*area+at] = b2f(k&stratego.KnownFar != 0)
			}
		}
	}
	if n := r.TwoSquares; n > 0 {
		for _, c := range []stratego.Color{me, me.Opponent()} {
			var buf [stratego.MaxTwoSquares]stratego.Move
			run := buf[:0]
			for m := range v.TwoSquaresRun(c) {
				run = append(run, m)
			}
			p := obsOwnRun
			if c != me {
				p = obsEnemyRun
			}
			o.run(p, run, n)
		}
	}
	if ev := v.LastEvent(); ev.Color.IsValid() {
		m := ev.Move
		o.set(obsLastFrom, m.From, 1)
		o.set(obsLastFrom, m.Via, 1)
		o.set(obsLastTo, m.To, 1)
	}
	o.fill(obsToMove, b2f(v.Turn() == me))
	o.fill(obsRescueDue, b2f(v.RescueDue()))
	o.fill(obsQuiet, ratio(v.PliesWithoutAttack(), r.MaxPliesWithoutAttack))
	o.fill(obsPly, ratio(v.Ply(), r.MaxPlies))
	if r.Rescues > 0 {
		o.fill(obsOwnRescues, ratio(r.Rescues-v.Rescues(me), r.Rescues))
		o.fill(obsEnemyRescues, ratio(r.Rescues-v.Rescues(me.Opponent()), r.Rescues))
	}
	return dst
}

type refObsBoard struct {
	obs        []float32
	w, h, area int
	blue       bool
}

func (o *refObsBoard) set(p int, sq stratego.Square, x float32) {
	f, r := sq.File(), sq.Row()
	if f < 0 || f >= o.w || r >= o.h {
		return
	}
	if o.blue {
		f, r = o.w-1-f, o.h-1-r
	}
	o.obs[p*o.area+r*o.w+f] = x
}

func (o *refObsBoard) fill(p int, x float32) {
	if x != 0 {
		plane := o.obs[p*o.area : (p+1)*o.area]
		for i := range plane {
			plane[i] = x
		}
	}
}

func (o *refObsBoard) run(p int, moves []stratego.Move, limit int) {
	x := ratio(len(moves), limit)
	for _, m := range moves {
		o.set(p, m.Via, x)
		df, dr := stepSign(m.To.File()-m.From.File()), stepSign(m.To.Row()-m.From.Row())
		if m.Via != stratego.NoSquare || (df != 0 && dr != 0) {
			o.set(p, m.From, x)
			o.set(p, m.To, x)
			continue
		}
		for sq := m.From; sq.IsValid(); sq = stratego.SquareAt(sq.File()+df, sq.Row()+dr) {
			o.set(p, sq, x)
			if sq == m.To {
				break
			}
		}
	}
}

type refRankEstimate struct {
	class [stratego.MaxSquares]uint8                  // the class of each hidden piece's square
	small [rankClasses][stratego.NumRanks - 1]float32 // p of the first classes
	more  [][stratego.NumRanks - 1]float32            // p of all classes, when there are more
}

func (e *refRankEstimate) p(c uint8) *[stratego.NumRanks - 1]float32 {
	if e.more != nil {
		return &e.more[c]
	}
	return &e.small[c]
}

func (e *refRankEstimate) compute(v stratego.View, r stratego.Rules) {
	var f refRankFilter
	army := v.HiddenArmy()
	var masks [stratego.MaxSquares]uint16
	var count [stratego.MaxSquares]float64
	n := 0
	for sq := range v.Hidden().All() {
		known, beat := v.Knowledge(sq), v.Beaten(sq)
		m, ok := f.lookup(known, beat)
		if !ok {
			m = f.add(known, beat, uint16(v.Ranks(sq)))
		}
		c := 0
		for c < n && masks[c] != m {
			c++
		}
		if c == n {
			masks[n] = m
			n++
		}
		e.class[sq.Index()] = uint8(c)
		count[c]++
	}
	if n <= maxPruneClasses {
		refPruneTight(masks[:n], count[:n], &army)
	}
	var small [rankClasses][stratego.NumRanks - 1]float64
	p := small[:]
	if n > rankClasses {
		p, e.more = make([][stratego.NumRanks - 1]float64, n), make([][stratego.NumRanks - 1]float32, n)
	}
	for c := range n {
		for j := range p[c] {
			if masks[c]&(1<<(stratego.Spy+stratego.Rank(j))) != 0 {
				p[c][j] = 1
			}
		}
	}
	for range sinkhornRounds {
		refNormalizeRows(p[:n])
		worst := 0.0
		for j := range stratego.NumRanks - 1 {
			col := 0.0
			for c := range n {
				col += count[c] * p[c][j]
			}
			if col > 0 {
				want := float64(army[stratego.Spy+stratego.Rank(j)])
				worst = max(worst, math.Abs(col-want))
				f := want / col
				for c := range n {
					p[c][j] *= f
				}
			}
		}
		if worst < 1e-6 {
			break
		}
	}
	refNormalizeRows(p[:n])
	for c := range n {
		for j, x := range p[c] {
			e.p(uint8(c))[j] = float32(x)
		}
	}
}

type refRankFilter struct {
	kinds [16]refPieceKind // the kinds met so far; more are not remembered
	n     int
}

type refPieceKind struct {
	known stratego.Knowledge
	beat  stratego.RankSet // the ranks of the attackers it beat unseen
	mask  uint16           // the ranks it may have (bit r for rank r)
}

func (f *refRankFilter) lookup(known stratego.Knowledge, beat stratego.RankSet) (uint16, bool) {
	for _, k := range f.kinds[:f.n] {
		if k.known == known && k.beat == beat {
			return k.mask, true
		}
	}
	return 0, false
}

func (f *refRankFilter) add(known stratego.Knowledge, beat stratego.RankSet, mask uint16) uint16 {
	if f.n < len(f.kinds) {
		f.kinds[f.n] = refPieceKind{known: known, beat: beat, mask: mask}
		f.n++
	}
	return mask
}

func refPruneTight(masks []uint16, count []float64, army *stratego.Army) {
	n := len(masks)
	for changed := true; changed; {
		changed = false
		for set := 1; set < 1<<n-1; set++ {
			var ranks uint16
			pieces := 0.0
			for c := range n {
				if set&(1<<c) != 0 {
					ranks |= masks[c]
					pieces += count[c]
				}
			}
			have := 0.0
			for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
				if ranks&(1<<rk) != 0 {
					have += float64(army[rk])
				}
			}
			if pieces < have {
				continue
			}
			for c := range n {
				if set&(1<<c) == 0 && masks[c]&ranks != 0 {
					masks[c] &^= ranks
					changed = true
				}
			}
		}
	}
}

func refNormalizeRows(p [][stratego.NumRanks - 1]float64) {
	for c := range p {
		s := 0.0
		for _, x := range p[c] {
			s += x
		}
		if s > 0 {
			for j := range p[c] {
				p[c][j] /= s
			}
		}
	}
}
