package bot

import (
	"math"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// Setup model weights, in nats of the setup score.
const (
	// unguardedCost is the cost of each playable square next to the flag
	// that holds an own piece but no bomb, when the army has at least two
	// bombs; with one bomb it is a third of that, with none zero.
	unguardedCost = 2.5
	// clusterCost is the cost of two of the strongest pieces on adjacent
	// squares (or diagonal neighbours), where one lucky attack or one
	// bomb-wall finds both.
	clusterCost = 1.5
	// flankCost is the cost of the two strongest pieces on the same third
	// of the files, leaving the other flanks without a strong defender.
	flankCost = 0.7
	// emptyCost is the cost of each playable square next to the flag
	// left empty (outside the zone, or free in an army that does not
	// fill it), through which a Scout may strike the flag from afar.
	emptyCost = 5.0
	// setupSweeps is how many times, per square of the zone, the chooser
	// tries a swap of two squares.
	setupSweeps = 30
)

// ChooseSetup returns a setup for the rules r drawn from a model of how
// people set up, deterministic for the state of rng: the chooser of the
// Greedy and Search players, exported for programs that want a good
// setup for a human or another player; a nil rng draws from the global
// source of math/rand/v2. The error is r.Validate's.
//
// The model scores a setup with the log-frequency of each piece's square
// among real setups of the Gravon archive (the tables classicStats and
// barrageStats, from the project's shared data: 64,920 Classic and 3,944
// Barrage setups), plus three costs: squares next to the flag without a
// bomb (in Classic setups 88% of flags stand on the back row and 44% have
// only bombs and the board's edge around them), the strongest pieces next
// to each other, and the two strongest on one flank. The chooser draws a
// setup with the probability of that score (a Metropolis walk over swaps
// of two squares, started from a draw piece by piece), so its setups vary
// from seed to seed as people's do. Boards and zones of other shapes are
// mapped onto the 4×10 table by the relative row (from the back row of
// the zone) and the relative file; armies that do not fill their zone use
// the Barrage table for the ranks it has and the Classic table for the
// others.
func ChooseSetup(r stratego.Rules, rng *rand.Rand) (stratego.Setup, error) {
	if err := r.Validate(); err != nil {
		return stratego.Setup{}, err
	}
	if rng == nil {
		rng = rand.New(globalSource{})
	}
	m := newSetupModel(r)
	m.draw(rng)
	m.walk(rng)
	s := stratego.NewSetup(r)
	for i, sq := range m.zone {
		if rk := m.rank[i]; rk != stratego.NoRank {
			s.Put(sq, rk)
		}
	}
	return s, nil
}

// setupModel is the score of setups for one Rules value, and one setup
// being drawn.
type setupModel struct {
	rules    stratego.Rules
	zone     []stratego.Square            // the zone, owner's view
	logp     [][stratego.NumRanks]float64 // per zone square and rank: the log-frequency
	near     [][]int                      // per zone square: the zone indices next to it (4 directions)
	diag     [][]int                      // per zone square: the zone indices diagonally next to it
	open     []int                        // per zone square: playable squares next to it
	third    []int                        // per zone square: 0, 1 or 2, the third of the files
	rank     []stratego.Rank              // the setup: the rank on each zone square
	strong   [stratego.NumRanks]bool      // the strongest movable ranks of the army
	top      [2]stratego.Rank             // the two strongest ranks (NoRank when absent)
	bombCost float64                      // unguardedCost scaled by the bombs of the army
	index    map[stratego.Square]int      // zone square to index
	army     stratego.Army                // the army
	// mirror[i] is the index of the zone square that is square i seen
	// in a mirror (the files reversed); nil when the zone has no such
	// symmetry.
	mirror []int
}

func newSetupModel(r stratego.Rules) *setupModel {
	m := &setupModel{rules: r, army: r.Army, index: map[stratego.Square]int{}}
	minRow, maxRow := stratego.MaxSize, -1
	for sq := range r.Zone.All() {
		m.index[sq] = len(m.zone)
		m.zone = append(m.zone, sq)
		minRow, maxRow = min(minRow, sq.Row()), max(maxRow, sq.Row())
	}
	n := len(m.zone)
	m.logp = make([][stratego.NumRanks]float64, n)
	m.near = make([][]int, n)
	m.diag = make([][]int, n)
	m.open = make([]int, n)
	m.third = make([]int, n)
	m.rank = make([]stratego.Rank, n)
	fill := r.FillZone
	for i, sq := range m.zone {
		dr := 0
		if maxRow > minRow {
			dr = int(math.Round(float64(sq.Row()-minRow) * 3 / float64(maxRow-minRow)))
		}
		df := int(math.Round(float64(sq.File()) * 9 / float64(max(r.Width-1, 1))))
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			table := &classicStats
			if !fill && inBarrage(rk) {
				table = &barrageStats
			}
			m.logp[i][rk] = math.Log(float64(table[rk][dr*10+df]) + 1)
		}
		m.third[i] = 3 * sq.File() / r.Width
		for range r.Neighbors(sq) {
			m.open[i]++
		}
	}
	// The zone's neighbours are found in a second pass, once every square
	// has its index.
	for i, sq := range m.zone {
		f, w := sq.File(), sq.Row()
		for _, d := range [8][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			j, ok := m.index[stratego.SquareAt(f+d[0], w+d[1])]
			if !ok {
				continue
			}
			if d[0] == 0 || d[1] == 0 {
				m.near[i] = append(m.near[i], j)
			} else {
				m.diag[i] = append(m.diag[i], j)
			}
		}
	}
	m.mirror = make([]int, n)
	for i, sq := range m.zone {
		j, ok := m.index[stratego.SquareAt(r.Width-1-sq.File(), sq.Row())]
		if !ok {
			m.mirror = nil
			break
		}
		m.mirror[i] = j
	}
	switch b := r.Army[stratego.Bomb]; {
	case b >= 2:
		m.bombCost = unguardedCost
	case b == 1:
		m.bombCost = unguardedCost / 3
	}
	k := 0
	for rk := stratego.Marshal; rk >= stratego.Spy && k < 3; rk-- {
		if r.Army[rk] > 0 {
			m.strong[rk] = true
			if k < 2 {
				m.top[k] = rk
			}
			k++
		}
	}
	return m
}

