package stratego

import (
	"iter"
	"math/bits"
)

// MaxSize is the largest board width and height: squares exist on a
// 10×10 grid, and a [Rules] board is a rectangle of it anchored at a1.
const MaxSize = 10

// MaxSquares is the number of squares of the largest board.
const MaxSquares = MaxSize * MaxSize

// Square is a square of the 10×10 grid: files a–j left to right as Red
// sees the board, rows 1–10 from Red's side, so a1 is Red's lower-left
// corner. The zero value is NoSquare, which is not a square. Whether a
// square is on the board of a game (and not a lake) depends on its
// [Rules].
type Square uint8

// NoSquare is the zero Square.
const NoSquare Square = 0

// SquareAt returns the square on the given file and row, both counted
// from 0 (a1 is SquareAt(0, 0), j10 is SquareAt(9, 9)). It returns
// NoSquare when either is outside 0–9.
func SquareAt(file, row int) Square {
	if file < 0 || file >= MaxSize || row < 0 || row >= MaxSize {
		return NoSquare
	}
	return Square(row*MaxSize + file + 1)
}

// SquareFromIndex returns the square of index i = row×10 + file (the
// Gravon index: 0 is a1, 99 is j10), or NoSquare when i is outside 0–99.
func SquareFromIndex(i int) Square {
	if i < 0 || i >= MaxSquares {
		return NoSquare
	}
	return Square(i + 1)
}

// IsValid reports whether s is one of the 100 squares of the grid.
func (s Square) IsValid() bool { return s >= 1 && s <= MaxSquares }

// Index returns row×10 + file (a1 = 0, j10 = 99), or -1 for an invalid
// square.
func (s Square) Index() int {
	if !s.IsValid() {
		return -1
	}
	return int(s) - 1
}

// File returns the file counted from 0 (a = 0), or -1 for an invalid
// square.
func (s Square) File() int {
	if !s.IsValid() {
		return -1
	}
	return (int(s) - 1) % MaxSize
}

// Row returns the row counted from 0 (row 1 = 0), or -1 for an invalid
// square.
func (s Square) Row() int {
	if !s.IsValid() {
		return -1
	}
	return (int(s) - 1) / MaxSize
}

// SquareSet is a set of squares, a comparable value (bit i is the square
// of index i).
type SquareSet [2]uint64

// SquaresOf returns the set of the given squares; invalid ones are
// ignored.
func SquaresOf(sqs ...Square) SquareSet {
	var s SquareSet
	for _, q := range sqs {
		s = s.With(q)
	}
	return s
}

// Rect returns the set of squares with file in [f0, f1] and row in
// [r0, r1], counted from 0 and clipped to the grid.
func Rect(f0, r0, f1, r1 int) SquareSet {
	var s SquareSet
	f0, r0 = max(f0, 0), max(r0, 0)
	f1, r1 = min(f1, MaxSize-1), min(r1, MaxSize-1)
	if f0 > f1 {
		return s
	}
	row := (uint64(1)<<(f1-f0+1) - 1) << f0 // the files of one row
	for r := r0; r <= r1; r++ {
		i := r * MaxSize
		s[i>>6] |= row << (i & 63)
		if i&63 > 64-MaxSize {
			s[1] |= row >> (64 - i&63) // the row crosses into the second word
		}
	}
	return s
}

// Has reports whether q is in the set.
func (s SquareSet) Has(q Square) bool {
	if !q.IsValid() {
		return false
	}
	i := q.Index()
	return s[i>>6]&(1<<(i&63)) != 0
}

// With returns the set with q added.
func (s SquareSet) With(q Square) SquareSet {
	if q.IsValid() {
		i := q.Index()
		s[i>>6] |= 1 << (i & 63)
	}
	return s
}

// Without returns the set with q removed.
func (s SquareSet) Without(q Square) SquareSet {
	if q.IsValid() {
		i := q.Index()
		s[i>>6] &^= 1 << (i & 63)
	}
	return s
}

// Union returns the squares in s or t.
func (s SquareSet) Union(t SquareSet) SquareSet { return SquareSet{s[0] | t[0], s[1] | t[1]} }

// Intersect returns the squares in both s and t.
func (s SquareSet) Intersect(t SquareSet) SquareSet { return SquareSet{s[0] & t[0], s[1] & t[1]} }

// Len returns the number of squares in the set.
func (s SquareSet) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// IsEmpty reports whether the set has no square.
func (s SquareSet) IsEmpty() bool { return s[0]|s[1] == 0 }

// All yields the squares of the set in index order.
func (s SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for w := 0; w < 2; w++ {
			b := s[w]
			for b != 0 {
				i := bits.TrailingZeros64(b)
				b &= b - 1
				if !yield(Square(w*64 + i + 1)) {
					return
				}
			}
		}
	}
}

