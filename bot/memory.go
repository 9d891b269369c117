package bot

import (
	"math"
	"sync"

	"github.com/stratego-go/stratego"
)

// Learner is a Player that learns from the games it plays. A referee
// (package referee's FromPlayer) tells it the name of its opponent
// before the game's setup and its own final view after the game.
type Learner interface {
	Player
	// Meet tells the player the name of its opponent in the next game.
	Meet(opponent string)
	// Learn tells the player its final view of the game it played.
	Learn(final stratego.View)
}

// Memory is what searching players learn of their opponents across
// games, by the opponent's name and the rules: the ranks they saw on each
// of the opponent's setup squares in every finished game (a program's
// setups repeat), and how the opponent's hidden pieces behave: how often
// one that stepped next to a piece whose rank it knew turned out to beat
// it, one that stepped away to lose to it, one that stepped next to
// an unknown moved piece to be a raider (a program may never bluff, or
// always probe), and one that stood next to a piece that a strong piece
// of the player's attacked to beat the attacker (a program may guard its
// pieces). A player given a Memory (Options.Memory) weighs the
// opponent's setup squares by it in the next games, besides the setup
// statistics of real players, and weighs those steps by what they showed.
// It is safe for concurrent use: the players of a match, one a game,
// share one.
type Memory struct {
	mu   sync.Mutex
	opp  map[memoryKey]*setupCounts
	clue map[memoryKey]*clueCounts
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{opp: map[memoryKey]*setupCounts{}, clue: map[memoryKey]*clueCounts{}}
}

// addClues adds the clues counted in one finished game.
func (m *Memory) addClues(opponent string, r stratego.Rules, c clueCounts) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{opponent, r.String()}
	if m.clue == nil {
		m.clue = map[memoryKey]*clueCounts{}
	}
	if m.clue[k] == nil {
		m.clue[k] = &clueCounts{}
	}
	m.clue[k].add(c)
}

