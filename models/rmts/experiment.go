package rmts

import (
	"context"
	"fmt"
	"io"

	"github.com/streamopt/streamopt/sim"
)

// Experiment is a replicated sweep over arrival rates ξ and weights α.
type Experiment struct {
	Policies []Policy
	Rates    []float64 // ξ values; nil = the instance's rate
	Alphas   []float64 // α values; nil = the instance's α
	Runs     int       // replications per point; 0 = the instance's runs (default 20)
	Seed     *uint64   // nil = the instance's seed
	Workers  int       // 0 = all cores
	Progress io.Writer // progress bar when a terminal
	// Bound computes, for every rate and replication, the LP upper bound of
	// the offline optimum on the whole trace (see CompileBound) on Backend,
	// and adds to every point the metric bound_gap = (LP − served)/arrived
	// over the whole run, from empty. Only for small traces.
	Bound   bool
	Backend string
}

// Point is the summary of one (policy, ξ, α) cell.
type Point struct {
	Policy Policy
	Rate   float64
	Alpha  float64
	Stats  sim.Summary
}

// ExperimentResult holds every point in the order policy, rate, alpha.
type ExperimentResult struct {
	Runs   int
	Seed   uint64
	Rates  []float64
	Alphas []float64
	Points []Point
	Events uint64 // total events simulated
	// Bounds[i] summarises LP/arrived (metric "bound_success") over the
	// replications of Rates[i] when Experiment.Bound was set.
	Bounds []sim.Summary
}

// Get returns the point of (policy, rate, alpha).
func (r *ExperimentResult) Get(p Policy, rate, alpha float64) (Point, bool) {
	for _, pt := range r.Points {
		if pt.Policy == p && pt.Rate == rate && pt.Alpha == alpha {
			return pt, true
		}
	}
	return Point{}, false
}

// Run executes the experiment: for each rate and replication r the trace
// is drawn from stream r (sim.Stream(seed, r)) and every policy and α runs
// on that same trace, continuing the same stream for its coin flips
// (common random numbers). Policies that do not use α run once per rate and
// their result is reported for every α.
func (sc *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	if len(ex.Policies) == 0 {
		return nil, inputErr("policies: must name at least one")
	}
	rates := ex.Rates
	if len(rates) == 0 {
		rates = []float64{sc.In.Arrivals.Rate}
	}
	for i, x := range rates {
		if !(x > 0) || !finite(x) {
			return nil, inputErr("rates[%d]: must be > 0, got %g", i, x)
		}
	}
	alphas := ex.Alphas
	if len(alphas) == 0 {
		alphas = []float64{sc.Params.Alpha}
	}
	for i, a := range alphas {
		if !(a >= 0 && a <= 1) {
			return nil, inputErr("alphas[%d]: must be in [0, 1], got %g", i, a)
		}
	}
	runs := ex.Runs
	if runs == 0 {
		runs = sc.In.Runs
	}
	if runs == 0 {
		runs = 20
	}
	if runs < 0 {
		return nil, inputErr("runs: must be >= 1, got %d", runs)
	}
	seed := sc.In.Seed
	if ex.Seed != nil {
		seed = *ex.Seed
	}
	type cell struct {
		policy Policy
		rate   float64
		alpha  float64
	}
	var cells []cell
	for _, p := range ex.Policies {
		for _, x := range rates {
			if p.UsesAlpha() {
				for _, a := range alphas {
					cells = append(cells, cell{p, x, a})
				}
			} else {
				cells = append(cells, cell{p, x, alphas[0]})
			}
		}
	}
	n := len(cells) * runs
	horizon, warmup := sc.In.Arrivals.Horizon, sc.In.Arrivals.Warmup
	var bounds []map[string]float64
	if ex.Bound {
		var err error
		bounds, err = sim.Run(ctx, len(rates)*runs, sim.Options{Seed: seed, Workers: ex.Workers, Progress: ex.Progress, Label: "offline LP bound"},
			func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
				x, r := rates[rep.Index/runs], rep.Index%runs
				trace := sc.boundTrace(seed, x, r)
				b, err := sc.OfflineBound(ctx, trace, false, ex.Backend)
				if err != nil {
					return nil, err
				}
				return map[string]float64{"bound": b.Value, "bound_success": ratio(b.Value, float64(len(trace)))}, nil
			})
		if err != nil {
			return nil, fmt.Errorf("rmts: %w", err)
		}
	}
	out, err := sim.Run(ctx, n, sim.Options{Seed: seed, Workers: ex.Workers, Progress: ex.Progress, Label: "rmts"},
		func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
			c := cells[rep.Index/runs]
			r := rep.Index % runs
			rng := sim.Stream(seed, r)
			trace := sc.Trace(rng, c.rate, horizon)
			a := c.alpha
			res, err := sc.Simulate(ctx, trace, rng, RunOptions{Policy: c.policy, Alpha: &a, Horizon: horizon, Warmup: warmup})
			if err != nil {
				return nil, err
			}
			m := res.Metrics()
			if bounds != nil {
				ri := 0
				for i, x := range rates {
					if x == c.rate {
						ri = i
					}
				}
				m["bound_gap"] = ratio(bounds[ri*runs+r]["bound"]-float64(res.ServedAll), float64(res.ArrivedAll))
			}
			return m, nil
		})
	if err != nil {
		return nil, fmt.Errorf("rmts: %w", err)
	}
	er := &ExperimentResult{Runs: runs, Seed: seed, Rates: rates, Alphas: alphas}
	if bounds != nil {
		for i := range rates {
			er.Bounds = append(er.Bounds, sim.Summarize(bounds[i*runs:(i+1)*runs]))
		}
	}
	for ci, c := range cells {
		sum := sim.Summarize(out[ci*runs : (ci+1)*runs])
		for _, m := range out[ci*runs : (ci+1)*runs] {
			er.Events += uint64(m["events"])
		}
		if c.policy.UsesAlpha() {
			er.Points = append(er.Points, Point{c.policy, c.rate, c.alpha, sum})
			continue
		}
		for _, a := range alphas {
			er.Points = append(er.Points, Point{c.policy, c.rate, a, sum})
		}
	}
	return er, nil
}
