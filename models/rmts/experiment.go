package rmts

import (
	"context"
	"errors"
	"fmt"

	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// Experiment is a replicated sweep over arrival rates ξ and weights α.
type Experiment struct {
	Policies []Policy
	Rates    []float64    // ξ values; nil = the instance's rate
	Alphas   []float64    // α values; nil = the instance's α
	Runs     int          // replications per point; 0 = the instance's runs (default 20)
	Seed     *uint64      // nil = the instance's seed
	Workers  int          // 0 = all cores
	Progress sim.Progress // when not nil, told of every finished replication (bounds, then simulations)
	// Bound computes, for every rate and replication, the LP upper bound of
	// the offline optimum on the whole trace (see CompileBound) on Backend,
	// and adds to every point MetricBoundGap = (LP − served)/arrived
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
	// Bounds[i] summarises the BoundMetrics over the replications of
	// Rates[i] when Experiment.Bound was set (read them with BoundStat).
	Bounds []sim.Summary
	// Total and Done count the simulated replications, one per trace and
	// (policy, ξ, α) cell: Done < Total when a time limit or a cancellation
	// stopped the run (see Partial). Every summary is over its own finished
	// replications (Stats.Runs); a run stopped while the LP bounds were
	// computed has no simulated replication.
	Total, Done int
}

// Partial reports whether the run stopped before every replication finished.
func (r *ExperimentResult) Partial() bool { return r.Done < r.Total }

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
//
// Once ctx is done (a deadline, a cancellation) the running simulations and
// LP bounds stop, and Run returns the summaries over the replications that
// finished (each point with its own count) together with an error that
// wraps ctx.Err(); the result is then Partial.
func (sc *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	if err := solve.CheckBackend(ex.Backend); err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	pl, err := sc.Plan(ex)
	if err != nil {
		return nil, err
	}
	rates, alphas, runs, seed, cells := pl.Rates, pl.Alphas, pl.Runs, pl.Seed, pl.Cells
	// Replications are numbered trace-major (index r·len(cells) + cell), so
	// that a run stopped early has about as many replications of every cell,
	// paired on the same traces.
	n := len(cells) * runs
	horizon, warmup := sc.In.Arrivals.Horizon, sc.In.Arrivals.Warmup
	nb := 0
	if ex.Bound {
		nb = len(rates) * runs
	}
	er := &ExperimentResult{Runs: runs, Seed: seed, Rates: rates, Alphas: alphas, Total: n}
	var bounds []map[string]float64
	if ex.Bound {
		bounds, err = sim.Run(ctx, nb, sim.Options{Seed: seed, Workers: ex.Workers, Progress: offset(ex.Progress, 0, nb+n)},
			func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
				x, r := rates[rep.Index%len(rates)], rep.Index/len(rates)
				trace := sc.boundTrace(seed, x, r)
				b, err := sc.OfflineBound(ctx, trace, false, ex.Backend)
				if err != nil {
					return nil, err
				}
				return stringKeys(map[Metric]float64{MetricBound: b.Value, MetricBoundSuccess: ratio(b.Value, float64(len(trace)))}), nil
			})
		if err != nil {
			if sim.Finished(bounds, err) == nil {
				return nil, fmt.Errorf("rmts: %w", err)
			}
			mask := doneMask(err, nb)
			for i := range rates {
				var fin []map[string]float64
				for r := 0; r < runs; r++ {
					if mask[r*len(rates)+i] {
						fin = append(fin, bounds[r*len(rates)+i])
					}
				}
				er.Bounds = append(er.Bounds, sim.Summarize(fin))
			}
			er.Points = points(cells, alphas, runs, nil, nil)
			return er, fmt.Errorf("rmts: offline LP bounds: %w", err)
		}
	}
	rateIndex := map[float64]int{}
	for i, x := range rates {
		rateIndex[x] = i
	}
	out, err := sim.Run(ctx, n, sim.Options{Seed: seed, Workers: ex.Workers, Progress: offset(ex.Progress, nb, nb+n)},
		func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
			c := cells[rep.Index%len(cells)]
			r := rep.Index / len(cells)
			rng := sim.Stream(seed, r)
			trace := sc.Trace(rng, c.Rate, horizon)
			a := c.Alpha
			res, err := sc.Simulate(ctx, trace, rng, RunOptions{Policy: c.Policy, Alpha: &a, Horizon: horizon, Warmup: warmup})
			if err != nil {
				return nil, err
			}
			m := res.Metrics()
			if bounds != nil {
				m[MetricBoundGap] = ratio(bounds[r*len(rates)+rateIndex[c.Rate]][string(MetricBound)]-float64(res.ServedAll), float64(res.ArrivedAll))
			}
			return stringKeys(m), nil
		})
	if err != nil && sim.Finished(out, err) == nil {
		return nil, fmt.Errorf("rmts: %w", err)
	}
	if bounds != nil {
		for i := range rates {
			var per []map[string]float64
			for r := 0; r < runs; r++ {
				per = append(per, bounds[r*len(rates)+i])
			}
			er.Bounds = append(er.Bounds, sim.Summarize(per))
		}
	}
	mask := doneMask(err, n)
	for _, ok := range mask {
		if ok {
			er.Done++
		}
	}
	er.Points = points(cells, alphas, runs, out, mask)
	for i, m := range out {
		if mask[i] {
			er.Events += uint64(m[string(MetricEvents)])
		}
	}
	if err != nil {
		return er, fmt.Errorf("rmts: %w", err)
	}
	return er, nil
}

// points summarises the finished replications (mask) of every cell, in the
// order policy, rate, alpha; an α-independent cell gives one point per α.
func points(cells []Cell, alphas []float64, runs int, out []map[string]float64, mask []bool) []Point {
	var pts []Point
	for ci, c := range cells {
		var fin []map[string]float64
		for r := 0; r < runs && out != nil; r++ {
			if i := r*len(cells) + ci; mask[i] {
				fin = append(fin, out[i])
			}
		}
		sum := sim.Summarize(fin)
		if c.Policy.UsesAlpha() {
			pts = append(pts, Point{c.Policy, c.Rate, c.Alpha, sum})
			continue
		}
		for _, a := range alphas {
			pts = append(pts, Point{c.Policy, c.Rate, a, sum})
		}
	}
	return pts
}

// doneMask says which of n replications finished: all when err is nil,
// those of err's *sim.PartialError otherwise.
func doneMask(err error, n int) []bool {
	var pe *sim.PartialError
	if errors.As(err, &pe) {
		return pe.Done
	}
	mask := make([]bool, n)
	for i := range mask {
		mask[i] = true
	}
	return mask
}

// offset reports the progress of a phase as part of a larger count: done
// of this phase is base+done of total. The opening call of a later phase
// repeats the count the previous phase ended with, so it is dropped.
func offset(p sim.Progress, base, total int) sim.Progress {
	if p == nil {
		return nil
	}
	return func(done, _ int) {
		if done > 0 || base == 0 {
			p(base+done, total)
		}
	}
}
