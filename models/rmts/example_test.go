package rmts_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/sim"
)

const small = `{"seed": 3, "runs": 4,
 "servers": {"count": 3, "capacity": 2},
 "contents": {"count": 3, "duration": 5},
 "placement": {"holders": [[0, 1], [1, 2], [2]]},
 "arrivals": {"rate": 1.5, "horizon": 30},
 "policy": {"gamma": 3, "l_th": 1}}`

func ExampleParse() {
	in, err := rmts.Parse(strings.NewReader(small))
	if err != nil {
		fmt.Println(err)
		return
	}
	sc, err := rmts.Build(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc.Servers, sc.Capacity, sc.Graph.Connected(), sc.Omega.From(0))
	_, err = rmts.Parse(strings.NewReader(`{"servers": {"count": 1, "capacity": 1}, "contents": {"count": 1, "duration": 1},
 "placement": {"holders": [[0]]}, "arrivals": {"rate": -2, "horizon": 10}}`))
	fmt.Println(err)
	// Output:
	// 3 2 true [[0 1] [0 1 2]]
	// rmts: invalid input: arrivals.rate: must be > 0, got -2
}

func ExampleReplicaCounts() {
	// Spec B.7: 200 contents, θ = 0.27, R_tot = 600 copies on 20 servers.
	z, _ := sim.NewZipf(200, 1-0.27)
	pop := make([]float64, 200)
	for v := range pop {
		pop[v] = z.P(v)
	}
	r, _ := rmts.ReplicaCounts(pop, 600, 20)
	fmt.Println(r[:10])
	// Output: [20 20 20 18 15 13 12 11 10 9]
}

func ExampleScenario_Simulate() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	rng := rand.New(rand.NewPCG(1, 0))
	trace := sc.Trace(rng, 1.5, 30)
	for _, p := range rmts.Policies {
		res, _ := sc.Simulate(context.Background(), trace, rand.New(rand.NewPCG(1, 1)), rmts.RunOptions{Policy: p, Horizon: 30})
		fmt.Printf("%-11s served %d of %d, %d migrations\n", p, res.ServedAll, res.ArrivedAll, res.MigrationsAll)
	}
	b, _ := sc.OfflineBound(context.Background(), trace, false, "simplex")
	fmt.Printf("offline LP bound %.0f\n", b.Value)
	// Output:
	// rmts        served 30 of 51, 2 migrations
	// rem         served 30 of 51, 3 migrations
	// dasd        served 30 of 51, 2 migrations
	// last-minute served 30 of 51, 2 migrations
	// max-flow    served 30 of 51, 2 migrations
	// offline LP bound 30
}

func ExampleScenario_Run() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	res, _ := sc.Run(context.Background(), rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.MaxFlow}, Rates: []float64{1, 2}, Workers: 1})
	for _, pt := range res.Points {
		st := pt.Summary().Success
		fmt.Printf("%-8s ξ=%g μ=%.3f ± %.3f\n", pt.Policy, pt.Rate, st.Mean, st.HalfWidth)
	}
	// Output:
	// rmts     ξ=1 μ=0.767 ± 0.165
	// rmts     ξ=2 μ=0.512 ± 0.070
	// max-flow ξ=1 μ=0.767 ± 0.165
	// max-flow ξ=2 μ=0.512 ± 0.070
}

// Example_dasdProactive runs DASD dancing with and without its proactive
// mode (policy.dasd_proactive_delta, spec B.6) on a hand-made trace: three
// servers in a path 0 – 1 – 2 of the migration graph, content 2 stored only
// at server 0. Reactive DASD never migrates (no holder is ever full); with
// δ = 2 five streams move across edges whose load difference reached 2, and
// the time-averaged load variance (spec B.4) halves. The moves and both
// variances (89/180 and 37/36) are derived by hand in proactive_test.go.
func Example_dasdProactive() {
	in, _ := rmts.Parse(strings.NewReader(`{
 "servers": {"count": 3, "capacity": 10},
 "contents": {"count": 3, "duration": 1, "durations": [10, 20, 30]},
 "placement": {"holders": [[0, 1], [1, 2], [0]]},
 "arrivals": {"rate": 1, "horizon": 40},
 "policy": {"dasd_proactive_delta": 2}}`))
	sc, _ := rmts.Build(in)
	trace := []rmts.Request{{Arrival: 1, Content: 1}, {Arrival: 2, Content: 0}, {Arrival: 3, Content: 2}, {Arrival: 4, Content: 2},
		{Arrival: 5, Content: 0}, {Arrival: 6, Content: 0}, {Arrival: 7, Content: 2}, {Arrival: 8, Content: 1},
		{Arrival: 9, Content: 1}, {Arrival: 10, Content: 1}}
	for _, delta := range []int{0, 2} {
		res, _ := sc.Simulate(context.Background(), trace, rand.New(rand.NewPCG(1, 1)),
			rmts.RunOptions{Policy: rmts.DASD, Horizon: 40, DASDProactiveDelta: &delta})
		m := res.Metrics()
		fmt.Printf("δ=%d: served %d of %d, %d migrations (%d proactive), load variance %.4f\n",
			delta, res.ServedAll, res.ArrivedAll, res.MigrationsAll, res.ProactiveMovesAll, m.LoadVariance)
	}
	_, err := rmts.Parse(strings.NewReader(`{"servers": {"count": 1, "capacity": 1}, "contents": {"count": 1, "duration": 1},
 "placement": {"holders": [[0]]}, "arrivals": {"rate": 1, "horizon": 10}, "policy": {"dasd_proactive_delta": 1}}`))
	fmt.Println(err)
	// Output:
	// δ=0: served 10 of 10, 0 migrations (0 proactive), load variance 1.0278
	// δ=2: served 10 of 10, 5 migrations (5 proactive), load variance 0.4944
	// rmts: invalid input: policy.dasd_proactive_delta: must be 0 (off) or >= 2 (δ = 1 would move streams back and forth), got 1
}

