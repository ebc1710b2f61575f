package rmts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/streamopt/streamopt/internal/shard"
	"slices"

	"github.com/streamopt/streamopt/internal/nonneg"
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
	// Reps, when not nil, names for each rate Rates[i] (of the Plan) the
	// replications (traces) to run, ascending in [0, Runs): a shard of the
	// experiment (package internal/shard). Replication r draws from stream
	// r whichever others run, so the samples of the shards together are
	// those of the whole run.
	Reps [][]int
	// Shard, when Reps is nil and it is a strict part (shard.Spec.Sharded),
	// selects Reps: the shard's (rate, trace) units, numbered rate by rate
	// in the plan's order of rates (ShardUnits).
	Shard shard.Spec
	// BoundFinished and Finished, when not nil, receive every trace's
	// bound and every cell's sample as it finishes, from the goroutine
	// that ran it (so they must be safe for concurrent use): a run that
	// streams its records (Plan.Units). An error fails the replication.
	BoundFinished func(BoundSample) error
	Finished      func(Sample) error
}

// Sample is the raw metrics of one replication of one cell:
// Plan.Cells[Cell] on trace Rep.
type Sample struct {
	Cell, Rep int
	Metrics   map[string]float64
}

// BoundSample is the raw BoundMetrics of trace Rep of Plan.Rates[Rate].
type BoundSample struct {
	Rate, Rep int
	Metrics   map[string]float64
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
	// Samples and BoundSamples are the raw numbers of the finished
	// replications, trace-major (by replication, then cell or rate).
	Samples      []Sample
	BoundSamples []BoundSample
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
	rates, runs, seed, cells := pl.Rates, pl.Runs, pl.Seed, pl.Cells
	if ex.Reps == nil && ex.Shard.Sharded() {
		ex.Reps = ex.Shard.Select(pl.ShardUnits())
		for i := range ex.Reps {
			if ex.Reps[i] == nil {
				ex.Reps[i] = []int{} // none of this rate's traces
			}
		}
	}
	if ex.Reps != nil && len(ex.Reps) != len(rates) {
		return nil, inputErr("reps: must list the replications of each of the %d rates, got %d", len(rates), len(ex.Reps))
	}
	for i, reps := range ex.Reps {
		for j, r := range reps {
			if r < 0 || r >= runs || j > 0 && r <= reps[j-1] {
				return nil, inputErr("reps[%d][%d]: must rise within [0, %d), got %d", i, j, runs, r)
			}
		}
	}
	// has reports whether trace r of rate i is run.
	has := func(i, r int) bool { return ex.Reps == nil || slices.Contains(ex.Reps[i], r) }
	rateIndex := map[float64]int{}
	for i, x := range rates {
		rateIndex[x] = i
	}
	// Replications are numbered trace-major (index r·len(cells) + cell), so
	// that a run stopped early has about as many replications of every cell,
	// paired on the same traces.
	n := len(cells) * runs
	horizon, warmup := sc.In.Arrivals.Horizon, sc.In.Arrivals.Warmup
	nb := 0
	if ex.Bound {
		nb = len(rates) * runs
	}
	// The indices run, when the experiment is a shard (nil: all).
	var breps, reps []int
	if ex.Reps != nil {
		breps, reps = []int{}, []int{}
		for k := 0; k < nb; k++ {
			if has(k%len(rates), k/len(rates)) {
				breps = append(breps, k)
			}
		}
		for k := 0; k < n; k++ {
			if has(rateIndex[cells[k%len(cells)].Rate], k/len(cells)) {
				reps = append(reps, k)
			}
		}
	}
	size := func(sel []int, all int) int {
		if sel != nil {
			return len(sel)
		}
		return all
	}
	nbRun, nRun := 0, size(reps, n)
	if ex.Bound {
		nbRun = size(breps, nb)
	}
	var bounds []map[string]float64 // by r·len(rates) + rate
	var bmask []bool
	if ex.Bound {
		got, err := sim.Run(ctx, nbRun, sim.Options{Seed: seed, Workers: ex.Workers, Progress: offset(ex.Progress, 0, nbRun+nRun), Reps: breps},
			func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
				x, r := rates[rep.Index%len(rates)], rep.Index/len(rates)
				trace := sc.boundTrace(seed, x, r)
				b, err := sc.OfflineBound(ctx, trace, false, ex.Backend)
				if err != nil {
					return nil, err
				}
				m := stringKeys(map[Metric]float64{MetricBound: b.Value, MetricBoundSuccess: ratio(b.Value, float64(len(trace)))})
				if ex.BoundFinished != nil {
					if err := ex.BoundFinished(BoundSample{Rate: rep.Index % len(rates), Rep: r, Metrics: m}); err != nil {
						return nil, err
					}
				}
				return m, nil
			})
		if err != nil && sim.Finished(got, err) == nil {
			return nil, fmt.Errorf("rmts: %w", err)
		}
		bounds, bmask = scatter(got, doneMask(err, nbRun), breps, nb)
		if err != nil {
			return aggregate(pl, ex.Bound, bounds, bmask, nil, make([]bool, n)), fmt.Errorf("rmts: offline LP bounds: %w", err)
		}
	}
	got, err := sim.Run(ctx, nRun, sim.Options{Seed: seed, Workers: ex.Workers, Progress: offset(ex.Progress, nbRun, nbRun+nRun), Reps: reps},
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
				// The offline LP bounds every policy's served count: a
				// policy above it beyond rounding means the bound is wrong.
				d, err := nonneg.Diff(fmt.Sprintf("%s's served count", c.Policy), float64(res.ServedAll), "the offline LP bound", bounds[r*len(rates)+rateIndex[c.Rate]][string(MetricBound)])
				if err != nil {
					return nil, fmt.Errorf("rmts: rate %g, replication %d: %w", c.Rate, r, err)
				}
				m[MetricBoundGap] = ratio(d, float64(res.ArrivedAll))
			}
			sm := stringKeys(m)
			if ex.Finished != nil {
				if err := ex.Finished(Sample{Cell: rep.Index % len(cells), Rep: r, Metrics: sm}); err != nil {
					return nil, err
				}
			}
			return sm, nil
		})
	if err != nil && sim.Finished(got, err) == nil {
		return nil, fmt.Errorf("rmts: %w", err)
	}
	out, mask := scatter(got, doneMask(err, nRun), reps, n)
	er := aggregate(pl, ex.Bound, bounds, bmask, out, mask)
	if err != nil {
		return er, fmt.Errorf("rmts: %w", err)
	}
	return er, nil
}

