package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/streamopt/streamopt/internal/atomicfile"
	"github.com/streamopt/streamopt/internal/unionfind"
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

// runsNote says what a figure's whiskers are: the confidence interval at
// level (0: the default 95%) over runs replications, or, with one, that
// there is none.
func runsNote(runs int, level float64) string {
	if runs == 1 {
		return "1 run: no confidence interval"
	}
	return fmt.Sprintf("%d runs, %s%% CI", runs, levelPct(level))
}

// distinctStyles is how many curves of one figure addErrorLines can give
// each its own (colour, mark shape) pair: curve i takes colour i mod c and
// shape i mod s of gonum's c default colours and s shapes, pairs that
// first repeat at i = lcm(c, s).
var distinctStyles = lcm(len(plotutil.DefaultColors), len(plotutil.DefaultGlyphShapes))

// curveStyle is the colour and mark shape of curve i of a figure.
func curveStyle(i int) (color.Color, draw.GlyphDrawer) {
	return plotutil.Color(i), plotutil.Shape(i)
}

func lcm(a, b int) int {
	g, h := a, b
	for h != 0 {
		g, h = h, g%h
	}
	return a / g * b
}

// figureFiles are the files of the figure base (a name without its
// extension) in dir, one per format, an extension such as "svg" (png when
// formats is empty); a format gonum cannot write is an error naming it.
func figureFiles(dir, base string, formats []string) ([]string, error) {
	if len(formats) == 0 {
		formats = []string{"png"}
	}
	var out []string
	for _, f := range formats {
		if err := CheckFigureFormat(f); err != nil {
			return nil, err
		}
		out = append(out, filepath.Join(dir, base+"."+f))
	}
	return out, nil
}

// sameTol is the difference, relative to the span of all the curves'
// values, under which two curves count as drawn on top of each other: far
// below a pixel, so a note never hides a visible difference.
const sameTol = 1e-6

// nearTol is the distance, relative to the span of all the curves'
// values, under which two curves that do not coincide are still hard to
// tell apart (about two mark radii on a figure of the usual height).
const nearTol = 0.03

// maxSameNotes caps the notes sameNotes returns.
const maxSameNotes = 6

