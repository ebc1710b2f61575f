package rrs

import (
	"context"
	"errors"
	"math"
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

// TestValidateRefusesDataOutsideTheRanges: extreme but finite data that
// the methods cannot resolve numerically is refused by Validate, for
// every method alike, naming the field, the value and the range (before,
// latency 1e15 and a revenue intercept 1e25 gave solver failures and a
// false "every relaxation infeasible" from global).
func TestValidateRefusesDataOutsideTheRanges(t *testing.T) {
	for _, tc := range []struct {
		field string
		set   func(in *Instance)
	}{
		{"latency_ms[0][0]: must be in [0, 100000]", func(in *Instance) { in.LatencyMS[0][0] = 1e15 }},
		{"regions[0].revenue_intercept: must be in [-10000, 10000]", func(in *Instance) { in.Regions[0].RevenueIntercept = 1e25 }},
		{"regions[1].revenue_intercept: must be in [-10000, 10000]", func(in *Instance) { in.Regions[1].RevenueIntercept = -2e4 }},
		{"regions[2].revenue_slope: must be in [0, 10]", func(in *Instance) { in.Regions[2].RevenueSlope = 11 }},
		{"datacenters[1].response_slope_ms: must be in [0, 100000]", func(in *Instance) { in.DataCenters[1].ResponseSlopeMS = 1e9 }},
		{"datacenters[2].response_intercept_ms: must be in [-100000, 100000]", func(in *Instance) { in.DataCenters[2].ResponseInterceptMS = 1e6 }},
		{"datacenters[3].cost_per_user: must be in [-10000, 10000]", func(in *Instance) { in.DataCenters[3].CostPerUser = 1e300 }},
		// The paper's instance scaled to 1e8 users (CPU per user scaled
		// down, bandwidth up): feasible, but a profit of 5e7 that wolfe
		// could not solve.
		{"users: N = 1e+08 times the largest per-user revenue, cost and delay loss gives a profit scale of 1.7e+08, over 1e+07", func(in *Instance) {
			for i := range in.DataCenters {
				in.DataCenters[i].CPUPerUser *= in.Users / 1e8
				in.DataCenters[i].BandwidthUsers *= 1e8 / in.Users
			}
			in.Users = 1e8
		}},
	} {
		in := paperInstance(t, 360)
		tc.set(in)
		for _, m := range Methods {
			_, err := Solve(context.Background(), in, Options{Method: m})
			if !errors.Is(err, ErrInput) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("%s, method %s: %v, want an input error naming %q", tc.field, m, err, tc.field)
			}
		}
	}
}

// TestEveryMethodSolvesTheRangesEdges: at the edges of the ranges (one
// row of delays at 1e5 ms, a response slope of 1e5 ms, a revenue and a
// cost of 1e4 per user) every method still solves the paper's instance,
// to the same profit.
func TestEveryMethodSolvesTheRangesEdges(t *testing.T) {
	in := paperInstance(t, 360)
	for j := range in.LatencyMS[0] {
		in.LatencyMS[0][j] = MaxDelayMS
	}
	in.Regions[1].RevenueIntercept = MaxMoneyPerUser
	in.DataCenters[2].CostPerUser = -MaxMoneyPerUser
	in.DataCenters[3].ResponseSlopeMS = MaxDelayMS
	var profits []float64
	for _, m := range []string{MethodQP, MethodWolfe, MethodKKTMILP, MethodGlobal} {
		res, err := Solve(context.Background(), in, Options{Method: m})
		if err != nil || res.Status != StatusOptimal {
			t.Fatalf("%s: %v (%+v)", m, err, res)
		}
		profits = append(profits, res.Profit)
	}
	for i, p := range profits[1:] {
		if math.Abs(p-profits[0]) > 1e-6*math.Abs(profits[0]) {
			t.Errorf("profits %v: method %d differs from qp by more than 1e-6 relative", profits, i+1)
		}
	}
}

// TestMaxEigenWithoutQuadraticTerm: with every response slope 0 the
// quadratic form is zero and its largest eigenvalue 0 (before: −∞, which
// no JSON answer could carry).
func TestMaxEigenWithoutQuadraticTerm(t *testing.T) {
	in := paperInstance(t, 360)
	for i := range in.DataCenters {
		in.DataCenters[i].ResponseSlopeMS = 0
	}
	res, err := Solve(context.Background(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.MaxEigen != 0 {
		t.Errorf("max eigenvalue %v, want 0", res.MaxEigen)
	}
}
