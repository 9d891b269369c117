package referee

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
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
//
// The seat calls p's methods one at a time, each after p's previous
// call returned, whichever seat or game made that call: one player may
// sit on both sides of a game (it then plays itself, its two setups one
// after the other) and in one game after another, even after a call that
// outlived its time limit. A call that waits for p longer than its own
// time limit is a timeout (a Learner's Learn is then left out). Players
// are identified by their pointer; a player that is not a pointer is
// serialised within its seat only. Sharing is safe, not free: a player
// that follows its side's views from move to move (bot.Search's beliefs)
// starts again at every move when its views alternate between the
// sides, so give each side its own player for full strength.
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
		if l, ok := s.p.(bot.Learner); ok {
			l.Meet(g.Opponent)
		}
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
		at  time.Time // when Move returned
	}
	release, err := s.acquire(ctx, "move")
	if err != nil {
		return Action{}, err
	}
	ch := make(chan reply, 1)
	go func() {
		m, err := s.p.Move(ctx, t.View, bot.Budget{Time: t.Limit})
		at := time.Now()
		release()
		ch <- reply{m, err, at}
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

func (s *playerSeat) Finish(ctx context.Context, _ Result, v stratego.View) error {
	l, ok := s.p.(bot.Learner)
	if !ok {
		return nil
	}
	release, err := s.acquire(ctx, "finish")
	if err != nil {
		return nil // a move the referee stopped waiting for still runs
	}
	defer release()
	l.Learn(v)
	return nil
}

func (s *playerSeat) Close() error { return nil }

func (s *playerSeat) Reject(context.Context, Action, error) error {
	s.rejected++
	return nil
}

func (s *playerSeat) CanRetry() bool { return true }
