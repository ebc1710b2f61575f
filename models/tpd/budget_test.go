package tpd

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestExperimentBudgetCuts: a spent bounds' budget stops LB_LP (every
// window that needs an LP keeps its LB0/LB_SRPT bound) and LB_LAG (after
// the first iteration of its first phase), and BudgetCuts says so for every
// replication; without a budget it lists nothing.
func TestExperimentBudgetCuts(t *testing.T) {
	// Two fast IPNs and a slow one, busy: LB_LAG's relaxation contends.
	in, err := Parse(strings.NewReader(`{"seed": 5,
		"ipns": [{"slots": 2, "speed": 1200}, {"slots": 2, "speed": 1200}, {"slots": 1, "speed": 600}],
		"latency": {"in": [[0.005, 0.01, 0.002], [0.01, 0.005, 0.002]], "out": [0.004, 0.004, 0.0]},
		"workload": {"frames": {"min": 150, "max": 450}, "modes": {"stable": {"count": 60, "rate": 14}}},
		"bounds": {"slot": 0.01}}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	run := func(b BoundKind, limit time.Duration) *ExperimentResult {
		t.Helper()
		res, err := s.Run(context.Background(), Experiment{ModeName: "stable", Mode: Mode{Count: 60, Rate: 14},
			Policies: []Policy{TPD}, Runs: 2, Bound: b, BoundTimeLimit: limit, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	full := run(BoundAll, 0)
	if cuts := full.BudgetCuts(); len(cuts) != 0 {
		t.Errorf("no budget: cuts %+v, want none", cuts)
	}
	if full.BoundTimeLimit != 0 {
		t.Errorf("no budget: BoundTimeLimit %v", full.BoundTimeLimit)
	}
	cut := run(BoundAll, time.Nanosecond)
	if cut.BoundTimeLimit != time.Nanosecond {
		t.Errorf("BoundTimeLimit %v, want 1ns", cut.BoundTimeLimit)
	}
	cuts := cut.BudgetCuts()
	if len(cuts) != 2 || cuts[0].Bound != MetricLBLP || cuts[1].Bound != MetricLBLag {
		t.Fatalf("cuts %+v, want LB_LP then LB_LAG", cuts)
	}
	lp, lag := cuts[0], cuts[1]
	solved, _ := full.BoundStat(MetricLPSolved)
	if lp.Reps != 2 || lp.WindowsCut < solved.Mean || lp.WindowsCut > lp.Windows {
		t.Errorf("LB_LP cut %+v: want 2 replications, at least the %g windows the full run solved cut", lp, solved.Mean)
	}
	if lag.Reps != 2 || lag.Phases != 1 || lag.Planned != 1 || lag.Iterations != 1 || lag.Cap != DefaultLagrangeIterations {
		t.Errorf("LB_LAG cut %+v: want 2 replications, 1 of 1 phases, 1 of %d iterations", lag, DefaultLagrangeIterations)
	}
	tight := run(BoundTight, time.Nanosecond).BudgetCuts()
	if len(tight) != 1 || tight[0].Bound != MetricLBTight || tight[0].Planned != 2+DefaultLagrangeRefine {
		t.Errorf("tight cuts %+v, want LB_TIGHT of %d phases", tight, 2+DefaultLagrangeRefine)
	}
}
