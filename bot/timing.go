package bot

import (
	"context"
	"sync/atomic"
	"time"
)

// lagFactor: a search stops when the end of its time, less the move
// overhead, is nearer than lagFactor times the longest gap it saw between
// two looks at the clock (see timer).
const lagFactor = 6

// timer decides when a search of one move stops: at the planned stop
// (stopTime), when the context ends, or when the machine is so busy that
// the gaps between its looks at the clock (the time the operating system
// kept the search off the processor) come near the end of its time. One
// timer is shared by the workers of a search; each keeps the time of its
// own last look.
type timer struct {
	now  func() time.Time
	ctx  context.Context
	stop time.Time // the planned stop (zero: none)
	end  time.Time // the end of the time less the move overhead (zero: none)
	lag  atomic.Int64
	done atomic.Bool
}

// newTimer returns the timer of a search that started at start with the
// time limit limit (0: none), the move overhead overhead, and lag the
// longest gap between looks at the clock seen so far.
func newTimer(ctx context.Context, now func() time.Time, start time.Time, limit, overhead, lag time.Duration) *timer {
	t := &timer{now: now, ctx: ctx, stop: stopTime(ctx, start, limit, overhead)}
	if !t.stop.IsZero() {
		end := start.Add(limit)
		if d, ok := ctx.Deadline(); ok && (limit <= 0 || d.Before(end)) {
			end = d
		}
		t.end = end.Add(-max(overhead, 0))
	}
	t.lag.Store(int64(max(lag, lateStart(ctx, start, limit))))
	return t
}

// lateStart returns how late a search that starts at start with the time
// limit limit was called, as its context's deadline tells: a referee that
// gives the same limit to Budget.Time and to the context's deadline (as
// package referee does) set that deadline when the move's time began, so
// a deadline nearer than limit says the search started late by the
// difference (the time the machine kept the caller off the processor,
// like a gap between two looks at the clock). Zero without a limit or a
// deadline, or with a deadline that has passed or lies beyond the limit.
func lateStart(ctx context.Context, start time.Time, limit time.Duration) time.Duration {
	d, ok := ctx.Deadline()
	if !ok || limit <= 0 {
		return 0
	}
	left := d.Sub(start)
	if left <= 0 || left >= limit {
		return 0
	}
	return limit - left
}

// backstop returns when a search that has not returned yet is given up
// for the best move it found so far: halfway between the planned stop
// and the end of the time less the move overhead. A search returns
// by then unless the operating system kept it off the processor past
// its looks at the clock; the caller's goroutine, woken by a timer,
// then answers for it. The zero Time is none (no time limit).
func (t *timer) backstop() time.Time {
	if t.stop.IsZero() {
		return time.Time{}
	}
	if !t.end.After(t.stop) {
		return t.stop
	}
	return t.stop.Add(t.end.Sub(t.stop) / 2)
}

// abort makes every later look at the clock say that the search must
// stop.
func (t *timer) abort() { t.done.Store(true) }

// expired reports whether the search must stop, given the time of the
// caller's last look at the clock (which it updates); once it has said
// so, it says so to every worker.
func (t *timer) expired(last *time.Time) bool {
	if t.done.Load() {
		return true
	}
	if t.ctx.Err() != nil {
		t.done.Store(true)
		return true
	}
	if t.stop.IsZero() {
		return false
	}
	now := t.now()
	gap := now.Sub(*last)
	*last = now
	lag := time.Duration(t.lag.Load())
	for gap > lag && !t.lag.CompareAndSwap(int64(lag), int64(gap)) {
		lag = time.Duration(t.lag.Load())
	}
	lag = max(lag, gap)
	if !now.Before(t.stop) || !now.Add(lagFactor*lag).Before(t.end) {
		t.done.Store(true)
		return true
	}
	return false
}

// stopTime returns when a search that starts at start with the time
// limit limit (0: none) and the move overhead overhead plans to stop. The
// time it has is the earlier of the limit's end and ctx's deadline (a
// referee that gives the same limit to Budget.Time and to the context's
// deadline counts a move that arrives after it as lost on time); the
// search keeps the overhead of that in hand for what happens outside it
// (the process's scheduling, the referee, a pipe), but never more than
// three quarters, and spends the rest but its reserve (see reserve),
// which it leaves to a busy machine's scheduling delays. The zero Time is
// no limit.
func stopTime(ctx context.Context, start time.Time, limit, overhead time.Duration) time.Time {
	var end time.Time
	if limit > 0 {
		end = start.Add(limit)
	}
	if d, ok := ctx.Deadline(); ok && (end.IsZero() || d.Before(end)) {
		end = d
	}
	if end.IsZero() {
		return end
	}
	have := end.Sub(start)
	if have <= 0 {
		return start
	}
	use := max(have-max(overhead, 0), have/4)
	return start.Add(use - reserve(use))
}

// reserve returns the part of the time use (a move's time less the move
// overhead) that a search keeps in hand for a busy machine's scheduling
// delays: half of a short time (up to 125ms: 10ms of 30ms less the default
// overhead), reserveBase and a tenth of a longer one (149ms of
// a second). The search spends the rest; what it keeps in hand is what
// the backstop and the machine's delays may take. Spending half of a
// second left half a second idle at every move, twice the largest delay
// seen on the shared 2-core machine (docs/strength.md).
func reserve(use time.Duration) time.Duration {
	return min(use/2, reserveBase+use/reserveShare)
}
