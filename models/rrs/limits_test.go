package rrs

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

// TestSolveRefusesSizesOverTheMethodsCaps: kkt-milp and wolfe refuse an
// instance whose KKT system or tableau would be over their cap, as an
// input error naming the method, the sizes and the cap, from Solve and
// from ExportModel alike, before building anything (before the fix
// kkt-milp dereferenced the model it had failed to build).
func TestSolveRefusesSizesOverTheMethodsCaps(t *testing.T) {
	in := randomInstance(1, genSpec{DCs: 5, Regions: 2000, Load: 0.5}) // s·r² = 2e7 Hessian nonzeros
	for _, tc := range []struct{ method, want string }{
		{MethodKKTMILP, "5 data centres (those with response_slope_ms > 0) × 2000² regions = 2e+07 Hessian nonzeros in its KKT system, over the cap of 4000000"},
		{MethodWolfe, "5 data centres × 2000 regions need a dense tableau of"},
	} {
		_, err := Solve(context.Background(), in, Options{Method: tc.method})
		if fault.Of(err) != fault.Input || !errors.Is(err, ErrMethod) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Solve(%s): %v, want an input error with %q", tc.method, err, tc.want)
		}
	}
	if _, _, err := ExportModel(in, MethodKKTMILP, 0); !errors.Is(err, ErrMethod) || !strings.Contains(err.Error(), "over the cap") {
		t.Errorf("ExportModel(kkt-milp): %v, want the size refusal", err)
	}
	// Without response slopes there is no Hessian block: the KKT system is
	// small, and kkt-milp is not refused for the size.
	for i := range in.DataCenters {
		in.DataCenters[i].ResponseSlopeMS = 0
	}
	if err := in.checkSize(MethodKKTMILP); err != nil {
		t.Errorf("checkSize(kkt-milp) without Hessian blocks: %v", err)
	}
}
