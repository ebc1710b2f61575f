package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/streamopt/streamopt/models/tpd"
)

// tpdFigure is one of the paper's figure quantities.
type tpdFigure struct {
	key   tpd.Metric
	label string
	fig   [2]int // figure numbers for the stable and burst modes; 0 for none
}

// tpdFigures are the paper's figure quantities: Figs. 3–4 handling time,
// 5–6 routing latency, 7–8 total delay, 9–10 optimality gap (stable, burst).
var tpdFigures = []tpdFigure{
	{tpd.MetricHandlingMS, "mean handling time (ms)", [2]int{3, 4}},
	{tpd.MetricRoutingMS, "mean routing latency (ms)", [2]int{5, 6}},
	{tpd.MetricDelayMS, "mean total delay (ms)", [2]int{7, 8}},
	{tpd.MetricGapPct, "gap to T_LB (%)", [2]int{9, 10}},
}

// tpdSweepFigures are the quantities drawn against the load ρ of a sweep:
// the paper's, and the mean IPN utilisation.
var tpdSweepFigures = append(append([]tpdFigure(nil), tpdFigures...), tpdFigure{tpd.MetricUtilMean, "mean IPN utilisation", [2]int{}})

// TPDFigures draws figures of TPD experiment results with their
// confidence intervals (the run count and level in every title) into dir
// (made if missing) and returns the file names; each figure is written
// once per format, the extension of its files ("png", "svg", "pdf"; png
// when none is given). A mode run once gives one bar chart per metric over the policies,
// named after the paper's Figs. 3–10 for the stable and burst modes
// (fig07_delay_ms_stable.png) and <mode>_<metric>.png otherwise; a mode
// run at several loads gives one line chart per metric against ρ,
// sweep_<mode>_<metric>.png, on a log axis when every interval is
// positive.
func TPDFigures(dir string, results []*tpd.ExperimentResult, formats ...string) ([]string, error) {
	if _, err := figureFiles(dir, "f", formats); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	byMode := map[string][]*tpd.ExperimentResult{}
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
			for _, fm := range tpdFigures {
				name := fmt.Sprintf("%s_%s", mode, fm.key)
				switch mode {
				case "stable":
					name = fmt.Sprintf("fig%02d_%s_%s", fm.fig[0], fm.key, mode)
				case "burst":
					name = fmt.Sprintf("fig%02d_%s_%s", fm.fig[1], fm.key, mode)
				}
				paths, _ := figureFiles(dir, name, formats)
				for _, path := range paths {
					if err := tpdBarChart(path, fmt.Sprintf("%s mode: %s (%s)", mode, fm.label, runsNote(r.Done, r.Bounds.Level)), fm.label, r, fm.key); err != nil {
						return files, err
					}
					files = append(files, path)
				}
			}
			continue
		}
		for _, r := range rs[1:] {
			if len(r.Policies) != len(rs[0].Policies) {
				return files, fmt.Errorf("render: mode %s: results at loads %g and %g have %d and %d policies, want the same", mode, rs[0].Load, r.Load, len(rs[0].Policies), len(r.Policies))
			}
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Load < rs[j].Load })
		for _, fm := range tpdSweepFigures {
			paths, _ := figureFiles(dir, fmt.Sprintf("sweep_%s_%s", mode, fm.key), formats)
			for _, path := range paths {
				if err := tpdSweepChart(path, fmt.Sprintf("%s: %s against load (%s)", mode, fm.label, runsNote(rs[0].Done, rs[0].Bounds.Level)), fm.label, rs, fm.key); err != nil {
					return files, err
				}
				files = append(files, path)
			}
		}
	}
	return files, nil
}

