package sim

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEngineOrder(t *testing.T) {
	type ev struct {
		time float64
		prio int
		name string
	}
	tests := []struct {
		name string
		in   []ev
		want []string
	}{
		{"by time", []ev{{3, 0, "c"}, {1, 0, "a"}, {2, 0, "b"}}, []string{"a", "b", "c"}},
		{"priority breaks time ties", []ev{{1, 2, "low"}, {1, 0, "high"}, {0.5, 9, "first"}}, []string{"first", "high", "low"}},
		{"insertion breaks full ties", []ev{{1, 1, "x"}, {1, 1, "y"}, {1, 1, "z"}, {1, 0, "w"}}, []string{"w", "x", "y", "z"}},
		{"negative priority", []ev{{0, 0, "b"}, {0, -1, "a"}}, []string{"a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := NewEngine()
			var got []string
			for _, x := range tc.in {
				e.Schedule(x.time, x.prio, func() { got = append(got, x.name) })
			}
			if err := e.Run(math.Inf(1)); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("order (-want +got):\n%s", d)
			}
			if e.Processed() != uint64(len(tc.in)) {
				t.Errorf("processed %d, want %d", e.Processed(), len(tc.in))
			}
		})
	}
}

// TestEngineHeapProperty schedules many events, some from inside handlers
// and some cancelled, and checks that they come out sorted by
// (time, priority, sequence).
func TestEngineHeapProperty(t *testing.T) {
	rng := Stream(1, 0)
	e := NewEngine()
	type key struct {
		t     float64
		p     int
		name  int
		ranAt int // number of events that had run when this one was scheduled
	}
	var got []key
	var handles []*Event
	id := 0
	var add func(at float64)
	add = func(at float64) {
		k := key{at, rng.IntN(3), id, len(got)}
		id++
		handles = append(handles, e.Schedule(at, k.p, func() {
			got = append(got, k)
			if id < 3000 && rng.IntN(2) == 0 {
				add(e.Now() + float64(rng.IntN(5)))
			}
		}))
	}
	for i := 0; i < 1000; i++ {
		add(float64(rng.IntN(50)))
	}
	cancelled := 0
	for i := 0; i < len(handles); i += 7 {
		if e.Cancel(handles[i]) {
			cancelled++
		}
		if e.Cancel(handles[i]) {
			t.Fatal("second Cancel of the same event reported pending")
		}
	}
	if err := e.Run(math.Inf(1)); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.t > b.t {
			t.Fatalf("event %d %+v ran before %+v", i, a, b)
		}
		if b.ranAt >= i {
			continue // b did not exist yet when a was chosen
		}
		if (a.t == b.t && a.p > b.p) || (a.t == b.t && a.p == b.p && a.name > b.name) {
			t.Fatalf("event %d %+v ran before %+v", i, a, b)
		}
	}
	if len(got)+cancelled != id {
		t.Errorf("ran %d + cancelled %d != scheduled %d", len(got), cancelled, id)
	}
}

func TestEngineRunUntilAndStop(t *testing.T) {
	e := NewEngine()
	var ran []float64
	for _, at := range []float64{1, 2, 3, 4} {
		e.Schedule(at, 0, func() { ran = append(ran, e.Now()) })
	}
	if err := e.Run(2.5); err != nil {
		t.Fatal(err)
	}
	if e.Now() != 2.5 || len(ran) != 2 || e.Len() != 2 {
		t.Fatalf("after Run(2.5): now=%g ran=%v pending=%d", e.Now(), ran, e.Len())
	}
	e.Schedule(3, -1, func() { e.Stop() })
	if err := e.Run(math.Inf(1)); !errors.Is(err, ErrStopped) {
		t.Fatalf("Run after Stop = %v, want ErrStopped", err)
	}
	if e.Now() != 3 || e.Len() != 2 {
		t.Fatalf("after Stop: now=%g pending=%d", e.Now(), e.Len())
	}
	if err := e.Run(math.Inf(1)); err != nil || len(ran) != 4 {
		t.Fatalf("resume: err=%v ran=%v", err, ran)
	}
}

func TestEngineScheduleErrors(t *testing.T) {
	tests := []struct {
		name string
		do   func(e *Engine)
		want string
	}{
		{"past", func(e *Engine) { e.Schedule(-1, 0, func() {}) }, "before the clock"},
		{"nan", func(e *Engine) { e.Schedule(math.NaN(), 0, func() {}) }, "NaN"},
		{"nil handler", func(e *Engine) { e.Schedule(1, 0, nil) }, "nil handler"},
		{"negative delay", func(e *Engine) { e.After(-0.5, 0, func() {}) }, "negative delay"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := NewEngine()
			tc.do(e)
			if e.Len() != 0 {
				t.Errorf("invalid event was queued")
			}
			err := e.Run(math.Inf(1))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run error = %v, want it to mention %q", err, tc.want)
			}
		})
	}
	// +Inf is a legal "never": nothing is queued and no error is raised.
	e := NewEngine()
	if ev := e.Schedule(math.Inf(1), 0, func() {}); ev != nil || e.Len() != 0 || e.Err() != nil {
		t.Errorf("Schedule(+Inf) queued %v, err %v", ev, e.Err())
	}
}

// TestRunContext cancels an endless simulation from inside a handler: the
// engine stops at its next look at ctx, within ctxEvery events, and can
// then run on.
func TestRunContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := NewEngine()
	var tick func()
	tick = func() {
		if e.Processed() == 10000 {
			cancel()
		}
		e.After(1, 0, tick)
	}
	e.Schedule(0, 0, tick)
	err := e.RunContext(ctx, math.Inf(1))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("RunContext = %v, want context.Canceled", err)
	}
	if n := e.Processed(); n < 10000 || n > 10000+ctxEvery {
		t.Errorf("stopped after %d events, want within %d of the cancellation at 10000", n, ctxEvery)
	}
	at := e.Now()
	if err := e.Run(at + 10); err != nil || e.Now() != at+10 {
		t.Errorf("Run after the stop: %v at t=%g, want nil at t=%g", err, e.Now(), at+10)
	}
}
