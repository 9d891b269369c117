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
	// retreatBias multiplies the weight of the ranks that lose to such a
	// piece, for a hidden enemy piece that stepped away from it.
	retreatBias = 2.0
	// maxBias bounds the product of the behaviour biases of one piece.
	maxBias = 30.0
)

// beliefs is a player's model of the hidden ranks of the enemy's pieces:
// for each enemy piece, the square it set up on (while the player has
// followed the game move by move) and what its behaviour suggests. Its
// weight for a hidden piece and a rank (logWeight) is the log-frequency of
// that rank on that setup square in real setups of the variant (the
// tables of ChooseSetup; none for a custom army) plus the log of its
// behaviour biases. The weight of a full assignment of ranks to the hidden
// pieces is the sum over them; the search draws its states in proportion
// to its exponential (importance resampling of uniform draws, see
// drawWeighted).
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
}

// newBeliefs returns the beliefs of player me under r.
func newBeliefs(r stratego.Rules, me stratego.Color) *beliefs {
	b := &beliefs{rules: r, me: me, ply: -1}
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
	}
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
	ev := v.LastEvent()
	if prev < 0 || ply != prev+2 || ev.Color != b.me.Opponent() {
		b.reset(v)
		return
	}
	m := ev.Move
	if m.IsRescue() || m.From == stratego.NoSquare || m.To == stratego.NoSquare {
		b.reset(v)
		return
	}
	from, to := m.From.Index(), m.To.Index()
	b.origin[to], b.bias[to] = b.origin[from], b.bias[from]
	b.origin[from], b.bias[from] = -1, [stratego.NumRanks]float32{}
	if ev.IsAttack() {
		return
	}
	b.judge(v, m.From, m.To)
}

// judge updates the bias of the hidden enemy piece that moved quietly
// from from to to: a step next to a piece of the player's whose rank the
// enemy knows makes the ranks that beat it likelier, a step away from one
// the ranks that lose to it.
func (b *beliefs) judge(v stratego.View, from, to stratego.Square) {
	b.judgeWith(v, from, to, func(sq stratego.Square) bool { return v.Knowledge(sq)&stratego.KnownRank != 0 })
}

// judgeWith is judge with known telling which of the player's pieces the
// enemy knows.
func (b *beliefs) judgeWith(v stratego.View, from, to stratego.Square, known func(stratego.Square) bool) {
	p, ok := v.At(to)
	if !ok || p.Rank() != stratego.Unknown {
		return
	}
	bias := &b.bias[to.Index()]
	near := func(a, c stratego.Square) bool {
		return abs(a.File()-c.File())+abs(a.Row()-c.Row()) == 1
	}
	for _, sq := range b.squares() {
		q, ok := v.At(sq)
		if !ok || q.Color() != b.me || !q.Rank().Movable() || !known(sq) {
			continue
		}
		before, after := near(from, sq), near(to, sq)
		var f float64
		var beats bool
		switch {
		case after && !before:
			f, beats = approachBias, true
		case before && !after:
			f, beats = retreatBias, false
		default:
			continue
		}
		lf := float32(math.Log(f))
		for rk := stratego.Spy; rk <= stratego.Marshal; rk++ {
			c := stratego.Resolve(b.rules, rk, q.Rank())
			if beats == (c == stratego.AttackerWins) {
				bias[rk] = min(bias[rk]+lf, float32(math.Log(maxBias)))
			}
		}
	}
}

// logWeight returns the log-weight of rank rk for the hidden enemy piece
// on sq (see beliefs).
func (b *beliefs) logWeight(sq stratego.Square, rk stratego.Rank) float64 {
	w := float64(b.bias[sq.Index()][rk])
	if o := b.origin[sq.Index()]; o >= 0 && b.model != nil {
		w += b.model.logp[o][rk]
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
