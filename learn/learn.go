package learn

import (
	"github.com/stratego-go/stratego"

	"slices"
)

// Encodings for learning agents: a fixed action space that numbers every
// move, so that a policy network's output layer maps to moves, and an
// observation of a View as feature planes, both in the mover's (or
// viewer's) own perspective (see TurnSquare).

// The action space. An action index is plane × [stratego.MaxSquares] +
// square index ([stratego.Square.Index], row×10 + file): a policy head may be a flat vector of
// [NumActions] logits or [NumActionPlanes] planes of 10×10, AlphaZero
// style. The square is the from-square of a piece move and the target of
// a rescue. The planes:
//
//	 0–35  plane d×9 + (n-1): a straight move in direction d (0 up, towards
//	       higher rows; 1 right, towards higher files; 2 down; 3 left),
//	       n = 1…9 squares (a step, a Scout's slide, a Captain's straight
//	       two-square move)
//	36–43  plane 36 + d×2 + t: a Captain's turning move (Move.Via set),
//	       first step in direction d, then a turn to the right (t = 0: d+1 mod
//	       4, clockwise) or to the left (t = 1: d+3 mod 4)
//	44–54  plane 43 + rank: a rescue of that rank, Spy (44) … Marshal (53), Bomb (54)
//
// Directions are those of the board the index is read on: absolute for
// [ActionIndex], the mover's own for [ActionIndexFor] (where "up" is
// always towards the enemy). Every legal move of every game under any
// Rules has an index and distinct moves have distinct indices; indices
// that name no move (a slide off the grid) are never legal.
const (
	// NumActionPlanes is the number of planes of the action space: 36
	// straight, 8 turning and 11 rescue planes (the table above).
	NumActionPlanes = 55
	// NumActions is the number of action indices, 0 … NumActions-1:
	// NumActionPlanes planes of [stratego.MaxSquares] squares.
	NumActions = 5500
)

const (
	maxDistance    = stratego.MaxSize - 1
	straightPlanes = 4 * maxDistance    // 36
	turnPlanes     = 4 * 2              // 8
	rescuePlanes   = int(stratego.Bomb) // Spy … Bomb, 11
	turnPlane0     = straightPlanes
	rescuePlane0   = straightPlanes + turnPlanes
)

// The four directions of the action space, in the order of its planes.
var actionDirs = [4]stratego.Direction{stratego.Up, stratego.Right, stratego.Down, stratego.Left}

// dirIndex returns the plane index of direction d, or -1 and false for
// NoDirection.
func dirIndex(d stratego.Direction) (int, bool) {
	i := slices.Index(actionDirs[:], d)
	return i, i >= 0
}

// ActionIndex returns the index of m in the action space (see
// [NumActions]), with the board as it is (no turning), and true; or -1
// and false when m is not a move the space holds: an invalid move, a
// piece move that is neither in a straight line nor a Captain's turn
// through an adjacent Via square.
func ActionIndex(m stratego.Move) (int, bool) {
	if !m.IsValid() {
		return -1, false
	}
	if m.IsRescue() {
		return (rescuePlane0+int(m.Rescue)-1)*stratego.MaxSquares + m.To.Index(), true
	}
	if m.Via != stratego.NoSquare {
		d1, ok1 := stepDir(m.From, m.Via)
		d2, ok2 := stepDir(m.Via, m.To)
		if !ok1 || !ok2 || (d2-d1)&1 == 0 {
			return -1, false
		}
		t := 0
		if d2 != (d1+1)&3 {
			t = 1
		}
		return (turnPlane0+d1*2+t)*stratego.MaxSquares + m.From.Index(), true
	}
	dir, n := m.From.Line(m.To)
	d, ok := dirIndex(dir)
	if !ok {
		return -1, false
	}
	return (d*maxDistance+n-1)*stratego.MaxSquares + m.From.Index(), true
}

// stepDir returns the direction of the step from a to the adjacent b.
func stepDir(a, b stratego.Square) (int, bool) {
	if dir, n := a.Line(b); n == 1 {
		return dirIndex(dir)
	}
	return 0, false
}

