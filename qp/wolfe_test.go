package qp

import (
	"context"
	"math"
	"math/rand/v2"
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

// randomSemidefinite draws a feasible, bounded concave QP with n variables
// whose Hessian −VVᵀ has rank r < n or = n (the semidefinite case that
// needs Wolfe's long form): G rows with coefficients of both signs and
// right-hand side G x⁰ + U(0, 0.5) at a random x⁰ ∈ [0, 1]ⁿ (so some are
// negative), the bound Σx ≤ n, and at times an equality row through x⁰.
func randomSemidefinite(rng *rand.Rand, n, r int) *Problem {
	q := mat.NewSymDense(n, nil)
	v := make([]float64, n*r)
	for k := range v {
		v[k] = rng.NormFloat64()
	}
	for a := 0; a < n; a++ {
		for c := a; c < n; c++ {
			s := 0.0
			for k := 0; k < r; k++ {
				s -= v[a*r+k] * v[c*r+k]
			}
			q.SetSym(a, c, s)
		}
	}
	vars := make([]int, n)
	x0 := make([]float64, n)
	p := &Problem{C: make([]float64, n), Blocks: []Block{{Vars: vars, Dense: q}}}
	all := Row{RHS: float64(n)}
	for j := range vars {
		vars[j], x0[j], p.C[j] = j, rng.Float64(), 3*rng.NormFloat64()
		all.Ind, all.Val = append(all.Ind, j), append(all.Val, 1)
	}
	for i := 1 + rng.IntN(4); i > 0; i-- {
		g := Row{}
		for j := range vars {
			if rng.IntN(2) == 0 {
				g.Ind, g.Val = append(g.Ind, j), append(g.Val, 2*rng.Float64()-1)
			}
		}
		g.RHS = rowDot(&g, x0) + 0.5*rng.Float64()
		p.G = append(p.G, g)
	}
	p.G = append(p.G, all)
	if rng.IntN(2) == 0 {
		e := Row{}
		for j := 0; j < n; j += 2 {
			e.Ind, e.Val = append(e.Ind, j), append(e.Val, 1)
		}
		e.RHS = rowDot(&e, x0)
		p.E = append(p.E, e)
	}
	return p
}

// TestWolfeAgreesWithInteriorPoint: on 200 random concave QPs with
// semidefinite Hessians of every rank (randomSemidefinite, seeded), Wolfe's
// method finds the optimum that the interior point (SolveConvex, an
// independent method) finds, to 1e-6 relative; both answers pass the KKT
// check inside the solvers.
func TestWolfeAgreesWithInteriorPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for k := 0; k < 200; k++ {
		n := 2 + rng.IntN(10)
		p := randomSemidefinite(rng, n, 1+rng.IntN(n))
		want, err := p.SolveConvex(ctx, ConvexOptions{})
		if err != nil {
			t.Fatalf("instance %d: interior point: %v", k, err)
		}
		got, err := p.SolveWolfe(ctx, WolfeOptions{})
		if err != nil {
			t.Errorf("instance %d (n = %d): %v", k, n, err)
			continue
		}
		if math.Abs(got.Objective-want.Objective) > 1e-6*math.Max(1, math.Abs(want.Objective)) {
			t.Errorf("instance %d (n = %d): Wolfe U = %.9g, interior point %.9g", k, n, got.Objective, want.Objective)
		}
	}
}
