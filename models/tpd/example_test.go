package tpd_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

const small = `{
  "seed": 1,
  "ipns": [{"name": "fast", "slots": 2, "speed": 2}, {"name": "slow", "slots": 1, "speed": 1}],
  "latency": {"in": [[1, 0], [0, 1]], "out": [1, 0]},
  "workload": {"frames": {"min": 2, "max": 6}, "modes": {"stable": {"count": 8, "rate": 0.5}}},
  "policy": {"info_interval": 0},
  "bounds": {"slot": 1}
}`

func scenario() *tpd.Scenario {
	in, err := tpd.Parse(strings.NewReader(small))
	if err != nil {
		panic(err)
	}
	s, err := tpd.Build(in)
	if err != nil {
		panic(err)
	}
	return s
}

// On-grid sub-tasks: releases, latencies and processing times are whole
// seconds, so the rounded-up MILP with a 1 s slot is exact.
var tasks = []tpd.Task{
	{ID: 0, Release: 0, Source: 0, Frames: 4, Demand: 1, Deadline: 10},
	{ID: 1, Release: 0, Source: 1, Frames: 2, Demand: 1, Deadline: 10},
	{ID: 2, Release: 1, Source: 1, Frames: 4, Demand: 1, Deadline: 10},
	{ID: 3, Release: 1, Source: 0, Frames: 6, Demand: 1, Deadline: 10},
	{ID: 4, Release: 2, Source: 1, Frames: 2, Demand: 1, Deadline: 10},
}

func ExampleParse() {
	in, err := tpd.Parse(strings.NewReader(`{"ipns": [{"slots": 0, "speed": 1}], "workload": {"frames": {"min": 1, "max": 2}}}`))
	fmt.Println(in == nil, err)
	// Output: true tpd: invalid input: ipns[0].slots: must be >= 1 (an IPN with no slots can run nothing), got 0
}

func ExampleSimulate() {
	s := scenario()
	res, err := tpd.Simulate(context.Background(), s, tasks, tpd.Config{Policy: tpd.TPD, Discipline: tpd.MDD, InfoInterval: tpd.UseScenarioInfo}, sim.Stream(1, 0))
	if err != nil {
		fmt.Println(err)
		return
	}
	total, err := tpd.CheckSchedule(s, tasks, res.Outcomes)
	lb0, _ := tpd.LB0(s, tasks)
	fmt.Println(err == nil, total == res.TotalDelay, res.TotalDelay >= lb0)
	// Output: true true true
}

func ExampleLB0() {
	s := scenario()
	lb0, err := tpd.LB0(s, tasks)
	if err != nil {
		fmt.Println(err)
		return
	}
	srpt, _ := tpd.LBSRPT(s, tasks)
	_, greedy, _ := tpd.Greedy(s, tasks)
	fmt.Println("LB0", lb0, "LB_SRPT", srpt, "greedy (UB)", greedy)
	// Output: LB0 16 LB_SRPT 5.6 greedy (UB) 17
}

