package simplex

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestUnprovenInfeasibilityIsNotReported: the simplex reports Infeasible
// only with a certificate that passes its check in model units. On
// x1 + x2 ≥ 3 with x ∈ [0, 1]², infeasible (the row's maximum is 2), both
// methods prove it; with the check made to fail every time, the answer is
// NumericalError, so that no caller prunes on an unproven claim.
func TestUnprovenInfeasibilityIsNotReported(t *testing.T) {
	model := func() *lp.Model {
		m := lp.New("infeasible", lp.Minimize)
		x1 := m.AddVar("x1", 0, 1, 1)
		x2 := m.AddVar("x2", 0, 1, 1)
		m.AddGE("need", 3, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: x2, Coef: 1})
		return m
	}
	for _, method := range []Method{MethodDual, MethodPrimal} {
		opts := Options{Method: method, NoPresolve: true}
		sol, err := Solve(context.Background(), model(), opts)
		if err != nil || sol.Status != lp.Infeasible {
			t.Fatalf("%v: got %v, %v; want Infeasible", method, sol, err)
		}
		if err := checkFarkas(model(), sol.FarkasRow); err != nil {
			t.Errorf("%v: certificate: %v", method, err)
		}
		saved := proves
		proves = func(*lp.Model, []float64) bool { return false }
		sol, err = Solve(context.Background(), model(), opts)
		proves = saved
		if err != nil || sol.Status != lp.NumericalError {
			t.Errorf("%v, every certificate failing: got %v, %v; want NumericalError", method, sol.Status, err)
		}
	}
}
