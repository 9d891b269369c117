package stratego

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
)

// maxPieces bounds the pieces of a game (both sides): no more than the
// squares of the largest board.
const maxPieces = MaxSquares

// wallCell marks a cell of the padded mailbox that no piece may enter:
// off the board, or a lake.
const wallCell = 0xFF

// Event is what one applied move did: who moved what, and for an attack
// both pieces and the combat result (the full truth, which a player's
// view may show only in part), a rescued piece, and the outcome after the
// move. Every field has a text form, so an Event encodes as JSON (a zero
// field as ""); [View.LastEvent] gives it as a player saw it.
type Event struct {
	Move     Move    `json:"move"`              // the move played
	Color    Color   `json:"color"`             // the side that moved
	Piece    Piece   `json:"piece"`             // the moving (or rescued) piece
	Defender Piece   `json:"defender,omitzero"` // the attacked piece, or 0 when the move was no attack
	Combat   Combat  `json:"combat,omitzero"`   // NoCombat when the move was no attack
	Outcome  Outcome `json:"outcome"`           // the outcome after the move
}

// IsAttack reports whether the move was an attack.
func (e Event) IsAttack() bool { return e.Combat != NoCombat }

// pieceRec is what changes of a piece in a game, in one byte: what the
// opponent has learned of it (the Knowledge bits), whether it is off the
// board, and whether it made a rescue. The piece itself is State.pc; its
// cell is the one State.cells holds its id in.
type pieceRec uint8

const (
	recKnow    pieceRec = 0x1F // the Knowledge flags
	recOff     pieceRec = 0x40 // off the board (captured)
	recRescuer pieceRec = 0x80 // made a rescue
)

func (p pieceRec) know() Knowledge { return Knowledge(p & recKnow) }
func (p pieceRec) onBoard() bool   { return p&recOff == 0 }
func (p pieceRec) rescuer() bool   { return p&recRescuer != 0 }

// gameData is what all the states of one game share: set when the game
// starts and never changed.
type gameData struct {
	rules   Rules
	walls   [numCells]uint8
	wall    bb       // the walls as a set of cells
	lo, hi  [2]uint8 // piece ids of each side: lo[i] <= id < hi[i]
	backRow [2]int   // the enemy's back row, for rescues
	half    [2]SquareSet
}

// Per-side arrays of State and gameData are indexed by [Color.index]: Red
// 0, Blue 1, so that the opponent's index is c.index()^1.

// index returns c's index in the per-side arrays: 0 for Red, 1 for Blue.
// (It is 0 or 1 for any value, so indexing with it needs no bounds
// check.)
func (c Color) index() int { return int(c>>1) & 1 }

// run is the Two-Squares record of one side: its current run of moves
// with one piece, most recent first.
type run struct {
	id    uint8 // piece id + 1, 0 = no run
	cell  uint8 // the cell of the run's piece (when it is on the board)
	n     uint8 // length of the run, capped at MaxTwoSquares
	ban   path  // the boundaries crossed by each of the last N moves
	moves [MaxTwoSquares]Move
}

// setBan computes the boundaries the run's piece may not cross under a
// Two-Squares limit n.
func (run *run) setBan(n int) {
	run.ban = path{}
	if n > 0 && int(run.n) >= n {
		run.ban = runBan(&run.moves, n)
	}
}

// chase is the More-Squares record of one side as the chaser.
type chase struct {
	on       bool
	to, from uint8 // cells of the chaser's last move
	boards   *boardNode
}

// boardNode is an immutable list of the boards of consecutive plies,
// newest first, shared between states. A node keeps the board's hash and
// the quiet move that made it from the next node's board, so a board is
// rebuilt exactly, when its hash matches, by taking moves back from the
// current board (the list's head is always the current board).
type boardNode struct {
	hash     uint64
	from, to uint8 // cells of the move that made this board (0: the oldest)
	pc       Piece // the piece that moved
	next     *boardNode
}