// String lists the squares, space-separated, in index order ("c5 d5");
// the empty set is "".
func (s SquareSet) String() string {
	var b []byte
	for q := range s.All() {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b, _ = q.AppendText(b)
	}
	return string(b)
}

// Board is a full placement: the piece on each square, read with
// [Board.At] and written with [Board.Put]. Squares without a piece hold
// 0. The zero Board is empty.
type Board struct {
	pieces [MaxSquares]Piece // by Square.Index
}

// At returns the piece on sq (0 when empty or sq is invalid).
func (b Board) At(sq Square) Piece {
	if !sq.IsValid() {
		return 0
	}
	return b.pieces[sq-1]
}

// Put places p on sq (p = 0 empties it); invalid squares are ignored.
func (b *Board) Put(sq Square, p Piece) {
	if sq.IsValid() {
		b.pieces[sq-1] = p
	}
}

// All yields each square that holds a piece, with its piece, a1 first
// in [Square.Index] order.
func (b Board) All() iter.Seq2[Square, Piece] {
	return func(yield func(Square, Piece) bool) {
		for i, p := range b.pieces {
			if p != 0 && !yield(Square(i+1), p) {
				return
			}
		}
	}
}

// KnowledgeBoard holds a [Knowledge] for each square, read with
// [KnowledgeBoard.At] and written with [KnowledgeBoard.Put]; the zero
// value holds none.
type KnowledgeBoard struct {
	known [MaxSquares]Knowledge // by Square.Index
}

// At returns the knowledge on sq (0 when sq is invalid).
func (b KnowledgeBoard) At(sq Square) Knowledge {
	if !sq.IsValid() {
		return 0
	}
	return b.known[sq-1]
}

// Put sets the knowledge on sq; invalid squares are ignored.
func (b *KnowledgeBoard) Put(sq Square, k Knowledge) {
	if sq.IsValid() {
		b.known[sq-1] = k
	}
}

// Internal geometry: a padded mailbox of 12×12 cells, one ring of wall
// around the 10×10 grid, so that a step off the grid lands on a wall.
const (
	stride   = MaxSize + 2
	numCells = stride * stride
	// Directions in cells.
	north = stride
	south = -stride
	east  = 1
	west  = -1
)

var dirs = [4]int{north, east, south, west}

func cellOf(s Square) int { return (s.Row()+1)*stride + s.File() + 1 }

// squareOfCell is the inverse of cellOf; walls map to NoSquare.
var squareOfCell = func() (t [numCells]Square) {
	for i := 0; i < MaxSquares; i++ {
		sq := Square(i + 1)
		t[cellOf(sq)] = sq
	}
	return
}()

// Direction is one of the four directions in which pieces move, as Red
// sees the board: Up toward row 10, Down toward row 1, Left toward file
// a, Right toward file j. The zero value is NoDirection. Protocols that
// name a move by its square, direction and distance (the UCC 2012
// evaluator's "X Y DIR N") build it with [Square.Step].
type Direction uint8

// The directions.
const (
	NoDirection Direction = iota // no direction: the zero value
	Up                           // toward row 10 (Blue's back row)
	Down                         // toward row 1 (Red's back row)
	Left                         // toward file a
	Right                        // toward file j
)

// Step returns the square n squares from s in direction d, or NoSquare
// when that leaves the 10×10 grid, when s is not a square, or when d is
// not a direction or n is not positive. Whether the square is on the
// board of a game, and whether a move there is legal, is for the rules
// to say: Move{From: s, To: s.Step(d, n)} is a move to check.
func (s Square) Step(d Direction, n int) Square {
	if !s.IsValid() || n <= 0 || n >= MaxSize {
		return NoSquare
	}
	f, r := s.File(), s.Row()
	switch d {
	case Up:
		r += n
	case Down:
		r -= n
	case Left:
		f -= n
	case Right:
		f += n
	default:
		return NoSquare
	}
	return SquareAt(f, r)
}

// Line returns the direction and the distance from s to t when they lie
// on one file or one row, and NoDirection and 0 otherwise (t == s
// included): the inverse of [Square.Step].
func (s Square) Line(t Square) (Direction, int) {
	if !s.IsValid() || !t.IsValid() || s == t {
		return NoDirection, 0
	}
	df, dr := t.File()-s.File(), t.Row()-s.Row()
	switch {
	case df == 0 && dr > 0:
		return Up, dr
	case df == 0:
		return Down, -dr
	case dr == 0 && df > 0:
		return Right, df
	case dr == 0:
		return Left, -df
	}
	return NoDirection, 0
}
