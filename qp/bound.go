package qp

import (
	"fmt"
	"math"
)

// DualBound returns an upper bound on max U(x) over {Gx ≤ h, Ex = e,
// 0 ≤ x ≤ ub} for a concave p, computed from any point x and any
// multipliers μ, γ (doc.go, "Dual bound"): with d = ∇U(x) − Gᵀμ⁺ − Eᵀγ,
// μ⁺ = max(μ, 0),
//
//	U(x) − ∇U(x)ᵀx + hᵀμ⁺ + eᵀγ + Σ_k max(d_k, 0)·ub_k,
//
// enlarged by a bound on its own rounding error. Neither x nor the
// multipliers need to be feasible or optimal: at an interior-point optimum
// the bound is within the solver's tolerance of the maximum, and elsewhere
// it is only looser. ub may be nil (every bound infinite); the result is
// +Inf when some d_k > 0 has ub_k = +Inf. The bound holds only if Q is
// negative semidefinite, which DualBound checks with RequireConcave.
func (p *Problem) DualBound(x, mu, gamma, ub []float64) (float64, error) {
	n := len(p.C)
	if len(x) != n || len(mu) != len(p.G) || len(gamma) != len(p.E) || (ub != nil && len(ub) != n) {
		return 0, fmt.Errorf("%w: dual bound: lengths x=%d μ=%d γ=%d ub=%d, want %d, %d, %d, %d",
			ErrInvalid, len(x), len(mu), len(gamma), len(ub), n, len(p.G), len(p.E), n)
	}
	for k, u := range ub {
		if !(u >= 0) {
			return 0, fmt.Errorf("%w: dual bound: ub[%d]: must be ≥ 0, got %v", ErrInvalid, k, u)
		}
	}
	if err := p.RequireConcave(); err != nil {
		return 0, fmt.Errorf("qp: dual bound: %w", err)
	}
	qx := p.QMul(x)
	d := make([]float64, n)
	var sum, abs float64 // the bound, and the sum of its terms' magnitudes
	add := func(v float64) { sum += v; abs += math.Abs(v) }
	for k := range x {
		g := p.C[k] + qx[k]
		d[k] = g
		add(-0.5 * x[k] * qx[k]) // U(x) − ∇U(x)ᵀx = −½ xᵀQx
	}
	for i := range p.G {
		m := math.Max(mu[i], 0)
		add(m * p.G[i].RHS)
		for k, j := range p.G[i].Ind {
			d[j] -= p.G[i].Val[k] * m
		}
	}
	for i := range p.E {
		add(gamma[i] * p.E[i].RHS)
		for k, j := range p.E[i].Ind {
			d[j] -= p.E[i].Val[k] * gamma[i]
		}
	}
	for k, dk := range d {
		if !(dk > 0) {
			continue
		}
		u := math.Inf(1)
		if ub != nil {
			u = ub[k]
		}
		if math.IsInf(u, 1) {
			return math.Inf(1), nil
		}
		add(dk * u)
	}
	if math.IsNaN(sum) {
		return math.Inf(1), nil
	}
	// Each of the terms carries rounding from its own products, and the
	// sum adds at most (terms − 1) units of roundoff of Σ|terms|; 4·(n +
	// rows) units covers both with room for the products d_k is built from.
	terms := n + len(p.G) + len(p.E)
	return sum + 4*float64(terms)*epsilon*abs, nil
}

// epsilon is the unit roundoff of float64.
const epsilon = 0x1p-53
