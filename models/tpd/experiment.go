package tpd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/nonneg"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// BoundKind selects which lower bounds an experiment computes.
type BoundKind int

const (
	// BoundTrivial computes LB0 only.
	BoundTrivial BoundKind = iota
	// BoundSRPT computes LB0 and LB_SRPT.
	BoundSRPT
	// BoundLP computes LB0 and the windowed LB_LP.
	BoundLP
	// BoundAll computes LB0, LB_SRPT, LB_LP and LB_LAG.
	BoundAll
	// BoundLagrange computes LB0, LB_SRPT and the Lagrangian LB_LAG of the
	// whole trace: the bound for heavy load, where LB_LP's windows see no
	// contention.
	BoundLagrange
	// BoundTight computes LB0, LB_SRPT, LB_LAG and LB_TIGHT in one run of
	// LowerBoundLagrange: LB_LAG is its first phase (IPNs pooled by speed),
	// LB_TIGHT the best of every phase, per IPN on the grids Δ … Δ/2^r
	// (r = LagrangeOptions.Refine, default DefaultLagrangeRefine).
	BoundTight
)

var boundNames = [...]string{"trivial", "srpt", "lp", "all", "lag", "tight"}

func (b BoundKind) String() string {
	if b >= 0 && int(b) < len(boundNames) {
		return boundNames[b]
	}
	return fmt.Sprintf("BoundKind(%d)", int(b))
}

// ParseBound reads "trivial", "srpt", "lp", "lag", "tight" or "all".
func ParseBound(s string) (BoundKind, error) {
	for i, n := range boundNames {
		if strings.EqualFold(s, n) {
			return BoundKind(i), nil
		}
	}
	return 0, inputErr("bound: must be one of lp, lag, tight, srpt, trivial, all, got %q", s)
}

// Experiment describes one batch of replications: one mode (possibly with
// its load overridden), several policies on the same traces.
type Experiment struct {
	ModeName string
	Mode     Mode
	Policies []Policy
	// Discipline, when set, replaces every policy's default queue rule.
	Discipline *Discipline
	Runs       int
	// InfoInterval, when set, replaces the scenario's Δ_info (0 = exact state).
	InfoInterval *float64
	// CountOwn, when set, replaces the scenario's policy.count_own_dispatches.
	CountOwn *bool
	Bound    BoundKind
	// BoundTimeLimit, when > 0, replaces the scenario's bounds.time_limit:
	// the budget of the bounds of each replication (LB_LP's LPs, then
	// LB_LAG's iterations). A bound it stops is still valid.
	BoundTimeLimit time.Duration
	Backend        string // LP backend for LB_LP; "" = the scenario's
	// Lagrange configures LB_LAG (the zero value: the scenario's slot, IPNs
	// pooled by speed, DefaultLagrangeIterations).
	Lagrange LagrangeOptions
	Workers  int
	// Progress, when not nil, is told of every finished replication.
	Progress sim.Progress
	// Reps, when not nil, names the replications to run, ascending in
	// [0, Runs): a shard of the experiment (package internal/shard).
	// Replication r draws from stream r whichever others run, so the
	// Samples of the shards together are those of the whole run.
	Reps []int
	// Finished, when not nil, receives the sample of every replication as
	// it finishes, from the goroutine that ran it (so it must be safe for
	// concurrent use): a run that streams its records. An error it
	// returns fails the replication.
	Finished func(Sample) error
}

// PolicyStats is the summary of one policy over the replications.
type PolicyStats struct {
	Policy     Policy
	Discipline Discipline
	// Stats holds the PolicyMetrics and the per-IPN UtilMetric (read them
	// with Stat).
	Stats sim.Summary
}

// Sample is one replication's raw numbers: the BoundMetrics, and the
// PolicyMetrics (with the per-IPN UtilMetric) of each policy by its
// position in Experiment.Policies.
type Sample struct {
	Rep      int // the replication, 0..Runs-1; it drew from stream Rep of the seed
	Bounds   map[string]float64
	Policies []map[string]float64
}