// inBarrage reports whether the Barrage army has rank rk.
func inBarrage(rk stratego.Rank) bool { return stratego.Barrage().Army[rk] > 0 }

// score is the log-score of the setup in m.rank.
func (m *setupModel) score() float64 {
	s := 0.0
	for i, rk := range m.rank {
		if rk == stratego.NoRank {
			continue
		}
		s += m.logp[i][rk]
		switch {
		case rk == stratego.Flag:
			s -= m.flagCost(i)
		case m.strong[rk]:
			for _, j := range m.near[i] {
				if j > i && m.strong[m.rank[j]] {
					s -= clusterCost
				}
			}
			for _, j := range m.diag[i] {
				if j > i && m.strong[m.rank[j]] {
					s -= clusterCost / 2
				}
			}
		}
	}
	if m.top[1] != stratego.NoRank {
		var thirds [2][3]int
		for i, rk := range m.rank {
			for k := range m.top {
				if rk == m.top[k] {
					thirds[k][m.third[i]]++
				}
			}
		}
		for t := range 3 {
			if thirds[0][t] > 0 && thirds[1][t] > 0 {
				s -= flankCost
			}
		}
	}
	return s
}

// flagCost is the cost of the flag on zone square i: bombCost for each
// playable square next to it that holds another own piece, emptyCost for
// each that holds none.
func (m *setupModel) flagCost(i int) float64 {
	empty := m.open[i] - len(m.near[i])
	guarded := 0
	for _, j := range m.near[i] {
		switch m.rank[j] {
		case stratego.NoRank:
			empty++
		case stratego.Bomb:
			guarded++
		}
	}
	return emptyCost*float64(empty) + m.bombCost*float64(m.open[i]-empty-guarded)
}

// draw places the army piece by piece: the flag, the bombs, then the
// other ranks from the strongest down, each on a free square drawn with
// the weight of its frequency (bombs next to the flag favoured).
func (m *setupModel) draw(rng *rand.Rand) {
	order := []stratego.Rank{stratego.Flag, stratego.Bomb}
	for rk := stratego.Marshal; rk >= stratego.Spy; rk-- {
		order = append(order, rk)
	}
	w := make([]float64, len(m.zone))
	for _, rk := range order {
		for range m.army[rk] {
			total := 0.0
			for i := range m.zone {
				w[i] = 0
				if m.rank[i] != stratego.NoRank {
					continue
				}
				w[i] = math.Exp(m.logp[i][rk])
				if rk == stratego.Bomb {
					for _, j := range m.near[i] {
						if m.rank[j] == stratego.Flag {
							w[i] *= 4
						}
					}
				}
				total += w[i]
			}
			x := rng.Float64() * total
			pick := -1
			for i := range m.zone {
				if w[i] == 0 {
					continue
				}
				pick = i
				if x -= w[i]; x < 0 {
					break
				}
			}
			m.rank[pick] = rk
		}
	}
}

// walk runs the Metropolis walk: swaps of two zone squares of different
// contents, kept with the probability min(1, exp(gain)).
func (m *setupModel) walk(rng *rand.Rand) {
	n := len(m.zone)
	if n < 2 {
		return
	}
	cur := m.score()
	for range setupSweeps * n {
		i, j := rng.IntN(n), rng.IntN(n)
		if m.rank[i] == m.rank[j] {
			continue
		}
		m.rank[i], m.rank[j] = m.rank[j], m.rank[i]
		next := m.score()
		if d := next - cur; d >= 0 || rng.Float64() < math.Exp(d) {
			cur = next
			continue
		}
		m.rank[i], m.rank[j] = m.rank[j], m.rank[i]
	}
}

// globalSource draws from the global source of math/rand/v2 (safe for
// concurrent use), for a nil rng.
type globalSource struct{}

func (globalSource) Uint64() uint64 { return rand.Uint64() }
