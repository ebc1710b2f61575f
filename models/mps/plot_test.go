package mps

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestPlotsWritePNG checks that each figure is written as a non-trivial PNG.
func TestPlotsWritePNG(t *testing.T) {
	in, pols, pts := paperSweep(t, 1)
	var names []string
	for _, p := range pols {
		names = append(names, p.Name)
	}
	dir := t.TempDir()
	ivs := [][2]float64{{in.NormalLow, in.Worst}, {in.NormalLow, in.NormalHigh}, {in.NormalHigh, in.Worst}}
	for name, f := range map[string]func(string) error{
		"profit.png": func(p string) error { return PlotProfit(p, pts, names) },
		"gap.png":    func(p string) error { return PlotGap(p, pts, names) },
		"bars.png":   func(p string) error { return PlotGapBars(p, pts, names, ivs) },
	} {
		path := filepath.Join(dir, name)
		if err := f(path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("\x89PNG")) || len(data) < 10000 {
			t.Errorf("%s: %d bytes, not a PNG figure", name, len(data))
		}
	}
}
