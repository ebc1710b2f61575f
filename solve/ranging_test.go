package solve_test

import (
	"context"
	"errors"
	"github.com/streamopt/streamopt/fault"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	_ "github.com/streamopt/streamopt/solve/gonumlp"
)

// TestRangingOption checks Options.Ranging through Solve: the simplex
// backend adds the ranging of its optimal basis, gonum (no Ranging
// capability) and a MILP are refused with solve.ErrCapability, an input error.
// The model is ExampleSolver_Ranging's (lp/simplex): y's cost may range
// over [0, 3], by hand.
func TestRangingOption(t *testing.T) {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3.5, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	ctx := context.Background()
	for _, backend := range []string{solve.Auto, solve.SimplexName} {
		sol, rep, err := solve.Solve(ctx, m, backend, solve.Options{Ranging: true})
		if err != nil || !rep.OK || sol.Ranging == nil {
			t.Fatalf("%s: %v, report %+v, ranging %v", backend, err, rep, sol.Ranging)
		}
		if c := sol.Ranging.Cols[y].Cost; c[0].Value != 0 || math.Abs(c[1].Value-3) > 1e-12 {
			t.Errorf("%s: cost range of y [%g, %g], want [0, 3]", backend, c[0].Value, c[1].Value)
		}
	}
	if sol, _, err := solve.Solve(ctx, m, solve.SimplexName, solve.Options{}); err != nil || sol.Ranging != nil {
		t.Errorf("ranging not asked for: %v, %v", err, sol.Ranging)
	}
	_, _, err := solve.Solve(ctx, m, "gonum", solve.Options{Ranging: true})
	if !errors.Is(err, solve.ErrCapability) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), `backend "gonum" missing capability ranging`) {
		t.Errorf("gonum: %v", err)
	}
	mi := m.Clone()
	mi.Vars[x].Integer = true
	if _, _, err := solve.Solve(ctx, mi, solve.SimplexName, solve.Options{Ranging: true}); !errors.Is(err, solve.ErrCapability) || !strings.Contains(err.Error(), "integer columns") {
		t.Errorf("MILP: %v", err)
	}
}

// TestRangingSequence: a Sequence with Options.Ranging gives the ranging
// of each warm solve's basis. After the objective becomes 3x + 2.5y the
// basis stays optimal (2.5 lies in [0, 3]), and y's range is still
// [0, 3]: it depends only on x's cost and the basis (by hand, as in
// TestRangingOption); x's lower end moves to 2.5 (c_x − d_x, d_x = 0.5).
func TestRangingSequence(t *testing.T) {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3.5, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	q, err := solve.NewSequence(m, solve.SimplexName, solve.Options{Ranging: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		cy, xLow float64
	}{{2, 2}, {2.5, 2.5}} {
		q.SetObjective(lp.Maximize, []float64{3, tc.cy})
		sol, _, err := q.Solve(ctx)
		if err != nil || sol.Ranging == nil {
			t.Fatalf("c_y = %g: %v, ranging %v", tc.cy, err, sol.Ranging)
		}
		if c := sol.Ranging.Cols[y].Cost; c[0].Value != 0 || math.Abs(c[1].Value-3) > 1e-12 {
			t.Errorf("c_y = %g: y's cost range [%g, %g], want [0, 3]", tc.cy, c[0].Value, c[1].Value)
		}
		if c := sol.Ranging.Cols[x].Cost; math.Abs(c[0].Value-tc.xLow) > 1e-12 || !math.IsInf(c[1].Value, 1) {
			t.Errorf("c_y = %g: x's cost range [%g, %g], want [%g, +inf]", tc.cy, c[0].Value, c[1].Value, tc.xLow)
		}
	}
}
