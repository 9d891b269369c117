package stratego

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The invariant checker: checkInvariants recomputes from scratch
// everything a State caches and fails the test where the cache differs —
// the hash against a fresh hash of the board; the cell array, the piece
// records and the bitboards against each other; the Two-Squares runs and
// their bans; the More-Squares histories (each list's head is the current
// board, every remembered board rebuilds, by taking moves back, to the
// hash the list holds for it); the record of silent-defense fights; and
// the outcome against the end check. The property tests run it after
// every Apply, on the new state and on the old one (which a move must
// not have touched).
//
// Only the accessors below read State's fields: when the layout of State
// changes, they change, and the checks stay as they are.

// invPieceRange returns the piece ids of c: lo <= id < hi.
func invPieceRange(s *State, c Color) (lo, hi int) {
	return int(s.g.lo[c.index()]), int(s.g.hi[c.index()])
}

// invPiece returns piece id, whether its record says it is on the board,
// and what its opponent knows of it; unused is true when the record is
// the zero record (as for the ids no piece has).
func invPiece(s *State, id int) (pc Piece, onBoard bool, know Knowledge, unused bool) {
	return s.pc[id], s.pcs[id].onBoard(), s.pcs[id].know(), s.pcs[id] == 0
}

// invCell returns the content of a cell of the padded mailbox: the id of
// the piece on it, or -1 when empty; wall when it is off the board or a
// lake.
func invCell(s *State, cell int) (id int, wall bool) {
	switch v := s.cells[cell]; v {
	case wallCell:
		return -1, true
	case 0:
		return -1, false
	default:
		return int(v) - 1, false
	}
}

// invIsWall reports whether the game (all its states) has a wall on cell.
func invIsWall(s *State, cell int) bool { return s.g.walls[cell] == wallCell }

// invBitboards returns the cached bitboards: each side's pieces, the
// movable pieces and the Scouts.
func invBitboards(s *State) (occ [3]bb, mov, scouts bb) {
	return [3]bb{Red: s.occ[0], Blue: s.occ[1]}, s.mov, s.scouts
}

// invRun is a side's Two-Squares run as the checker reads it.
type invRun struct {
	id    int // piece id, -1 for no run
	cell  int // the cached cell of the run's piece
	moves []Move
	ban   path // the cached ban
	want  path // the ban recomputed from the moves
}

func invRunOf(s *State, c Color) invRun {
	r := s.runs[c.index()]
	if r.id == 0 {
		return invRun{id: -1, ban: r.ban}
	}
	cp := r
	cp.setBan(s.g.rules.TwoSquares)
	return invRun{id: int(r.id) - 1, cell: int(r.cell), moves: r.moves[:min(int(r.n), MaxTwoSquares)], ban: r.ban, want: cp.ban}
}

// invNode is one remembered board: its hash and the quiet move that made
// it from the next (older) board, by cells; from == to == 0 when the
// list does not say.
type invNode struct {
	hash     uint64
	from, to int
	pc       Piece
}

// invHistory is one list of remembered boards, newest first.
type invHistory struct {
	name  string
	nodes []invNode
}

// invChase returns whether c's chase runs and the chaser's last move by
// cells.
func invChase(s *State, c Color) (on bool, from, to int) {
	ch := s.chases[c.index()]
	return ch.on, int(ch.from), int(ch.to)
}

// invHistories returns the More-Squares lists of s: each side's chase
// boards and the boards since the last attack, whether empty or not.
func invHistories(s *State) []invHistory {
	list := func(name string, n *boardNode) invHistory {
		h := invHistory{name: name}
		for ; n != nil; n = n.next {
			h.nodes = append(h.nodes, invNode{hash: n.hash, from: int(n.from), to: int(n.to), pc: n.pc})
		}
		return h
	}
	return []invHistory{
		list("red's chase", s.chases[0].boards),
		list("blue's chase", s.chases[1].boards),
		list("boards since the last attack", s.seen),
	}
}

// invBeats returns the silent-defense record: the defender id and the
// attacker rank of each fight a hidden defender won.
func invBeats(s *State) (ids []int, attackers []Rank) {
	for n := s.beat; n != nil; n = n.next {
		ids, attackers = append(ids, int(n.id)), append(attackers, n.attacker)
	}
	return
}

// invEndCheck returns the outcome the end check gives s as if the game
// had not ended (RULES.md 6.3).
func invEndCheck(s *State) Outcome {
	cp := *s
	cp.outcome = Outcome{}
	return cp.endCheck(false)
}

// The checks.

