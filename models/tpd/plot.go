package tpd

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// figureMetrics are the paper's figure quantities: Figs. 3–4 handling time,
// 5–6 routing latency, 7–8 total delay, 9–10 optimality gap (stable, burst).
var figureMetrics = []struct {
	key, label string
	fig        [2]int // figure numbers for stable and burst
}{
	{"handling_ms", "mean handling time (ms)", [2]int{3, 4}},
	{"routing_ms", "mean routing latency (ms)", [2]int{5, 6}},
	{"delay_ms", "mean total delay (ms)", [2]int{7, 8}},
	{"gap_pct", "gap to T_LB (%)", [2]int{9, 10}},
}

// PlotFigures draws PNG figures with 95% confidence intervals into dir and
// returns the file names: one bar chart per metric and mode (named after the
// paper's Figs. 3–10 for the stable and burst modes), and, for a mode run at
// several loads, one line chart per metric against ρ.
func PlotFigures(dir string, results []*ExperimentResult) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	byMode := map[string][]*ExperimentResult{}
	var order []string
	for _, r := range results {
		if byMode[r.ModeName] == nil {
			order = append(order, r.ModeName)
		}
		byMode[r.ModeName] = append(byMode[r.ModeName], r)
	}
	for _, mode := range order {
		rs := byMode[mode]
		if len(rs) == 1 {
			r := rs[0]
			for _, fm := range figureMetrics {
				name := fmt.Sprintf("%s_%s.png", mode, fm.key)
				switch mode {
				case "stable":
					name = fmt.Sprintf("fig%02d_%s_%s.png", fm.fig[0], fm.key, mode)
				case "burst":
					name = fmt.Sprintf("fig%02d_%s_%s.png", fm.fig[1], fm.key, mode)
				}
				path := filepath.Join(dir, name)
				if err := barChart(path, fmt.Sprintf("%s mode: %s", mode, fm.label), fm.label, r, fm.key); err != nil {
					return files, err
				}
				files = append(files, path)
			}
			continue
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Load < rs[j].Load })
		for _, fm := range append(figureMetrics, struct {
			key, label string
			fig        [2]int
		}{"util_mean", "mean IPN utilisation", [2]int{}}) {
			path := filepath.Join(dir, fmt.Sprintf("sweep_%s_%s.png", mode, fm.key))
			if err := sweepChart(path, fmt.Sprintf("%s: %s against load", mode, fm.label), fm.label, rs, fm.key); err != nil {
				return files, err
			}
			files = append(files, path)
		}
	}
	return files, nil
}

type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

func barChart(path, title, ylabel string, r *ExperimentResult, key string) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	var vals plotter.Values
	var pts errPoints
	var names []string
	for i, ps := range r.Policies {
		st, _ := ps.Stats.Get(key)
		vals = append(vals, st.Mean)
		pts.XYs = append(pts.XYs, plotter.XY{X: float64(i), Y: st.Mean})
		pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{st.HalfWidth, st.HalfWidth})
		names = append(names, ps.Policy.String())
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(30))
	if err != nil {
		return err
	}
	bars.Color = color.RGBA{R: 90, G: 130, B: 200, A: 255}
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return err
	}
	eb.Width = vg.Points(10)
	p.Add(bars, eb)
	p.NominalX(names...)
	return p.Save(5*vg.Inch, 3.5*vg.Inch, path)
}

func sweepChart(path, title, ylabel string, rs []*ExperimentResult, key string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "offered load ρ"
	p.Y.Label.Text = ylabel
	p.Legend.Top = true
	p.Legend.Left = true
	positive := true
	for i, ps := range rs[0].Policies {
		var pts errPoints
		for _, r := range rs {
			st, _ := r.Policies[i].Stats.Get(key)
			positive = positive && st.Mean-st.HalfWidth > 0
			pts.XYs = append(pts.XYs, plotter.XY{X: r.Load, Y: st.Mean})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{st.HalfWidth, st.HalfWidth})
		}
		line, marks, err := plotter.NewLinePoints(pts.XYs)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, marks.Color = c, c
		marks.Shape = plotutil.Shape(i)
		eb, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return err
		}
		eb.Color = c
		p.Add(line, marks, eb)
		p.Legend.Add(ps.Policy.String(), line, marks)
	}
	// Unstable policies sit orders of magnitude above the stable ones: a
	// log axis keeps both readable whenever every interval is positive.
	if positive && key != "util_mean" {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Label.Text += " (log scale)"
	}
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
}
