package rmts

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// boundTol absorbs solver round-off in the LP optimum (objective
// comparison tolerance 1e-6 relative, DESIGN.md).
const boundTol = 1e-6

// TestPoliciesBelowOfflineBound: on 50 random small traces every policy's
// admitted count is ≤ the ILP optimum with free migration ≤ the LP bound,
// and the max-flow policy admits at least as many as RMTS when all
// durations are equal.
func TestPoliciesBelowOfflineBound(t *testing.T) {
	tight := 0
	for seed := uint64(1); seed <= 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		equal := seed%2 == 1
		in := smallInstance(rng, equal)
		in.Arrivals.Horizon = 12
		if seed%5 == 0 {
			in.Failures = []Failure{{Server: rng.IntN(in.Servers.Count), Time: 6}}
		}
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		trace := sc.Trace(sim.Stream(in.Seed, 0), in.Arrivals.Rate, in.Arrivals.Horizon)
		lpb, err := sc.OfflineBound(context.Background(), trace, false, "simplex")
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		ilp, err := sc.OfflineBound(context.Background(), trace, true, "simplex")
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, b := range []*Bound{lpb, ilp} {
			if b.Report == nil || !b.Report.OK || !b.Report.PrimalChecked {
				t.Fatalf("seed %d: integer %v: the bound carries no passing verification report: %+v", seed, b.Integer, b.Report)
			}
		}
		if ilp.Value > lpb.Value*(1+boundTol)+boundTol {
			t.Fatalf("seed %d: ILP %g > LP %g", seed, ilp.Value, lpb.Value)
		}
		served := map[Policy]int{}
		for _, p := range Policies {
			res, err := sc.Simulate(context.Background(), trace, sim.Stream(in.Seed, 1), RunOptions{Policy: p, Horizon: in.Arrivals.Horizon})
			if err != nil {
				t.Fatal(err)
			}
			served[p] = res.ServedAll
			if float64(res.ServedAll) > ilp.Value+boundTol {
				t.Fatalf("seed %d: %v admitted %d > offline optimum %g (LP %g)", seed, p, res.ServedAll, ilp.Value, lpb.Value)
			}
			if math.Abs(float64(res.ServedAll)-ilp.Value) < 0.5 {
				tight++
			}
		}
		if equal && len(in.Failures) == 0 && served[MaxFlow] < served[RMTS] {
			t.Errorf("seed %d: equal durations, max-flow admitted %d < RMTS %d", seed, served[MaxFlow], served[RMTS])
		}
	}
	if tight == 0 {
		t.Error("no policy ever reached the offline optimum: the bound is suspiciously loose")
	}
}

// TestOfflineBoundByHand: one server with L = 1, one content of 5 minutes,
// requests at 0, 1 and 5.5. Request 1 overlaps both others, which do not
// overlap each other, so by hand OPT = 2 ({0, 2}); the LP has the rows
// x0 + x1 ≤ 1 and x1 + x2 ≤ 1 and also gives 2. With L = 2 all three fit.
func TestOfflineBoundByHand(t *testing.T) {
	cases := []struct {
		capacity int
		want     float64
	}{{1, 2}, {2, 3}}
	for _, c := range cases {
		in := &Instance{Servers: Servers{Count: 1, Capacity: c.capacity}, Contents: Contents{Count: 1, Duration: 5},
			Placement: Placement{Holders: [][]int{{0}}}, Arrivals: Arrivals{Rate: 1, Horizon: 10}}
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		trace := []Request{{0, 0}, {1, 0}, {5.5, 0}}
		for _, integer := range []bool{false, true} {
			b, err := sc.OfflineBound(context.Background(), trace, integer, "simplex")
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(b.Value-c.want) > boundTol {
				t.Errorf("L=%d integer=%v: bound %g, want %g", c.capacity, integer, b.Value, c.want)
			}
		}
	}
}

// TestExportBound checks that the exported model is the one the experiment
// bounds: solved on its own, it has OfflineBound's value for the same trace.
func TestExportBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	in := smallInstance(rng, false)
	in.Arrivals.Horizon = 12
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	m, about, err := sc.ExportBound(in.Seed, in.Arrivals.Rate, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(about) == 0 {
		t.Error("no description")
	}
	want, err := sc.OfflineBound(context.Background(), sc.boundTrace(in.Seed, in.Arrivals.Rate, 2), false, "simplex")
	if err != nil {
		t.Fatal(err)
	}
	sol, _, err := solve.Solve(context.Background(), m, "simplex", solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal || math.Abs(sol.Objective-want.Value) > 1e-9*math.Max(1, want.Value) {
		t.Errorf("exported bound %v %.9g, OfflineBound %.9g", sol.Status, sol.Objective, want.Value)
	}
}
