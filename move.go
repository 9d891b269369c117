package stratego

import "cmp"

// Move is one action of a player. Usually a piece goes from From to To:
// a Scout's slide is one move, and an attack is written like any other
// move. Via is set only for a Captain's two-square move that turns
// (Ultimate Lightning), naming the square it passes. A rescue (Ultimate
// Lightning) is a move with From = NoSquare that puts a captured piece of
// rank Rescue back on the board at To. The zero Move is not a move.
type Move struct {
	From   Square // where the piece starts; NoSquare for a rescue
	To     Square // where the piece goes (or the rescued piece is put)
	Via    Square // the middle square of a turning Captain, else NoSquare
	Rescue Rank   // the rank of the rescued piece, else NoRank
}

// Compare orders moves by from-square, then to-square, then Via, then
// rescued rank, squares in index order (a1 first); it returns -1, 0 or
// +1 like [cmp.Compare]. slices.SortFunc(moves, Move.Compare) lists moves
// square by square, the order of [View.LegalMoves].
func (m Move) Compare(o Move) int {
	return cmp.Compare(m.key(), o.key())
}

// key packs a move into one number in the order of Compare.
func (m Move) key() uint32 {
	return uint32(m.From)<<24 | uint32(m.To)<<16 | uint32(m.Via)<<8 | uint32(m.Rescue)
}

// IsRescue reports whether m is a rescue placement.
func (m Move) IsRescue() bool { return m.From == NoSquare && m.Rescue != NoRank }

// IsValid reports whether m is well formed: two different valid squares
// (and a valid Via, if any), or a rescue of a real rank other than the
// Flag onto a valid square. It says nothing about legality in a game.
func (m Move) IsValid() bool {
	if m.IsRescue() {
		return m.To.IsValid() && m.Via == NoSquare && m.Rescue.IsValid() && m.Rescue != Flag
	}
	return m.From.IsValid() && m.To.IsValid() && m.From != m.To && m.Rescue == NoRank &&
		(m.Via == NoSquare || (m.Via.IsValid() && m.Via != m.From && m.Via != m.To))
}

// AnnotatedMove is a move with what it revealed: for an attack, the two
// ranks and the combat result, written b4xb5(6>3) (the "annotated" rule
// of the section "Notation" of the package doc). A [Record] writes its
// moves in this form, so a reader sees each fight without replaying the
// game. A move without an annotation has Attacker, Defender and Combat
// zero. In a view, a rank the viewer was not shown is [Unknown], written
// "?" ([Numbering.Char]): b4xb5(6>?).
type AnnotatedMove struct {
	Move     Move   // the move itself
	Attacker Rank   // the attacking rank, Unknown when hidden, or NoRank
	Defender Rank   // the defending rank, Unknown when hidden, or NoRank
	Combat   Combat // the result, or NoCombat
}

// Annotate returns the annotated form of the move of ev.
func Annotate(ev Event) AnnotatedMove {
	a := AnnotatedMove{Move: ev.Move}
	if ev.IsAttack() {
		a.Attacker, a.Defender, a.Combat = ev.Piece.Rank(), ev.Defender.Rank(), ev.Combat
	}
	return a
}

// IsAttack reports whether a carries a combat annotation.
func (a AnnotatedMove) IsAttack() bool { return a.Combat != NoCombat }

func (a AnnotatedMove) valid() bool {
	if !a.Move.IsValid() {
		return false
	}
	if a.Combat == NoCombat {
		return a.Attacker == NoRank && a.Defender == NoRank
	}
	return !a.Move.IsRescue() && a.Combat <= BothRemoved &&
		(a.Attacker.Movable() || a.Attacker == Unknown) && (a.Defender.IsValid() || a.Defender == Unknown)
}
