package render

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/streamopt/streamopt/models/multistage"
)

var mpsPalette = []color.Color{
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
}

// checkMPSNames reports an error unless every point has one evaluation
// per name.
func checkMPSNames(pts []multistage.Point, names []string) error {
	for i, pt := range pts {
		if len(pt.Policies) != len(names) {
			return fmt.Errorf("render: pts[%d] (N = %g) has %d policies, want one per name (%d)", i, pt.N, len(pt.Policies), len(names))
		}
	}
	return nil
}

func mpsColor(k int) color.Color { return mpsPalette[k%len(mpsPalette)] }

// mpsSegments splits the points of policy k (or the optimum, k < 0) into runs
// of equal feasibility, value(pt) giving the y value.
func mpsSegments(pts []multistage.Point, k int, value func(multistage.Point) float64) (feasible, infeasible []plotter.XYs) {
	var cur plotter.XYs
	curFeas := true
	flush := func() {
		if len(cur) == 0 {
			return
		}
		if curFeas {
			feasible = append(feasible, cur)
		} else {
			infeasible = append(infeasible, cur)
		}
	}
	for _, pt := range pts {
		y := value(pt)
		if math.IsNaN(y) {
			flush()
			cur = nil
			continue
		}
		f := k < 0 || pt.Policies[k].Feasible
		if len(cur) > 0 && f != curFeas {
			last := cur[len(cur)-1]
			flush()
			cur = plotter.XYs{last} // join the segments
		}
		curFeas = f
		cur = append(cur, plotter.XY{X: pt.N, Y: y})
	}
	flush()
	return feasible, infeasible
}

// mpsMarkEvery is about how many marks a curve of an MPS sweep gets.
const mpsMarkEvery = 12

// mpsCurves draws the optimum (when withOptimum: black, no marks) and
// every policy's value against N: solid where the policy is feasible,
// dashed where it is not, each policy in its colour with its own mark
// shape at every step-th point, staggered between policies so that curves
// on top of each other still show every policy's marks. It returns the
// notes of sameNotes on the drawn curves.
func mpsCurves(p *plot.Plot, pts []multistage.Point, names []string, value func(multistage.Point, int) float64, withOptimum bool) ([]string, error) {
	if n := lcm(len(mpsPalette), len(plotutil.DefaultGlyphShapes)); len(names) > n {
		return nil, fmt.Errorf("render: %d policies in one figure; at most %d can each have their own colour and mark", len(names), n)
	}
	var ss []series // the drawn curves, for the notes
	curve := func(label string, k int) series {
		s := series{label: label}
		for _, pt := range pts {
			if y := value(pt, k); !math.IsNaN(y) {
				s.pts.add(pt.N, y, 0)
			}
		}
		return s
	}
	if withOptimum {
		feas, _ := mpsSegments(pts, -1, func(pt multistage.Point) float64 { return value(pt, -1) })
		for s, xy := range feas {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, err
			}
			l.Color = color.Black
			l.Width = vg.Points(2)
			p.Add(l)
			if s == 0 {
				p.Legend.Add("optimum RRS(N)", l)
			}
		}
		ss = append(ss, curve("optimum", -1))
	}
	step := max(1, (len(pts)+mpsMarkEvery-1)/mpsMarkEvery)
	for k, name := range names {
		c := curve(name, k)
		ss = append(ss, c)
		var marked plotter.XYs
		for j, xy := range c.pts.XYs {
			if j%step == (k*step/len(names))%step {
				marked = append(marked, xy)
			}
		}
		marks, err := plotter.NewScatter(marked)
		if err != nil {
			return nil, err
		}
		marks.Color, marks.Shape, marks.Radius = mpsColor(k), plotutil.Shape(k), vg.Points(3)
		p.Add(marks)
		feas, infeas := mpsSegments(pts, k, func(pt multistage.Point) float64 { return value(pt, k) })
		for _, part := range []struct {
			xys    []plotter.XYs
			dashes []vg.Length
			label  string
		}{{feas, nil, name}, {infeas, []vg.Length{vg.Points(5), vg.Points(3)}, name + " (infeasible: pseudo-profit)"}} {
			for s, xy := range part.xys {
				l, err := plotter.NewLine(xy)
				if err != nil {
					return nil, err
				}
				l.Color = mpsColor(k)
				l.Width = vg.Points(1.2)
				l.Dashes = part.dashes
				p.Add(l)
				if s == 0 {
					p.Legend.Add(part.label, l, marks)
				}
			}
		}
	}
	return sameNotes(ss, "N"), nil
}

