package mip

import (
	"math"
	"slices"
)

// roundingHeuristics tries to turn the LP point into an integer solution:
// first rounding every fractional column in a direction no row locks, then
// rounding to the nearest integer.
func (s *search) roundingHeuristics(x []float64, frac []int) {
	if y := s.lockRound(x, frac); y != nil && s.tryIncumbent(y, "rounding") {
		return
	}
	y := append([]float64(nil), x...)
	for _, j := range frac {
		y[j] = math.Round(x[j])
	}
	s.tryIncumbent(y, "rounding")
}

// tryIncumbent rounds the integer columns of x, checks the point against the
// original model and makes it the incumbent if it is feasible and better and
// satisfies the lazy constraints (lazyCheck; only a better point is offered
// to the lazy-constraint callback). It reports false for a point rejected by
// the model or by a lazy constraint.
func (s *search) tryIncumbent(x []float64, how string) bool {
	y := make([]float64, s.n)
	for j := range y {
		v := x[j]
		if s.isInt[j] {
			r := math.Round(v)
			if math.Abs(v-r) > s.opts.IntTol {
				return false
			}
			v = r
		}
		vr := s.m.Vars[j]
		if v < vr.Lower-feasTol*(1+math.Abs(vr.Lower)) || v > vr.Upper+feasTol*(1+math.Abs(vr.Upper)) {
			return false
		}
		v = math.Max(vr.Lower, math.Min(vr.Upper, v))
		y[j] = v
	}
	if !s.satisfiesRows(y) {
		return false
	}
	z := s.sign * s.m.Objective(y)
	if z >= s.incZ {
		return true
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
// given, within feasTol relative to the largest of the row's bounds and
// terms (the incumbent check's tolerance).
func (s *search) satisfiesRows(y []float64) bool {
	for i := range s.m.Rows {
		// the tolerance is relative to the largest of the row's bounds and terms
		r := &s.m.Rows[i]
		act, scale := 0.0, 1.0
		for k, j := range r.Ind {
			t := r.Val[k] * y[j]
			act += t
			scale = math.Max(scale, math.Abs(t))
		}
		if !math.IsInf(r.Lower, -1) && act < r.Lower-feasTol*math.Max(scale, math.Abs(r.Lower)) {
			return false
		}
		if !math.IsInf(r.Upper, 1) && act > r.Upper+feasTol*math.Max(scale, math.Abs(r.Upper)) {
			return false
		}
	}
	return true
}
