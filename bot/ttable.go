package bot

import (
	"sync"

	"github.com/stratego-go/stratego"
)

// ttBits sets the size of a transposition table: 1<<ttBits entries of
// 24 bytes (6 MiB), about the nodes of a second's search.
const ttBits = 18

// ttMinDepth is the least depth (plies left) of a node the table keeps.
const ttMinDepth = 2

// Bounds of a transposition table entry's value.
const (
	ttExact uint8 = iota + 1 // the value itself
	ttLower                  // at least the value (the search failed high)
	ttUpper                  // at most the value (it failed low)
)

// blueToMove is mixed into a state's key when Blue is to move
// (State.BoardHash leaves the side to move out).
const blueToMove = 0x9e3779b97f4a7c15

// ttEntry is what the search learned of one position: its key, the depth
// searched, the value for the side to move (a win or a loss counted from
// the position, not from the root), its bound and the best move found.
type ttEntry struct {
	key   uint64
	val   float64
	move  stratego.Move
	depth int8
	bound uint8
	gen   uint8 // the ttable's gen when stored
}

// ttable is a transposition table of the search (negamax): positions
// reached by different orders of the same moves, in one determinization
// or another, are searched once, and the best move of a depth searched
// is tried first at the next. A position is keyed by its placement (the
// ranks and colours on each square, State.BoardHash), what each side has
// seen of the other's pieces (knowHash) and the side to move; the history
// that the repetition rules read is taken to be the same at equal keys,
// as chess programs take it to be. One table serves every determinization
// and depth of a move's search (determinizations that give the hidden
// pieces different ranks have different keys). Every search starts from an empty table (the evaluation follows what
// the player has seen): the entries of earlier searches are of other
// generations, and a table is cleared only when its generation counter
// wraps.
//
// The tables are lent to the searches from a free list (ttFree) for the
// time of one move's search: a program that holds many players (a server
// of many games) holds as many tables as it runs searches at once (the
// list keeps up to maxFreeTT of them for the next searches; the garbage
// collector takes the rest).
type ttable struct {
	e   []ttEntry
	gen uint8
}

// maxFreeTT is the most tables the free list keeps.
const maxFreeTT = 16

// ttFree holds the tables that no search is using.
var ttFree struct {
	sync.Mutex
	list []*ttable
}

// takeTT returns an empty table (nil when off: a search without a table,
// for tests).
func takeTT(off bool) *ttable {
	if off {
		return nil
	}
	var t *ttable
	ttFree.Lock()
	if n := len(ttFree.list); n > 0 {
		t = ttFree.list[n-1]
		ttFree.list = ttFree.list[:n-1]
	}
	ttFree.Unlock()
	if t == nil {
		t = &ttable{e: make([]ttEntry, 1<<ttBits)}
	}
	t.gen++
	if t.gen == 0 {
		clear(t.e)
		t.gen = 1
	}
	return t
}

// give returns the table to the free list (t may be nil).
func (t *ttable) give() {
	if t == nil {
		return
	}
	ttFree.Lock()
	if len(ttFree.list) < maxFreeTT {
		ttFree.list = append(ttFree.list, t)
	}
	ttFree.Unlock()
}

// knowHash returns a hash of what each side has seen of the other's
// pieces in s (the Knowledge of each piece on the board, by square), to
// be mixed into the key of a position (ttKey): one placement reached with
// different knowledge (a Scout lost on a Bomb or on a Miner, each shown)
// is two positions of the search, whose evaluations differ.
func knowHash(s *stratego.State) uint64 {
	var h uint64
	for sq := range s.Rules().Squares().All() {
		h ^= knowKey(sq, s.Knowledge(sq))
	}
	return h
}

// knowDelta returns what the move m from s to c changes in knowHash: only
// the pieces on its squares learn or are learnt of (a Captain's middle
// square is empty before and after).
func knowDelta(s, c *stratego.State, m stratego.Move) uint64 {
	return knowKey(m.From, s.Knowledge(m.From)) ^ knowKey(m.From, c.Knowledge(m.From)) ^
		knowKey(m.To, s.Knowledge(m.To)) ^ knowKey(m.To, c.Knowledge(m.To))
}

// knowKey returns the hash of knowledge k of a piece on sq (0 for none:
// an empty square, or a piece of which nothing is known).
func knowKey(sq stratego.Square, k stratego.Knowledge) uint64 {
	if k == 0 {
		return 0
	}
	// splitmix64's finalizer of the pair.
	x := uint64(sq)<<8 | uint64(k)
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// ttKey returns the key of the position s whose knowledge hash is kh.
func ttKey(s *stratego.State, kh uint64) uint64 {
	k := s.BoardHash() ^ kh
	if s.Turn() == stratego.Blue {
		k ^= blueToMove
	}
	if k == 0 {
		k = 1 // 0 marks an empty entry
	}
	return k
}

// probe returns the entry of key, nil when there is none.
func (t *ttable) probe(key uint64) *ttEntry {
	if t == nil {
		return nil
	}
	e := &t.e[key&(1<<ttBits-1)]
	if e.key != key || e.gen != t.gen {
		return nil
	}
	return e
}

// store keeps what a search of depth plies found of the position of key
// at ply ply: its value x for the side to move, within the window that
// alpha and beta were when the search began, and its best move (none when
// every move failed low). An entry
// of another position gives way; one of the same position only to a
// search as deep or deeper.
func (t *ttable) store(key uint64, depth, ply int, x, alpha, beta float64, move stratego.Move) {
	if t == nil {
		return
	}
	old := t.probe(key)
	if old != nil && int(old.depth) > depth {
		return
	}
	bound := ttExact
	switch {
	case x <= alpha:
		// Every move failed low: none is known best, and the order of
		// the next search is left to its captures, killers and history
		// (or to an earlier search's best move of this position).
		bound = ttUpper
		move = stratego.Move{}
		if old != nil {
			move = old.move
		}
	case x >= beta:
		bound = ttLower
	}
	t.e[key&(1<<ttBits-1)] = ttEntry{key: key, val: toTT(x, ply), move: move, depth: int8(depth), bound: bound, gen: t.gen}
}

// toTT turns a value at ply ply of the search into the value kept: a win
// or a loss counts its plies from the position instead of from the root.
func toTT(x float64, ply int) float64 {
	switch {
	case x >= winPoints/2:
		return x + float64(ply)
	case x <= -winPoints/2:
		return x - float64(ply)
	}
	return x
}

// fromTT is the inverse of toTT, for a position met at ply ply.
func fromTT(x float64, ply int) float64 { return toTT(x, -ply) }

// cut returns the entry's value for a search of depth plies at ply ply
// within (alpha, beta), and whether it settles that search: the entry is
// as deep or deeper, and its value is exact or a bound outside the
// window.
func (e *ttEntry) cut(depth, ply int, alpha, beta float64) (float64, bool) {
	if int(e.depth) < depth {
		return 0, false
	}
	x := fromTT(e.val, ply)
	switch e.bound {
	case ttExact:
		return x, true
	case ttLower:
		return x, x >= beta
	case ttUpper:
		return x, x <= alpha
	}
	return 0, false
}

// first moves m to the front of moves when it is there.
func first(moves []stratego.Move, m stratego.Move) {
	for i, x := range moves {
		if x == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return
		}
	}
}
