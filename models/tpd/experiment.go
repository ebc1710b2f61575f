package tpd

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/nonneg"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
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
	// Seed seeds the traces and the policies: replication r draws from
	// stream r of it (sim.Stream).
	Seed uint64
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
	// Confidence is the level of every confidence interval; 0 means
	// sim.DefaultConfidence (95%).
	Confidence float64
	// Compare lists pairs (A, B) of Policies whose paired differences
	// A − B the result reports (ExperimentResult.Diffs): in replication r
	// both ran on the same sub-tasks and random numbers (common random
	// numbers), so the interval is that of the r differences, not of two
	// independent means.
	Compare [][2]Policy
}

// Diff is the paired difference A − B of the metrics of two policies
// over the replications: Stats holds the mean and confidence interval of
// the per-replication differences of every policy metric (study.Compare),
// the per-IPN utilisations named as in PolicyStats.
type Diff struct {
	A, B  Policy
	Stats sim.Summary
}

// PolicyStats is the summary of one policy over the replications.
type PolicyStats struct {
	Policy     Policy
	Discipline Discipline
	// Stats holds the PolicyMetrics and the per-IPN UtilMetric (read them
	// with Stat).
	Stats sim.Summary
}

// Sample is one replication's raw numbers: its bounds, and the metrics of
// each policy by its position in Experiment.Policies. Its fields are
// recorded under the names of BoundMetrics and PolicyMetrics.
type Sample struct {
	Bounds   Bounds
	Policies []PolicyRun
}

// Bounds are the bound metrics of one replication (BoundMetrics); those
// the experiment's BoundKind does not compute are nil.
type Bounds struct {
	LB0      float64  `record:"lb0"`
	TLB      float64  `record:"t_lb"`
	GreedyUB float64  `record:"greedy_ub"`
	BestUB   float64  `record:"best_ub"`
	LBSRPT   *float64 `record:"lb_srpt"`
	// LB_LP and how many of its windows were solved, or cut by the budget.
	LBLP      *float64 `record:"lb_lp"`
	LPWindows *float64 `record:"lp_windows"`
	LPSolved  *float64 `record:"lp_solved"`
	LPCut     *float64 `record:"lp_cut"`
	// LB_LAG (with BoundTight, its first phase), LB_TIGHT and how far the
	// iterations got: LagStopped is 1 when the budget stopped them, else 0.
	LBLag             *float64 `record:"lb_lag"`
	LBTight           *float64 `record:"lb_tight"`
	LagIterations     *float64 `record:"lag_iterations"`
	LagStopped        *float64 `record:"lag_stopped"`
	LagPhases         *float64 `record:"lag_phases"`
	LagPlanned        *float64 `record:"lag_phases_planned"`
	LagLastIterations *float64 `record:"lag_last_iterations"`
	LagLastCap        *float64 `record:"lag_last_cap"`
}

// PolicyRun is the metrics of one policy in one replication
// (PolicyMetrics).
type PolicyRun struct {
	RoutingMS    float64 `record:"routing_ms"`
	HandlingMS   float64 `record:"handling_ms"`
	DelayMS      float64 `record:"delay_ms"`
	TotalDelay   float64 `record:"total_delay"`
	Tardiness    float64 `record:"tardiness"`
	SamplesMean  float64 `record:"samples_mean"`
	UtilMean     float64 `record:"util_mean"`
	GapPct       float64 `record:"gap_pct"`
	GapGreedyPct float64 `record:"gap_greedy_pct"`
	// Util is each IPN's utilisation, in the scenario's order; its summary
	// names them UtilMetric(name).
	Util []float64 `record:"util"`
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
	// Confidence is the level of every interval of the result.
	Confidence float64
	// Diffs are the paired differences Experiment.Compare asked for, in
	// its order.
	Diffs []Diff
}

// Diff returns the paired difference a − b.
func (r *ExperimentResult) Diff(a, b Policy) (Diff, bool) {
	for _, d := range r.Diffs {
		if d.A == a && d.B == b {
			return d, true
		}
	}
	return Diff{}, false
}

// Partial reports whether the run stopped before every replication finished.
func (r *ExperimentResult) Partial() bool { return r.Done < r.Runs }

// OfferedLoad is ρ = λ w̄ / Σ_k Q_k v_k for base rate λ.
func (s *Scenario) OfferedLoad(m Mode) float64 { return s.Rate(m) / s.TaskCapacity() }

// Run executes the experiment as a study of one point (package study):
// replication r draws its trace from sim.Stream(ex.Seed, r) and every
// policy then continues from the same stream state, so all policies see
// the same sub-tasks and the same random numbers (common random numbers);
// replications run on ex.Workers cores.
//
// Once ctx is done (a deadline, a cancellation) the running replications
// stop within a few thousand events, and Run returns the summaries over the
// replications that finished (Done of them, possibly none) together with
// an error that wraps ctx.Err(); the result is then Partial.
func (s *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	p, err := s.trials([]Experiment{ex})
	if err != nil {
		return nil, err
	}
	out, err := study.Run(ctx, p, study.Options{Workers: ex.Workers, Progress: ex.Progress})
	if out.Result == nil {
		return nil, err
	}
	res := out.Result[0]
	if err != nil {
		return res, fmt.Errorf("tpd: %s ρ=%.3g: %w", ex.ModeName, res.Load, err)
	}
	return res, nil
}

