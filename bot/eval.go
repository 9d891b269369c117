package bot

import (
	"math"

	"github.com/stratego-go/stratego"
)

// baseValue is the material value of each rank in points (a Scout is 8),
// set by hand in the usual order of Stratego programs: the Marshal and the
// General far above the rest, Miners above their strength because only
// they clear bombs, the Spy worth a Captain while the enemy Marshal lives.
// evaluator.values adjusts the Spy and the Miners to the position.
var baseValue = [stratego.NumRanks]float64{
	stratego.Spy:        30,
	stratego.Scout:      8,
	stratego.Miner:      20,
	stratego.Sergeant:   12,
	stratego.Lieutenant: 18,
	stratego.Captain:    30,
	stratego.Major:      50,
	stratego.Colonel:    80,
	stratego.General:    130,
	stratego.Marshal:    200,
	stratego.Bomb:       10,
	stratego.Flag:       0,
}

// Evaluation weights.
const (
	// topFactor multiplies the worth of the Marshals and the Generals
	// (baseValue) in the evaluation of the search player (Search; its
	// setting top) and its exposure correction, not in MCTS's playouts.
	// 1.5 was screened against DOI at a fixed budget (docs/strength.md):
	// fewer Marshals lost to the Spy with one seed, none fewer with
	// another, more Generals lost to a hidden Marshal; not kept.
	topFactor = 1.0
	// shownFactor is the part of its value that a piece keeps once the
	// enemy has seen its rank: a hidden piece threatens more than it is,
	// and a known strong piece is hunted (the Spy waits for a known
	// Marshal). It is what keeps the search from showing its strong
	// pieces without a gain.
	shownFactor = 0.85
	// hiddenTopFactor is the part of its worth that a Marshal or a
	// General gains while the enemy has not seen its rank, on top of
	// shownFactor's discount of a shown piece. Unlike a smaller
	// shownFactor it makes showing the rank dearer without making the
	// loss of a shown Marshal or General cheaper: a program that finds
	// them hunts the rest with its next pieces, which then beat
	// everything near them (DOI's attrition). Off by default (a setting
	// of Search: hiddentop).
	hiddenTopFactor = 0.0
	// flagWeight is the value of one square of distance between the
	// nearest movable piece of a side and the enemy flag, for the attack
	// (closing in) and the defence (keeping the enemy away).
	flagWeight = 1.0
	// threatValue is the value of a movable piece next to the enemy flag;
	// at distance d it is threatValue·threatDecay^(d-1), up to distance
	// 10. The defence counts it in full against the player; the attack,
	// where the flag is only sampled, counts attackShare of it.
	threatValue = 80.0
	threatDecay = 0.7
	attackShare = 0.5
	// openCost is the cost of each empty playable square next to the
	// player's own flag, a door for a Scout's strike from afar.
	openCost = 12.0
	// chaseWeight is the part of its worth that a shown piece loses
	// when it is trapped: while a shown enemy piece that beats it stands
	// within huntRadius squares, it loses chaseWeight times its worth times the
	// share of trapRoom that its room falls short of (see
	// evaluator.room: the free squares it reaches before any shown enemy
	// piece that beats it). A hunted piece that flees into a corner or a
	// dead end is lost a few moves later, beyond the search's horizon.
	// The hunter's side gains it.
	chaseWeight = 0.5
	// trapRoom is the room in which a hunted piece counts as free.
	trapRoom = 6
	// huntRadius is the distance within which a shown enemy piece that
	// beats a shown piece hunts it.
	huntRadius = 3
	// pursuitWeight is the part of its worth that a shown piece loses
	// for the enemy's nearest movable piece that beats it, at distance
	// d: pursuitWeight·pursuitDecay^(d-1), up to pursuitReach squares.
	// A shown piece that takes the player's pieces far from the player's
	// pieces that beat it is out of the search's reach; the term draws
	// those pieces to it (and keeps a shown piece away from the enemy's
	// that beat it).
	pursuitWeight = 0.25
	pursuitDecay  = 0.75
	pursuitReach  = 10
	// deepWeight is the pursuit's weight again for a shown piece that
	// stands in the enemy's setup zone: among the enemy's unmoved
	// pieces and bombs a hunted piece finds no way out, and the trap
	// closes beyond the search's horizon (Peter Lewis's bot takes the
	// shown General of the search with its Marshal in its own rows). Off
	// by default (a setting of Search: deep): screened against that bot
	// at a fixed budget (docs/strength.md), 1 kept the General out of
	// his rows and lost more games, the material its raids there won.
	deepWeight = 0.0
	// preyWeight is the part of its worth that a moved piece whose rank
	// the enemy has not seen loses for the nearest shown enemy piece
	// that beats it and that no piece of its side beats (by default no
	// piece whose rank the enemy has not seen: preyHiddenOnly), at
	// distance d: preyWeight·pursuitDecay^(d-1), up to pursuitReach
	// squares. Such a piece (a General once the Marshal is gone, or
	// shown far away) takes moved pieces one after the other without
	// risk, whatever their ranks: the term draws the player's own such
	// piece to the enemy's moved pieces and makes the player meet the
	// enemy's one (trade it, or keep its pieces away) before it has
	// taken them, beyond the search's horizon. A setting of Search
	// (prey); screened against Peter Lewis's bot and DOI at a fixed
	// budget (docs/strength.md), it took the points lost to such pieces
	// down by two fifths to a half, without more games won; in
	// self-play against prey=0, 65% under ISF, 46% under Barrage.
	preyWeight = 0.25
	// preyHiddenOnly is the default of the setting preyhidden (see
	// evaluator.preyHidden): only a piece whose rank the enemy has not
	// seen counts as beating a preying piece.
	preyHiddenOnly = true
	// evalScale turns a point difference into a reward: the reward of a
	// difference d is (1 + tanh(d/evalScale)) / 2. Search squashes its
	// root moves' points by evalScale in a move of a small budget and by
	// the flatter rewardScale in a long one (see moveScale).
	evalScale = 60.0
	// rewardScale is the default of the setting scale, the reward scale
	// of a search of flatNodes nodes or more: the ends of recorded games
	// follow the points far less steeply than evalScale (a scale of 290
	// to 470 fits them), and at 1 s a move against DOI a scale of 400
	// won 7 of 17 games decided over the board where 60 won 1 of 19
	// (docs/strength.md, "A reward scale that follows the budget").
	rewardScale = 400.0
	// capHorizon is the default of the setting cap: the plies before a
	// move cap (Rules.MaxPlies, Rules.MaxPliesWithoutAttack) from which
	// the evaluation's points shrink towards a draw (see
	// Search.capFactor).
	capHorizon = 400.0
	// guardShare is the part of the threat on the player's flag
	// (threatValue) that a guard takes off: a piece of the player's
	// that beats the enemy's nearest piece and needs fewer moves to the
	// flag (see evaluator.unguarded). Off by default (a setting of
	// Search: guard): 0.5 scored 60% in self-play at 20,000 nodes a
	// move, but against DOI at 1 s it won 2 of 11 games decided over
	// the board, and lost its Flag in each of its 9 losses, 4 times to
	// a Miner as before (docs/strength.md, "A guard for the Flag").
	guardShare = 0.0
	// drawReward is the reward of a drawn playout: a little under half,
	// so that the search plays on rather than settle.
	drawReward = 0.45
)

