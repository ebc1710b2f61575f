package solvetest

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
)

// runInstances solves every instance of the named shared set ("netlib" or
// "miplib") and compares the optimum with the known one in optimal.csv.
func (r *runner) runInstances(t *testing.T, set string) {
	if readMPS == nil {
		t.Skip("no MPS reader compiled into solvetest")
	}
	load := instances.NetlibOrSkip
	if set == "miplib" {
		load = instances.MiplibOrSkip
	}
	list := load(t)
	timeout := r.cfg.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	for _, in := range list {
		t.Run(in.Name, func(t *testing.T) {
			r.skip(t, in.Name)
			m, err := readMPS(in.Path)
			if err != nil {
				t.Fatalf("reading %s: %v", in.Name, err)
			}
			if r.cfg.Admit != nil {
				if why := r.cfg.Admit(m); why != "" {
					t.Skip(why)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			sol, _ := r.solve(t, ctx, in.Name, m)
			if sol.Status != lp.Optimal {
				t.Fatalf("status %v after %v (%d iterations), want optimal", sol.Status, sol.Time, sol.Iterations)
			}
			if e := relErr(sol.Objective, in.Optimum); e > r.objTol(in.Name) {
				t.Errorf("objective %.12g, want %.12g (relative error %.2g; optimum from %s)", sol.Objective, in.Optimum, e, in.Source)
			}
		})
	}
}
