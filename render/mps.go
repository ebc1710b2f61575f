package render

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
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

func mpsCurves(p *plot.Plot, pts []multistage.Point, names []string, value func(multistage.Point, int) float64, withOptimum bool) error {
	if withOptimum {
		feas, _ := mpsSegments(pts, -1, func(pt multistage.Point) float64 { return value(pt, -1) })
		for s, xy := range feas {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.Color = color.Black
			l.Width = vg.Points(2)
			p.Add(l)
			if s == 0 {
				p.Legend.Add("optimum RRS(N)", l)
			}
		}
	}
	for k, name := range names {
		feas, infeas := mpsSegments(pts, k, func(pt multistage.Point) float64 { return value(pt, k) })
		for s, xy := range feas {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.Color = mpsColor(k)
			l.Width = vg.Points(1.2)
			p.Add(l)
			if s == 0 {
				p.Legend.Add(name, l)
			}
		}
		for s, xy := range infeas {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.Color = mpsColor(k)
			l.Width = vg.Points(1.2)
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			p.Add(l)
			if s == 0 {
				p.Legend.Add(name+" (infeasible: pseudo-profit)", l)
			}
		}
	}
	return nil
}

// MPSProfit writes the paper's Fig. 2/3: profit against N for the optimum
// and every policy, dashed where a policy is infeasible. The file type
// follows the extension (.png, .svg, .pdf).
func MPSProfit(path string, pts []multistage.Point, names []string) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = "Profit against the number of users"
	p.X.Label.Text = "users N"
	p.Y.Label.Text = "profit"
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	err := mpsCurves(p, pts, names, func(pt multistage.Point, k int) float64 {
		if k < 0 {
			return pt.Optimum
		}
		return pt.Policies[k].Profit
	}, true)
	if err != nil {
		return err
	}
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}

// MPSGap writes the gap Opt(N) − Profit(N) of every policy against N
// (the differences of Fig. 2/3 are small against the profit itself).
func MPSGap(path string, pts []multistage.Point, names []string) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = "Gap to the optimum against the number of users"
	p.X.Label.Text = "users N"
	p.Y.Label.Text = "Opt(N) − profit(N)"
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	err := mpsCurves(p, pts, names, func(pt multistage.Point, k int) float64 {
		return pt.Optimum - pt.Policies[k].Profit
	}, false)
	if err != nil {
		return err
	}
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}

// MPSGapBars writes the paper's Fig. 4: grouped bars of the mean gap of
// every policy on each interval. A policy infeasible somewhere in an
// interval gets no bar there (its label says so).
func MPSGapBars(path string, pts []multistage.Point, names []string, intervals [][2]float64) error {
	if err := checkMPSNames(pts, names); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = "Mean gap to the optimum"
	p.Y.Label.Text = "mean of Opt(N) − profit(N)"
	p.Legend.Top = true
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil // the x axis is nominal
	p.Add(grid)
	w := vg.Points(30)
	labels := make([]string, len(intervals))
	for r, iv := range intervals {
		labels[r] = fmt.Sprintf("[%g, %g]", iv[0], iv[1])
	}
	tallest := 0.0
	for k, name := range names {
		vals := make(plotter.Values, len(intervals))
		missing := false
		for r, iv := range intervals {
			g := multistage.Gaps(pts, k, iv[0], iv[1])
			if g.Feasible == g.Points && !math.IsNaN(g.Mean) {
				vals[r] = g.Mean
				tallest = math.Max(tallest, g.Mean)
			} else {
				missing = true
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
		label := name
		if missing {
			label += " (infeasible in some intervals: no bar)"
		}
		p.Legend.Add(label, b)
	}
	p.NominalX(labels...)
	// Headroom above the tallest bar keeps the legend (top right) clear of it.
	p.Y.Min = 0
	p.Y.Max = math.Max(p.Y.Max, 1.35*tallest)
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
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
