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
//
// It keeps every move while an enemy piece may take the player's Flag
// with its next move (see flagInReach): then a probe of a piece that may
// be the enemy's Flag may be the only move that does not lose, and a
// lesser piece far away probes too late. It keeps the probes of a piece
// that an enemy piece next to it takes whatever that piece is (see
// doomed): a piece lost next move risks nothing on a Bomb, and walled in
// by hidden pieces, a probe is its only way out.
func withoutRecklessProbes(v stratego.View, moves []stratego.Move) []stratego.Move {
	marks := recklessProbes(v, moves)
	if marks == nil {
		return moves
	}
	// Filtering in place writes only kept moves, each at or before its own
	// index.
	return unmarked(moves[:0], moves, marks)
}

// unmarked appends to dst the moves of moves that marks does not mark
// and returns it.
func unmarked(dst, moves []stratego.Move, marks []bool) []stratego.Move {
	for i, m := range moves {
		if !marks[i] {
			dst = append(dst, m)
		}
	}
	return dst
}

// recklessProbes returns, for each move of moves, whether
// withoutRecklessProbes removes it; nil when it removes none.
//
// The search (Search) removes them only after it has drawn its
// determinizations, and keeps those on a piece that at least
// probeFlagShare of them make the enemy's Flag: the search below the
// root takes the Flag with any piece, so a filter that forbade those
// at the root would let the search count, at every move, a win one move
// later that it never plays (in a Barrage endgame a General stood next
// to the likely Flag from ply 79 to the ply cap at 3,000, its Spy far
// away: TestProbeOfLikelyFlag).
func recklessProbes(v stratego.View, moves []stratego.Move) []bool {
	b := v.Board()
	me := v.Player()
	if flagInReach(v, &b, me) {
		return nil
	}
	lesser := false
	for _, pc := range b.All() {
		if pc.Color() == me && pc.Rank().Movable() && pc.Rank() < probeFloor {
			lesser = true
			break
		}
	}
	if !lesser {
		return nil
	}
	var marks []bool
	n := 0
	for i, m := range moves {
		if reckless(v, &b, me, m) {
			if marks == nil {
				marks = make([]bool, len(moves))
			}
			marks[i] = true
			n++
		}
	}
	if n == len(moves) {
		return nil
	}
	return marks
}

// probeFlagShare is the share of a move's determinizations that must make
// a piece the enemy's Flag for the search to keep a reckless probe of it
// (see recklessProbes): the Flag is at least as likely there as not.
const probeFlagShare = 0.5

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
	return v.Ranks(m.To).Has(stratego.Bomb) && !doomed(v, b, m.From)
}

// doomed reports whether the piece of the view's player on sq of the
// view v's board b stands next to an enemy piece that takes it if it
// attacks, whatever rank the view leaves that piece: a shown Marshal next
// to the General, say (the records against Peter Lewis's bot showed
// Generals walled in by hidden pieces and taken by the shown Marshal:
// docs/strength.md, "A piece taken next move probes").
func doomed(v stratego.View, b *stratego.Board, sq stratego.Square) bool {
	r := v.Rules()
	pc := b.At(sq)
	takers := beaters(r, pc.Rank())
	for n := range r.Neighbors(sq) {
		if b.At(n).Color() != pc.Color().Opponent() {
			continue
		}
		if ranks := v.Ranks(n); !ranks.IsEmpty() && uint16(ranks)&^takers == 0 {
			return true
		}
	}
	return false
}

// flagInReach reports whether an enemy piece on the view v's board b may
// take the Flag of the player me with its next move: a piece next to it
// that may be movable, or a piece that has moved in line with it, over
// empty squares, that may be a Scout striking from afar (where the rules
// let Scouts strike at the end of a slide). An unmoved piece in line
// does not count: most are not Scouts, and the probes stay filtered.
func flagInReach(v stratego.View, b *stratego.Board, me stratego.Color) bool {
	flag := flagSquare(b, me)
	if flag == stratego.NoSquare {
		return false
	}
	r := v.Rules()
	for _, d := range [4]stratego.Direction{stratego.Up, stratego.Down, stratego.Left, stratego.Right} {
		for n := 1; ; n++ {
			sq := flag.Step(d, n)
			if sq == stratego.NoSquare || !r.OnBoard(sq) {
				break
			}
			pc := b.At(sq)
			if pc == 0 {
				if r.Scouts == stratego.ScoutStrikeAdjacent {
					break
				}
				continue
			}
			if pc.Color() == me.Opponent() {
				ranks := v.Ranks(sq)
				if n == 1 && uint16(ranks)&movableRanks != 0 || v.Knowledge(sq)&stratego.KnownMoved != 0 && ranks.Has(stratego.Scout) {
					return true
				}
			}
			break
		}
	}
	return false
}
