package bot

import (
	"context"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// Greedy is the greedy baseline player: it looks one ply ahead. It plays
// the legal move with the best expected material gain (baseValue), where
// the rank of a hidden defender is spread over the ranks it may have
// (View.Ranks) in proportion to how many of each the enemy has hidden
// (View.HiddenArmy); the flag is worth five Marshals (flagValue). Among
// quiet moves it prefers steps towards the enemy and avoids squares next
// to an enemy piece it knows beats the mover. Ties are broken at random
// from its seed. Its setups are those of ChooseSetup.
type Greedy struct {
	rng   *rand.Rand
	moves []stratego.Move
}

// NewGreedy returns a greedy player with the options o (only Seed
// matters).
func NewGreedy(o Options) *Greedy {
	return &Greedy{rng: rand.New(rand.NewPCG(o.Seed, 0x91eed))}
}

// Setup returns a setup from ChooseSetup, or the error of r.Validate.
func (p *Greedy) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	return ChooseSetup(r, p.rng)
}

// Move returns the greedy move of the view; the budget does not matter.
// It fails with ErrNoMove when the view lists no legal move.
func (p *Greedy) Move(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error) {
	if p.rng == nil {
		return stratego.Move{}, ErrNotMade
	}
	p.moves = v.AppendLegalMoves(p.moves[:0])
	if len(p.moves) == 0 {
		return stratego.Move{}, ErrNoMove
	}
	return greedyPick(v, p.moves, p.rng), nil
}

// flagValue is what taking the flag is worth to the greedy choice.
const flagValue = 1000

// greedyPick returns the move of moves (which must not be empty) with the
// best greedy score, ties broken with rng.
func greedyPick(v stratego.View, moves []stratego.Move, rng *rand.Rand) stratego.Move {
	best, ties := 0, 0
	bestScore := 0.0
	for i, m := range moves {
		sc := greedyScore(v, m)
		switch {
		case i == 0 || sc > bestScore:
			best, bestScore, ties = i, sc, 1
		case sc == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return moves[best]
}

// greedyScore is the expected gain of m in v for the player to move.
func greedyScore(v stratego.View, m stratego.Move) float64 {
	r := v.Rules()
	if m.IsRescue() {
		return baseValue[m.Rescue]
	}
	a, _ := v.At(m.From)
	d, ok := v.At(m.To)
	if !ok {
		return advance(v, m) - danger(v, m.To, a)
	}
	var gain, total float64
	hidden := v.HiddenArmy()
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		w := 0.0
		switch {
		case d.Rank() == rk:
			w = 1
		case d.Rank() == stratego.Unknown && v.Ranks(m.To).Has(rk):
			w = float64(hidden[rk])
		}
		if w == 0 {
			continue
		}
		total += w
		dv := baseValue[rk]
		if rk == stratego.Flag {
			dv = flagValue
		}
		switch stratego.Resolve(r, a.Rank(), rk) {
		case stratego.AttackerWins:
			gain += w * (dv - danger(v, m.To, a))
		case stratego.DefenderWins:
			gain -= w * baseValue[a.Rank()]
		case stratego.BothRemoved:
			gain += w * (dv - baseValue[a.Rank()])
		}
	}
	if total == 0 {
		return 0
	}
	return gain / total
}

// advance is a small bonus for a move towards the enemy's side.
func advance(v stratego.View, m stratego.Move) float64 {
	dr := m.To.Row() - m.From.Row()
	if v.Player() == stratego.Blue {
		dr = -dr
	}
	return 0.1 * float64(dr)
}

// danger is half the value of piece a when sq is next to an enemy piece
// of known rank that beats it.
func danger(v stratego.View, sq stratego.Square, a stratego.Piece) float64 {
	r := v.Rules()
	for n := range r.Neighbors(sq) {
		e, ok := v.At(n)
		if !ok || e.Color() == a.Color() || e.Rank() == stratego.Unknown || !e.Rank().Movable() {
			continue
		}
		if stratego.Resolve(r, e.Rank(), a.Rank()) == stratego.AttackerWins {
			return baseValue[a.Rank()] / 2
		}
	}
	return 0
}