// scatter places the results of a run of the indices sel (nil: 0..n-1)
// at their index among n, with the mask of those that finished.
func scatter(got []map[string]float64, done []bool, sel []int, n int) ([]map[string]float64, []bool) {
	if sel == nil {
		return got, done
	}
	out, mask := make([]map[string]float64, n), make([]bool, n)
	for i, k := range sel {
		out[k], mask[k] = got[i], done[i]
	}
	return out, mask
}

// Aggregate summarises raw samples of the experiment planned as pl (with
// the offline LP bound when bound is set) as Run does: the result Run
// returns when the samples are those it ran. Each (cell, replication) and
// (rate, replication) may appear at most once; the summaries are over
// the replications in ascending order, whatever the order of the samples,
// so the samples of the shards of a run give the unsharded result.
func (sc *Scenario) Aggregate(pl *Plan, bound bool, samples []Sample, boundSamples []BoundSample) (*ExperimentResult, error) {
	out, mask, err := placeSamples("samples", "cell", "cells", len(pl.Cells), pl.Runs, samples,
		func(s Sample) (int, int, map[string]float64) { return s.Cell, s.Rep, s.Metrics })
	if err != nil {
		return nil, err
	}
	var bounds []map[string]float64
	var bmask []bool
	if bound {
		bounds, bmask, err = placeSamples("bound samples", "rate", "rates", len(pl.Rates), pl.Runs, boundSamples,
			func(s BoundSample) (int, int, map[string]float64) { return s.Rate, s.Rep, s.Metrics })
		if err != nil {
			return nil, err
		}
	}
	return aggregate(pl, bound, bounds, bmask, out, mask), nil
}

// placeSamples puts each sample's metrics at replication·width + unit
// (unit a cell or a rate, of width in all), refusing one outside the plan
// or given twice; mask says which places are filled. what, unit and units
// name the samples in the errors.
func placeSamples[S any](what, unit, units string, width, runs int, samples []S, at func(S) (u, rep int, m map[string]float64)) ([]map[string]float64, []bool, error) {
	out, mask := make([]map[string]float64, width*runs), make([]bool, width*runs)
	for _, s := range samples {
		u, rep, m := at(s)
		if u < 0 || u >= width || rep < 0 || rep >= runs {
			return nil, nil, inputErr("%s: %s %d replication %d outside the plan (%d %s, %d runs)", what, unit, u, rep, width, units, runs)
		}
		k := rep*width + u
		if mask[k] {
			return nil, nil, inputErr("%s: %s %d replication %d given twice", what, unit, u, rep)
		}
		out[k], mask[k] = m, true
	}
	return out, mask, nil
}

// aggregate builds the result from the results of every simulation (by
// index r·len(cells) + cell) and LP bound (by r·len(rates) + rate), those
// in mask and bmask having finished.
func aggregate(pl *Plan, bound bool, bounds []map[string]float64, bmask []bool, out []map[string]float64, mask []bool) *ExperimentResult {
	rates, cells, runs := pl.Rates, pl.Cells, pl.Runs
	er := &ExperimentResult{Runs: runs, Seed: pl.Seed, Rates: rates, Alphas: pl.Alphas, Total: len(cells) * runs}
	if bound {
		for i := range rates {
			var fin []map[string]float64
			for r := 0; r < runs; r++ {
				if k := r*len(rates) + i; bmask[k] {
					fin = append(fin, bounds[k])
					er.BoundSamples = append(er.BoundSamples, BoundSample{Rate: i, Rep: r, Metrics: bounds[k]})
				}
			}
			er.Bounds = append(er.Bounds, sim.Summarize(fin))
		}
		slices.SortFunc(er.BoundSamples, func(a, b BoundSample) int { return cmp.Or(cmp.Compare(a.Rep, b.Rep), cmp.Compare(a.Rate, b.Rate)) })
	}
	for k, ok := range mask {
		if ok {
			er.Done++
			er.Events += uint64(out[k][string(MetricEvents)])
			er.Samples = append(er.Samples, Sample{Cell: k % len(cells), Rep: k / len(cells), Metrics: out[k]})
		}
	}
	er.Points = points(cells, pl.Alphas, runs, out, mask)
	return er
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
