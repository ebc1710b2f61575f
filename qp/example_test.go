package qp_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/qp"
	"gonum.org/v1/gonum/mat"
)

// projection builds max −x1² − x2² + 2x1 + 4x2 s.t. x1 + x2 ≤ 2, x ≥ 0,
// whose optimum is (0.5, 1.5) with value 4.5 and multiplier μ = 1.
func projection() *qp.Problem {
	return &qp.Problem{
		C:      []float64{2, 4},
		Blocks: []qp.Block{{Vars: []int{0, 1}, Dense: mat.NewSymDense(2, []float64{-2, 0, 0, -2})}},
		G:      []qp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, RHS: 2}},
	}
}

func ExampleProblem_SolveConvex() {
	s, err := projection().SolveConvex(context.Background(), qp.ConvexOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.4f, %.4f), U = %.4f, μ = %.4f, identity = %.4f\n", s.X[0], s.X[1], s.Objective, s.Mu[0], s.Identity)
	// Output: x = (0.5000, 1.5000), U = 4.5000, μ = 1.0000, identity = 4.5000
}

func ExampleProblem_SolveWolfe() {
	s, err := projection().SolveWolfe(context.Background(), qp.WolfeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.4f, %.4f), U = %.4f, μ = %.4f\n", s.X[0], s.X[1], s.Objective, s.Mu[0])
	// Output: x = (0.5000, 1.5000), U = 4.5000, μ = 1.0000
}

func ExampleProblem_RequireConcave() {
	p := &qp.Problem{
		C: []float64{0, 0},
		// Q = diag(−1, 2) has the positive eigenvalue 2.
		Blocks: []qp.Block{{Vars: []int{0, 1}, Dense: mat.NewSymDense(2, []float64{-1, 0, 0, 2})}},
	}
	fmt.Println(p.RequireConcave())
	// Output: qp: objective is not concave: Hessian block 0 (x0 … x1) has eigenvalue +2 (quadratic form xᵀAx with A = Q/2: +1); the maximisation is a non-convex QP
}

func ExampleProblem_SolveLocal() {
	// max x1² + x2² on x1 + x2 ≤ 1: two local maxima, (1, 0) and (0, 1).
	p := &qp.Problem{
		C:      []float64{0, 0},
		Blocks: []qp.Block{{Vars: []int{0, 1}, Dense: mat.NewSymDense(2, []float64{2, 0, 0, 2})}},
		G:      []qp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, RHS: 1}},
	}
	s, err := p.SolveLocal(context.Background(), []float64{0.2, 0.7}, qp.LocalOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.3f, %.3f), U = %.3f\n", s.X[0], s.X[1], s.Objective)
	// Output: x = (0.000, 1.000), U = 1.000
}

func ExampleProblem_BuildKKT() {
	k, err := projection().BuildKKT()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d columns, %d rows, %d complementarity pairs\n", k.Model.NumVars(), k.Model.NumRows(), len(k.Pairs))
	// Output: 6 columns, 3 rows, 3 complementarity pairs
}

func ExampleProblem_CompileKKTMILP() {
	km, err := projection().CompileKKTMILP(1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d columns (%d binary), %d rows\n", km.Model.Sense, km.Model.NumVars(), len(km.Y)+len(km.W), km.Model.NumRows())
	// Output: max: 9 columns (3 binary), 10 rows
}

func ExampleProblem_DualBound() {
	p := projection()
	s, err := p.SolveConvex(context.Background(), qp.ConvexOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// x1 + x2 ≤ 2 and x ≥ 0 imply x ≤ 2.
	b, err := p.DualBound(s.X, s.Mu, s.Gamma, []float64{2, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("U = %.6f ≤ bound %.6f\n", s.Objective, b)
	// A rough guess still bounds the maximum: d = c − 3·(1, 1) = (−1, 1),
	// so the bound is h·μ + d₂·2 = 6 + 2.
	b, _ = p.DualBound([]float64{0, 0}, []float64{3}, nil, []float64{2, 2})
	fmt.Printf("from x = 0, μ = 3: bound %.6f\n", b)
	// Output:
	// U = 4.500000 ≤ bound 4.500000
	// from x = 0, μ = 3: bound 8.000000
}
