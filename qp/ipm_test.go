package qp

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// transportQP is a problem of RRS's shape (spec A.5): s sources and r
// sinks, x_ij ≥ 0, Σ_i x_ij = 1 for every sink j, Σ_j φ_j x_ij ≤ m_i for every
// source i, and per source i a rank-two block over its row of x in the two
// forms P_i = Σ_j κ_j φ_j x_ij and y_i = Σ_j φ_j x_ij: −w_i·P_i·y_i (RRS's
// term, not concave when κ varies) or, with concave set, −½w_i(P_i + y_i)².
func transportQP(rng *rand.Rand, s, r int, concave bool) *Problem {
	n := s * r
	p := &Problem{C: make([]float64, n)}
	phi, kappa := make([]float64, r), make([]float64, r)
	total := 0.0
	for j := range phi {
		phi[j] = 0.5 + rng.Float64()
		kappa[j] = 1 + 0.75*(2*rng.Float64()-1)
		total += phi[j]
	}
	for j := 0; j < r; j++ {
		e := Row{RHS: 1}
		for i := 0; i < s; i++ {
			e.Ind, e.Val = append(e.Ind, i*r+j), append(e.Val, 1)
		}
		p.E = append(p.E, e)
	}
	for i := 0; i < s; i++ {
		g := Row{RHS: 1.5 * total / float64(s)}
		vars := make([]int, r)
		u := mat.NewDense(r, 2, nil)
		for j := 0; j < r; j++ {
			vars[j] = i*r + j
			g.Ind, g.Val = append(g.Ind, i*r+j), append(g.Val, phi[j])
			u.Set(j, 0, kappa[j]*phi[j])
			u.Set(j, 1, phi[j])
			p.C[i*r+j] = phi[j] * (2 + rng.Float64())
		}
		p.G = append(p.G, g)
		w := 0.5 + rng.Float64()
		// ½·[P y]·S·[P y]ᵀ: S = −w[[0,1],[1,0]] gives −w·P·y, and
		// S = −w[[1,1],[1,1]] gives −½w(P + y)².
		sm := mat.NewSymDense(2, []float64{0, -w, -w, 0})
		if concave {
			sm = mat.NewSymDense(2, []float64{-w, -w, -w, -w})
		}
		p.Blocks = append(p.Blocks, Block{Vars: vars, U: u, S: sm})
	}
	return p
}

// withDenseFill runs f with the dense elimination forced on (fill 0) or
// off (fill above 1).
func withDenseFill(fill float64, f func()) {
	old := denseMinFill
	denseMinFill = fill
	defer func() { denseMinFill = old }()
	f()
}

// TestDenseAndSparseEliminationAgree: the dense Schur update (one Dsyrk)
// and the sparse one (an outer product per eliminated row) are the same
// arithmetic in another order, so SolveConvex must reach the same optimum
// with either, on transportation-shaped problems (where the dense path is
// the one chosen) and on the random semidefinite QPs of the Wolfe tests
// (where the eliminated rows are few or sparse).
func TestDenseAndSparseEliminationAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	ctx := context.Background()
	var problems []*Problem
	for k := 0; k < 6; k++ {
		problems = append(problems, transportQP(rng, 2+rng.IntN(6), 5+rng.IntN(30), true))
	}
	for k := 0; k < 30; k++ {
		n := 2 + rng.IntN(10)
		problems = append(problems, randomSemidefinite(rng, n, 1+rng.IntN(n)))
	}
	for k, p := range problems {
		var dense, sparse *Solution
		var errD, errS error
		withDenseFill(0, func() { dense, errD = p.SolveConvex(ctx, ConvexOptions{}) })
		withDenseFill(2, func() { sparse, errS = p.SolveConvex(ctx, ConvexOptions{}) })
		if errD != nil || errS != nil {
			t.Fatalf("problem %d: dense %v, sparse %v", k, errD, errS)
		}
		if math.Abs(dense.Objective-sparse.Objective) > 1e-7*math.Max(1, math.Abs(sparse.Objective)) {
			t.Errorf("problem %d: dense U = %.12g, sparse U = %.12g", k, dense.Objective, sparse.Objective)
		}
	}
}

// TestNormalSolverPicksDenseOnTransportShape checks that the RRS shape
// does take the dense path (every sink row reaches every source row), so
// that the agreement test above covers the path RRS uses.
func TestNormalSolverPicksDenseOnTransportShape(t *testing.T) {
	p := transportQP(rand.New(rand.NewPCG(1, 2)), 4, 12, true)
	d, err := p.lift()
	if err != nil {
		t.Fatal(err)
	}
	if ns := newNormalSolver(d); ns.dense == nil {
		t.Errorf("transport shape: sparse elimination chosen (|I| = %d, |R| = %d)", len(ns.iRows), ns.q)
	}
}

// TestLocalFromManyStarts: SolveLocal, with and without the tracking step,
// ends at a KKT point (residuals within KKTTol) no worse than
// its start on non-concave transportation problems, from random starts.
func TestLocalFromManyStarts(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	for k := 0; k < 40; k++ {
		s, r := 2+rng.IntN(5), 4+rng.IntN(20)
		p := transportQP(rng, s, r, false)
		x0 := make([]float64, s*r)
		for j := 0; j < r; j++ {
			x0[rng.IntN(s)*r+j] = 1 // a vertex of the assignment rows
		}
		feasible := true
		for i := range p.G {
			feasible = feasible && rowDot(&p.G[i], x0) <= p.G[i].RHS
		}
		for _, track := range []bool{false, true} {
			loc, err := p.SolveLocal(ctx, x0, LocalOptions{Track: track})
			if err != nil {
				t.Fatalf("problem %d (%d×%d, track %v): %v", k, s, r, track, err)
			}
			if m := loc.Residuals.Max(); m > KKTTol {
				t.Errorf("problem %d (%d×%d, track %v): residual %.3g > %g", k, s, r, track, m, KKTTol)
			}
			if start := p.Objective(x0); feasible && loc.Objective < start-1e-9*math.Max(1, math.Abs(start)) {
				t.Errorf("problem %d (track %v): U fell from %.9g at the start to %.9g", k, track, start, loc.Objective)
			}
		}
	}
}

// BenchmarkSolveConvexTransport compares the dense and the sparse Schur
// update in one process on RRS-shaped concave problems (go test -bench
// SolveConvexTransport ./qp); the dense/sparse time ratio is the figure.
func BenchmarkSolveConvexTransport(b *testing.B) {
	for _, sz := range [][2]int{{20, 200}, {50, 500}} {
		p := transportQP(rand.New(rand.NewPCG(7, 8)), sz[0], sz[1], true)
		for _, mode := range []struct {
			name string
			fill float64
		}{{"dense", 0}, {"sparse", 2}} {
			b.Run(fmt.Sprintf("%dx%d/%s", sz[0], sz[1], mode.name), func(b *testing.B) {
				withDenseFill(mode.fill, func() {
					for i := 0; i < b.N; i++ {
						if _, err := p.SolveConvex(context.Background(), ConvexOptions{}); err != nil {
							b.Fatal(err)
						}
					}
				})
			})
		}
	}
}
