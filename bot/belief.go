package bot

import (
	"math"

	"github.com/stratego-go/stratego"
)

// Belief weights.
const (
	// approachBias multiplies the weight of the ranks that beat a piece of
	// the player's whose rank the enemy knows, for a hidden enemy piece
	// that stepped next to it without attacking (strong pieces hunt known
	// ones; a bluff remains possible, so the others keep their weight).
	approachBias = 3.0
	// stayBias multiplies the weight of the ranks that do not beat a
	// piece of the player's whose rank the enemy knows, for a hidden
	// enemy piece that the player's piece stepped next to and that did
	// not take it.
	stayBias = 3.0
	// guardBias is the default likelihood ratio of clueGuard: a piece
	// next to one that a strong piece of the player's attacks is twice as
	// likely as chance to beat the attacker, before the opponent's own
	// games show how it guards.
	guardBias = 2.0
	// retreatBias multiplies the weight of the ranks that lose to such a
	// piece, for a hidden enemy piece that stepped away from it.
	retreatBias = 2.0
	// maxBias bounds the product of the behaviour biases of one piece.
	maxBias = 30.0
	// minerBias multiplies the weight of the Miner for a hidden enemy
	// piece that steps next to a Bomb or the Flag of the player's.
	minerBias = 2.0
	// raidBias multiplies the weight of the ranks that beat most of the
	// player's moved pieces whose ranks the enemy does not know, for a
	// hidden enemy piece that steps next to one of them: strong pieces
	// raid unknown movers (a cheap piece probing is the other reading,
	// and keeps its weight).
	raidBias = 2.0
	// raidShare is the share of those pieces a rank must beat to count
	// as a raider's.
	raidShare = 0.6
	// stillScale and maxStill: a hidden enemy piece that has not moved
	// although it could (a free square or a piece of the player's next
	// to it) for k of the enemy's turns is a Bomb or the Flag 1+k/stillScale
	// times as often as its prior says, at most maxStill times.
	stillScale = 40.0
	maxStill   = 6.0
	// spyGeneralBias multiplies the weight of the Spy for a hidden enemy
	// piece that set up next to the setup square where the player has
	// seen the enemy's General: players keep the Spy beside the General,
	// to take the Marshal that takes it. In the 64,920 classic setups of
	// Gravon players collected by the Ataraxos project the Spy stands next
	// to the General in 43% of them, 3.1 times as often on those squares
	// as the squares' own frequencies say (4.3 times in its 3,944 Barrage
	// setups; TestSpyGeneralBias measures both when the data is at hand).
	spyGeneralBias = 3.0
)

