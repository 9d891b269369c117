package bot

import (
	"math"

	"github.com/stratego-go/stratego"
)

// clueKind names a behaviour of a hidden enemy piece that the beliefs
// judge (see beliefs.judge).
type clueKind uint8

const (
	// clueApproach: a step next to a piece of the player's whose rank the
	// enemy knows; the ranks that beat it are favoured.
	clueApproach clueKind = iota
	// clueRetreat: a step away from such a piece; the ranks that lose to
	// it are favoured.
	clueRetreat
	// clueRaid: a step next to a moved piece of the player's whose rank
	// the enemy does not know; the raiders' ranks are favoured.
	clueRaid
	// clueStay: no attack on a piece of the player's whose rank the
	// enemy knows, that the player's last move put next to the hidden
	// piece; the ranks that do not beat it (Bombs and the Flag among
	// them) are favoured.
	clueStay
	// clueGuard: the piece stands next to a piece of the enemy's that
	// a strong piece of the player's (worth exposureFloor or more)
	// attacks; the ranks that beat the attacker are favoured. A program
	// guards its pieces: in 170 games against Demon of Ignorance, when a
	// Major or a higher piece of the player's took a piece and stood next
	// to hidden ones, one of them beat it with 2.3 to 4.9 times the odds
	// of chance (docs/strength.md). The learned ratio also weighs the
	// risk of such attacks before they are made (see Search.correct).
	clueGuard
	numClues
)

// defaultRatio is the likelihood ratio of each kind of clue before any
// evidence of the opponent's: how much likelier the step is for a piece
// of a favoured rank than for one of another rank.
var defaultRatio = [numClues]float64{clueApproach: approachBias, clueRetreat: retreatBias, clueRaid: raidBias, clueStay: stayBias, clueGuard: guardBias}

// Learning the ratios.
const (
	// clueWeight is the weight of defaultRatio in a learned ratio, in
	// clues: after clueWeight clues whose piece showed its rank, the
	// opponent's own behaviour counts as much as the default.
	clueWeight = 10.0
	// maxRatio bounds a learned ratio and its inverse.
	maxRatio = 200.0
)

// clue is one judged step of a hidden enemy piece, kept with the piece
// until its rank shows.
type clue struct {
	kind    clueKind
	favored uint16  // bit rk: the step made rank rk likelier
	base    float32 // the share of the enemy's hidden movable pieces of a favoured rank then
}

// clueCounts are the clues whose piece showed its rank, by kind: how many
// (n), how many of those pieces had a favoured rank (hits), and the sum of
// their base shares (base).
type clueCounts [numClues]struct{ n, hits, base float64 }

// add adds o to c.
func (c *clueCounts) add(o clueCounts) {
	for k := range c {
		c[k].n += o[k].n
		c[k].hits += o[k].hits
		c[k].base += o[k].base
	}
}

// logRatio returns the log of the likelihood ratio of a clue of kind k
// that the counts show: a piece that gives such a clue has a favoured
// rank with odds ratio times the odds of the base share. The counts are
// pooled with clueWeight clues that follow defaultRatio at the counts'
// mean base share, and the ratio is bounded by maxRatio.
func (c clueCounts) logRatio(k clueKind) float64 {
	n, hits := c[k].n, c[k].hits
	base := 0.3
	if n > 0 {
		base = c[k].base / n
	}
	base = min(max(base, 0.02), 0.98)
	odds := func(p float64) float64 { return p / (1 - p) }
	d := defaultRatio[k] * odds(base)
	q := (hits + clueWeight*d/(1+d)) / (n + clueWeight)
	q = min(max(q, 1e-3), 1-1e-3)
	return min(max(math.Log(odds(q)/odds(base)), -math.Log(maxRatio)), math.Log(maxRatio))
}

// setRatios sets the beliefs' log ratios of the clues and the bound of a
// piece's bias from the clues learned before the game and found in it.
func (b *beliefs) setRatios() {
	c := b.learned
	c.add(b.found)
	b.biasCap = math.Log(maxBias)
	for k := range numClues {
		b.ratio[k] = c.logRatio(k)
		b.biasCap = max(b.biasCap, 2*math.Abs(b.ratio[k]))
	}
}

