package rmts

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/study/studytest"
)

// TestRunPartial stops a run from its progress callback. One worker runs
// the (rate, trace) units in order, rate by rate, so the finished ones are
// known exactly: with the run stopped after 3 units, traces 0-2 of ξ=1
// (and their bounds, when bounded) and none of ξ=2.
func TestRunPartial(t *testing.T) {
	in := smallInstance(rand.New(rand.NewPCG(5, 5)), true)
	in.Runs = 4
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	// Two policies × two rates: 4 cells × 4 traces = 16 simulations.
	for _, bound := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		ex := Experiment{Policies: []Policy{RMTS, MaxFlow}, Rates: []float64{1, 2}, Workers: 1, Bound: bound, Backend: "simplex",
			Progress: func(done, _ int) {
				if done == 3 {
					cancel()
				}
			}}
		res, err := sc.Run(ctx, ex)
		cancel()
		if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
			t.Fatalf("bound %v: error = %v, want a limit wrapping context.Canceled", bound, err)
		}
		if res == nil || !res.Partial() || res.Done != 6 || res.Total != 16 {
			t.Fatalf("bound %v: result %+v, want 6 of 16 simulations (2 cells × 3 traces), partial", bound, res)
		}
		// Points in the order policy, rate: rmts ξ=1, rmts ξ=2, max-flow ξ=1, max-flow ξ=2.
		for i, want := range []int{3, 0, 3, 0} {
			if pt := res.Points[i]; pt.Stats.Runs != want {
				t.Errorf("bound %v: point %d (%s ξ=%g): %d replications, want %d", bound, i, pt.Policy, pt.Rate, pt.Stats.Runs, want)
			}
		}
		if bound && (len(res.Bounds) != 2 || res.Bounds[0].Runs != 3 || res.Bounds[1].Runs != 0) {
			t.Errorf("bounds %+v, want 3 traces at ξ=1 and none at ξ=2", res.Bounds)
		}
	}
}

// TestStudy runs the study conformance suite on a small instance with two
// rates, two α values, the bound, DASD's proactive mode overridden, a
// confidence level of 90% and two compared pairs
// (so that the optional metrics and the override are recorded and read
// back).
func TestStudy(t *testing.T) {
	in := smallInstance(rand.New(rand.NewPCG(5, 5)), true)
	delta := 2
	in.Policy.DASDProactiveDelta = delta
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	ex := Experiment{Policies: []Policy{RMTS, DASD, MaxFlow}, Rates: []float64{1, 2}, Alphas: []float64{0.3, 0.7}, Runs: 3, Bound: true, Backend: "simplex",
		Confidence: 0.9, Compare: [][2]Policy{{RMTS, DASD}, {MaxFlow, DASD}}}
	pl, err := sc.Plan(ex)
	if err != nil {
		t.Fatal(err)
	}
	q := SweepOf(in, ex, pl)
	q.DASDProactive = &delta
	if q.Confidence != 0.9 || len(q.Compare) != 2 {
		t.Fatalf("request %+v: the level and the compared pairs are not in the grid", q)
	}
	studytest.Run(t, Study{}, q)
}