// nodeBlock is a block of boardNodes that the chase records of a line of
// play take their nodes from, so that a chasing ply does not allocate.
// A State holds the block its next nodes come from (State.blk): none at
// first, then one of its own made at its first chase board, handed on to
// the states played from it. The copies of one state share its block:
// each node is claimed by exactly one move (used counts the claimed
// slots, atomically), written before that move's state is seen by
// anyone, and never written again, so states stay immutable values.
// A copy that finds the block full makes a block of its own: copies played
// on in other goroutines claim slots of one block at most nodeBlockSize
// times in all, then write only to blocks no other line of play holds.
// A block lives while any state holds one of its nodes.
//
// A line's first block holds firstBlockSize nodes (one small
// allocation: a search's short playouts from drawn states mostly need no
// more), the next ones nodeBlockSize; each is one allocation, the
// nodeBlock inside a smallBlock or a bigBlock whose array its nodes are.
type nodeBlock struct {
	used  atomic.Int32
	nodes []boardNode // the slots
}

type smallBlock struct {
	nodeBlock
	a [firstBlockSize]boardNode
}

type bigBlock struct {
	nodeBlock
	a [nodeBlockSize]boardNode
}

const (
	firstBlockSize = 4
	nodeBlockSize  = 64
)

// node returns a new node for a chase list of s: the board of s, made by
// the quiet move of pc between the cells (0, 0 for the first board of a
// list), taken from s's block or, when that is full or s has none, from
// a new block that s then holds.
func (s *State) node(from, to int, pc Piece, list *boardNode) *boardNode {
	nd := boardNode{hash: s.hash, from: uint8(from), to: uint8(to), pc: pc, next: list}
	if b := s.blk; b != nil {
		// The load keeps the counter of a full block from being written
		// (and from overflowing) by the copies still holding it.
		if n := int32(len(b.nodes)); b.used.Load() < n {
			if i := b.used.Add(1) - 1; i < n {
				b.nodes[i] = nd
				return &b.nodes[i]
			}
		}
	}
	var b *nodeBlock
	if s.blk == nil {
		sb := new(smallBlock)
		sb.nodes = sb.a[:]
		b = &sb.nodeBlock
	} else {
		bb := new(bigBlock)
		bb.nodes = bb.a[:]
		b = &bb.nodeBlock
	}
	b.used.Store(1)
	b.nodes[0] = nd
	s.blk = b
	return &b.nodes[0]
}

// State is a position of a game with everything that decides what may
// happen next: the pieces, the side to move, what each side has learned,
// the repetition records and the counters for the caps. It is an
// immutable value: methods never change it, [State.Apply] returns a new
// one, and a State may be read from many goroutines at once and its
// copies played on in place ([State.Play]) in as many (the section
// "Concurrency" of the package doc). The zero State is not a game; make
// one with [New] or [FromBoard], or keep a whole game with [Game].
//
// Compare states with [State.Equal]; == does not compile on State (nor
// on [Game]), since the states of one game share storage whose identity
// says nothing about the game.
type State struct {
	_       [0]func() // not comparable: a zero-size field first costs nothing
	g       *gameData
	cells   [numCells]uint8     // piece id + 1, 0 empty, wallCell
	occ     [2]bb               // each side's pieces, by side
	mov     bb                  // pieces of either side that move (not Bomb or Flag)
	scouts  bb                  // Scouts of either side
	pc      *[maxPieces]Piece   // the piece of each id: shared, never changed
	pcs     [maxPieces]pieceRec // by id
	hash    uint64
	ply     int32
	quiet   int32
	turn    Color
	pending bool // a rescue placement is due from turn
	outcome Outcome
	last    Event
	rescues [2]uint8   // rescues made, by side
	runs    [2]run     // by side
	chases  [2]chase   // by side
	seen    *boardNode // boards since the last attack (MoreSquaresGame)
	blk     *nodeBlock // where the next boardNodes come from (see nodeBlock), or nil
	beat    *beatNode  // fights won by hidden defenders (InfoSilentDefense), else nil
}