// evaluator scores states of one game for one player. It holds scratch
// space and is used by one goroutine.
type evaluator struct {
	rules    stratego.Rules
	me       stratego.Color
	playable stratego.SquareSet // the playable squares of rules
	fight    *fights            // the combats under rules
	mover    [2][stratego.MaxSquares]stratego.Square
	// moverRank holds the ranks of mover (for searchPoints).
	moverRank [2][stratego.MaxSquares]stratego.Rank
	// pieceSq and piece list the pieces of a board (for material).
	pieceSq [stratego.MaxSquares]stratego.Square
	piece   [stratego.MaxSquares]stratego.Piece
	// shownSq, shownRank and shownWorth list each side's movable pieces
	// whose ranks are shown, nShown how many (for chase).
	shownSq    [2][stratego.MaxSquares]stratego.Square
	shownRank  [2][stratego.MaxSquares]stratego.Rank
	shownWorth [2][stratego.MaxSquares]float64
	nShown     [2]int
	// next lists the squares next to each square; hunterDist,
	// roomDist and queue are room's scratch.
	next       neighbours
	hunterDist [stratego.MaxSquares + 1]uint8
	roomDist   [stratego.MaxSquares + 1]uint8
	queue      [stratego.MaxSquares]stratego.Square
	// The weights (the constants by default; the search player's
	// tuning may set them): shownFactor, flagWeight, openCost, and the
	// scale of the threat term (threatValue's multiple).
	shown, flagW, open, threatScale float64
	chase                           float64 // chaseWeight
	pursuit                         float64 // pursuitWeight
	top                             float64 // the factor on the Marshal's and the General's worth
	// hiddenTop is the part of its worth that a Marshal or a General
	// gains while the enemy has not seen its rank (see hiddenTopFactor).
	hiddenTop float64
	// deep is deepWeight; zone[i] is the setup zone of side i's enemy.
	deep float64
	zone [2]stratego.SquareSet
	// prey is preyWeight. army holds each side's pieces on the board,
	// by rank; hiddenSq, hiddenRank and hiddenWorth list each side's
	// moved pieces whose ranks are hidden, nHidden how many (for prey).
	prey float64
	army [2]stratego.Army
	// preyHidden (the setting preyhidden) counts only the pieces whose
	// ranks the enemy has not seen as beating a preying piece: a shown
	// one, the preying side keeps away from (DOI's raids take moved
	// pieces while every piece that beats the raider is shown
	// elsewhere). hiddenArmy holds each side's movable pieces whose
	// ranks are hidden.
	preyHidden  bool
	hiddenArmy  [2]stratego.Army
	hiddenSq    [2][stratego.MaxSquares]stratego.Square
	hiddenRank  [2][stratego.MaxSquares]stratego.Rank
	hiddenWorth [2][stratego.MaxSquares]float64
	nHidden     [2]int
	// guard is the part of the threat on the player's flag that a
	// guard takes off (see unguarded); guardFlag is that flag's square
	// (NoSquare: no guard term), openDist and walledDist the moves to
	// it (see readyGuard).
	guard                float64
	guardFlag            stratego.Square
	openDist, walledDist [stratego.MaxSquares + 1]uint8
}

