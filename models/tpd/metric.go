package tpd

import (
	"strings"

	"github.com/streamopt/streamopt/sim"
)

// Metric names one quantity an experiment summarises. Its string is the
// name used in JSON and CSV output and in sim.Summary; every reader and
// writer of a summary goes through these constants, so a typo is a
// compile error instead of a missing column.
type Metric string

// Metrics of one policy over a replication (PolicyStats).
const (
	MetricRoutingMS    Metric = "routing_ms"     // mean routing latency after the warm-up, ms
	MetricHandlingMS   Metric = "handling_ms"    // mean handling time after the warm-up, ms
	MetricDelayMS      Metric = "delay_ms"       // mean total delay (routing + handling) after the warm-up, ms
	MetricTotalDelay   Metric = "total_delay"    // T = Σ_m (C_m − r_m), the objective (1), s
	MetricTardiness    Metric = "tardiness"      // Σ_m max(0, C_m − D_m), s
	MetricSamplesMean  Metric = "samples_mean"   // mean number of IPNs sampled per dispatch
	MetricUtilMean     Metric = "util_mean"      // mean over the IPNs of their utilisation
	MetricGapPct       Metric = "gap_pct"        // 100 (T − T_LB) / T_LB, %
	MetricGapGreedyPct Metric = "gap_greedy_pct" // 100 (T − greedy) / greedy, %
)

// Metrics of the bounds of a replication (ExperimentResult.Bounds).
const (
	MetricLB0           Metric = "lb0"            // LB0, total delay, s
	MetricLBSRPT        Metric = "lb_srpt"        // LB_SRPT, total delay, s
	MetricLBLP          Metric = "lb_lp"          // LB_LP, total delay, s
	MetricLBLag         Metric = "lb_lag"         // LB_LAG, total delay, s
	MetricLBTight       Metric = "lb_tight"       // LB_TIGHT, LB_LAG per IPN refined on finer grids, s
	MetricTLB           Metric = "t_lb"           // T_LB, the largest bound computed, s
	MetricGreedyUB      Metric = "greedy_ub"      // the full-information greedy's total delay (an upper bound), s
	MetricBestUB        Metric = "best_ub"        // the best feasible schedule found (an upper bound), s
	MetricLPWindows     Metric = "lp_windows"     // windows of LB_LP
	MetricLPSolved      Metric = "lp_solved"      // windows of LB_LP solved to optimality
	MetricLagIterations Metric = "lag_iterations" // subgradient iterations of LB_LAG
	// How far the bounds' time budget let them get (BudgetCut).
	MetricLPCut             Metric = "lp_cut"              // windows of LB_LP the budget left at their LB0/LB_SRPT bound
	MetricLagStopped        Metric = "lag_stopped"         // 1 when the budget stopped LB_LAG (LB_TIGHT), else 0
	MetricLagPhases         Metric = "lag_phases"          // phases of LB_LAG (LB_TIGHT) begun
	MetricLagPlanned        Metric = "lag_phases_planned"  // phases of LB_LAG (LB_TIGHT) planned
	MetricLagLastIterations Metric = "lag_last_iterations" // iterations of the last phase begun
	MetricLagLastCap        Metric = "lag_last_cap"        // the most iterations that phase could run
)

// utilPrefix starts the name of the per-IPN utilisation metrics.
const utilPrefix = "util_"

// UtilMetric is the utilisation of the IPN named ipn: busy slot-time over
// Q_k times the last processing end.
func UtilMetric(ipn string) Metric { return Metric(utilPrefix + ipn) }

func (m Metric) String() string { return string(m) }

// MetricInfo documents one metric.
type MetricInfo struct {
	Metric Metric
	Unit   string // "s", "ms", "%", or "" for a count or a ratio
	About  string

	policy func(*PolicySummary) *sim.Stat // its field, for a policy metric
	bound  func(*BoundSummary) *sim.Stat  // its field, for a bound metric
}

