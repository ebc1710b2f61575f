package solve

import (
	"context"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// fillRelaxationBound gives a MILP answer that carries an incumbent but no
// proven bound (BestBound infinite on the weak side, as lp_solve reports
// after stopping on a gap tolerance: its library exposes no tree bound) the
// optimum of the LP relaxation, solved by the same backend and verified.
// That value is always a valid bound, if a weak one. The relaxation is not
// solved once the context has ended: the answer keeps its infinite bound.
func fillRelaxationBound(ctx context.Context, b Backend, m *lp.Model, opts Options, sol *lp.Solution) {
	weak := math.Inf(-1)
	if m.Sense == lp.Maximize {
		weak = math.Inf(1)
	}
	if !m.IsMIP() || !sol.HasPrimal() || sol.BestBound != weak || ctx.Err() != nil {
		return
	}
	rel := m.Clone()
	for j := range rel.Vars {
		rel.Vars[j].Integer = false
	}
	o := opts
	o.Log = nil
	o.Start, o.Basis, o.WantBasis = nil, nil, false
	rsol, err := safeSolve(ctx, b, rel, o)
	if err != nil || rsol.Status != lp.Optimal {
		return
	}
	if rep := Verify(rel, rsol, verifyTolerances(opts)); !rep.OK {
		return
	}
	sol.BestBound = rsol.Objective
	sol.Gap = math.Abs(sol.Objective-sol.BestBound) / math.Max(1, math.Abs(sol.Objective))
	if sol.Status == lp.Optimal && sol.Gap > mip.DefaultMIPGap && sol.GapTolerance == 0 {
		sol.GapTolerance = opts.MIPGap
	}
}
