package render_test

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// checkPNG decodes the PNG at path and checks its size in pixels:
// gonum/plot saves w×h inches at 96 dpi.
func checkPNG(t *testing.T, path string, wIn, hIn float64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Errorf("%s: %v", filepath.Base(path), err)
		return
	}
	if b := img.Bounds(); b.Dx() != int(wIn*96) || b.Dy() != int(hIn*96) {
		t.Errorf("%s: %dx%d pixels, want %gx%g in at 96 dpi", filepath.Base(path), b.Dx(), b.Dy(), wIn, hIn)
	}
}

// summary builds a sim.Summary from (name, mean, half-width, n) rows.
func summary(ms ...sim.Metric) sim.Summary {
	return sim.Summary{Runs: 3, Metrics: ms}
}

func metric(name string, mean, half float64, n int) sim.Metric {
	return sim.Metric{Name: name, Stat: sim.Stat{N: n, Mean: mean, HalfWidth: half}}
}
