package rrs

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestNearUniformSlopesAreConcave: slopes κ_j that differ by 1e-9 relative
// are rounding, not curvature (qp doc, "Curvature"): the check accepts them,
// auto uses the interior point, and the profit is the uniform-slope optimum
// of spec A.10 to 1e-6 relative (a 1e-9 change of κ moves it by about 1e-9).
func TestNearUniformSlopesAreConcave(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	for _, tc := range paperOptima {
		in := paperInstance(t, tc.n)
		for j := range in.Regions {
			in.Regions[j].RevenueSlope *= 1 + 1e-9*(2*r.Float64()-1)
		}
		if in.UniformSlope() {
			t.Fatal("the perturbed slopes are still equal")
		}
		res, err := Solve(context.Background(), in, Options{})
		if err != nil {
			t.Fatalf("N=%v: %v", tc.n, err)
		}
		if !res.Concave || res.Method != MethodQP {
			t.Errorf("N=%v: concave %v (largest eigenvalue %g), method %s; want concave, qp", tc.n, res.Concave, res.MaxEigen, res.Method)
		}
		if math.Abs(res.Profit-tc.profit) > 1e-6*tc.profit+5e-4 {
			t.Errorf("N=%v: profit %.6f, want %.3f (spec A.10)", tc.n, res.Profit, tc.profit)
		}
	}
}
