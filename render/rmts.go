package render

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/streamopt/streamopt/models/rmts"
)

// RMTSFigures draws the RMTS paper's figures of an experiment into dir
// (made if missing), with error bars of the result's confidence interval
// and the run count and level in every title, and returns the file names:
// Fig. 4 success rate and Fig. 5 delay against ξ per policy (at α = 0.5
// when it was run, else the first α), and Figs. 6–7 RMTS success rate and
// delay against α, one line per ξ (only when more than one α was run).
// Each figure is written once per format, the extension of its files
// ("png", "svg", "pdf"; png when none is given).
func RMTSFigures(dir string, r *rmts.ExperimentResult, formats ...string) ([]string, error) {
	if len(r.Alphas) == 0 {
		return nil, fmt.Errorf("render: rmts result: Alphas is empty, want at least one α")
	}
	if _, err := figureFiles(dir, "f", formats); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	alpha := r.Alphas[0]
	for _, a := range r.Alphas {
		if a == 0.5 {
			alpha = 0.5
		}
	}
	var policies []rmts.Policy
	seen := map[rmts.Policy]bool{}
	for _, pt := range r.Points {
		if !seen[pt.Policy] {
			seen[pt.Policy] = true
			policies = append(policies, pt.Policy)
		}
	}
	var files []string
	for _, f := range []struct {
		name   string
		key    rmts.Metric
		ylabel string
	}{
		{"fig4_success_vs_xi", rmts.MetricSuccess, "success rate μ"},
		{"fig5_delay_vs_xi", rmts.MetricDelay, "mean service delay (units of τ)"},
	} {
		var ss []series
		for _, p := range policies {
			s := series{label: p.String()}
			for _, x := range r.Rates {
				pt, ok := r.Get(p, x, alpha)
				if !ok {
					continue
				}
				st, _ := pt.Stat(f.key)
				if math.IsNaN(st.Mean) {
					continue
				}
				s.pts.add(x, st.Mean, st.HalfWidth)
			}
			ss = append(ss, s)
		}
		title := fmt.Sprintf("%s against arrival rate (α = %g, %s)", f.ylabel, alpha, runsNote(r.Runs, r.Confidence))
		paths, _ := figureFiles(dir, f.name, formats)
		for _, path := range paths {
			if err := rmtsLineChart(path, title, "arrival rate ξ (requests/min)", "ξ", f.ylabel, ss, r.Rates); err != nil {
				return files, err
			}
			files = append(files, path)
		}
	}
	if len(r.Alphas) < 2 || !seen[rmts.RMTS] {
		return files, nil
	}
	for _, f := range []struct {
		name   string
		key    rmts.Metric
		ylabel string
	}{
		{"fig6_success_vs_alpha", rmts.MetricSuccess, "success rate μ"},
		{"fig7_delay_vs_alpha", rmts.MetricDelay, "mean service delay (units of τ)"},
	} {
		var ss []series
		for _, x := range r.Rates {
			s := series{label: fmt.Sprintf("ξ = %g", x)}
			for _, a := range r.Alphas {
				pt, _ := r.Get(rmts.RMTS, x, a)
				st, _ := pt.Stat(f.key)
				if math.IsNaN(st.Mean) {
					continue
				}
				s.pts.add(a, st.Mean, st.HalfWidth)
			}
			ss = append(ss, s)
		}
		title := fmt.Sprintf("RMTS: %s against α (%s)", f.ylabel, runsNote(r.Runs, r.Confidence))
		paths, _ := figureFiles(dir, f.name, formats)
		for _, path := range paths {
			if err := rmtsLineChart(path, title, "weight α of the path length in mp(P)", "α", f.ylabel, ss, r.Alphas); err != nil {
				return files, err
			}
			files = append(files, path)
		}
	}
	return files, nil
}

// rmtsLineChart draws ss against x (xsym in notes) with ticks at the
// swept values xs and the legend to the right of the axes.
func rmtsLineChart(path, title, xlabel, xsym, ylabel string, ss []series, xs []float64) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	notes, err := addErrorLines(p, ss, xsym)
	if err != nil {
		return err
	}
	padRange(&p.X, 0.05)
	padRange(&p.Y, 0.05)
	p.Y.Tick.Marker = preciseTicks{}
	p.X.Tick.Marker = valueTicks(slices.Sorted(slices.Values(xs)))
	return save(p, 6*vg.Inch, 4*vg.Inch, path, notes)
}

// rmtsKeys are the key columns of RMTS's CSV.
var rmtsKeys = []string{"policy", "xi", "alpha", "runs"}

// RMTSCSVHeader returns the header RMTSCSV writes.
func RMTSCSVHeader() []string { return append(append([]string(nil), rmtsKeys...), statColumns...) }

// RMTSCSV writes every point of an RMTS experiment in long form: one row
// per (policy, ξ, α, metric) with the mean, the half-width of the 95%
// confidence interval and the number of replications.
func RMTSCSV(w io.Writer, r *rmts.ExperimentResult) error {
	cw, err := newSummaryCSV(w, rmtsKeys, r.Confidence)
	if err != nil {
		return err
	}
	for _, pt := range r.Points {
		if err := cw.summary([]string{pt.Policy.String(), num(pt.Rate), num(pt.Alpha), strconv.Itoa(r.Runs)}, pt.Stats); err != nil {
			return err
		}
	}
	return cw.flush()
}
