package rrs

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// tighten shrinks the T-ranges of box b by optimality-based bound
// tightening: over the relaxation of b with the extra row "relaxed profit
// ≥ lower" (valid for every policy that beats the incumbent, since the
// relaxation overstates the profit), it minimises and maximises each T_i.
// A policy outside the new ranges cannot beat the incumbent, so the search
// loses nothing. Only the DCs in which are tightened. It returns ok = false when the row makes the LP
// infeasible: no policy in b beats the incumbent.
func (sr *search) tighten(ctx context.Context, b box, near []float64, which []int) (box, bool, error) {
	rx := sr.sp.relax(b, near)
	m := rx.model
	var obj []lp.Term
	for k, c := range m.Obj {
		if c != 0 {
			obj = append(obj, lp.Term{Var: k, Coef: c})
		}
	}
	m.AddGE("incumbent", sr.lower, obj...)
	// One model, 2·len(which) objectives: on the pure-Go simplex each LP
	// starts from the previous one's basis (solve.Sequence).
	q, err := solve.NewSequence(m, sr.opt.Backend, sr.opt.Solve)
	if err != nil {
		return b, true, fmt.Errorf("rrs: global bound tightening: %w", err)
	}
	out := b.clone()
	cost := make([]float64, m.NumVars())
	for _, i := range which {
		if rx.t[i] < 0 || b.Hi[i]-b.Lo[i] < minSide {
			continue
		}
		for _, sign := range []float64{1, -1} {
			clear(cost)
			cost[rx.t[i]] = sign
			q.SetObjective(lp.Minimize, cost)
			sol, rep, err := q.Solve(ctx)
			sr.lps++
			sr.audit.Add(rep)
			if err != nil {
				return b, true, fmt.Errorf("rrs: global bound tightening: %w", err)
			}
			if sol.Status == lp.Infeasible {
				return b, false, nil
			}
			if sol.Status != lp.Optimal {
				continue // no new range from this LP
			}
			// The LP's policy is feasible for RRS: a free incumbent candidate.
			if err := sr.offer(ctx, sol.X[:sr.p.NumVars()], false); err != nil {
				return b, true, err
			}
			// Step back by a relative 1e-9 of the range: the LP's own
			// tolerance must not cut off a policy.
			slack := 1e-9 * math.Max(1, sr.sp.root.Hi[i]-sr.sp.root.Lo[i])
			v := sign * sol.Objective
			if sign > 0 {
				out.Lo[i] = math.Max(out.Lo[i], v-slack)
			} else {
				out.Hi[i] = math.Min(out.Hi[i], v+slack)
			}
		}
		if out.Lo[i] > out.Hi[i] { // crossed by rounding only (the LPs were feasible)
			mid := 0.5 * (out.Lo[i] + out.Hi[i])
			out.Lo[i], out.Hi[i] = mid, mid
		}
	}
	return out, true, nil
}
