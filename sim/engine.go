package sim

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
)

// ErrStopped is returned by Run when Stop was called from inside a handler.
var ErrStopped = fault.New(fault.ErrLimit, "sim: stopped")

// Event is a scheduled handler. The value returned by Schedule is a handle
// that can be passed to Cancel; its fields are read-only for callers.
type Event struct {
	time     float64
	priority int
	seq      uint64
	index    int // position in the heap, -1 once fired or cancelled
	fn       func()
}

// Time is the simulated time the event is (or was) scheduled for.
func (ev *Event) Time() float64 { return ev.time }

// Priority is the tie-breaking priority: at equal times, lower runs first.
func (ev *Event) Priority() int { return ev.priority }

// Pending reports whether the event is still waiting to run.
func (ev *Event) Pending() bool { return ev != nil && ev.index >= 0 }

// Engine is a sequential discrete-event simulator: a clock and a binary
// heap of pending events ordered by (time, priority, insertion sequence).
// The total order makes every run with the same inputs replay identically.
// An Engine is not safe for concurrent use; run one Engine per replication.
type Engine struct {
	now       float64
	seq       uint64
	heap      []*Event
	processed uint64
	stopped   bool
	err       error
}

// NewEngine returns an engine whose clock reads 0 and whose heap is empty.
func NewEngine() *Engine { return &Engine{} }

// Now is the current simulated time.
func (e *Engine) Now() float64 { return e.now }

// Len is the number of pending events.
func (e *Engine) Len() int { return len(e.heap) }

// Processed is the number of events that have run.
func (e *Engine) Processed() uint64 { return e.processed }

// Err is the first scheduling error (an event in the past, a NaN time, a nil
// handler), or nil. Run returns it too.
func (e *Engine) Err() error { return e.err }

// Schedule queues fn to run at time t. At equal times, events with a lower
// priority run first, and among equal priorities the one scheduled first
// runs first. A time before Now, a NaN time or a nil fn is not queued: it
// records an error that Err and Run report, and Schedule returns nil.
func (e *Engine) Schedule(t float64, priority int, fn func()) *Event {
	switch {
	case fn == nil:
		e.fail(fmt.Errorf("sim: event at t=%g: nil handler", t))
		return nil
	case math.IsNaN(t):
		e.fail(errors.New("sim: event time is NaN"))
		return nil
	case t < e.now:
		e.fail(fmt.Errorf("sim: event at t=%g is before the clock t=%g", t, e.now))
		return nil
	case math.IsInf(t, 1):
		return nil // never happens; nothing to queue
	}
	ev := &Event{time: t, priority: priority, seq: e.seq, index: len(e.heap), fn: fn}
	e.seq++
	e.heap = append(e.heap, ev)
	e.up(ev.index)
	return ev
}

// After queues fn to run delay time units from now; see Schedule.
func (e *Engine) After(delay float64, priority int, fn func()) *Event {
	if delay < 0 {
		e.fail(fmt.Errorf("sim: negative delay %g", delay))
		return nil
	}
	return e.Schedule(e.now+delay, priority, fn)
}

// Cancel removes a pending event and reports whether it was pending.
func (e *Engine) Cancel(ev *Event) bool {
	if ev == nil || ev.index < 0 || ev.index >= len(e.heap) || e.heap[ev.index] != ev {
		return false
	}
	i := ev.index
	last := len(e.heap) - 1
	if i != last {
		e.swap(i, last)
	}
	e.heap[last] = nil
	e.heap = e.heap[:last]
	ev.index = -1
	if i != last {
		if !e.down(i) {
			e.up(i)
		}
	}
	return true
}

// Stop makes Run return ErrStopped after the current handler returns.
func (e *Engine) Stop() { e.stopped = true }

// Step runs the next event, advancing the clock to its time. It reports
// false when no event is pending.
func (e *Engine) Step() bool {
	if len(e.heap) == 0 {
		return false
	}
	ev := e.pop()
	e.now = ev.time
	e.processed++
	ev.fn()
	return true
}

// Run processes events in order until none is left, the next one is after
// until (the clock is then set to until, when finite), Stop is called, or a
// scheduling error occurs. Pass math.Inf(1) to run to exhaustion.
func (e *Engine) Run(until float64) error { return e.RunContext(context.Background(), until) }

// ctxEvery is how many events RunContext processes between two looks at
// its context: often enough to stop within milliseconds, rarely enough to
// cost nothing measurable next to the handlers.
const ctxEvery = 4096

// RunContext is Run that also stops, between two events, once ctx is done
// (it looks every ctxEvery events); it then returns an error wrapping
// ctx.Err(), and the engine can be run again.
func (e *Engine) RunContext(ctx context.Context, until float64) error {
	e.stopped = false
	if ctx == nil {
		ctx = context.Background()
	}
	done := ctx.Done()
	for n := 1; e.err == nil && !e.stopped; n++ {
		if len(e.heap) == 0 || e.heap[0].time > until {
			if !math.IsInf(until, 1) && until > e.now {
				e.now = until
			}
			return e.err
		}
		e.Step()
		if done != nil && n%ctxEvery == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("sim: stopped at t=%g after %d events: %w", e.now, e.processed, err)
			}
		}
	}
	if e.err != nil {
		return e.err
	}
	return ErrStopped
}

func (e *Engine) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

func (e *Engine) less(i, j int) bool {
	a, b := e.heap[i], e.heap[j]
	if a.time != b.time {
		return a.time < b.time
	}
	if a.priority != b.priority {
		return a.priority < b.priority
	}
	return a.seq < b.seq
}

func (e *Engine) swap(i, j int) {
	e.heap[i], e.heap[j] = e.heap[j], e.heap[i]
	e.heap[i].index = i
	e.heap[j].index = j
}

func (e *Engine) up(j int) {
	for j > 0 {
		i := (j - 1) / 2
		if !e.less(j, i) {
			break
		}
		e.swap(i, j)
		j = i
	}
}

func (e *Engine) down(i0 int) bool {
	n := len(e.heap)
	i := i0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		j := l
		if r := l + 1; r < n && e.less(r, l) {
			j = r
		}
		if !e.less(j, i) {
			break
		}
		e.swap(i, j)
		i = j
	}
	return i > i0
}

func (e *Engine) pop() *Event {
	ev := e.heap[0]
	last := len(e.heap) - 1
	if last > 0 {
		e.swap(0, last)
	}
	e.heap[last] = nil
	e.heap = e.heap[:last]
	if last > 0 {
		e.down(0)
	}
	ev.index = -1
	return ev
}
