package render

import (
	"math"
	"strings"
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

// TestValueTicksRoundLabels: 21 swept values N = 300, 305, …, 400 are
// each a tick, and the labelled ones are the multiples of 20 (the
// smallest round multiple of the step 5 with at most ten labels); a dense
// sweep of 101 values gets ordinary ticks, not 101 of them.
func TestValueTicksRoundLabels(t *testing.T) {
	var v valueTicks
	for n := 300.0; n <= 400; n += 5 {
		v = append(v, n)
	}
	ticks := v.Ticks(290, 410)
	var labels []string
	for _, tk := range ticks {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if len(ticks) != 21 || strings.Join(labels, " ") != "300 320 340 360 380 400" {
		t.Errorf("%d ticks labelled %v, want 21 ticks labelled 300 320 … 400", len(ticks), labels)
	}
	var dense valueTicks
	for n := 300.0; n <= 400; n++ {
		dense = append(dense, n)
	}
	if got := len(dense.Ticks(300, 400)); got > 30 {
		t.Errorf("101 swept values gave %d ticks, want ordinary ticks", got)
	}
}

// TestSameNotes: curves equal everywhere are named as one group, curves
// equal over part of the axis get their range (those equal over the same
// range in one note), a lone common point is not a range, and a difference
// far below a pixel still counts as "on top".
func TestSameNotes(t *testing.T) {
	mk := func(label string, ys ...float64) series {
		s := series{label: label}
		for i, y := range ys {
			s.pts.add(float64(10*i), y, 0)
		}
		return s
	}
	ss := []series{
		mk("a", 1, 2, 3, 4),
		mk("b", 1, 2, 3, 4+1e-9), // invisible difference: on top of a
		mk("c", 0, 2, 3, 5),      // meets a on x = 10..20
		mk("d", 9, 2, 7, 1),      // meets a at x = 10 only
		mk("e", 9, 8, 7, 1),      // meets d on x = 20..30
		mk("f", 5, 8, 7, 6),      // meets e on x = 10..20, d and e on 20 only
		mk("g", 5, 8, 7, 0),      // on x = 0..20 with f, on 10..20 with e
	}
	got := sameNotes(ss, "x")
	want := []string{
		"curves on top of each other: a, b",
		"f, g coincide for x from 0 to 20",
		"a, c coincide for x from 10 to 20",
		"e, f, g coincide for x from 10 to 20",
		"d, e coincide for x from 20 to 30",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLogTicksLabels: a log axis over [2, 300] (two powers of ten) gets
// its 1-2-5 values labelled, and one over [1.5, 1.9], which holds no
// integer 1..9, gonum's evenly spaced labels: never fewer than
// minLogLabels labels.
func TestLogTicksLabels(t *testing.T) {
	for _, c := range []struct {
		min, max float64
		want     string
	}{
		{2, 300, "2 5 10 20 50 100 200"},
		{1.5, 1.9, "1.5 1.7 1.9"},
	} {
		var labels []string
		for _, tk := range (logTicks{}).Ticks(c.min, c.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("[%g, %g]: labels %q, want %q", c.min, c.max, got, c.want)
		}
	}
}

// TestSameNotesNear: curves that never coincide but stay within nearTol of
// the axis span of each other (here 0.2 apart on a span of 20) are named
// as hard to tell apart, with their largest distance; a curve on top of one
// of them comes along; a curve 1 away is not.
func TestSameNotesNear(t *testing.T) {
	mk := func(label string, ys ...float64) series {
		s := series{label: label}
		for i, y := range ys {
			s.pts.add(0.3+0.2*float64(i), y, 0)
		}
		return s
	}
	ss := []series{
		mk("ξ = 36", 0, 0, 0),
		mk("ξ = 39", 19.7, 19.8, 19.7),
		mk("ξ = 40", 19.9, 19.9, 19.9),
		mk("ξ = 41", 19.9, 19.9, 19.9),
		mk("ξ = 42", 19.8, 19.7, 19.8),
		mk("ξ = 43", 18.7, 18.7, 20),
	}
	got := strings.Join(sameNotes(ss, "α"), "\n")
	want := "curves on top of each other: ξ = 40, ξ = 41\nhard to tell apart: ξ = 39, ξ = 40, ξ = 41, ξ = 42 lie within 0.2 of each other at every α"
	if got != want {
		t.Errorf("notes:\n%s\nwant:\n%s", got, want)
	}
}