func tpdBarChart(path, title, ylabel string, r *tpd.ExperimentResult, key tpd.Metric) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	var vals plotter.Values
	var pts errPoints
	var names []string
	for i, ps := range r.Policies {
		st, _ := ps.Stat(key)
		vals = append(vals, st.Mean)
		pts.add(float64(i), st.Mean, st.HalfWidth)
		names = append(names, ps.Policy.String())
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(30))
	if err != nil {
		return err
	}
	bars.Color = color.RGBA{R: 90, G: 130, B: 200, A: 255}
	p.Add(bars, newWhiskers(pts, color.Black))
	p.NominalX(names...)
	p.X.Label.Text = "policy (bar: mean, whisker: " + levelPct(r.Bounds.Level) + "% CI)"
	if r.Done == 1 {
		p.X.Label.Text = "policy (bar: the one run's value)"
	}
	// Half a category of room on either side, so no bar touches the frame.
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	// Room above the tallest whisker; none below 0 unless a whisker goes there.
	low := math.Min(p.Y.Min, 0)
	padRange(&p.Y, 0.05)
	if low == 0 {
		p.Y.Min = 0
	}
	p.Y.Tick.Marker = preciseTicks{}
	return save(p, 5*vg.Inch, 3.5*vg.Inch, path, nil)
}

// tpdSweepChart draws metric key of every policy against the load of rs,
// which all ran the same policies in the same order.
func tpdSweepChart(path, title, ylabel string, rs []*tpd.ExperimentResult, key tpd.Metric) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "offered load ρ"
	p.Y.Label.Text = ylabel
	positive := true
	lo, hi := math.Inf(1), math.Inf(-1)
	var ss []series
	for i, ps := range rs[0].Policies {
		s := series{label: ps.Policy.String()}
		for _, r := range rs {
			st, _ := r.Policies[i].Stat(key)
			positive = positive && st.Mean-st.HalfWidth > 0
			s.pts.add(r.Load, st.Mean, st.HalfWidth)
			lo, hi = math.Min(lo, st.Mean-st.HalfWidth), math.Max(hi, st.Mean+st.HalfWidth)
		}
		ss = append(ss, s)
	}
	notes, err := addErrorLines(p, ss, "ρ")
	if err != nil {
		return err
	}
	var loads []float64
	for _, r := range rs {
		loads = append(loads, r.Load)
	}
	p.X.Tick.Marker = valueTicks(loads)
	padRange(&p.X, 0.05)
	// Unstable policies sit orders of magnitude above the stable ones: a
	// log axis keeps both readable whenever every interval is positive
	// and the values span at least a decade; else a linear one.
	if positive && key != tpd.MetricUtilMean && hi >= 10*lo {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
		p.Y.Label.Text += " (log scale)"
	} else {
		padRange(&p.Y, 0.05)
		p.Y.Tick.Marker = preciseTicks{}
	}
	return save(p, 6*vg.Inch, 4*vg.Inch, path, notes)
}

// tpdKeys are the key columns of TPD's CSV.
var tpdKeys = []string{"mode", "count", "rate", "load", "runs", "policy", "discipline"}

// TPDCSVHeader returns the header TPDCSV writes.
func TPDCSVHeader() []string { return append(append([]string(nil), tpdKeys...), statColumns...) }

// TPDCSV writes every summary of TPD experiment results in long form: one
// row per (experiment, policy or "bound", metric) with the mean, the
// half-width of the confidence interval (column ci95, or ci90 … at the
// results' level) and the number of replications. Bound rows have an
// empty discipline.
func TPDCSV(w io.Writer, results []*tpd.ExperimentResult) error {
	level := 0.0
	if len(results) > 0 {
		level = results[0].Bounds.Level
	}
	cw, err := newSummaryCSV(w, tpdKeys, level)
	if err != nil {
		return err
	}
	for _, r := range results {
		// A full slice: each append below makes its own key.
		base := []string{r.ModeName, strconv.Itoa(r.Mode.Count), num(r.Rate), num(r.Load), strconv.Itoa(r.Runs)}
		base = base[:len(base):len(base)]
		if err := cw.summary(append(base, "bound", ""), r.Bounds); err != nil {
			return err
		}
		for _, p := range r.Policies {
			if err := cw.summary(append(base, p.Policy.String(), p.Discipline.String()), p.Stats); err != nil {
				return err
			}
		}
	}
	return cw.flush()
}
