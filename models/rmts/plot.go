package rmts

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

type series struct {
	label string
	pts   errPoints
}

// PlotFigures draws the paper's figures as PNG with 95% CI error bars into
// dir and returns the file names: Fig. 4 success rate and Fig. 5 delay
// against ξ per policy (at α = 0.5 when swept, else the first α), and
// Figs. 6–7 RMTS success rate and delay against α, one line per ξ (only
// when more than one α was run).
func PlotFigures(dir string, r *ExperimentResult) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	alpha := r.Alphas[0]
	for _, a := range r.Alphas {
		if a == 0.5 {
			alpha = 0.5
		}
	}
	var policies []Policy
	seen := map[Policy]bool{}
	for _, pt := range r.Points {
		if !seen[pt.Policy] {
			seen[pt.Policy] = true
			policies = append(policies, pt.Policy)
		}
	}
	var files []string
	for _, f := range []struct {
		name, key, ylabel string
	}{
		{"fig4_success_vs_xi.png", "success", "success rate μ"},
		{"fig5_delay_vs_xi.png", "delay", "mean service delay (units of τ)"},
	} {
		var ss []series
		for _, p := range policies {
			s := series{label: p.String()}
			for _, x := range r.Rates {
				pt, ok := r.Get(p, x, alpha)
				if !ok {
					continue
				}
				st, _ := pt.Stats.Get(f.key)
				if math.IsNaN(st.Mean) {
					continue
				}
				s.pts.XYs = append(s.pts.XYs, plotter.XY{X: x, Y: st.Mean})
				s.pts.YErrors = append(s.pts.YErrors, struct{ Low, High float64 }{st.HalfWidth, st.HalfWidth})
			}
			ss = append(ss, s)
		}
		path := filepath.Join(dir, f.name)
		title := fmt.Sprintf("%s against arrival rate (α = %g, %d runs, 95%% CI)", f.ylabel, alpha, r.Runs)
		if err := lineChart(path, title, "arrival rate ξ (requests/min)", f.ylabel, ss); err != nil {
			return files, err
		}
		files = append(files, path)
	}
	if len(r.Alphas) < 2 || !seen[RMTS] {
		return files, nil
	}
	for _, f := range []struct {
		name, key, ylabel string
	}{
		{"fig6_success_vs_alpha.png", "success", "success rate μ"},
		{"fig7_delay_vs_alpha.png", "delay", "mean service delay (units of τ)"},
	} {
		var ss []series
		for _, x := range r.Rates {
			s := series{label: fmt.Sprintf("ξ = %g", x)}
			for _, a := range r.Alphas {
				pt, _ := r.Get(RMTS, x, a)
				st, _ := pt.Stats.Get(f.key)
				if math.IsNaN(st.Mean) {
					continue
				}
				s.pts.XYs = append(s.pts.XYs, plotter.XY{X: a, Y: st.Mean})
				s.pts.YErrors = append(s.pts.YErrors, struct{ Low, High float64 }{st.HalfWidth, st.HalfWidth})
			}
			ss = append(ss, s)
		}
		path := filepath.Join(dir, f.name)
		title := fmt.Sprintf("RMTS: %s against α (%d runs, 95%% CI)", f.ylabel, r.Runs)
		if err := lineChart(path, title, "weight α of the path length in mp(P)", f.ylabel, ss); err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, nil
}

func lineChart(path, title, xlabel, ylabel string, ss []series) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Legend.Top = false
	p.Legend.Left = true
	for i, s := range ss {
		if len(s.pts.XYs) == 0 {
			continue
		}
		line, marks, err := plotter.NewLinePoints(s.pts.XYs)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, marks.Color = c, c
		marks.Shape = plotutil.Shape(i)
		eb, err := plotter.NewYErrorBars(s.pts)
		if err != nil {
			return err
		}
		eb.Color = c
		p.Add(line, marks, eb)
		p.Legend.Add(s.label, line, marks)
	}
	p.Y.Tick.Marker = preciseTicks{}
	p.X.Tick.Marker = preciseTicks{}
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
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
