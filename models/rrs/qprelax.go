package rrs

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/qp"
	"gonum.org/v1/gonum/mat"
)

// relaxQP returns the concave QP relaxation of RRS over box b (doc.go,
// "Global optimum"), with its constant:
//
//	max ĉᵀf − Σ_i β_i S_i² + Σ_i β_i [(L_i + H_i) T_i − L_i H_i]
//	s.t. the rows of p, and L_i ≤ T_i ≤ H_i unless b is the root box,
//
// the LP relaxation with S_i² kept exact instead of outer-approximated by
// tangents. Every policy of the root lies in the root box (its ranges are
// those of T_i over a relaxation of the rows), so the root needs no range
// rows. p must be the compiled instance, whose rows it shares.
func (sp *split) relaxQP(p *qp.Problem, b box, root bool) (*qp.Problem, float64) {
	in := sp.in
	nr := len(in.Regions)
	rq := &qp.Problem{C: append([]float64(nil), p.C...), E: p.E, G: p.G}
	if !root {
		rq.G = slices.Concat(p.G, sp.rangeRows(b))
	}
	constant := 0.0
	for i := range in.DataCenters {
		bt := sp.beta[i]
		if bt == 0 {
			continue
		}
		lo, hi := b.Lo[i], b.Hi[i]
		constant -= bt * lo * hi
		vars := make([]int, nr)
		u := mat.NewDense(nr, 1, nil)
		for j := 0; j < nr; j++ {
			k := in.Var(i, j)
			vars[j] = k
			u.Set(j, 0, sp.sum[j])
			rq.C[k] += bt * (lo + hi) * sp.dif[j]
		}
		// ½ fᵀ(u (−2β) uᵀ) f = −β S².
		rq.Blocks = append(rq.Blocks, qp.Block{Vars: vars, U: u, S: mat.NewSymDense(1, []float64{-2 * bt})})
	}
	return rq, constant
}

// rangeRows returns the rows T_i ≤ H_i and −T_i ≤ −L_i of box b for
// every DC with β_i > 0 (the others have no secant to keep in range).
func (sp *split) rangeRows(b box) []qp.Row {
	in := sp.in
	var rows []qp.Row
	for i := range in.DataCenters {
		if sp.beta[i] == 0 {
			continue
		}
		upper := qp.Row{Name: fmt.Sprintf("T_hi[%d]", i+1), RHS: b.Hi[i]}
		lower := qp.Row{Name: fmt.Sprintf("T_lo[%d]", i+1), RHS: -b.Lo[i]}
		for j, g := range sp.dif {
			if g != 0 {
				k := in.Var(i, j)
				upper.Ind, upper.Val = append(upper.Ind, k), append(upper.Val, g)
				lower.Ind, lower.Val = append(lower.Ind, k), append(lower.Val, -g)
			}
		}
		rows = append(rows, upper, lower)
	}
	return rows
}

// qpBound returns an upper bound on the profit of every policy in box b:
// the QP relaxation solved by the interior point and bounded by
// qp.DualBound from its solution, with f ≤ 1 (implied by the assignment
// rows and f ≥ 0). The bound is valid whatever the interior point returns;
// it is +Inf when the solve fails or a limit stops it. It also returns the
// multipliers of the assignment rows (nil when the solve failed), prices
// for the Lagrangian dual to start from.
func (sr *search) qpBound(ctx context.Context, b box, root bool) (float64, []float64) {
	rq, constant := sr.sp.relaxQP(sr.p, b, root)
	sol, err := rq.SolveConvex(ctx, qp.ConvexOptions{})
	sr.qps++
	if err != nil {
		return math.Inf(1), nil
	}
	ub := make([]float64, rq.NumVars())
	for k := range ub {
		ub[k] = 1
	}
	bound, err := rq.DualBound(sol.X, sol.Mu, sol.Gamma, ub)
	if err != nil {
		return math.Inf(1), sol.Gamma
	}
	return bound + constant, sol.Gamma
}
