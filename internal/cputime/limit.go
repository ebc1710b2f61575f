package cputime

import (
	"context"
	"time"
)

// Poll is how often WithLimit reads the process's CPU time.
const Poll = 20 * time.Millisecond

// WithLimit returns a context that is cancelled once the process has used
// limit of CPU time more than when WithLimit was called, or when parent is
// done, or when cancel is called. Call cancel when the work ends: it stops
// the goroutine that watches the clock.
func WithLimit(parent context.Context, limit time.Duration) (ctx context.Context, cancel context.CancelFunc) {
	ctx, cancel = context.WithCancel(parent)
	start := Process()
	go func() {
		tick := time.NewTicker(Poll)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if Process()-start >= limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}
