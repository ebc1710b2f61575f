package rmts

import "github.com/streamopt/streamopt/sim"

// Metric names one quantity a run or an experiment summarises. Its string
// is the name used in JSON and CSV output and in sim.Summary; every reader
// and writer of a summary goes through these constants, so a typo is a
// compile error instead of a missing column.
type Metric string

// Metrics of one simulated run (Result.Metrics) and of every point of an
// experiment (Point.Stat).
const (
	MetricArrived              Metric = "arrived"                 // arrivals after the warm-up
	MetricServed               Metric = "served"                  // of those, the requests admitted
	MetricSuccess              Metric = "success"                 // μ = served / arrived
	MetricDelay                Metric = "delay"                   // T̄ = Σ(λ_i+1)/N over the served, in units of τ
	MetricMigrationsPerReq     Metric = "migrations_per_req"      // migrations per arrival after the warm-up
	MetricSuccessAll           Metric = "success_all"             // μ over every arrival, from empty
	MetricFailureTerminations  Metric = "failure_terminations"    // streams a server failure terminated
	MetricFailureMoves         Metric = "failure_moves"           // streams moved off failed servers, plus the path hops
	MetricEvents               Metric = "events"                  // events simulated
	MetricLoadVariance         Metric = "load_variance"           // (1/(T−W)) ∫_W^T σ(t) dt, spec B.4
	MetricProactiveMovesPerReq Metric = "proactive_moves_per_req" // DASD's proactive moves per arrival (its mode on only)
	MetricBoundGap             Metric = "bound_gap"               // (LP − served)/arrived from empty (Experiment.Bound only)
)

// Metrics of the offline LP bound of a rate (ExperimentResult.BoundStat).
const (
	MetricBound        Metric = "bound"         // the LP bound on the requests the offline optimum serves
	MetricBoundSuccess Metric = "bound_success" // that bound over the arrivals, from empty
)

func (m Metric) String() string { return string(m) }

// MetricInfo documents one metric.
type MetricInfo struct {
	Metric Metric
	Unit   string // "τ" (the slot length of the delay), or "" for a count or a ratio
	About  string
}

var pointMetrics = []MetricInfo{
	{MetricArrived, "", "requests arrived after the warm-up"},
	{MetricServed, "", "of those, the requests admitted"},
	{MetricSuccess, "", "success rate μ = served / arrived"},
	{MetricDelay, "τ", "mean service delay T̄ = Σ(λ_i+1)/N over the served requests"},
	{MetricMigrationsPerReq, "", "migrations per request arrived after the warm-up"},
	{MetricSuccessAll, "", "success rate over every arrival, from empty"},
	{MetricFailureTerminations, "", "streams terminated by a server failure"},
	{MetricFailureMoves, "", "streams moved off failed servers, plus the hops of their paths"},
	{MetricEvents, "", "events simulated"},
	{MetricLoadVariance, "", "time-averaged load variance (1/K) Σ_k (l_k − l̄)² over [warm-up, horizon] (spec B.4)"},
	{MetricProactiveMovesPerReq, "", "proactive moves per request (DASD with its proactive mode only)"},
	{MetricBoundGap, "", "(offline LP bound − served) / arrived over the whole run, from empty (with the bound only)"},
}

var boundMetrics = []MetricInfo{
	{MetricBound, "", "LP upper bound on the requests the offline optimum serves on the whole trace"},
	{MetricBoundSuccess, "", "that bound over the arrivals of the trace, from empty"},
}

// PointMetrics lists the metrics a Point may carry, in display order, with
// their units: every run's, MetricProactiveMovesPerReq when DASD's
// proactive mode is on and MetricBoundGap when the experiment computes the
// bound. The caller may modify the returned slice.
func PointMetrics() []MetricInfo { return append([]MetricInfo(nil), pointMetrics...) }

// BoundMetrics lists the metrics of ExperimentResult.Bounds, in display
// order, with their units. The caller may modify the returned slice.
func BoundMetrics() []MetricInfo { return append([]MetricInfo(nil), boundMetrics...) }

// Stat returns the summary of metric m of the point.
func (p Point) Stat(m Metric) (sim.Stat, bool) { return p.Stats.Get(string(m)) }

// BoundStat returns the summary of bound metric m at Rates[i]; false when
// the experiment computed no bound or i is out of range.
func (r *ExperimentResult) BoundStat(i int, m Metric) (sim.Stat, bool) {
	if i < 0 || i >= len(r.Bounds) {
		return sim.Stat{}, false
	}
	return r.Bounds[i].Get(string(m))
}

// stringKeys converts metrics keyed by Metric to the string keys of
// sim.Summarize.
func stringKeys(m map[Metric]float64) map[string]float64 {
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[string(k)] = v
	}
	return out
}
