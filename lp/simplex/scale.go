package simplex

import "math"

// scaleFactors computes row factors R and column factors C so that R·A·C has
// entries close to 1 in magnitude: a few passes of geometric-mean scaling
// (alternately rows and columns, each line divided by the geometric mean
// of its largest and smallest entry) followed by column equilibration (the
// largest entry of each column becomes 1). Factors are rounded to powers of
// two so that scaling introduces no rounding error.
func scaleFactors(m, n int, colPtr, rowInd []int, val []float64) (rs, cs []float64) {
	rs = make([]float64, m)
	cs = make([]float64, n)
	for i := range rs {
		rs[i] = 1
	}
	for j := range cs {
		cs[j] = 1
	}
	rmin := make([]float64, m)
	rmax := make([]float64, m)
	for pass := 0; pass < 6; pass++ {
		for i := range rmin {
			rmin[i] = math.Inf(1)
			rmax[i] = 0
		}
		for j := 0; j < n; j++ {
			for p := colPtr[j]; p < colPtr[j+1]; p++ {
				a := math.Abs(val[p]) * cs[j]
				i := rowInd[p]
				if a < rmin[i] {
					rmin[i] = a
				}
				if a > rmax[i] {
					rmax[i] = a
				}
			}
		}
		for i := 0; i < m; i++ {
			if rmax[i] > 0 {
				rs[i] = 1 / math.Sqrt(rmin[i]*rmax[i])
			}
		}
		for j := 0; j < n; j++ {
			lo, hi := math.Inf(1), 0.0
			for p := colPtr[j]; p < colPtr[j+1]; p++ {
				a := math.Abs(val[p]) * rs[rowInd[p]]
				lo = math.Min(lo, a)
				hi = math.Max(hi, a)
			}
			if hi > 0 {
				cs[j] = 1 / math.Sqrt(lo*hi)
			}
		}
	}
	for j := 0; j < n; j++ {
		hi := 0.0
		for p := colPtr[j]; p < colPtr[j+1]; p++ {
			hi = math.Max(hi, math.Abs(val[p])*rs[rowInd[p]]*cs[j])
		}
		if hi > 0 {
			cs[j] /= hi
		}
	}
	for i := range rs {
		rs[i] = pow2(rs[i])
	}
	for j := range cs {
		cs[j] = pow2(cs[j])
	}
	return rs, cs
}

func pow2(v float64) float64 {
	if v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 1
	}
	_, e := math.Frexp(v)
	return math.Ldexp(1, e-1)
}