// Progress counts the (rate, trace) units of a run, each a trace's offline
// LP bound and its simulations: here 2 × 4 units (two rates, four runs)
// of the 2 × 2 × 4 simulations (two policies), reported as done/total
// without a terminal.
func ExampleScenario_Run_progress() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	var seen []string
	ex := rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.MaxFlow}, Rates: []float64{1, 2}, Workers: 1, Bound: true, Backend: "simplex",
		Progress: func(done, total int) {
			if done == 0 || done == 4 || done == total {
				seen = append(seen, fmt.Sprintf("%d/%d", done, total))
			}
		}}
	res, err := sc.Run(context.Background(), ex)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(seen, res.Done, res.Total, res.Partial())
	// Output: [0/8 4/8 8/8] 16 16 false
}

func ExampleCheckArrivals() {
	// A sweep over ξ checks each rate against the instance's horizon.
	for _, xi := range []float64{40, 2e5} {
		fmt.Println(rmts.CheckArrivals(xi, 600))
	}
	// Output:
	// <nil>
	// rmts: invalid input: arrivals.horizon: 600 min at rate 200000/min means about 1.2e+08 requests per trace, over the cap of 1e+07
}

// The metric names of JSON, CSV and the summaries, with their units.
func ExamplePointMetrics() {
	for _, m := range rmts.PointMetrics()[2:4] {
		fmt.Printf("%s [%s] %s\n", m.Metric, m.Unit, m.About)
	}
	// Output:
	// success [] success rate μ = served / arrived
	// delay [τ] mean service delay T̄ = Σ(λ_i+1)/N over the served requests
}

func ExampleBoundMetrics() {
	for _, m := range rmts.BoundMetrics() {
		fmt.Println(m.Metric)
	}
	// Output:
	// bound
	// bound_success
}

// The plan of a sweep over two rates and two weights: RMTS, which uses α,
// runs at every (ξ, α); REM once per rate, at the first α. The
// replications and the seed are the instance's.
func ExampleScenario_Plan() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	pl, err := sc.Plan(rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.REM}, Rates: []float64{1, 2}, Alphas: []float64{0.3, 0.7}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("runs=%d seed=%d\n", pl.Runs, pl.Seed)
	for _, c := range pl.Cells {
		fmt.Printf("%s ξ=%g α=%g\n", c.Policy, c.Rate, c.Alpha)
	}
	_, err = sc.Plan(rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS}, Alphas: []float64{2}})
	fmt.Println(err)
	// Output:
	// runs=4 seed=3
	// rmts ξ=1 α=0.3
	// rmts ξ=1 α=0.7
	// rmts ξ=2 α=0.3
	// rmts ξ=2 α=0.7
	// rem ξ=1 α=0.3
	// rem ξ=2 α=0.3
	// rmts: invalid input: alphas[0]: must be in [0, 1], got 2
}

// Compare RMTS with REM on the same traces: the paired differences of
// every metric, at a 90% level.
func ExampleExperimentResult_Diff() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	res, err := sc.Run(context.Background(), rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.REM}, Rates: []float64{2}, Runs: 8,
		Confidence: 0.9, Compare: [][2]rmts.Policy{{rmts.RMTS, rmts.REM}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _ := res.Diff(rmts.RMTS, rmts.REM, 2, res.Alphas[0])
	st, _ := d.Stats.Get(rmts.MetricMigrationsPerReq.String())
	fmt.Printf("rmts − rem: %d traces, migrations/request %.3f ± %.3f (%g%% CI)\n", st.N, st.Mean, st.HalfWidth, 100*d.Stats.Level)
	// Output: rmts − rem: 8 traces, migrations/request -0.027 ± 0.016 (90% CI)
}