// clues returns the clues counted in the finished games against the
// opponent under r.
func (m *Memory) clues(opponent string, r stratego.Rules) clueCounts {
	if m == nil {
		return clueCounts{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if c := m.clue[memoryKey{opponent, r.String()}]; c != nil {
		return *c
	}
	return clueCounts{}
}

// memoryKey names an opponent under rules.
type memoryKey struct {
	opponent string
	rules    string // stratego.Rules.String
}

// setupCounts are the ranks seen on each setup square of an opponent
// (by setupModel zone index, the opponent's own view).
type setupCounts struct {
	games int
	n     [][stratego.NumRanks]float64
	// moved and stayed count, per setup square, the games in which its
	// piece moved, and those in which it stood unmoved and hidden to
	// the end.
	moved, stayed []float64
	// compared counts the sightings on squares seen in an earlier game,
	// repeated those of a rank seen there before.
	compared, repeated int
	// mirrored counts the games whose sightings agreed better with the
	// counts in a mirror (the files reversed), and were counted so: a
	// program may mirror one setup at random.
	mirrored int
}

// weight returns the weight of the setup statistics in the learned
// prior, in sightings: from maxPriorWeight for an opponent whose setups
// are not seen to repeat down to minPriorWeight for one whose setups
// always do (by rate).
func (c *setupCounts) weight() float64 {
	return minPriorWeight + (maxPriorWeight-minPriorWeight)*(1-c.rate())
}

// Games returns how many finished games of the opponent under r the
// memory has learned from.
func (m *Memory) Games(opponent string, r stratego.Rules) int {
	if m == nil {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if c := m.opp[memoryKey{opponent, r.String()}]; c != nil {
		return c.games
	}
	return 0
}

// sightings is what a player saw of the opponent's setup in one game, by
// zone index: seen[i] is one more than the rank seen on zone square i (0
// for none), moved[i] whether its piece moved; stayed lists the squares
// whose pieces stood unmoved and hidden to the end.
type sightings struct {
	seen   []int8
	moved  []bool
	stayed []int
	// mirror is setupModel.mirror: with it, add counts the sightings
	// in the mirror when they agree better with the counts so.
	mirror []int
}

// flipped returns the sightings g in the mirror.
func (g sightings) flipped() sightings {
	f := sightings{seen: make([]int8, len(g.seen)), moved: make([]bool, len(g.moved)), mirror: g.mirror}
	for i, j := range g.mirror {
		if i < len(g.seen) && j < len(f.seen) {
			f.seen[j] = g.seen[i]
		}
		if i < len(g.moved) && j < len(f.moved) {
			f.moved[j] = g.moved[i]
		}
	}
	for _, i := range g.stayed {
		if i >= 0 && i < len(g.mirror) {
			f.stayed = append(f.stayed, g.mirror[i])
		}
	}
	return f
}

// agreement scores how well the sightings g agree with the counts c: one
// for each rank seen on a square where it was seen before, less one for
// each rank seen where another was always seen before, less one for each
// piece that moved from a square where only Bombs and Flags were seen.
func (c *setupCounts) agreement(g sightings) int {
	score := 0
	for i := range min(len(g.seen), len(c.n)) {
		total, fixed := 0.0, c.n[i][stratego.Bomb]+c.n[i][stratego.Flag]
		for _, x := range c.n[i] {
			total += x
		}
		if total == 0 {
			continue
		}
		if s := g.seen[i]; s > 0 {
			if c.n[i][s-1] > 0 {
				score++
			} else {
				score--
			}
		} else if i < len(g.moved) && g.moved[i] && fixed == total {
			score--
		}
	}
	return score
}

// add records what was seen in one finished game.
func (m *Memory) add(opponent string, r stratego.Rules, zones int, g sightings) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{opponent, r.String()}
	if m.opp == nil {
		m.opp = map[memoryKey]*setupCounts{}
	}
	c := m.opp[k]
	if c == nil || len(c.n) != zones {
		c = &setupCounts{n: make([][stratego.NumRanks]float64, zones), moved: make([]float64, zones), stayed: make([]float64, zones)}
		m.opp[k] = c
	}
	if len(g.mirror) == zones && c.games > 0 && c.agreement(g.flipped()) > c.agreement(g) {
		g = g.flipped()
		c.mirrored++
	}
	c.games++
	for i := range min(zones, len(g.moved)) {
		if g.moved[i] {
			c.moved[i]++
		}
	}
	for _, i := range g.stayed {
		if i >= 0 && i < zones {
			c.stayed[i]++
		}
	}
	for i, s := range g.seen[:zones] {
		if s <= 0 {
			continue
		}
		before := 0.0
		for _, x := range c.n[i] {
			before += x
		}
		if before > 0 {
			c.compared++
			if c.n[i][s-1] > 0 {
				c.repeated++
			}
		}
		c.n[i][s-1]++
	}
}

// mirrorLogOdds returns the log of the odds that the opponent's next
// setup under r is the mirror of the counts' (as many of its games
// were, with half a game each way added), and whether there are counts.
func (m *Memory) mirrorLogOdds(opponent string, r stratego.Rules) (float64, bool) {
	if m == nil {
		return 0, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.opp[memoryKey{opponent, r.String()}]
	if c == nil || c.games == 0 {
		return 0, false
	}
	return math.Log((float64(c.mirrored) + 0.5) / (float64(c.games-c.mirrored) + 0.5)), true
}

// The weight of the setup statistics in a learned setup prior, in
// sightings (see setupCounts.weight): against an opponent whose setups
// repeat, a rank seen once on a square has about half of its weight.
const (
	minPriorWeight = 0.5
	maxPriorWeight = 8.0
)

// logPrior returns the setup prior of the opponent under the model's
// rules: per zone square and rank the log of (w·p + n) / (w + N), p the
// frequency of the setup statistics, n the sightings of the rank there,
// N those of any rank, w the weight of the statistics (setupCounts.weight);
// nil when the memory has no sighting.
func (m *Memory) logPrior(opponent string, model *setupModel) [][stratego.NumRanks]float64 {
	if m == nil || model == nil {
		return nil
	}
	m.mu.Lock()
	c := m.opp[memoryKey{opponent, model.rules.String()}]
	var n [][stratego.NumRanks]float64
	var moved, stayed []float64
	w, rate := 0.0, 0.0
	if c != nil && len(c.n) == len(model.logp) {
		n = append(n, c.n...)
		moved, stayed = append(moved, c.moved...), append(stayed, c.stayed...)
		w, rate = c.weight(), c.rate()
	}
	m.mu.Unlock()
	if n == nil {
		return nil
	}
	out := make([][stratego.NumRanks]float64, len(model.logp))
	for i, lp := range model.logp {
		total, seen := 0.0, 0.0
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if model.army[rk] > 0 {
				total += math.Exp(lp[rk])
			}
			seen += n[i][rk]
		}
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			p := 0.0
			if model.army[rk] > 0 && total > 0 {
				p = math.Exp(lp[rk]) / total
			}
			out[i][rk] = math.Log((w*p + n[i][rk] + 1e-9) / (w + seen))
		}
		// Where no rank was seen: a square whose piece moved in a game
		// holds no Bomb or Flag in a setup that repeats; one whose piece
		// stood unmoved to the end of a game holds a movable rank only
		// if that piece never moved (stayRate of the time). With setups
		// that repeat at the rate rate, each game is such evidence with
		// that weight.
		if seen > 0 {
			continue
		}
		fixed := math.Log(1 - rate*(1-1e-3))
		still := math.Log(rate*stayRate + 1 - rate)
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if rk == stratego.Bomb || rk == stratego.Flag {
				out[i][rk] += moved[i] * fixed
			} else {
				out[i][rk] += stayed[i] * still
			}
		}
	}
	return out
}

// stayRate is how often a movable piece of a setup stands unmoved and
// hidden to the end of a game, for the evidence of Memory.logPrior.
const stayRate = 0.5

// rate estimates how often the opponent's setups repeat on a square
// (see weight): the repeats among the sightings compared, with a prior
// of one repeat in ten over five sightings, so that an opponent not yet
// seen to repeat is taken to vary.
func (c *setupCounts) rate() float64 {
	return (float64(c.repeated) + 0.5) / (float64(c.compared) + 5)
}
