package render

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
)

// TestValueTicksAreTheSweptValues: the x ticks of a sweep are exactly the
// swept values inside the axis range, each labelled, so that a reviewer
// reads α = 0.3 and 0.7 rather than 0.35/0.5/0.65.
func TestValueTicksAreTheSweptValues(t *testing.T) {
	ticks := valueTicks{0.3, 0.7, 36, 40}.Ticks(0, 38)
	want := []struct {
		v     float64
		label string
	}{{0.3, "0.3"}, {0.7, "0.7"}, {36, "36"}}
	if len(ticks) != len(want) {
		t.Fatalf("ticks %+v, want the values %v", ticks, want)
	}
	for i, w := range want {
		if ticks[i].Value != w.v || ticks[i].Label != w.label {
			t.Errorf("tick %d = %+v, want %v labelled %q", i, ticks[i], w.v, w.label)
		}
	}
	// beyond ten values only every k-th is labelled, the rest stay ticks
	many := make(valueTicks, 25)
	for i := range many {
		many[i] = float64(i)
	}
	labels := 0
	for _, tk := range many.Ticks(0, 24) {
		if tk.Label != "" {
			labels++
		}
	}
	if got := len(many.Ticks(0, 24)); got != 25 || labels > 10 || labels < 5 {
		t.Errorf("25 swept values: %d ticks, %d labelled; want 25 ticks and 5 to 10 labels", got, labels)
	}
}

// TestWhiskerSpansTheInterval: a whisker runs from mean − half to
// mean + half in data units, so its drawn length is proportional to the
// confidence interval (not a glyph of fixed size), and the data range
// includes both ends.
func TestWhiskerSpansTheInterval(t *testing.T) {
	pts := errPoints{XYs: plotter.XYs{{X: 1, Y: 10}, {X: 2, Y: 0.5}}, half: []float64{0.16, 2}}
	w := newWhiskers(pts, nil)
	for i, want := range [][3]float64{{1, 9.84, 10.16}, {2, -1.5, 2.5}} {
		x, lo, hi := w.interval(i)
		if x != want[0] || math.Abs(lo-want[1]) > 1e-12 || math.Abs(hi-want[2]) > 1e-12 {
			t.Errorf("point %d: whisker at x = %g from %g to %g, want %v", i, x, lo, hi, want)
		}
		if got := hi - lo; math.Abs(got-2*pts.half[i]) > 1e-12 {
			t.Errorf("point %d: length %g, want 2 × half-width = %g", i, got, 2*pts.half[i])
		}
	}
	if _, _, ymin, ymax := w.DataRange(); ymin > -1.5 || ymax < 10.16 {
		t.Errorf("data range [%g, %g] leaves out a whisker end", ymin, ymax)
	}
}