// clue adds the clue of kind k, favouring the ranks of favored, to the
// hidden enemy piece on sq: it multiplies the weight of those ranks by the
// kind's ratio (the bias stays within biasCap) and keeps the clue until
// the piece's rank shows. The base share is of the hidden movable pieces
// for a clue of a step, of all hidden pieces for clueStay.
func (b *beliefs) clue(v stratego.View, sq stratego.Square, k clueKind, favored uint16) {
	if favored == 0 {
		return
	}
	hidden := v.HiddenArmy()
	last := stratego.Marshal
	if k == clueStay {
		last = stratego.Flag
	}
	all, fav := 0, 0
	for rk := stratego.Spy; rk <= last; rk++ {
		all += int(hidden[rk])
		if favored&(1<<rk) != 0 {
			fav += int(hidden[rk])
		}
	}
	if all == 0 {
		return
	}
	i := sq.Index()
	b.clues[i] = append(b.clues[i], clue{kind: k, favored: favored, base: float32(fav) / float32(all)})
	lf, bound := float32(b.ratio[k]), float32(b.biasCap)
	bias := &b.bias[i]
	for rk := stratego.Spy; rk <= last; rk++ {
		if favored&(1<<rk) != 0 {
			bias[rk] = min(max(bias[rk]+lf, -bound), bound)
		}
	}
}

// reveal notes that the enemy piece whose clues are kept on sq has rank
// rk: its clues are counted and forgotten.
func (b *beliefs) reveal(sq stratego.Square, rk stratego.Rank) {
	i := sq.Index()
	if len(b.clues[i]) == 0 {
		return
	}
	for _, c := range b.clues[i] {
		f := &b.found[c.kind]
		f.n++
		f.base += float64(c.base)
		if c.favored&(1<<rk) != 0 {
			f.hits++
		}
	}
	b.clues[i] = nil
	b.setRatios()
}

// dare is a piece of the player's whose rank the enemy knows, that the
// player's last move put next to a hidden enemy piece: the enemy piece's
// square, the square and rank of the player's piece (see clueStay).
type dare struct {
	sq, at stratego.Square
	rank   stratego.Rank
}

// dared notes the dares of the player's quiet move m in the view v before
// it (see dare).
func (b *beliefs) dared(v stratego.View, m stratego.Move) {
	b.dares = b.dares[:0]
	if m.IsRescue() || m.From == stratego.NoSquare || m.To == stratego.NoSquare || v.Knowledge(m.From)&stratego.KnownRank == 0 {
		return
	}
	if _, ok := v.At(m.To); ok {
		return
	}
	p, ok := v.At(m.From)
	if !ok || p.Color() != b.me || !p.Rank().Movable() {
		return
	}
	h := v.Hidden()
	for _, n := range b.next.of(m.To) {
		if h.Has(n) && !adjacent(m.From, n) {
			b.dares = append(b.dares, dare{sq: n, at: m.To, rank: p.Rank()})
		}
	}
}

// judgeStay adds a clueStay to each hidden enemy piece of the dares that
// stands where it stood (a piece that moved left its square empty), next
// to the player's piece, after the enemy's move: it did not take it.
func (b *beliefs) judgeStay(v stratego.View) {
	h := v.Hidden()
	for _, d := range b.dares {
		if !h.Has(d.sq) {
			continue
		}
		if q, ok := v.At(d.at); !ok || q.Color() != b.me || q.Rank() != d.rank {
			continue
		}
		var favored uint16
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if b.rules.Army[rk] > 0 && (!rk.Movable() || stratego.Resolve(b.rules, rk, d.rank) != stratego.AttackerWins) {
				favored |= 1 << rk
			}
		}
		b.clue(v, d.sq, clueStay, favored)
	}
	b.dares = b.dares[:0]
}
