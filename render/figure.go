package render

import (
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// errPoints are points with symmetric y error bars (the 95% CI half-width).
type errPoints struct {
	plotter.XYs
	half []float64
}

// add appends the point (x, mean) with error bars ± half.
func (e *errPoints) add(x, mean, half float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: mean})
	e.half = append(e.half, half)
}

// series is one labelled line of a chart with confidence intervals.
type series struct {
	label string
	pts   errPoints
}

// whiskers draw a confidence interval per point as a vertical line from
// mean − half to mean + half in data units, with a short thin cap at each
// end: the drawn length is proportional to the interval, never a glyph of
// fixed size. A zero half-width draws nothing.
type whiskers struct {
	pts errPoints
	draw.LineStyle
	// Cap is the width of the end caps.
	Cap vg.Length
}

func newWhiskers(pts errPoints, c color.Color) *whiskers {
	return &whiskers{pts: pts, LineStyle: draw.LineStyle{Color: c, Width: vg.Points(0.8)}, Cap: vg.Points(5)}
}

// interval returns the data-unit ends of point i's whisker.
func (w *whiskers) interval(i int) (x, lo, hi float64) {
	p, h := w.pts.XYs[i], math.Abs(w.pts.half[i])
	return p.X, p.Y - h, p.Y + h
}

// Plot implements plot.Plotter.
func (w *whiskers) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range w.pts.XYs {
		x, lo, hi := w.interval(i)
		if hi == lo || math.IsNaN(lo) || math.IsInf(hi, 0) {
			continue
		}
		cx, ylo, yhi := trX(x), trY(lo), trY(hi)
		c.StrokeLine2(w.LineStyle, cx, ylo, cx, yhi)
		c.StrokeLine2(w.LineStyle, cx-w.Cap/2, ylo, cx+w.Cap/2, ylo)
		c.StrokeLine2(w.LineStyle, cx-w.Cap/2, yhi, cx+w.Cap/2, yhi)
	}
}

// DataRange implements plot.DataRanger: the axes take in every whisker.
func (w *whiskers) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for i := range w.pts.XYs {
		x, lo, hi := w.interval(i)
		if math.IsNaN(lo) || math.IsInf(hi, 0) {
			continue
		}
		xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
		ymin, ymax = math.Min(ymin, lo), math.Max(ymax, hi)
	}
	return xmin, xmax, ymin, ymax
}

// GlyphBoxes implements plot.GlyphBoxer, so that a cap at the edge of
// the data area is not clipped.
func (w *whiskers) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	bs := make([]plot.GlyphBox, 0, len(w.pts.XYs))
	for i := range w.pts.XYs {
		x, _, _ := w.interval(i)
		bs = append(bs, plot.GlyphBox{X: p.X.Norm(x), Y: p.Y.Norm(w.pts.XYs[i].Y),
			Rectangle: vg.Rectangle{Min: vg.Point{X: -w.Cap / 2}, Max: vg.Point{X: w.Cap / 2}}})
	}
	return bs
}

// seriesOffset is the horizontal shift, in data units, of series i of n
// on an axis whose closest x values are spacing apart: the series are
// spread over 6% of that spacing around the true x, enough to tell
// coincident markers and whiskers apart without misplacing a point.
func seriesOffset(i, n int, spacing float64) float64 {
	if n < 2 || spacing <= 0 || math.IsInf(spacing, 0) {
		return 0
	}
	return 0.06 * spacing * (float64(i)/float64(n-1) - 0.5)
}

// minSpacing is the smallest gap between distinct x values of ss; +Inf when there are fewer than two.
func minSpacing(ss []series) float64 {
	xs := dataXs(ss)
	d := math.Inf(1)
	for i := 1; i < len(xs); i++ {
		d = math.Min(d, xs[i]-xs[i-1])
	}
	return d
}

// dataXs are the distinct x values of ss in increasing order.
func dataXs(ss []series) []float64 {
	seen := map[float64]bool{}
	var xs []float64
	for _, s := range ss {
		for _, p := range s.pts.XYs {
			if !seen[p.X] {
				seen[p.X] = true
				xs = append(xs, p.X)
			}
		}
	}
	slices.Sort(xs)
	return xs
}

// coincident returns the groups (two or more labels) of series whose
// means are equal at every x, up to a relative 1e-9: such curves are drawn
// on top of each other, and the figure must say so.
func coincident(ss []series) [][]string {
	same := func(a, b series) bool {
		if len(a.pts.XYs) == 0 || len(a.pts.XYs) != len(b.pts.XYs) {
			return false
		}
		for i, p := range a.pts.XYs {
			q := b.pts.XYs[i]
			if p.X != q.X || math.Abs(p.Y-q.Y) > 1e-9*math.Max(1, math.Abs(p.Y)) {
				return false
			}
		}
		return true
	}
	used := make([]bool, len(ss))
	var groups [][]string
	for i := range ss {
		if used[i] {
			continue
		}
		g := []string{ss[i].label}
		for j := i + 1; j < len(ss); j++ {
			if !used[j] && same(ss[i], ss[j]) {
				used[j] = true
				g = append(g, ss[j].label)
			}
		}
		if len(g) > 1 {
			groups = append(groups, g)
		}
	}
	return groups
}

