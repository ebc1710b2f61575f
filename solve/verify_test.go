package solve

import (
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// maxModel is
//
//	max 3x + 2y  s.t.  r1: x + y ≤ 4,  r2: x + 3y ≤ 9,  0 ≤ x ≤ 3,  y ≥ 0.
//
// Hand-derived optimum: x = 3, y = 1, z = 11 (the other vertices give
// (1.5, 2.5) → 9.5, (0, 3) → 6, (3, 0) → 9). r2 is slack (6 < 9), so y₂ = 0;
// y is basic, so d_y = 0 and 2 = y₁; d_x = 3 − y₁ = 1 ≥ 0 (x at its upper
// bound in a maximisation). Dual objective 4·2 + 3·1 = 11.
func maxModel() *lp.Model {
	m := lp.New("max2d", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("r1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("r2", 9, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	return m
}

// minModel is
//
//	min x + y  s.t.  r1: x + 2y ≥ 4,  r2: 3x + y ≥ 6,  x, y ≥ 0.
//
// Hand-derived: both rows bind at x = 1.6, y = 1.2, z = 2.8; duals solve
// y₁ + 3y₂ = 1, 2y₁ + y₂ = 1, so y = (0.4, 0.2), d = 0; dual objective
// 4·0.4 + 6·0.2 = 2.8.
func minModel() *lp.Model {
	m := lp.New("min2d", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, 1)
	y := m.AddVar("y", 0, lp.Inf, 1)
	m.AddGE("r1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddGE("r2", 6, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 1})
	return m
}

// infeasModel is x + y ≤ 1, x + y ≥ 2, x, y ≥ 0. The Farkas certificate
// y = (−1, 1) gives Aᵀy = 0, so max (Aᵀy)ᵀx = 0, while min yᵀr over the row
// bounds is −1·1 + 1·2 = 1: margin 1.
func infeasModel() *lp.Model {
	m := lp.New("infeas", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, 1)
	y := m.AddVar("y", 0, lp.Inf, 1)
	m.AddLE("le", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddGE("ge", 2, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	return m
}

// unbModel is min −x − y s.t. x − y ≤ 1, x, y ≥ 0. The ray (1, 1) keeps
// x − y at 0 and lowers the objective by 2 per unit.
func unbModel() *lp.Model {
	m := lp.New("unb", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, -1)
	y := m.AddVar("y", 0, lp.Inf, -1)
	m.AddLE("r", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1})
	return m
}

func intModel() *lp.Model {
	m := lp.New("int", lp.Minimize)
	x := m.AddIntVar("x", 0, 10, 1)
	m.AddGE("r", 1.5, lp.Term{Var: x, Coef: 1})
	return m
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name    string
		model   *lp.Model
		sol     lp.Solution
		ok      bool
		problem string // substring of the first problem when !ok
		check   func(t *testing.T, r Report)
	}{
		{
			name:  "max optimum with duals",
			model: maxModel(),
			sol:   lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowDual: []float64{2, 0}, ReducedCost: []float64{1, 0}},
			ok:    true,
			check: func(t *testing.T, r Report) {
				if !r.PrimalChecked || !r.DualChecked {
					t.Errorf("checked primal %v dual %v, want both", r.PrimalChecked, r.DualChecked)
				}
				if r.DualObjective != 11 || r.DualityGap != 0 {
					t.Errorf("dual objective %g gap %g, want 11 and 0", r.DualObjective, r.DualityGap)
				}
			},
		},
		{
			name:  "min optimum with duals",
			model: minModel(),
			sol:   lp.Solution{Status: lp.Optimal, Objective: 2.8, X: []float64{1.6, 1.2}, RowDual: []float64{0.4, 0.2}, ReducedCost: []float64{0, 0}},
			ok:    true,
			check: func(t *testing.T, r Report) {
				if math.Abs(r.DualObjective-2.8) > 1e-12 {
					t.Errorf("dual objective %g, want 2.8", r.DualObjective)
				}
			},
		},
		{
			name:    "dual signs of a minimisation used in a maximisation",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowDual: []float64{-2, 0}, ReducedCost: []float64{-1, 0}},
			problem: "dual residual",
		},
		{
			// y = (1, 1/3) on the slack row r2 (activity 6 < 9): Aᵀy = (4/3, 2),
			// d = (5/3, 0), signs fine, but y₂·(9 − 6) = 1, scaled by 11.
			name:    "dual on a slack row",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowDual: []float64{1, 1.0 / 3}, ReducedCost: []float64{5.0 / 3, 0}},
			problem: "complementarity",
			check: func(t *testing.T, r Report) {
				if math.Abs(r.Complementarity-1.0/11) > 1e-12 {
					t.Errorf("complementarity %g, want 1/11", r.Complementarity)
				}
			},
		},
		{
			// y = (1, 0), d = (0, −1): c − Aᵀy − d = (1−1−0, 1−2+1) = 0 and the
			// dual objective 4·1 + (−1)·1.2 = 2.8 matches, but d_y = −1 < 0 says
			// y's infinite upper bound is active: scaled |−1| / (1 + ‖c‖∞) = 0.5.
			name:    "reduced cost with the wrong sign",
			model:   minModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 2.8, X: []float64{1.6, 1.2}, RowDual: []float64{1, 0}, ReducedCost: []float64{0, -1}},
			problem: "infinite bound is active",
			check: func(t *testing.T, r Report) {
				if r.DualSignViolation != 0.5 {
					t.Errorf("sign violation %g, want 0.5", r.DualSignViolation)
				}
			},
		},
		{
			name:    "objective inconsistent with x",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 12, X: []float64{3, 1}},
			problem: "reported objective 12",
			check: func(t *testing.T, r Report) {
				// |12 − 11| / 11.
				if math.Abs(r.ObjectiveError-1.0/11) > 1e-15 {
					t.Errorf("objective error %g, want 1/11", r.ObjectiveError)
				}
			},
		},
		{
			// x + y = 5 > 4: violation 1, scaled 1/(1+4) = 0.2.
			name:    "row violated",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 13, X: []float64{3, 2}},
			problem: "row 0 (r1)",
			check: func(t *testing.T, r Report) {
				if r.MaxRowViolation != 1 || r.MaxRowViolationRel != 0.2 || r.WorstRow != 0 {
					t.Errorf("row violation %g rel %g row %d, want 1, 0.2, 0", r.MaxRowViolation, r.MaxRowViolationRel, r.WorstRow)
				}
			},
		},
		{
			// x = 3.5 > 3: violation 0.5, scaled 0.5/4 = 0.125.
			name:    "bound violated",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 10.5, X: []float64{3.5, 0}},
			problem: "column 0 (x)",
			check: func(t *testing.T, r Report) {
				if r.MaxBoundViolation != 0.5 || r.MaxBoundViolationRel != 0.125 {
					t.Errorf("bound violation %g rel %g, want 0.5, 0.125", r.MaxBoundViolation, r.MaxBoundViolationRel)
				}
			},
		},
		{
			name:    "integrality violated",
			model:   intModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 1.5, X: []float64{1.5}},
			problem: "integer column 0 (x)",
		},
		{
			name:  "integer optimum",
			model: intModel(),
			sol:   lp.Solution{Status: lp.Optimal, Objective: 2, X: []float64{2}, BestBound: 2},
			ok:    true,
		},
		{
			name:  "duals attached to a MILP are ignored",
			model: intModel(),
			sol:   lp.Solution{Status: lp.Optimal, Objective: 2, X: []float64{2}, RowDual: []float64{5}, ReducedCost: []float64{-7}},
			ok:    true,
			check: func(t *testing.T, r Report) {
				if r.DualChecked {
					t.Error("duals of a MILP were checked")
				}
			},
		},
		{
			name:    "best bound above a minimisation's incumbent",
			model:   intModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 2, X: []float64{2}, BestBound: 3},
			problem: "cuts off",
		},
		{
			name:  "Farkas certificate valid",
			model: infeasModel(),
			sol:   lp.Solution{Status: lp.Infeasible, FarkasRow: []float64{-1, 1}},
			ok:    true,
			check: func(t *testing.T, r Report) {
				if !r.FarkasChecked || r.FarkasMargin != 1 {
					t.Errorf("Farkas checked %v margin %g, want true, 1", r.FarkasChecked, r.FarkasMargin)
				}
			},
		},
		{
			// y = (1, −1) selects the infinite lower bound of "le".
			name:    "Farkas certificate with the wrong sign",
			model:   infeasModel(),
			sol:     lp.Solution{Status: lp.Infeasible, FarkasRow: []float64{1, -1}},
			problem: "infinite bound",
		},
		{
			name:    "Farkas certificate that proves nothing",
			model:   infeasModel(),
			sol:     lp.Solution{Status: lp.Infeasible, FarkasRow: []float64{0, 1}},
			problem: "infinite bound",
		},
		{
			name:  "ray valid",
			model: unbModel(),
			sol:   lp.Solution{Status: lp.Unbounded, Objective: math.Inf(-1), Ray: []float64{2, 2}},
			ok:    true,
			check: func(t *testing.T, r Report) {
				if r.RayImprovement != 2 || r.RayViolation != 0 {
					t.Errorf("ray improvement %g violation %g, want 2, 0", r.RayImprovement, r.RayViolation)
				}
			},
		},
		{
			// (1, 0) raises x − y to 1 per unit, leaving the cone of "≤ 1".
			name:    "ray leaves a row",
			model:   unbModel(),
			sol:     lp.Solution{Status: lp.Unbounded, Objective: math.Inf(-1), Ray: []float64{1, 0}},
			problem: "recession cone of row r",
		},
		{
			name:    "ray that worsens the objective",
			model:   unbModel(),
			sol:     lp.Solution{Status: lp.Unbounded, Objective: math.Inf(-1), Ray: []float64{-1, -1}},
			problem: "does not improve",
		},
		{
			name:    "wrong primal length",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, X: []float64{1}},
			problem: "1 primal values for 2 columns",
		},
		{
			name:    "NaN in x",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, X: []float64{math.NaN(), 0}},
			problem: "x[0] (x) is NaN",
		},
		{
			name:    "optimal without a point",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal},
			problem: "without a primal point",
		},
		{
			name:  "infeasible status ignores a leftover point",
			model: infeasModel(),
			sol:   lp.Solution{Status: lp.Infeasible, X: []float64{0, 0}},
			ok:    true,
		},
		{
			name:    "reported activity disagrees with Ax",
			model:   maxModel(),
			sol:     lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowActivity: []float64{4, 7}},
			problem: "reported activity 7",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Verify(tc.model, &tc.sol, Tolerances{})
			if r.OK != (tc.problem == "") {
				t.Fatalf("OK = %v, problems %q", r.OK, r.Problems)
			}
			if tc.problem != "" && (len(r.Problems) == 0 || !strings.Contains(r.Problems[0], tc.problem)) {
				t.Errorf("problems %q, want the first to contain %q", r.Problems, tc.problem)
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

// TestVerifyCertificateScale: Verify judges rays and Farkas certificates
// against the scale of the data. A certificate that holds only because a
// violation of 1e-25 is below the absolute tolerance is rejected when the
// data make that 1e-25 count; genuine certificates on badly scaled models
// (data of 1e-25, or 1 beside 1e25) are accepted. Every model and
// certificate is derived by hand in its comment.
func TestVerifyCertificateScale(t *testing.T) {
	term := func(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }
	inf := math.Inf(1)
	ray := func(r ...float64) lp.Solution {
		return lp.Solution{Status: lp.Unbounded, Objective: math.Inf(-1), Ray: r}
	}
	farkas := func(y ...float64) lp.Solution { return lp.Solution{Status: lp.Infeasible, FarkasRow: y} }
	tests := []struct {
		name    string
		model   func() *lp.Model
		sol     lp.Solution
		problem string // "" when the certificate must be accepted
	}{
		{
			// min −y s.t. r: y + 1e25·x ≤ 1e25, x, y ≥ 0: y ≤ 1e25·(1 − x),
			// optimum −1e25 at x = 0. Along (−1e-25, 1) the row stays put,
			// but x leaves x ≥ 0 by 1e-25, and 1e-25 of x is a whole unit
			// of the row: the reported case.
			name: "ray off x ≥ 0 by 1e-25 where x's coefficient is 1e25",
			model: func() *lp.Model {
				m := lp.New("big", lp.Minimize)
				x := m.AddVar("x", 0, inf, 0)
				y := m.AddVar("y", 0, inf, -1)
				m.AddLE("r", 1e25, term(y, 1), term(x, 1e25))
				return m
			},
			sol: ray(-1e-25, 1), problem: "recession cone of column x by 1",
		},
		{
			// min −x s.t. r: 1e-25·x ≤ 1e-25, x ≥ 0: x ≤ 1, optimum −1. Along
			// (1) the row grows by 1e-25, all the row can grow: not a ray.
			name: "ray through a row of 1e-25",
			model: func() *lp.Model {
				m := lp.New("tinyrow", lp.Minimize)
				x := m.AddVar("x", 0, inf, -1)
				m.AddLE("r", 1e-25, term(x, 1e-25))
				return m
			},
			sol: ray(1), problem: "recession cone of row r by 1",
		},
		{
			// min −1e-25·(x + y) s.t. r: 1e-25·(x − y) ≤ 1e-25, x, y ≥ 0:
			// (1, 1) keeps the row at 0 and lowers the objective by 2e-25,
			// all of what its terms give: a genuine ray on data of 1e-25.
			name: "genuine ray on data of 1e-25",
			model: func() *lp.Model {
				m := lp.New("tiny", lp.Minimize)
				x := m.AddVar("x", 0, inf, -1e-25)
				y := m.AddVar("y", 0, inf, -1e-25)
				m.AddLE("r", 1e-25, term(x, 1e-25), term(y, -1e-25))
				return m
			},
			sol: ray(1, 1),
		},
		{
			// min −y s.t. r: y − 1e25·x ≤ 0, x, y ≥ 0: (1e-25, 1) keeps the
			// row at 0 (or, with x rounded down by one part in 1e15, raises
			// it by 1e-15 of its terms).
			name: "genuine ray on data of 1 and 1e25",
			model: func() *lp.Model {
				m := lp.New("mixed", lp.Minimize)
				x := m.AddVar("x", 0, inf, 0)
				y := m.AddVar("y", 0, inf, -1)
				m.AddLE("r", 0, term(y, 1), term(x, -1e25))
				return m
			},
			sol: ray(1e-25*(1-1e-15), 1),
		},
		{
			// r1: x + y ≤ 1, r2: x + y + 1e-25·w ≥ 2, x, y, w ≥ 0 is feasible
			// (w = 1e25). y = (−1, 1) gives Aᵀy = (0, 0, 1e-25), and the
			// 1e-25 meets w's infinite upper bound: no proof.
			name: "Farkas certificate through a coefficient of 1e-25",
			model: func() *lp.Model {
				m := lp.New("feasible", lp.Minimize)
				x := m.AddVar("x", 0, inf, 0)
				y := m.AddVar("y", 0, inf, 0)
				w := m.AddVar("w", 0, inf, 0)
				m.AddLE("r1", 1, term(x, 1), term(y, 1))
				m.AddGE("r2", 2, term(x, 1), term(y, 1), term(w, 1e-25))
				return m
			},
			sol: farkas(-1, 1), problem: "on column w with an infinite bound",
		},
		{
			// r1: x + y ≤ 1e12, r2: x + y ≥ 1e12 + 1e-3: y = (−1, 1) leaves a
			// margin of 1e-3 out of terms of 2e12, less than the primal
			// tolerance lets x + y fall short of r2 (1e-7·(1 + 1e12)).
			name: "Farkas margin within rounding of the bounds",
			model: func() *lp.Model {
				m := lp.New("close", lp.Minimize)
				x := m.AddVar("x", 0, inf, 0)
				y := m.AddVar("y", 0, inf, 0)
				m.AddLE("r1", 1e12, term(x, 1), term(y, 1))
				m.AddGE("r2", 1e12+1e-3, term(x, 1), term(y, 1))
				return m
			},
			sol: farkas(-1, 1), problem: "does not prove infeasibility",
		},
		{
			// infeasModel with every value times 1e-25: y = (−1, 1) still
			// gives Aᵀy = 0 and −1e-25 + 2e-25 > 0.
			name: "genuine Farkas certificate on data of 1e-25",
			model: func() *lp.Model {
				m := lp.New("tinyinfeas", lp.Minimize)
				x := m.AddVar("x", 0, inf, 1e-25)
				y := m.AddVar("y", 0, inf, 1e-25)
				m.AddLE("le", 1e-25, term(x, 1e-25), term(y, 1e-25))
				m.AddGE("ge", 2e-25, term(x, 1e-25), term(y, 1e-25))
				return m
			},
			sol: farkas(-1, 1),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Verify(tc.model(), &tc.sol, Tolerances{})
			if r.OK != (tc.problem == "") {
				t.Fatalf("OK = %v, problems %q", r.OK, r.Problems)
			}
			if tc.problem != "" && !strings.Contains(r.Problems[0], tc.problem) {
				t.Errorf("problems %q, want the first to contain %q", r.Problems, tc.problem)
			}
		})
	}
}

func TestVerifyNil(t *testing.T) {
	if r := Verify(nil, &lp.Solution{}, Tolerances{}); r.OK {
		t.Error("nil model verified OK")
	}
	if r := Verify(maxModel(), nil, Tolerances{}); r.OK {
		t.Error("nil solution verified OK")
	}
}

func TestVerifyTolerance(t *testing.T) {
	// x + y = 4 + 4e-7 violates r1 by 4e-7, scaled 4e-7/5 = 8e-8: inside the
	// default 1e-7, outside a tolerance of 1e-8.
	s := &lp.Solution{Status: lp.Optimal, X: []float64{3, 1 + 4e-7}}
	s.Objective = maxModel().Objective(s.X)
	if r := Verify(maxModel(), s, Tolerances{}); !r.OK {
		t.Errorf("default tolerance: %q", r.Problems)
	}
	if r := Verify(maxModel(), s, Tolerances{Primal: 1e-8}); r.OK {
		t.Error("tolerance 1e-8 accepted a scaled violation of 8e-8")
	}
}
