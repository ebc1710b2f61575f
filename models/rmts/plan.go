package rmts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/streamopt/streamopt/sim"
)

// Cell is one (policy, ξ, α) combination an experiment simulates on every
// trace.
type Cell struct {
	Policy Policy
	Rate   float64 // ξ, requests per minute
	Alpha  float64 // α; Plan.Alphas[0] for a policy that does not use it
}

// Plan is an experiment with its defaults resolved: what Run simulates.
type Plan struct {
	Rates  []float64 // ξ values, in order
	Alphas []float64 // α values, in order
	Runs   int       // replications (traces) per rate
	Seed   uint64    // seed of the traces
	// Cells lists the combinations in the order policy, rate, α. A policy
	// that does not use α (Policy.UsesAlpha) has one cell per rate, at
	// Alphas[0], whose result Run reports for every α.
	Cells []Cell
	// Confidence is the level of the intervals (the experiment's, else
	// sim.DefaultConfidence); Compare the pairs of policies compared.
	Confidence float64
	Compare    [][2]Policy
}

// Plan resolves the defaults of an experiment and expands it into its
// cells: the rates are ex.Rates, else the instance's arrivals.rate; the
// weights ex.Alphas, else the instance's policy.alpha; the replications
// ex.Runs, else the instance's runs, else 20; the seed *ex.Seed, else the
// instance's. An error wraps ErrInput and names the field of the
// experiment ("policies", "rates[i]", "alphas[i]", "runs").
func (sc *Scenario) Plan(ex Experiment) (*Plan, error) {
	if len(ex.Policies) == 0 {
		return nil, inputErr("policies: must name at least one")
	}
	for i, p := range ex.Policies {
		if p < 0 || int(p) >= len(policyNames) {
			return nil, inputErr("policies[%d]: unknown policy %d", i, int(p))
		}
	}
	pl := &Plan{Rates: ex.Rates, Alphas: ex.Alphas, Runs: ex.Runs, Seed: sc.In.Seed}
	if len(pl.Rates) == 0 {
		pl.Rates = []float64{sc.In.Arrivals.Rate}
	}
	for i, x := range pl.Rates {
		if !(x > 0) || !finite(x) {
			return nil, inputErr("rates[%d]: must be > 0, got %g", i, x)
		}
		if err := CheckArrivals(x, sc.In.Arrivals.Horizon); err != nil {
			return nil, fmt.Errorf("rates[%d]: %w", i, err)
		}
	}
	if len(pl.Alphas) == 0 {
		pl.Alphas = []float64{sc.Params.Alpha}
	}
	for i, a := range pl.Alphas {
		if !(a >= 0 && a <= 1) {
			return nil, inputErr("alphas[%d]: must be in [0, 1], got %g", i, a)
		}
	}
	if pl.Runs == 0 {
		pl.Runs = sc.In.Runs
	}
	if pl.Runs == 0 {
		pl.Runs = 20
	}
	for _, x := range pl.Rates {
		if err := checkRuns(pl.Runs, x, sc.In.Arrivals.Horizon); err != nil {
			return nil, err
		}
	}
	if ex.Seed != nil {
		pl.Seed = *ex.Seed
	}
	pl.Confidence = ex.Confidence
	if pl.Confidence == 0 {
		pl.Confidence = sim.DefaultConfidence
	}
	if err := sim.CheckConfidence(pl.Confidence); err != nil {
		return nil, inputErr("confidence: must be in (0, 1), got %v", ex.Confidence)
	}
	for i, pr := range ex.Compare {
		for _, p := range pr {
			if !slices.Contains(ex.Policies, p) {
				return nil, inputErr("compare[%d]: policy %s is not among the policies run (%s)", i, p, policyList(ex.Policies))
			}
		}
		if pr[0] == pr[1] {
			return nil, inputErr("compare[%d]: compares %s with itself", i, pr[0])
		}
	}
	pl.Compare = ex.Compare
	pl.Cells = cellsOf(ex.Policies, pl.Rates, pl.Alphas)
	return pl, nil
}

// cellsOf lists the cells of the policies at the rates and α values, in
// the order policy, rate, α (one cell per rate for a policy that does not
// use α).
func cellsOf(policies []Policy, rates, alphas []float64) []Cell {
	var cells []Cell
	for _, p := range policies {
		for _, x := range rates {
			if !p.UsesAlpha() {
				cells = append(cells, Cell{p, x, alphas[0]})
				continue
			}
			for _, a := range alphas {
				cells = append(cells, Cell{p, x, a})
			}
		}
	}
	return cells
}

// policyList names the policies, comma-separated.
func policyList(ps []Policy) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.String()
	}
	return strings.Join(names, ", ")
}