var policyMetrics = []MetricInfo{
	{Metric: MetricRoutingMS, Unit: "ms", About: "mean routing latency of the sub-tasks after the warm-up", policy: func(s *PolicySummary) *sim.Stat { return &s.RoutingMS }},
	{Metric: MetricHandlingMS, Unit: "ms", About: "mean handling time (queueing and processing) after the warm-up", policy: func(s *PolicySummary) *sim.Stat { return &s.HandlingMS }},
	{Metric: MetricDelayMS, Unit: "ms", About: "mean total delay (routing + handling) after the warm-up", policy: func(s *PolicySummary) *sim.Stat { return &s.DelayMS }},
	{Metric: MetricTotalDelay, Unit: "s", About: "total delay T = Σ_m (C_m − r_m) over every sub-task, the objective (1)", policy: func(s *PolicySummary) *sim.Stat { return &s.TotalDelay }},
	{Metric: MetricTardiness, Unit: "s", About: "total tardiness Σ_m max(0, C_m − D_m)", policy: func(s *PolicySummary) *sim.Stat { return &s.Tardiness }},
	{Metric: MetricSamplesMean, Unit: "", About: "mean number of IPNs the dispatcher sampled per sub-task", policy: func(s *PolicySummary) *sim.Stat { return &s.SamplesMean }},
	{Metric: MetricUtilMean, Unit: "", About: "mean over the IPNs of the utilisation (busy slot-time / slots · last end); util_<ipn> is each IPN's", policy: func(s *PolicySummary) *sim.Stat { return &s.UtilMean }},
	{Metric: MetricGapPct, Unit: "%", About: "gap to the lower bound, 100 (T − T_LB) / T_LB; 0 when T lies below T_LB by rounding (at most 1e-6 relative), an error beyond", policy: func(s *PolicySummary) *sim.Stat { return &s.GapPct }},
	{Metric: MetricGapGreedyPct, Unit: "%", About: "paper-style gap to the greedy upper bound, 100 (T − greedy) / greedy", policy: func(s *PolicySummary) *sim.Stat { return &s.GapGreedyPct }},
}

var boundMetrics = []MetricInfo{
	{Metric: MetricLB0, Unit: "s", About: "LB0 (spec C.4): every sub-task alone on its fastest admissible IPN", bound: func(s *BoundSummary) *sim.Stat { return &s.LB0 }},
	{Metric: MetricLBSRPT, Unit: "s", About: "LB_SRPT: preemptive SRPT on one machine of the pooled rate", bound: func(s *BoundSummary) *sim.Stat { return &s.LBSRPT }},
	{Metric: MetricLBLP, Unit: "s", About: "LB_LP: the windowed time-indexed LP bound", bound: func(s *BoundSummary) *sim.Stat { return &s.LBLP }},
	{Metric: MetricLBLag, Unit: "s", About: "LB_LAG: the Lagrangian bound of the time-indexed relaxation of the whole trace", bound: func(s *BoundSummary) *sim.Stat { return &s.LBLag }},
	{Metric: MetricLBTight, Unit: "s", About: "LB_TIGHT: LB_LAG with one resource per IPN, refined on the grids Δ/2 … Δ/2^r (bound tight)", bound: func(s *BoundSummary) *sim.Stat { return &s.LBTight }},
	{Metric: MetricTLB, Unit: "s", About: "T_LB: the largest of the bounds computed", bound: func(s *BoundSummary) *sim.Stat { return &s.TLB }},
	{Metric: MetricGreedyUB, Unit: "s", About: "total delay of the full-information greedy, a feasible schedule (upper bound)", bound: func(s *BoundSummary) *sim.Stat { return &s.GreedyUB }},
	{Metric: MetricBestUB, Unit: "s", About: "best feasible schedule found: the least total delay of the greedy, the Lagrangian schedule (with LB_LAG) and every policy run; OPT lies in [T_LB, best_ub]", bound: func(s *BoundSummary) *sim.Stat { return &s.BestUB }},
	{Metric: MetricLPWindows, Unit: "", About: "number of LB_LP windows", bound: func(s *BoundSummary) *sim.Stat { return &s.LPWindows }},
	{Metric: MetricLPSolved, Unit: "", About: "number of LB_LP windows solved to optimality (an answer solve.Verify accepted)", bound: func(s *BoundSummary) *sim.Stat { return &s.LPSolved }},
	{Metric: MetricLagIterations, Unit: "", About: "subgradient iterations of LB_LAG", bound: func(s *BoundSummary) *sim.Stat { return &s.LagIterations }},
	{Metric: MetricLPCut, Unit: "", About: "windows of LB_LP the bounds' time budget left at their LB0/LB_SRPT bound (unsolved or unstarted LP)", bound: func(s *BoundSummary) *sim.Stat { return &s.LPCut }},
	{Metric: MetricLagStopped, Unit: "", About: "1 when the bounds' time budget stopped LB_LAG (LB_TIGHT) before its phases ended, else 0: the mean is the share of replications it cut", bound: func(s *BoundSummary) *sim.Stat { return &s.LagStopped }},
	{Metric: MetricLagPhases, Unit: "", About: "phases of LB_LAG (LB_TIGHT: pooled, per IPN, then each finer grid) begun", bound: func(s *BoundSummary) *sim.Stat { return &s.LagPhases }},
	{Metric: MetricLagPlanned, Unit: "", About: "phases of LB_LAG (LB_TIGHT) planned", bound: func(s *BoundSummary) *sim.Stat { return &s.LagPlanned }},
	{Metric: MetricLagLastIterations, Unit: "", About: "subgradient iterations of the last phase of LB_LAG (LB_TIGHT) begun", bound: func(s *BoundSummary) *sim.Stat { return &s.LagLastIterations }},
	{Metric: MetricLagLastCap, Unit: "", About: "the most iterations that last phase could run", bound: func(s *BoundSummary) *sim.Stat { return &s.LagLastCap }},
}

