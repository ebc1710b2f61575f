package mip

import (
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// DefaultLiftedCovers is whether Options.LiftedCovers is on when Auto
// (doc.go, "Measured effect of the cuts and restarts").
const DefaultLiftedCovers = false

// liftedCover returns the sequence-independent lifted cover inequality of
// the knapsack Σ aⱼyⱼ ≤ b whose greedy cover is items[:n] (Balas 1975;
// Gu, Nemhauser & Savelsbergh 2000, "Sequence independent lifting in
// mixed integer programming"). The cover is first made minimal: items
// leave it in increasing order of LP value while the rest still weighs more
// than b, which never lowers the violation 1 − Σ_C (1 − y*ⱼ). With the
// minimal cover's weights sorted a₁ ≥ … ≥ a_r and their partial sums
// μ_h = a₁ + … + a_h (μ₀ = 0), a column outside C gets the coefficient
//
//	g(aⱼ) = h  for μ_h ≤ aⱼ < μ_{h+1}   (h = 0, …, r − 1),  r − 1 beyond,
//
// and Σ_C yⱼ + Σ_{j ∉ C} g(aⱼ)yⱼ ≤ r − 1. It holds at every 0/1 point:
// g is superadditive (μ_h + μ_k ≥ μ_{h+k}, since the h + k heaviest
// weigh at most the h heaviest plus the k heaviest), so the columns set
// outside C contribute at most h = g(Σ aⱼ) with μ_h ≤ Σ aⱼ; the cover
// columns set then weigh at most b − μ_h < μ_r − μ_h, which any r − h of
// them exceed, so at most r − h − 1 of them are set. With h = 1 the lifted
// inequality contains the extended cover, and it is stronger wherever a
// column weighs more than the two heaviest of C together.
func liftedCover(items []knapItem, n int, b float64) lp.Row {
	cover := slices.Clone(items[:n])
	rest := slices.Clone(items[n:])
	weight := 0.0
	for _, it := range cover {
		weight += it.a
	}
	slices.SortStableFunc(cover, func(p, q knapItem) int { return cmpFloat(p.y, q.y) })
	for k := 0; k < len(cover); {
		if weight-cover[k].a > b+1e-9 {
			weight -= cover[k].a
			rest = append(rest, cover[k])
			cover = slices.Delete(cover, k, k+1)
			continue
		}
		k++
	}
	r := len(cover)
	a := make([]float64, r)
	for k, it := range cover {
		a[k] = it.a
	}
	slices.SortFunc(a, func(p, q float64) int { return cmpFloat(q, p) })
	mu := make([]float64, r+1)
	for h := range r {
		mu[h+1] = mu[h] + a[h]
	}
	all := append(cover, rest...)
	coef := make([]float64, len(all))
	for k := range cover {
		coef[k] = 1
	}
	for k, it := range rest {
		h := 0
		for h < r-1 && it.a >= mu[h+1] {
			h++
		}
		coef[r+k] = float64(h)
	}
	return knapsackCut("lcover", all, coef, float64(r-1))
}

// cmpFloat orders two floats.
func cmpFloat(p, q float64) int {
	switch {
	case p < q:
		return -1
	case p > q:
		return 1
	}
	return 0
}

// liftedCoversOn reports whether the cover separation lifts (Options.LiftedCovers).
func (s *search) liftedCoversOn() bool { return s.opts.LiftedCovers.enabled(DefaultLiftedCovers) }