// beliefs is a player's model of the hidden ranks of the enemy's pieces:
// for each enemy piece, the square it set up on (while the player has
// followed the game move by move) and what its behaviour suggests. Its
// weight for a hidden piece and a rank (logWeight) is the log-frequency of
// that rank on that setup square in real setups of the variant (the
// tables of ChooseSetup; none for a custom army), for the Spy beside the
// setup square of a General seen plus the log of spyGeneralBias, plus
// the log of its behaviour biases. The weight of a full assignment of
// ranks to the hidden pieces is the sum over them; the search draws its
// states in proportion to its exponential (importance resampling of
// uniform draws, see drawWeighted).
type beliefs struct {
	rules stratego.Rules
	me    stratego.Color
	model *setupModel // nil: no setup prior (a custom army)
	// ply is the ply of the last view seen; -1 before the first one.
	ply int
	// origin[sq] is the zone index (setupModel.index) of the setup square
	// of the enemy piece on board square sq, or -1 unknown.
	origin [stratego.MaxSquares]int16
	// bias[sq] is the log of the behaviour bias per rank of the enemy
	// piece on sq.
	bias [stratego.MaxSquares][stratego.NumRanks]float32
	// still[sq] counts the enemy's turns in which the unmoved hidden
	// enemy piece on sq could have moved and did not.
	still [stratego.MaxSquares]uint16
	// prior, when not nil, replaces model.logp: the setup prior learned
	// of this opponent (Memory.logPrior).
	prior [][stratego.NumRanks]float64
	// flip, when not nil, is prior in the mirror (the files reversed),
	// flipOdds the log of the odds before this game's sightings that
	// the opponent set up so (Memory.mirrorLogOdds), and mixed the
	// prior that replaces prior: the mixture of the two by what this
	// game showed (mix).
	flip, mixed [][stratego.NumRanks]float64
	flipOdds    float64
	// seen[i] is one more than the rank seen this game on the enemy's
	// setup square of zone index i (0: none); pending is the zone index
	// of the enemy piece the player's last move attacked (-1: none), and
	// captured the enemy's captured army at the last view.
	seen     [stratego.MaxSquares]int8
	moved    [stratego.MaxSquares]bool // by zone index: the piece set up there moved
	pending  int16
	captured stratego.Army
	// nearGeneral[i] is true when the zone square of index i is next
	// to the setup square on which the player has seen the enemy's
	// General this game.
	nearGeneral [stratego.MaxSquares]bool
	// stillScale, maxStill and spyGeneral are the constants stillScale,
	// maxStill and spyGeneralBias unless the search's tuning sets them.
	stillScale, maxStill, spyGeneral float64
	// next lists the squares next to each square (shared, not copied
	// with the beliefs).
	next *neighbours
	// clues[sq] are the clues of the hidden enemy piece on sq whose rank
	// has not shown yet (see clue); pendingSq is the square of the
	// enemy piece the player's last move attacked (NoSquare: none).
	clues     [stratego.MaxSquares][]clue
	pendingSq stratego.Square
	// dares are those of the player's last move (see dare).
	dares []dare
	// learned are the clues counted in earlier games against this
	// opponent (Memory), found those counted in this game; ratio is
	// the log likelihood ratio of each kind of clue that both show,
	// and biasCap the bound of the log of a piece's behaviour bias
	// (setRatios).
	learned, found clueCounts
	ratio          [numClues]float64
	biasCap        float64
}

// newBeliefs returns the beliefs of player me under r.
func newBeliefs(r stratego.Rules, me stratego.Color) *beliefs {
	b := &beliefs{rules: r, me: me, ply: -1, pending: -1, pendingSq: stratego.NoSquare, stillScale: stillScale, maxStill: maxStill, spyGeneral: spyGeneralBias, next: newNeighbours(r)}
	b.setRatios()
	if presetArmy(r.Army) {
		b.model = newSetupModel(r)
	}
	return b
}

// presetArmy reports whether a is the army of one of the presets, whose
// players set up like the people of the Gravon archive.
func presetArmy(a stratego.Army) bool {
	for _, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage(), stratego.Duel(), stratego.DuelHasbro(),
		stratego.QuickBattle(), stratego.UltimateLightning(), stratego.Vintage(), stratego.Gravon()} {
		if r.Army == a {
			return true
		}
	}
	return false
}

// reset forgets the pieces' history: an unmoved enemy piece stands where
// it set up, a moved one's setup square is unknown (but in the first two
// plies, when the one enemy move is the view's last event).
func (b *beliefs) reset(v stratego.View) {
	for i := range b.origin {
		b.origin[i] = -1
		b.bias[i] = [stratego.NumRanks]float32{}
		b.still[i] = 0
		b.clues[i] = nil
	}
	b.pending, b.pendingSq = -1, stratego.NoSquare
	b.dares = b.dares[:0]
	b.captured = v.Captured(b.me.Opponent())
	if b.model == nil {
		return
	}
	enemy := b.me.Opponent()
	for _, sq := range b.squares() {
		p, ok := v.At(sq)
		if !ok || p.Color() != enemy || v.Knowledge(sq)&stratego.KnownMoved != 0 {
			continue
		}
		b.origin[sq.Index()] = b.zoneIndex(sq)
	}
	// Early on, the enemy has made one move at most: the last one.
	if ev := v.LastEvent(); v.Ply() <= 2 && ev.Color == enemy && !ev.Move.IsRescue() && ev.Move.From != stratego.NoSquare {
		if p, ok := v.At(ev.Move.To); ok && p.Color() == enemy {
			b.origin[ev.Move.To.Index()] = b.zoneIndex(ev.Move.From)
		}
	}
}

// zoneIndex returns the zone index of the enemy's setup square that board
// square sq is, or -1.
func (b *beliefs) zoneIndex(sq stratego.Square) int16 {
	chair := sq
	if b.me.Opponent() == stratego.Blue {
		chair = stratego.SquareAt(b.rules.Width-1-sq.File(), b.rules.Height-1-sq.Row())
	}
	if i, ok := b.model.index[chair]; ok {
		return int16(i)
	}
	return -1
}

