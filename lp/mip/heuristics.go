package mip

import (
	"math"
	"slices"
)

// roundingHeuristics tries to turn the LP point into an integer solution:
// first rounding every fractional column in a direction no row locks, then
// rounding to the nearest integer.
func (s *search) roundingHeuristics(x []float64, frac []int) {
	// the points and their rounded copies are scratch: tryIncumbent keeps
	// a copy of the point it accepts
	b := s.bufs
	y := s.lockRoundTo(b.round[0][:0], x, frac)
	if y != nil {
		b.round[0] = y
	}
	near := append(b.round[1][:0], x...)
	b.round[1] = near
	for _, j := range frac {
		near[j] = math.Round(x[j])
	}
	// Neither point can change the incumbent when both are no better than
	// it (tryIncumbent then returns before any change of state), so the
	// check of the rows is skipped, which late in a search is most nodes.
	// The points are rounded once, here, as tryIncumbent would round them.
	var ry, rn []float64
	yOK, nOK := false, false
	if y != nil {
		ry, yOK = s.roundedPointTo(b.round[2][:0], y)
		b.round[2] = ry
	}
	if !yOK || !s.mayImprove(ry) {
		rn, nOK = s.roundedPointTo(b.round[3][:0], near)
		b.round[3] = rn
		if !nOK || !s.mayImprove(rn) {
			return
		}
	}
	// a y that cannot be rounded is rejected by tryIncumbent at once
	if yOK && s.tryRounded(slices.Clone(ry), "rounding") {
		return
	}
	if rn == nil {
		rn, nOK = s.roundedPointTo(b.round[3][:0], near)
		b.round[3] = rn
	}
	if nOK {
		s.tryRounded(slices.Clone(rn), "rounding")
	}
}

// mayImprove reports whether the point y (made by roundedPoint) is
// not worse than the incumbent by tryIncumbent's test. The objective is
// summed in Model.Objective's order, so the verdict is tryIncumbent's.
func (s *search) mayImprove(y []float64) bool {
	z := s.m.ObjOffset
	for j, c := range s.m.Obj {
		z += c * y[j]
	}
	return !(s.sign*z >= s.incZ)
}

// roundedPoint rounds the integer columns of x and clamps every column to
// its bounds (roundedValue); it reports false when a column cannot be.
func (s *search) roundedPoint(x []float64) ([]float64, bool) {
	return s.roundedPointTo(nil, x)
}

// roundedPointTo is roundedPoint writing the point to y[:n] (y grown as
// needed; y's contents are ignored); on false it returns y[:0].
func (s *search) roundedPointTo(y, x []float64) ([]float64, bool) {
	y = slices.Grow(y[:0], s.n)[:s.n]
	for j := range y {
		v, ok := s.roundedValue(j, x[j])
		if !ok {
			return y[:0], false
		}
		y[j] = v
	}
	return y, true
}

// roundedValue is v rounded if column j is integer and clamped to the
// column's bounds; false if v is not integral within IntTol (an integer
// column) or lies outside the bounds by more than feasTol.
func (s *search) roundedValue(j int, v float64) (float64, bool) {
	if s.isInt[j] {
		r := math.Round(v)
		if math.Abs(v-r) > s.opts.IntTol {
			return 0, false
		}
		v = r
	}
	if v < s.varLoTol[j] || v > s.varHiTol[j] {
		return 0, false
	}
	return fmax(s.varLo[j], fmin(s.varHi[j], v)), true
}

// tryIncumbent rounds the integer columns of x, checks the point against the
// original model and makes it the incumbent if it is feasible and better and
// satisfies the lazy constraints (lazyCheck; only a better point is offered
// to the lazy-constraint callback). It reports false for a point rejected by
// the model or by a lazy constraint.
func (s *search) tryIncumbent(x []float64, how string) bool {
	y, ok := s.roundedPoint(x)
	if !ok {
		return false
	}
	return s.tryRounded(y, how)
}

// tryRounded is tryIncumbent for the point y made by roundedPoint, which it
// keeps if it accepts it.
func (s *search) tryRounded(y []float64, how string) bool {
	if !s.satisfiesRows(y, feasTol) {
		return false
	}
	z := s.sign * s.m.Objective(y)
	if z >= s.incZ {
		return true
	}
	if !s.primal.inPolish && !s.satisfiesRows(y, cleanTol) {
		// y meets the rows only within feasTol, which on rows with large
		// terms lets the continuous columns gain on the objective (an
		// integer column rounded by 1e-6 moves a term of 4·10⁴ by 0.04):
		// the LP in the continuous columns with y's integers fixed gives
		// the point its integers really allow, which replaces y.
		s.primal.inPolish = true
		defer func() { s.primal.inPolish = false }()
		if q, ok := s.polishLP(y); ok {
			return s.tryIncumbent(q, how)
		}
	}
	if s.task != nil {
		// a worker of a round: the point serves its own task at once and
		// is offered to the owner of the tree when the round is merged
		s.incX, s.incZ = y, z
		s.task.cands = append(s.task.cands, candidate{y, how})
		s.drop(s.open.prune(s.cutoff()))
		if s.rootD != nil {
			// the global fixing, on the task's own copy of the root bounds
			if !s.task.ownRoot {
				s.rootLo, s.rootHi = slices.Clone(s.rootLo), slices.Clone(s.rootHi)
				s.task.ownRoot = true
			}
			s.rootFix()
		}
		return true
	}
	if !s.lazyCheck(y, z, how) {
		return false
	}
	s.incX, s.incZ = y, z
	if s.opts.Log != nil {
		s.logLine(how)
	}
	s.drop(s.open.prune(s.cutoff()))
	s.rootFix()
	s.event(IncumbentEvent, y, how)
	if s.opts.OneOpt.enabled(DefaultOneOpt) && !s.primal.inOneOpt && !s.halted() {
		s.primal.inOneOpt = true
		s.oneOpt(y, how)
		s.primal.inOneOpt = false
	}
	return true
}

// satisfiesRows reports whether y satisfies every row of the model as
// given, within tol relative to the largest of the row's bounds and
// terms (feasTol is the incumbent check's tolerance).
func (s *search) satisfiesRows(y []float64, tol float64) bool {
	for i := range s.m.Rows {
		// the tolerance is relative to the largest of the row's bounds and terms
		r := &s.m.Rows[i]
		act, scale := 0.0, 1.0
		for k, j := range r.Ind {
			t := r.Val[k] * y[j]
			act += t
			if a := math.Abs(t); a > scale {
				scale = a
			}
		}
		if !math.IsInf(r.Lower, -1) && act < r.Lower-tol*math.Max(scale, math.Abs(r.Lower)) {
			return false
		}
		if !math.IsInf(r.Upper, 1) && act > r.Upper+tol*math.Max(scale, math.Abs(r.Upper)) {
			return false
		}
	}
	return true
}
