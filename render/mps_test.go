package render_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/render"
)

// paperSweep sweeps the paper scenario (examples/mps-paper.json) over
// N = 300…400 in steps of 5.
func paperSweep(t *testing.T) (*multistage.Instance, []string, []multistage.Point) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "examples", "mps-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := multistage.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	pols, err := in.PlanPolicies(ctx, multistage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := multistage.Names(pols)
	pts, err := multistage.Sweep(ctx, &in.Network, pols, 300, 400, 5, multistage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return in, names, pts
}

// TestMPSFigures writes each figure as a PNG of 8×5 in.
func TestMPSFigures(t *testing.T) {
	in, names, pts := paperSweep(t)
	dir := t.TempDir()
	ivs := in.Intervals()
	for name, f := range map[string]func(string) error{
		"profit.png": func(p string) error { return render.MPSProfit(p, pts, names) },
		"gap.png":    func(p string) error { return render.MPSGap(p, pts, names) },
		"bars.png":   func(p string) error { return render.MPSGapBars(p, pts, names, ivs) },
	} {
		path := filepath.Join(dir, name)
		if err := f(path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkPNG(t, path, 8, 5)
	}
	// One name short: an error naming the point, not an index panic.
	err := render.MPSProfit(filepath.Join(dir, "short.png"), pts, names[1:])
	if err == nil || !strings.Contains(err.Error(), "pts[0]") {
		t.Errorf("names one short: got %v, want an error naming pts[0]", err)
	}
}

// TestMPSCSV writes hand-made points and reads them back: one row per N,
// a profit and a feasibility column per policy.
func TestMPSCSV(t *testing.T) {
	pts := []multistage.Point{
		{N: 300, Optimum: 210.5, Policies: []multistage.Evaluation{{Profit: 200.25, Feasible: true}, {Profit: 215, Feasible: false}}},
		{N: 305, Optimum: math.NaN(), Policies: []multistage.Evaluation{{Profit: 1.0 / 3, Feasible: true}, {Profit: 0, Feasible: true}}},
	}
	var b bytes.Buffer
	if err := render.MPSCSV(&b, pts, []string{"S1", "S2"}); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"N", "optimum", "S1_profit", "S1_feasible", "S2_profit", "S2_feasible"},
		{"300", "210.5", "200.25", "true", "215", "false"},
		{"305", "NaN", "0.3333333333", "true", "0", "true"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CSV (-want +got):\n%s", diff)
	}
}
