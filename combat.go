package stratego

import "fmt"

// Combat is the result of an attack, as decided by [Resolve].
type Combat uint8

const (
	// NoCombat is the zero value: no attack took place.
	NoCombat Combat = iota
	// AttackerWins means the defender is removed and the attacker moves onto
	// its square (this includes taking the flag and a miner defusing a
	// bomb).
	AttackerWins
	// DefenderWins means the attacker is removed and the defender stays.
	DefenderWins
	// BothRemoved means both pieces are removed (equal ranks, or a one-time
	// bomb that destroys its attacker).
	BothRemoved
)

// String returns "attacker wins", "defender wins", "both removed" or
// "none".
func (c Combat) String() string {
	switch c {
	case AttackerWins:
		return "attacker wins"
	case DefenderWins:
		return "defender wins"
	case BothRemoved:
		return "both removed"
	}
	return "none"
}

// AppendText implements [encoding.TextAppender] with the form of
// [Combat.String], and the empty text for NoCombat, so that an [Event]
// encodes as JSON.
func (c Combat) AppendText(b []byte) ([]byte, error) {
	switch {
	case c == NoCombat:
		return b, nil
	case c > BothRemoved:
		return b, fmt.Errorf("%w: combat %d", ErrInvalid, uint8(c))
	}
	return append(b, c.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (c Combat) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] for the form of
// [Combat.AppendText].
func (c *Combat) UnmarshalText(b []byte) error {
	for v := NoCombat; v <= BothRemoved; v++ {
		if t, _ := v.AppendText(nil); string(t) == string(b) {
			*c = v
			return nil
		}
	}
	return parseErr("combat", string(b), 0, `"attacker wins", "defender wins", "both removed" or ""`)
}

// Resolve decides a fight between an attacking and a defending rank under
// r, following RULES.md section 5 in its order: the Flag is captured by
// any attacker; a Bomb destroys every attacker but a Miner (and is itself
// removed when r.Bombs is BombOneTime); a Spy that attacks the Marshal
// wins; otherwise the stronger rank wins and equal ranks are both removed
// (or the attacker wins, when r.Ties is TieAttackerWins). An attacker that
// cannot move (Bomb, Flag) or a rank that is not real yields NoCombat.
func Resolve(r Rules, attacker, defender Rank) Combat {
	return resolve(&r, attacker, defender)
}

// resolve is Resolve without the copy of the rules.
func resolve(r *Rules, attacker, defender Rank) Combat {
	if !attacker.Movable() || !defender.IsValid() {
		return NoCombat
	}
	switch {
	case defender == Flag:
		return AttackerWins
	case defender == Bomb:
		if attacker == Miner {
			return AttackerWins
		}
		if r.Bombs == BombOneTime {
			return BothRemoved
		}
		return DefenderWins
	case attacker == Spy && defender == Marshal:
		return AttackerWins
	case attacker > defender:
		return AttackerWins
	case attacker < defender:
		return DefenderWins
	case r.Ties == TieAttackerWins:
		return AttackerWins
	}
	return BothRemoved
}
