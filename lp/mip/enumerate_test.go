package mip

import (
	"math"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// The tests check the search against complete enumeration: small pure
// integer programs with finite bounds have few enough integer points to
// visit them all, which gives the optimum, and the validity of a cut,
// independently of the code under test.

// forEachPoint calls visit at every integer point of m's bounds, in
// odometer order (the first column fastest), until visit returns false;
// it reports whether every point was visited. The slice visit gets is
// reused: clone it to keep it.
func forEachPoint(m *lp.Model, visit func(x []float64) bool) bool {
	n := len(m.Vars)
	x := make([]float64, n)
	for j := range x {
		x[j] = m.Vars[j].Lower
	}
	for {
		if !visit(x) {
			return false
		}
		j := 0
		for ; j < n; j++ {
			if x[j] < m.Vars[j].Upper {
				x[j]++
				break
			}
			x[j] = m.Vars[j].Lower
		}
		if j == n {
			return true
		}
	}
}

// rowsHold reports whether every row of m holds at x within tol.
func rowsHold(m *lp.Model, x []float64, tol float64) bool {
	for i, a := range m.Activities(x) {
		if a < m.Rows[i].Lower-tol || a > m.Rows[i].Upper+tol {
			return false
		}
	}
	return true
}

// enumerate returns the optimum of a pure integer program with finite
// bounds by visiting every point; ok is false if none is feasible.
func enumerate(m *lp.Model) (best float64, ok bool) {
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	best = math.Inf(1)
	forEachPoint(m, func(x []float64) bool {
		if rowsHold(m, x, 0) {
			ok = true
			best = math.Min(best, sign*m.Objective(x))
		}
		return true
	})
	return sign * best, ok
}

// holdsEverywhere reports whether row r holds at every integer point of m
// (enumerated over its bounds); it returns a feasible point violating it.
func holdsEverywhere(m *lp.Model, r lp.Row) (bool, []float64) {
	var bad []float64
	forEachPoint(m, func(x []float64) bool {
		if !rowsHold(m, x, 1e-9) {
			return true
		}
		a := 0.0
		for k, j := range r.Ind {
			a += r.Val[k] * x[j]
		}
		if a < r.Lower-1e-9 || a > r.Upper+1e-9 {
			bad = slices.Clone(x)
			return false
		}
		return true
	})
	return bad == nil, bad
}

// checkEnumerated checks sol, the answer of a solve of the pure integer
// program m, against enumerate: infeasible when no point is, else optimal
// at the enumerated optimum (within 1e-6 relative) at a point checkPoint
// accepts. what names the case in the messages.
func checkEnumerated(t *testing.T, what string, m *lp.Model, sol *lp.Solution) {
	t.Helper()
	want, feasible := enumerate(m)
	switch {
	case !feasible:
		if sol.Status != lp.Infeasible {
			t.Errorf("%s: status %v, want infeasible", what, sol.Status)
		}
	case sol.Status != lp.Optimal:
		t.Errorf("%s: status %v, want optimal %v", what, sol.Status, want)
	default:
		if math.Abs(sol.Objective-want) > 1e-6*math.Max(1, math.Abs(want)) {
			t.Errorf("%s: objective %v, enumeration %v", what, sol.Objective, want)
		}
		checkPoint(t, m, sol)
	}
}

// checkCuts checks each of cuts, separated on m, against every feasible
// point of m (holdsEverywhere); what names the case and the kind of cut in
// the messages. It returns how many cuts it checked.
func checkCuts(t *testing.T, what string, m *lp.Model, cuts []lp.Row) int {
	t.Helper()
	for _, r := range cuts {
		if ok, p := holdsEverywhere(m, r); !ok {
			t.Errorf("%s %v %v in [%v, %v] cuts off the feasible point %v", what, r.Ind, r.Val, r.Lower, r.Upper, p)
		}
	}
	return len(cuts)
}

// checkedSome fails the test when none of the cuts of kind were checked,
// and logs how many were.
func checkedSome(t *testing.T, kind string, n int) {
	t.Helper()
	if n == 0 {
		t.Fatalf("no %s separated: the test checks nothing", kind)
	}
	t.Logf("%d %s checked", n, kind)
}
