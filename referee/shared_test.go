package referee

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// TestOnePlayerBothSides checks that one player on both sides of a game
// plays itself with its calls one at a time (go test -race reports the
// race of two calls at once in bot.Random's source).
func TestOnePlayerBothSides(t *testing.T) {
	p := &overlapPlayer{Player: bot.NewRandom(1)}
	for i := range 3 {
		res, err := Game{Rules: stratego.Duel(), Red: FromPlayer("a", p), Blue: FromPlayer("b", p)}.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !res.Played() || res.Reason == Timeout || res.Reason == Crash {
			t.Fatalf("game %d: %v (%s)", i, res.Reason, res.Detail)
		}
	}
	if n := p.overlaps.Load(); n != 0 {
		t.Errorf("%d calls of the player ran while another ran", n)
	}
}

// TestOneSeatBothSides checks that Play refuses one Seat on both sides,
// with an error that says what to do, and closes the seat.
func TestOneSeatBothSides(t *testing.T) {
	s := &closeCounter{Seat: randomSeat(1)}
	_, err := Game{Rules: stratego.Duel(), Red: s, Blue: s}.Play(context.Background())
	if err == nil || !strings.Contains(err.Error(), "both sides") {
		t.Fatalf("Play: %v, want the refusal of one seat on both sides", err)
	}
	if s.closed != 1 {
		t.Errorf("the seat was closed %d times, want once", s.closed)
	}
}

// TestTimedOutMoveBlocksNextCall checks that a player's call that
// outlived its time limit keeps the player busy: the next game's setup
// waits for it (and times out while it runs) instead of calling the
// player at the same time; once the call returns the player plays again.
func TestTimedOutMoveBlocksNextCall(t *testing.T) {
	hold := make(chan struct{})
	p := &overlapPlayer{Player: bot.NewRandom(2), hold: hold}
	p.holdNext.Store(true)
	// Game 1: red's first move never returns in its limit.
	res, err := Game{Rules: stratego.Duel(), Red: FromPlayer("slow", p), Blue: randomSeat(3),
		Clock: TimeControl{MoveTime: time.Millisecond}, SetupTime: time.Hour}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != Timeout || res.Side != stratego.Red {
		t.Fatalf("game 1: %v by %v (%s), want red's timeout", res.Reason, res.Side, res.Detail)
	}
	// Game 2: the move still runs, so red's setup times out waiting.
	res, err = Game{Rules: stratego.Duel(), Red: FromPlayer("slow", p), Blue: randomSeat(4),
		SetupTime: time.Millisecond}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != Timeout || res.Side != stratego.Red || !strings.Contains(res.Detail, "still busy") {
		t.Errorf("game 2: %v by %v (%s), want red's timeout while the player is busy", res.Reason, res.Side, res.Detail)
	}
	if n := p.overlaps.Load(); n != 0 {
		t.Errorf("%d calls of the player ran while another ran", n)
	}
	// Game 3: the move returns; the setup, which waits without a limit,
	// follows it.
	close(hold)
	res, err = Game{Rules: stratego.Duel(), Red: FromPlayer("slow", p), Blue: randomSeat(5)}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Played() || res.Reason == Timeout {
		t.Errorf("game 3: %v (%s)", res.Reason, res.Detail)
	}
	if n := p.overlaps.Load(); n != 0 {
		t.Errorf("%d calls of the player ran while another ran", n)
	}
}

// overlapPlayer is a player that counts the calls that begin while
// another call runs. With holdNext set, its next move waits for hold to
// close, whatever its context says.
type overlapPlayer struct {
	bot.Player
	inside, overlaps atomic.Int32
	holdNext         atomic.Bool
	hold             chan struct{}
}

func (p *overlapPlayer) enter() {
	if p.inside.Add(1) > 1 {
		p.overlaps.Add(1)
	}
}

func (p *overlapPlayer) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	p.enter()
	defer p.inside.Add(-1)
	return p.Player.Setup(ctx, r, c)
}

func (p *overlapPlayer) Move(ctx context.Context, v stratego.View, b bot.Budget) (stratego.Move, error) {
	p.enter()
	defer p.inside.Add(-1)
	if p.holdNext.CompareAndSwap(true, false) {
		<-p.hold
	}
	return p.Player.Move(ctx, v, b)
}

// TestPlayClosesSeatsOnError checks that Play closes both seats when it
// refuses a game.
func TestPlayClosesSeatsOnError(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Game
	}{
		{"zero rules", Game{}},
		{"turn cap out of range", Game{Rules: UCC2012Rules(), Profile: ProfileUCC2012, TurnCap: 1 << 40}},
	} {
		red, blue := &closeCounter{Seat: randomSeat(1)}, &closeCounter{Seat: randomSeat(2)}
		tc.g.Red, tc.g.Blue = red, blue
		if _, err := tc.g.Play(context.Background()); err == nil {
			t.Errorf("%s: Play returned no error", tc.name)
		}
		if red.closed != 1 || blue.closed != 1 {
			t.Errorf("%s: red closed %d times, blue %d, want once each", tc.name, red.closed, blue.closed)
		}
	}
	// A missing seat: the other is closed.
	red := &closeCounter{Seat: randomSeat(1)}
	if _, err := (Game{Rules: stratego.Duel(), Red: red}).Play(context.Background()); err == nil || red.closed != 1 {
		t.Errorf("one seat: Play: %v, red closed %d times, want an error and once", err, red.closed)
	}
}

// closeCounter is a seat that counts its Close calls.
type closeCounter struct {
	Seat
	closed int
}

func (s *closeCounter) Close() error {
	s.closed++
	return s.Seat.Close()
}

// TestRecordErrors checks that what the referee cannot read back of a
// record wraps ErrRecord, not an engine's fault.
func TestRecordErrors(t *testing.T) {
	_, err := ParseReason("no such reason")
	_, _, _, err2 := ParseRefereeTag("timeout purple")
	rec, err3 := stratego.NewRecord(stratego.Duel(), stratego.RandomSetup(stratego.Duel(), nil), stratego.RandomSetup(stratego.Duel(), nil))
	if err3 != nil {
		t.Fatal(err3)
	}
	_, _, err3 = RecordEnd(rec, ProfileLibrary)
	for i, err := range []error{err, err2, err3} {
		if !errors.Is(err, ErrRecord) || errors.Is(err, ErrGarbage) {
			t.Errorf("error %d: %v, want ErrRecord only", i, err)
		}
	}
}
