package cputime

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// spin burns CPU until ctx is done or the wall-clock cap passes, and
// reports whether ctx ended it.
func spin(ctx context.Context, wallCap time.Duration) bool {
	end := time.Now().Add(wallCap)
	x := 1.0
	for time.Now().Before(end) {
		for i := 0; i < 1e5; i++ {
			x = x*1.0000001 + 1e-9
		}
		if ctx.Err() != nil {
			return true
		}
	}
	runtime.KeepAlive(x)
	return false
}

// TestWithLimit: a busy loop under a CPU limit is cancelled, after at
// least that much CPU time; cancel stops an idle one.
func TestWithLimit(t *testing.T) {
	if Process() == 0 {
		t.Skip("getrusage is not available on this system")
	}
	limit := 50 * time.Millisecond
	t0 := Process()
	ctx, cancel := WithLimit(context.Background(), limit)
	defer cancel()
	if !spin(ctx, time.Minute) {
		t.Fatal("a minute of busy work was not cancelled by a 50 ms CPU limit")
	}
	if used := Process() - t0; used < limit {
		t.Errorf("cancelled after %v of CPU time, before the limit %v", used, limit)
	}
	ctx2, cancel2 := WithLimit(context.Background(), time.Hour)
	cancel2()
	if ctx2.Err() == nil {
		t.Error("cancel did not end the context")
	}
}
