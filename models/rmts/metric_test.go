package rmts

import (
	"context"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// The documented lists are exactly what Run produces: with the bound and
// DASD's proactive mode on, every point carries each PointMetric and the
// bounds each BoundMetric, nothing else.
func TestMetricListsMatchRun(t *testing.T) {
	in := handInstance()
	in.Policy.DASDProactiveDelta = 2
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(context.Background(), Experiment{Policies: []Policy{DASD}, Runs: 2, Workers: 1, Bound: true, Backend: "simplex"})
	if err != nil {
		t.Fatal(err)
	}
	names := func(ms []MetricInfo) []string {
		var out []string
		for _, m := range ms {
			out = append(out, string(m.Metric))
		}
		slices.Sort(out)
		return out
	}
	var got []string
	for _, m := range res.Points[0].Stats.Metrics {
		got = append(got, m.Name)
	}
	if want := names(PointMetrics()); !slices.Equal(got, want) {
		t.Errorf("point carries %v, PointMetrics lists %v", got, want)
	}
	got = got[:0]
	for _, m := range res.Bounds[0].Metrics {
		got = append(got, m.Name)
	}
	if want := names(BoundMetrics()); !slices.Equal(got, want) {
		t.Errorf("bounds carry %v, BoundMetrics lists %v", got, want)
	}
	if st, ok := res.Points[0].Stat(MetricSuccess); !ok || st.N != 2 || !(st.Mean >= 0 && st.Mean <= 1) {
		t.Errorf("success %+v, %v; want 2 replications of a rate in [0, 1]", st, ok)
	}
	if st, ok := res.BoundStat(0, MetricBoundSuccess); !ok || st.N != 2 || !(st.Mean > 0 && st.Mean <= 1) {
		t.Errorf("bound_success %+v, %v; want 2 replications of a rate in (0, 1]", st, ok)
	}
	if _, ok := res.BoundStat(1, MetricBoundSuccess); ok {
		t.Error("BoundStat(1, …) found a bound of a rate the experiment did not run")
	}
	// Each named field of the summaries is its metric's statistic.
	ps := res.Points[0].Summary()
	for _, m := range PointMetrics() {
		if st, _ := res.Points[0].Stat(m.Metric); *m.point(&ps) != st || st.N != 2 {
			t.Errorf("Summary's field of %s is %+v, Stat gives %+v", m.Metric, *m.point(&ps), st)
		}
	}
	bs := res.BoundSummary(0)
	for _, m := range BoundMetrics() {
		if st, _ := res.BoundStat(0, m.Metric); *m.bound(&bs) != st || st.N != 2 {
			t.Errorf("BoundSummary's field of %s is %+v, BoundStat gives %+v", m.Metric, *m.bound(&bs), st)
		}
	}
	if res.BoundSummary(1) != (BoundSummary{}) {
		t.Error("BoundSummary(1) is not empty for a rate the experiment did not run")
	}
}

// Every metric has its own field in its summary struct.
func TestSummaryFieldsDistinct(t *testing.T) {
	var ps PointSummary
	var bs BoundSummary
	seen := map[*sim.Stat]Metric{}
	for _, m := range append(PointMetrics(), BoundMetrics()...) {
		f := (*sim.Stat)(nil)
		if m.point != nil {
			f = m.point(&ps)
		} else {
			f = m.bound(&bs)
		}
		if prev, ok := seen[f]; ok {
			t.Errorf("%s and %s share a summary field", prev, m.Metric)
		}
		seen[f] = m.Metric
	}
}

func TestMetricListsDocumented(t *testing.T) {
	seen := map[Metric]bool{}
	for _, m := range append(PointMetrics(), BoundMetrics()...) {
		if seen[m.Metric] {
			t.Errorf("metric %s listed twice", m.Metric)
		}
		seen[m.Metric] = true
		if m.About == "" {
			t.Errorf("metric %s has no description", m.Metric)
		}
		if !slices.Contains([]string{"", "τ"}, m.Unit) {
			t.Errorf("metric %s: unit %q, want τ or none", m.Metric, m.Unit)
		}
	}
	// The lists are copies: changing one does not change the next.
	PointMetrics()[0].Metric = "changed"
	if PointMetrics()[0].Metric != MetricArrived {
		t.Error("PointMetrics returned its own table")
	}
}
