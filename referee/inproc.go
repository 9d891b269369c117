package referee

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// FromPlayer returns a Seat for a built-in player. Its moves get the
// turn's time limit as their Budget and a context that ends at the
// limit (plus Game.TimeMargin); a player that does not return by then
// loses on time (the call itself cannot be stopped, so the referee stops
// waiting for it), but a reply that came before the deadline counts even
// when the referee's goroutine wakes after it. A player that is a
// bot.Learner is told its opponent's name before its setup and its
// final view after the game. A
// player asked to move with no legal move (only under ProfileUCC2012,
// which asks a walled-in side) resigns. It accepts retries of illegal
// moves.
func FromPlayer(name string, p bot.Player) Seat {
	return &playerSeat{name: name, p: p}
}

// playerSeat is a built-in player at the table.
type playerSeat struct {
	name string
	p    bot.Player
	// rejected counts the retries, so that a player that keeps choosing
	// an illegal move is not asked forever (Game.Retries bounds it).
	rejected int
	// running is closed when the last call of Move has returned.
	running chan struct{}
}

func (s *playerSeat) Name() string { return s.name }

func (s *playerSeat) Setup(ctx context.Context, g GameInfo) (stratego.Setup, error) {
	type reply struct {
		s   stratego.Setup
		err error
	}
	if l, ok := s.p.(bot.Learner); ok {
		l.Meet(g.Opponent)
	}
	ch := make(chan reply, 1)
	go func() {
		su, err := s.p.Setup(ctx, g.Rules, g.Color)
		ch <- reply{su, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return stratego.Setup{}, fmt.Errorf("%w: %w", ErrBadSetup, r.err)
		}
		return r.s, nil
	case <-ctx.Done():
		return stratego.Setup{}, fmt.Errorf("%w: setup: %w", ErrTimeout, ctx.Err())
	}
}

func (s *playerSeat) Act(ctx context.Context, t Turn) (Action, error) {
	type reply struct {
		m   stratego.Move
		err error
		at  time.Time // when Move returned
	}
	ch := make(chan reply, 1)
	running := make(chan struct{})
	s.running = running
	go func() {
		defer close(running)
		m, err := s.p.Move(ctx, t.View, bot.Budget{Time: t.Limit})
		ch <- reply{m, err, time.Now()}
	}()
	var r reply
	select {
	case r = <-ch:
	case <-ctx.Done():
		// A reply that came before the deadline counts, though the
		// referee's goroutine woke after it (both were ready by then).
		select {
		case r = <-ch:
			if d, ok := ctx.Deadline(); !ok || !r.at.Before(d) {
				return Action{}, fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
			}
		default:
			return Action{}, fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
		}
	}
	switch {
	case errors.Is(r.err, bot.ErrNoMove):
		return Action{Resign: true}, nil
	case r.err != nil:
		if ctx.Err() != nil {
			return Action{}, fmt.Errorf("%w: %w", ErrTimeout, r.err)
		}
		return Action{}, fmt.Errorf("%w: player failed: %w", ErrCrashed, r.err)
	}
	return Action{Move: r.m}, nil
}

func (s *playerSeat) Observe(context.Context, Ply) error { return nil }

func (s *playerSeat) Finish(_ context.Context, _ Result, v stratego.View) error {
	if l, ok := s.p.(bot.Learner); ok && s.done() {
		l.Learn(v)
	}
	return nil
}

// done reports whether no call of the player runs: a move the referee
// stopped waiting for may still run, and a Player is called from one
// goroutine at a time.
func (s *playerSeat) done() bool {
	if s.running == nil {
		return true
	}
	select {
	case <-s.running:
		return true
	default:
		return false
	}
}

func (s *playerSeat) Close() error { return nil }

func (s *playerSeat) Reject(context.Context, Action, error) error {
	s.rejected++
	return nil
}

func (s *playerSeat) CanRetry() bool { return true }
