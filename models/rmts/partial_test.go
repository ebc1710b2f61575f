package rmts

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

// TestRunPartial stops a run from its progress callback, once in the
// simulations and once in the LP bounds. One worker runs the replications
// in index order r·cells + cell, so the finished ones are known exactly.
func TestRunPartial(t *testing.T) {
	in := smallInstance(rand.New(rand.NewPCG(5, 5)), true)
	in.Runs = 4
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	// Two policies × two rates: 4 cells × 4 traces = 16 simulations, after
	// 2 rates × 4 traces = 8 LP bounds when Bound is set.
	for _, tc := range []struct {
		name   string
		bound  bool
		stopAt int   // progress count at which the run is cancelled
		done   int   // simulations finished
		counts []int // finished replications per point, in Points order
		bounds []int // finished bounds per rate
	}{
		// Simulations 0-5 finish: cells 0 and 1 (rmts ξ=1, rmts ξ=2) of
		// traces 0 and 1, cells 2 and 3 (max-flow) of trace 0 only.
		{"simulations", false, 6, 6, []int{2, 2, 1, 1}, nil},
		// Bounds 0-2 finish (index r·rates + rate): two traces at ξ=1, one at ξ=2.
		{"bounds", true, 3, 0, []int{0, 0, 0, 0}, []int{2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ex := Experiment{Policies: []Policy{RMTS, MaxFlow}, Rates: []float64{1, 2}, Workers: 1, Bound: tc.bound, Backend: "simplex",
				Progress: func(done, _ int) {
					if done == tc.stopAt {
						cancel()
					}
				}}
			res, err := sc.Run(ctx, ex)
			if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
				t.Fatalf("error = %v, want a limit wrapping context.Canceled", err)
			}
			if res == nil || !res.Partial() || res.Done != tc.done || res.Total != 16 {
				t.Fatalf("result %+v, want %d of 16 simulations, partial", res, tc.done)
			}
			for i, pt := range res.Points {
				if pt.Stats.Runs != tc.counts[i] {
					t.Errorf("point %d (%s ξ=%g): %d replications, want %d", i, pt.Policy, pt.Rate, pt.Stats.Runs, tc.counts[i])
				}
			}
			for i, want := range tc.bounds {
				if i >= len(res.Bounds) || res.Bounds[i].Runs != want {
					t.Errorf("bounds at rate %d: %+v, want %d traces", i, res.Bounds, want)
				}
			}
		})
	}
}
