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
// looks is what the test says, whatever the real speed.
type fakeClock struct {
	mu    sync.Mutex
	t     time.Time
	ticks []time.Duration
	reads int
}

func newFakeClock(ticks ...time.Duration) *fakeClock {
	return &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), ticks: ticks}
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.ticks[min(c.reads, len(c.ticks)-1)])
	c.reads++
	return c.t
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

// timedPlayers are the players that manage time, made with options o.
func timedPlayers(o Options) map[string]clocked {
	return map[string]clocked{"search": NewSearch(o), "mcts": NewMCTS(o)}
}

// TestNeverLateOnSlowClock: on a fake clock, whatever the time between two
// looks at it, a timed player returns a legal move before the end of its
// time less the move overhead, and with looks close together (and one
// worker) it uses the time it plans to use (thinkNum/thinkDen of the time
// less the overhead).
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
						p.setClock(clk.now)
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
						if plan := (limit - overhead) * thinkNum / thinkDen; workers == 1 && tick <= limit/100 && took < plan-tick {
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
	const limit, overhead, jump = 200 * time.Millisecond, 10 * time.Millisecond, 70 * time.Millisecond
	for name, p := range timedPlayers(Options{Seed: 1}) {
		t.Run(name, func(t *testing.T) {
			small := time.Millisecond
			clk := newFakeClock(small, small, small, jump, small)
			p.setClock(clk.now)
			start := clk.read().Add(small)
			if _, err := p.Move(context.Background(), v, Budget{Time: limit}); err != nil {
				t.Fatal(err)
			}
			took := clk.read().Sub(start)
			// lagFactor jumps no longer fit before limit-overhead at
			// the look after the jump: it stops there, well before the
			// planned half.
			if took > jump+3*small || took < jump {
				t.Errorf("took %v with a jump of %v, want it to stop right after the jump", took, jump)
			}
			clk = newFakeClock(small)
			p.setClock(clk.now)
			start = clk.read().Add(small)
			if _, err := p.Move(context.Background(), v, Budget{Time: limit}); err != nil {
				t.Fatal(err)
			}
			took = clk.read().Sub(start)
			// Half the jump is remembered: it stops at the first look at
			// which lagFactor half jumps no longer fit, before the plan.
			if want := limit - overhead - lagFactor*jump/2; took > want || took < want-2*small {
				t.Errorf("next move: took %v, want about %v (half the jump remembered)", took, want)
			}
		})
	}
}

// TestStopTime: a search plans to stop after half of its time less the
// move overhead (keeping at least a quarter of the time), the
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
		{"1s", bg, time.Second, 10 * ms, 495 * ms},
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
		p.setClock(clk.now)
		start := clk.read().Add(tick)
		if _, err := p.Move(context.Background(), v, Budget{}); err != nil {
			t.Fatal(err)
		}
		plan := (DefaultTime - DefaultMoveOverhead) * thinkNum / thinkDen
		if took := clk.read().Sub(start); took < plan-tick || took > plan+tick {
			t.Errorf("%s: the zero Budget took %v, want %v", name, took, plan)
		}
	}
}