// beatNode is an immutable list, newest first and shared between
// states, of the fights that hidden defenders won under silent defense
// ([InfoSilentDefense]): the defender's piece id and the rank of the
// attacker it beat, which both players saw. Its nodes are never written
// after they are made; under the other information rules the list is
// always nil.
type beatNode struct {
	id       uint8 // the defender's piece id
	attacker Rank  // the rank of the attacker it beat
	next     *beatNode
}

var cellOfSquare = func() (t [MaxSquares + 1]uint8) {
	for i := 1; i <= MaxSquares; i++ {
		t[i] = uint8(cellOf(Square(i)))
	}
	return
}()

var zobrist = func() (z [numCells][64]uint64) {
	x := uint64(0x5eed5eed12345678)
	for i := range z {
		for j := range z[i] {
			x += 0x9e3779b97f4a7c15
			v := x
			v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9
			v = (v ^ (v >> 27)) * 0x94d049bb133111eb
			z[i][j] = v ^ (v >> 31)
		}
	}
	return
}()

// New starts a game under r from the two setups, Red to move. Each setup
// is checked with [Rules.CheckSetup]; Blue's is turned to face Red's
// (its a1 lands on Red's j10 on a Classic board). The error is the
// *[RulesError] of invalid rules or the *[SetupError] of the first
// illegal setup, naming its side.
func New(r Rules, red, blue Setup) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	var b Board
	for i, c := range []Color{Red, Blue} {
		s := [2]Setup{red, blue}[i]
		if err := r.checkSetup(c, s); err != nil {
			return State{}, err
		}
		for q := range r.Zone.All() {
			if rk := s.At(q); rk != NoRank {
				sq := q
				if c == Blue {
					sq = r.Rotate(q)
				}
				b.Put(sq, NewPiece(c, rk))
			}
		}
	}
	return newState(r, &b, Red)
}

// FromBoard starts a game under r from an arbitrary placement with turn to
// move and an empty history: for analysis, puzzles, endgame studies and
// perft. Pieces may stand on any square of the board that is not a lake;
// each side may have at most the pieces of r.Army and must have exactly
// one Flag. The error is the *[RulesError] of invalid rules or a
// *[SetupError] (wrapping [ErrSetup]) that says what is wrong with b or
// turn. The outcome is decided as after any move, so a placement in
// which the side to move has no legal move is a game already over.
func FromBoard(r Rules, b Board, turn Color) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if !turn.IsValid() {
		return State{}, &SetupError{Reason: "side to move must be red or blue"}
	}
	var count [3]Army
	for i, p := range b.pieces {
		if p == 0 {
			continue
		}
		sq := Square(i + 1)
		if !p.Color().IsValid() || !p.Rank().IsValid() {
			return State{}, &SetupError{Square: sq, Reason: "not a real piece"}
		}
		if !r.OnBoard(sq) {
			return State{}, &SetupError{Color: p.Color(), Square: sq, Reason: "square is off the board or a lake"}
		}
		count[p.Color()][p.Rank()]++
	}
	for _, c := range []Color{Red, Blue} {
		for rk := Spy; rk <= Flag; rk++ {
			if count[c][rk] > r.Army[rk] {
				return State{}, &SetupError{Color: c, Reason: "more " + rk.String() + " pieces than the army has"}
			}
		}
		if count[c][Flag] != 1 {
			return State{}, &SetupError{Color: c, Reason: "needs exactly one flag"}
		}
	}
	return newState(r, &b, turn)
}