// sameNotes says which curves of ss lie on top of each other (closer than
// sameTol of the span of their values), so that a figure can say so in
// words: a group of curves that coincide at every x as "curves on top of
// each other: a, b", and curves that coincide only over a run of two or
// more consecutive x values (of all the curves' x values) as "a, b
// coincide for x from x0 to x1", with xsym naming x (the curves of one such
// note are those linked by pairs coinciding over exactly that run); and
// curves that never drift apart by more than nearTol of the span as "hard
// to tell apart: a, b lie within d of each other at every x". At most
// maxSameNotes notes, the last one saying how many were left out.
func sameNotes(ss []series, xsym string) []string {
	ys := make([]map[float64]float64, len(ss))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range ss {
		ys[i] = make(map[float64]float64, len(s.pts.XYs))
		for _, p := range s.pts.XYs {
			if !math.IsNaN(p.Y) && !math.IsInf(p.Y, 0) {
				ys[i][p.X] = p.Y
				lo, hi = math.Min(lo, p.Y), math.Max(hi, p.Y)
			}
		}
	}
	tol := sameTol * math.Max(hi-lo, math.Max(math.Abs(lo), math.Abs(hi)))
	xs := dataXs(ss)
	// equal reports whether curves i and j are drawn at the same place at x.
	equal := func(i, j int, x float64) bool {
		a, okA := ys[i][x]
		b, okB := ys[j][x]
		return okA && okB && math.Abs(a-b) <= tol
	}
	whole := func(i, j int) bool {
		if len(ys[i]) == 0 || len(ys[i]) != len(ys[j]) {
			return false
		}
		for x := range ys[i] {
			if !equal(i, j, x) {
				return false
			}
		}
		return true
	}
	var notes []string
	group := make([]int, len(ss)) // index of the first curve of i's group of identical curves
	for i := range ss {
		group[i] = i
		for j := 0; j < i; j++ {
			if group[j] == j && whole(j, i) {
				group[i] = j
				break
			}
		}
	}
	for i := range ss {
		if group[i] != i {
			continue
		}
		g := []string{ss[i].label}
		for j := i + 1; j < len(ss); j++ {
			if group[j] == i {
				g = append(g, ss[j].label)
			}
		}
		if len(g) > 1 {
			notes = append(notes, "curves on top of each other: "+strings.Join(g, ", "))
		}
	}
	// Partial coincidences: the maximal runs of x over which two curves
	// coincide; the pairs with the same run are joined into groups.
	type run struct{ a, b int } // indices into xs
	var runs []run
	pairs := map[run][][2]int{}
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if group[i] != i || group[j] != j {
				continue // a member of a group of identical curves: said above
			}
			for a := 0; a < len(xs); {
				if !equal(i, j, xs[a]) {
					a++
					continue
				}
				b := a
				for b+1 < len(xs) && equal(i, j, xs[b+1]) {
					b++
				}
				if r := (run{a, b}); b > a {
					if pairs[r] == nil {
						runs = append(runs, r)
					}
					pairs[r] = append(pairs[r], [2]int{i, j})
				}
				a = b + 1
			}
		}
	}
	slices.SortFunc(runs, func(p, q run) int {
		if p.a != q.a {
			return p.a - q.a
		}
		return p.b - q.b
	})
	for _, r := range runs {
		groups := unionfind.New(len(ss))
		find := groups.Find
		involved := make([]bool, len(ss))
		for _, pr := range pairs[r] {
			involved[pr[0]], involved[pr[1]] = true, true
			groups.Union(pr[0], pr[1])
		}
		members := map[int][]string{}
		var order []int
		for i := range ss {
			if !involved[i] {
				continue
			}
			g := find(i)
			if members[g] == nil {
				order = append(order, g)
			}
			members[g] = append(members[g], ss[i].label)
		}
		for _, g := range order {
			if m := members[g]; len(m) > 1 {
				notes = append(notes, fmt.Sprintf("%s coincide for %s from %s to %s", strings.Join(m, ", "), xsym, num6(xs[r.a]), num6(xs[r.b])))
			}
		}
	}
	// Curves apart but close everywhere: within nearTol of the span at
	// every common x, linked in groups; a curve stands for the curves on
	// top of it.
	span := hi - lo
	near := func(i, j int) bool {
		common := 0
		for x, a := range ys[i] {
			b, ok := ys[j][x]
			if !ok {
				continue
			}
			if math.Abs(a-b) > nearTol*span {
				return false
			}
			common++
		}
		return common > 0
	}
	nearGroups := unionfind.New(len(ss))
	find := nearGroups.Find
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if group[i] == i && group[j] == j && span > 0 && near(i, j) {
				nearGroups.Union(i, j)
			}
		}
	}
	for r := range ss {
		var members []int
		for i := range ss {
			if find(group[i]) == r && group[r] == r {
				members = append(members, i)
			}
		}
		reps := 0
		for _, i := range members {
			if group[i] == i {
				reps++
			}
		}
		if reps < 2 {
			continue
		}
		spread := 0.0
		var labels []string
		for _, x := range xs {
			l, h := math.Inf(1), math.Inf(-1)
			for _, i := range members {
				if y, ok := ys[i][x]; ok {
					l, h = math.Min(l, y), math.Max(h, y)
				}
			}
			if h > l {
				spread = math.Max(spread, h-l)
			}
		}
		for _, i := range members {
			labels = append(labels, ss[i].label)
		}
		notes = append(notes, fmt.Sprintf("hard to tell apart: %s lie within %s of each other at every %s", strings.Join(labels, ", "), strconv.FormatFloat(spread, 'g', 2, 64), xsym))
	}
	if len(notes) > maxSameNotes {
		n := len(notes) - (maxSameNotes - 1)
		notes = append(notes[:maxSameNotes-1], fmt.Sprintf("(and %d more ranges where two curves coincide)", n))
	}
	return notes
}

// num6 formats a tick or axis value with up to 6 significant digits.
func num6(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// addErrorLines draws every series as a line with point marks and CI
// whiskers, series i in gonum's i-th colour, shape and dash pattern,
// shifted by a small per-series x offset so that coincident curves stay
// visible, and names it in the legend. An empty series is skipped but
// keeps its colour slot, so a policy has the same colour in every figure
// of a run. It returns the notes of sameNotes (xsym names the x axis).
func addErrorLines(p *plot.Plot, ss []series, xsym string) ([]string, error) {
	if len(ss) > distinctStyles {
		return nil, fmt.Errorf("render: %d curves in one figure; at most %d can each have their own colour and mark", len(ss), distinctStyles)
	}
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
		c, shape := curveStyle(i)
		line.Color, marks.Color = c, c
		line.Dashes = plotutil.Dashes(i)
		marks.Shape = shape
		p.Add(line, marks, newWhiskers(shifted, c))
		p.Legend.Add(s.label, line, marks)
	}
	return sameNotes(ss, xsym), nil
}

// valueTicks mark exactly the given x values (the swept ones), all
// labelled when at most ten. Between 11 and maxValueTicks evenly spaced
// values, each is a tick and the labelled ones are the multiples of a
// round step (1, 2, 2.5 or 5 × 10^n) giving at most ten labels; otherwise
// every k-th. More values than maxValueTicks would be a comb, so such a
// dense sweep gets preciseTicks instead.
type valueTicks []float64

// maxValueTicks is the most swept values valueTicks marks one by one.
const maxValueTicks = 30