// ActionMove returns the move of action index i (see [NumActions]), with
// the board as it is, and true; or the zero Move and false when i is out
// of range or names no move (a slide or turn that leaves the 10×10 grid).
// For every move m that [ActionIndex] accepts, ActionMove(ActionIndex(m))
// is m.
func ActionMove(i int) (stratego.Move, bool) {
	if i < 0 || i >= NumActions {
		return stratego.Move{}, false
	}
	plane, sq := i/stratego.MaxSquares, stratego.SquareFromIndex(i%stratego.MaxSquares)
	switch {
	case plane < turnPlane0:
		to := sq.Step(actionDirs[plane/maxDistance], plane%maxDistance+1)
		if to == stratego.NoSquare {
			return stratego.Move{}, false
		}
		return stratego.Move{From: sq, To: to}, true
	case plane < rescuePlane0:
		d1 := (plane - turnPlane0) / 2
		d2 := (d1 + 1) & 3
		if (plane-turnPlane0)&1 == 1 {
			d2 = (d1 + 3) & 3
		}
		via := sq.Step(actionDirs[d1], 1)
		to := via.Step(actionDirs[d2], 1)
		if via == stratego.NoSquare || to == stratego.NoSquare {
			return stratego.Move{}, false
		}
		return stratego.Move{From: sq, Via: via, To: to}, true
	}
	return stratego.Move{To: sq, Rescue: stratego.Rank(plane-rescuePlane0) + stratego.Spy}, true
}

// TurnSquare returns sq as player c sees it, the perspective of the
// encodings for learning agents ([ActionIndexFor], [AppendObservation]):
// sq itself for Red, and for Blue sq turned 180° within r's board (file f
// and row w become r.Width-1-f and r.Height-1-w; on a Classic board h9
// becomes c2). So a network that plays both sides always sees its own
// back row as row 0 and moves "up" towards the enemy. Turning is an
// involution: turning the turned square gives sq back. TurnSquare
// reports false when c is not a side or sq is not on r's board rectangle
// (lakes are on it); only r's Width and Height matter.
func TurnSquare(r stratego.Rules, c stratego.Color, sq stratego.Square) (stratego.Square, bool) {
	f, w := sq.File(), sq.Row()
	if !c.IsValid() || f < 0 || f >= r.Width || w >= r.Height || r.Width > stratego.MaxSize || r.Height > stratego.MaxSize {
		return stratego.NoSquare, false
	}
	if c == stratego.Blue {
		return stratego.SquareAt(r.Width-1-f, r.Height-1-w), true
	}
	return sq, true
}

// TurnMove returns m as player c sees it: each of its squares turned
// with [TurnSquare]. It reports false when c is not a side or m is not
// valid or leaves r's board rectangle. Turning is an involution.
func TurnMove(r stratego.Rules, c stratego.Color, m stratego.Move) (stratego.Move, bool) {
	if !m.IsValid() {
		return stratego.Move{}, false
	}
	t := m
	var ok bool
	if m.From != stratego.NoSquare {
		if t.From, ok = TurnSquare(r, c, m.From); !ok {
			return stratego.Move{}, false
		}
	}
	if m.Via != stratego.NoSquare {
		if t.Via, ok = TurnSquare(r, c, m.Via); !ok {
			return stratego.Move{}, false
		}
	}
	if t.To, ok = TurnSquare(r, c, m.To); !ok {
		return stratego.Move{}, false
	}
	return t, true
}

// ActionIndexFor returns the index of c's move m under r in c's own
// perspective, so that one network plays both sides: Blue's moves are
// turned 180° within r's board first ([TurnMove]), so "up" is towards
// the enemy for both sides. It reports -1 and false when
// [TurnMove] or [ActionIndex] does. [ActionMoveFor] inverts it.
//
// For example, Red's a4-a5 and Blue's j7-j6 in a Classic game are both
// a step up from the front-left square (a4 in the mover's own
// perspective): index 30.
func ActionIndexFor(r stratego.Rules, c stratego.Color, m stratego.Move) (int, bool) {
	t, ok := TurnMove(r, c, m)
	if !ok {
		return -1, false
	}
	return ActionIndex(t)
}