func newState(r Rules, b *Board, turn Color) (State, error) {
	g := &gameData{rules: r}
	for i := range g.walls {
		g.walls[i] = wallCell
	}
	for q := range r.Squares().All() {
		g.walls[cellOf(q)] = 0
	}
	g.wall = wallBB(&g.walls)
	s := State{g: g, cells: g.walls, turn: turn, pc: new([maxPieces]Piece)}
	id := 0
	for _, c := range []Color{Red, Blue} {
		g.lo[c.index()] = uint8(id)
		for i, p := range b.pieces {
			if p != 0 && p.Color() == c {
				s.pc[id] = p
				if r.Info == InfoOpenFaced {
					s.pcs[id] = pieceRec(KnownRank)
				}
				s.putPiece(uint8(id), int(cellOfSquare[i+1]))
				id++
			}
		}
		g.hi[c.index()] = uint8(id)
	}
	half := r.Height / 2
	g.backRow = [2]int{r.Height - 1, 0}
	g.half = [2]SquareSet{
		Rect(0, 0, r.Width-1, half-1).Intersect(r.Squares()),
		Rect(0, r.Height-half, r.Width-1, r.Height-1).Intersect(r.Squares()),
	}
	if r.MoreSquares == MoreSquaresGame {
		s.seen = s.node(0, 0, 0, nil)
	}
	s.outcome = s.endCheck(false)
	return s, nil
}

// Rules returns the rules of the game.
func (s State) Rules() Rules {
	if s.g == nil {
		return Rules{}
	}
	return s.g.rules
}

// Turn returns the side to move. After the game ends it is the side that
// would have moved next.
func (s State) Turn() Color { return s.turn }

// RescueDue reports whether the side to move must now place a rescued
// piece (its legal moves are all rescues); see [Rules.Rescues].
func (s State) RescueDue() bool { return s.pending }

// Ply returns the number of plies played since the start.
func (s State) Ply() int { return int(s.ply) }

// PliesWithoutAttack returns the number of plies in a row, up to the last
// one, that were not attacks.
func (s State) PliesWithoutAttack() int { return int(s.quiet) }

// Outcome returns how the game stands: ongoing, won or drawn. The side
// to move has a legal move exactly when the game is not over.
func (s State) Outcome() Outcome { return s.outcome }

// LastEvent returns the event of the last move, or the zero Event at the
// start.
func (s State) LastEvent() Event { return s.last }

// At returns the piece on sq and whether there is one.
func (s State) At(sq Square) (Piece, bool) {
	if !sq.IsValid() || s.g == nil {
		return 0, false
	}
	v := s.cells[cellOfSquare[sq]]
	if v == 0 || v == wallCell {
		return 0, false
	}
	return s.pc[v-1], true
}

// Knowledge returns what the opponent of the piece on sq has learned about
// it (0 when the square is empty).
func (s State) Knowledge(sq Square) Knowledge {
	if !sq.IsValid() || s.g == nil {
		return 0
	}
	v := s.cells[cellOfSquare[sq]]
	if v == 0 || v == wallCell {
		return 0
	}
	return s.pcs[v-1].know()
}

// Board returns the placement of all pieces.
func (s State) Board() Board {
	var b Board
	s.snapshot(&b)
	return b
}

// Squares returns what s holds on every square at once: the piece on
// each ([State.At]) and what its opponent knows of it
// ([State.Knowledge]). It is for evaluators that read many squares: a
// State is a large value, and a method call per square copies it.
func (s State) Squares() (b Board, k KnowledgeBoard) {
	if s.g == nil {
		return b, k
	}
	pc := s.pc
	for w, x := range s.occ[0].union(&s.occ[1]) {
		base := bbBase + w<<6
		for ; x != 0; x &= x - 1 {
			cell := base + bits.TrailingZeros64(x)
			i, id := squareOfCell[cell]-1, s.cells[cell]-1
			b.pieces[i] = pc[id]
			k.known[i] = s.pcs[id].know()
		}
	}
	return b, k
}

func (s *State) snapshot(b *Board) {
	if s.g == nil {
		return
	}
	for w, x := range s.occ[0].union(&s.occ[1]) {
		for ; x != 0; x &= x - 1 {
			cell := bbBase + w<<6 + bits.TrailingZeros64(x)
			b.pieces[squareOfCell[cell]-1] = s.pc[s.cells[cell]-1]
		}
	}
}

// BoardHash returns a 64-bit Zobrist hash of the placement (rank and
// color on each square). Equal boards have equal hashes; the side to move
// and the history are not included.
func (s State) BoardHash() uint64 { return s.hash }

