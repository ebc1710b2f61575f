package rmts

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

// Experiment is a replicated sweep over arrival rates ξ and weights α.
type Experiment struct {
	Policies []Policy
	Rates    []float64 // ξ values; nil = the instance's rate
	Alphas   []float64 // α values; nil = the instance's α
	Runs     int       // replications per point; 0 = the instance's runs (default 20)
	Seed     *uint64   // nil = the instance's seed
	Workers  int       // 0 = all cores
	// Progress, when not nil, is told of every finished (rate, trace)
	// unit: the trace's bound and every cell simulated on it.
	Progress sim.Progress
	// Bound computes, for every rate and replication, the LP upper bound of
	// the offline optimum on the whole trace (see CompileBound) on Backend,
	// and adds to every point MetricBoundGap = (LP − served)/arrived
	// over the whole run, from empty. Only for small traces.
	Bound   bool
	Backend string
	// Confidence is the level of every confidence interval; 0 means
	// sim.DefaultConfidence (95%).
	Confidence float64
	// Compare lists pairs (A, B) of policies of Policies whose paired
	// differences A − B the result reports (ExperimentResult.Diffs): on
	// trace r both ran on the same arrivals (common random numbers), so
	// the interval is that of the n differences, not of two independent
	// means.
	Compare [][2]Policy
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
	// stopped the run (see Partial). A run stops between (rate, trace)
	// units, so every cell of a rate has the same number of finished
	// replications (Stats.Runs).
	Total, Done int
	// Confidence is the level of every interval of the result.
	Confidence float64
	// Diffs are the paired differences Experiment.Compare asked for, in
	// the order pair, rate, α.
	Diffs []Diff
}

// Diff is the paired difference A − B of every metric of two policies at
// one (ξ, α), over the traces both finished: Stats holds the mean and
// confidence interval of the per-trace differences (study.Compare). A
// policy that does not use α contributes its one cell of the rate.
type Diff struct {
	A, B  Policy
	Rate  float64
	Alpha float64
	Stats sim.Summary
}

// Diff returns the paired difference a − b at (rate, alpha).
func (r *ExperimentResult) Diff(a, b Policy, rate, alpha float64) (Diff, bool) {
	for _, d := range r.Diffs {
		if d.A == a && d.B == b && d.Rate == rate && d.Alpha == alpha {
			return d, true
		}
	}
	return Diff{}, false
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

// Run executes the experiment as a study (Study): for each rate and
// replication r the trace is drawn from stream r (sim.Stream(seed, r)),
// its offline LP bound solved when ex.Bound is set, and every policy and
// α runs on that same trace, continuing the same stream for its coin
// flips (common random numbers). Policies that do not use α run once per
// rate and their result is reported for every α.
//
// Once ctx is done (a deadline, a cancellation) the running simulations and
// LP bounds stop, and Run returns the summaries over the (rate, trace)
// units that finished together with an error that wraps ctx.Err(); the
// result is then Partial.
func (sc *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	if err := solve.CheckBackend(ex.Backend); err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	pl, err := sc.Plan(ex)
	if err != nil {
		return nil, err
	}
	t := sc.trials(pl, ex.Bound, ex.Backend)
	out, err := study.Run(ctx, t, study.Options{Workers: ex.Workers, Progress: ex.Progress})
	if err != nil && out.Result == nil {
		return nil, fmt.Errorf("rmts: %w", err)
	}
	if err != nil {
		return out.Result, fmt.Errorf("rmts: %w", err)
	}
	return out.Result, nil
}

// points summarises the finished replications (mask) of every cell, in the
// order policy, rate, alpha; an α-independent cell gives one point per α.
func points(cells []Cell, alphas []float64, runs int, level float64, out []RunMetrics, mask []bool) []Point {
	var pts []Point
	for ci, c := range cells {
		var fin []RunMetrics
		for r := 0; r < runs; r++ {
			if i := r*len(cells) + ci; mask[i] {
				fin = append(fin, out[i])
			}
		}
		sum := study.Summarize(fin, level)
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

// cellIndex returns the index in cells of policy p at (rate, alpha): the
// policy's one cell of the rate when it does not use α; -1 when it has none.
func cellIndex(cells []Cell, p Policy, rate, alpha float64) int {
	for i, c := range cells {
		if c.Policy == p && c.Rate == rate && (!p.UsesAlpha() || c.Alpha == alpha) {
			return i
		}
	}
	return -1
}

// diffs computes the paired differences of every pair of compare at every
// (rate, α), over the traces where both cells finished.
func diffs(compare [][2]Policy, cells []Cell, rates, alphas []float64, runs int, level float64, out []RunMetrics, mask []bool) []Diff {
	var ds []Diff
	for _, pr := range compare {
		for _, x := range rates {
			for _, a := range alphas {
				ia, ib := cellIndex(cells, pr[0], x, a), cellIndex(cells, pr[1], x, a)
				if ia < 0 || ib < 0 {
					continue
				}
				var fa, fb []RunMetrics
				for r := 0; r < runs; r++ {
					ka, kb := r*len(cells)+ia, r*len(cells)+ib
					if mask[ka] && mask[kb] {
						fa, fb = append(fa, out[ka]), append(fb, out[kb])
					}
				}
				ds = append(ds, Diff{A: pr[0], B: pr[1], Rate: x, Alpha: a, Stats: study.Compare(fa, fb, level)})
			}
		}
	}
	return ds
}
