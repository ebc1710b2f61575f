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