// Ticks implements plot.Ticker.
func (v valueTicks) Ticks(min, max float64) []plot.Tick {
	if len(v) > maxValueTicks {
		return preciseTicks{}.Ticks(min, max)
	}
	label := func(i int, x float64) bool { return true }
	if len(v) > 10 {
		step := (len(v) + 9) / 10
		label = func(i int, x float64) bool { return i%step == 0 }
		if d, ok := roundStep(v); ok {
			label = func(i int, x float64) bool {
				q := x / d
				return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
			}
		}
	}
	var ts []plot.Tick
	for i, x := range v {
		if x < min || x > max {
			continue
		}
		t := plot.Tick{Value: x}
		if label(i, x) {
			t.Label = num6(x)
		}
		ts = append(ts, t)
	}
	return ts
}

// roundStep is, for evenly spaced sorted values v, the smallest multiple
// k·h of their spacing h that is a round number (1, 2, 2.5 or 5 × 10^n)
// and labels at most ten and at least two of them; ok is false when v is
// not evenly spaced or there is none.
func roundStep(v []float64) (float64, bool) {
	h := v[1] - v[0]
	for i := 2; i < len(v); i++ {
		if math.Abs(v[i]-v[i-1]-h) > 1e-9*math.Max(1, math.Abs(h)) {
			return 0, false
		}
	}
	if !(h > 0) {
		return 0, false
	}
	for k := 1; k < len(v); k++ {
		d := float64(k) * h
		e := math.Pow(10, math.Floor(math.Log10(d)))
		m := d / e
		round := false
		for _, r := range []float64{1, 2, 2.5, 5, 10} {
			round = round || math.Abs(m-r) <= 1e-9*r
		}
		if !round {
			continue
		}
		n := 0
		for _, x := range v {
			q := x / d
			if math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q)) {
				n++
			}
		}
		if n <= 10 && n >= 2 {
			return d, true
		}
	}
	return 0, false
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

// logTicks are plot.LogTicks with more labels when a range shows fewer
// than minLogLabels labelled powers of ten: then 2× and 5× every decade
// are labelled too, then every integer multiple, and on a range narrower
// than that preciseTicks' evenly spaced values (placed by the log scale);
// a log axis never shows fewer than minLogLabels labels.
type logTicks struct{}

// minLogLabels is the fewest labels logTicks shows.
const minLogLabels = 3

// Ticks implements plot.Ticker.
func (logTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.LogTicks{Prec: -1}.Ticks(min, max)
	if labelled(ts, min, max) >= minLogLabels {
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
				if slices.Contains(mults, m) {
					t.Label = num6(v)
				}
				out = append(out, t)
			}
		}
		if labelled(out, min, max) >= minLogLabels {
			return out
		}
	}
	return preciseTicks{}.Ticks(min, max)
}

// labelled counts the labelled ticks of ts inside [min, max], the ones an
// axis of that range shows.
func labelled(ts []plot.Tick, min, max float64) int {
	n := 0
	for _, t := range ts {
		if t.Label != "" && t.Value >= min && t.Value <= max {
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
			ts[i].Label = num6(ts[i].Value)
		}
	}
	return ts
}

// figureFormat is the format of a figure file: its extension, in lower
// case, without the dot.
func figureFormat(path string) string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
}

// CheckFigureName reports whether the extension of path names a figure
// format the functions that take a path (MPSProfit, MPSGap, MPSGapBars)
// can write, so that a caller can refuse the name before any work.
func CheckFigureName(path string) error {
	if err := CheckFigureFormat(figureFormat(path)); err != nil {
		return fmt.Errorf("%s: figure format unknown from the name (want .%s)", path, strings.Join(draw.Formats(), ", ."))
	}
	return nil
}

// CheckFigureFormat reports whether format, a file extension without its
// dot ("png", "svg", "pdf"), is one figures can be written in.
func CheckFigureFormat(format string) error {
	if formats := draw.Formats(); !slices.Contains(formats, format) {
		return fmt.Errorf("unknown figure format %q (want %s)", format, strings.Join(formats, ", "))
	}
	return nil
}

// save writes p as a w×h figure to path (type from the extension) with
// its legend and the notes in a column to the right of the axes, never
// over the data.
func save(p *plot.Plot, w, h vg.Length, path string, notes []string) (err error) {
	fc, err := draw.NewFormattedCanvas(w, h, figureFormat(path))
	if err != nil {
		return err
	}
	c := draw.New(fc)
	leg := p.Legend
	leg.Padding = max(leg.Padding, vg.Points(2)) // room for descenders such as ξ
	p.Legend = plot.NewLegend()
	defer func() { p.Legend = leg }()
	noteSty := leg.TextStyle
	noteSty.Font.Size = vg.Points(9)
	colW := leg.Rectangle(c).Size().X
	if len(notes) > 0 {
		colW = max(colW, w/5)
	}
	pad := vg.Points(8)
	if colW > 0 {
		colW += 2 * pad
	}
	// The title is centred over the axes: wrap it to their width.
	if lines := wrap(p.Title.TextStyle, p.Title.Text, w-colW-2*pad); len(lines) > 1 {
		title := p.Title.Text
		p.Title.Text = strings.Join(lines, "\n")
		defer func() { p.Title.Text = title }()
	}
	if colW > 0 {
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
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := fc.WriteTo(w)
		return err
	})
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