// The LP relaxation of the rounded-down time-indexed model of these five
// sub-tasks is 17: clp on its MPS export gives 17, and cbc gives 17 for the
// integer model, so here LB_LP = OPT = the greedy reference.
func ExampleLowerBoundLP() {
	s := scenario()
	lb, err := tpd.LowerBoundLP(context.Background(), s, tasks, 1, 40, "auto", solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("LB_LP", lb.Value, "windows", lb.Windows)
	// Output: LB_LP 17 windows 1
}

// The exact MILP on the same sub-tasks: OPT = 17, as cbc finds on the MPS
// export of the integer model.
func ExampleExact() {
	s := scenario()
	ctx := context.Background()
	ex, err := tpd.Exact(ctx, s, tasks, 1, "auto", solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("OPT", ex.Total, ex.Status)
	// Output: OPT 17 optimal
}

func ExampleScenario_Run() {
	s := scenario()
	res, err := s.Run(context.Background(), tpd.Experiment{
		ModeName: "stable", Mode: s.Modes["stable"], Policies: tpd.Policies, Runs: 5, Bound: tpd.BoundAll,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	lb := res.BoundSummary().TLB
	for _, p := range res.Policies {
		m := p.Summary()
		fmt.Printf("%s gap ≥ 0: %v, T ≥ T_LB: %v, over %d runs\n", p.Policy, m.GapPct.Mean >= 0, m.TotalDelay.Mean >= lb.Mean, m.TotalDelay.N)
	}
	// Output:
	// TPD gap ≥ 0: true, T ≥ T_LB: true, over 5 runs
	// PoD gap ≥ 0: true, T ≥ T_LB: true, over 5 runs
	// CRO gap ≥ 0: true, T ≥ T_LB: true, over 5 runs
	// RND gap ≥ 0: true, T ≥ T_LB: true, over 5 runs
}

// LB_LAG bounds the whole trace at once, without windows or an LP solver.
// Here it reaches 17, the optimum of the LP relaxation of R (clp 1.17.6 on
// its MPS export gives 17) and OPT; L(0) is LB0. The two IPNs have
// different speeds, so pooling by speed changes nothing.
func ExampleLowerBoundLagrange() {
	s := scenario()
	lb, err := tpd.LowerBoundLagrange(context.Background(), s, tasks, tpd.LagrangeOptions{PerIPN: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("LB_LAG %.4f  L(0) = LB0 %g  pooled by speed %.4f\n", lb.Value, lb.Initial, lb.Pooled)
	// Output: LB_LAG 17.0000  L(0) = LB0 16  pooled by speed 17.0000
}

// The bound of --bound tight with a budget of its own and the Lagrangian
// schedule: here the first phase already meets the schedule's total (17 =
// OPT, see ExampleExact), so no finer grid is tried; a budget that ran out
// would return the best bound so far, still valid, with Stopped set.
func ExampleLowerBoundLagrange_refined() {
	s := scenario()
	lb, err := tpd.LowerBoundLagrange(context.Background(), s, tasks, tpd.LagrangeOptions{
		Refine: tpd.DefaultLagrangeRefine, Deadline: time.Now().Add(time.Minute), Schedule: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("LB_TIGHT %.4f  schedule %g  phases %d  stopped %v\n", lb.Value, lb.ScheduleTotal, lb.Phases, lb.Stopped)
	// Output: LB_TIGHT 17.0000  schedule 17  phases 1  stopped false
}

// Progress is a callback, so a library caller (or a batch job, with no
// terminal) sees every finished replication; Run calls it once with 0
// first. A second run is stopped after two replications from inside the
// callback: it returns the two, marked partial, with the context's error.
// (ρ = λ·w̄/ΣQ·v = 0.5·4/(2·2 + 1·1) = 0.4.)
func ExampleScenario_Run_progress() {
	s := scenario()
	ex := tpd.Experiment{ModeName: "stable", Mode: s.Modes["stable"], Policies: tpd.Policies, Runs: 5, Workers: 1}
	calls, last := 0, ""
	ex.Progress = func(done, total int) {
		calls++
		last = fmt.Sprintf("%d/%d", done, total)
	}
	if _, err := s.Run(context.Background(), ex); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d calls, last %s replications\n", calls, last)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ex.Progress = func(done, total int) {
		if done == 2 {
			cancel()
		}
	}
	res, err := s.Run(ctx, ex)
	fmt.Printf("partial %v: %d of %d replications; %v\n", res.Partial(), res.Done, res.Runs, err)
	// Output:
	// 6 calls, last 5/5 replications
	// partial true: 2 of 5 replications; tpd: stable ρ=0.4: sim: stopped after 2 of 5 replications: context canceled
}

// The metric names of JSON, CSV and the summaries, with their units.
func ExampleBoundMetrics() {
	for _, m := range tpd.BoundMetrics()[:3] {
		fmt.Printf("%s [%s]\n", m.Metric, m.Unit)
	}
	// Output:
	// lb0 [s]
	// lb_srpt [s]
	// lb_lp [s]
}

func ExamplePolicyMetrics() {
	for _, m := range tpd.PolicyMetrics() {
		if m.Unit == "%" {
			fmt.Println(m.Metric, "-", m.About)
		}
	}
	// Output:
	// gap_pct - gap to the lower bound, 100 (T − T_LB) / T_LB; 0 when T lies below T_LB by rounding (at most 1e-6 relative), an error beyond
	// gap_greedy_pct - paper-style gap to the greedy upper bound, 100 (T − greedy) / greedy
}

// A plan of a load sweep: one experiment per load, each with the mode's
// rate replaced and three replications.
func ExampleScenario_Plan() {
	s := scenario()
	exps, err := s.Plan(tpd.Request{Modes: []string{"stable"}, Loads: []float64{0.5, 0.9}, Runs: 3, Policies: []tpd.Policy{tpd.TPD}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ex := range exps {
		fmt.Printf("%s ρ=%.2g runs=%d bounds=%s\n", ex.ModeName, s.OfferedLoad(ex.Mode), ex.Runs, ex.Bound)
	}
	res, err := s.Run(context.Background(), exps[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := res.Policies[0].Stat(tpd.MetricDelayMS)
	fmt.Println("delay_ms over", st.N, "replications")
	// Output:
	// stable ρ=0.5 runs=3 bounds=lag
	// stable ρ=0.9 runs=3 bounds=lag
	// delay_ms over 3 replications
}

// The local search from the greedy schedule of the five sub-tasks: the
// greedy is already optimal here (OPT = 17, see ExampleExact), so the
// search keeps its total.
func ExampleImproveSchedule() {
	s := scenario()
	outs, greedy, _ := tpd.Greedy(s, tasks)
	_, total, err := tpd.ImproveSchedule(context.Background(), s, tasks, outs, 0)
	fmt.Println(greedy, total, err)
	// Output: 17 17 <nil>
}

// RandomTrace grows RandomSmallGrid's trace: the same scenario, more
// sub-tasks, for measuring how the exact MILP scales.
func ExampleRandomTrace() {
	s, tasks, err := tpd.RandomTrace(1, 1, 30)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(tasks), "sub-tasks on", s.K(), "IPNs")
	// Output:
	// 30 sub-tasks on 3 IPNs
}

// A request marshals as the grid of a record file: its enums by name.
func ExampleRequest() {
	q := tpd.Request{Loads: []float64{0.5, 0.9}, Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Bound: ptr(tpd.BoundLagrange),
		BoundTimeLimit: time.Minute, Seed: 7}
	b, err := json.Marshal(q)
	fmt.Println(string(b), err)
	// Output:
	// {"loads":[0.5,0.9],"policies":["TPD","PoD"],"bound":"lag","bound_time_limit_ns":60000000000,"seed":7} <nil>
}

// A field of a request out of its range is a *FieldError that names it
// by its JSON name (solve tpd names the flag that set it).
func ExampleFieldError() {
	_, err := scenario().Plan(tpd.Request{LagIterations: -3})
	var fe *tpd.FieldError
	fmt.Println(errors.As(err, &fe), fe.Field, errors.Is(err, tpd.ErrInput))
	fmt.Println(err)
	// Output:
	// true lag_iterations true
	// tpd: invalid input: lag_iterations: must be >= 0, got -3
}

// Every policy of a replication runs on the same trace from the same
// random numbers, so Request.Compare reports TPD − PoD as a paired
// difference: the mean of the per-replication differences equals the
// difference of the two policies' means, its interval at the request's
// level.
func ExampleExperimentResult_Diff() {
	s := scenario()
	exps, err := s.Plan(tpd.Request{Modes: []string{"stable"}, Runs: 4, Seed: 1, Policies: []tpd.Policy{tpd.TPD, tpd.PoD},
		Confidence: 0.9, Compare: [][2]tpd.Policy{{tpd.TPD, tpd.PoD}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Run(context.Background(), exps[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _ := res.Diff(tpd.TPD, tpd.PoD)
	diff, _ := d.Stats.Get(string(tpd.MetricTotalDelay))
	a, _ := res.Policies[0].Stat(tpd.MetricTotalDelay)
	b, _ := res.Policies[1].Stat(tpd.MetricTotalDelay)
	fmt.Printf("level %g, %d pairs, mean %.4g = %.4g − %.4g\n", d.Stats.Level, diff.N, diff.Mean, a.Mean, b.Mean)
	// Output: level 0.9, 4 pairs, mean -4.112 = 26.46 − 30.57
}