// ActionMoveFor returns c's move of action index i under r, read in c's
// own perspective (see [ActionIndexFor]), and true; or the zero Move and
// false when i names no move or the move leaves r's board rectangle.
func ActionMoveFor(r stratego.Rules, c stratego.Color, i int) (stratego.Move, bool) {
	m, ok := ActionMove(i)
	if !ok {
		return stratego.Move{}, false
	}
	return TurnMove(r, c, m)
}

// AppendLegalActions appends the action indices of the legal moves of
// the side to move of s, in its own perspective ([ActionIndexFor]), to
// dst and returns the extended slice: one index per legal move, in the
// order of [State.LegalMoves], none when the game is over. It does not
// allocate when dst has room and the side has at most 256 legal moves.
func AppendLegalActions(dst []int, s stratego.State) []int {
	r, c := s.Rules(), s.Turn()
	var buf [256]stratego.Move
	for _, m := range s.AppendLegalMoves(buf[:0]) {
		// Every legal move has an index (TestActionsCoverLegalMoves).
		if i, ok := ActionIndexFor(r, c, m); ok {
			dst = append(dst, i)
		}
	}
	return dst
}

// AppendViewLegalActions appends the action indices of the player's
// legal moves ([stratego.View.LegalMoves]) in the player's own
// perspective ([ActionIndexFor]) to dst and returns the extended slice,
// in the order of View.LegalMoves; none when it is not the player's
// turn. It does not allocate when dst has room.
func AppendViewLegalActions(dst []int, v stratego.View) []int {
	r, c := v.Rules(), v.Player()
	for m := range v.LegalMoves() {
		if i, ok := ActionIndexFor(r, c, m); ok {
			dst = append(dst, i)
		}
	}
	return dst
}

// The observation planes, in order; see [AppendObservation].
const (
	obsOwn          = 0  // 12 planes: own piece of rank Spy … Flag
	obsOwnKnown     = 12 // own piece whose rank the enemy has seen
	obsOwnMoved     = 13 // own piece the enemy has seen move
	obsOwnFar       = 14 // own piece the enemy has seen move far
	obsEnemy        = 15 // 12 planes: enemy rank Spy … Flag, shown or estimated
	obsEnemyHidden  = 27 // enemy piece of hidden rank
	obsEnemyMoved   = 28 // enemy piece that has moved
	obsEnemyFar     = 29 // enemy piece that has moved far
	obsEmpty        = 30 // empty playable square
	obsLake         = 31 // lake
	obsOwnRun       = 32 // own Two-Squares run
	obsEnemyRun     = 33 // enemy Two-Squares run
	obsLastFrom     = 34 // from (and via) square of the last move
	obsLastTo       = 35 // to square of the last move
	obsToMove       = 36 // constant: the player is to move
	obsRescueDue    = 37 // constant: a rescue is due
	obsQuiet        = 38 // constant: plies without attack / cap
	obsPly          = 39 // constant: ply / cap
	obsOwnRescues   = 40 // constant: own rescues left / Rules.Rescues
	obsEnemyRescues = 41 // constant: enemy rescues left / Rules.Rescues

	// NumObservationPlanes is the number of feature planes of an
	// observation (see [AppendObservation]); it is the same for all Rules.
	NumObservationPlanes = 42
)

// ObservationShape returns the shape of the observation of a view of a
// game under r (see [AppendObservation]): NumObservationPlanes planes of
// r.Height rows of r.Width files. It returns zeros when r's board size
// is not 1–10 by 1–10.
func ObservationShape(r stratego.Rules) (planes, rows, files int) {
	if r.Width < 1 || r.Width > stratego.MaxSize || r.Height < 1 || r.Height > stratego.MaxSize {
		return 0, 0, 0
	}
	return NumObservationPlanes, r.Height, r.Width
}

