package simplex

import (
	"math"
	"sort"

	"github.com/streamopt/streamopt/lp"
)

// pointTol is how close (relative to max(1, |bound|)) a value must be to
// a bound for BasisFromPoint to put its column or row nonbasic there.
const pointTol = 1e-9

// BasisFromPoint builds a starting basis of m from the point x (one value
// per column; NaN marks a column without a value), as a crossover from a
// non-basic point starts: a column strictly between its bounds is basic,
// one at a bound is nonbasic there, and a column without a value is
// nonbasic at its bound nearest zero (at zero when free); a row whose
// activity (with those values) is strictly inside its bounds is basic
// (its logical), one at a bound nonbasic there. When more than m entries
// would be basic, the columns nearest a bound are made nonbasic at it;
// when fewer, logicals of rows at a bound are made basic. The result has
// exactly m basic entries; Solver.SetBasis replaces the columns of a
// singular one by logicals. It panics if len(x) != m.NumVars() (a
// programmer error).
func BasisFromPoint(m *lp.Model, x []float64) lp.Basis {
	if len(x) != len(m.Vars) {
		panic("simplex: BasisFromPoint: point and model differ in length")
	}
	n := len(m.Vars)
	b := lp.Basis{Cols: make([]lp.BasisStatus, n), Rows: make([]lp.BasisStatus, len(m.Rows))}
	v := make([]float64, n) // the value each column takes in the basis
	type cand struct {
		j    int
		dist float64 // relative distance to the nearest finite bound
	}
	var interior []cand
	for j, c := range m.Vars {
		xj := x[j]
		if math.IsNaN(xj) {
			b.Cols[j], v[j] = nonbasicNearZero(c.Lower, c.Upper)
			continue
		}
		st, at, dist := place(xj, c.Lower, c.Upper)
		b.Cols[j], v[j] = st, at
		if st == lp.Basic {
			interior = append(interior, cand{j, dist})
		}
	}
	basic := len(interior)
	var tight []int // rows at a bound
	for i := range m.Rows {
		r := &m.Rows[i]
		act := 0.0
		for k, j := range r.Ind {
			act += r.Val[k] * v[j]
		}
		st, _, _ := place(act, r.Lower, r.Upper)
		b.Rows[i] = st
		if st == lp.Basic {
			basic++
		} else {
			tight = append(tight, i)
		}
	}
	if extra := basic - len(m.Rows); extra > 0 {
		sort.SliceStable(interior, func(a, c int) bool { return interior[a].dist < interior[c].dist })
		for _, c := range interior[:extra] {
			vr := m.Vars[c.j]
			b.Cols[c.j] = nearestBound(x[c.j], vr.Lower, vr.Upper)
		}
	}
	for k := 0; basic < len(m.Rows) && k < len(tight); k++ {
		b.Rows[tight[k]] = lp.Basic
		basic++
	}
	return b
}

// place returns the status of a value v with bounds lo, hi: nonbasic at a
// bound within pointTol, AtZero for a free value at zero, else Basic; the
// value the status stands for; and the relative distance to the nearest
// finite bound (+Inf for none).
func place(v, lo, hi float64) (lp.BasisStatus, float64, float64) {
	near := func(b float64) bool { return math.Abs(v-b) <= pointTol*math.Max(1, math.Abs(b)) }
	switch {
	case !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && lo == hi:
		return lp.Fixed, lo, 0
	case !math.IsInf(lo, 0) && (near(lo) || v < lo):
		return lp.AtLower, lo, 0
	case !math.IsInf(hi, 0) && (near(hi) || v > hi):
		return lp.AtUpper, hi, 0
	case math.IsInf(lo, 0) && math.IsInf(hi, 0) && near(0):
		return lp.AtZero, 0, 0
	}
	dist := math.Inf(1)
	if !math.IsInf(lo, 0) {
		dist = (v - lo) / math.Max(1, math.Abs(lo))
	}
	if !math.IsInf(hi, 0) {
		dist = math.Min(dist, (hi-v)/math.Max(1, math.Abs(hi)))
	}
	return lp.Basic, v, dist
}

// nonbasicNearZero is the status of a column without a value: at its
// bound nearest zero, at zero when it is free; and the value it stands for.
func nonbasicNearZero(lo, hi float64) (lp.BasisStatus, float64) {
	switch {
	case lo == hi:
		return lp.Fixed, lo
	case math.IsInf(lo, 0) && math.IsInf(hi, 0):
		return lp.AtZero, 0
	case math.IsInf(hi, 0) || (!math.IsInf(lo, 0) && math.Abs(lo) <= math.Abs(hi)):
		return lp.AtLower, lo
	}
	return lp.AtUpper, hi
}

// nearestBound is the nonbasic status of the bound nearest v.
func nearestBound(v, lo, hi float64) lp.BasisStatus {
	switch {
	case math.IsInf(lo, 0) && math.IsInf(hi, 0):
		return lp.AtZero
	case math.IsInf(hi, 0) || (!math.IsInf(lo, 0) && v-lo <= hi-v):
		return lp.AtLower
	}
	return lp.AtUpper
}