// check checks the experiment.
func (ex *Experiment) check() error {
	if err := ex.Mode.validate("mode"); err != nil {
		return err
	}
	if len(ex.Policies) == 0 {
		return inputErr("policies: must name at least one policy")
	}
	if ex.InfoInterval != nil && !(*ex.InfoInterval >= 0) {
		return inputErr("info_interval: must be >= 0, got %g", *ex.InfoInterval)
	}
	if ex.Confidence != 0 && sim.CheckConfidence(ex.Confidence) != nil {
		return inputErr("confidence: must be a level in (0, 1) such as 0.95, got %v", ex.Confidence)
	}
	if err := checkCompare(ex.Compare, ex.Policies); err != nil {
		return inputErr("compare: %v", err)
	}
	return checkRuns("experiment", ex.Runs, ex.Mode.Count)
}

// checkCompare checks that every compared pair is two different policies
// of run.
func checkCompare(compare [][2]Policy, run []Policy) error {
	for i, pr := range compare {
		for _, p := range pr {
			if !slices.Contains(run, p) {
				return fmt.Errorf("pair %d: policy %s is not among the policies run %v", i, p, run)
			}
		}
		if pr[0] == pr[1] {
			return fmt.Errorf("pair %d: compares %s with itself", i, pr[0])
		}
	}
	return nil
}

