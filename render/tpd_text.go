package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/internal/nonneg"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/sim"
)

// tpdColumns are the metrics shown per policy, with their headers.
var tpdColumns = []struct {
	key  tpd.Metric
	head string
}{
	{tpd.MetricRoutingMS, "routing ms"},
	{tpd.MetricHandlingMS, "handling ms"},
	{tpd.MetricDelayMS, "delay ms"},
	{tpd.MetricTotalDelay, "T total s"},
	{tpd.MetricTardiness, "tardiness s"},
	{tpd.MetricUtilMean, "util"},
	{tpd.MetricGapPct, "gap % (T_LB)"},
	{tpd.MetricGapGreedyPct, "gap % (greedy)"},
}

// tpdBounds are the bounds the table shows, with their names.
var tpdBounds = []struct {
	key  tpd.Metric
	name string
}{
	{tpd.MetricLB0, "LB0"}, {tpd.MetricLBSRPT, "LB_SRPT"}, {tpd.MetricLBLP, "LB_LP"},
	{tpd.MetricLBLag, "LB_LAG"}, {tpd.MetricLBTight, "LB_TIGHT"}, {tpd.MetricTLB, "T_LB"}, {tpd.MetricGreedyUB, "greedy (UB)"},
	{tpd.MetricBestUB, "best UB"},
}