// PolicyMetrics lists the metrics every PolicyStats carries, in display
// order, with their units; the per-IPN utilisations UtilMetric(name) come
// on top. The caller may modify the returned slice.
func PolicyMetrics() []MetricInfo { return append([]MetricInfo(nil), policyMetrics...) }

// BoundMetrics lists the metrics ExperimentResult.Bounds may carry, in
// display order, with their units: LB0, T_LB, greedy_ub and best_ub always,
// the others when the experiment's BoundKind computes them. The caller may
// modify the returned slice.
func BoundMetrics() []MetricInfo { return append([]MetricInfo(nil), boundMetrics...) }

// Stat returns the summary of metric m of the policy.
func (p PolicyStats) Stat(m Metric) (sim.Stat, bool) { return p.Stats.Get(string(m)) }

// BoundStat returns the summary of bound metric m.
func (r *ExperimentResult) BoundStat(m Metric) (sim.Stat, bool) { return r.Bounds.Get(string(m)) }

// PolicySummary is a policy's metrics over the replications, one named
// field per metric of PolicyMetrics, each the mean, CI half-width (at the
// result's level) and count of sim.Stat; a metric the run did not produce
// is the zero Stat (N = 0).
type PolicySummary struct {
	RoutingMS    sim.Stat // mean routing latency after the warm-up, ms
	HandlingMS   sim.Stat // mean handling time (queueing and processing) after the warm-up, ms
	DelayMS      sim.Stat // mean total delay (routing + handling) after the warm-up, ms
	TotalDelay   sim.Stat // T = Σ_m (C_m − r_m), the objective (1), s
	Tardiness    sim.Stat // Σ_m max(0, C_m − D_m), s
	SamplesMean  sim.Stat // mean number of IPNs sampled per dispatch
	UtilMean     sim.Stat // mean over the IPNs of their utilisation
	GapPct       sim.Stat // 100 (T − T_LB) / T_LB, %
	GapGreedyPct sim.Stat // 100 (T − greedy) / greedy, %
	// Util is each IPN's utilisation (UtilMetric), by the IPN's name.
	Util map[string]sim.Stat
}

// BoundSummary is an experiment's bounds over the replications, one named
// field per metric of BoundMetrics; a bound the BoundKind does not compute
// is the zero Stat (N = 0).
type BoundSummary struct {
	LB0               sim.Stat // LB0, total delay, s
	LBSRPT            sim.Stat // LB_SRPT, total delay, s
	LBLP              sim.Stat // LB_LP, total delay, s
	LBLag             sim.Stat // LB_LAG, total delay, s
	LBTight           sim.Stat // LB_TIGHT, total delay, s
	TLB               sim.Stat // T_LB, the largest bound computed, s
	GreedyUB          sim.Stat // the full-information greedy's total delay (an upper bound), s
	BestUB            sim.Stat // the best feasible schedule found (an upper bound), s
	LPWindows         sim.Stat // windows of LB_LP
	LPSolved          sim.Stat // windows of LB_LP solved to optimality
	LagIterations     sim.Stat // subgradient iterations of LB_LAG
	LPCut             sim.Stat // windows of LB_LP the time budget left at their LB0/LB_SRPT bound
	LagStopped        sim.Stat // 1 when the time budget stopped LB_LAG (LB_TIGHT), else 0
	LagPhases         sim.Stat // phases of LB_LAG (LB_TIGHT) begun
	LagPlanned        sim.Stat // phases of LB_LAG (LB_TIGHT) planned
	LagLastIterations sim.Stat // iterations of the last phase begun
	LagLastCap        sim.Stat // the most iterations that phase could run
}

// Summary returns the policy's metrics as named fields.
func (p PolicyStats) Summary() PolicySummary {
	var s PolicySummary
	for _, mi := range policyMetrics {
		if st, ok := p.Stat(mi.Metric); ok {
			*mi.policy(&s) = st
		}
	}
	for _, m := range p.Stats.Metrics {
		if ipn, ok := strings.CutPrefix(m.Name, utilPrefix); ok && Metric(m.Name) != MetricUtilMean {
			if s.Util == nil {
				s.Util = map[string]sim.Stat{}
			}
			s.Util[ipn] = m.Stat
		}
	}
	return s
}

// BoundSummary returns the experiment's bounds as named fields.
func (r *ExperimentResult) BoundSummary() BoundSummary {
	var s BoundSummary
	for _, mi := range boundMetrics {
		if st, ok := r.BoundStat(mi.Metric); ok {
			*mi.bound(&s) = st
		}
	}
	return s
}
