package mip

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestFinalStatus: a search whose nodes all closed is Optimal or
// Infeasible; a node dropped after its LP failed leaves it NumericalError
// unless the dropped bound cannot beat the incumbent beyond the gap.
func TestFinalStatus(t *testing.T) {
	opts, err := Options{}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{1}
	for _, tc := range []struct {
		name       string
		incX       []float64
		incomplete bool
		dropped    float64
		want       lp.Status
	}{
		{"closed with an incumbent", x, false, inf, lp.Optimal},
		{"closed without one", nil, false, inf, lp.Infeasible},
		{"a failed node without an incumbent", nil, true, 5, lp.NumericalError},
		{"a failed node that could hold a better point", x, true, 9, lp.NumericalError},
		{"a failed node at the incumbent's value", x, true, 10, lp.Optimal},
		{"a failed node within the gap tolerance", x, true, 10 - 0.5*DefaultMIPGap*10, lp.Optimal},
	} {
		s := &search{opts: opts, incX: tc.incX, incZ: 10, incomplete: tc.incomplete, dropped: tc.dropped}
		if got := s.finalStatus(); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestIntegralWithinTolBranches: the LP point of min −x + y, x − 1000y ≤ 0,
// x ∈ [0, 5·10⁻⁴], y binary, is x = 5·10⁻⁴, y = 5·10⁻⁷, integral within
// IntTol (10⁻⁶); y rounded to 0 violates the row by 5·10⁻⁴, so the point is
// rejected. The search branches on y instead of leaving the node
// undecided: y = 0 forces x = 0 (objective 0), y = 1 gives −5·10⁻⁴ + 1, so
// the optimum is 0 at x = y = 0 (by hand). Presolve is off: it would shrink
// the 1000 to x's bound and the LP point would be integral.
func TestIntegralWithinTolBranches(t *testing.T) {
	m := lp.New("integral within tolerance", lp.Minimize)
	x := m.AddVar("x", 0, 5e-4, -1)
	y := m.AddIntVar("y", 0, 1, 1)
	m.AddLE("vub", 0, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1000})
	sol, err := Solve(context.Background(), m, Options{NoPresolve: true, NoCuts: true, NoDiving: true,
		FeasJump: Off, FeasPump: Off, RENS: Off, RINS: Off})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal || sol.Objective != 0 {
		t.Fatalf("%v %v, want optimal 0", sol.Status, sol.Objective)
	}
	checkPoint(t, m, sol)
}
