package stratego

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestFastPathsAgree checks the generator's shortcuts against its
// filtered form: the list when no repetition rule can forbid a move
// (appendAll's alone) against appendMovesUpTo, which always runs the
// repetition filter, and hasMove's answer from the step masks.
func TestFastPathsAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		s := genGame(t, r, 300)
		got := s.appendMoves(nil)
		want := s.appendMovesUpTo(nil, noLimit)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("moves (-filtered +fast):\n%s", diff)
		}
		var one [1]Move
		if got, want := s.hasMove(), len(s.appendMovesUpTo(one[:0], 1)) > 0; got != want {
			t.Fatalf("hasMove() = %v, want %v", got, want)
		}
	})
}

// TestProp_EveryGeneratorIsTheReference pins each place the movement
// rules are written in to the slow reference (reference_test.go), at
// every ply of drawn games under the rules the reference covers: the
// generator's moves before the repetition rules (appendAll) are the
// reference's pseudo-legal moves; the legal moves of appendMoves, of the
// always-filtered appendMovesUpTo and of the random draw's buckets
// (drawable, countMoves and moveAt) are the reference's legal moves, and
// the draw counts the pseudo-legal ones; hasMove says whether there is
// one; and Check accepts exactly the legal moves among every move from a
// square of the side to move along its row and column (and near misses
// of the legal ones), plainStep, Play's shortcut, accepting only legal
// ones and every plain step when no repetition rule may forbid a move.
func TestProp_EveryGeneratorIsTheReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, true)
		playGame(t, r, plies(120), func(s State, g *refGame, _ Move) { compareGenerators(t, s, g) })
	})
}

func compareGenerators(t *rapid.T, s State, g *refGame) {
	p, err := g.position()
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	want, outcome := refSet(t, g)
	same := func(name string, want, got []Move) {
		t.Helper()
		got = slices.Clone(got)
		sortMoves(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("after %v:\n%s\n%s (-reference +engine):\n%s", g.moves, s.Picture(), name, diff)
		}
	}
	if !outcome.IsOver() {
		pseudo := p.pseudoMoves()
		sortMoves(pseudo)
		same("appendAll, the moves before the repetition rules", pseudo, s.appendAll(nil))
		if n := pseudoCount(&s); n != len(pseudo) {
			t.Fatalf("after %v: the draw counts %d moves before the repetition rules, the reference %d", g.moves, n, len(pseudo))
		}
	}
	same("appendMoves", want, s.appendMoves(nil))
	same("appendMovesUpTo, always filtered", want, s.appendMovesUpTo(nil, noLimit))
	same("the random draw's moves", want, drawable(&s))
	if got := s.hasMove(); got != (len(want) > 0) {
		t.Fatalf("after %v: hasMove() = %v with %d legal moves", g.moves, got, len(want))
	}
	var cands []Move
	for _, m := range want {
		cands = append(cands, mutations(m)...)
	}
	for i, pc := range p.board.pieces {
		if pc == 0 || pc.Color() != s.Turn() {
			continue
		}
		from := SquareFromIndex(i)
		for k := range MaxSize {
			cands = append(cands, Move{From: from, To: SquareAt(k, from.Row())}, Move{From: from, To: SquareAt(from.File(), k)})
		}
	}
	for _, m := range cands {
		legal := slices.Contains(want, m)
		if err := s.Check(m); (err == nil) != legal {
			t.Fatalf("after %v:\n%s\nCheck(%v) = %v, the reference says legal: %v", g.moves, s.Picture(), m, err, legal)
		}
		from, to, ok := s.plainStep(m)
		if ok && (!legal || from != int(cellOfSquare[m.From]) || to != int(cellOfSquare[m.To])) {
			t.Fatalf("after %v: plainStep(%v) = %d, %d, true; the reference says legal: %v", g.moves, m, from, to, legal)
		}
		if !ok && legal && !s.repetitionMayForbid() && m.Via == NoSquare && isStep(int(cellOfSquare[m.From]), int(cellOfSquare[m.To])) {
			t.Fatalf("after %v: plainStep(%v) refuses a legal step no repetition rule may forbid", g.moves, m)
		}
	}
}

