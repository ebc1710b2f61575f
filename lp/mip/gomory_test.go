package mip

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

func TestGomoryCutHandDerived(t *testing.T) {
	// max 2x1 + x2 s.t. 2x1 + 2x2 ≤ 3, x binary. The LP optimum is (1, ½):
	// x1 nonbasic at its upper bound, x2 basic, the row (activity r) at its
	// upper side 3. The tableau row of x2 is x2 + x1 − r/2 = 0. Substituting
	// x1 = 1 − v1 and r = 3 − v2 gives x2 − v1 + v2/2 = ½, so f₀ = ½; v1 is
	// integer with a = −1 (f = 0, coefficient 0) and v2 continuous with
	// a = ½ > 0 (coefficient ½/f₀ = 1). The cut v2 ≥ 1 is 3 − r ≥ 1, i.e.
	// −2x1 − 2x2 ≥ −2 (x1 + x2 ≤ 1), violated by 1 with norm √8 (efficacy
	// 1/√8). The MILP optimum is then 2, at (1, 0) (hand).
	m := lp.New("gomory", lp.Maximize)
	x1 := m.AddBinary("x1", 2)
	x2 := m.AddBinary("x2", 1)
	m.AddLE("a", 3, lp.Term{Var: x1, Coef: 2}, lp.Term{Var: x2, Coef: 2})
	relax := m.Clone()
	for j := range relax.Vars {
		relax.Vars[j].Integer = false
	}
	sv, err := simplex.New(relax, simplex.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("root LP: %v %v", sol, err)
	}
	if d := cmp.Diff([]float64{1, 0.5}, sol.X, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Fatalf("LP point (-want +got):\n%s", d)
	}
	lo, hi := []float64{0, 0}, []float64{1, 1}
	cuts := gomoryCuts(m, lo, hi, sol.X, sv.Basis(), false)
	want := []lp.Row{{Name: "gmi", Ind: []int{x1, x2}, Val: []float64{-2, -2}, Lower: -2, Upper: math.Inf(1)}}
	if d := cmp.Diff(want, cuts, cmpopts.EquateApprox(0, 1e-9)); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
	got, err := Solve(context.Background(), m, Options{})
	if err != nil || got.Status != lp.Optimal || math.Abs(got.Objective-2) > 1e-9 {
		t.Errorf("MILP: %v %v, want optimal 2", got, err)
	}
}
