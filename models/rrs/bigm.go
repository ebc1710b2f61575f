package rrs

import (
	"math"

	"github.com/streamopt/streamopt/qp"
)

// multiplierBounds returns bounds on the KKT multipliers that hold at some
// global maximiser (doc.go, "KKT-MILP multiplier bounds"); the KKT-MILP uses
// them as its big-M values, so it needs no tenfold growth and stays as well
// conditioned as the data allow.
//
// At a maximiser x*, the multipliers are the optimal duals of the LP
// max g*ᵀf over the RRS rows, g* = ĉ + Qx* its gradient. Divide by φ_j:
// g'_ij = g*_ij/φ_j, γ'_j = γ_j/φ_j; the dual is min Σ m_i μ_i + Σ φ_j γ'_j
// with γ'_j = max_i (g'_ij − μ_i). Lowering every μ_i by t raises every γ'_j
// by t and changes the dual by t(1 − Σ m_i) ≤ 0 (Proposition 1), so some
// optimal dual has min μ = μ_k = 0. Then a DC with
// μ_i > max_j (g'_ij − g'_kj) attains no maximum in any γ'_j, and lowering
// μ_i would improve the dual (m_i > 0): so μ_i ≤ max_j (gU'_j − gL'_j), with
// gU'_j, gL'_j bounds of g'_·j over the feasible set, and γ'_j, η_ij follow.
// The gradient bounds: every entry of Q is ≤ 0 (u, w ≥ 0), so g ≤ ĉ, and
// g_ij ≥ ĉ_ij − α_i (u_j + w_j κ_max) H_i with H_i = min(m_i, 1).
func (in *Instance) multiplierBounds() *qp.MultiplierBounds {
	s, r := len(in.DataCenters), len(in.Regions)
	kmax := 0.0
	for _, reg := range in.Regions {
		kmax = math.Max(kmax, reg.RevenueSlope)
	}
	gl := make([]float64, s*r) // lower bounds of g'_ij
	gu := make([]float64, s*r) // upper bounds of g'_ij
	colHi, colLo := make([]float64, r), make([]float64, r)
	for j := range colHi {
		colHi[j], colLo[j] = math.Inf(-1), math.Inf(1)
	}
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		alpha := in.Users * in.Users * d.ResponseSlopeMS * d.CPUPerUser
		h := math.Min(d.Capacity()/in.Users, 1)
		for j, reg := range in.Regions {
			k := in.Var(i, j)
			c := in.LinearCoef(i, j) / reg.Share
			u, w := reg.RevenueSlope*reg.Share, reg.Share
			gu[k] = c
			gl[k] = c - alpha*(u+w*kmax)*h/reg.Share
			colHi[j] = math.Max(colHi[j], gu[k])
			colLo[j] = math.Min(colLo[j], gl[k])
		}
	}
	mu := 0.0
	for j := range colHi {
		mu = math.Max(mu, colHi[j]-colLo[j])
	}
	// A relative margin so that the LP tolerances of the MILP never make a
	// bound bind that should not.
	const margin = 1 + 1e-6
	b := &qp.MultiplierBounds{Mu: make([]float64, s), Eta: make([]float64, s*r), Gamma: make([]float64, r)}
	for i := range b.Mu {
		b.Mu[i] = mu*margin + 1e-9
	}
	for j, reg := range in.Regions {
		g := math.Max(math.Abs(colLo[j]-mu), math.Abs(colHi[j]))
		b.Gamma[j] = reg.Share*g*margin + 1e-9
		for i := range in.DataCenters {
			k := in.Var(i, j)
			// η_ij = φ_j (μ_i + γ'_j − g'_ij) ≤ φ_j (μ + colHi_j − gL'_ij).
			b.Eta[k] = reg.Share*(mu+colHi[j]-gl[k])*margin + 1e-9
		}
	}
	return b
}