// topOf returns the factor on the worth of a piece of rank rk: top for
// the Marshal and the General, else 1.
func (e *evaluator) topOf(rk stratego.Rank) float64 {
	if rk == stratego.Marshal || rk == stratego.General {
		return e.top
	}
	return 1
}

func newEvaluator(r stratego.Rules, me stratego.Color) *evaluator {
	e := &evaluator{rules: r, me: me, playable: r.Squares(), fight: fightTable(r),
		shown: shownFactor, flagW: flagWeight, open: openCost, threatScale: 1, chase: chaseWeight, pursuit: pursuitWeight, top: 1}
	e.next = *newNeighbours(r)
	e.zone = [2]stratego.SquareSet{r.ZoneOf(stratego.Blue), r.ZoneOf(stratego.Red)}
	return e
}

// neighbours lists the playable squares next to each square, by Square;
// NoSquare (the zero Square) ends a list shorter than four.
type neighbours [stratego.MaxSquares + 1][4]stratego.Square

// of returns the squares next to sq.
func (t *neighbours) of(sq stratego.Square) []stratego.Square {
	for i, q := range t[sq] {
		if q == stratego.NoSquare {
			return t[sq][:i]
		}
	}
	return t[sq][:]
}

// newNeighbours returns the neighbours of the squares under r.
func newNeighbours(r stratego.Rules) *neighbours {
	var t neighbours
	for sq := range r.Squares().All() {
		n := 0
		for q := range r.Neighbors(sq) {
			t[sq][n] = q
			n++
		}
	}
	return &t
}

