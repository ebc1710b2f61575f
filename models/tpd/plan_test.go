package tpd

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// planScenario has three modes: stable with its own runs, burst and heavy
// without, and an instance-wide runs of 7.
func planScenario(t *testing.T, modes string) *Scenario {
	t.Helper()
	in, err := Parse(strings.NewReader(`{
  "seed": 1, "runs": 7,
  "ipns": [{"name": "fast", "slots": 2, "speed": 2}, {"name": "slow", "slots": 1, "speed": 1}],
  "latency": {"in": [[1, 0], [0, 1]], "out": [1, 0]},
  "workload": {"frames": {"min": 2, "max": 6}, "modes": ` + modes + `},
  "bounds": {"slot": 1}
}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const threeModes = `{"stable": {"count": 8, "rate": 0.5, "runs": 4}, "burst": {"count": 9, "rate": 0.25}, "heavy": {"count": 10, "load": 0.9}}`

func TestPlan(t *testing.T) {
	s := planScenario(t, threeModes)
	lp := BoundLP
	fcfs := FCFS
	type point struct {
		mode        string
		count, runs int
		load        float64 // the mode's Load after planning (0: its own rate)
	}
	for _, tc := range []struct {
		name  string
		req   Request
		want  []point
		bound BoundKind
	}{
		// Runs: the mode's (stable: 4) over the instance's (7).
		{"default modes", Request{}, []point{{"stable", 8, 4, 0}, {"burst", 9, 7, 0}}, BoundAll},
		// Runs override beats both.
		{"runs override", Request{Runs: 2}, []point{{"stable", 8, 2, 0}, {"burst", 9, 2, 0}}, BoundAll},
		{"named modes in order", Request{Modes: []string{"heavy", " stable"}}, []point{{"heavy", 10, 7, 0.9}, {"stable", 8, 4, 0}}, BoundAll},
		{"count override", Request{Modes: []string{"burst"}, Count: 3}, []point{{"burst", 3, 7, 0}}, BoundAll},
		// A sweep defaults to "heavy" and to the Lagrangian bounds; each
		// load replaces the mode's rate and load.
		{"sweep", Request{Loads: []float64{0.3, 0.95}}, []point{{"heavy", 10, 7, 0.3}, {"heavy", 10, 7, 0.95}}, BoundLagrange},
		{"sweep of two modes", Request{Modes: []string{"stable", "burst"}, Loads: []float64{0.5, 0.7}, Runs: 1, Count: 5},
			[]point{{"stable", 5, 1, 0.5}, {"stable", 5, 1, 0.7}, {"burst", 5, 1, 0.5}, {"burst", 5, 1, 0.7}}, BoundLagrange},
		{"bound set", Request{Modes: []string{"stable"}, Loads: []float64{0.5}, Bound: &lp}, []point{{"stable", 8, 4, 0.5}}, BoundLP},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exps, err := s.Plan(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			var got []point
			for _, ex := range exps {
				got = append(got, point{ex.ModeName, ex.Mode.Count, ex.Runs, ex.Mode.Load})
				if ex.Bound != tc.bound {
					t.Errorf("%s: bound %s, want %s", ex.ModeName, ex.Bound, tc.bound)
				}
				if !slices.Equal(ex.Policies, Policies) {
					t.Errorf("%s: policies %v, want all", ex.ModeName, ex.Policies)
				}
				if tc.req.Loads != nil && ex.Mode.Rate != 0 {
					t.Errorf("%s: rate %g kept in a sweep, want 0 (set from the load)", ex.ModeName, ex.Mode.Rate)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("plan %v, want %v", got, tc.want)
			}
		})
	}
	// The rest of the request reaches every experiment unchanged.
	req := Request{Modes: []string{"stable", "burst"}, Policies: []Policy{PoD}, Discipline: &fcfs, Backend: "simplex",
		LagIterations: 9, LagPerIPN: true}
	exps, err := s.Plan(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exps {
		if !slices.Equal(ex.Policies, req.Policies) || ex.Discipline != req.Discipline || ex.Backend != req.Backend ||
			ex.Lagrange != (LagrangeOptions{Iterations: 9, PerIPN: true}) {
			t.Errorf("%s: experiment %+v does not carry the request %+v", ex.ModeName, ex, req)
		}
	}
	// Planning leaves the scenario's modes alone.
	if m := s.Modes["heavy"]; m.Load != 0.9 || m.Count != 10 {
		t.Errorf("Plan changed mode heavy to %+v", m)
	}
}

func TestPlanErrors(t *testing.T) {
	s := planScenario(t, threeModes)
	onlyHeavy := planScenario(t, `{"heavy": {"count": 10, "load": 0.9}}`)
	for _, tc := range []struct {
		s    *Scenario
		req  Request
		want string
	}{
		{s, Request{Modes: []string{"rush"}}, `modes: workload.modes has no mode "rush" (has: burst, heavy, stable)`},
		{onlyHeavy, Request{}, "modes: the instance defines no workload.modes.stable or .burst"},
		{s, Request{Loads: []float64{0.5, -1}}, "loads: each value must be a number > 0, got -1"},
		{s, Request{Loads: []float64{0}}, "loads: each value must be a number > 0, got 0"},
		{s, Request{Count: -2}, "count: must be >= 1 (or 0 for each mode's), got -2"},
		{s, Request{Runs: -1}, "runs: must be >= 1"},
		{s, Request{LagIterations: -3}, "lag_iterations: must be >= 0, got -3"},
		{s, Request{BoundTimeLimit: -time.Second}, "bound_time_limit_ns: must be >= 0, got -1s"},
	} {
		_, err := tc.s.Plan(tc.req)
		if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Plan(%+v) = %v, want an input error with %q", tc.req, err, tc.want)
		}
	}
	// A sweep of an instance without "heavy" falls back to "stable".
	exps, err := planScenario(t, `{"stable": {"count": 8, "rate": 0.5}}`).Plan(Request{Loads: []float64{0.5}})
	if err != nil || len(exps) != 1 || exps[0].ModeName != "stable" {
		t.Errorf("sweep without heavy: %v, %v; want one experiment of stable", exps, err)
	}
}