// squares returns the playable squares.
func (b *beliefs) squares() []stratego.Square {
	var out []stratego.Square
	for i := range stratego.MaxSquares {
		if sq := stratego.SquareFromIndex(i); b.rules.OnBoard(sq) {
			out = append(out, sq)
		}
	}
	return out
}

// observe brings the beliefs up to the view v of the player's turn: when v
// is two plies after the last view seen, it follows the enemy's move
// since (the view's last event) and judges it; otherwise it starts again
// from what v shows.
func (b *beliefs) observe(v stratego.View) {
	ply := v.Ply()
	prev := b.ply
	b.ply = ply
	if prev >= 0 && ply == prev+2 {
		b.revealTaken(v)
	}
	b.pendingSq = stratego.NoSquare
	ev := v.LastEvent()
	if prev < 0 || ply != prev+2 || ev.Color != b.me.Opponent() {
		b.reset(v)
		b.note(v)
		return
	}
	m := ev.Move
	if m.IsRescue() || m.From == stratego.NoSquare || m.To == stratego.NoSquare {
		b.reset(v)
		b.note(v)
		return
	}
	from, to := m.From.Index(), m.To.Index()
	if ev.IsAttack() && ev.Combat != stratego.AttackerWins {
		// The attacker was shown and removed: not the piece of the
		// player's last attack (note).
		b.saw(b.origin[from], ev.Piece.Rank())
		b.reveal(m.From, ev.Piece.Rank())
		b.captured[ev.Piece.Rank()]++
	}
	if o := b.origin[from]; o >= 0 && int(o) < len(b.moved) {
		b.moved[o] = true
	}
	b.origin[to], b.bias[to], b.still[to], b.clues[to] = b.origin[from], b.bias[from], 0, b.clues[from]
	b.origin[from], b.bias[from], b.still[from], b.clues[from] = -1, [stratego.NumRanks]float32{}, 0, nil
	b.note(v)
	b.judgeStay(v)
	if ev.IsAttack() {
		return
	}
	b.judge(v, m.From, m.To)
}

// usePrior sets the setup prior learned of the opponent, prior, and the
// log-odds flipOdds that the opponent sets up in its mirror this game
// (see flip); mirrorOK tells whether the memory knows those odds.
func (b *beliefs) usePrior(prior [][stratego.NumRanks]float64, flipOdds float64, mirrorOK bool) {
	b.prior, b.flip, b.mixed = prior, nil, nil
	if prior == nil || !mirrorOK || b.model == nil || len(b.model.mirror) != len(prior) {
		return
	}
	b.flip = make([][stratego.NumRanks]float64, len(prior))
	for i, j := range b.model.mirror {
		b.flip[i] = prior[j]
	}
	b.flipOdds = flipOdds
	b.mixed = make([][stratego.NumRanks]float64, len(prior))
	b.mix()
}

// mix sets the mixed prior: the prior and its mirror weighed by the
// probability of each given the ranks seen on the enemy's setup squares
// this game and the squares whose pieces moved (no Bomb, no Flag), each
// square's distribution normalized (a constant per square changes no
// state's weight against another's).
func (b *beliefs) mix() {
	if b.mixed == nil {
		return
	}
	lse := func(p *[stratego.NumRanks]float64) float64 {
		top := math.Inf(-1)
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			top = max(top, p[rk])
		}
		sum := 0.0
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			sum += math.Exp(p[rk] - top)
		}
		return top + math.Log(sum)
	}
	movable := func(p *[stratego.NumRanks]float64, norm float64) float64 {
		fixed := math.Exp(p[stratego.Bomb]-norm) + math.Exp(p[stratego.Flag]-norm)
		return math.Log(max(1-fixed, 1e-9))
	}
	lo := b.flipOdds
	norms := make([][2]float64, len(b.prior))
	for i := range b.prior {
		na, nf := lse(&b.prior[i]), lse(&b.flip[i])
		norms[i] = [2]float64{na, nf}
		switch s := b.seen[i]; {
		case s > 0:
			lo += (b.flip[i][s-1] - nf) - (b.prior[i][s-1] - na)
		case b.moved[i]:
			lo += movable(&b.flip[i], nf) - movable(&b.prior[i], na)
		}
	}
	pf := 1 / (1 + math.Exp(-lo))
	for i := range b.prior {
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			a := math.Exp(b.prior[i][rk] - norms[i][0])
			f := math.Exp(b.flip[i][rk] - norms[i][1])
			b.mixed[i][rk] = math.Log(max((1-pf)*a+pf*f, 1e-300))
		}
	}
}

