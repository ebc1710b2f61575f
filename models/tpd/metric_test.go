package tpd

import (
	"context"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// The documented lists are exactly what Run produces: with every bound
// (bounds all and tight together), the bounds carry each BoundMetric and
// each policy each PolicyMetric and one UtilMetric per IPN, nothing else.
func TestMetricListsMatchRun(t *testing.T) {
	s := planScenario(t, threeModes)
	run := func(b BoundKind) *ExperimentResult {
		exps, err := s.Plan(Request{Modes: []string{"stable"}, Runs: 2, Bound: ptr(b)})
		if err != nil {
			t.Fatal(err)
		}
		exps[0].Workers = 1
		res, err := s.Run(context.Background(), exps[0])
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res, tight := run(BoundAll), run(BoundTight)
	if _, ok := res.BoundStat(MetricLBTight); ok {
		t.Error("bound all computed LB_TIGHT")
	}
	names := func(ms []MetricInfo, extra ...Metric) []string {
		var out []string
		for _, m := range ms {
			out = append(out, string(m.Metric))
		}
		for _, m := range extra {
			out = append(out, string(m))
		}
		slices.Sort(out)
		return out
	}
	var got []string
	for _, r := range []*ExperimentResult{res, tight} {
		for _, m := range r.Bounds.Metrics {
			if !slices.Contains(got, m.Name) {
				got = append(got, m.Name)
			}
		}
	}
	slices.Sort(got)
	if want := names(BoundMetrics()); !slices.Equal(got, want) {
		t.Errorf("bounds all and tight carry %v, BoundMetrics lists %v", got, want)
	}
	for _, m := range BoundMetrics() {
		_, ok1 := res.BoundStat(m.Metric)
		_, ok2 := tight.BoundStat(m.Metric)
		if !ok1 && !ok2 {
			t.Errorf("BoundStat(%s) not found", m.Metric)
		}
	}
	want := names(PolicyMetrics(), UtilMetric("fast"), UtilMetric("slow"))
	for _, p := range res.Policies {
		got = got[:0]
		for _, m := range p.Stats.Metrics {
			got = append(got, m.Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s carries %v, PolicyMetrics and the IPNs give %v", p.Policy, got, want)
		}
		if st, ok := p.Stat(MetricGapPct); !ok || st.N != 2 || !(st.Mean >= 0) {
			t.Errorf("%s: gap_pct %+v, %v; want 2 replications of a gap >= 0", p.Policy, st, ok)
		}
		// Each named field of the summary is its metric's statistic.
		sum := p.Summary()
		for _, m := range PolicyMetrics() {
			if st, _ := p.Stat(m.Metric); *m.policy(&sum) != st || st.N != 2 {
				t.Errorf("%s: Summary's field of %s is %+v, Stat gives %+v", p.Policy, m.Metric, *m.policy(&sum), st)
			}
		}
		for _, ipn := range []string{"fast", "slow"} {
			if st, _ := p.Stat(UtilMetric(ipn)); sum.Util[ipn] != st || len(sum.Util) != 2 {
				t.Errorf("%s: Summary.Util[%s] = %+v of %d, Stat gives %+v", p.Policy, ipn, sum.Util[ipn], len(sum.Util), st)
			}
		}
	}
	bs := res.BoundSummary()
	for _, m := range BoundMetrics() {
		if st, ok := res.BoundStat(m.Metric); *m.bound(&bs) != st || ok && st.N != 2 {
			t.Errorf("BoundSummary's field of %s is %+v, BoundStat gives %+v", m.Metric, *m.bound(&bs), st)
		}
	}
}

// Every metric has its own field in its summary struct.
func TestSummaryFieldsDistinct(t *testing.T) {
	var ps PolicySummary
	seen := map[*sim.Stat]Metric{}
	for _, m := range PolicyMetrics() {
		f := m.policy(&ps)
		if prev, ok := seen[f]; ok {
			t.Errorf("%s and %s share a PolicySummary field", prev, m.Metric)
		}
		seen[f] = m.Metric
	}
	var bs BoundSummary
	for _, m := range BoundMetrics() {
		f := m.bound(&bs)
		if prev, ok := seen[f]; ok {
			t.Errorf("%s and %s share a BoundSummary field", prev, m.Metric)
		}
		seen[f] = m.Metric
	}
}

func TestMetricListsDocumented(t *testing.T) {
	seen := map[Metric]bool{}
	for _, m := range append(PolicyMetrics(), BoundMetrics()...) {
		if seen[m.Metric] {
			t.Errorf("metric %s listed twice", m.Metric)
		}
		seen[m.Metric] = true
		if m.About == "" {
			t.Errorf("metric %s has no description", m.Metric)
		}
		if !slices.Contains([]string{"", "s", "ms", "%"}, m.Unit) {
			t.Errorf("metric %s: unit %q, want one of s, ms, %%, or none", m.Metric, m.Unit)
		}
	}
	// The lists are copies: changing one does not change the next.
	PolicyMetrics()[0].Metric = "changed"
	if PolicyMetrics()[0].Metric != MetricRoutingMS {
		t.Error("PolicyMetrics returned its own table")
	}
}
