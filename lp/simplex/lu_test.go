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

// nearlyDiagonal returns m columns with a diagonal entry and, with
// probability p, one more entry in a random row: a basis whose solves with
// a sparse right-hand side stay sparse.
func nearlyDiagonal(rng *rand.Rand, m int, p float64) (idx [][]int, val [][]float64) {
	idx = make([][]int, m)
	val = make([][]float64, m)
	for j := 0; j < m; j++ {
		idx[j] = []int{j}
		val[j] = []float64{1 + rng.Float64()}
		if i := rng.IntN(m); i != j && rng.Float64() < p {
			idx[j] = append(idx[j], i)
			val[j] = append(val[j], rng.NormFloat64())
		}
	}
	return
}

// TestFactorHypersparse checks that the hypersparse solves with U give
// exactly (bit for bit) what the dense loops give, before and after
// updates, that they are taken for sparse right-hand sides, and that the
// full solves still satisfy B·(B⁻¹b) = b and Bᵀ(B⁻ᵀh) = h.
func TestFactorHypersparse(t *testing.T) {
	const m = 400
	rng := rand.New(rand.NewPCG(3, 5))
	idx, val := nearlyDiagonal(rng, m, 0.3)
	var f factor
	if sp, _ := f.factorize(m, func(p int) ([]int, []float64) { return idx[p], val[p] }); sp != nil {
		t.Fatalf("nearly diagonal matrix reported singular at %v", sp)
	}
	sparseF, sparseB := 0, 0
	for round := 0; round < 60; round++ {
		for trial := 0; trial < 5; trial++ {
			b := make([]float64, m)
			for k := 0; k < 1+trial; k++ {
				b[rng.IntN(m)] = rng.NormFloat64()
			}
			// FTRAN: U part sparse vs dense
			x1 := append([]float64(nil), b...)
			f.ftranLR(x1)
			x2 := append([]float64(nil), x1...)
			if f.ftranUSparse(x1) {
				sparseF++
				f.ftranUDense(x2)
				for i := range x1 {
					if x1[i] != x2[i] {
						t.Fatalf("round %d: hypersparse FTRAN x[%d] = %v, dense %v", round, i, x1[i], x2[i])
					}
				}
			}
			// BTRAN: U part sparse vs dense (the result is in f.work)
			h1 := append([]float64(nil), b...)
			h2 := append([]float64(nil), b...)
			if f.btranUSparse(h1) {
				sparseB++
				w1 := append([]float64(nil), f.work...)
				f.btranUDense(h2)
				for i := range w1 {
					if w1[i] != f.work[i] {
						t.Fatalf("round %d: hypersparse BTRAN w[%d] = %v, dense %v", round, i, w1[i], f.work[i])
					}
				}
			}
			// residuals of the full solves
			x := append([]float64(nil), b...)
			f.ftran(x)
			h := append([]float64(nil), b...)
			f.btran(h)
			got, gotT := mulCols(idx, val, x, m), mulColsT(idx, val, h)
			for i := range b {
				if math.Abs(got[i]-b[i]) > 1e-9*(1+math.Abs(b[i])) || math.Abs(gotT[i]-b[i]) > 1e-9*(1+math.Abs(b[i])) {
					t.Fatalf("round %d: residual at %d: B x = %g, Bᵀh = %g, want %g", round, i, got[i], gotT[i], b[i])
				}
			}
		}
		// replace a random column by a new sparse one
		c := rng.IntN(m)
		ci := []int{c, rng.IntN(m)}
		cv := []float64{2 + rng.Float64(), rng.NormFloat64()}
		if ci[1] == c {
			ci, cv = ci[:1], cv[:1]
		}
		a := make([]float64, m)
		for k, i := range ci {
			a[i] = cv[k]
		}
		f.ftranSpike(a)
		if math.Abs(a[c]) < 1e-3 {
			continue // keep the basis well conditioned: skip this exchange
		}
		f.update(c, a)
		idx[c], val[c] = ci, cv
	}
	if sparseF < 100 || sparseB < 100 {
		t.Errorf("hypersparse paths taken %d (FTRAN) and %d (BTRAN) times of 300, want at least 100 each", sparseF, sparseB)
	}
}

// TestFactorUpdateStability: the Forrest–Tomlin update compares its new
// diagonal with αᵣ times the old one (det B' = αᵣ det B). On the identity
// basis, replacing column 1 by a = (2, 4, 0)ᵀ gives α = B⁻¹a = a and a new
// diagonal 4 = α₁·1, so the update is stable and the factors solve with
// the new basis; an α whose pivot disagrees with the spike (as from
// inconsistent factors) marks the factors unstable and due for
// refactorisation.
func TestFactorUpdateStability(t *testing.T) {
	idx := [][]int{{0}, {1}, {2}}
	val := [][]float64{{1}, {1}, {1}}
	for _, tc := range []struct {
		name     string
		alphaR   float64 // α₁ passed to update; the spike says 4
		unstable bool
	}{
		{"consistent pivot", 4, false},
		{"pivot off by 1e-3", 4.004, true},
	} {
		var f factor
		if sp, _ := f.factorize(3, func(p int) ([]int, []float64) { return idx[p], val[p] }); sp != nil {
			t.Fatalf("%s: identity reported singular", tc.name)
		}
		a := []float64{2, 4, 0}
		f.ftranSpike(a)
		a[1] = tc.alphaR
		f.update(1, a)
		if f.unstable != tc.unstable || f.needRefactor() != tc.unstable {
			t.Errorf("%s: unstable %v, needRefactor %v, want %v", tc.name, f.unstable, f.needRefactor(), tc.unstable)
		}
		if tc.unstable {
			continue
		}
		// B' = [e0, (2,4,0), e2]: B'x = (4, 8, 1) has x = (0, 2, 1)
		x := []float64{4, 8, 1}
		f.ftran(x)
		for i, want := range []float64{0, 2, 1} {
			if math.Abs(x[i]-want) > 1e-15 {
				t.Errorf("%s: B'⁻¹b = %v, want [0 2 1]", tc.name, x)
				break
			}
		}
		// B'ᵀy = (1, 10, 3) has y = (1, 2, 3)
		y := []float64{1, 10, 3}
		f.btran(y)
		for i, want := range []float64{1, 2, 3} {
			if math.Abs(y[i]-want) > 1e-15 {
				t.Errorf("%s: B'⁻ᵀh = %v, want [1 2 3]", tc.name, y)
				break
			}
		}
	}
}
