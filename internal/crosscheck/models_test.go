package crosscheck_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/solve"
)

// compiledModels are one problem each model compiles, as its export
// commands write them: the RRS KKT-MILP of the paper scenario, the exact
// time-indexed MILP of a small TPD trace and one of its LB_LP windows, and
// the RMTS offline bound LP of a short trace of the paper scenario.
func compiledModels(t *testing.T) []*model {
	t.Helper()
	var out []*model
	ctx := context.Background()

	in, err := rrs.Parse(openExample(t, "rrs-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	in.Users = 360
	m, _, err := rrs.ExportModel(in, rrs.MethodKKTMILP, 0)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, &model{name: "rrs-kkt-milp", m: m, optimum: 195.5424, source: "spec A.10: maximum profit at N = 360"})

	s, tasks := tpd.RandomSmall(3)
	ex, err := s.ExportTrace(tasks, "tpd.RandomSmall(3)")
	if err != nil {
		t.Fatal(err)
	}
	exact, err := tpd.Exact(ctx, s, tasks, s.Slot, "simplex", solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	windows := 0
	for _, e := range ex.Models {
		switch {
		case e.Name == "exact":
			out = append(out, &model{name: "tpd-exact", m: e.Model, optimum: exact.Objective, source: "tpd.Exact on the simplex backend"})
		case windows == 0:
			windows++
			out = append(out, &model{name: "tpd-" + e.Name, m: e.Model, optimum: optimumBySimplex(t, e.Model), source: "the simplex backend"})
		}
	}
	if windows == 0 {
		t.Fatal("tpd.RandomSmall(3) has no LB_LP window that needs an LP")
	}

	rin, err := rmts.Parse(openExample(t, "rmts-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	rin.Arrivals.Horizon, rin.Arrivals.Warmup = 10, 0
	sc, err := rmts.Build(rin)
	if err != nil {
		t.Fatal(err)
	}
	bm, _, err := sc.ExportBound(rin.Seed, rin.Arrivals.Rate, 0)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, &model{name: "rmts-bound", m: bm, optimum: optimumBySimplex(t, bm), source: "the simplex backend"})
	return out
}

// optimumBySimplex solves m on this project's simplex backend.
func optimumBySimplex(t *testing.T, m *lp.Model) float64 {
	t.Helper()
	sol, _, err := solve.Solve(context.Background(), m, "simplex", solve.Options{})
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("%s: simplex: %v %v", m.Name, err, sol)
	}
	return sol.Objective
}

// openExample opens a file of the repository's examples folder; it is
// closed when the test ends.
func openExample(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
