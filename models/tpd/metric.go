package tpd

import "github.com/streamopt/streamopt/sim"

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
}

var policyMetrics = []MetricInfo{
	{MetricRoutingMS, "ms", "mean routing latency of the sub-tasks after the warm-up"},
	{MetricHandlingMS, "ms", "mean handling time (queueing and processing) after the warm-up"},
	{MetricDelayMS, "ms", "mean total delay (routing + handling) after the warm-up"},
	{MetricTotalDelay, "s", "total delay T = Σ_m (C_m − r_m) over every sub-task, the objective (1)"},
	{MetricTardiness, "s", "total tardiness Σ_m max(0, C_m − D_m)"},
	{MetricSamplesMean, "", "mean number of IPNs the dispatcher sampled per sub-task"},
	{MetricUtilMean, "", "mean over the IPNs of the utilisation (busy slot-time / slots · last end); util_<ipn> is each IPN's"},
	{MetricGapPct, "%", "gap to the lower bound, 100 (T − T_LB) / T_LB"},
	{MetricGapGreedyPct, "%", "paper-style gap to the greedy upper bound, 100 (T − greedy) / greedy"},
}

var boundMetrics = []MetricInfo{
	{MetricLB0, "s", "LB0 (spec C.4): every sub-task alone on its fastest admissible IPN"},
	{MetricLBSRPT, "s", "LB_SRPT: preemptive SRPT on one machine of the pooled rate"},
	{MetricLBLP, "s", "LB_LP: the windowed time-indexed LP bound"},
	{MetricLBLag, "s", "LB_LAG: the Lagrangian bound of the time-indexed relaxation of the whole trace"},
	{MetricLBTight, "s", "LB_TIGHT: LB_LAG with one resource per IPN, refined on the grids Δ/2 … Δ/2^r (bound tight)"},
	{MetricTLB, "s", "T_LB: the largest of the bounds computed"},
	{MetricGreedyUB, "s", "total delay of the full-information greedy, a feasible schedule (upper bound)"},
	{MetricBestUB, "s", "best feasible schedule found: the least total delay of the greedy, the Lagrangian schedule (with LB_LAG) and every policy run; OPT lies in [T_LB, best_ub]"},
	{MetricLPWindows, "", "number of LB_LP windows"},
	{MetricLPSolved, "", "number of LB_LP windows solved to optimality"},
	{MetricLagIterations, "", "subgradient iterations of LB_LAG"},
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
