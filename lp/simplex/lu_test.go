package simplex

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomBasis returns m sparse columns (density about k/m, plus a diagonal
// so the matrix is nonsingular with probability one).
func randomColumns(rng *rand.Rand, m, k int) (idx [][]int, val [][]float64) {
	idx = make([][]int, m)
	val = make([][]float64, m)
	for p := 0; p < m; p++ {
		seen := map[int]bool{}
		for t := 0; t < k; t++ {
			i := rng.IntN(m)
			if t == 0 {
				i = (p*7 + 3) % m
			}
			if seen[i] {
				continue
			}
			seen[i] = true
			idx[p] = append(idx[p], i)
			val[p] = append(val[p], rng.NormFloat64()*math.Pow(10, float64(rng.IntN(3)-1)))
		}
	}
	return
}

func mulCols(idx [][]int, val [][]float64, x []float64, m int) []float64 {
	b := make([]float64, m)
	for p := range idx {
		for k, i := range idx[p] {
			b[i] += val[p][k] * x[p]
		}
	}
	return b
}

func mulColsT(idx [][]int, val [][]float64, y []float64) []float64 {
	h := make([]float64, len(idx))
	for p := range idx {
		for k, i := range idx[p] {
			h[p] += val[p][k] * y[i]
		}
	}
	return h
}

// TestFactorSolves checks B·(B⁻¹b) = b and Bᵀ(B⁻ᵀh) = h on random sparse
// matrices, before and after Forrest–Tomlin updates. The residuals are the
// oracle: no stored numbers.
func TestFactorSolves(t *testing.T) {
	for _, tc := range []struct{ m, k, updates int }{{1, 1, 0}, {5, 2, 3}, {40, 3, 20}, {200, 4, 60}} {
		rng := rand.New(rand.NewPCG(uint64(tc.m), 7))
		idx, val := randomColumns(rng, tc.m, tc.k)
		var f factor
		sp, _ := f.factorize(tc.m, func(p int) ([]int, []float64) { return idx[p], val[p] })
		if sp != nil {
			t.Fatalf("m=%d: random matrix reported singular at %v", tc.m, sp)
		}
		check := func(stage string) {
			b := make([]float64, tc.m)
			for i := range b {
				b[i] = rng.NormFloat64()
			}
			x := append([]float64(nil), b...)
			f.ftran(x)
			got := mulCols(idx, val, x, tc.m)
			h := append([]float64(nil), b...)
			f.btran(h)
			gotT := mulColsT(idx, val, h)
			for i := range b {
				if math.Abs(got[i]-b[i]) > 1e-8*(1+math.Abs(b[i])) {
					t.Fatalf("m=%d %s: (B B⁻¹b)[%d] = %g, want %g", tc.m, stage, i, got[i], b[i])
				}
				if math.Abs(gotT[i]-b[i]) > 1e-8*(1+math.Abs(b[i])) {
					t.Fatalf("m=%d %s: (Bᵀ B⁻ᵀh)[%d] = %g, want %g", tc.m, stage, i, gotT[i], b[i])
				}
			}
		}
		check("fresh")
		for u := 0; u < tc.updates; u++ {
			// replace column r by a new random column
			nIdx, nVal := randomColumns(rng, tc.m, tc.k+1)
			ci, cv := nIdx[0], nVal[0]
			a := make([]float64, tc.m)
			for k, i := range ci {
				a[i] = cv[k]
			}
			f.ftranSpike(a)
			r := 0
			for i := range a {
				if math.Abs(a[i]) > math.Abs(a[r]) {
					r = i
				}
			}
			f.update(r, a)
			idx[r], val[r] = ci, cv
			check("updated")
		}
	}
}

// TestFactorSingular: a matrix with a zero column and two equal columns is
// reported singular, with one repair row per singular position.
func TestFactorSingular(t *testing.T) {
	idx := [][]int{{0, 1}, {}, {0, 1}, {2}}
	val := [][]float64{{1, 2}, {}, {1, 2}, {3}}
	var f factor
	sp, sr := f.factorize(4, func(p int) ([]int, []float64) { return idx[p], val[p] })
	if len(sp) != 2 || len(sr) != 2 {
		t.Fatalf("singular positions %v rows %v, want two of each", sp, sr)
	}
}