// Equal reports whether s and t are the same position with the same
// future: the same rules, the same pieces on the same squares, the same
// knowledge of every piece (on the board and captured), the same side to
// move, rescue due, counters and outcome, and the same repetition
// records (the Two-Squares runs, the running chases and the boards the
// More-Squares Rule remembers), so that every sequence of moves is legal
// from s exactly when it is from t and ends in equal states. It does
// not compare [State.LastEvent], which is the past, nor how the states
// were made: a state rebuilt from its [Position] equals the original.
// Equal is what a program means by "the same state" (== does not
// compile on State).
func (s State) Equal(t State) bool {
	if s.g == nil || t.g == nil {
		return s.g == nil && t.g == nil
	}
	if s.hash != t.hash || s.ply != t.ply || s.quiet != t.quiet || s.turn != t.turn ||
		s.pending != t.pending || s.outcome != t.outcome || s.g.rules != t.g.rules {
		return false
	}
	p, q := s.Position(), t.Position()
	return p.equal(&q)
}

// Captured returns how many pieces of each rank c has lost in this game.
func (s State) Captured(c Color) Army {
	var a Army
	if s.g == nil || !c.IsValid() {
		return a
	}
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		if !s.pcs[id].onBoard() {
			a[s.pc[id].Rank()]++
		}
	}
	return a
}

// Remaining returns how many pieces of each rank c has on the board.
func (s State) Remaining(c Color) Army {
	var a Army
	if s.g == nil || !c.IsValid() {
		return a
	}
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		if s.pcs[id].onBoard() {
			a[s.pc[id].Rank()]++
		}
	}
	return a
}

// LegalMoves yields the legal moves of the side to move, each once; none
// when the game is over. The order is the generator's, fixed for a given
// position (so a seeded random player repeats its games): the one-square
// moves and attacks direction by direction (north, east, south, west),
// each direction by destination square, then the longer scout slides,
// then the Captains' two-square moves; a due rescue lists its placements
// by rank and square. Sort with [Move.Compare] to list moves square by
// square, as [View.LegalMoves] does.
func (s State) LegalMoves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [128]Move
		for _, m := range s.appendMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice, in the order of [State.LegalMoves]. It does
// not allocate when dst has room. It reads *s and never changes it: the
// pointer receiver only spares the copy of the whole State that a value
// receiver makes on every call, a tenth of a ply on the list path (call
// it on a variable, st := g.State(); st.AppendLegalMoves(buf)).
func (s *State) AppendLegalMoves(dst []Move) []Move {
	return s.appendMoves(dst)
}

// Check reports whether m is legal: nil, or a *[MoveError] that wraps the
// sentinel saying why not ([ErrGameOver], [ErrInvalid], [ErrRescue],
// [ErrOffBoard], [ErrNoPiece], [ErrNotYourPiece], [ErrImmovable],
// [ErrBadDirection], [ErrBlocked], [ErrOwnPiece], [ErrNoStrike],
// [ErrTwoSquares], [ErrMoreSquares]: the first that applies). A move is legal exactly when [State.LegalMoves] yields it.
func (s State) Check(m Move) error { return s.check(m) }

// Apply plays m and returns the new state and what happened. The receiver
// is unchanged. An illegal move returns the receiver, a zero Event and the
// error of [State.Check].
func (s State) Apply(m Move) (next State, ev Event, err error) {
	// Small enough to inline, so that the caller's copy of s is the one
	// apply changes: a State is large, and each copy costs. (This form
	// leaves the compiler the fewest copies to make.)
	ev, err = s.apply(m)
	next = s
	return
}

// RandomMove returns a move drawn uniformly at random with rng from the
// legal moves of the side to move (every move [State.LegalMoves] yields
// has the same chance), and false when there is none because the game is
// over. It writes no move list and does not allocate: it counts the
// generator's moves with popcounts and finds the one drawn, drawing again
// when a repetition rule forbids it. A nil rng uses the top-level
// functions of math/rand/v2.
func (s State) RandomMove(rng *rand.Rand) (Move, bool) { return s.randomMove(rng) }

