package render_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/render"
)

// smallRMTS is the small cluster of cmd/solve's rmts_run script.
const smallRMTS = `{"seed": 3,
 "servers": {"count": 4, "capacity": 3},
 "contents": {"count": 5, "duration": 4, "theta": 0.27},
 "placement": {"holders": [[0, 1, 2], [1, 3], [2], [3, 0], [1]]},
 "arrivals": {"rate": 3, "horizon": 40, "warmup": 5},
 "policy": {"gamma": 3, "l_th": 2, "rem_min": 1, "rem_max": 2.5}}`

// TestRMTSFigures draws Figs. 4–7 of a tiny sweep over ξ and α, and only
// Figs. 4–5 when a single α was run.
func TestRMTSFigures(t *testing.T) {
	in, err := rmts.Parse(strings.NewReader(smallRMTS))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := rmts.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		alphas []float64
		want   []string
	}{
		{[]float64{0.3, 0.7}, []string{"fig4_success_vs_xi.png", "fig5_delay_vs_xi.png", "fig6_success_vs_alpha.png", "fig7_delay_vs_alpha.png"}},
		{[]float64{0.5}, []string{"fig4_success_vs_xi.png", "fig5_delay_vs_xi.png"}},
	} {
		res, err := sc.Run(context.Background(), rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.REM}, Rates: []float64{2, 3}, Alphas: c.alphas, Runs: 2, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		files, err := render.RMTSFigures(t.TempDir(), res)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range files {
			names = append(names, filepath.Base(f))
			checkPNG(t, f, 6, 4)
		}
		if diff := cmp.Diff(c.want, names); diff != "" {
			t.Errorf("α %v: figure files (-want +got):\n%s", c.alphas, diff)
		}
	}
}

// TestRMTSFiguresNoAlpha: a result without α has no Fig. 4 abscissa
// point to pick; an error naming the field, not a panic.
func TestRMTSFiguresNoAlpha(t *testing.T) {
	_, err := render.RMTSFigures(t.TempDir(), &rmts.ExperimentResult{Rates: []float64{2}})
	if err == nil || !strings.Contains(err.Error(), "Alphas") {
		t.Errorf("got %v, want an error naming Alphas", err)
	}
}

// TestRMTSCSV writes a hand-made result and reads it back: one row per
// point and metric, NaN means written as such.
func TestRMTSCSV(t *testing.T) {
	r := &rmts.ExperimentResult{Runs: 4, Rates: []float64{36, 40}, Alphas: []float64{0.5}, Points: []rmts.Point{
		{Policy: rmts.RMTS, Rate: 36, Alpha: 0.5, Stats: summary(metric(rmts.MetricDelay.String(), 0.75, 0.0625, 4), metric(rmts.MetricSuccess.String(), 0.96875, 0.01, 4))},
		{Policy: rmts.REM, Rate: 40, Alpha: 0.5, Stats: summary(metric(rmts.MetricDelay.String(), math.NaN(), 0, 0))},
	}}
	var b bytes.Buffer
	if err := render.RMTSCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"policy", "xi", "alpha", "runs", "metric", "mean", "ci95", "n"},
		{rmts.RMTS.String(), "36", "0.5", "4", "delay", "0.75", "0.0625", "4"},
		{rmts.RMTS.String(), "36", "0.5", "4", "success", "0.96875", "0.01", "4"},
		{rmts.REM.String(), "40", "0.5", "4", "delay", "NaN", "0", "0"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CSV (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want[0], render.RMTSCSVHeader()); diff != "" {
		t.Errorf("RMTSCSVHeader (-want +got):\n%s", diff)
	}
}
