package bot

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// fakeClock is a clock that moves on by the next of its ticks at every
// look (the last tick repeats): a machine on which the time between two
// looks is what the test says, whatever the real speed. Its alarms (see
// alarm) fire when a look finds their time passed, as a timer of the
// operating system fires when the time comes.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	ticks  []time.Duration
	reads  int
	alarms []*fakeAlarm
	// With stall set, the look number stallAt moves the time on by
	// stall, fires the alarms due, closes stalled and then blocks until
	// release is closed: a search whose thread the operating system
	// keeps off the processor.
	stallAt          int
	stall            time.Duration
	stalled, release chan struct{}
}

// fakeAlarm is an alarm of a fakeClock.
type fakeAlarm struct {
	at    time.Time
	c     chan time.Time
	fired bool
}

func newFakeClock(ticks ...time.Duration) *fakeClock {
	return &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), ticks: ticks}
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	c.reads++
	if c.stall > 0 && c.reads == c.stallAt {
		c.t = c.t.Add(c.stall)
		close(c.stalled)
		c.ring()
		t := c.t
		c.mu.Unlock()
		<-c.release
		return t
	}
	defer c.mu.Unlock()
	c.t = c.t.Add(c.ticks[min(c.reads-1, len(c.ticks)-1)])
	c.ring()
	return c.t
}

// ring fires the alarms whose time has come; c.mu is held.
func (c *fakeClock) ring() {
	for _, a := range c.alarms {
		if !a.fired && !c.t.Before(a.at) {
			a.fired = true
			a.c <- c.t
		}
	}
}

// alarm is a timer on the fake clock: it fires at the first look d or
// more after the last one (at once when d <= 0).
func (c *fakeClock) alarm(d time.Duration) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := &fakeAlarm{at: c.t.Add(d), c: make(chan time.Time, 1)}
	c.alarms = append(c.alarms, a)
	c.ring()
	return a.c, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		stopped := !a.fired
		a.fired = true
		return stopped
	}
}

func (c *fakeClock) read() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// clocked is a player whose clock a test may replace.
type clocked interface {
	Player
	setClock(func() time.Time)
}

// useClock makes p look at c's time (and, for a player with timers, use
// c's alarms).
func useClock(p clocked, c *fakeClock) {
	p.setClock(c.now)
	if a, ok := p.(interface {
		setAlarm(func(time.Duration) (<-chan time.Time, func() bool))
	}); ok {
		a.setAlarm(c.alarm)
	}
}

// timedPlayers are the players that manage time, made with options o.
func timedPlayers(o Options) map[string]clocked {
	return map[string]clocked{"search": NewSearch(o), "mcts": NewMCTS(o)}
}

// TestNeverLateOnSlowClock: on a fake clock, whatever the time between two
// looks at it, a timed player returns a legal move before the end of its
// time less the move overhead, and with looks close together (and one
// worker) it uses the time it plans to use (its time less the overhead
// and the reserve).
func TestNeverLateOnSlowClock(t *testing.T) {
	s := midgame(t, stratego.Classic(), 2, 40)
	v := s.View(s.Turn())
	const overhead = 10 * time.Millisecond
	for _, limit := range []time.Duration{30 * time.Millisecond, 200 * time.Millisecond, time.Second} {
		for _, tick := range []time.Duration{limit / 100, limit / 7, limit / 2, 2 * limit} {
			for _, workers := range []int{1, 2} {
				for name, p := range timedPlayers(Options{Seed: 1, Workers: workers}) {
					t.Run(fmt.Sprintf("%s/limit=%v/tick=%v/workers=%d", name, limit, tick, workers), func(t *testing.T) {
						clk := newFakeClock(tick)
						useClock(p, clk)
						start := clk.read().Add(tick) // the first look, at the call
						m, err := p.Move(context.Background(), v, Budget{Time: limit})
						if err != nil || !v.IsLegal(m) {
							t.Fatalf("Move = %v, %v", m, err)
						}
						took := clk.read().Sub(start)
						switch {
						case tick >= limit-overhead:
							// The first look after the call is already too late:
							// it must stop there.
							if took > tick {
								t.Errorf("took %v with looks %v apart, want it to stop at the first look", took, tick)
							}
						case took >= limit-overhead:
							t.Errorf("took %v of %v, want less than %v (the overhead kept)", took, limit, limit-overhead)
						}
						// With more workers, each one's gaps between its looks
						// hold the others' looks too.
						if plan := spent(limit - overhead); workers == 1 && tick <= limit/100 && took < plan-tick {
							t.Errorf("took %v, want about the planned %v", took, plan)
						}
					})
				}
			}
		}
	}
}