// Play plays m on the state s points to, in place, and returns what
// happened: the in-place form of [State.Apply], for a caller that owns
// the State (a playout or a search that undoes by copying). An illegal
// move leaves *s unchanged and returns the error of [State.Check].
// Other copies of the state are not affected: a State shares nothing
// that a move writes.
func (s *State) Play(m Move) (Event, error) { return s.apply(m) }

// PlayRandom plays in place a move drawn as [State.RandomMove] draws it
// and returns it with its event; ok is false, and *s unchanged, when the
// game is over. It skips the legality check of [State.Play], the move
// being legal by construction, and does not allocate.
func (s *State) PlayRandom(rng *rand.Rand) (m Move, ev Event, ok bool) {
	if !s.playDrawn(rng) {
		return Move{}, Event{}, false
	}
	return s.last.Move, s.last, true
}

// playDrawn draws a move as drawMove does and plays it; it reports
// false when there is none.
func (s *State) playDrawn(rng *rand.Rand) bool {
	m, from, to, ok := s.drawMove(rng, maxRedraws)
	switch {
	case !ok:
		return false
	case from == 0:
		s.playRescue(m)
	default:
		s.playCells(m, from, to)
	}
	return true
}

// apply plays m on s when it is legal, else leaves s unchanged.
func (s *State) apply(m Move) (Event, error) {
	if from, to, ok := s.plainStep(m); ok {
		s.playCells(m, from, to)
		return s.last, nil
	}
	if err := s.check(m); err != nil {
		return Event{}, err
	}
	return s.play(m), nil
}

// plainStep reports whether m is a legal one-square move that no
// repetition rule can forbid, the commonest move, and returns its cells;
// when ok is false, check decides. It answers from the bit sets: a
// movable piece of the side to move on the from-cell, a to-cell next to
// it that holds neither a piece of that side nor a wall. (Such a move is
// legal: check has nothing else to refuse.) It is one of the five places
// of the movement rules (see the top of movegen.go).
func (s *State) plainStep(m Move) (from, to int, ok bool) {
	if s.g == nil || s.outcome.IsOver() || s.pending || m.Via != NoSquare || m.Rescue != NoRank ||
		uint(m.From)-1 >= MaxSquares || uint(m.To)-1 >= MaxSquares || s.repetitionMayForbid() {
		return 0, 0, false
	}
	from, to = int(cellOfSquare[m.From]), int(cellOfSquare[m.To])
	me := &s.occ[s.turn.index()]
	f, t := uint(from-bbBase), uint(to-bbBase)
	if !isStep(from, to) || (me[f>>6&1]&s.mov[f>>6&1])>>(f&63)&1 == 0 ||
		(me[t>>6&1]|s.g.wall[t>>6&1])>>(t&63)&1 != 0 {
		return 0, 0, false
	}
	return from, to, true
}

// Resign returns the state in which c has resigned: the game is over and
// the other side wins ([Resignation]). It fails with [ErrGameOver] when
// the game has already ended (or s is the zero State) and with
// [ErrInvalid] when c is not Red or Blue. Either side may resign, on its
// turn or not.
func (s State) Resign(c Color) (State, error) {
	if s.g == nil || s.outcome.IsOver() {
		return s, ErrGameOver
	}
	if !c.IsValid() {
		return s, errNoSide
	}
	s.outcome = Outcome{Winner: c.Opponent(), Reason: Resignation}
	return s, nil
}

// AgreeDraw returns the state in which the players have agreed to a draw
// ([DrawAgreed]). It fails with [ErrGameOver] when the game has already
// ended (or s is the zero State).
func (s State) AgreeDraw() (State, error) {
	if s.g == nil || s.outcome.IsOver() {
		return s, ErrGameOver
	}
	s.outcome = Outcome{Reason: DrawAgreed}
	return s, nil
}

func (s *State) pieceAt(cell int) (Piece, bool) {
	v := s.cells[cell]
	if v == 0 || v == wallCell {
		return 0, false
	}
	return s.pc[v-1], true
}

