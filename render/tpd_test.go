package render_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
)

// oneIPN is a scenario of one IPN with q slots and exact state.
func oneIPN(t *testing.T, q int) *tpd.Scenario {
	t.Helper()
	zero := 0.0
	s, err := tpd.Build(&tpd.Instance{
		IPNs:     []tpd.IPN{{Slots: q, Speed: 1}},
		Latency:  tpd.Latency{In: [][]float64{{0}}, Out: []float64{0}},
		Workload: tpd.Workload{Frames: tpd.Range{Min: 1, Max: 10}},
		Policy:   tpd.PolicyParams{InfoInterval: &zero},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTPDFigures draws the figures of a tiny run (bar charts for a single
// load, line charts for a sweep) and checks the files are PNGs of the
// chart's size, named after the paper's figures.
func TestTPDFigures(t *testing.T) {
	s := oneIPN(t, 2)
	var results []*tpd.ExperimentResult
	for _, m := range []struct {
		name string
		mode tpd.Mode
	}{{"stable", tpd.Mode{Count: 20, Rate: 0.2}}, {"heavy", tpd.Mode{Count: 20, Load: 0.3}}, {"heavy", tpd.Mode{Count: 20, Load: 0.6}}} {
		r, err := s.Run(context.Background(), tpd.Experiment{ModeName: m.name, Mode: m.mode, Policies: tpd.Policies, Runs: 3, Bound: tpd.BoundSRPT})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	dir := filepath.Join(t.TempDir(), "not", "yet")
	files, err := render.TPDFigures(dir, results)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
		if strings.HasPrefix(filepath.Base(f), "sweep_") {
			checkPNG(t, f, 6, 4)
		} else {
			checkPNG(t, f, 5, 3.5)
		}
	}
	want := []string{
		"fig03_handling_ms_stable.png", "fig05_routing_ms_stable.png", "fig07_delay_ms_stable.png", "fig09_gap_pct_stable.png",
		"sweep_heavy_handling_ms.png", "sweep_heavy_routing_ms.png", "sweep_heavy_delay_ms.png", "sweep_heavy_gap_pct.png", "sweep_heavy_util_mean.png",
	}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("figure files (-want +got):\n%s", diff)
	}
}

// TestTPDFiguresMismatch: the results of one swept mode must have the same
// policies, else the lines would mix them; an error, not a panic.
func TestTPDFiguresMismatch(t *testing.T) {
	pol := func(n int) []tpd.PolicyStats {
		return slices.Repeat([]tpd.PolicyStats{{Policy: tpd.TPD, Stats: summary(metric(tpd.MetricDelayMS.String(), 1, 0.1, 3))}}, n)
	}
	rs := []*tpd.ExperimentResult{{ModeName: "heavy", Load: 0.3, Policies: pol(2)}, {ModeName: "heavy", Load: 0.6, Policies: pol(1)}}
	_, err := render.TPDFigures(t.TempDir(), rs)
	if err == nil || !strings.Contains(err.Error(), "mode heavy") {
		t.Errorf("got %v, want an error naming mode heavy", err)
	}
}

// TestTPDCSV writes two hand-made results and reads the CSV back: the
// header, then per result the bound rows (policy "bound", no discipline)
// and every policy's rows, each with the result's key columns.
func TestTPDCSV(t *testing.T) {
	rs := []*tpd.ExperimentResult{
		{ModeName: "stable", Mode: tpd.Mode{Count: 40}, Rate: 10, Load: 0.25, Runs: 3,
			Bounds: summary(metric(tpd.MetricLB0.String(), 1.25, 0, 3), metric(tpd.MetricTLB.String(), 2.5, 0.125, 3)),
			Policies: []tpd.PolicyStats{
				{Policy: tpd.TPD, Discipline: tpd.MDD, Stats: summary(metric(tpd.MetricDelayMS.String(), 123.456789012345, 4.5, 3))},
				{Policy: tpd.RND, Discipline: tpd.EDD, Stats: summary(metric(tpd.MetricDelayMS.String(), 1e-7, 0, 1))},
			}},
		{ModeName: "heavy", Mode: tpd.Mode{Count: 5}, Rate: 0.5, Load: 0.9, Runs: 2,
			Policies: []tpd.PolicyStats{{Policy: tpd.PoD, Discipline: tpd.FCFS, Stats: summary(metric(tpd.MetricGapPct.String(), 30, 2, 2))}}},
	}
	var b bytes.Buffer
	if err := render.TPDCSV(&b, rs); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"mode", "count", "rate", "load", "runs", "policy", "discipline", "metric", "mean", "ci95", "n"},
		{"stable", "40", "10", "0.25", "3", "bound", "", "lb0", "1.25", "0", "3"},
		{"stable", "40", "10", "0.25", "3", "bound", "", "t_lb", "2.5", "0.125", "3"},
		{"stable", "40", "10", "0.25", "3", tpd.TPD.String(), tpd.MDD.String(), "delay_ms", "123.456789", "4.5", "3"},
		{"stable", "40", "10", "0.25", "3", tpd.RND.String(), tpd.EDD.String(), "delay_ms", "1e-07", "0", "1"},
		{"heavy", "5", "0.5", "0.9", "2", tpd.PoD.String(), tpd.FCFS.String(), "gap_pct", "30", "2", "2"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CSV (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want[0], render.TPDCSVHeader()); diff != "" {
		t.Errorf("TPDCSVHeader (-want +got):\n%s", diff)
	}
}

// TestTPDTableNoNegativeZero: a width or gap negative only by rounding
// (here a replication's best UB 1e-9 relative below its T_LB, and gaps of
// −1e-10 % and −0.001 %, as a merge of records may carry them) prints as
// 0.00, never "-0.00"; a best UB below T_LB beyond the comparison
// tolerance is an error naming both numbers, not a negative width.
func TestTPDTableNoNegativeZero(t *testing.T) {
	s := oneIPN(t, 2)
	ex := tpd.Experiment{ModeName: "stable", Mode: tpd.Mode{Count: 20, Rate: 0.2}, Policies: []tpd.Policy{tpd.TPD}, Runs: 2, Bound: tpd.BoundSRPT}
	lb := 0.3 * (1 + 1e-9)
	sample := func(best float64) tpd.Sample {
		return tpd.Sample{Bounds: tpd.Bounds{LB0: lb, LBSRPT: &lb, TLB: lb, GreedyUB: best, BestUB: best},
			Policies: []tpd.PolicyRun{{TotalDelay: 0.3, DelayMS: 15, RoutingMS: 0, HandlingMS: 15,
				Tardiness: 0, UtilMean: 0.5, GapPct: -1e-10, GapGreedyPct: -0.001}}}
	}
	res := s.Aggregate(ex, []tpd.Sample{sample(0.3), sample(0.3)})
	var b bytes.Buffer
	if err := render.TPDTable(&b, []*tpd.ExperimentResult{res}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "-0.00") {
		t.Errorf("the table prints a negative zero:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "width 0.00 % of T_LB") {
		t.Errorf("no width 0.00 %%:\n%s", b.String())
	}
	bad := s.Aggregate(ex, []tpd.Sample{sample(0.29), sample(0.29)})
	err := render.TPDTable(&b, []*tpd.ExperimentResult{bad})
	if !errors.Is(err, fault.ErrSolver) || !strings.Contains(err.Error(), "T_LB (mean) 0.3") || !strings.Contains(err.Error(), "best UB (mean) 0.29") {
		t.Errorf("best UB below T_LB: error %v, want a solver fault naming both", err)
	}
}

// TestTPDDiffs: the paired differences of a result at level 0.9 in the
// table and the JSON. TPD's total delays 10, 12, 14 and PoD's 11, 14, 15
// differ by −1, −2, −1: mean −4/3, s = √(1/3) and, with t_{0.95, 2} =
// 2.919986, the half-width 2.919986·√(1/3)/√3 = 0.9733 (by hand).
func TestTPDDiffs(t *testing.T) {
	s := oneIPN(t, 2)
	ex := tpd.Experiment{ModeName: "stable", Mode: tpd.Mode{Count: 20, Rate: 0.2}, Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Runs: 3,
		Bound: tpd.BoundTrivial, Confidence: 0.9, Compare: [][2]tpd.Policy{{tpd.TPD, tpd.PoD}}}
	var samples []tpd.Sample
	for _, pair := range [][2]float64{{10, 11}, {12, 14}, {14, 15}} {
		smp := tpd.Sample{Bounds: tpd.Bounds{LB0: 9, TLB: 9, GreedyUB: 10, BestUB: 10}}
		for _, v := range pair {
			smp.Policies = append(smp.Policies, tpd.PolicyRun{TotalDelay: v, GapPct: 100 * (v - 9) / 9})
		}
		samples = append(samples, smp)
	}
	res := s.Aggregate(ex, samples)
	var b bytes.Buffer
	if err := render.TPDTable(&b, []*tpd.ExperimentResult{res}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(mean ± 90% CI)", "paired differences A − B on the same traces (common random numbers), mean ± 90% CI:", "TPD − PoD  3 "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
	if !strings.Contains(b.String(), "-1.33 ± 0.97") {
		t.Errorf("the table lacks TPD − PoD total delay -1.33 ± 0.97:\n%s", b.String())
	}
	j := render.TPDJSON([]*tpd.ExperimentResult{res}, "")
	if j.Confidence != 0.9 || len(j.Results[0].Compare) != 1 {
		t.Fatalf("JSON: level %g, %d differences; want 0.9 and one", j.Confidence, len(j.Results[0].Compare))
	}
	d := j.Results[0].Compare[0]
	st := d.Metrics["total_delay"]
	if d.A != "TPD" || d.B != "PoD" || d.RunsDone != 3 || math.Abs(st.Mean+4.0/3) > 1e-12 || math.Abs(st.HalfWidth-0.97333) > 1e-4 {
		t.Errorf("JSON difference %+v, total_delay %+v; want TPD − PoD over 3 runs, −1.3333 ± 0.97333", d, st)
	}
}