// mpsLineChart draws one MPS sweep figure against N, with the legend and
// the notes on curves drawn on top of each other to the right of the axes.
func mpsLineChart(path, title, ylabel string, pts []multistage.Point, names []string, value func(multistage.Point, int) float64, withOptimum bool) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "users N"
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	notes, err := mpsCurves(p, pts, names, value, withOptimum)
	if err != nil {
		return err
	}
	xs := make([]float64, len(pts))
	for i, pt := range pts {
		xs[i] = pt.N
	}
	p.X.Tick.Marker = valueTicks(xs)
	padRange(&p.X, 0.02)
	padRange(&p.Y, 0.05)
	p.Y.Tick.Marker = preciseTicks{}
	return save(p, 8*vg.Inch, 5*vg.Inch, path, notes)
}

// MPSProfit writes the paper's Fig. 2/3: profit against N for the optimum
// and every policy, dashed where a policy is infeasible. The file type
// follows the extension (.png, .svg, .pdf).
func MPSProfit(path string, pts []multistage.Point, names []string) error {
	return mpsLineChart(path, "Profit against the number of users", "profit", pts, names, func(pt multistage.Point, k int) float64 {
		if k < 0 {
			return pt.Optimum
		}
		return pt.Policies[k].Profit
	}, true)
}

// MPSGap writes the gap Opt(N) − Profit(N) of every policy against N
// (the differences of Fig. 2/3 are small against the profit itself).
func MPSGap(path string, pts []multistage.Point, names []string) error {
	return mpsLineChart(path, "Gap to the optimum against the number of users", "Opt(N) − profit(N)", pts, names, func(pt multistage.Point, k int) float64 {
		return multistage.RoundedGap(pt.Optimum, pt.Policies[k].Profit)
	}, false)
}

// MPSGapBars writes the paper's Fig. 4: grouped bars of the mean gap of
// every policy on each interval of N. A policy infeasible somewhere in an
// interval gets no bar there, and a note beside the legend says where.
func MPSGapBars(path string, pts []multistage.Point, names []string, intervals [][2]float64) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = "Mean gap to the optimum per range of users"
	p.X.Label.Text = "range of users N"
	p.Y.Label.Text = "mean of Opt(N) − profit(N)"
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil // the x axis is nominal
	p.Add(grid)
	w := vg.Points(30)
	labels := make([]string, len(intervals))
	for r, iv := range intervals {
		labels[r] = fmt.Sprintf("[%g, %g]", iv[0], iv[1])
	}
	var notes []string
	for k, name := range names {
		vals := make(plotter.Values, len(intervals))
		var missing []string
		for r, iv := range intervals {
			g := multistage.Gaps(pts, k, iv[0], iv[1])
			if g.Feasible == g.Points && !math.IsNaN(g.Mean) {
				vals[r] = g.Mean
			} else {
				missing = append(missing, labels[r])
			}
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return err
		}
		b.Color = mpsColor(k)
		b.LineStyle.Width = 0
		b.Offset = w * vg.Length(float64(k)-float64(len(names)-1)/2)
		p.Add(b)
		p.Legend.Add(name, b)
		if len(missing) > 0 {
			notes = append(notes, fmt.Sprintf("no %s bar in %s: infeasible at some N there", name, strings.Join(missing, ", ")))
		}
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(intervals))-0.5
	p.Y.Min = 0
	p.Y.Max *= 1.05
	p.Y.Tick.Marker = preciseTicks{}
	return save(p, 8*vg.Inch, 5*vg.Inch, path, notes)
}

// MPSCSV writes an MPS sweep in wide form: one row per N with the optimum
// and, for every policy (named by names, in the order of pt.Policies), its
// profit and whether it is feasible; the header is N, optimum, then
// <name>_profit, <name>_feasible per policy.
func MPSCSV(w io.Writer, pts []multistage.Point, names []string) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	head := []string{"N", "optimum"}
	for _, n := range names {
		head = append(head, n+"_profit", n+"_feasible")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, pt := range pts {
		rec := []string{num(pt.N), num(pt.Optimum)}
		for _, ev := range pt.Policies {
			rec = append(rec, num(ev.Profit), strconv.FormatBool(ev.Feasible))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