// adjacentEnemy reports whether a cell next to cell holds a piece of c's
// opponent.
func (s *State) adjacentEnemy(cell int, c Color) bool {
	n, them := &neighbours[cell], &s.occ[c.index()^1]
	return n[0]&them[0]|n[1]&them[1] != 0
}

// neighbours holds the cells next to each cell (walls included).
var neighbours = func() (t [numCells]bb) {
	for c := range t {
		for _, d := range dirs {
			if n := c + d; n >= bbBase && n < bbBase+128 {
				t[c].set(n)
			}
		}
	}
	return
}()

func (s *State) hasMovable(c Color) bool {
	me := &s.occ[c.index()]
	return s.mov[0]&me[0]|s.mov[1]&me[1] != 0
}

// play applies a legal move to s and returns its event.
func (s *State) play(m Move) Event {
	if m.IsRescue() {
		s.playRescue(m)
	} else {
		s.playCells(m, int(cellOfSquare[m.From]), int(cellOfSquare[m.To]))
	}
	return s.last
}

// playCells applies a legal move of a piece from one cell to another to
// s; its event is s.last.
func (s *State) playCells(m Move, from, to int) {
	g := s.g
	r := &g.rules
	c := s.turn
	o := c.Opponent()
	aid := s.cells[from] - 1
	a, apc := &s.pcs[aid], s.pc[aid]
	// The event is written in place: building it apart and copying it
	// costs more.
	ev := &s.last
	*ev = Event{Move: m, Color: c, Piece: apc}
	*a |= pieceRec(KnownMoved)
	if m.Via != NoSquare || !isStep(from, to) {
		*a |= pieceRec(KnownFar)
		if m.Via != NoSquare {
			*a |= pieceRec(KnownTurn)
		} else if d := from - to; r.CaptainsMoveTwo && d != 2 && d != -2 && d != 2*stride && d != -2*stride {
			*a |= pieceRec(KnownLong)
		}
	}
	var flag bool
	if s.cells[to] == 0 {
		s.movePiece(aid, from, to)
	} else {
		did := s.cells[to] - 1
		d, dpc := &s.pcs[did], s.pc[did]
		res := resolve(r, apc.Rank(), dpc.Rank())
		ev.Defender, ev.Combat = dpc, res
		*a |= pieceRec(KnownRank)
		if r.Info != InfoSilentDefense || res != DefenderWins {
			*d |= pieceRec(KnownRank)
		} else if d.know()&KnownRank == 0 {
			// Both players learn that the hidden defender beats apc.
			s.beat = &beatNode{id: did, attacker: apc.Rank(), next: s.beat}
		}
		switch res {
		case AttackerWins:
			flag = dpc.Rank() == Flag
			s.liftPiece(did, to)
			s.movePiece(aid, from, to)
		case DefenderWins:
			s.liftPiece(aid, from)
		case BothRemoved:
			s.liftPiece(aid, from)
			s.liftPiece(did, to)
		}
	}
	attack := ev.Combat != NoCombat
	if r.TwoSquares > 0 {
		run := &s.runs[c.index()]
		run.cell = uint8(to)
		if run.id == aid+1 {
			// A loop, not copy: a run is short, and copy calls memmove.
			for i := r.TwoSquares - 1; i > 0; i-- {
				run.moves[i&(MaxTwoSquares-1)] = run.moves[(i-1)&(MaxTwoSquares-1)]
			}
			if run.n < MaxTwoSquares {
				run.n++
			}
		} else {
			run.id, run.n = aid+1, 1
		}
		run.moves[0] = ev.Move // from memory: one load where m would be kept in four registers
		run.setBan(r.TwoSquares)
	}
	if r.MoreSquares != MoreSquaresOff {
		s.trackChases(c, from, to, attack)
	}
	s.ply++
	if attack {
		s.quiet = 0
	} else {
		s.quiet++
	}
	if flag {
		s.turn = o
		s.outcome = Outcome{Winner: c, Reason: FlagCaptured}
	} else if r.Rescues > 0 && a.onBoard() && apc.Rank() != Scout &&
		int(s.rescues[c.index()]) < r.Rescues && m.To.Row() == g.backRow[c.index()] &&
		!a.rescuer() && s.canRescue(c) {
		// The piece makes this rescue; it never makes another.
		*a |= recRescuer
		s.pending = true
	} else {
		s.turn = o
		s.outcome = s.endCheck(attack)
	}
	ev.Outcome = s.outcome
}

