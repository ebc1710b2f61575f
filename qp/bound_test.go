package qp

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDualBound checks DualBound on concave transportation problems (the
// RRS shape, where every x_k ≤ 1 follows from the assignment rows) against
// the optimum of Wolfe's method, a vertex-exact solver independent of the
// interior point: from the interior point's solution the bound lies within
// 1e-6 above that optimum, and from random points and multipliers it is
// still never below it.
func TestDualBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	ctx := context.Background()
	for k := 0; k < 30; k++ {
		s, r := 2+rng.IntN(4), 3+rng.IntN(12)
		p := transportQP(rng, s, r, true)
		n := s * r
		ub := make([]float64, n)
		for j := range ub {
			ub[j] = 1
		}
		want, err := p.SolveWolfe(ctx, WolfeOptions{})
		if err != nil {
			t.Fatalf("problem %d (%d×%d): Wolfe: %v", k, s, r, err)
		}
		tol := 1e-9 * math.Max(1, math.Abs(want.Objective))
		ip, err := p.SolveConvex(ctx, ConvexOptions{})
		if err != nil {
			t.Fatalf("problem %d: interior point: %v", k, err)
		}
		b, err := p.DualBound(ip.X, ip.Mu, ip.Gamma, ub)
		if err != nil {
			t.Fatalf("problem %d: %v", k, err)
		}
		if b < want.Objective-tol || b > want.Objective+1e-6*math.Max(1, math.Abs(want.Objective)) {
			t.Errorf("problem %d (%d×%d): bound %.12g from the interior point, optimum %.12g", k, s, r, b, want.Objective)
		}
		for trial := 0; trial < 10; trial++ {
			// Random points and multipliers of growing size, and (odd
			// trials) perturbations of the interior point's, where the
			// bound is tight and a wrong sign would show.
			x, mu, gamma := make([]float64, n), make([]float64, len(p.G)), make([]float64, len(p.E))
			scale := math.Pow(10, float64(trial/2-3))
			near := trial%2 == 1
			for j := range x {
				x[j] = rng.Float64()
				if near {
					x[j] = ip.X[j] + scale*rng.NormFloat64()
				}
			}
			for i := range mu {
				mu[i] = scale * rng.NormFloat64() // negative entries count as 0
				if near {
					mu[i] += ip.Mu[i]
				}
			}
			for i := range gamma {
				gamma[i] = scale * rng.NormFloat64()
				if near {
					gamma[i] += ip.Gamma[i]
				}
			}
			b, err := p.DualBound(x, mu, gamma, ub)
			if err != nil {
				t.Fatalf("problem %d: %v", k, err)
			}
			if b < want.Objective-tol {
				t.Errorf("problem %d, trial %d: bound %.12g below the optimum %.12g", k, trial, b, want.Objective)
			}
		}
	}
}

// TestDualBoundEdges: an unbounded variable with a positive d_k makes the
// bound +Inf, a negative μ counts as zero, and wrong lengths, a negative ub
// and a non-concave Q are errors.
func TestDualBoundEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	p := transportQP(rng, 2, 3, true)
	x, mu, gamma := make([]float64, 6), make([]float64, 2), make([]float64, 3)
	// At x = 0 with zero multipliers d = c, positive in transportQP.
	if b, err := p.DualBound(x, mu, gamma, nil); err != nil || !math.IsInf(b, 1) {
		t.Errorf("no upper bounds: got %v, %v; want +Inf", b, err)
	}
	if _, err := p.DualBound(x[:5], mu, gamma, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("short x: got %v, want ErrInvalid", err)
	}
	ub := []float64{1, 1, -1, 1, 1, 1}
	if _, err := p.DualBound(x, mu, gamma, ub); !errors.Is(err, ErrInvalid) {
		t.Errorf("negative ub: got %v, want ErrInvalid", err)
	}
	// max −x s.t. x ≤ 1, 0 ≤ x ≤ 1 has the optimum 0; a negative μ taken
	// at face value would give −½ at x = 0, below it.
	lin := &Problem{C: []float64{-1}, G: []Row{row(1, []int{0}, []float64{1})}}
	if b, err := lin.DualBound([]float64{0}, []float64{-0.5}, nil, []float64{1}); err != nil || b < 0 {
		t.Errorf("negative μ: got %v, %v; want a bound ≥ 0", b, err)
	}
	var nc *NotConcaveError
	if _, err := transportQP(rng, 2, 3, false).DualBound(x, mu, gamma, nil); !errors.As(err, &nc) {
		t.Errorf("non-concave: got %v, want a NotConcaveError", err)
	}
}
