package rrs

import (
	"context"
	"errors"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/solve"
)

// TestSolveStopped: a limit gives a partial result with a limit error,
// never a result that claims to be optimal.
func TestSolveStopped(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name   string
		in     *Instance
		ctx    context.Context
		opt    Options
		status Status
	}{
		{"kkt-milp, cancelled", nonConcave(t), cancelled, Options{Method: MethodKKTMILP, Backend: solve.Auto}, StatusTimeLimit},
		{"qp, cancelled", paperInstance(t, 360), cancelled, Options{Method: MethodQP}, StatusTimeLimit},
		// The non-concave instance needs thousands of nodes (spec A.5).
		{"kkt-milp, node limit", nonConcave(t), context.Background(), Options{Method: MethodKKTMILP, Backend: "simplex", Solve: solve.Options{NodeLimit: 20}}, StatusLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Solve(tc.ctx, tc.in, tc.opt)
			if fault.Of(err) != fault.Limit {
				t.Fatalf("error = %v, want a limit", err)
			}
			if tc.ctx.Err() != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("error %v does not wrap context.Canceled", err)
			}
			if res == nil || !res.Partial || res.Status != tc.status {
				t.Fatalf("result %+v, want a partial result with status %s", res, tc.status)
			}
			if res.BestBound != nil && res.Policy != nil && *res.BestBound < res.Profit-1e-6 {
				t.Errorf("upper bound %g below the incumbent's profit %g", *res.BestBound, res.Profit)
			}
		})
	}
}
