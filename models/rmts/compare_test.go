package rmts

import (
	"context"
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestPairedNarrowerThanUnpaired: on the paper scenario (spec B.7,
// examples/rmts-paper.json), RMTS and REM run on the same traces, so the
// paired-t interval of RMTS − REM (Experiment.Compare) is narrower than
// the interval of the difference of two independent means, the Welch
// interval t_{(1+L)/2, ν}·√(s_A²/n + s_B²/n) with the Welch–Satterthwaite
// degrees of freedom ν, computed here from the two points' own summaries.
// The paired mean is the difference of the two means (the mean is
// linear), which checks that the pairs are the points' replications.
func TestPairedNarrowerThanUnpaired(t *testing.T) {
	sc, err := Build(paperInstance(t))
	if err != nil {
		t.Fatal(err)
	}
	const runs, level = 6, 0.95
	res, err := sc.Run(context.Background(), Experiment{Policies: []Policy{RMTS, REM}, Runs: runs, Confidence: level, Compare: [][2]Policy{{RMTS, REM}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Confidence != level || len(res.Diffs) != 1 {
		t.Fatalf("result: level %g, %d differences; want %g and one", res.Confidence, len(res.Diffs), level)
	}
	rate, alpha := res.Rates[0], res.Alphas[0]
	d, ok := res.Diff(RMTS, REM, rate, alpha)
	a, okA := res.Get(RMTS, rate, alpha)
	b, okB := res.Get(REM, rate, alpha)
	if !ok || !okA || !okB {
		t.Fatal("missing the difference or a point")
	}
	for _, m := range []Metric{MetricDelay, MetricMigrationsPerReq, MetricLoadVariance} {
		pd, _ := d.Stats.Get(string(m))
		sa, _ := a.Stat(m)
		sb, _ := b.Stat(m)
		if pd.N != runs || sa.N != runs || sb.N != runs {
			t.Fatalf("%s: %d pairs of %d and %d runs, want %d", m, pd.N, sa.N, sb.N, runs)
		}
		if got, want := pd.Mean, sa.Mean-sb.Mean; math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("%s: paired mean %g, want the difference of the means %g", m, got, want)
		}
		va, vb := sa.StdDev*sa.StdDev/runs, sb.StdDev*sb.StdDev/runs
		nu := (va + vb) * (va + vb) / (va*va/(runs-1) + vb*vb/(runs-1))
		unpaired := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Quantile((1+level)/2) * math.Sqrt(va+vb)
		t.Logf("%s: RMTS − REM = %.5f, paired ± %.5f, unpaired (Welch) ± %.5f", m, pd.Mean, pd.HalfWidth, unpaired)
		if !(pd.HalfWidth < unpaired) {
			t.Errorf("%s: paired half-width %.5f is not narrower than the unpaired %.5f", m, pd.HalfWidth, unpaired)
		}
	}
}

// TestCompareRefuses: a compared policy must be run, and differ from its
// pair; the confidence level must be a level.
func TestCompareRefuses(t *testing.T) {
	sc, err := Build(paperInstance(t))
	if err != nil {
		t.Fatal(err)
	}
	for name, ex := range map[string]Experiment{
		"not run":    {Policies: []Policy{RMTS, REM}, Compare: [][2]Policy{{RMTS, DASD}}},
		"itself":     {Policies: []Policy{RMTS, REM}, Compare: [][2]Policy{{REM, REM}}},
		"level 95":   {Policies: []Policy{RMTS}, Confidence: 95},
		"level -0.5": {Policies: []Policy{RMTS}, Confidence: -0.5},
	} {
		if _, err := sc.Plan(ex); !errors.Is(err, ErrInput) {
			t.Errorf("%s: error %v, want an input error", name, err)
		}
	}
}