// saw records that the enemy set up a piece of rank rk on the setup
// square of zone index zone, and for the General the zone squares next
// to it (nearGeneral).
func (b *beliefs) saw(zone int16, rk stratego.Rank) {
	if zone < 0 || int(zone) >= len(b.seen) || rk < stratego.Spy || rk > stratego.Flag {
		return
	}
	b.seen[zone] = int8(rk) + 1
	if rk == stratego.General && b.model != nil && int(zone) < len(b.model.near) {
		for _, n := range b.model.near[zone] {
			b.nearGeneral[n] = true
		}
	}
}

// taken returns the rank of the enemy's pieces captured, by the enemy's
// captured army captured, since the last view (less the ones the last
// event accounts for, which observe adds), and how many they are.
func (b *beliefs) taken(captured stratego.Army) (stratego.Rank, int) {
	var rk stratego.Rank
	n := 0
	for r, c := range captured {
		if d := int(c) - int(b.captured[r]); d > 0 {
			n += d
			rk = stratego.Rank(r)
		}
	}
	return rk, n
}

// revealTaken counts the clues of the enemy piece that the player's last
// move attacked (pendingSq), when it took it: it is the one enemy piece
// captured since the last view besides an attacker of the enemy's last
// move. It runs before the enemy's move moves the clues, which a piece
// recapturing on that square would replace.
func (b *beliefs) revealTaken(v stratego.View) {
	sq := b.pendingSq
	if sq == stratego.NoSquare {
		return
	}
	b.pendingSq = stratego.NoSquare
	captured := v.Captured(b.me.Opponent())
	if ev := v.LastEvent(); ev.Color == b.me.Opponent() && ev.IsAttack() && ev.Combat != stratego.AttackerWins {
		if r := ev.Piece.Rank(); captured[r] > 0 {
			captured[r]--
		}
	}
	if rk, n := b.taken(captured); n == 1 {
		b.reveal(sq, rk)
	}
}

// note records what the view v shows of the enemy's setup: the ranks of
// the enemy pieces it shows whose setup squares are known, and the rank
// of the piece the player's last attack removed (the enemy's captured
// pieces since the last view, less the ones the last event accounts
// for); reveals the clues of the pieces whose rank shows (reveal); counts
// the turns in which each unmoved hidden enemy piece could have moved
// (still); and mixes the learned prior with its mirror by what the game
// has shown (mix).
func (b *beliefs) note(v stratego.View) {
	enemy := b.me.Opponent()
	captured := v.Captured(enemy)
	if b.pending >= 0 {
		if rk, n := b.taken(captured); n == 1 {
			b.saw(b.pending, rk)
		}
		b.pending = -1
	}
	b.captured = captured
	for _, sq := range b.squares() {
		p, ok := v.At(sq)
		if !ok || p.Color() != enemy {
			continue
		}
		i := sq.Index()
		if p.Rank() != stratego.Unknown {
			b.saw(b.origin[i], p.Rank())
			b.reveal(sq, p.Rank())
			continue
		}
		if v.Knowledge(sq)&stratego.KnownMoved == 0 && b.free(v, sq) && b.still[i] < math.MaxUint16 {
			b.still[i]++
		}
	}
	b.mix()
}

// free reports whether the piece on sq has a square next to it that is
// empty or holds a piece of the player's.
func (b *beliefs) free(v stratego.View, sq stratego.Square) bool {
	for _, n := range b.next.of(sq) {
		if q, ok := v.At(n); !ok || q.Color() == b.me {
			return true
		}
	}
	return false
}