// ExperimentResult holds the per-policy summaries and the bounds.
type ExperimentResult struct {
	ModeName string
	Mode     Mode
	Rate     float64 // base arrival rate, 1/s
	Load     float64 // offered load ρ = rate·w̄ / Σ Q_k v_k
	Runs     int     // replications asked for
	// Done is the number of replications that finished: Runs, or fewer
	// when a time limit or a cancellation stopped the run (see Partial).
	// Every summary is over these Done replications.
	Done  int
	Bound BoundKind
	// BoundTimeLimit is the budget of the bounds of each replication (0:
	// none); BudgetCuts says which bounds it stopped and how far they got.
	BoundTimeLimit time.Duration
	Policies       []PolicyStats
	// Bounds holds the BoundMetrics the experiment's BoundKind computes
	// (read them with BoundStat).
	Bounds sim.Summary
	// Samples are the raw numbers of the Done replications, by replication.
	Samples []Sample
}

// Partial reports whether the run stopped before every replication finished.
func (r *ExperimentResult) Partial() bool { return r.Done < r.Runs }

// OfferedLoad is ρ = λ w̄ / Σ_k Q_k v_k for base rate λ.
func (s *Scenario) OfferedLoad(m Mode) float64 { return s.Rate(m) / s.TaskCapacity() }