// TestStopsEarlierOnBusyMachine: a search that sees the clock jump
// between two looks (the operating system kept it off the processor)
// keeps lagFactor times the longest jump in hand, and does so from the
// next move on too (half of it).
func TestStopsEarlierOnBusyMachine(t *testing.T) {
	s := midgame(t, stratego.Classic(), 2, 40)
	v := s.View(s.Turn())
	const limit, overhead, jump = 200 * time.Millisecond, 10 * time.Millisecond, 40 * time.Millisecond
	for name, p := range timedPlayers(Options{Seed: 1}) {
		t.Run(name, func(t *testing.T) {
			small := time.Millisecond
			clk := newFakeClock(small, small, small, jump, small)
			useClock(p, clk)
			start := clk.read().Add(small)
			if _, err := p.Move(context.Background(), v, Budget{Time: limit}); err != nil {
				t.Fatal(err)
			}
			took := clk.read().Sub(start)
			// lagFactor jumps no longer fit before limit-overhead at
			// the look after the jump: it stops there, well before the
			// plan.
			if took > jump+3*small || took < jump {
				t.Errorf("took %v with a jump of %v, want it to stop right after the jump", took, jump)
			}
			clk = newFakeClock(small)
			useClock(p, clk)
			start = clk.read().Add(small)
			if _, err := p.Move(context.Background(), v, Budget{Time: limit}); err != nil {
				t.Fatal(err)
			}
			took = clk.read().Sub(start)
			// Half the jump is remembered: it stops at the first look at
			// which lagFactor half jumps no longer fit, or at the plan.
			want := min(limit-overhead-lagFactor*jump/2, spent(limit-overhead))
			if took > want || took < want-2*small {
				t.Errorf("next move: took %v, want about %v (half the jump remembered)", took, want)
			}
		})
	}
}

// TestStopTime: a search plans to stop at its time less the move
// overhead (keeping at least a quarter of the time) and less its reserve
// (half of a short time, 50ms and a tenth of a long one), the
// time being the earlier of its budget's end and the context's deadline.
func TestStopTime(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	bg := context.Background()
	early, cancel := context.WithDeadline(bg, start.Add(100*time.Millisecond))
	defer cancel()
	ms := time.Millisecond
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		limit    time.Duration
		overhead time.Duration
		want     time.Duration // after start; -1: no limit
	}{
		{"no limit", bg, 0, 10 * ms, -1},
		{"30ms", bg, 30 * ms, 10 * ms, 10 * ms},
		{"1s", bg, time.Second, 10 * ms, 841 * ms},
		{"200ms", bg, 200 * ms, 10 * ms, 121 * ms},
		{"5s", bg, 5 * time.Second, 10 * ms, 4441 * ms},
		{"no overhead", bg, 100 * ms, 0, 50 * ms},
		{"overhead over the limit", bg, 20 * ms, 50 * ms, 2500 * time.Microsecond},
		{"context first", early, time.Second, 20 * ms, 40 * ms},
		{"context only", early, 0, 20 * ms, 40 * ms},
		{"budget first", early, 50 * ms, 10 * ms, 20 * ms},
	} {
		got := stopTime(tc.ctx, start, tc.limit, tc.overhead)
		if tc.want < 0 {
			if !got.IsZero() {
				t.Errorf("%s: stop at %v, want none", tc.name, got.Sub(start))
			}
			continue
		}
		if got.Sub(start) != tc.want {
			t.Errorf("%s: stop after %v, want %v", tc.name, got.Sub(start), tc.want)
		}
	}
}

