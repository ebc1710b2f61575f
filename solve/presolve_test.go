package solve

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// TestPresolveOption: Options.Presolve reaches a backend that declares
// Capabilities.Presolve; PresolveOn is refused by one that has none (an
// input error naming it), PresolveOff is what such a backend does anyway;
// an unknown value and a Raw "presolve" that contradicts it are errors.
func TestPresolveOption(t *testing.T) {
	none := &fake{caps: Capabilities{LP: true}, solve: func(*lp.Model) (*lp.Solution, error) {
		return &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}}, nil
	}}
	for _, tc := range []struct {
		p   Presolve
		msg string // "" for success
	}{
		{PresolveDefault, ""},
		{PresolveOff, ""},
		{PresolveOn, `backend "fake" missing capability presolve`},
		{Presolve(7), "options.Presolve: unknown value 7"},
	} {
		_, _, err := SolveWith(context.Background(), none, maxModel(), Options{Presolve: tc.p})
		switch {
		case tc.msg == "" && err != nil:
			t.Errorf("presolve %v: %v", tc.p, err)
		case tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg) || fault.Of(err) != fault.Input):
			t.Errorf("presolve %v: err = %v, want an input error saying %q", tc.p, err, tc.msg)
		}
	}
	if !errors.Is(checkPresolve(none, PresolveOn), ErrCapability) {
		t.Error("presolve on without the capability does not wrap ErrCapability")
	}

	// The simplex backend solves maxModel (optimum 11, hand-derived in
	// verify_test.go) either way, and maps the option to lp/simplex and lp/mip.
	for _, p := range []Presolve{PresolveOn, PresolveOff} {
		sol, _, err := Solve(context.Background(), maxModel(), SimplexName, Options{Presolve: p})
		if err != nil || sol.Status != lp.Optimal || math.Abs(sol.Objective-11) > 1e-9 {
			t.Errorf("simplex, presolve %v: %v, %v", p, sol, err)
		}
		so, mo, err := simplexOptions(Options{Presolve: p})
		if err != nil || so.NoPresolve != (p == PresolveOff) || mo.NoPresolve != (p == PresolveOff) {
			t.Errorf("simplexOptions(presolve %v): NoPresolve %v (LP), %v (MILP), %v", p, so.NoPresolve, mo.NoPresolve, err)
		}
	}
	_, _, err := Solve(context.Background(), maxModel(), SimplexName, Options{Presolve: PresolveOff, Raw: map[string]string{"presolve": "on"}})
	if err == nil || !strings.Contains(err.Error(), `options.Raw["presolve"] = "on" contradicts options.Presolve = off`) {
		t.Errorf("Raw presolve=on with Presolve off: %v", err)
	}
}