// TPDTable writes the text table of solve tpd: per experiment a header
// line (mode, sub-tasks, rate, load, replications, bounds, the level),
// one row per policy with the mean ± CI (at the result's level) of the
// tpdColumns metrics, the bounds on the total delay and the paired
// differences of the compared policies.
func TPDTable(w io.Writer, results []*tpd.ExperimentResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		runs := strconv.Itoa(r.Runs)
		if r.Partial() {
			runs = fmt.Sprintf("%d of %d (partial)", r.Done, r.Runs)
		}
		fmt.Fprintf(tw, "mode %s: M=%d  λ=%.4g/s  ρ=%.4g  runs=%s  bounds=%s  %s\n", r.ModeName, r.Mode.Count, r.Rate, r.Load, runs, r.Bound, ciNote(r.Done, r.Bounds.Level))
		if r.Done == 0 {
			fmt.Fprintln(tw, "no replication finished")
			continue
		}
		head := []string{"policy", "queue"}
		for _, c := range tpdColumns {
			head = append(head, c.head)
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for _, p := range r.Policies {
			row := tpdCells([]string{p.Policy.String(), p.Discipline.String()}, p.Stats)
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		var bs []string
		for _, b := range tpdBounds {
			if st, ok := r.BoundStat(b.key); ok {
				bs = append(bs, fmt.Sprintf("%s %s s", b.name, ci(st, 2)))
			}
		}
		fmt.Fprintf(tw, "bounds on total delay: %s\n", strings.Join(bs, ";  "))
		lo, okLo := r.BoundStat(tpd.MetricTLB)
		hi, okHi := r.BoundStat(tpd.MetricBestUB)
		if okLo && okHi && lo.Mean > 0 {
			// Every replication has T_LB ≤ best UB (tpd.Scenario.Run checks
			// it), so their means differ only by rounding the other way.
			width, err := nonneg.Pct("T_LB (mean)", lo.Mean, "best UB (mean)", hi.Mean)
			if err != nil {
				return fmt.Errorf("render: mode %s ρ=%.4g: %w", r.ModeName, r.Load, err)
			}
			fmt.Fprintf(tw, "optimum in [T_LB, best UB] = [%.2f, %.2f] s (mean), width %s %% of T_LB\n", lo.Mean, hi.Mean, fixed(width, 2))
		}
		for _, c := range r.BudgetCuts() {
			fmt.Fprintln(tw, budgetNote(r, c))
		}
		tpdDiffTable(tw, r)
	}
	return tw.Flush()
}

// tpdDiffTable writes the paired differences of r, one row per pair with
// the mean ± CI of the tpdColumns metrics; nothing without any.
func tpdDiffTable(w io.Writer, r *tpd.ExperimentResult) {
	if len(r.Diffs) == 0 {
		return
	}
	fmt.Fprintf(w, "paired differences A − B on the same traces (common random numbers), mean ± %s%% CI:\n", levelPct(r.Confidence))
	head := []string{"A − B", "runs"}
	for _, c := range tpdColumns {
		head = append(head, c.head)
	}
	fmt.Fprintln(w, strings.Join(head, "\t"))
	for _, d := range r.Diffs {
		row := tpdCells([]string{d.A.String() + " − " + d.B.String(), strconv.Itoa(d.Stats.Runs)}, d.Stats)
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
}

// tpdCells appends to row the mean ± CI of each of the tpdColumns metrics
// in sum, "-" where sum lacks one; utilisation takes 4 decimals, delays 2.
func tpdCells(row []string, sum sim.Summary) []string {
	for _, c := range tpdColumns {
		st, ok := sum.Get(string(c.key))
		if !ok {
			row = append(row, "-")
			continue
		}
		prec := 2
		if c.key == tpd.MetricUtilMean {
			prec = 4
		}
		row = append(row, ci(st, prec))
	}
	return row
}

// boundName is the table's name of bound metric m.
func boundName(m tpd.Metric) string {
	for _, b := range tpdBounds {
		if b.key == m {
			return b.name
		}
	}
	return string(m)
}

// budgetNote is the table's line on a bound the time budget cut short.
func budgetNote(r *tpd.ExperimentResult, c tpd.BudgetCut) string {
	head := fmt.Sprintf("budget: %s cut by the bounds' time budget of %v in %d of %d replications", boundName(c.Bound), r.BoundTimeLimit, c.Reps, r.Done)
	if c.Bound == tpd.MetricLBLP {
		return fmt.Sprintf("%s: %.4g of %.4g windows left at their LB0/LB_SRPT bound (mean); still a valid bound", head, c.WindowsCut, c.Windows)
	}
	return fmt.Sprintf("%s: after %.4g of %.4g phases, %.4g of %.4g iterations in the last (means); still a valid bound", head, c.Phases, c.Planned, c.Iterations, c.Cap)
}

// TPDPolicy is one policy of a TPD experiment in JSON output, its metrics
// keyed by tpd.Metric name.
type TPDPolicy struct {
	Policy     string          `json:"policy"`
	Discipline string          `json:"discipline"`
	Metrics    map[string]Stat `json:"metrics"`
}

// TPDResult is one TPD experiment (a mode at one load) in JSON output.
type TPDResult struct {
	Mode     string  `json:"mode"`
	Count    int     `json:"count"`
	Rate     float64 `json:"rate"`
	Load     float64 `json:"load"`
	Runs     int     `json:"runs"`
	RunsDone int     `json:"runs_done"`
	Partial  bool    `json:"partial,omitempty"`
	// StoppedBy is "time_limit" or "interrupt" on a partial result.
	StoppedBy string          `json:"stopped_by,omitempty"`
	Bound     string          `json:"bound"`
	Policies  []TPDPolicy     `json:"policies"`
	Bounds    map[string]Stat `json:"bounds"`
	// BoundTimeLimit is the budget of the bounds of each replication, in
	// seconds (absent: none); BudgetCuts the bounds it cut short.
	BoundTimeLimit float64        `json:"bound_time_limit_s,omitempty"`
	BudgetCuts     []TPDBudgetCut `json:"budget_cuts,omitempty"`
	// Compare holds the paired differences of --compare.
	Compare []TPDDiff `json:"compare,omitempty"`
}

// TPDDiff is the paired difference A − B of two policies of a TPD
// experiment in JSON output, its metrics keyed by tpd.Metric name.
type TPDDiff struct {
	A        string          `json:"a"`
	B        string          `json:"b"`
	RunsDone int             `json:"runs_done"`
	Metrics  map[string]Stat `json:"metrics"`
}

// TPDBudgetCut is a bound the time budget stopped in some replications
// (tpd.BudgetCut): how far it got, as means over those replications.
type TPDBudgetCut struct {
	Bound          string  `json:"bound"`
	Replications   int     `json:"replications"`
	WindowsCut     float64 `json:"windows_cut,omitempty"`
	Windows        float64 `json:"windows,omitempty"`
	Phases         float64 `json:"phases,omitempty"`
	PhasesPlanned  float64 `json:"phases_planned,omitempty"`
	LastIterations float64 `json:"last_iterations,omitempty"`
	LastCap        float64 `json:"last_cap,omitempty"`
}

// tpdResults is the JSON form of the results; stoppedBy names what
// stopped the partial ones.
func tpdResults(rs []*tpd.ExperimentResult, stoppedBy string) []TPDResult {
	out := make([]TPDResult, 0, len(rs))
	for _, r := range rs {
		jr := TPDResult{Mode: r.ModeName, Count: r.Mode.Count, Rate: r.Rate, Load: r.Load, Runs: r.Runs, RunsDone: r.Done,
			Bound: r.Bound.String(), Bounds: map[string]Stat{}}
		if r.Partial() {
			jr.Partial, jr.StoppedBy = true, stoppedBy
		}
		jr.BoundTimeLimit = r.BoundTimeLimit.Seconds()
		for _, c := range r.BudgetCuts() {
			jr.BudgetCuts = append(jr.BudgetCuts, TPDBudgetCut{Bound: string(c.Bound), Replications: c.Reps, WindowsCut: c.WindowsCut, Windows: c.Windows,
				Phases: c.Phases, PhasesPlanned: c.Planned, LastIterations: c.Iterations, LastCap: c.Cap})
		}
		for _, m := range r.Bounds.Metrics {
			jr.Bounds[m.Name] = statOf(m)
		}
		for _, p := range r.Policies {
			jp := TPDPolicy{Policy: p.Policy.String(), Discipline: p.Discipline.String(), Metrics: map[string]Stat{}}
			for _, m := range p.Stats.Metrics {
				jp.Metrics[m.Name] = statOf(m)
			}
			jr.Policies = append(jr.Policies, jp)
		}
		for _, d := range r.Diffs {
			jd := TPDDiff{A: d.A.String(), B: d.B.String(), RunsDone: d.Stats.Runs, Metrics: map[string]Stat{}}
			for _, m := range d.Stats.Metrics {
				jd.Metrics[m.Name] = statOf(m)
			}
			jr.Compare = append(jr.Compare, jd)
		}
		out = append(out, jr)
	}
	return out
}

// TPDAnswer is the JSON answer of solve tpd: one TPDResult per experiment.
type TPDAnswer struct {
	Results []TPDResult `json:"results"`
	// Confidence is the level of every interval when it is not 95%.
	Confidence float64 `json:"confidence,omitempty"`
}

// TPDJSON is the JSON form of results; stoppedBy ("time_limit" or
// "interrupt") names what stopped the partial ones.
func TPDJSON(results []*tpd.ExperimentResult, stoppedBy string) TPDAnswer {
	a := TPDAnswer{Results: tpdResults(results, stoppedBy)}
	if len(results) > 0 {
		a.Confidence = outLevel(results[0].Confidence)
	}
	return a
}

// TPDFinished keeps the results with at least one finished replication:
// a stopped run lists the experiments it never started, which have
// nothing to write to a CSV (TPDCSV) or draw (TPDFigures).
func TPDFinished(results []*tpd.ExperimentResult) []*tpd.ExperimentResult {
	var done []*tpd.ExperimentResult
	for _, r := range results {
		if r.Done > 0 {
			done = append(done, r)
		}
	}
	return done
}