// invariantErrors returns what is wrong with s, or nil.
func invariantErrors(s State) []string {
	if s.g == nil {
		if !reflect.ValueOf(s).IsZero() {
			return []string{"a State without a game is not the zero State"}
		}
		return nil
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	r := s.g.rules
	board, where := invCheckPieces(&s, fail)
	if h := hashBoard(&board); s.BoardHash() != h {
		fail("hash %#x, fresh hash of the board %#x", s.BoardHash(), h)
	}
	if b := s.Board(); b != board {
		fail("Board() differs from the board of the cells")
	}
	invCheckRuns(&s, &where, fail)
	invCheckHistories(&s, board, fail)
	ids, attackers := invBeats(&s)
	if r.Info != InfoSilentDefense && len(ids) > 0 {
		fail("silent-defense record under information rule %v", r.Info)
	}
	for i, id := range ids {
		if _, hi := invPieceRange(&s, Blue); id >= hi || !attackers[i].Movable() {
			fail("silent-defense record %d: defender id %d, attacker %v", i, id, attackers[i])
		}
	}
	if ply, quiet := s.Ply(), s.PliesWithoutAttack(); quiet < 0 || ply < 0 || quiet > ply {
		fail("counters: ply %d, plies without attack %d", ply, quiet)
	}
	if !s.RescueDue() {
		want := invEndCheck(&s)
		switch o := s.Outcome(); {
		case !o.IsOver() && want.IsOver():
			fail("outcome %v but the end check gives %v", o, want)
		case (o.Reason == NoLegalMove || o.Reason == NeitherCanMove) && o != want:
			fail("outcome %v but the end check gives %v", o, want)
		}
	}
	return errs
}

// invCheckPieces checks the cells, the piece records and the bitboards
// against each other and returns the board they make and the cell of
// each piece on the board (0 for the others).
func invCheckPieces(s *State, fail func(string, ...any)) (Board, [maxPieces]int) {
	var board Board
	var where [maxPieces]int
	var occ [3]bb
	var mov, scouts bb
	r := s.g.rules
	for cell := range numCells {
		id, wall := invCell(s, cell)
		if wall != invIsWall(s, cell) {
			fail("cell %d: wall %v, the game's wall %v", cell, wall, invIsWall(s, cell))
		}
		if wall || id < 0 {
			continue
		}
		if id >= maxPieces {
			fail("cell %d holds piece id %d", cell, id)
			continue
		}
		if where[id] != 0 {
			fail("piece %d on cells %d and %d", id, where[id], cell)
		}
		where[id] = cell
		pc, _, _, _ := invPiece(s, id)
		sq := squareOfCell[cell]
		if !r.OnBoard(sq) {
			fail("piece %d on cell %d, not a square of the board", id, cell)
			continue
		}
		board.Put(sq, pc)
		occ[pc.Color()].set(cell)
		if pc.Rank().Movable() {
			mov.set(cell)
		}
		if pc.Rank() == Scout {
			scouts.set(cell)
		}
	}
	total := 0
	for c := Red; c <= Blue; c++ {
		lo, hi := invPieceRange(s, c)
		if lo != total || hi < lo {
			fail("%v's piece ids %d..%d do not follow on %d", c, lo, hi, total)
		}
		total = hi
		for id := lo; id < hi; id++ {
			pc, on, know, _ := invPiece(s, id)
			if pc.Color() != c || !pc.Rank().IsValid() || pc.Rank() == Unknown {
				fail("piece %d of %v is %v", id, c, pc)
			}
			if on != (where[id] != 0) {
				fail("piece %d: its record says on the board %v, the cells %v", id, on, where[id] != 0)
			}
			invCheckKnow(s, id, pc, know, fail)
		}
	}
	for id := total; id < maxPieces; id++ {
		if pc, _, _, unused := invPiece(s, id); pc != 0 || !unused || where[id] != 0 {
			fail("unused piece id %d holds %v on cell %d", id, pc, where[id])
		}
	}
	gotOcc, gotMov, gotScouts := invBitboards(s)
	if gotOcc != occ || gotMov != mov || gotScouts != scouts {
		fail("bitboards (red %x blue %x movable %x scouts %x) differ from the cells (%x %x %x %x)",
			gotOcc[Red], gotOcc[Blue], gotMov, gotScouts, occ[Red], occ[Blue], mov, scouts)
	}
	return board, where
}

// invCheckKnow checks that what is known of a piece is possible.
func invCheckKnow(s *State, id int, pc Piece, k Knowledge, fail func(string, ...any)) {
	r := s.g.rules
	switch {
	case r.Info == InfoOpenFaced && k&KnownRank == 0:
		fail("piece %d (%v): rank not known under open-faced rules", id, pc)
	case k&(KnownLong|KnownTurn) != 0 && k&KnownFar == 0,
		k&KnownFar != 0 && k&KnownMoved == 0:
		fail("piece %d (%v): knowledge %b", id, pc, k)
	case k&KnownMoved != 0 && !pc.Rank().Movable():
		fail("piece %d (%v) is known to have moved", id, pc)
	}
}

// invCheckRuns checks the Two-Squares runs: each belongs to a piece of
// its side that made its last move, and the cached ban is the one its
// moves give.
func invCheckRuns(s *State, where *[maxPieces]int, fail func(string, ...any)) {
	for c := Red; c <= Blue; c++ {
		run := invRunOf(s, c)
		if run.ban != run.want {
			fail("%v's run: cached ban %+v, recomputed %+v", c, run.ban, run.want)
		}
		if run.id < 0 {
			continue
		}
		lo, hi := invPieceRange(s, c)
		if run.id < lo || run.id >= hi || len(run.moves) == 0 {
			fail("%v's run: piece %d (of %d..%d), %d moves", c, run.id, lo, hi, len(run.moves))
			continue
		}
		if cell := where[run.id]; cell != 0 && (squareOfCell[cell] != run.moves[0].To || run.cell != cell) {
			fail("%v's run: its piece stands on %v, its cached cell is %v, its last move went to %v",
				c, squareOfCell[cell], squareOfCell[run.cell], run.moves[0].To)
		}
	}
}

// invCheckHistories checks the More-Squares records against the rules'
// scope, and rebuilds every remembered board from the current one.
func invCheckHistories(s *State, board Board, fail func(string, ...any)) {
	scope := s.g.rules.MoreSquares
	hs := invHistories(s)
	for c := Red; c <= Blue; c++ {
		on, from, to := invChase(s, c)
		n := len(hs[c-1].nodes)
		switch {
		case scope == MoreSquaresOff && on:
			fail("%v's chase runs without the More-Squares Rule", c)
		case scope != MoreSquaresChase && n > 0:
			fail("%v's chase remembers %d boards under scope %v", c, n, scope)
		case scope == MoreSquaresChase && on != (n > 0):
			fail("%v's chase: on %v with %d boards", c, on, n)
		case on && (invIsWall(s, from) || invIsWall(s, to) || from == to):
			fail("%v's chase: last move from cell %d to %d", c, from, to)
		case !on && s.chases[c.index()] != (chase{}):
			// trackChases clears only a record that is on.
			fail("%v's chase is not on but not the zero record", c)
		}
	}
	if seen := len(hs[2].nodes); (scope == MoreSquaresGame) != (seen > 0) {
		fail("%d boards since the last attack under scope %v", seen, scope)
	}
	for _, h := range hs {
		invCheckHistory(s, h, board, fail)
	}
}

// invCheckHistory checks one list of remembered boards: its head is the
// current board (the premise of sameBoardAfter), and taking back the
// move of each node from its board gives a board of the next node's
// hash.
func invCheckHistory(s *State, h invHistory, board Board, fail func(string, ...any)) {
	if len(h.nodes) == 0 {
		return
	}
	if h.nodes[0].hash != s.BoardHash() {
		fail("%s: head hash %#x is not the current board's %#x", h.name, h.nodes[0].hash, s.BoardHash())
	}
	b := board
	for i, n := range h.nodes[:len(h.nodes)-1] {
		from, to := squareOfCell[n.from], squareOfCell[n.to]
		if from == NoSquare || to == NoSquare || b.At(to) != n.pc || b.At(from) != 0 || n.pc == 0 {
			fail("%s, board %d: its move %v-%v of %v cannot be taken back (%v on %v, %v on %v)",
				h.name, i, from, to, n.pc, b.At(to), to, b.At(from), from)
			return
		}
		b.Put(to, 0)
		b.Put(from, n.pc)
		if got, want := hashBoard(&b), h.nodes[i+1].hash; got != want {
			fail("%s, board %d: rebuilt board hashes to %#x, the list holds %#x", h.name, i+1, got, want)
			return
		}
	}
}

// checkInvariants fails the test when s breaks an invariant; what names
// the state in the message.
func checkInvariants(tb tHelper, s State, what string) {
	tb.Helper()
	if errs := invariantErrors(s); len(errs) > 0 {
		tb.Fatalf("%s breaks the State invariants:\n\t%s", what, strings.Join(errs, "\n\t"))
	}
}

// stateContent returns a text of everything s holds, following its
// pointers (the shared game, the piece table, the history lists), so
// that two states with equal contents give equal texts whether or not
// they share storage. It is the test of immutability: == on a State
// compares the pointers, not what they point to.
func stateContent(s State) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(s), 0)
	return b.String()
}

