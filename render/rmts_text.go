package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/models/rmts"
)

// rmtsColumn is a metric the table shows, with its header.
type rmtsColumn struct {
	key  rmts.Metric
	head string
}

var rmtsColumns = []rmtsColumn{
	{rmts.MetricSuccess, "success μ"},
	{rmts.MetricDelay, "delay (τ)"},
	{rmts.MetricMigrationsPerReq, "migrations/req"},
	{rmts.MetricSuccessAll, "μ from empty"},
	{rmts.MetricFailureTerminations, "failure terms"},
	{rmts.MetricLoadVariance, "load variance"},
	{rmts.MetricProactiveMovesPerReq, "proactive moves/req"},
	{rmts.MetricBoundGap, "gap to LP /arrival"},
}

// rmtsTableColumns drops the columns no point has: the proactive moves
// without DASD's proactive mode, the LP gap without --bound.
func rmtsTableColumns(r *rmts.ExperimentResult) []rmtsColumn {
	var out []rmtsColumn
	for _, c := range rmtsColumns {
		for _, pt := range r.Points {
			if st, ok := pt.Stat(c.key); ok && !math.IsNaN(st.Mean) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// RMTSTable writes the text table of solve rmts: a header line with the
// scenario, one row per (policy, ξ, α) with the mean ± CI (at the
// result's level) of every metric some point has (α-independent policies
// once per rate), the offline LP bound per rate when it was computed, and
// the paired differences of the compared policies.
func RMTSTable(w io.Writer, sc *rmts.Scenario, r *rmts.ExperimentResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	in := sc.In
	proactive := ""
	if d := sc.Params.DASDProactiveDelta; d > 0 {
		proactive = fmt.Sprintf(", DASD proactive δ=%d", d)
	}
	fmt.Fprintf(tw, "%d servers × L=%d, %d contents, Γ=%d%s, runs=%d, seed=%d, horizon %g min (warm-up %g)  %s\n",
		sc.Servers, sc.Capacity, sc.Contents, sc.Params.Gamma, proactive, r.Runs, r.Seed, in.Arrivals.Horizon, in.Arrivals.Warmup, ciNote(r.Runs, r.Confidence))
	cols := rmtsTableColumns(r)
	head := []string{"policy", "ξ", "α"}
	if r.Partial() {
		head = append(head, "runs") // the finished replications of each point
	}
	for _, c := range cols {
		head = append(head, c.head)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, pt := range r.Points {
		a := "-"
		if pt.Policy.UsesAlpha() {
			a = strconv.FormatFloat(pt.Alpha, 'g', -1, 64)
		} else if pt.Alpha != r.Alphas[0] {
			continue // α-independent policy: shown once per rate
		}
		row := []string{pt.Policy.String(), strconv.FormatFloat(pt.Rate, 'g', -1, 64), a}
		if r.Partial() {
			row = append(row, strconv.Itoa(pt.Stats.Runs))
		}
		for _, c := range cols {
			st, ok := pt.Stat(c.key)
			if !ok || math.IsNaN(st.Mean) {
				row = append(row, "-")
				continue
			}
			prec := 4
			if c.key == rmts.MetricFailureTerminations {
				prec = 2
			}
			row = append(row, ci(st, prec))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	for i, b := range r.Bounds {
		if st, ok := r.BoundStat(i, rmts.MetricBoundSuccess); ok {
			runs := ""
			if b.Runs < r.Runs {
				runs = fmt.Sprintf(" (%d of %d traces)", b.Runs, r.Runs)
			}
			fmt.Fprintf(tw, "offline LP bound at ξ = %g: admits %s of the arrivals (from empty)%s\n", r.Rates[i], ci(st, 4), runs)
		}
	}
	if len(r.Diffs) > 0 {
		fmt.Fprintf(tw, "paired differences A − B on the same traces (common random numbers), mean ± %s%% CI:\n", levelPct(r.Confidence))
		head := []string{"A − B", "ξ", "α", "runs"}
		for _, c := range cols {
			head = append(head, c.head)
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for _, d := range r.Diffs {
			a, ok := diffAlpha(d, r.Alphas[0])
			if !ok {
				continue // neither uses α: shown once per rate
			}
			row := []string{d.A.String() + " − " + d.B.String(), strconv.FormatFloat(d.Rate, 'g', -1, 64), a, strconv.Itoa(d.Stats.Runs)}
			for _, c := range cols {
				st, ok := d.Stats.Get(string(c.key))
				if !ok || math.IsNaN(st.Mean) {
					row = append(row, "-")
					continue
				}
				row = append(row, ci(st, 4))
			}
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
	}
	return tw.Flush()
}

// diffAlpha is the α column of a paired difference: its α when either
// policy uses one, else "-" at the first α and false at the others (the
// same difference repeated).
func diffAlpha(d rmts.Diff, first float64) (string, bool) {
	if d.A.UsesAlpha() || d.B.UsesAlpha() {
		return strconv.FormatFloat(d.Alpha, 'g', -1, 64), true
	}
	return "-", d.Alpha == first
}

// RMTSPoint is one (policy, ξ, α) point in JSON output, its metrics keyed
// by rmts.Metric name; Alpha is absent for a policy that has no weight.
type RMTSPoint struct {
	Policy   string          `json:"policy"`
	Rate     float64         `json:"xi"`
	Alpha    *float64        `json:"alpha,omitempty"`
	RunsDone int             `json:"runs_done"`
	Metrics  map[string]Stat `json:"metrics"`
}

// RMTSAnswer is the JSON answer of solve rmts.
type RMTSAnswer struct {
	Servers   int `json:"servers"`
	Capacity  int `json:"capacity"`
	Contents  int `json:"contents"`
	Gamma     int `json:"gamma"`
	Proactive int `json:"dasd_proactive_delta,omitempty"`
	Runs      int `json:"runs"`
	// Replications (one per trace and cell) asked for and finished.
	Replications     int         `json:"replications"`
	ReplicationsDone int         `json:"replications_done"`
	Partial          bool        `json:"partial,omitempty"`
	StoppedBy        string      `json:"stopped_by,omitempty"` // "time_limit" or "interrupt"
	Seed             uint64      `json:"seed"`
	Connected        bool        `json:"graph_connected"`
	Points           []RMTSPoint `json:"points"`
	Bounds           []RMTSBound `json:"bounds,omitempty"`
	// Confidence is the level of every interval when it is not 95%.
	Confidence float64 `json:"confidence,omitempty"`
	// Compare holds the paired differences of --compare.
	Compare []RMTSDiff `json:"compare,omitempty"`
}

// RMTSDiff is the paired difference A − B of two policies at one (ξ, α)
// in JSON output; Alpha is absent when neither policy has a weight.
type RMTSDiff struct {
	A        string          `json:"a"`
	B        string          `json:"b"`
	Rate     float64         `json:"xi"`
	Alpha    *float64        `json:"alpha,omitempty"`
	RunsDone int             `json:"runs_done"`
	Metrics  map[string]Stat `json:"metrics"`
}

// RMTSBound is the offline LP bound at one rate in JSON output.
type RMTSBound struct {
	Rate    float64         `json:"xi"`
	Metrics map[string]Stat `json:"metrics"`
}

// RMTSJSON is the JSON form of r; the caller sets Partial and StoppedBy
// when a limit stopped the run.
func RMTSJSON(sc *rmts.Scenario, r *rmts.ExperimentResult) RMTSAnswer {
	out := RMTSAnswer{Servers: sc.Servers, Capacity: sc.Capacity, Contents: sc.Contents, Gamma: sc.Params.Gamma,
		Proactive: sc.Params.DASDProactiveDelta, Runs: r.Runs, Replications: r.Total, ReplicationsDone: r.Done,
		Seed: r.Seed, Connected: sc.Graph.Connected(), Confidence: outLevel(r.Confidence)}
	for _, pt := range r.Points {
		jp := RMTSPoint{Policy: pt.Policy.String(), Rate: pt.Rate, RunsDone: pt.Stats.Runs, Metrics: map[string]Stat{}}
		if pt.Policy.UsesAlpha() {
			a := pt.Alpha
			jp.Alpha = &a
		} else if pt.Alpha != r.Alphas[0] {
			continue
		}
		for _, m := range pt.Stats.Metrics {
			if math.IsNaN(m.Mean) {
				continue
			}
			jp.Metrics[m.Name] = statOf(m)
		}
		out.Points = append(out.Points, jp)
	}
	for i, b := range r.Bounds {
		jb := RMTSBound{Rate: r.Rates[i], Metrics: map[string]Stat{}}
		for _, m := range b.Metrics {
			jb.Metrics[m.Name] = statOf(m)
		}
		out.Bounds = append(out.Bounds, jb)
	}
	for _, d := range r.Diffs {
		if _, ok := diffAlpha(d, r.Alphas[0]); !ok {
			continue
		}
		jd := RMTSDiff{A: d.A.String(), B: d.B.String(), Rate: d.Rate, RunsDone: d.Stats.Runs, Metrics: map[string]Stat{}}
		if d.A.UsesAlpha() || d.B.UsesAlpha() {
			a := d.Alpha
			jd.Alpha = &a
		}
		for _, m := range d.Stats.Metrics {
			if !math.IsNaN(m.Mean) {
				jd.Metrics[m.Name] = statOf(m)
			}
		}
		out.Compare = append(out.Compare, jd)
	}
	return out
}
