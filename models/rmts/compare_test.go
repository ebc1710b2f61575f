package rmts

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
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

// TestDiffIsPairedCI: each reported difference is sim.PairedCI of the two
// policies' metrics trace by trace, the traces' samples computed here one
// unit at a time; an α-independent pair is the same at every α.
func TestDiffIsPairedCI(t *testing.T) {
	in := smallInstance(rand.New(rand.NewPCG(5, 5)), false)
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	ex := Experiment{Policies: []Policy{RMTS, REM, DASD}, Rates: []float64{2}, Alphas: []float64{0.3, 0.7}, Runs: 5, Confidence: 0.8,
		Compare: [][2]Policy{{RMTS, REM}, {DASD, REM}}}
	res, err := sc.Run(context.Background(), ex)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := sc.Plan(ex)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sc.PlanSweep(SweepOf(in, ex, pl))
	if err != nil {
		t.Fatal(err)
	}
	// The cells of rate 2 in plan order: rmts@0.3, rmts@0.7, rem, dasd.
	delay := make([][]float64, 4)
	for r := 0; r < ex.Runs; r++ {
		s, err := p.Run(context.Background(), study.Unit{Point: 0, Rep: r})
		if err != nil {
			t.Fatal(err)
		}
		for j, m := range s.Runs {
			delay[j] = append(delay[j], m.Delay)
		}
	}
	for _, tc := range []struct {
		a, b  Policy
		alpha float64
		ia    int
	}{{RMTS, REM, 0.3, 0}, {RMTS, REM, 0.7, 1}, {DASD, REM, 0.3, 3}, {DASD, REM, 0.7, 3}} {
		d, ok := res.Diff(tc.a, tc.b, 2, tc.alpha)
		if !ok {
			t.Fatalf("no difference %s − %s at α %g", tc.a, tc.b, tc.alpha)
		}
		got, _ := d.Stats.Get(string(MetricDelay))
		if want := sim.PairedCI(delay[tc.ia], delay[2], 0.8); got != want {
			t.Errorf("%s − %s at α %g: delay %+v, want %+v", tc.a, tc.b, tc.alpha, got, want)
		}
	}
	if len(res.Diffs) != 4 || res.Diffs[0].Stats.Level != 0.8 {
		t.Errorf("%d differences at level %g, want 4 (2 pairs × 2 α) at 0.8", len(res.Diffs), res.Diffs[0].Stats.Level)
	}
}