func isStep(a, b int) bool {
	d := a - b
	return d == 1 || d == -1 || d == stride || d == -stride
}

// endCheck decides the outcome after a ply (RULES.md 6.3), the flag
// having been handled: first attrition (under Rules.Attrition), then the
// caps, then whether the side to move has a legal move.
func (s *State) endCheck(attack bool) Outcome {
	r := &s.g.rules
	if r.Attrition {
		red, blue := s.hasMovable(Red), s.hasMovable(Blue)
		switch {
		case !red && !blue:
			return Outcome{Reason: NeitherCanMove}
		case !red:
			return Outcome{Winner: Blue, Reason: NoMovablePiece}
		case !blue:
			return Outcome{Winner: Red, Reason: NoMovablePiece}
		}
	}
	if r.MaxPlies > 0 && int(s.ply) >= r.MaxPlies {
		return Outcome{Reason: PlyCap}
	}
	if r.MaxPliesWithoutAttack > 0 && int(s.quiet) >= r.MaxPliesWithoutAttack {
		return Outcome{Reason: NoAttackCap}
	}
	if s.hasMove() {
		return Outcome{}
	}
	other := s.turn.Opponent()
	if !s.hasMovable(other) {
		return Outcome{Reason: NeitherCanMove}
	}
	return Outcome{Winner: other, Reason: NoLegalMove}
}

// canRescue reports whether c has a piece to rescue and a square to put it.
func (s *State) canRescue(c Color) bool {
	found := false
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		if s.rescuable(id) {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	for q := range s.g.half[c.index()].All() {
		if s.cells[cellOfSquare[q]] == 0 {
			return true
		}
	}
	return false
}

func (s *State) rescuable(id uint8) bool {
	return !s.pcs[id].onBoard() && s.pc[id].Rank() != Flag
}

// rescueID returns the id of a piece of rank rk that c may rescue, or -1.
//
// Captured pieces of one rank differ only in what the opponent knew of
// them and whether they made a rescue, so the piece taken is the one with
// the least of that (knowledge, then the rescue mark; the order of a
// Position's captures), whatever the piece ids: a State rebuilt from its
// Position rescues the same piece.
func (s *State) rescueID(c Color, rk Rank) int {
	best, bestKey := -1, 0
	for id := s.g.lo[c.index()]; id < s.g.hi[c.index()]; id++ {
		if s.pc[id].Rank() != rk || !s.rescuable(id) {
			continue
		}
		key := int(s.pcs[id].know()) << 1
		if s.pcs[id].rescuer() {
			key |= 1
		}
		if best < 0 || key < bestKey {
			best, bestKey = int(id), key
		}
	}
	return best
}

func (s *State) playRescue(m Move) {
	c := s.turn
	id := uint8(s.rescueID(c, m.Rescue))
	s.putPiece(id, int(cellOfSquare[m.To]))
	if run := &s.runs[c.index()]; run.id == id+1 {
		run.cell = cellOfSquare[m.To] // the run's piece is back
	}
	s.rescues[c.index()]++
	s.pending = false
	// The board gained a piece: earlier boards may recur, so the chases
	// start afresh, as after an attack.
	s.chases = [2]chase{}
	if s.g.rules.MoreSquares == MoreSquaresGame {
		s.seen = s.node(0, 0, 0, nil)
	}
	s.ply++
	s.quiet++
	s.turn = c.Opponent()
	s.outcome = s.endCheck(false)
	s.last = Event{Move: m, Color: c, Piece: s.pc[id], Outcome: s.outcome}
}
