package simplex

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// SetIterationLimit sets the iteration limit of the following solves
// (0 = none), in place of Options.IterationLimit. A caller that needs only
// a bound or an estimate from an LP, such as strong branching in a branch
// and bound, caps its solves this way, reads DualBound when a solve ends
// lp.IterationLimit, and sets the limit back afterwards.
func (sv *Solver) SetIterationLimit(n int) error {
	if n < 0 {
		return fmt.Errorf("%w: iteration limit: must be >= 0, got %d", ErrBadOptions, n)
	}
	sv.opts.IterationLimit = n
	sv.s.itLimit = n
	return nil
}

// IterationLimit returns the iteration limit of the following solves
// (0 = none).
func (sv *Solver) IterationLimit() int { return sv.opts.IterationLimit }

// DualBound returns a bound on the optimum of the LP with the current
// bounds that the current basis proves: a lower bound when the model
// minimises, an upper bound when it maximises (−∞, respectively +∞, when
// the basis proves none). It is meant for a solve that stopped at a limit
// (lp.IterationLimit, lp.TimeLimit), which gives no objective; after an
// optimal solve it equals the optimum up to the tolerances. The bound is
// the Lagrangian one of the basis's row duals y = B⁻ᵀc_B for the model's
// own costs (see doc.go, "Dual bound at a limit"), so it holds whether or
// not the basis is dual feasible.
func (sv *Solver) DualBound() float64 {
	z := sv.s.lagrangianBound()
	if sv.model.Sense == lp.Maximize {
		return sv.model.ObjOffset - z
	}
	return sv.model.ObjOffset + z
}

// lagrangianBound is min { cᵀv : lb ≤ v ≤ ub } relaxed by the row duals y
// of the current basis for the unperturbed costs: Σⱼ min(dⱼlbⱼ, dⱼubⱼ)
// over the nonbasic variables, with d = c − [A I]ᵀy (the basic ones have
// dⱼ = 0). A reduced cost that points to an infinite bound makes it −∞,
// unless it is within the dual tolerance of zero, where it counts as zero
// as it does in the optimality test.
func (s *core) lagrangianBound() float64 {
	y := make([]float64, s.m)
	if s.m > 0 {
		s.ensureFactor()
		for p, j := range s.head {
			y[p] = s.c[j]
		}
		s.lu.btran(y)
	}
	d := make([]float64, s.n+s.m)
	s.reducedCosts(s.c, y, d, false)
	z := 0.0
	for j, dj := range d {
		if s.stat[j] == Basic {
			continue
		}
		v, ok := s.boundTerm(dj, j)
		if !ok {
			return math.Inf(-1)
		}
		z += v
	}
	return z
}

// boundTerm is min(d·lbⱼ, d·ubⱼ), with ok false when it is −∞.
func (s *core) boundTerm(d float64, j int) (v float64, ok bool) {
	switch {
	case d > 0:
		if math.IsInf(s.lb[j], -1) {
			return 0, d <= s.dtol
		}
		return d * s.lb[j], true
	case d < 0:
		if math.IsInf(s.ub[j], 1) {
			return 0, -d <= s.dtol
		}
		return d * s.ub[j], true
	}
	return 0, true
}