// side is 0 for Red and 1 for Blue.
func side(c stratego.Color) int {
	if c == stratego.Blue {
		return 1
	}
	return 0
}

// values returns the value of each rank of side c's pieces in s: the base
// values, with the Spy cheap once the enemy Marshal is gone and Miners dear
// when few are left and enemy bombs remain.
func values(own, enemy stratego.Army) [stratego.NumRanks]float64 {
	v := baseValue
	if enemy[stratego.Marshal] == 0 {
		v[stratego.Spy] = 5
	}
	switch {
	case enemy[stratego.Bomb] == 0:
		v[stratego.Miner] = 12
	case own[stratego.Miner] <= 2:
		v[stratego.Miner] = 35
	}
	return v
}

// reward scores s for the evaluator's player, in [0, 1]: 1 a win, 0 a
// loss, drawReward a draw, otherwise a squashed point difference of
// material (shown pieces count shownFactor of their value) and of the
// distance of each side's nearest movable piece to the enemy flag (a
// linear term and the threat term), less openCost for each open door
// next to the player's flag. Over says whether the game of s has ended.
func (e *evaluator) reward(s *stratego.State, over bool) float64 {
	if over {
		switch s.Outcome().Winner {
		case e.me:
			return 1
		case stratego.NoColor:
			return drawReward
		}
		return 0
	}
	return 0.5 + 0.5*math.Tanh(e.pointsOf(s)/evalScale)
}

// nearest returns the least Manhattan distance from the first n movers of
// side i to sq (the width plus the height of the board when there are
// none).
func (e *evaluator) nearest(i, n int, sq stratego.Square) int {
	best := e.rules.Width + e.rules.Height
	to := &manhattan[sq]
	for _, m := range e.mover[i][:n] {
		best = min(best, int(to[m]))
	}
	return best
}

// manhattan holds the Manhattan distance between any two squares of the
// grid (by Square; NoSquare's row and column are unused).
var manhattan = func() (t [stratego.MaxSquares + 1][stratego.MaxSquares + 1]uint8) {
	for a := range stratego.MaxSquares {
		p := stratego.SquareFromIndex(a)
		for b := range stratego.MaxSquares {
			q := stratego.SquareFromIndex(b)
			t[p][q] = uint8(abs(p.File()-q.File()) + abs(p.Row()-q.Row()))
		}
	}
	return t
}()

// threat is the value of the nearest enemy piece at distance d of a flag.
func threat(d int) float64 {
	if d > len(threatTable) {
		return 0
	}
	return threatTable[max(d, 1)-1]
}