// TestMoveOverheadOption: the zero MoveOverhead is DefaultMoveOverhead, a
// negative one none.
func TestMoveOverheadOption(t *testing.T) {
	for _, tc := range []struct{ in, want time.Duration }{{0, DefaultMoveOverhead}, {-1, 0}, {50 * time.Millisecond, 50 * time.Millisecond}} {
		if got := (Options{MoveOverhead: tc.in}).overhead(); got != tc.want {
			t.Errorf("MoveOverhead %v: overhead %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestZeroBudgetIsDefaultTime: on a fake clock, a timed player given the
// zero Budget plans for DefaultTime.
func TestZeroBudgetIsDefaultTime(t *testing.T) {
	s := midgame(t, stratego.Classic(), 2, 40)
	v := s.View(s.Turn())
	const tick = 5 * time.Millisecond
	for name, p := range timedPlayers(Options{Seed: 1}) {
		clk := newFakeClock(tick)
		useClock(p, clk)
		start := clk.read().Add(tick)
		if _, err := p.Move(context.Background(), v, Budget{}); err != nil {
			t.Fatal(err)
		}
		plan := spent(DefaultTime - DefaultMoveOverhead)
		if took := clk.read().Sub(start); took < plan-tick || took > plan+tick {
			t.Errorf("%s: the zero Budget took %v, want %v", name, took, plan)
		}
	}
}

// TestBackstopAnswersForStalledSearch: when the operating system keeps
// the search's thread off the processor past the backstop (here a look
// at the clock that does not return and finds the time gone past the
// end), Move still answers, with a legal move, before the search has
// returned; the next Move does not wait for that search either, and
// keeps the gap the search missed in hand (as half a gap of the last
// move, see TestStopsEarlierOnBusyMachine).
func TestBackstopAnswersForStalledSearch(t *testing.T) {
	s := midgame(t, stratego.Classic(), 2, 40)
	v := s.View(s.Turn())
	const limit = 200 * time.Millisecond
	// Looks every 100µs: the draws take about a hundred of them (one
	// every four draws), so the look number 50 is in the draws and the
	// looks number 300 and 800 are in the deepening, 30ms and 80ms into
	// the move (it plans to stop at 95ms).
	for _, stallAt := range []int{50, 300, 800} {
		t.Run(fmt.Sprint(stallAt), func(t *testing.T) {
			p := NewSearch(Options{Seed: 1})
			clk := newFakeClock(100 * time.Microsecond)
			clk.stallAt, clk.stall = stallAt, time.Second
			clk.stalled, clk.release = make(chan struct{}), make(chan struct{})
			useClock(p, clk)
			released := false
			release := func() {
				if !released {
					released = true
					close(clk.release)
				}
			}
			defer release()
			move := func(what string) {
				t.Helper()
				type reply struct {
					m   stratego.Move
					err error
				}
				ch := make(chan reply, 1)
				go func() {
					m, err := p.Move(context.Background(), v, Budget{Time: limit})
					ch <- reply{m, err}
				}()
				select {
				case r := <-ch:
					if r.err != nil || !v.IsLegal(r.m) {
						t.Fatalf("%s: Move = %v, %v", what, r.m, r.err)
					}
				case <-time.After(time.Minute):
					release()
					t.Fatalf("%s: no move a minute after the search's thread stalled", what)
				}
			}
			move("the stalled move")
			select {
			case <-clk.stalled:
			default:
				t.Fatalf("the search did not reach look %d (%d looks)", stallAt, clk.reads)
			}
			done := p.running
			select {
			case <-done:
				t.Fatal("the stalled search had returned: Move did not answer for it")
			default:
			}
			clk2 := newFakeClock(100 * time.Microsecond)
			useClock(p, clk2)
			start := clk2.read().Add(100 * time.Microsecond)
			move("the next move")
			// It keeps half the gap it missed (from the planned stop to
			// the backstop) lagFactor times in hand.
			const overhead = DefaultMoveOverhead
			stop := spent(limit - overhead)
			missed := (limit - overhead - stop) / 2
			want := limit - overhead - lagFactor*missed/2
			if took := clk2.read().Sub(start); took > want+100*time.Microsecond || took < want-time.Millisecond {
				t.Errorf("the next move took %v, want about %v (half the missed %v kept %d times)", took, want, missed, lagFactor)
			}
			release()
			<-done
		})
	}
}

// TestBackstop: the backstop lies halfway between the planned stop and
// the end of the time less the overhead (at the planned stop when that
// end comes first).
func TestBackstop(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ms := time.Millisecond
	for _, tc := range []struct {
		limit, overhead, want time.Duration
	}{
		{200 * ms, 10 * ms, 155500 * time.Microsecond},
		{30 * ms, 10 * ms, 15 * ms},
		{time.Second, 10 * ms, 915500 * time.Microsecond},
		{20 * ms, 50 * ms, 2500 * time.Microsecond}, // the end less the overhead is before the stop
	} {
		tm := newTimer(context.Background(), time.Now, start, tc.limit, tc.overhead, 0)
		if got := tm.backstop().Sub(start); got != tc.want {
			t.Errorf("limit %v, overhead %v: backstop after %v, want %v", tc.limit, tc.overhead, got, tc.want)
		}
	}
	if tm := newTimer(context.Background(), time.Now, start, 0, 10*ms, 0); !tm.backstop().IsZero() {
		t.Errorf("no limit: backstop %v, want none", tm.backstop())
	}
}

// TestLateStart: a search whose context's deadline is nearer than its
// limit (the referee's clock started before the search's first look)
// counts the difference as a gap between looks, and so stops at its
// first look when lagFactor such gaps no longer fit.
func TestLateStart(t *testing.T) {
	start := time.Now()
	const limit = time.Hour
	for _, tc := range []struct {
		name     string
		deadline time.Duration // after start; 0: none
		want     time.Duration
	}{
		{"no deadline", 0, 0},
		{"on time", limit, 0},
		{"beyond the limit", 2 * limit, 0},
		{"ten minutes late", limit - 10*time.Minute, 10 * time.Minute},
		{"past", -time.Minute, 0},
	} {
		ctx := context.Background()
		if tc.deadline != 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, start.Add(tc.deadline))
			defer cancel()
		}
		look := start.Add(time.Millisecond)
		tm := newTimer(ctx, func() time.Time { return look }, start, limit, 0, 0)
		if got := time.Duration(tm.lag.Load()); got != tc.want {
			t.Errorf("%s: lag %v, want %v", tc.name, got, tc.want)
		}
		last := start
		if got, want := tm.expired(&last), tc.name == "ten minutes late"; tc.name != "past" && got != want {
			t.Errorf("%s: expired at the first look = %v, want %v", tc.name, got, want)
		}
	}
}

// spent is the time a search plans to spend of the time use (its time
// less the move overhead).
func spent(use time.Duration) time.Duration { return use - reserve(use) }
