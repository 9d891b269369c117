package referee

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// FromPlayer returns a Seat for a built-in player. Its moves get the
// turn's time limit as their Budget and a context that ends at the
// limit; a player that does not return by then loses on time (the call
// itself cannot be stopped, so the referee stops waiting for it). A
// player asked to move with no legal move (only under ProfileUCC2012,
// which asks a walled-in side) resigns. It accepts retries of illegal
// moves.
//
// The seat calls p's methods one at a time, each after p's previous
// call returned, whichever seat or game made that call: one player may
// sit on both sides of a game (it then plays itself, its two setups one
// after the other) and in one game after another, even after a call that
// outlived its time limit. A call that waits for p longer than its own
// time limit is a timeout. Players are identified by their pointer;
// a player that is not a pointer is serialised within its seat only.
func FromPlayer(name string, p bot.Player) Seat {
	s := &playerSeat{name: name, p: p}
	s.key = any(s)
	if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && !v.IsNil() {
		s.key = p
	}
	return s
}

// playerSeat is a built-in player at the table.
type playerSeat struct {
	name string
	p    bot.Player
	// key identifies p in busy: p itself when it is a pointer, else the
	// seat.
	key any
	// rejected counts the retries, so that a player that keeps choosing
	// an illegal move is not asked forever (Game.Retries bounds it).
	rejected int
}

// busy holds, for each built-in player with a call in progress or
// waiting, the token its calls take turns with; an entry is removed when
// its last call returns, so players no longer used leave nothing.
var busy = struct {
	sync.Mutex
	m map[any]*turnstile
}{m: map[any]*turnstile{}}

// turnstile lets one call to a player in at a time.
type turnstile struct {
	token chan struct{} // holds a value while a call runs
	users int           // calls running or waiting; guarded by busy
}

// acquire waits until no other call to the seat's player runs, or until
// ctx ends (an error wrapping ErrTimeout). The caller calls the release
// it returns when the player's call returns.
func (s *playerSeat) acquire(ctx context.Context, what string) (release func(), err error) {
	busy.Lock()
	t := busy.m[s.key]
	if t == nil {
		t = &turnstile{token: make(chan struct{}, 1)}
		busy.m[s.key] = t
	}
	t.users++
	busy.Unlock()
	leave := func() {
		busy.Lock()
		if t.users--; t.users == 0 {
			delete(busy.m, s.key)
		}
		busy.Unlock()
	}
	select {
	case t.token <- struct{}{}:
		return func() { <-t.token; leave() }, nil
	case <-ctx.Done():
		leave()
		return nil, fmt.Errorf("%w: %s: the player was still busy with its previous call: %w", ErrTimeout, what, ctx.Err())
	}
}

func (s *playerSeat) Name() string { return s.name }

func (s *playerSeat) Setup(ctx context.Context, g GameInfo) (stratego.Setup, error) {
	type reply struct {
		s   stratego.Setup
		err error
	}
	release, err := s.acquire(ctx, "setup")
	if err != nil {
		return stratego.Setup{}, err
	}
	ch := make(chan reply, 1)
	go func() {
		su, err := s.p.Setup(ctx, g.Rules, g.Color)
		release()
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
	}
	release, err := s.acquire(ctx, "move")
	if err != nil {
		return Action{}, err
	}
	ch := make(chan reply, 1)
	go func() {
		m, err := s.p.Move(ctx, t.View, bot.Budget{Time: t.Limit})
		release()
		ch <- reply{m, err}
	}()
	select {
	case r := <-ch:
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
	case <-ctx.Done():
		return Action{}, fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
	}
}

func (s *playerSeat) Observe(context.Context, Ply) error { return nil }

func (s *playerSeat) Finish(context.Context, Result, stratego.View) error { return nil }

func (s *playerSeat) Close() error { return nil }

func (s *playerSeat) Reject(context.Context, Action, error) error {
	s.rejected++
	return nil
}

func (s *playerSeat) CanRetry() bool { return true }
