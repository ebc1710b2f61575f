package tpd

import (
	"context"
	"math"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// TestExportMatchesBounds checks that the exported problems are the ones the
// bounds solve: the exact MILP has Exact's optimum, and there is one window
// LP for every window LowerBoundLP solved an LP for, each with an optimum
// between 0 and the window's greedy cost (a feasible schedule).
func TestExportMatchesBounds(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 6; seed++ {
		s, tasks := smallInstance(seed)
		ex, err := s.ExportTrace(tasks, "a test trace")
		if err != nil {
			t.Fatal(err)
		}
		if ex.ExactSkipped != "" || len(ex.Models) == 0 || ex.Models[0].Name != "exact" {
			t.Fatalf("seed %d: no exact MILP exported (%q)", seed, ex.ExactSkipped)
		}
		want, err := Exact(ctx, s, tasks, s.Slot, "simplex", solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, _, err := solve.Solve(ctx, ex.Models[0].Model, "simplex", solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal || math.Abs(sol.Objective-want.Objective) > 1e-6*math.Max(1, want.Objective) {
			t.Errorf("seed %d: exported exact MILP %v %.9g, Exact %.9g", seed, sol.Status, sol.Objective, want.Objective)
		}
		lb, err := LowerBoundLP(ctx, s, tasks, s.Slot, s.WindowMaxTasks, "simplex", solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		windows := ex.Models[1:]
		if len(windows) != lb.Solved+lb.Failed {
			t.Errorf("seed %d: %d window LPs exported, LowerBoundLP solved %d and failed %d", seed, len(windows), lb.Solved, lb.Failed)
		}
		for _, w := range windows {
			ws, _, err := solve.Solve(ctx, w.Model, "simplex", solve.Options{})
			if err != nil || ws.Status != lp.Optimal || ws.Objective < -1e-9 {
				t.Errorf("seed %d %s: %v %v %v", seed, w.Name, err, ws.Status, ws.Objective)
			}
			if len(w.About) == 0 {
				t.Errorf("seed %d %s: no description", seed, w.Name)
			}
		}
	}
}

// TestExportSkipsLargeExact checks that a trace over ExportMaxExactTasks
// gets no exact MILP, and says why.
func TestExportSkipsLargeExact(t *testing.T) {
	s, tasks := smallInstance(3)
	for len(tasks) <= ExportMaxExactTasks {
		last := tasks[len(tasks)-1]
		last.ID++
		last.Release += 50 // far apart: every window is trivial
		tasks = append(tasks, last)
	}
	ex, err := s.ExportTrace(tasks, "a long trace")
	if err != nil {
		t.Fatal(err)
	}
	if ex.ExactSkipped == "" {
		t.Fatal("the exact MILP of a long trace was not skipped")
	}
	for _, m := range ex.Models {
		if m.Name == "exact" {
			t.Fatal("exact MILP exported for a long trace")
		}
	}
}
