package qp

import (
	"context"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// nearUniformRRS is a two-DC, two-region RRS problem (paper 003, spec A.3)
// in the form models/rrs compiles: block i is −a_i(u wᵀ + w uᵀ) with
// u = κ∘φ and w = φ, the capacity rows φ·x_i ≤ m_i and the assignment rows
// x_1j + x_2j = 1. Its data: φ = (1/3, 2/3), κ = (1 + ε, 1), a = (3, 1),
// m = (3/4, 1/4), c = (3, 4, 4, 2).
func nearUniformRRS(eps float64) *Problem {
	phi, kappa := []float64{1.0 / 3, 2.0 / 3}, []float64{1 + eps, 1}
	a, m := []float64{3, 1}, []float64{0.75, 0.25}
	p := &Problem{C: []float64{3, 4, 4, 2}}
	for i := 0; i < 2; i++ {
		u := mat.NewDense(2, 2, []float64{kappa[0] * phi[0], phi[0], kappa[1] * phi[1], phi[1]})
		p.Blocks = append(p.Blocks, Block{Vars: []int{2 * i, 2*i + 1}, U: u, S: mat.NewSymDense(2, []float64{0, -a[i], -a[i], 0})})
		p.G = append(p.G, Row{Ind: []int{2 * i, 2*i + 1}, Val: phi, RHS: m[i]})
	}
	for j := 0; j < 2; j++ {
		p.E = append(p.E, Row{Ind: []int{j, 2 + j}, Val: []float64{1, 1}, RHS: 1})
	}
	return p
}

// TestWolfeNearUniformDegenerate: on nearUniformRRS the capacities add up
// to exactly 1, so both capacity rows are tight, y_1 = φ·x_1 = 3/4, and the
// optimum is a degenerate vertex with a ray of multipliers (μ₁ − μ₂ and γ
// trade off). By hand, with p = x_11 and q = x_12 (x_2j = 1 − x_1j):
// p + 2q = 9/4 and c·x = 6 − p + 2q = 8.25 − 2p, while the quadratic part
// moves with p only at order ε; so p is as small as q ≤ 1 allows,
// x = (1/4, 1, 3/4, 0), and U = 7.75 − 3(3/4 + ε/12)(3/4) − (1 + ε)/16
// = 6 − ε/4. With ε = 1e-6 the Hessian has an eigenvalue of +ε²/… (zero to
// the concavity check), and Wolfe's method used to stall in phase 2 with
// z = 6.7e-7 left; ε = 1e-9 and the uniform ε = 0 are the controls.
func TestWolfeNearUniformDegenerate(t *testing.T) {
	want := []float64{0.25, 1, 0.75, 0}
	for _, eps := range []float64{0, 1e-9, 1e-6} {
		p := nearUniformRRS(eps)
		s, err := p.SolveWolfe(context.Background(), WolfeOptions{})
		if err != nil {
			t.Errorf("ε = %g: %v", eps, err)
			continue
		}
		if math.Abs(s.Objective-(6-eps/4)) > 1e-9 {
			t.Errorf("ε = %g: U = %.12f, want 6 − ε/4 = %.12f", eps, s.Objective, 6-eps/4)
		}
		for j := range want {
			if math.Abs(s.X[j]-want[j]) > 1e-7 {
				t.Errorf("ε = %g: x = %v, want %v", eps, s.X, want)
				break
			}
		}
	}
}