// threatTable holds threat(1) … threat(10).
var threatTable = func() (t [10]float64) {
	v := threatValue
	for i := range t {
		t[i] = v
		v *= threatDecay
	}
	return t
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pointsOf is the heuristic difference of s for the evaluator's player,
// in the points of baseValue.
func (e *evaluator) pointsOf(s *stratego.State) float64 {
	b, k := s.Squares()
	d, flag, movers := e.material(&b, &k)
	me := side(e.me)
	if flag[0] != stratego.NoSquare && flag[1] != stratego.NoSquare {
		atk, def := e.nearest(me, movers[me], flag[1-me]), e.nearest(1-me, movers[1-me], flag[me])
		d += e.flagW*float64(def-atk) + e.threatScale*attackShare*threat(atk) - e.threatScale*threat(def)
		d -= e.open * float64(e.openNext(&b, flag[me]))
	}
	return d
}

// wallPenalty is the distance the search's evaluation adds for a piece
// that is not a Miner to reach a flag walled in by bombs (and the board's
// edge or lakes): it must wait for a Miner to open the wall.
const wallPenalty = 4

// searchPoints is the evaluation of the alpha-beta search: points, but
// with the distances to a flag walled in by bombs counted for Miners only
// (others get wallPenalty more), so that an enemy Miner working through
// the bombs round the player's flag is the alarm it is, and the player's
// own Miners lead the attack on such a flag.
func (e *evaluator) searchPoints(s *stratego.State) float64 {
	b, k := s.Squares()
	return e.searchPointsOn(&b, &k)
}

// searchPointsOn is searchPoints for the board b and knowledge k of a
// state (State.Squares).
func (e *evaluator) searchPointsOn(b *stratego.Board, k *stratego.KnowledgeBoard) float64 {
	d, flag, movers := e.material(b, k)
	me := side(e.me)
	if e.chase != 0 {
		d += e.chase * (e.hunted(b, 1-me) - e.hunted(b, me))
	}
	if e.pursuit != 0 || e.deep != 0 {
		theirs, theirsDeep := e.pursued(1-me, movers[me])
		mine, mineDeep := e.pursued(me, movers[1-me])
		d += e.pursuit * (theirs - mine)
		if e.deep != 0 {
			d += e.deep * (theirsDeep - mineDeep)
		}
	}
	if e.prey != 0 {
		d += e.prey * (e.preyed(1-me) - e.preyed(me))
	}
	if flag[0] != stratego.NoSquare && flag[1] != stratego.NoSquare {
		atk := e.reach(me, movers[me], flag[1-me], e.walled(b, flag[1-me]))
		def := e.reach(1-me, movers[1-me], flag[me], e.walled(b, flag[me]))
		d += e.flagW*float64(def-atk) + e.threatScale*attackShare*threat(atk) - e.threatScale*threat(def)*e.unguarded(me, movers)
		d -= e.open * float64(e.openNext(b, flag[me]))
	}
	return d
}

// unguarded is the part of the threat on the player's flag that counts:
// 1, or 1-e.guard while a movable piece of the player's that beats the
// enemy's nearest movable piece (nearest by the moves each needs, see
// readyGuard) needs fewer moves to the flag than that piece, to meet it
// on its way. A lone piece that walks to the flag from afar is out of
// the search's sight until a defender is too far to stop it (DOI's and
// Peter Lewis's Miners through the bombs round the flag); the guard term
// keeps a defender between them while there is time.
func (e *evaluator) unguarded(me int, movers [2]int) float64 {
	if e.guard == 0 || e.guardFlag == stratego.NoSquare {
		return 1
	}
	best, rk := uint8(255), stratego.NoRank
	for k, m := range e.mover[1-me][:movers[1-me]] {
		r := e.moverRank[1-me][k]
		d := e.walledDist[m]
		if r == stratego.Miner {
			d = e.openDist[m]
		}
		if d < best {
			best, rk = d, r
		}
	}
	if rk == stratego.NoRank {
		return 1
	}
	for k, m := range e.mover[me][:movers[me]] {
		if e.walledDist[m] < best && e.fight[e.moverRank[me][k]][rk] == stratego.AttackerWins {
			return 1 - e.guard
		}
	}
	return 1
}

// readyGuard fills the guard term's distances (see unguarded) for the
// player's flag in the view v: openDist, the moves from each square to
// the flag where only lakes stop a piece (a Miner's way, through the
// bombs), and walledDist, where the player's bombs stop it too (but a
// flag walled in by bombs is guarded from the squares next to its
// bombs: those count as a move from it). 255 is out of reach.
func (e *evaluator) readyGuard(v stratego.View) {
	me := v.Player()
	b := v.Board()
	e.guardFlag = flagSquare(&b, me)
	if e.guardFlag == stratego.NoSquare {
		return
	}
	e.flagDist(&e.openDist, func(stratego.Square) bool { return false })
	closed := e.walled(&b, e.guardFlag)
	e.flagDist(&e.walledDist, func(q stratego.Square) bool {
		pc := b.At(q)
		return pc != 0 && pc.Color() == me && pc.Rank() == stratego.Bomb && (!closed || e.walledDist[q] > 1)
	})
}

// flagDist fills dist with the moves from each square to e.guardFlag,
// by a breadth-first search from it that does not go on from a square
// where stop holds (255: out of reach).
func (e *evaluator) flagDist(dist *[stratego.MaxSquares + 1]uint8, stop func(stratego.Square) bool) {
	for j := range dist {
		dist[j] = 255
	}
	dist[e.guardFlag] = 0
	queue := append(e.queue[:0], e.guardFlag)
	for h := 0; h < len(queue); h++ {
		q := queue[h]
		if h > 0 && stop(q) {
			continue
		}
		for _, n := range e.next[q] {
			if n == stratego.NoSquare {
				break
			}
			if dist[n] == 255 {
				dist[n] = dist[q] + 1
				queue = append(queue, n)
			}
		}
	}
}

// flagSquare returns the square of c's Flag on b, or NoSquare.
func flagSquare(b *stratego.Board, c stratego.Color) stratego.Square {
	for sq, pc := range b.All() {
		if pc.Color() == c && pc.Rank() == stratego.Flag {
			return sq
		}
	}
	return stratego.NoSquare
}

// material is the material balance of the board b from the player's side
// (shown movable pieces, by the knowledge k, count e.shown of their
// worth, hidden Marshals and Generals 1+e.hiddenTop of it), with each
// side's flag square and the number of its movable
// pieces; it fills e.mover and e.moverRank with those pieces. The values
// of the ranks depend on what each side has left, so it lists the pieces
// first and sums them in a second pass, square by square as before.
func (e *evaluator) material(b *stratego.Board, k *stratego.KnowledgeBoard) (d float64, flag [2]stratego.Square, movers [2]int) {
	var count [64]uint8 // by piece
	n := 0
	for sq, p := range b.All() {
		e.pieceSq[n], e.piece[n] = sq, p
		count[p&63]++
		n++
	}
	army := &e.army
	for r := range stratego.NumRanks {
		army[0][r] = count[stratego.NewPiece(stratego.Red, stratego.Rank(r))&63]
		army[1][r] = count[stratego.NewPiece(stratego.Blue, stratego.Rank(r))&63]
	}
	var worth [64]float64 // by piece
	for i, c := range [2]stratego.Color{stratego.Red, stratego.Blue} {
		for r, v := range values(army[i], army[1-i]) {
			worth[stratego.NewPiece(c, stratego.Rank(r))&63] = v * e.topOf(stratego.Rank(r))
		}
	}
	// Two sums, not an array indexed by side: the sum of one side stays
	// in a register (the same additions in the same order).
	var red, blue float64
	e.nShown = [2]int{}
	e.nHidden = [2]int{}
	e.hiddenArmy = [2]stratego.Army{}
	for j, sq := range e.pieceSq[:n] {
		p := e.piece[j]
		i, rk := side(p.Color()), p.Rank()
		v := worth[p&63]
		if rk.Movable() {
			if k.At(sq)&stratego.KnownRank != 0 {
				v *= e.shown
				ns := e.nShown[i]
				e.shownSq[i][ns], e.shownRank[i][ns], e.shownWorth[i][ns] = sq, rk, v
				e.nShown[i]++
			} else {
				if e.hiddenTop != 0 && (rk == stratego.Marshal || rk == stratego.General) {
					v *= 1 + e.hiddenTop
				}
				if e.prey != 0 {
					e.hiddenArmy[i][rk]++
					if k.At(sq)&stratego.KnownMoved != 0 {
						nh := e.nHidden[i]
						e.hiddenSq[i][nh], e.hiddenRank[i][nh], e.hiddenWorth[i][nh] = sq, rk, v
						e.nHidden[i]++
					}
				}
			}
			e.mover[i][movers[i]] = sq
			e.moverRank[i][movers[i]] = rk
			movers[i]++
		} else if rk == stratego.Flag {
			flag[i] = sq
		}
		if i == 0 {
			red += v
		} else {
			blue += v
		}
	}
	if e.me == stratego.Blue {
		return blue - red, flag, movers
	}
	return red - blue, flag, movers
}

// hunted is the chase term of side i on the board b (after material):
// the sum over its shown movable pieces within huntRadius squares of a
// shown enemy piece that beats it of its worth times the share of trapRoom
// that its room falls short of (see chaseWeight and room).
func (e *evaluator) hunted(b *stratego.Board, i int) float64 {
	sum := 0.0
	for a := range e.nShown[i] {
		sq, rk := e.shownSq[i][a], e.shownRank[i][a]
		hunted := false
		for h := range e.nShown[1-i] {
			if manhattan[e.shownSq[1-i][h]][sq] <= huntRadius && e.fight[e.shownRank[1-i][h]][rk] == stratego.AttackerWins {
				hunted = true
				break
			}
		}
		if hunted {
			sum += e.shownWorth[i][a] * float64(trapRoom-e.room(b, i, sq, rk)) / trapRoom
		}
	}
	return sum
}

// pursued is the pursuit term of side i (after material, with n the
// number of the enemy's movable pieces): the sum over its shown movable
// pieces of their worth times pursuitDecay^(d-1), d the distance of the
// nearest enemy movable piece that beats it, up to pursuitReach (see
// pursuitWeight); and deep, the same sum over the pieces that stand in
// the enemy's setup zone (see deepWeight).
func (e *evaluator) pursued(i, n int) (sum, deep float64) {
	for a := range e.nShown[i] {
		sq, rk := e.shownSq[i][a], e.shownRank[i][a]
		to := &manhattan[sq]
		d := pursuitReach + 1
		for h, m := range e.mover[1-i][:n] {
			if e.fight[e.moverRank[1-i][h]][rk] == stratego.AttackerWins {
				d = min(d, int(to[m]))
			}
		}
		if d <= pursuitReach {
			x := e.shownWorth[i][a] * pursuitTable[d-1]
			sum += x
			if e.deep != 0 && e.zone[i].Has(sq) {
				deep += x
			}
		}
	}
	return sum, deep
}

// preyed is the prey term of side i (after material): the sum over its
// moved pieces whose ranks are hidden of their worth times
// pursuitDecay^(d-1), d the distance of the nearest shown enemy piece
// that beats it and that no piece of side i beats (see unbeaten), up to
// pursuitReach (see preyWeight).
func (e *evaluator) preyed(i int) float64 {
	if e.nHidden[i] == 0 {
		return 0
	}
	// The shown enemy pieces that no piece of side i beats (most often
	// none), by their index in shownSq.
	var dom [stratego.MaxSquares]uint8
	nd := 0
	for h := range e.nShown[1-i] {
		if e.unbeaten(e.shownRank[1-i][h], i) {
			dom[nd] = uint8(h)
			nd++
		}
	}
	if nd == 0 {
		return 0
	}
	sum := 0.0
	for a := range e.nHidden[i] {
		sq, rk := e.hiddenSq[i][a], e.hiddenRank[i][a]
		to := &manhattan[sq]
		d := pursuitReach + 1
		for _, h := range dom[:nd] {
			if e.fight[e.shownRank[1-i][h]][rk] == stratego.AttackerWins {
				d = min(d, int(to[e.shownSq[1-i][h]]))
			}
		}
		if d <= pursuitReach {
			sum += e.hiddenWorth[i][a] * pursuitTable[d-1]
		}
	}
	return sum
}

// unbeaten reports whether no movable piece of side i (by e.army; with
// preyHidden, no hidden one, by e.hiddenArmy) wins an attack on a piece
// of rank rk.
func (e *evaluator) unbeaten(rk stratego.Rank, i int) bool {
	army := &e.army[i]
	if e.preyHidden {
		army = &e.hiddenArmy[i]
	}
	for r, n := range army {
		if n > 0 && stratego.Rank(r).Movable() && e.fight[r][rk] == stratego.AttackerWins {
			return false
		}
	}
	return true
}

// pursuitTable holds pursuitDecay^(d-1) for d = 1 … pursuitReach.
var pursuitTable = func() (t [pursuitReach]float64) {
	v := 1.0
	for i := range t {
		t[i] = v
		v *= pursuitDecay
	}
	return t
}()

// room returns the room, at most trapRoom, of the shown piece of side i
// and rank rk on sq of the board b: the empty squares it reaches over
// empty squares in fewer moves than any shown enemy piece that beats it
// (moving over empty squares too) reaches them.
func (e *evaluator) room(b *stratego.Board, i int, sq stratego.Square, rk stratego.Rank) int {
	const far = 255
	dist := &e.hunterDist
	for q := range dist {
		dist[q] = far
	}
	n := 0
	for h := range e.nShown[1-i] {
		if e.fight[e.shownRank[1-i][h]][rk] == stratego.AttackerWins {
			q := e.shownSq[1-i][h]
			dist[q] = 0
			e.queue[n] = q
			n++
		}
	}
	for head := 0; head < n; head++ {
		q := e.queue[head]
		for _, x := range e.next[q] {
			if x == stratego.NoSquare {
				break
			}
			if dist[x] == far && b.At(x) == 0 {
				dist[x] = dist[q] + 1
				e.queue[n] = x
				n++
			}
		}
	}
	mine := &e.roomDist
	for q := range mine {
		mine[q] = far
	}
	mine[sq] = 0
	e.queue[0] = sq
	n, room := 1, 0
	for head := 0; head < n && room < trapRoom; head++ {
		q := e.queue[head]
		for _, x := range e.next[q] {
			if x == stratego.NoSquare {
				break
			}
			if mine[x] != far || b.At(x) != 0 {
				continue
			}
			mine[x] = mine[q] + 1
			if mine[x] < dist[x] {
				// Only a square reached first is room, and only through
				// such squares does the piece get further.
				room++
				e.queue[n] = x
				n++
			}
		}
	}
	return min(room, trapRoom)
}

// openNext counts the empty playable squares next to sq.
func (e *evaluator) openNext(b *stratego.Board, sq stratego.Square) int {
	open := 0
	for _, q := range e.next[sq] {
		if q == stratego.NoSquare {
			break
		}
		if b.At(q) == 0 {
			open++
		}
	}
	return open
}

// walled reports whether every playable square next to the flag on sq
// holds a bomb of the flag's side.
func (e *evaluator) walled(b *stratego.Board, sq stratego.Square) bool {
	c := b.At(sq).Color()
	for _, q := range e.next[sq] {
		if q == stratego.NoSquare {
			break
		}
		if p := b.At(q); p == 0 || p.Color() != c || p.Rank() != stratego.Bomb {
			return false
		}
	}
	return true
}

// reach is nearest with wallPenalty added for the pieces other than
// Miners when the flag is walled.
func (e *evaluator) reach(i, n int, sq stratego.Square, walled bool) int {
	best := e.rules.Width + e.rules.Height
	to := &manhattan[sq]
	for k, m := range e.mover[i][:n] {
		d := int(to[m])
		if walled && e.moverRank[i][k] != stratego.Miner {
			d += wallPenalty
		}
		best = min(best, d)
	}
	return best
}
