package rrs

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
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

// nearUniformSet lists n random instances with nearly uniform slopes: sizes
// from 3 × 4 to 8 × 10, loads 0.5, 0.9, 0.99 and exactly full, and slope
// spreads 1e-9 relative (the case) and, every third, 1e-6 or 1e-5.
func nearUniformSet(n int) []genSpec {
	sizes := [][2]int{{3, 4}, {4, 5}, {5, 6}, {6, 8}, {8, 10}, {3, 7}, {7, 9}}
	loads := []float64{0.5, 0.9, 0.99, 1}
	spreads := []float64{1e-9, 1e-9, 1e-6, 1e-9, 1e-9, 1e-5}
	set := make([]genSpec, n)
	for k := range set {
		sz := sizes[k%len(sizes)]
		set[k] = genSpec{DCs: sz[0], Regions: sz[1], Load: loads[k%len(loads)], Spread: spreads[k%len(spreads)]}
	}
	return set
}

// TestWolfeNearUniformSlopes: Wolfe's method solves random instances whose
// slopes differ by 1e-9 (and 1e-6, 1e-5) relative, where each Hessian
// block is rank one up to a tiny second eigenvalue (qp doc, "Wolfe's
// method"), and its profit agrees with the interior point's (an
// independent method, MethodQP) to 1e-6 relative. STREAMOPT_LONG=1 runs
// 200 instances instead of 60.
func TestWolfeNearUniformSlopes(t *testing.T) {
	n := 60
	if os.Getenv("STREAMOPT_LONG") == "1" {
		n = 200
	}
	failed := 0
	for k, g := range nearUniformSet(n) {
		in := randomInstance(uint64(7000+k), g)
		want, err := Solve(context.Background(), in, Options{Method: MethodQP})
		if err != nil {
			t.Fatalf("instance %d %+v: qp: %v", k, g, err)
		}
		got, err := Solve(context.Background(), in, Options{Method: MethodWolfe})
		if err != nil {
			failed++
			t.Errorf("instance %d %+v: wolfe: %v", k, g, err)
			continue
		}
		if math.Abs(got.Profit-want.Profit) > 1e-6*math.Max(1, math.Abs(want.Profit)) {
			failed++
			t.Errorf("instance %d %+v: wolfe %.9f, qp %.9f", k, g, got.Profit, want.Profit)
		}
	}
	t.Logf("%d of %d instances solved by Wolfe's method", n-failed, n)
}
