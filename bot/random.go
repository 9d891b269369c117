package bot

import (
	"context"
	"math/rand/v2"

	"github.com/stratego-go/stratego"
)

// Random is the uniform random player: a uniform random setup, and a move
// drawn uniformly from the legal moves of the view.
type Random struct {
	rng   *rand.Rand
	moves []stratego.Move
}

// NewRandom returns a Random player seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Setup returns a uniform random setup (stratego.RandomSetup), or the
// error of r.Validate.
func (p *Random) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	if err := r.Validate(); err != nil {
		return stratego.Setup{}, err
	}
	if p.rng == nil {
		return stratego.Setup{}, ErrNotMade
	}
	return stratego.RandomSetup(r, p.rng), nil
}

// Move returns a uniform random legal move of the view; the budget does
// not matter. It fails with ErrNoMove when the view lists no legal move.
func (p *Random) Move(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error) {
	if p.rng == nil {
		return stratego.Move{}, ErrNotMade
	}
	p.moves = v.AppendLegalMoves(p.moves[:0])
	if len(p.moves) == 0 {
		return stratego.Move{}, ErrNoMove
	}
	return p.moves[p.rng.IntN(len(p.moves))], nil
}