// addErrorLines draws every series as a line with point marks and CI
// whiskers, series i in gonum's i-th colour, shape and dash pattern,
// shifted by a small per-series x offset so that coincident curves stay
// visible, and names it in the legend. An empty series is skipped but
// keeps its colour slot, so a policy has the same colour in every figure
// of a run. It returns one note per group of identical curves.
func addErrorLines(p *plot.Plot, ss []series) ([]string, error) {
	spacing := minSpacing(ss)
	for i, s := range ss {
		if len(s.pts.XYs) == 0 {
			continue
		}
		shifted := errPoints{XYs: append(plotter.XYs(nil), s.pts.XYs...), half: s.pts.half}
		dx := seriesOffset(i, len(ss), spacing)
		for j := range shifted.XYs {
			shifted.XYs[j].X += dx
		}
		line, marks, err := plotter.NewLinePoints(shifted.XYs)
		if err != nil {
			return nil, err
		}
		c := plotutil.Color(i)
		line.Color, marks.Color = c, c
		line.Dashes = plotutil.Dashes(i)
		marks.Shape = plotutil.Shape(i)
		p.Add(line, marks, newWhiskers(shifted, c))
		p.Legend.Add(s.label, line, marks)
	}
	var notes []string
	for _, g := range coincident(ss) {
		notes = append(notes, "identical curves: "+strings.Join(g, ", "))
	}
	return notes, nil
}

// valueTicks mark exactly the given x values (the swept ones), labelled
// when at most ten, else every k-th so that labels do not collide.
type valueTicks []float64

// Ticks implements plot.Ticker.
func (v valueTicks) Ticks(min, max float64) []plot.Tick {
	step := (len(v) + 9) / 10
	var ts []plot.Tick
	for i, x := range v {
		if x < min || x > max {
			continue
		}
		t := plot.Tick{Value: x}
		if i%step == 0 {
			t.Label = strconv.FormatFloat(x, 'g', 6, 64)
		}
		ts = append(ts, t)
	}
	return ts
}

// padRange widens an axis by frac of its span on both sides (or by frac of
// the value when the span is zero), so that no point sits on the frame.
func padRange(a *plot.Axis, frac float64) {
	span := a.Max - a.Min
	if span == 0 {
		span = math.Max(math.Abs(a.Max), 1)
	}
	a.Min -= frac * span
	a.Max += frac * span
}

// logTicks are plot.LogTicks with more labels when a range covers less
// than two labelled powers of ten: then 2× and 5× every decade are
// labelled too, and if that still leaves fewer than two labels, every
// integer multiple; a log axis is never left without tick labels.
type logTicks struct{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.LogTicks{Prec: -1}.Ticks(min, max)
	if labelled(ts) >= 2 {
		return ts
	}
	for _, mults := range [][]float64{{1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		var out []plot.Tick
		for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
			for m := 1.0; m <= 9; m++ {
				v := m * math.Pow(10, e)
				if v < min || v > max {
					continue
				}
				t := plot.Tick{Value: v}
				for _, lm := range mults {
					if m == lm {
						t.Label = strconv.FormatFloat(v, 'g', 6, 64)
					}
				}
				out = append(out, t)
			}
		}
		if labelled(out) >= 2 {
			return out
		}
	}
	return ts
}

func labelled(ts []plot.Tick) int {
	n := 0
	for _, t := range ts {
		if t.Label != "" {
			n++
		}
	}
	return n
}

// preciseTicks are gonum's default tick positions with labels of enough
// digits: DefaultTicks may place ticks at 1.55, 1.75, 1.95 and label them
// "1.6", "1.8", "2", which misreads a narrow axis.
type preciseTicks struct{}

func (preciseTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', 6, 64)
		}
	}
	return ts
}

// save writes p as a w×h figure to path (type from the extension) with
// its legend and the notes in a column to the right of the axes, never
// over the data.
func save(p *plot.Plot, w, h vg.Length, path string, notes []string) (err error) {
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	fc, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return err
	}
	c := draw.New(fc)
	leg := p.Legend
	p.Legend = plot.NewLegend()
	defer func() { p.Legend = leg }()
	noteSty := leg.TextStyle
	noteSty.Font.Size = vg.Points(9)
	colW := leg.Rectangle(c).Size().X
	if len(notes) > 0 {
		colW = max(colW, w/5)
	}
	if colW > 0 {
		pad := vg.Points(8)
		colW += 2 * pad
		top := vg.Length(0)
		if p.Title.Text != "" {
			top = p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
		}
		p.Draw(draw.Crop(c, 0, -colW, 0, 0))
		col := draw.Crop(c, w-colW+pad, -pad, 0, -top-pad)
		leg.Top, leg.Left, leg.XOffs, leg.YOffs = true, true, 0, 0
		leg.Draw(col)
		y := col.Max.Y - leg.Rectangle(col).Size().Y - 2*pad
		for _, n := range notes {
			for _, line := range wrap(noteSty, n, colW-2*pad) {
				y -= noteSty.Height(line)
				col.FillText(noteSty, vg.Point{X: col.Min.X, Y: y}, line)
			}
			y -= pad / 2
		}
	} else {
		p.Draw(c)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if e := f.Close(); err == nil {
			err = e
		}
	}()
	_, err = fc.WriteTo(f)
	return err
}

// wrap splits s at spaces into lines no wider than width (a single word
// wider than width gets a line of its own).
func wrap(sty interface{ Width(string) vg.Length }, s string, width vg.Length) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if cur != "" && sty.Width(next) > width {
			lines = append(lines, cur)
			next = word
		}
		cur = next
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
