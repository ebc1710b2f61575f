package rmts

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestMaxFlowIsNotAnOnlineOptimum keeps the trace that breaks "with equal
// durations, max-flow admits at least as many requests as RMTS" (found by
// a random search over small clusters and shrunk by deleting requests while
// the inequality still failed).
//
// Why it breaks: max-flow admits every request that can be fitted by some
// chain of moves, so it admits the request of content 2 at 13.108. That
// request is still playing at 14.437 and 15.571, and the requests arriving
// then (contents 0 and 5) no longer fit: two rejections. RMTS (and
// last-minute) cannot reach a free slot for content 2 at 13.108 within
// Γ−1 = 1 hop and reject it; then both later requests fit. Admission is
// irrevocable, so rejecting one request early can make room for two later
// ones even when every stream lasts equally long: the exchange argument
// that makes greedy admission optimal for one server (the earliest-ending
// stream is the one to keep) fails because a request rejected at one
// instant cannot be admitted later when a departure would make it fit.
// So max-flow is the exact per-request feasibility reference, not an
// online optimum; both stay below the offline optimum, which the test also
// checks.
func TestMaxFlowIsNotAnOnlineOptimum(t *testing.T) {
	in := &Instance{
		Seed:      1,
		Servers:   Servers{Count: 5, Capacity: 2},
		Contents:  Contents{Count: 6, Duration: 5},
		Placement: Placement{Holders: [][]int{{3, 4}, {2, 3, 4}, {1}, {2, 4}, {1, 4}, {1, 4}}},
		Arrivals:  Arrivals{Rate: 1, Horizon: 20},
		Policy:    Params{Gamma: ptr(2), LTh: ptr(1.0), REMMin: ptr(1.0), REMMax: ptr(1.5)},
	}
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	trace := []Request{
		{7.778, 0}, {8.045, 3}, {8.123, 0}, {8.992, 3}, {9.817, 0}, {10.767, 2}, {11.321, 4},
		{11.613, 1}, {13.108, 2}, {13.517, 0}, {14.239, 4}, {14.437, 0}, {15.571, 5},
	}
	served := map[Policy]int{}
	for _, p := range []Policy{RMTS, LastMinute, MaxFlow} {
		res, err := sc.Simulate(context.Background(), trace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: p, Horizon: 20, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		served[p] = res.ServedAll
	}
	if served[MaxFlow] != 11 || served[RMTS] != 12 || served[LastMinute] != 12 {
		t.Fatalf("served %v; the documented counterexample has max-flow 11 < RMTS 12 = last-minute 12", served)
	}
	opt, err := sc.OfflineBound(context.Background(), trace, true, "simplex")
	if err != nil {
		t.Fatal(err)
	}
	if opt.Value < 12-boundTol {
		t.Fatalf("offline optimum %g below an online policy's 12", opt.Value)
	}
}