// played notes the player's move m in the view v: an attack on an enemy
// piece shows that piece's rank, which the next view tells (note, for
// the setup square; revealTaken, for the clues); a quiet step of a piece
// whose rank the enemy knows next to hidden enemy pieces dares them
// (dared, judgeStay).
func (b *beliefs) played(v stratego.View, m stratego.Move) {
	b.pending, b.pendingSq = -1, stratego.NoSquare
	b.dared(v, m)
	if m.IsRescue() || m.To == stratego.NoSquare {
		return
	}
	if p, ok := v.At(m.To); ok && p.Color() == b.me.Opponent() {
		b.pending, b.pendingSq = b.origin[m.To.Index()], m.To
		b.guarded(v, m)
	}
}

// guarded adds a clueGuard to each hidden enemy piece next to the enemy
// piece that the player's attack m (in the view v before it) attacks,
// when the attacker is worth exposureFloor or more: the ranks that beat
// the attacker are favoured.
func (b *beliefs) guarded(v stratego.View, m stratego.Move) {
	a, ok := v.At(m.From)
	if !ok || a.Color() != b.me || baseValue[a.Rank()] < exposureFloor {
		return
	}
	favored := beaters(b.rules, a.Rank())
	h := v.Hidden()
	for _, n := range b.next.of(m.To) {
		if n != m.From && h.Has(n) {
			b.clue(v, n, clueGuard, favored)
		}
	}
}

// movableRanks is the set of the movable ranks, Spy to Marshal, as bits.
const movableRanks uint16 = 1<<(stratego.Marshal+1) - 1<<stratego.Spy

// beaters returns the movable ranks that beat a piece of rank rk when
// they attack it under r, as a set of bits (the approach clue's and the
// guard clue's favoured ranks).
func beaters(r stratego.Rules, rk stratego.Rank) uint16 {
	var set uint16
	for a := stratego.Spy; a <= stratego.Marshal; a++ {
		if stratego.Resolve(r, a, rk) == stratego.AttackerWins {
			set |= 1 << a
		}
	}
	return set
}

// learn notes the final view v of the game (see Learner): the last move
// when it was the player's (an attack shows its defender), else as
// observe.
//
// It returns the zone indices of the enemy pieces that stand unmoved and
// hidden on their setup squares at the end.
func (b *beliefs) learn(v stratego.View) []int {
	ev := v.LastEvent()
	switch {
	case ev.Color == b.me && v.Ply() == b.ply+1:
		if ev.IsAttack() && ev.Move.To != stratego.NoSquare {
			b.saw(b.origin[ev.Move.To.Index()], ev.Defender.Rank())
			b.reveal(ev.Move.To, ev.Defender.Rank())
		}
		b.pending, b.pendingSq = -1, stratego.NoSquare
	case v.Ply() == b.ply+2:
		b.observe(v)
	}
	var stayed []int
	if b.model == nil {
		return nil
	}
	h := v.Hidden()
	for _, sq := range b.squares() {
		if h.Has(sq) && v.Knowledge(sq)&stratego.KnownMoved == 0 {
			if z := b.zoneIndex(sq); z >= 0 {
				stayed = append(stayed, int(z))
			}
		}
	}
	return stayed
}

// judge updates the bias of the hidden enemy piece that moved quietly
// from from to to: a step next to a piece of the player's whose rank the
// enemy knows makes the ranks that beat it likelier, a step away from one
// the ranks that lose to it.
func (b *beliefs) judge(v stratego.View, from, to stratego.Square) {
	b.judgeWith(v, from, to, func(sq stratego.Square) bool { return v.Knowledge(sq)&stratego.KnownRank != 0 })
	b.judgeMiner(v, from, to)
	b.judgeRaid(v, from, to)
}

