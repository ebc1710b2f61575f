package solvetest

import (
	"context"
	"math"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// runStart gives a MILP case's unique optimum back as a MIP start, in full
// and with only its first integer column, and an LP case's as a starting
// point: the backend must reach the same optimum without a warning.
func (r *runner) runStart(t *testing.T, tc testCase, mip bool) {
	r.skip(t, tc.name)
	m := tc.build()
	starts := [][]float64{tc.x}
	if mip {
		part := make([]float64, len(tc.x))
		first := true
		for j, v := range m.Vars {
			part[j] = math.NaN()
			if v.Integer && first {
				part[j], first = tc.x[j], false
			}
		}
		starts = append(starts, part)
	}
	for _, x := range starts {
		o := r.cfg.Options
		o.Start = x
		sol := r.solveWith(t, tc, m, o)
		if len(sol.Warnings) > 0 {
			t.Errorf("start %v: warnings %q", fmtVec(x), sol.Warnings)
		}
	}
}

// runBasis asks an LP case for its final basis, checks that it has one
// basic entry per row, and re-solves from it: the same optimum, with no
// iteration.
func (r *runner) runBasis(t *testing.T, tc testCase) {
	r.skip(t, tc.name)
	m := tc.build()
	o := r.cfg.Options
	o.WantBasis = true
	sol := r.solveWith(t, tc, m, o)
	b := sol.Basis
	if b == nil || len(b.Cols) != len(m.Vars) || len(b.Rows) != len(m.Rows) || b.NumBasic() != len(m.Rows) {
		t.Fatalf("backend declares Basis; final basis %v for %d columns and %d rows", b, len(m.Vars), len(m.Rows))
	}
	o.Basis, o.WantBasis = b, false
	again := r.solveWith(t, tc, m, o)
	if again.Iterations != 0 {
		t.Errorf("re-solve from the final basis took %d iterations, want 0", again.Iterations)
	}
}

// solveWith solves tc's model with options o on a fresh backend and checks
// that it is verified and optimal with tc's objective.
func (r *runner) solveWith(t *testing.T, tc testCase, m *lp.Model, o solve.Options) *lp.Solution {
	t.Helper()
	sol, err := callBackend(context.Background(), r.newBackend(), m.Clone(), o)
	if err != nil || sol == nil {
		t.Fatalf("%v (solution %v)", err, sol)
	}
	if rep := solve.Verify(m, sol, r.tol(tc.name)); !rep.OK || sol.Status != lp.Optimal {
		t.Fatalf("status %v, verification %q", sol.Status, rep.Problems)
	}
	if e := relErr(sol.Objective, tc.obj); e > r.objTol(tc.name) {
		t.Errorf("objective %.12g, want %.12g (answer from %s)", sol.Objective, tc.obj, tc.source)
	}
	return sol
}
