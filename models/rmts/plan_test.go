package rmts

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// planScenario has rate 2, α 0.4 and seed 9, with runs when runs > 0.
func planScenario(t *testing.T, runs string) *Scenario {
	t.Helper()
	in, err := Parse(strings.NewReader(`{"seed": 9` + runs + `,
 "servers": {"count": 3, "capacity": 4},
 "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], [2]]},
 "arrivals": {"rate": 2, "horizon": 50},
 "policy": {"alpha": 0.4}}`))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestPlan(t *testing.T) {
	sc := planScenario(t, "")
	withRuns := planScenario(t, `, "runs": 6`)
	seed := uint64(17)
	for _, tc := range []struct {
		name   string
		sc     *Scenario
		ex     Experiment
		runs   int
		seed   uint64
		rates  []float64
		alphas []float64
		cells  []Cell
	}{
		// Every default: the instance's rate, α and seed, 20 runs.
		{name: "defaults", sc: sc, ex: Experiment{Policies: []Policy{RMTS, REM}}, runs: 20, seed: 9,
			rates: []float64{2}, alphas: []float64{0.4}, cells: []Cell{{RMTS, 2, 0.4}, {REM, 2, 0.4}}},
		// The instance's runs beat 20; the experiment's beat both.
		{name: "instance runs", sc: withRuns, ex: Experiment{Policies: []Policy{DASD}}, runs: 6, seed: 9,
			rates: []float64{2}, alphas: []float64{0.4}, cells: []Cell{{DASD, 2, 0.4}}},
		{name: "experiment runs and seed", sc: withRuns, ex: Experiment{Policies: []Policy{DASD}, Runs: 3, Seed: &seed}, runs: 3, seed: 17,
			rates: []float64{2}, alphas: []float64{0.4}, cells: []Cell{{DASD, 2, 0.4}}},
		// Order policy, rate, α; an α-independent policy once per rate at
		// the first α.
		{name: "sweep", sc: sc, ex: Experiment{Policies: []Policy{REM, RMTS}, Rates: []float64{1, 3}, Alphas: []float64{0.3, 0.7}},
			runs: 20, seed: 9, rates: []float64{1, 3}, alphas: []float64{0.3, 0.7},
			cells: []Cell{{REM, 1, 0.3}, {REM, 3, 0.3}, {RMTS, 1, 0.3}, {RMTS, 1, 0.7}, {RMTS, 3, 0.3}, {RMTS, 3, 0.7}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl, err := tc.sc.Plan(tc.ex)
			if err != nil {
				t.Fatal(err)
			}
			if pl.Runs != tc.runs || pl.Seed != tc.seed || !slices.Equal(pl.Rates, tc.rates) || !slices.Equal(pl.Alphas, tc.alphas) {
				t.Errorf("plan runs %d seed %d rates %v alphas %v, want %d %d %v %v", pl.Runs, pl.Seed, pl.Rates, pl.Alphas, tc.runs, tc.seed, tc.rates, tc.alphas)
			}
			if !slices.Equal(pl.Cells, tc.cells) {
				t.Errorf("cells %v, want %v", pl.Cells, tc.cells)
			}
		})
	}
}

func TestPlanErrors(t *testing.T) {
	sc := planScenario(t, "")
	for _, tc := range []struct {
		ex   Experiment
		want string
	}{
		{Experiment{}, "policies: must name at least one"},
		{Experiment{Policies: []Policy{RMTS, Policy(9)}}, "policies[1]: unknown policy 9"},
		{Experiment{Policies: []Policy{RMTS}, Rates: []float64{2, 0}}, "rates[1]: must be > 0, got 0"},
		{Experiment{Policies: []Policy{RMTS}, Rates: []float64{1e9}}, "rates[0]: rmts: invalid input: arrivals.horizon: 50 min at rate 1e+09/min"},
		{Experiment{Policies: []Policy{RMTS}, Alphas: []float64{0.5, 1.2}}, "alphas[1]: must be in [0, 1], got 1.2"},
		{Experiment{Policies: []Policy{RMTS}, Runs: -1}, "runs: must be in [1, 100000], got -1"},
	} {
		_, err := sc.Plan(tc.ex)
		if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Plan(%+v) = %v, want an input error with %q", tc.ex, err, tc.want)
		}
	}
}