// TestProp_HasMoveIsTheReference: hasMove, which answers from the step
// masks, agrees with the reference on crowded corners: boards where the
// side to move has one movable piece among its bombs, so that often a
// single direction is open or none.
func TestProp_HasMoveIsTheReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, true)
		r.MaxPlies, r.MaxPliesWithoutAttack = 0, 0
		sqs := slices.Collect(r.Squares().All())
		turn := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "turn")
		bombs := rapid.IntRange(0, min(4, int(r.Army[Bomb]))).Draw(t, "bombs")
		enemies := rapid.IntRange(0, 3).Draw(t, "enemy pieces")
		at := rapid.SliceOfNDistinct(rapid.SampledFrom(sqs), 3+bombs+enemies, 3+bombs+enemies, func(q Square) Square { return q }).Draw(t, "squares")
		var b Board
		mover := rapid.SampledFrom([]Rank{Spy, Scout, Miner, Marshal}).Draw(t, "mover")
		if r.Army[mover] == 0 {
			mover = Scout
		}
		b.Put(at[0], NewPiece(turn, mover))
		b.Put(at[1], NewPiece(turn, Flag))
		b.Put(at[2], NewPiece(turn.Opponent(), Flag))
		for i, q := range at[3:] {
			if i < bombs {
				b.Put(q, NewPiece(turn, Bomb))
			} else {
				b.Put(q, NewPiece(turn.Opponent(), Bomb))
			}
		}
		s, err := FromBoard(r, b, turn)
		if err != nil {
			t.Skip(err)
		}
		want, _ := refSet(t, &refGame{rules: r, start: b, turn: turn})
		if got := s.hasMove(); got != (len(want) > 0) {
			t.Fatalf("%s\nhasMove() = %v, the reference has %d legal moves", s.Picture(), got, len(want))
		}
	})
}

// TestProp_MoveOrder pins the order that State.LegalMoves documents: the
// one-square moves direction by direction (north, east, south, west),
// each direction by destination square, then the longer Scout slides by
// direction, then by Scout, then by distance, then the Captains'
// two-square moves (squares compared in cell order, a1 first).
func TestProp_MoveOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, true)
		playGame(t, r, plies(120), func(s State, _ *refGame, _ Move) {
			if s.RescueDue() {
				return
			}
			moves := s.AppendLegalMoves(nil)
			for i := 1; i < len(moves); i++ {
				if a, b := moveOrderKey(s, moves[i-1]), moveOrderKey(s, moves[i]); slices.Compare(a[:], b[:]) > 0 {
					t.Fatalf("%v (key %v) is listed before %v (key %v) in %v", moves[i-1], a, moves[i], b, moves)
				}
			}
		})
	})
}

// moveOrderKey returns the sort key of m among the moves of s, in the
// documented order: kind (0 a one-square move, 1 a slide, 2 a Captain's
// two-square move), then for the first two the direction's index in
// dirs, then the destination cell of a one-square move, or the start
// cell and the distance of a slide.
func moveOrderKey(s State, m Move) [4]int {
	from, to := cellOf(m.From), cellOf(m.To)
	d := to - from
	dist, unit := abs(d), 1
	if d%stride == 0 {
		dist, unit = abs(d)/stride, stride
	}
	if d < 0 {
		unit = -unit
	}
	k := slices.Index(dirs[:], unit)
	pc, _ := s.At(m.From)
	switch {
	case m.Via == NoSquare && dist == 1:
		return [4]int{0, k, to, 0}
	case m.Via == NoSquare && pc.Rank() == Scout:
		return [4]int{1, k, from, dist}
	}
	return [4]int{2, 0, 0, 0}
}
