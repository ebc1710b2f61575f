package tpd_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

// TestDiffIsPairedCI: each reported difference is sim.PairedCI of the two
// policies' metrics replication by replication, the replications' samples
// computed here one unit at a time through the study's plan, at the
// request's level.
func TestDiffIsPairedCI(t *testing.T) {
	in, err := tpd.Parse(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	const runs, level = 5, 0.8
	b := tpd.BoundSRPT
	q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
	q.Modes, q.Runs, q.Bound, q.Confidence = []string{"stable"}, runs, &b, level
	q.Policies = []tpd.Policy{tpd.TPD, tpd.PoD, tpd.RND}
	q.Compare = [][2]tpd.Policy{{tpd.TPD, tpd.PoD}, {tpd.RND, tpd.TPD}}
	p, err := tpd.Study{}.Plan(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	out, err := study.Run(context.Background(), p, study.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	res := out.Result[0]
	// metric[name][i][r] is policy i's metric in replication r.
	metric := map[string][][]float64{}
	for r := 0; r < runs; r++ {
		smp, err := p.Run(context.Background(), study.Unit{Point: 0, Rep: r})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range smp.Policies {
			for _, f := range []struct {
				name string
				v    float64
			}{{"total_delay", m.TotalDelay}, {"delay_ms", m.DelayMS}, {"tardiness", m.Tardiness}, {"routing_ms", m.RoutingMS}, {"gap_pct", m.GapPct}} {
				if metric[f.name] == nil {
					metric[f.name] = make([][]float64, len(q.Policies))
				}
				metric[f.name][i] = append(metric[f.name][i], f.v)
			}
		}
	}
	if len(res.Diffs) != 2 || res.Confidence != level {
		t.Fatalf("%d differences at level %g, want 2 at %g", len(res.Diffs), res.Confidence, level)
	}
	for _, tc := range []struct {
		a, b   tpd.Policy
		ia, ib int
	}{{tpd.TPD, tpd.PoD, 0, 1}, {tpd.RND, tpd.TPD, 2, 0}} {
		d, ok := res.Diff(tc.a, tc.b)
		if !ok {
			t.Fatalf("no difference %s − %s", tc.a, tc.b)
		}
		if d.Stats.Level != level || d.Stats.Runs != runs {
			t.Errorf("%s − %s: level %g over %d runs, want %g over %d", tc.a, tc.b, d.Stats.Level, d.Stats.Runs, level, runs)
		}
		for name, vals := range metric {
			got, ok := d.Stats.Get(name)
			if want := sim.PairedCI(vals[tc.ia], vals[tc.ib], level); !ok || got != want {
				t.Errorf("%s − %s: %s %+v, want %+v", tc.a, tc.b, name, got, want)
			}
		}
		if _, ok := d.Stats.Get(tpd.UtilMetric("fast").String()); !ok {
			t.Errorf("%s − %s: no difference of util_fast (the utilisations are named by IPN)", tc.a, tc.b)
		}
	}
}

// TestPairedNarrowerThanUnpaired: on a small scenario (the package's
// example instance at load 0.8, 100 sub-tasks), TPD and PoD run on the
// same traces, so the paired-t interval of TPD − PoD total delay is
// narrower than the interval of the difference of two independent means,
// the Welch interval t_{(1+L)/2, ν}·√(s_A²/n + s_B²/n) with the
// Welch–Satterthwaite degrees of freedom ν, computed here from the two
// policies' own summaries. The paired mean is the difference of the two
// means (the mean is linear), which checks that the pairs are the
// policies' replications.
func TestPairedNarrowerThanUnpaired(t *testing.T) {
	s := scenario()
	const runs, level = 8, 0.95
	exps, err := s.Plan(tpd.Request{Modes: []string{"stable"}, Loads: []float64{0.8}, Count: 100, Runs: runs, Seed: 1,
		Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Bound: ptr(tpd.BoundSRPT), Compare: [][2]tpd.Policy{{tpd.TPD, tpd.PoD}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background(), exps[0])
	if err != nil {
		t.Fatal(err)
	}
	d, ok := res.Diff(tpd.TPD, tpd.PoD)
	if !ok || res.Confidence != level {
		t.Fatalf("difference found %v at level %g, want one at %g", ok, res.Confidence, level)
	}
	m := string(tpd.MetricTotalDelay)
	pd, _ := d.Stats.Get(m)
	sa, _ := res.Policies[0].Stats.Get(m)
	sb, _ := res.Policies[1].Stats.Get(m)
	if pd.N != runs || sa.N != runs || sb.N != runs {
		t.Fatalf("%d pairs of %d and %d runs, want %d", pd.N, sa.N, sb.N, runs)
	}
	if got, want := pd.Mean, sa.Mean-sb.Mean; math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("paired mean %g, want the difference of the means %g", got, want)
	}
	va, vb := sa.StdDev*sa.StdDev/runs, sb.StdDev*sb.StdDev/runs
	nu := (va + vb) * (va + vb) / (va*va/(runs-1) + vb*vb/(runs-1))
	unpaired := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Quantile((1+level)/2) * math.Sqrt(va+vb)
	t.Logf("TPD − PoD total delay = %.4f s, paired ± %.4f, unpaired (Welch) ± %.4f", pd.Mean, pd.HalfWidth, unpaired)
	if !(pd.HalfWidth < unpaired) {
		t.Errorf("paired half-width %.4f is not narrower than the unpaired %.4f", pd.HalfWidth, unpaired)
	}
}

// TestCompareRefuses: a compared policy must be run and differ from its
// pair, and the level must be a level; Plan names the field.
func TestCompareRefuses(t *testing.T) {
	s := scenario()
	for name, tc := range map[string]struct {
		q     tpd.Request
		field string
	}{
		"not run":    {tpd.Request{Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Compare: [][2]tpd.Policy{{tpd.TPD, tpd.RND}}}, "compare"},
		"itself":     {tpd.Request{Compare: [][2]tpd.Policy{{tpd.CRO, tpd.CRO}}}, "compare"},
		"level 95":   {tpd.Request{Confidence: 95}, "confidence"},
		"level -0.5": {tpd.Request{Confidence: -0.5}, "confidence"},
	} {
		_, err := s.Plan(tc.q)
		var fe *tpd.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !errors.Is(err, tpd.ErrInput) {
			t.Errorf("%s: error %v, want an input error of field %q", name, err, tc.field)
		}
	}
}