// AppendObservation appends the observation of v to dst and returns the
// extended slice: what v's player may know, never more, as
// planes×rows×files float32 values (see [ObservationShape]), element
// [p][row][file] at (p×rows + row)×files + file (the C×H×W layout of
// common tensor libraries). Rows and files are the
// player's own ([TurnSquare]): row 0 is its back row, the one it set up
// nearest to, file 0 its left. It appends nothing for the zero View and
// does not allocate when dst has room.
//
// The planes (1 on a square where the feature holds, else 0, unless
// given otherwise):
//
//	 0–11  own piece of rank Spy (0) … Marshal (9), Bomb (10), Flag (11)
//	12     own piece whose rank the enemy has seen
//	13     own piece the enemy has seen move (KnownMoved)
//	14     own piece the enemy has seen move more than one square (KnownFar)
//	15–26  enemy piece of rank Spy (15) … Flag (26): 1 for a shown rank;
//	       for a hidden piece, an estimate of the probability of each rank
//	       (see below), summing to 1 over the 12 planes
//	27     enemy piece of hidden rank
//	28     enemy piece that has moved (so not a Bomb or the Flag)
//	29     enemy piece that has moved more than one square
//	30     empty playable square
//	31     lake
//	32     the player's Two-Squares run (RULES.md 6.1): the squares on the
//	       paths of the run's moves, valued moves/Rules.TwoSquares
//	33     the enemy's Two-Squares run, likewise
//	34     the from-square (and Via) of the last move of either side
//	35     the to-square of the last move (the target of a rescue)
//	36     every square: 1 when the player is to move
//	37     every square: 1 when a rescue is due from the side to move
//	38     every square: plies without attack / Rules.MaxPliesWithoutAttack
//	       (0 without that cap)
//	39     every square: ply / Rules.MaxPlies (0 without that cap)
//	40     every square: the player's rescues left / Rules.Rescues (0
//	       without rescues)
//	41     every square: the enemy's rescues left / Rules.Rescues
//
// The rank estimate of planes 15–26 spreads [View.HiddenArmy] over the
// hidden enemy pieces, each piece over the ranks it may have
// ([View.Ranks]). It first takes out the ranks that no assignment of the
// hidden ranks to the pieces allows (when some pieces are as many as the
// hidden pieces of all the ranks they may have, no other piece has one of
// those ranks), then scales a pieces×ranks table of ones until each
// piece's row sums to 1 and each rank's column to its count (Sinkhorn's
// iteration, at most 100 rounds). That is the maximum-entropy spread
// under those sums, a cheap stand-in for the exact probability under a
// uniform draw of consistent states ([View.Sample]); in middlegames of
// Classic, Barrage and Ultimate Lightning it agrees with the rank
// frequencies of 20,000 such draws to within 0.01. Pieces that the view
// cannot tell apart get equal rows. A piece that no rank fits (possible
// only in a game from [FromBoard] with missing pieces) gets zeros.
func AppendObservation(dst []float32, v stratego.View) []float32 {
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
	o := obsBoard{obs: obs, w: w, h: h, area: area, blue: me == stratego.Blue}

	// Every square at once: a method call per square would copy the View.
	// The pieces first, then the empty squares and lakes.
	board, kb := v.Squares()
	var occupied stratego.SquareSet
	var hidden hiddenPieces
	for sq, p := range board.All() {
		i := sq.Index()
		occupied = occupied.With(sq)
		at := o.at(i)
		k := kb.At(sq)
		switch {
		case p.Color() == me:
			obs[(obsOwn+int(p.Rank()-stratego.Spy))*area+at] = 1
			if k&stratego.KnownRank != 0 {
				obs[obsOwnKnown*area+at] = 1
			}
			if k&stratego.KnownMoved != 0 {
				obs[obsOwnMoved*area+at] = 1
			}
			if k&stratego.KnownFar != 0 {
				obs[obsOwnFar*area+at] = 1
			}
			continue
		case p.Rank().IsValid():
			obs[(obsEnemy+int(p.Rank()-stratego.Spy))*area+at] = 1
		default:
			obs[obsEnemyHidden*area+at] = 1
			hidden.add(i, k, at)
		}
		if k&stratego.KnownMoved != 0 {
			obs[obsEnemyMoved*area+at] = 1
		}
		if k&stratego.KnownFar != 0 {
			obs[obsEnemyFar*area+at] = 1
		}
	}
	var est rankEstimate
	est.compute(v, &r, &hidden)
	enemy := obs[obsEnemy*area : (obsEnemy+12)*area]
	for j, at := range hidden.at[:hidden.n] {
		// Written out: a loop's bounds check and index cost more than
		// the stores, twelve for every hidden piece.
		q, d := est.p(est.class[j]), enemy[at:]
		d = d[:11*area+1]
		d[11*area] = q[11]
		d[0], d[area], d[2*area], d[3*area] = q[0], q[1], q[2], q[3]
		d[4*area], d[5*area], d[6*area], d[7*area] = q[4], q[5], q[6], q[7]
		d[8*area], d[9*area], d[10*area] = q[8], q[9], q[10]
	}
	for sq := range r.Lakes.All() {
		obs[obsLake*area+o.at(sq.Index())] = 1
	}
	for sq := range r.Squares().Intersect(stratego.SquareSet{^occupied[0], ^occupied[1]}).All() {
		obs[obsEmpty*area+o.at(sq.Index())] = 1
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

// obsBoard writes the planes of one observation.
type obsBoard struct {
	obs        []float32
	w, h, area int
	blue       bool
}

// at returns the offset in a plane of the square of index i (row×10 +
// file, on the board), in the viewer's perspective.
func (o *obsBoard) at(i int) int {
	at := i/stratego.MaxSize*o.w + i%stratego.MaxSize
	if o.blue {
		at = o.area - 1 - at
	}
	return at
}

// hiddenPieces lists the hidden enemy pieces of a view in the order of
// their squares: each one's square index, knowledge and offset in a plane.
type hiddenPieces struct {
	sq    [stratego.MaxSquares]uint8
	known [stratego.MaxSquares]stratego.Knowledge
	at    [stratego.MaxSquares]int
	n     int
}

func (h *hiddenPieces) add(i int, k stratego.Knowledge, at int) {
	h.sq[h.n], h.known[h.n], h.at[h.n] = uint8(i), k, at
	h.n++
}

// set writes x at sq of plane p, in the viewer's perspective; squares
// off the board are ignored.
func (o *obsBoard) set(p int, sq stratego.Square, x float32) {
	f, r := sq.File(), sq.Row()
	if f < 0 || f >= o.w || r >= o.h {
		return
	}
	if o.blue {
		f, r = o.w-1-f, o.h-1-r
	}
	o.obs[p*o.area+r*o.w+f] = x
}

func (o *obsBoard) fill(p int, x float32) {
	if x != 0 {
		plane := o.obs[p*o.area : (p+1)*o.area]
		for i := range plane {
			plane[i] = x
		}
	}
}

// run marks the squares on the paths of a Two-Squares run's moves.
func (o *obsBoard) run(p int, moves []stratego.Move, limit int) {
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

func stepSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// ratio returns n/d in [0, 1], or 0 when d is 0.
func ratio(n, d int) float32 {
	if d <= 0 || n <= 0 {
		return 0
	}
	if n >= d {
		return 1
	}
	return float32(n) / float32(d)
}

// rankClasses is the number of distinct sets of ranks of the hidden
// pieces of a view for which the rank estimate needs no allocation: all
// ranks, the movable ones, Scout, Captain, Scout or Captain (by what is
// known of a piece), and a few more. Only under silent defense, where
// each set may be cut down further by the attackers a piece beat, can
// there be more (at most one per hidden piece).
const rankClasses = 8

// maxPruneClasses bounds the number of classes for which
// [pruneTight] looks at every set of classes; with more (only under
// silent defense, when pieces have beaten many different attackers) the
// estimate skips that step and converges more slowly.
const maxPruneClasses = 10

// sinkhornRounds is the number of rounds of the rank estimate.
const sinkhornRounds = 100

// rankEstimate is the estimate of the ranks of a view's hidden enemy
// pieces: pieces with the same set of possible ranks form a class, and
// p holds each class's probability of each rank Spy … Flag.
type rankEstimate struct {
	class [stratego.MaxSquares]uint8                  // the class of each hidden piece (hiddenPieces' order)
	small [rankClasses][stratego.NumRanks - 1]float32 // p of the first classes
	more  [][stratego.NumRanks - 1]float32            // p of all classes, when there are more
}

// p returns the probabilities of the ranks Spy … Flag for class c.
func (e *rankEstimate) p(c uint8) *[stratego.NumRanks - 1]float32 {
	if e.more != nil {
		return &e.more[c]
	}
	return &e.small[c]
}

// compute fills e for the view v under its rules r, whose hidden enemy
// pieces are h: e.class[j] is the class of h's piece j.
func (e *rankEstimate) compute(v stratego.View, r *stratego.Rules, h *hiddenPieces) {
	var f rankFilter
	army := v.HiddenArmy()
	var armySet uint16 // bit r: the hidden army holds rank r
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		if army[rk] > 0 {
			armySet |= 1 << rk
		}
	}
	silent := r.Info == stratego.InfoSilentDefense // else no piece has a "<" mark
	var masks [stratego.MaxSquares]uint16
	var count [stratego.MaxSquares]float64
	n := 0
	// The previous hidden piece's kind and class: most pieces are of the
	// kind of the one before (the unmoved ones, say).
	lastK, lastBeat, lastC := stratego.Knowledge(0), stratego.RankSet(0), -1
	for j, i := range h.sq[:h.n] {
		sq := stratego.SquareFromIndex(int(i))
		k, beat := h.known[j], stratego.RankSet(0)
		if silent {
			beat = v.Beaten(sq)
		}
		if lastC >= 0 && k == lastK && beat == lastBeat {
			e.class[j] = uint8(lastC)
			count[lastC]++
			continue
		}
		m, ok := f.lookup(k, beat)
		switch {
		case ok:
		case k == 0 && beat == 0:
			// Nothing known of the piece: any rank the hidden army holds
			// (View.Ranks), without asking the view to count it again.
			m = f.add(k, beat, armySet)
		default:
			m = f.add(k, beat, uint16(v.Ranks(sq)))
		}
		c := 0
		for c < n && masks[c] != m {
			c++
		}
		if c == n {
			masks[n] = m
			n++
		}
		e.class[j] = uint8(c)
		count[c]++
		lastK, lastBeat, lastC = k, beat, c
	}
	if n <= maxPruneClasses {
		pruneTight(masks[:n], count[:n], &army)
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
	sinkhorn(p[:n], count[:n], &army)
	for c := range n {
		q := e.p(uint8(c))
		for j, x := range p[c] {
			q[j] = float32(x)
		}
	}
}

// sinkhorn scales the rows of p, the classes' probabilities of each
// rank, until each row sums to 1 and each rank's column, weighted by the
// classes' counts, to the army's count (Sinkhorn's iteration, at most
// sinkhornRounds rounds, until no column is off by 1e-6), ending with
// the rows scaled to 1. The loops run over whole rows of fixed length;
// each sum adds its terms in the order of class and rank, so the values
// are those of the column-by-column loops before (refRankEstimate) bit
// for bit.
func sinkhorn(p [][stratego.NumRanks - 1]float64, count []float64, army *stratego.Army) {
	const nr = stratego.NumRanks - 1
	count = count[:len(p)]
	var want [nr]float64
	for j := range want {
		want[j] = float64(army[stratego.Spy+stratego.Rank(j)])
	}
	for range sinkhornRounds {
		normalizeRows(p)
		// The columns' sums, written out: each adds the classes in order.
		var col [nr]float64
		for c := range p {
			r, k := &p[c], count[c]
			col[0] += k * r[0]
			col[1] += k * r[1]
			col[2] += k * r[2]
			col[3] += k * r[3]
			col[4] += k * r[4]
			col[5] += k * r[5]
			col[6] += k * r[6]
			col[7] += k * r[7]
			col[8] += k * r[8]
			col[9] += k * r[9]
			col[10] += k * r[10]
			col[11] += k * r[11]
		}
		worst := 0.0
		var f [nr]float64
		for j := range col {
			f[j] = 1 // a column of zeros stays as it is
			if col[j] > 0 {
				// The largest |col − want|, for the stopping test only.
				if d := col[j] - want[j]; d > worst {
					worst = d
				} else if -d > worst {
					worst = -d
				}
				f[j] = want[j] / col[j]
			}
		}
		for c := range p {
			r := &p[c]
			r[0] *= f[0]
			r[1] *= f[1]
			r[2] *= f[2]
			r[3] *= f[3]
			r[4] *= f[4]
			r[5] *= f[5]
			r[6] *= f[6]
			r[7] *= f[7]
			r[8] *= f[8]
			r[9] *= f[9]
			r[10] *= f[10]
			r[11] *= f[11]
		}
		if worst < 1e-6 {
			break
		}
	}
	normalizeRows(p)
}

// normalizeRows scales each row of p to sum 1 (a row of zeros stays);
// the sum adds the ranks in order.
func normalizeRows(p [][stratego.NumRanks - 1]float64) {
	for c := range p {
		r := &p[c]
		s := r[0] + r[1] + r[2] + r[3] + r[4] + r[5] + r[6] + r[7] + r[8] + r[9] + r[10] + r[11]
		if s > 0 {
			r[0] /= s
			r[1] /= s
			r[2] /= s
			r[3] /= s
			r[4] /= s
			r[5] /= s
			r[6] /= s
			r[7] /= s
			r[8] /= s
			r[9] /= s
			r[10] /= s
			r[11] /= s
		}
	}
}

// rankFilter says which ranks a hidden piece of a view may have, piece
// by piece, with [stratego.View.Ranks]. Pieces with the same knowledge
// and the same silent-defense mark may have the same ranks, so it asks
// once for each such kind of piece.
type rankFilter struct {
	kinds [16]pieceKind // the kinds met so far; more are not remembered
	n     int
}

// pieceKind is what a view shows of a hidden piece, and the ranks it may
// have by it.
type pieceKind struct {
	known stratego.Knowledge
	beat  stratego.RankSet // the ranks of the attackers it beat unseen
	mask  uint16           // the ranks it may have (bit r for rank r)
}

// lookup returns the ranks (bit r for rank r) of the kind of hidden
// piece with knowledge known and silent-defense mark beat, if met.
func (f *rankFilter) lookup(known stratego.Knowledge, beat stratego.RankSet) (uint16, bool) {
	for _, k := range f.kinds[:f.n] {
		if k.known == known && k.beat == beat {
			return k.mask, true
		}
	}
	return 0, false
}

// maskOf returns the ranks (bit r for rank r) the hidden piece on sq of
// v may have, through the filter, as [rankEstimate.compute] finds them.
func (f *rankFilter) maskOf(v stratego.View, sq stratego.Square) uint16 {
	known, beat := v.Knowledge(sq), v.Beaten(sq)
	if m, ok := f.lookup(known, beat); ok {
		return m
	}
	return f.add(known, beat, uint16(v.Ranks(sq)))
}

// add remembers the ranks mask of a kind of hidden piece and returns it.
func (f *rankFilter) add(known stratego.Knowledge, beat stratego.RankSet, mask uint16) uint16 {
	if f.n < len(f.kinds) {
		f.kinds[f.n] = pieceKind{known: known, beat: beat, mask: mask}
		f.n++
	}
	return mask
}

// pruneTight takes out of the classes' masks the ranks that no
// assignment of ranks to pieces can give them: when the pieces of a set
// K of classes are as many as the hidden pieces of all the ranks K may
// have, those ranks all go to K, and no class outside K may have one of
// them. Without this, the scaling of [rankEstimate.compute] would drive
// those entries to zero only slowly.
func pruneTight(masks []uint16, count []float64, army *stratego.Army) {
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
