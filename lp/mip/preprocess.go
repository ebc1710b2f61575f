package mip

import (
	"math"

	"github.com/streamopt/streamopt/lp"
)

// tightenCoefficients strengthens the LP relaxation of w in place without
// changing its integer points: in a one-sided row aᵀx ≤ b (a "≥" row is
// treated as −aᵀx ≤ −b) with finite maximal activity M > b, a binary column
// k whose row is redundant on one side of its domain gets a smaller
// coefficient (Savelsbergh 1994; Achterberg 2007, §10.1):
//
//	aₖ > 0, M − aₖ < b:  d = b − (M − aₖ),  aₖ ← aₖ − d,  b ← b − d;
//	aₖ < 0, M + aₖ < b:  d = b − (M + aₖ),  aₖ ← aₖ + d.
//
// In the first case the row holds for xₖ = 0 whatever the other columns do,
// in the second for xₖ = 1; the new row agrees with the old one on the other
// value of xₖ and is never weaker on [0, 1]. lo and hi are the column bounds.
// It returns the number of coefficients changed.
func tightenCoefficients(w *lp.Model, lo, hi []float64) int {
	changed := 0
	for i := range w.Rows {
		r := &w.Rows[i]
		var s float64 // +1: aᵀx ≤ b as stored; −1: −aᵀx ≤ −Lower
		var b float64
		switch r.Type() {
		case lp.RowLE:
			s, b = 1, r.Upper
		case lp.RowGE:
			s, b = -1, -r.Lower
		default:
			continue
		}
		maxAct := 0.0
		finite := true
		for k, j := range r.Ind {
			a := s * r.Val[k]
			u := hi[j]
			if a < 0 {
				u = lo[j]
			}
			if math.IsInf(u, 0) {
				finite = false
				break
			}
			maxAct += a * u
		}
		if !finite || maxAct <= b+1e-9*math.Max(1, math.Abs(b)) {
			continue
		}
		for k, j := range r.Ind {
			if !w.Vars[j].Integer || lo[j] != 0 || hi[j] != 1 {
				continue
			}
			a := s * r.Val[k]
			tol := 1e-7 * math.Max(1, math.Abs(b))
			switch {
			case a > 0 && maxAct-a < b-tol:
				d := b - (maxAct - a)
				a -= d
				b -= d
				maxAct -= d
			case a < 0 && maxAct+a < b-tol:
				d := b - (maxAct + a)
				a += d
			default:
				continue
			}
			r.Val[k] = s * a
			changed++
		}
		if s > 0 {
			r.Upper = b
		} else {
			r.Lower = -b
		}
	}
	return changed
}

// contPasses bounds the sweeps of tightenContinuous over the rows; a chain
// of implied bounds (a path of flow-conservation rows) advances at least
// one row per sweep.
const contPasses = 8

// contStep is the least fraction of a continuous column's domain a
// tightening must remove to be kept (contMinStep), as for continuous columns in SCIP's
// bound propagation (Achterberg 2007, §7.1): without it, chains of rows
// could shave a bound by rounding-sized steps sweep after sweep.
const contStep = 0.05

// tightenContinuous tightens the bounds of continuous columns in presolve
// by the same activity argument as the propagator uses for integer columns
// (aⱼxⱼ ≤ ru − minact₋ⱼ, aⱼxⱼ ≥ rl − maxact₋ⱼ), without rounding, each
// new bound moved outwards by feasTol relative to its size so that no
// point the rows accept within their tolerance is lost. The bounds are
// implied by the rows, so the integer points and the optimum stay; what
// changes is the input of tightenCoefficients, which can then shrink a
// big-M coefficient in x − M·y ≤ 0 to the flow x's implied bound, the
// reduction that lifts the LP bound of fixed-charge network models.
// It returns the number of bounds changed and false if it proves the
// bounds infeasible.
func tightenContinuous(p *propagator, lo, hi []float64) (int, bool) {
	changed := 0
	for pass := 0; pass < contPasses; pass++ {
		n := 0
		for i := range p.m.Rows {
			r := &p.m.Rows[i]
			sums := p.activity(i, lo, hi)
			if sums.inf[0] > 1 && sums.inf[1] > 1 {
				continue
			}
			for k, j := range r.Ind {
				if p.isInt[j] {
					continue
				}
				l, u := impliedBounds(r, k, lo[j], hi[j], &sums)
				l -= feasTol * math.Max(1, math.Abs(l))
				u += feasTol * math.Max(1, math.Abs(u))
				newLo, newHi := lo[j], hi[j]
				if l > lo[j] && (math.IsInf(lo[j], -1) || l-lo[j] > contMinStep(lo[j], hi[j], lo[j])) {
					newLo = l
				}
				if u < hi[j] && (math.IsInf(hi[j], 1) || hi[j]-u > contMinStep(lo[j], hi[j], hi[j])) {
					newHi = u
				}
				if newLo == lo[j] && newHi == hi[j] {
					continue
				}
				if newLo > newHi {
					return changed + n, false
				}
				lo[j], hi[j] = newLo, newHi
				n++
				sums = p.activity(i, lo, hi)
			}
		}
		changed += n
		if n == 0 {
			break
		}
	}
	return changed, true
}

// contMinStep is the least move of the bound b of a continuous column with
// domain [l, u] that tightenContinuous keeps: contStep of the domain, or of
// max(1, |b|) when the domain is infinite.
func contMinStep(l, u, b float64) float64 {
	if w := u - l; !math.IsInf(w, 0) {
		return contStep * w
	}
	return contStep * math.Max(1, math.Abs(b))
}

// DefaultContBounds is whether Options.ContBounds is on when Auto.
const DefaultContBounds = true