// Run executes the experiment: replication r draws its trace from
// sim.Stream(seed, r) and every policy then continues from the same stream
// state, so all policies see the same sub-tasks and the same random
// numbers (common random numbers); replications run on all cores.
//
// Once ctx is done (a deadline, a cancellation) the running replications
// stop within a few thousand events, and Run returns the summaries over the
// replications that finished (Done of them, possibly none) together with
// an error that wraps ctx.Err(); the result is then Partial.
func (s *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	if err := ex.Mode.validate("mode"); err != nil {
		return nil, err
	}
	if len(ex.Policies) == 0 {
		return nil, inputErr("policies: must name at least one policy")
	}
	if ex.InfoInterval != nil && !(*ex.InfoInterval >= 0) {
		return nil, inputErr("info_interval: must be >= 0, got %g", *ex.InfoInterval)
	}
	if err := CheckRuns("experiment", ex.Runs, ex.Mode.Count); err != nil {
		return nil, err
	}
	if ex.CountOwn != nil {
		c := *s
		c.CountOwn = *ex.CountOwn
		s = &c
	}
	backend := ex.Backend
	if backend == "" {
		backend = s.Backend
	}
	n := ex.Runs
	if ex.Reps != nil {
		n = len(ex.Reps)
		for i, r := range ex.Reps {
			if r < 0 || r >= ex.Runs || i > 0 && r <= ex.Reps[i-1] {
				return nil, inputErr("reps[%d]: must rise within [0, %d), got %d", i, ex.Runs, r)
			}
		}
	}
	disc := ex.discipline
	samples, err := sim.Run(ctx, n, sim.Options{Seed: s.Seed, Workers: ex.Workers, Progress: ex.Progress, Reps: ex.Reps},
		func(ctx context.Context, rep sim.Rep) (Sample, error) {
			tasks, pcg, err := s.replicationTrace(ex.Mode, rep.Index)
			if err != nil {
				return Sample{}, err
			}
			out := Sample{Rep: rep.Index, Bounds: map[string]float64{}, Policies: make([]map[string]float64, len(ex.Policies))}
			bound := func(m Metric, v float64) { out.Bounds[string(m)] = v }
			lb0 := lb0(s, tasks)
			tlb := lb0
			bound(MetricLB0, lb0)
			// A replication of 10⁵ sub-tasks has steps of a fraction of a
			// second that do not watch ctx: look between them.
			if err := ctx.Err(); err != nil {
				return Sample{}, err
			}
			limit := s.boundTimeLimit(ex)
			bctx, deadline := ctx, time.Time{}
			if limit > 0 {
				deadline = time.Now().Add(limit)
				var cancel context.CancelFunc
				bctx, cancel = context.WithDeadline(ctx, deadline)
				defer cancel()
			}
			best := math.Inf(1) // the least total delay of a feasible schedule
			if ex.Bound == BoundSRPT || ex.Bound == BoundAll || ex.Bound == BoundLagrange || ex.Bound == BoundTight {
				v := lbSRPT(s, tasks)
				bound(MetricLBSRPT, v)
				tlb = math.Max(tlb, v)
			}
			if ex.Bound == BoundLP || ex.Bound == BoundAll {
				b, err := LowerBoundLP(bctx, s, tasks, s.Slot, s.WindowMaxTasks, backend, solve.Options{})
				if err != nil {
					return Sample{}, err
				}
				bound(MetricLBLP, b.Value)
				bound(MetricLPWindows, float64(b.Windows))
				bound(MetricLPSolved, float64(b.Solved))
				bound(MetricLPCut, float64(b.Cut))
				tlb = math.Max(tlb, b.Value)
				if err := ctx.Err(); err != nil {
					return Sample{}, err // LB_LP fell back to weaker windows: not a full replication
				}
			}
			if ex.Bound == BoundLagrange || ex.Bound == BoundAll || ex.Bound == BoundTight {
				opt := ex.Lagrange
				opt.Schedule = true
				tight := ex.Bound == BoundTight
				if tight {
					opt.PerIPN = true
					if opt.Refine == 0 {
						opt.Refine = DefaultLagrangeRefine
					}
				}
				if limit > 0 {
					// What LB_LP left of the budget; at least one
					// iteration runs, so LB_LAG ≥ LB0 whatever is left.
					opt.TimeLimit = max(time.Until(deadline), time.Nanosecond)
				}
				b, err := LowerBoundLagrange(ctx, s, tasks, opt)
				if err != nil {
					return Sample{}, err
				}
				if tight {
					bound(MetricLBLag, b.Pooled)
					bound(MetricLBTight, b.Value)
				} else {
					bound(MetricLBLag, b.Value)
				}
				bound(MetricLagIterations, float64(b.Iterations))
				stopped := 0.0
				if b.Stopped {
					stopped = 1
				}
				bound(MetricLagStopped, stopped)
				bound(MetricLagPhases, float64(b.Phases))
				bound(MetricLagPlanned, float64(b.Planned))
				bound(MetricLagLastIterations, float64(b.LastIterations))
				bound(MetricLagLastCap, float64(b.LastCap))
				tlb = math.Max(tlb, b.Value)
				best = math.Min(best, b.ScheduleTotal)
			}
			bound(MetricTLB, tlb)
			if err := ctx.Err(); err != nil {
				return Sample{}, err
			}
			_, greedy := greedyRounded(s, tasks, 0)
			bound(MetricGreedyUB, greedy)
			best = math.Min(best, greedy)
			info := float64(UseScenarioInfo)
			if ex.InfoInterval != nil {
				info = *ex.InfoInterval
			}
			for i, p := range ex.Policies {
				st := *pcg // same stream state for every policy
				r, err := Simulate(ctx, s, tasks, Config{Policy: p, Discipline: disc(p), InfoInterval: info, Warmup: ex.Mode.Warmup}, rand.New(&st))
				if err != nil {
					return Sample{}, err
				}
				m := map[string]float64{}
				for k, v := range r.Metrics(s) {
					m[string(k)] = v
				}
				// T_LB bounds every schedule: a policy below it beyond
				// rounding means a bound is wrong.
				if m[string(MetricGapPct)], err = nonneg.Pct("T_LB", tlb, p.String()+"'s total delay", r.TotalDelay); err != nil {
					return Sample{}, fmt.Errorf("tpd: replication %d: %w", rep.Index, err)
				}
				m[string(MetricGapGreedyPct)] = 100 * (r.TotalDelay - greedy) / greedy
				out.Policies[i] = m
				best = math.Min(best, r.TotalDelay)
			}
			if _, err := nonneg.Diff("T_LB", tlb, "best UB", best); err != nil {
				return Sample{}, fmt.Errorf("tpd: replication %d: %w", rep.Index, err)
			}
			bound(MetricBestUB, best)
			if ex.Finished != nil {
				if err := ex.Finished(out); err != nil {
					return Sample{}, err
				}
			}
			return out, nil
		})
	samples = sim.Finished(samples, err)
	if samples == nil {
		return nil, err
	}
	res := s.Aggregate(ex, samples)
	if err != nil {
		return res, fmt.Errorf("tpd: %s ρ=%.3g: %w", ex.ModeName, res.Load, err)
	}
	return res, nil
}

// discipline is the queue rule of policy p in the experiment.
func (ex *Experiment) discipline(p Policy) Discipline {
	if ex.Discipline != nil {
		return *ex.Discipline
	}
	return p.DefaultDiscipline()
}

