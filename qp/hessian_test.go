package qp

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestThinQR: Q̂ has orthonormal columns and Q̂R = U to working precision,
// for random factors, for nearly dependent columns (the RRS case with
// nearly uniform slopes, which takes the Householder path) and for exactly
// dependent ones.
func TestThinQR(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 60; trial++ {
		n, k := 1+r.IntN(40), 1+r.IntN(3)
		if k > n {
			k = n
		}
		u := mat.NewDense(n, k, nil)
		for i := 0; i < n; i++ {
			for c := 0; c < k; c++ {
				u.Set(i, c, r.NormFloat64())
			}
		}
		switch {
		case trial%3 == 1 && k > 1: // column 1 = column 0 scaled, perturbed by 1e-10
			for i := 0; i < n; i++ {
				u.Set(i, 1, 0.004*u.At(i, 0)*(1+1e-10*r.NormFloat64()))
			}
		case trial%3 == 2 && k > 1: // exactly dependent
			for i := 0; i < n; i++ {
				u.Set(i, 1, 2*u.At(i, 0))
			}
		}
		q, rr := thinQR(u)
		var qtq, qr mat.Dense
		qtq.Mul(q.T(), q)
		qr.Mul(q, rr)
		for a := 0; a < k; a++ {
			for c := 0; c < k; c++ {
				want := 0.0
				if a == c {
					want = 1
				}
				if math.Abs(qtq.At(a, c)-want) > 1e-12 {
					t.Fatalf("trial %d (%d×%d): (Q̂ᵀQ̂)[%d,%d] = %g, want %g", trial, n, k, a, c, qtq.At(a, c), want)
				}
				if a > c && rr.At(a, c) != 0 {
					t.Fatalf("trial %d: R[%d,%d] = %g below the diagonal", trial, a, c, rr.At(a, c))
				}
			}
		}
		if !mat.EqualApprox(&qr, u, 1e-12*mat.Norm(u, math.Inf(1))) {
			t.Fatalf("trial %d (%d×%d): Q̂R differs from U", trial, n, k)
		}
	}
}
