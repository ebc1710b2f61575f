package presolve

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// Tolerances of the optimality checker (DESIGN.md: primal/dual feasibility
// 1e-7 scaled, objectives 1e-6 relative). Primal is slightly looser because
// the oracle's dense simplex accumulates rounding on the netlib-sized tests.
const (
	primalTol = 1e-6
	dualTol   = 1e-7
	objTol    = 1e-6
)

func scaledTol(tol, v float64) float64 {
	if a := math.Abs(v); a > 1 && !math.IsInf(a, 0) {
		return tol * a
	}
	return tol
}

// checkOptimal verifies that sol is an optimal primal-dual pair of m in the
// lp sign convention: primal feasibility, c = Aᵀy + d, the sign of every
// dual and complementary slackness. It recomputes activities itself.
func checkOptimal(m *lp.Model, sol *lp.Solution) error {
	return checkOptimalTol(m, sol, primalTol, dualTol)
}

// checkOptimalTol is checkOptimal with explicit primal and dual tolerances.
func checkOptimalTol(m *lp.Model, sol *lp.Solution, primalTol, dualTol float64) error {
	n, nr := m.NumVars(), m.NumRows()
	if len(sol.X) != n || len(sol.RowDual) != nr || len(sol.ReducedCost) != n {
		return fmt.Errorf("lengths: x %d, y %d, d %d for %d columns and %d rows", len(sol.X), len(sol.RowDual), len(sol.ReducedCost), n, nr)
	}
	x, y, d := sol.X, sol.RowDual, sol.ReducedCost
	act := m.Activities(x)
	s := 1.0
	if m.Sense == lp.Maximize {
		s = -1
	}
	for j, v := range m.Vars {
		if x[j] < v.Lower-scaledTol(primalTol, v.Lower) || x[j] > v.Upper+scaledTol(primalTol, v.Upper) {
			return fmt.Errorf("column %d (%s): x = %v outside [%v, %v]", j, v.Name, x[j], v.Lower, v.Upper)
		}
		if dd := s * d[j]; dd > dualTol && x[j]-v.Lower > scaledTol(primalTol, v.Lower) {
			return fmt.Errorf("column %d (%s): reduced cost %v needs x at lower bound %v, x = %v", j, v.Name, d[j], v.Lower, x[j])
		} else if dd < -dualTol && v.Upper-x[j] > scaledTol(primalTol, v.Upper) {
			return fmt.Errorf("column %d (%s): reduced cost %v needs x at upper bound %v, x = %v", j, v.Name, d[j], v.Upper, x[j])
		}
	}
	for i, r := range m.Rows {
		if act[i] < r.Lower-scaledTol(primalTol, r.Lower) || act[i] > r.Upper+scaledTol(primalTol, r.Upper) {
			return fmt.Errorf("row %d (%s): activity %v outside [%v, %v]", i, r.Name, act[i], r.Lower, r.Upper)
		}
		if yy := s * y[i]; yy > dualTol && act[i]-r.Lower > scaledTol(primalTol, r.Lower) {
			return fmt.Errorf("row %d (%s): dual %v needs activity at lower bound %v, activity = %v", i, r.Name, y[i], r.Lower, act[i])
		} else if yy < -dualTol && r.Upper-act[i] > scaledTol(primalTol, r.Upper) {
			return fmt.Errorf("row %d (%s): dual %v needs activity at upper bound %v, activity = %v", i, r.Name, y[i], r.Upper, act[i])
		}
	}
	aty := m.Matrix().MulTransVec(y)
	for j := range m.Vars {
		if res := m.Obj[j] - aty[j] - d[j]; math.Abs(res) > scaledTol(dualTol, m.Obj[j]) {
			return fmt.Errorf("column %d (%s): c − Aᵀy − d = %v", j, m.Vars[j].Name, res)
		}
	}
	if z := m.Objective(x); !closeRel(z, sol.Objective, objTol) {
		return fmt.Errorf("objective %v but cᵀx + c₀ = %v", sol.Objective, z)
	}
	return nil
}

func closeRel(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
