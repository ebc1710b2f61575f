package lp

import (
	"fmt"
	"math"
)

// FarkasZeroTol is the relative size below which an entry of a Farkas
// certificate counts as zero where it meets an infinite bound: (Aᵀy)ⱼ
// against Σᵢ |yᵢaᵢⱼ| (a sum that cancels to rounding), yᵢ against the
// certificate's largest |yₖ|·τₖ, τₖ the largest |aₖⱼ| of row k.
const FarkasZeroTol = 1e-9

// FarkasMargin measures how far y proves m infeasible (doc.go,
// "Certificates"): with y scaled so that maxᵢ |yᵢ|·τᵢ = 1 and z = Aᵀy, margin
// is min yᵀr over the row bounds minus max zᵀx over the column bounds, and
// rel is margin over the sum of the magnitudes of its terms. y proves
// infeasibility when rel is positive beyond the tolerance a caller judges
// points by (package solve requires rel above its primal tolerance). A
// crossed bound (lower above upper) proves infeasibility whatever y is:
// margin is then the largest crossing and rel is 1. It returns an error
// when y has the wrong length, is zero or not finite, or puts a non-zero
// weight on an infinite bound, which no margin can make up for.
func FarkasMargin(m *Model, y []float64) (margin, rel float64, err error) {
	for _, v := range m.Vars {
		margin = math.Max(margin, v.Lower-v.Upper)
	}
	for i := range m.Rows {
		margin = math.Max(margin, m.Rows[i].Lower-m.Rows[i].Upper)
	}
	if margin > 0 {
		return margin, 1, nil
	}
	if len(y) != len(m.Rows) {
		return 0, 0, fmt.Errorf("lp: Farkas certificate has %d entries for %d rows", len(y), len(m.Rows))
	}
	tau := make([]float64, len(m.Rows))
	top, other := 0.0, 0.0
	for i := range m.Rows {
		for _, a := range m.Rows[i].Val {
			tau[i] = math.Max(tau[i], math.Abs(a))
		}
		other = math.Max(other, tau[i])
	}
	if other == 0 {
		other = 1
	}
	for i, yi := range y {
		if math.IsNaN(yi) || math.IsInf(yi, 0) {
			return 0, 0, fmt.Errorf("lp: Farkas certificate contains a non-finite value")
		}
		if tau[i] == 0 {
			tau[i] = other // a row without data is judged by the largest
		}
		top = math.Max(top, math.Abs(yi)*tau[i])
	}
	if top == 0 {
		return 0, 0, fmt.Errorf("lp: Farkas certificate is zero")
	}
	ys := make([]float64, len(y))
	for i, yi := range y {
		ys[i] = yi / top
	}
	z := make([]float64, len(m.Vars))
	zscale := make([]float64, len(m.Vars)) // Σᵢ |yᵢaᵢⱼ|: zⱼ without cancellation
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, j := range r.Ind {
			z[j] += ys[i] * r.Val[k]
			zscale[j] += math.Abs(ys[i] * r.Val[k])
		}
	}
	maxZX, size := 0.0, 0.0
	for j, v := range m.Vars {
		zj := z[j]
		if math.Abs(zj) <= FarkasZeroTol*zscale[j] {
			continue // cancellation: zero up to rounding
		}
		b := v.Upper
		if zj < 0 {
			b = v.Lower
		}
		if math.IsInf(b, 0) {
			return 0, 0, fmt.Errorf("lp: Farkas certificate: (Aᵀy)[%d] = %.3g (of terms summing to %.3g in magnitude) on column %s with an infinite bound", j, zj, zscale[j], v.Name)
		}
		maxZX += zj * b
		size += math.Abs(zj * b)
	}
	minYR := 0.0
	for i := range m.Rows {
		r := &m.Rows[i]
		yi := ys[i]
		if yi == 0 {
			continue
		}
		b := r.Lower
		if yi < 0 {
			b = r.Upper
		}
		if math.IsInf(b, 0) {
			if math.Abs(yi)*tau[i] <= FarkasZeroTol {
				continue
			}
			return 0, 0, fmt.Errorf("lp: Farkas certificate: y[%d] = %.3g on row %s with an infinite bound", i, yi, r.Name)
		}
		minYR += yi * b
		size += math.Abs(yi * b)
	}
	margin = minYR - maxZX
	if size > 0 {
		rel = margin / size
	}
	return margin, rel, nil
}
