package solve

import (
	"context"
	"github.com/streamopt/streamopt/fault"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestStartChecked: a start or a basis that does not fit the model is an
// input error naming the option, before any backend runs.
func TestStartChecked(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		msg  string
	}{
		{Options{Start: []float64{1}}, "Options.Start has 1 values, the model has 2 columns"},
		{Options{Start: []float64{1, math.Inf(1)}}, "Options.Start[1] (column y): must be finite or NaN, got +Inf"},
		{Options{Basis: &lp.Basis{Cols: make([]lp.BasisStatus, 2)}}, "Options.Basis has 2 columns and 0 rows, the model has 2 and 2"},
		{Options{Basis: &lp.Basis{Cols: []lp.BasisStatus{lp.Basic, lp.Basic}, Rows: []lp.BasisStatus{lp.Basic, lp.Basic}}}, "Options.Basis has 4 basic entries, want 2"},
	} {
		_, _, err := Solve(context.Background(), maxModel(), SimplexName, tc.opts)
		if err == nil || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%+v: error %v, want an input error with %q", tc.opts, err, tc.msg)
		}
	}
}

// TestStartIgnored: a backend without the Start and Basis capabilities
// solves as without them, and the solution says so.
func TestStartIgnored(t *testing.T) {
	var got Options
	b := &optsFake{caps: Capabilities{LP: true}, seen: &got}
	sol, rep, err := SolveWith(context.Background(), b, maxModel(), Options{Start: []float64{3, 1}, WantBasis: true})
	if err != nil || !rep.OK {
		t.Fatal(err, rep)
	}
	if got.Start != nil || got.WantBasis {
		t.Errorf("the backend was given %+v", got)
	}
	want := []string{"backend fake cannot use a start (Options.Start): ignored", "backend fake gives no final basis (Options.WantBasis)"}
	if strings.Join(sol.Warnings, "|") != strings.Join(want, "|") {
		t.Errorf("warnings %q, want %q", sol.Warnings, want)
	}
}

type optsFake struct {
	caps Capabilities
	seen *Options
}

func (f *optsFake) Name() string               { return "fake" }
func (f *optsFake) Capabilities() Capabilities { return f.caps }
func (f *optsFake) Solve(_ context.Context, m *lp.Model, o Options) (*lp.Solution, error) {
	*f.seen = o
	// the optimum of maxModel (verify_test.go): x = (3, 1), z = 11
	return &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}}, nil
}

// TestSimplexStartAndBasis: the simplex backend returns the final basis of
// an LP when asked, re-solves from it with no iteration, uses a MIP start
// and warns that a basis does not apply to a MILP.
func TestSimplexStartAndBasis(t *testing.T) {
	ctx := context.Background()
	m := maxModel()
	sol, _, err := Solve(ctx, m, SimplexName, Options{WantBasis: true})
	if err != nil || sol.Basis == nil || sol.Basis.NumBasic() != 2 {
		t.Fatalf("%v %+v", err, sol)
	}
	again, _, err := Solve(ctx, m, SimplexName, Options{Basis: sol.Basis})
	if err != nil || again.Status != lp.Optimal || again.Iterations != 0 || again.Objective != 11 {
		t.Fatalf("from the final basis: %v %v, %d iterations, objective %v", err, again.Status, again.Iterations, again.Objective)
	}
	mi := maxModel()
	mi.Vars[1].Integer = true
	var log strings.Builder
	sol, _, err = Solve(ctx, mi, SimplexName, Options{Start: []float64{3, math.NaN()}, Basis: sol.Basis, Log: &log})
	if err != nil || sol.Status != lp.Optimal || sol.Objective != 11 {
		t.Fatalf("MILP: %v %v %v", err, sol.Status, sol.Objective)
	}
	if len(sol.Warnings) != 1 || !strings.Contains(sol.Warnings[0], "a basis applies to LPs only") {
		t.Errorf("MILP warnings %q", sol.Warnings)
	}
	if !strings.Contains(log.String(), " start\n") {
		t.Errorf("the start was not the first incumbent:\n%s", log.String())
	}
}
