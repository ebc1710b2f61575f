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

	point func(*PointSummary) *sim.Stat // its field, for a point metric
	bound func(*BoundSummary) *sim.Stat // its field, for a bound metric
}

var pointMetrics = []MetricInfo{
	{Metric: MetricArrived, Unit: "", About: "requests arrived after the warm-up", point: func(s *PointSummary) *sim.Stat { return &s.Arrived }},
	{Metric: MetricServed, Unit: "", About: "of those, the requests admitted", point: func(s *PointSummary) *sim.Stat { return &s.Served }},
	{Metric: MetricSuccess, Unit: "", About: "success rate μ = served / arrived", point: func(s *PointSummary) *sim.Stat { return &s.Success }},
	{Metric: MetricDelay, Unit: "τ", About: "mean service delay T̄ = Σ(λ_i+1)/N over the served requests", point: func(s *PointSummary) *sim.Stat { return &s.Delay }},
	{Metric: MetricMigrationsPerReq, Unit: "", About: "migrations per request arrived after the warm-up", point: func(s *PointSummary) *sim.Stat { return &s.MigrationsPerReq }},
	{Metric: MetricSuccessAll, Unit: "", About: "success rate over every arrival, from empty", point: func(s *PointSummary) *sim.Stat { return &s.SuccessAll }},
	{Metric: MetricFailureTerminations, Unit: "", About: "streams terminated by a server failure", point: func(s *PointSummary) *sim.Stat { return &s.FailureTerminations }},
	{Metric: MetricFailureMoves, Unit: "", About: "streams moved off failed servers, plus the hops of their paths", point: func(s *PointSummary) *sim.Stat { return &s.FailureMoves }},
	{Metric: MetricEvents, Unit: "", About: "events simulated", point: func(s *PointSummary) *sim.Stat { return &s.Events }},
	{Metric: MetricLoadVariance, Unit: "", About: "time-averaged load variance (1/K) Σ_k (l_k − l̄)² over [warm-up, horizon] (spec B.4)", point: func(s *PointSummary) *sim.Stat { return &s.LoadVariance }},
	{Metric: MetricProactiveMovesPerReq, Unit: "", About: "proactive moves per request (DASD with its proactive mode only)", point: func(s *PointSummary) *sim.Stat { return &s.ProactiveMovesPerReq }},
	{Metric: MetricBoundGap, Unit: "", About: "(offline LP bound − served) / arrived over the whole run, from empty (with the bound only)", point: func(s *PointSummary) *sim.Stat { return &s.BoundGap }},
}

var boundMetrics = []MetricInfo{
	{Metric: MetricBound, Unit: "", About: "LP upper bound on the requests the offline optimum serves on the whole trace", bound: func(s *BoundSummary) *sim.Stat { return &s.Bound }},
	{Metric: MetricBoundSuccess, Unit: "", About: "that bound over the arrivals of the trace, from empty", bound: func(s *BoundSummary) *sim.Stat { return &s.BoundSuccess }},
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

// RunMetrics are the metrics of one simulated run (Result.Metrics), the
// sample of one (policy, ξ, α) cell on one trace; the record tags are the
// Metric names. ProactiveMovesPerReq is nil unless DASD's proactive mode
// is on, BoundGap unless the experiment computes the offline bound.
type RunMetrics struct {
	Arrived              float64  `record:"arrived"`
	Served               float64  `record:"served"`
	Success              float64  `record:"success"`
	Delay                float64  `record:"delay"`
	MigrationsPerReq     float64  `record:"migrations_per_req"`
	SuccessAll           float64  `record:"success_all"`
	FailureTerminations  float64  `record:"failure_terminations"`
	FailureMoves         float64  `record:"failure_moves"`
	Events               float64  `record:"events"`
	LoadVariance         float64  `record:"load_variance"`
	ProactiveMovesPerReq *float64 `record:"proactive_moves_per_req"`
	BoundGap             *float64 `record:"bound_gap"`
}

// TraceBound is the offline LP bound of one trace, its BoundMetrics.
type TraceBound struct {
	Bound        float64 `record:"bound"`
	BoundSuccess float64 `record:"bound_success"`
}

// PointSummary is a point's metrics over its replications, one named field
// per metric of PointMetrics, each the mean, 95% CI half-width and count
// of sim.Stat; a metric the point does not carry (the proactive moves
// without DASD's proactive mode, the bound gap without the bound) is the
// zero Stat (N = 0).
type PointSummary struct {
	Arrived              sim.Stat // arrivals after the warm-up
	Served               sim.Stat // of those, the requests admitted
	Success              sim.Stat // μ = served / arrived
	Delay                sim.Stat // T̄ = Σ(λ_i+1)/N over the served, in units of τ
	MigrationsPerReq     sim.Stat // migrations per arrival after the warm-up
	SuccessAll           sim.Stat // μ over every arrival, from empty
	FailureTerminations  sim.Stat // streams a server failure terminated
	FailureMoves         sim.Stat // streams moved off failed servers, plus the path hops
	Events               sim.Stat // events simulated
	LoadVariance         sim.Stat // (1/(T−W)) ∫_W^T σ(t) dt, spec B.4
	ProactiveMovesPerReq sim.Stat // DASD's proactive moves per arrival (its mode on only)
	BoundGap             sim.Stat // (LP − served)/arrived from empty (Experiment.Bound only)
}

// BoundSummary is the offline LP bound of one rate over its traces.
type BoundSummary struct {
	Bound        sim.Stat // the LP bound on the requests the offline optimum serves
	BoundSuccess sim.Stat // that bound over the arrivals, from empty
}

// Summary returns the point's metrics as named fields.
func (p Point) Summary() PointSummary {
	var s PointSummary
	for _, mi := range pointMetrics {
		if st, ok := p.Stat(mi.Metric); ok {
			*mi.point(&s) = st
		}
	}
	return s
}

// BoundSummary returns the bound at Rates[i] as named fields; the zero
// value when the experiment computed no bound or i is out of range.
func (r *ExperimentResult) BoundSummary(i int) BoundSummary {
	var s BoundSummary
	for _, mi := range boundMetrics {
		if st, ok := r.BoundStat(i, mi.Metric); ok {
			*mi.bound(&s) = st
		}
	}
	return s
}
