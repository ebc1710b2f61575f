package simplex

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// kktTol is the relative tolerance of the optimality checks in the tests.
const kktTol = 1e-6

func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// checkOptimal verifies an optimal solution against the model without
// reference to the solver: primal feasibility, stationarity c = Aᵀy + d,
// the sign conditions of lp/doc.go (complementary slackness) and a zero
// duality gap between cᵀx and the dual objective built from y and d.
func checkOptimal(m *lp.Model, sol *lp.Solution) error {
	n := len(m.Vars)
	if len(sol.X) != n || len(sol.ReducedCost) != n || len(sol.RowDual) != len(m.Rows) || len(sol.RowActivity) != len(m.Rows) {
		return fmt.Errorf("lengths: X %d, ReducedCost %d, RowDual %d, RowActivity %d for %d columns, %d rows",
			len(sol.X), len(sol.ReducedCost), len(sol.RowDual), len(sol.RowActivity), n, len(m.Rows))
	}
	// scale of the data for relative tolerances
	scale := 1.0
	for _, c := range m.Obj {
		scale = math.Max(scale, math.Abs(c))
	}
	act := m.Activities(sol.X)
	for j, v := range m.Vars {
		x := sol.X[j]
		if x < v.Lower-kktTol*math.Max(1, math.Abs(v.Lower)) || x > v.Upper+kktTol*math.Max(1, math.Abs(v.Upper)) {
			return fmt.Errorf("column %d: x = %g outside [%g, %g]", j, x, v.Lower, v.Upper)
		}
	}
	for i, r := range m.Rows {
		a := act[i]
		if a < r.Lower-kktTol*math.Max(1, math.Abs(r.Lower)) || a > r.Upper+kktTol*math.Max(1, math.Abs(r.Upper)) {
			return fmt.Errorf("row %d: activity %g outside [%g, %g]", i, a, r.Lower, r.Upper)
		}
		if !near(a, sol.RowActivity[i], kktTol) {
			return fmt.Errorf("row %d: RowActivity %g, Ax = %g", i, sol.RowActivity[i], a)
		}
	}
	if !near(sol.Objective, m.Objective(sol.X), kktTol) {
		return fmt.Errorf("objective %g, cᵀx + c₀ = %g", sol.Objective, m.Objective(sol.X))
	}
	sg := 1.0
	if m.Sense == lp.Maximize {
		sg = -1
	}
	// stationarity
	aty := make([]float64, n)
	ymax := 1.0
	for i, r := range m.Rows {
		for k, j := range r.Ind {
			aty[j] += r.Val[k] * sol.RowDual[i]
		}
		ymax = math.Max(ymax, math.Abs(sol.RowDual[i]))
	}
	tol := kktTol * math.Max(scale, ymax)
	for j := range m.Vars {
		if res := m.Obj[j] - aty[j] - sol.ReducedCost[j]; math.Abs(res) > tol {
			return fmt.Errorf("column %d: c − Aᵀy − d = %g", j, res)
		}
	}
	// sign conditions (for a minimisation; every sign flips for a maximisation)
	for j, v := range m.Vars {
		d := sg * sol.ReducedCost[j]
		x := sol.X[j]
		if x > v.Lower+kktTol*math.Max(1, math.Abs(v.Lower)) && d > tol {
			return fmt.Errorf("column %d: x = %g above its lower bound %g but reduced cost %g", j, x, v.Lower, sol.ReducedCost[j])
		}
		if x < v.Upper-kktTol*math.Max(1, math.Abs(v.Upper)) && d < -tol {
			return fmt.Errorf("column %d: x = %g below its upper bound %g but reduced cost %g", j, x, v.Upper, sol.ReducedCost[j])
		}
	}
	for i, r := range m.Rows {
		y := sg * sol.RowDual[i]
		a := act[i]
		if a > r.Lower+kktTol*math.Max(1, math.Abs(r.Lower)) && y > tol {
			return fmt.Errorf("row %d: activity %g above its lower bound %g but dual %g", i, a, r.Lower, sol.RowDual[i])
		}
		if a < r.Upper-kktTol*math.Max(1, math.Abs(r.Upper)) && y < -tol {
			return fmt.Errorf("row %d: activity %g below its upper bound %g but dual %g", i, a, r.Upper, sol.RowDual[i])
		}
	}
	// duality gap: the dual objective takes each dual at the bound its sign selects
	dobj := m.ObjOffset
	mag := math.Abs(m.ObjOffset)
	pick := func(v, lo, hi float64) float64 {
		switch {
		case sg*v > 0:
			return v * lo
		case sg*v < 0:
			return v * hi
		}
		return 0
	}
	for i, r := range m.Rows {
		t := pick(sol.RowDual[i], r.Lower, r.Upper)
		dobj += t
		mag += math.Abs(t)
	}
	for j, v := range m.Vars {
		t := pick(sol.ReducedCost[j], v.Lower, v.Upper)
		dobj += t
		mag += math.Abs(t)
	}
	if math.Abs(dobj-sol.Objective) > kktTol*math.Max(1, mag) {
		return fmt.Errorf("duality gap: primal %g, dual %g", sol.Objective, dobj)
	}
	return nil
}

// checkFarkas verifies the infeasibility certificate of lp/doc.go: with
// z = Aᵀy, max zᵀx over the column bounds < min yᵀr over the row bounds.
func checkFarkas(m *lp.Model, y []float64) error {
	if len(y) != len(m.Rows) {
		return fmt.Errorf("FarkasRow has %d entries for %d rows", len(y), len(m.Rows))
	}
	margin, rel, err := lp.FarkasMargin(m, y)
	if err != nil {
		return err
	}
	if !(rel > farkasProofTol) {
		return fmt.Errorf("Farkas margin min yᵀr − max zᵀx = %g (%.3g of its terms), want above %g of them", margin, rel, farkasProofTol)
	}
	return nil
}

// checkRay verifies an unbounded ray: it improves the objective, keeps
// every row in its bounds' recession cone and respects the column bounds'.
func checkRay(m *lp.Model, r []float64) error {
	if len(r) != len(m.Vars) {
		return fmt.Errorf("Ray has %d entries for %d columns", len(r), len(m.Vars))
	}
	norm := 0.0
	for _, v := range r {
		norm = math.Max(norm, math.Abs(v))
	}
	if norm == 0 {
		return fmt.Errorf("ray is zero")
	}
	tol := 1e-9 * norm
	cr := 0.0
	for j, v := range m.Vars {
		cr += m.Obj[j] * r[j]
		if !math.IsInf(v.Lower, -1) && r[j] < -tol || !math.IsInf(v.Upper, 1) && r[j] > tol {
			return fmt.Errorf("ray leaves the bounds of column %d: r = %g", j, r[j])
		}
	}
	if m.Sense == lp.Maximize {
		cr = -cr
	}
	if !(cr < -tol) {
		return fmt.Errorf("ray does not improve the objective: cᵀr = %g (sense %v)", cr, m.Sense)
	}
	ar := m.Activities(r)
	for i, row := range m.Rows {
		if !math.IsInf(row.Lower, -1) && ar[i] < -tol || !math.IsInf(row.Upper, 1) && ar[i] > tol {
			return fmt.Errorf("ray leaves the recession cone of row %d: (Ar) = %g", i, ar[i])
		}
	}
	return nil
}
