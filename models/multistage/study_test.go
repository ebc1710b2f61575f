package multistage

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
)

// The paper's study reports its gaps over the three columns of the spec
// A.10 table, and plans its four policies in file order.
func TestStudyPlan(t *testing.T) {
	in := paper(t)
	if got := in.Intervals(); !slices.Equal(got, gapRanges[:]) {
		t.Errorf("Intervals() = %v, want the spec A.10 columns %v", got, gapRanges)
	}
	pols, err := in.PlanPolicies(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pols) != len(in.Policies) {
		t.Fatalf("planned %d policies, the instance has %d", len(pols), len(in.Policies))
	}
	for k, p := range pols {
		ps := in.Policies[k]
		if p.Name != ps.Name || !slices.Equal(p.Points, ps.Stages) {
			t.Errorf("policy %d: planned %s at %v, want %s at %v", k, p.Name, p.Points, ps.Name, ps.Stages)
		}
		// A static policy has one stage; Algorithm 1 makes n−1 of n points.
		if want := max(len(ps.Stages)-1, 1); len(p.Stages) != want {
			t.Errorf("%s: %d stages, want %d", p.Name, len(p.Stages), want)
		}
	}
}

// A done context stops the planning in the first policy, with nothing
// planned and the context's error.
func TestStudyPlanStopped(t *testing.T) {
	in := paper(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pols, err := in.PlanPolicies(ctx, Options{})
	if !errors.Is(err, context.Canceled) || len(pols) != 0 {
		t.Errorf("PlanPolicies(cancelled) = %d policies, %v; want none and context.Canceled", len(pols), err)
	}
	// A policy the resources cannot hold stops the planning there: the
	// policies before it are returned.
	in.Policies = append(in.Policies[:2:2], PolicySpec{Name: "big", Stages: []float64{1e6}}, in.Policies[2])
	pols, err = in.PlanPolicies(context.Background(), Options{})
	if !errors.Is(err, ErrResources) || len(pols) != 2 || in.Policies[len(pols)].Name != "big" {
		t.Errorf("PlanPolicies = %d policies, %v; want the 2 before %q and ErrResources", len(pols), err, "big")
	}
}

// GapTable on a hand-made sweep: each entry is Gaps of its policy over
// its interval (values worked by hand below).
func TestGapTableHand(t *testing.T) {
	pts := []Point{
		{N: 1, Optimum: 10, Policies: []Evaluation{{Profit: 9, Feasible: true}, {Profit: 11, Feasible: false}}},
		{N: 2, Optimum: 20, Policies: []Evaluation{{Profit: 17, Feasible: true}, {Profit: 19, Feasible: true}}},
		{N: 3, Optimum: math.NaN(), Policies: []Evaluation{{Profit: 1, Feasible: true}, {Profit: 1, Feasible: true}}},
	}
	ivs := [][2]float64{{1, 3}, {2, 2}}
	got := GapTable(pts, 2, ivs)
	// Policy 0: gaps 1 and 3 (N = 3 has no optimum) → mean 2; on [2, 2]
	// only 3. Policy 1: infeasible above the optimum at N = 1, gap 1 at 2.
	want := [][]Gap{
		{{From: 1, To: 3, Mean: 2, Points: 2, Feasible: 2}, {From: 2, To: 2, Mean: 3, Points: 1, Feasible: 1}},
		{{From: 1, To: 3, Mean: 1, Points: 2, Feasible: 1, PseudoBetter: 1}, {From: 2, To: 2, Mean: 1, Points: 1, Feasible: 1}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for k := range want {
		if !slices.Equal(got[k], want[k]) {
			t.Errorf("row %d = %+v, want %+v", k, got[k], want[k])
		}
	}
	if g := GapTable(nil, 1, ivs); g[0][0].Points != 0 || !math.IsNaN(g[0][0].Mean) {
		t.Errorf("empty sweep: %+v, want no points and a NaN mean", g[0][0])
	}
}
