package rrs

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// TestExportModel checks that the exported KKT-MILP of the non-concave
// instance, solved as a plain MILP, gives the profit Solve reports, and that
// the methods without a linear form are refused with the reason.
func TestExportModel(t *testing.T) {
	in := nonConcave(t)
	res, err := Solve(context.Background(), in, Options{Method: MethodKKTMILP})
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{MethodKKTMILP, MethodAuto} {
		m, about, err := ExportModel(in, method, res.Stats.BigM)
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if len(about) == 0 {
			t.Errorf("%s: no description", method)
		}
		sol, _, err := solve.Solve(context.Background(), m, "simplex", solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal || math.Abs(sol.Objective-res.Profit) > 1e-6*math.Max(1, res.Profit) {
			t.Errorf("%s: exported MILP %v %.9g, Solve's profit %.9g", method, sol.Status, sol.Objective, res.Profit)
		}
	}
	for _, method := range []string{MethodQP, MethodWolfe} {
		if _, _, err := ExportModel(in, method, 0); !errors.Is(err, ErrMethod) {
			t.Errorf("%s: %v, want a refusal wrapping ErrMethod", method, err)
		}
		if err := CheckExport(in, method); !errors.Is(err, ErrMethod) {
			t.Errorf("CheckExport %s: %v, want the same refusal", method, err)
		}
	}
	if err := CheckExport(in, MethodKKTMILP); err != nil {
		t.Errorf("CheckExport kkt-milp: %v", err)
	}
	// auto on a concave instance stands for qp, which has no linear form
	if _, _, err := ExportModel(paperInstance(t, 300), MethodAuto, 0); !errors.Is(err, ErrMethod) {
		t.Errorf("auto on the concave paper instance: %v, want a refusal", err)
	}
}