// judgeRaid makes the raiders' ranks likelier for the hidden enemy piece
// that moved quietly from from to to when it stepped next to a moved
// piece of the player's whose rank the enemy does not know, that it was
// not next to before: the ranks that beat at least raidShare of the
// player's pieces of that kind (moved, rank not shown).
func (b *beliefs) judgeRaid(v stratego.View, from, to stratego.Square) {
	p, ok := v.At(to)
	if !ok || p.Rank() != stratego.Unknown {
		return
	}
	approached := false
	var movers [stratego.NumRanks]int
	n := 0
	for _, sq := range b.squares() {
		q, ok := v.At(sq)
		if !ok || q.Color() != b.me || v.Knowledge(sq)&(stratego.KnownRank|stratego.KnownMoved) != stratego.KnownMoved {
			continue
		}
		movers[q.Rank()]++
		n++
		if adjacent(to, sq) && !adjacent(from, sq) {
			approached = true
		}
	}
	if !approached {
		return
	}
	var favored uint16
	for rk := stratego.Spy; rk <= stratego.Marshal; rk++ {
		beats := 0
		for r, c := range movers {
			if c > 0 && stratego.Resolve(b.rules, rk, stratego.Rank(r)) == stratego.AttackerWins {
				beats += c
			}
		}
		if float64(beats) >= raidShare*float64(n) {
			favored |= 1 << rk
		}
	}
	b.clue(v, to, clueRaid, favored)
}

// judgeMiner makes the Miner likelier for the hidden enemy piece that
// moved quietly from from to to when it stepped next to a Bomb or the
// Flag of the player's that it was not next to before: bombs wall in a
// flag, and the pieces sent into them are Miners.
func (b *beliefs) judgeMiner(v stratego.View, from, to stratego.Square) {
	p, ok := v.At(to)
	if !ok || p.Rank() != stratego.Unknown {
		return
	}
	for _, sq := range b.next.of(to) {
		if adjacent(from, sq) {
			continue
		}
		if q, ok := v.At(sq); ok && q.Color() == b.me && (q.Rank() == stratego.Bomb || q.Rank() == stratego.Flag) {
			bias := &b.bias[to.Index()][stratego.Miner]
			*bias = min(*bias+float32(math.Log(minerBias)), float32(math.Log(maxBias)))
			return
		}
	}
}

// judgeWith is judge with known telling which of the player's pieces the
// enemy knows.
func (b *beliefs) judgeWith(v stratego.View, from, to stratego.Square, known func(stratego.Square) bool) {
	p, ok := v.At(to)
	if !ok || p.Rank() != stratego.Unknown {
		return
	}
	for _, sq := range b.squares() {
		q, ok := v.At(sq)
		if !ok || q.Color() != b.me || !q.Rank().Movable() || !known(sq) {
			continue
		}
		before, after := adjacent(from, sq), adjacent(to, sq)
		var k clueKind
		switch {
		case after && !before:
			k = clueApproach
		case before && !after:
			k = clueRetreat
		default:
			continue
		}
		favored := beaters(b.rules, q.Rank())
		if k == clueRetreat {
			favored = ^favored & movableRanks
		}
		b.clue(v, to, k, favored)
	}
}

// logWeight returns the log-weight of rank rk for the hidden enemy piece
// on sq (see beliefs).
func (b *beliefs) logWeight(sq stratego.Square, rk stratego.Rank) float64 {
	i := sq.Index()
	w := float64(b.bias[i][rk])
	if o := b.origin[i]; o >= 0 && b.model != nil {
		if b.mixed != nil {
			w += b.mixed[o][rk]
		} else if b.prior != nil {
			w += b.prior[o][rk]
		} else {
			w += b.model.logp[o][rk]
		}
		if rk == stratego.Spy && b.nearGeneral[o] {
			w += math.Log(b.spyGeneral)
		}
	}
	if k := b.still[i]; k > 0 && (rk == stratego.Bomb || rk == stratego.Flag) {
		w += math.Log(min(1+float64(k)/b.stillScale, b.maxStill))
	}
	return w
}

// logWeightOf returns the log-weight of the ranks that the state s gives
// the pieces hidden from the player in the view it was drawn from.
func (b *beliefs) logWeightOf(s stratego.State, hidden []stratego.Square) float64 {
	w := 0.0
	for _, sq := range hidden {
		if p, ok := s.At(sq); ok {
			w += b.logWeight(sq, p.Rank())
		}
	}
	return w
}

// hiddenSquares returns the squares of the enemy's pieces whose rank the
// view v hides.
func hiddenSquares(v stratego.View, dst []stratego.Square) []stratego.Square {
	dst = dst[:0]
	h := v.Hidden()
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		if h.Has(sq) {
			dst = append(dst, sq)
		}
	}
	return dst
}

// adjacent reports whether the squares a and c are next to each other.
func adjacent(a, c stratego.Square) bool { return manhattan[a][c] == 1 }
