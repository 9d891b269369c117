package bot

import "github.com/stratego-go/stratego"

// probeFloor is the lowest rank the search does not send into a piece
// that may be a Bomb while a lesser piece could go instead (see
// withoutRecklessProbes): the Majors, the Colonels, the General and the
// Marshal of the Classic army. It was the Colonel until the records
// against DOI showed Majors lost to Bombs in 11 of 40 games
// (docs/strength.md).
const probeFloor = stratego.Major

// withoutRecklessProbes removes from moves, in place, the reckless
// probes of the view v: attacks by a piece of rank probeFloor or above on
// an enemy piece that may be a Bomb (v.Ranks holds Bomb: it has not moved
// and is not shown). It removes them only while the player has a movable
// piece below probeFloor to probe with instead, and never every move.
//
// Why: the search scores a root move by its average over determinizations
// of the view, and a probe gains in every determinization that puts the
// Flag or a weak piece there, while a Bomb loses the attacker for good.
// Against programs of other authors, most of the games the search lost
// without this filter were games in which one of its Colonels, its
// General or its Marshal hit a Bomb (docs/strength.md); later, its
// Majors did. Strong players
// probe with Miners, Scouts and other cheap pieces; so does this player.
func withoutRecklessProbes(v stratego.View, moves []stratego.Move) []stratego.Move {
	b := v.Board()
	me := v.Player()
	lesser := false
	for _, pc := range b.All() {
		if pc.Color() == me && pc.Rank().Movable() && pc.Rank() < probeFloor {
			lesser = true
			break
		}
	}
	if !lesser {
		return moves
	}
	// Filtering in place writes only kept moves, each at or before its own
	// index, so when none is kept moves is still whole.
	kept := moves[:0]
	for _, m := range moves {
		if !reckless(v, &b, me, m) {
			kept = append(kept, m)
		}
	}
	if len(kept) == 0 {
		return moves
	}
	return kept
}

// reckless reports whether m, a move of the player me on its view's board
// b, is an attack by a piece of rank probeFloor or above on an enemy piece
// that may be a Bomb.
func reckless(v stratego.View, b *stratego.Board, me stratego.Color, m stratego.Move) bool {
	if m.IsRescue() {
		return false
	}
	att, def := b.At(m.From), b.At(m.To)
	if att.Color() != me || att.Rank() < probeFloor || def.Color() != me.Opponent() {
		return false
	}
	return v.Ranks(m.To).Has(stratego.Bomb)
}
