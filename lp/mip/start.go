package mip

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// useStart turns the MIP start of the options into the first incumbent
// (see Options.Start). It returns a warning when the start gives no
// feasible point, and an error only when the sub-MIP cannot run.
func (s *search) useStart(mk newRelaxation) (string, error) {
	x := s.opts.Start
	complete := true
	for _, v := range x {
		complete = complete && !math.IsNaN(v)
	}
	if complete && s.tryIncumbent(x, "start") {
		return "", nil
	}
	// fix the integer columns the start gives and solve for the rest
	f := s.m.Clone()
	given := 0
	for j, v := range x {
		if math.IsNaN(v) || !s.isInt[j] {
			continue
		}
		vr := &f.Vars[j]
		r := math.Round(v)
		if math.IsInf(v, 0) || r < s.rootLo[j] || r > s.rootHi[j] {
			return fmt.Sprintf("MIP start: column %s = %v lies outside its bounds [%v, %v]: start ignored", vr.Name, v, vr.Lower, vr.Upper), nil
		}
		vr.Lower, vr.Upper = r, r
		given++
	}
	o := s.opts
	o.Start, o.Log = nil, nil
	o.NodeLimit = StartNodes
	if s.opts.NodeLimit > 0 {
		o.NodeLimit = min(o.NodeLimit, s.opts.NodeLimit)
	}
	sub, err := solveWith(s.ctx, f, o, mk)
	if err != nil {
		return "", fmt.Errorf("mip: completing the MIP start: %w", err)
	}
	// the sub-MIP's work counts as the search's (and against its node limit)
	s.iters += sub.Iterations
	s.nodes += sub.Nodes
	if sub.X != nil && sub.Status != lp.Unbounded && s.offerSubPoint(sub.X, "start") {
		return "", nil
	}
	what := "infeasible"
	if sub.Status.IsLimit() {
		what = fmt.Sprintf("not completed within %d nodes (%s)", o.NodeLimit, sub.Status)
	}
	return fmt.Sprintf("MIP start with %d of %d integer columns fixed: %s; solving without it", given, countTrue(s.isInt), what), nil
}