// Aggregate summarises the samples of replications of the experiment, in
// the order given (Run gives them by replication): the result Run
// returns. A merge of the Samples of the shards of a run, in replication
// order, gives the same numbers as the unsharded run.
func (s *Scenario) Aggregate(ex Experiment, samples []Sample) *ExperimentResult {
	res := &ExperimentResult{ModeName: ex.ModeName, Mode: ex.Mode, Rate: s.Rate(ex.Mode), Load: s.OfferedLoad(ex.Mode), Runs: ex.Runs, Bound: ex.Bound,
		Done: len(samples), Samples: samples, BoundTimeLimit: s.boundTimeLimit(ex)}
	col := make([]map[string]float64, len(samples))
	for r, smp := range samples {
		col[r] = smp.Bounds
	}
	res.Bounds = summarize(col)
	for i, p := range ex.Policies {
		for r, smp := range samples {
			col[r] = smp.Policies[i]
		}
		res.Policies = append(res.Policies, PolicyStats{Policy: p, Discipline: ex.discipline(p), Stats: summarize(col)})
	}
	return res
}

// boundTimeLimit is the budget of the bounds of each replication of ex.
func (s *Scenario) boundTimeLimit(ex Experiment) time.Duration {
	if ex.BoundTimeLimit > 0 {
		return ex.BoundTimeLimit
	}
	return s.BoundTimeLimit
}

// BudgetCut says how far a bound got in the replications in which the
// bounds' time budget stopped it: the bound stays valid, only less tight
// than the full run's. The counts are means over those replications.
type BudgetCut struct {
	Bound Metric // MetricLBLP, MetricLBLag, or MetricLBTight (its first phase is LB_LAG)
	Reps  int    // replications the budget stopped it in, of ExperimentResult.Done
	// LB_LP: windows left at their LB0/LB_SRPT bound, of all its windows.
	WindowsCut, Windows float64
	// LB_LAG, LB_TIGHT: phases begun, of those planned, and the
	// iterations the last one begun ran, of the most it could run.
	Phases, Planned, Iterations, Cap float64
}

// BudgetCuts lists the bounds the time budget stopped in at least one
// replication (LB_LP first), from the Samples: empty when every bound ran
// to its end.
func (r *ExperimentResult) BudgetCuts() []BudgetCut {
	lp, lag := BudgetCut{Bound: MetricLBLP}, BudgetCut{Bound: MetricLBLag}
	if r.Bound == BoundTight {
		lag.Bound = MetricLBTight
	}
	for _, smp := range r.Samples {
		b := smp.Bounds
		if b[string(MetricLPCut)] > 0 {
			lp.Reps++
			lp.WindowsCut += b[string(MetricLPCut)]
			lp.Windows += b[string(MetricLPWindows)]
		}
		if b[string(MetricLagStopped)] > 0 {
			lag.Reps++
			lag.Phases += b[string(MetricLagPhases)]
			lag.Planned += b[string(MetricLagPlanned)]
			lag.Iterations += b[string(MetricLagLastIterations)]
			lag.Cap += b[string(MetricLagLastCap)]
		}
	}
	var out []BudgetCut
	if lp.Reps > 0 {
		n := float64(lp.Reps)
		lp.WindowsCut, lp.Windows = lp.WindowsCut/n, lp.Windows/n
		out = append(out, lp)
	}
	if lag.Reps > 0 {
		n := float64(lag.Reps)
		lag.Phases, lag.Planned, lag.Iterations, lag.Cap = lag.Phases/n, lag.Planned/n, lag.Iterations/n, lag.Cap/n
		out = append(out, lag)
	}
	return out
}

// summarize is the 95% summary (sim.Summarize) of the metrics of the
// samples, a metric a sample lacks being missing in it.
func summarize(samples []map[string]float64) sim.Summary {
	at := map[string]int{}
	var cols []sim.Column
	for i, s := range samples {
		for name, v := range s {
			j, ok := at[name]
			if !ok {
				j = len(cols)
				at[name] = j
				cols = append(cols, sim.Column{Name: name, Values: slices.Repeat([]float64{math.NaN()}, len(samples))})
			}
			cols[j].Values[i] = v
		}
	}
	sum := sim.Summarize(cols, sim.DefaultConfidence)
	sum.Runs = len(samples)
	return sum
}