func dumpValue(b *strings.Builder, v reflect.Value, depth int) {
	if depth > 1<<20 {
		b.WriteString("…")
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		fmt.Fprint(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		fmt.Fprint(b, v.Float())
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	case reflect.Array, reflect.Slice:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteByte('[')
		for i := range v.Len() {
			dumpValue(b, v.Index(i), depth+1)
			b.WriteByte(' ')
		}
		b.WriteByte(']')
	case reflect.Struct:
		b.WriteByte('{')
		for i := range v.NumField() {
			if v.Type() == reflect.TypeFor[State]() && v.Type().Field(i).Name == "blk" {
				// The block new record nodes are claimed from: what a
				// state holds of it are the nodes its lists reach.
				continue
			}
			b.WriteString(v.Type().Field(i).Name)
			b.WriteByte(':')
			dumpValue(b, v.Field(i), depth+1)
			b.WriteByte(' ')
		}
		b.WriteByte('}')
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteByte('&')
		dumpValue(b, v.Elem(), depth+1)
	default:
		// Maps, funcs and channels have no place in a State.
		fmt.Fprintf(b, "<%v>", v.Kind())
	}
}

// checkApplied checks the invariants of the state before a move and of
// the state after it, once the move has been applied.
func checkApplied(tb tHelper, before, after State, m Move) {
	tb.Helper()
	checkInvariants(tb, before, fmt.Sprintf("the state before %v (after the move was applied)", m))
	checkInvariants(tb, after, fmt.Sprintf("the state after %v", m))
}

// TestInvariantCheckerCatchesCorruption: the checker finds each cache
// that disagrees with what it caches. Each row breaks one thing in a
// state of its own, in a running chase under each scope, so no other
// state shares what the row writes.
func TestInvariantCheckerCatchesCorruption(t *testing.T) {
	chasing := func(scope MoreSquaresRule) State {
		r := Classic()
		r.MoreSquares = scope
		return play(t, stradev(t, r), "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4")
	}
	for _, scope := range []MoreSquaresRule{MoreSquaresChase, MoreSquaresGame} {
		list := func(s *State) *boardNode {
			if scope == MoreSquaresGame {
				return s.seen
			}
			return s.chases[Red.index()].boards
		}
		for _, tc := range []struct {
			name    string
			corrupt func(s *State)
		}{
			{"hash", func(s *State) { s.hash ^= 1 }},
			{"a cell", func(s *State) {
				s.cells[cellOfSquare[MustParseSquare("a1")]] = s.cells[cellOfSquare[MustParseSquare("j1")]]
			}},
			{"a piece record", func(s *State) { s.pcs[0] |= recOff }},
			{"a bitboard", func(s *State) { s.mov.set(int(cellOfSquare[MustParseSquare("a1")])) }},
			{"the scouts", func(s *State) { s.scouts.set(int(cellOfSquare[MustParseSquare("j1")])) }},
			{"a run's cell", func(s *State) { s.runs[Red.index()].cell = cellOfSquare[MustParseSquare("j1")] }},
			{"the piece table", func(s *State) {
				s.pc = &[maxPieces]Piece{}
				*s.pc = *chasing(scope).pc
				s.pc[1] = NewPiece(Red, Marshal)
			}},
			{"a run's ban", func(s *State) { s.runs[Red.index()].ban = path{from: 14, to: 15} }},
			{"the history's head", func(s *State) { list(s).hash ^= 1 }},
			{"a remembered board", func(s *State) { list(s).next.next.hash ^= 1 }},
			{"a remembered move", func(s *State) { list(s).next.pc = NewPiece(Blue, Major) }},
			{"the chase record", func(s *State) { s.chases[Blue.index()] = chase{on: true} }},
			{"a chase record not on", func(s *State) { s.chases[Blue.index()].from = 20 }},
			{"the outcome", func(s *State) { s.outcome = Outcome{Winner: Blue, Reason: NoLegalMove} }},
		} {
			t.Run(fmt.Sprintf("%v/%s", scope, tc.name), func(t *testing.T) {
				s := chasing(scope)
				if errs := invariantErrors(s); len(errs) > 0 {
					t.Fatalf("the state before the corruption: %v", errs)
				}
				tc.corrupt(&s)
				if errs := invariantErrors(s); len(errs) == 0 {
					t.Fatalf("no invariant error after corrupting %s", tc.name)
				} else {
					t.Logf("found: %v", errs)
				}
			})
		}
	}
}
