package solvetest

import (
	"context"
	"errors"
	"github.com/streamopt/streamopt/fault"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// A rangeCase is a model whose data lie beyond what a double-precision
// simplex can be trusted with (lp.DefaultLimits). Through solve.SolveWith a
// backend must either never see it (an error wrapping lp.ErrRange that
// names the entry) or solve it right.
type rangeCase struct {
	name  string
	build func() *lp.Model
	obj   float64 // the optimum, derived by hand
	entry string  // what the refusal must name
}

var rangeCases = []rangeCase{
	{
		// min −y s.t. y − 1e25·x ≤ 0, 0 ≤ x ≤ 1, y ≥ 0: y = 1e25 at x = 1,
		// z = −1e25.
		name: "coefficient_1e25",
		build: func() *lp.Model {
			m := lp.New("coefficient_1e25", lp.Minimize)
			x := m.AddVar("x", 0, 1, 0)
			y := m.AddVar("y", 0, inf, -1)
			m.AddLE("r", 0, t(y, 1), t(x, -1e25))
			return m
		},
		obj: -1e25, entry: "row 0 (r): coefficient -1e+25 of column 0 (x): |a| must be ≤ 1e+20",
	},
	{
		// min −y s.t. 1e-25·y − x ≤ 0, 1e25·x ≤ 1e25, x, y ≥ 0: x ≤ 1 and
		// y ≤ 1e25·x, so y = 1e25 at x = 1, z = −1e25. Row r1 spans 1e25
		// before r2's coefficient is reached.
		name: "coefficients_1e25_and_1e-25",
		build: func() *lp.Model {
			m := lp.New("coefficients_1e25_and_1e-25", lp.Minimize)
			x := m.AddVar("x", 0, inf, 0)
			y := m.AddVar("y", 0, inf, -1)
			m.AddLE("r1", 0, t(y, 1e-25), t(x, -1))
			m.AddLE("r2", 1e25, t(x, 1e25))
			return m
		},
		obj: -1e25, entry: "row 0 (r1): values span a factor 1e+25, beyond 1e+20: largest coefficient -1 of column 0 (x), smallest coefficient 1e-25 of column 1 (y)",
	},
	{
		// min −x s.t. 1e-25·x ≤ 1, x ≥ 0: x = 1e25, z = −1e25. Every value
		// is within 1e20, but row r spans 1e25 (CLP and lp_solve call it
		// unbounded).
		name: "spread_1e25",
		build: func() *lp.Model {
			m := lp.New("spread_1e25", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			m.AddLE("r", 1, t(x, 1e-25))
			return m
		},
		obj: -1e25, entry: "row 0 (r): values span a factor 1e+25, beyond 1e+20: largest upper bound 1, smallest coefficient 1e-25 of column 0 (x)",
	},
}

// runRange solves a rangeCase through solve.SolveWith.
func (r *runner) runRange(t *testing.T, tc rangeCase) {
	r.skip(t, tc.name)
	sol, rep, err := solve.SolveWith(context.Background(), r.newBackend(), tc.build(), r.cfg.Options)
	if err != nil {
		if !errors.Is(err, lp.ErrRange) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.entry) {
			t.Fatalf("error %q: want an input error wrapping lp.ErrRange naming %q", err, tc.entry)
		}
		return
	}
	if sol.Status != lp.Optimal || !rep.OK || relErr(sol.Objective, tc.obj) > DefaultObjTol {
		t.Fatalf("status %v objective %g (verified %v %q): want refused, or optimal %g", sol.Status, sol.Objective, rep.OK, rep.Problems, tc.obj)
	}
}