// replicate runs replication r of the experiment on s: its trace, its
// bounds and every policy on the trace.
func (s *Scenario) replicate(ctx context.Context, ex *Experiment, r int) (Sample, error) {
	tasks, pcg, err := s.replicationTrace(ex.Mode, ex.Seed, r)
	if err != nil {
		return Sample{}, err
	}
	out := Sample{Policies: make([]PolicyRun, len(ex.Policies))}
	b := &out.Bounds
	b.LB0 = lb0(s, tasks)
	tlb := b.LB0
	// A replication of 10⁵ sub-tasks has steps of a fraction of a second
	// that do not watch ctx: look between them.
	if err := ctx.Err(); err != nil {
		return Sample{}, err
	}
	// The bounds' budget becomes one deadline, from now: LB_LP's windows
	// spend it first, LB_LAG what they leave.
	bctx, deadline := ctx, time.Time{}
	if limit := s.boundTimeLimit(*ex); limit > 0 {
		deadline = time.Now().Add(limit)
		var cancel context.CancelFunc
		bctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	best := math.Inf(1) // the least total delay of a feasible schedule
	if ex.Bound == BoundSRPT || ex.Bound == BoundAll || ex.Bound == BoundLagrange || ex.Bound == BoundTight {
		b.LBSRPT = ptr(lbSRPT(s, tasks))
		tlb = math.Max(tlb, *b.LBSRPT)
	}
	if ex.Bound == BoundLP || ex.Bound == BoundAll {
		backend := cmp.Or(ex.Backend, s.Backend)
		lp, err := LowerBoundLP(bctx, s, tasks, s.Slot, s.WindowMaxTasks, backend, solve.Options{})
		if err != nil {
			return Sample{}, err
		}
		b.LBLP, b.LPWindows, b.LPSolved, b.LPCut = ptr(lp.Value), ptr(float64(lp.Windows)), ptr(float64(lp.Solved)), ptr(float64(lp.Cut))
		tlb = math.Max(tlb, lp.Value)
		if err := ctx.Err(); err != nil {
			return Sample{}, err // LB_LP fell back to weaker windows: not a full replication
		}
	}
	if ex.Bound == BoundLagrange || ex.Bound == BoundAll || ex.Bound == BoundTight {
		opt := ex.Lagrange
		opt.Schedule, opt.Deadline = true, deadline
		tight := ex.Bound == BoundTight
		if tight {
			opt.PerIPN = true
			if opt.Refine == 0 {
				opt.Refine = DefaultLagrangeRefine
			}
		}
		lag, err := LowerBoundLagrange(ctx, s, tasks, opt)
		if err != nil {
			return Sample{}, err
		}
		b.LBLag = ptr(lag.Value)
		if tight {
			b.LBLag, b.LBTight = ptr(lag.Pooled), ptr(lag.Value)
		}
		stopped := 0.0
		if lag.Stopped {
			stopped = 1
		}
		b.LagIterations, b.LagStopped, b.LagPhases = ptr(float64(lag.Iterations)), ptr(stopped), ptr(float64(lag.Phases))
		b.LagPlanned, b.LagLastIterations, b.LagLastCap = ptr(float64(lag.Planned)), ptr(float64(lag.LastIterations)), ptr(float64(lag.LastCap))
		tlb = math.Max(tlb, lag.Value)
		best = math.Min(best, lag.ScheduleTotal)
	}
	b.TLB = tlb
	if err := ctx.Err(); err != nil {
		return Sample{}, err
	}
	_, greedy := greedyRounded(s, tasks, 0)
	b.GreedyUB = greedy
	best = math.Min(best, greedy)
	info := float64(UseScenarioInfo)
	if ex.InfoInterval != nil {
		info = *ex.InfoInterval
	}
	for i, p := range ex.Policies {
		st := *pcg // same stream state for every policy
		res, err := Simulate(ctx, s, tasks, Config{Policy: p, Discipline: ex.discipline(p), InfoInterval: info, Warmup: ex.Mode.Warmup}, rand.New(&st))
		if err != nil {
			return Sample{}, err
		}
		m := res.Metrics()
		// T_LB bounds every schedule: a policy below it beyond rounding
		// means a bound is wrong.
		if m.GapPct, err = nonneg.Pct("T_LB", tlb, p.String()+"'s total delay", res.TotalDelay); err != nil {
			return Sample{}, fmt.Errorf("tpd: replication %d: %w", r, err)
		}
		m.GapGreedyPct = 100 * (res.TotalDelay - greedy) / greedy
		out.Policies[i] = m
		best = math.Min(best, res.TotalDelay)
	}
	if _, err := nonneg.Diff("T_LB", tlb, "best UB", best); err != nil {
		return Sample{}, fmt.Errorf("tpd: replication %d: %w", r, err)
	}
	b.BestUB = best
	return out, nil
}

func ptr[T any](v T) *T { return &v }

// discipline is the queue rule of policy p in the experiment.
func (ex *Experiment) discipline(p Policy) Discipline {
	if ex.Discipline != nil {
		return *ex.Discipline
	}
	return p.DefaultDiscipline()
}

// Aggregate summarises the samples of replications of the experiment, in
// the order given (Run gives them by replication), at the experiment's
// confidence level, with the paired differences of Experiment.Compare:
// the result Run returns. The samples of the shards of a run, in
// replication order, give the same numbers as the unsharded run.
func (s *Scenario) Aggregate(ex Experiment, samples []Sample) *ExperimentResult {
	level := cmp.Or(ex.Confidence, sim.DefaultConfidence)
	res := &ExperimentResult{ModeName: ex.ModeName, Mode: ex.Mode, Rate: s.Rate(ex.Mode), Load: s.OfferedLoad(ex.Mode), Runs: ex.Runs, Bound: ex.Bound,
		Done: len(samples), Samples: samples, BoundTimeLimit: s.boundTimeLimit(ex), Confidence: level}
	bounds := make([]Bounds, len(samples))
	for r, smp := range samples {
		bounds[r] = smp.Bounds
	}
	res.Bounds = study.Summarize(bounds, level)
	// runs[i][r] is policy i in replication r.
	runs := make([][]PolicyRun, len(ex.Policies))
	for i, p := range ex.Policies {
		runs[i] = make([]PolicyRun, len(samples))
		for r, smp := range samples {
			runs[i][r] = smp.Policies[i]
		}
		res.Policies = append(res.Policies, PolicyStats{Policy: p, Discipline: ex.discipline(p), Stats: s.utilNames(study.Summarize(runs[i], level))})
	}
	for _, pr := range ex.Compare {
		a, b := slices.Index(ex.Policies, pr[0]), slices.Index(ex.Policies, pr[1])
		if a < 0 || b < 0 {
			continue // not run: check refuses such a pair
		}
		res.Diffs = append(res.Diffs, Diff{A: pr[0], B: pr[1], Stats: s.utilNames(study.Compare(runs[a], runs[b], level))})
	}
	return res
}

// utilNames renames the per-IPN utilisations of a policy's summary, which
// PolicyRun records by index (util_0, util_1, …), to UtilMetric of each
// IPN's name, keeping the summary sorted by name.
func (s *Scenario) utilNames(sum sim.Summary) sim.Summary {
	for i, m := range sum.Metrics {
		if k, err := strconv.Atoi(strings.TrimPrefix(m.Name, utilPrefix)); err == nil && strings.HasPrefix(m.Name, utilPrefix) && k < len(s.Names) {
			sum.Metrics[i].Name = UtilMetric(s.Names[k]).String()
		}
	}
	slices.SortFunc(sum.Metrics, func(a, b sim.Metric) int { return strings.Compare(a.Name, b.Name) })
	return sum
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
		if b.LPCut != nil && *b.LPCut > 0 {
			lp.Reps++
			lp.WindowsCut += *b.LPCut
			lp.Windows += *b.LPWindows
		}
		if b.LagStopped != nil && *b.LagStopped > 0 {
			lag.Reps++
			lag.Phases += *b.LagPhases
			lag.Planned += *b.LagPlanned
			lag.Iterations += *b.LagLastIterations
			lag.Cap += *b.LagLastCap
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
