package main

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/models/rrs"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// progress is one point of a global search's history: the proven bound and
// the incumbent's profit after t.
type progress struct {
	t             time.Duration
	bound, profit float64
}

func (p progress) gap() float64 {
	if math.IsInf(p.profit, -1) || math.IsNaN(p.profit) {
		return math.Inf(1)
	}
	return math.Max(0, p.bound-p.profit) / math.Max(1, math.Abs(p.profit))
}

// timeline is one run of the global method with its history.
type timeline struct {
	size, search string
	seed         uint64
	hist         []progress
	final        progress
	nodes        float64
}

// gapAt returns the proven gap at time t: that of the last progress point
// at or before t (+Inf before the first).
func (tl *timeline) gapAt(t time.Duration) float64 {
	g := math.Inf(1)
	for _, p := range tl.hist {
		if p.t > t {
			break
		}
		g = p.gap()
	}
	return g
}

// runTimelines runs rrs.SolveGlobal with each search on every size and
// seed for the last checkpoint's time (or until it proves gap), and prints
// the proven gap at each checkpoint: the figures of issue 25's table. With
// plotPath it draws the gap against time, one line per run.
func runTimelines(sizes string, seeds []uint64, spread, gap float64, checkpoints []time.Duration, searches []string, plotPath string) int {
	budget := checkpoints[len(checkpoints)-1]
	fmt.Printf("rrsscale -nonconvex -checkpoints: slope spread ±%g, gap %g, budget %v, searches %v\n", spread, gap, budget, searches)
	fmt.Printf("%10s %5s %8s", "DCs×regs", "seed", "search")
	for _, c := range checkpoints {
		fmt.Printf(" %12s", "gap@"+c.String())
	}
	fmt.Printf(" %10s %14s %14s %8s\n", "time (s)", "profit", "bound", "nodes")
	var runs []*timeline
	for _, sz := range strings.Split(sizes, ",") {
		s, r, ok := parseSize(sz)
		if !ok {
			return 2
		}
		for _, seed := range seeds {
			in := rrs.Random(s, r, seed, spread)
			p, err := in.Compile()
			if err != nil {
				fmt.Fprintln(os.Stderr, "rrsscale:", err)
				return 3
			}
			for _, search := range searches {
				tl := &timeline{size: fmt.Sprintf("%dx%d", s, r), search: search, seed: seed}
				ctx, cancel := context.WithTimeout(context.Background(), budget)
				start := time.Now()
				opt := rrs.GlobalOptions{Gap: gap, Search: search, Progress: func(bound, profit float64) {
					tl.hist = append(tl.hist, progress{t: time.Since(start), bound: bound, profit: profit})
				}}
				sol, st, err := rrs.SolveGlobal(ctx, in, p, opt)
				el := time.Since(start)
				cancel()
				if err != nil && !errors.Is(err, rrs.ErrGlobalLimit) {
					fmt.Fprintln(os.Stderr, "rrsscale:", err)
					return 3
				}
				// The figures at the stop are those of the budget's end
				// (the search notices the deadline a moment after it).
				tl.final = progress{t: min(el, budget), bound: st.BestBound, profit: math.Inf(-1)}
				if sol != nil {
					tl.final.profit = sol.Objective
				}
				tl.hist = append(tl.hist, tl.final)
				tl.nodes = float64(st.Nodes)
				fmt.Printf("%10s %5d %8s", tl.size, seed, search)
				for _, c := range checkpoints {
					fmt.Printf(" %12.2e", tl.gapAt(c))
				}
				fmt.Printf(" %10.1f %14.4f %14.4f %8.0f\n", el.Seconds(), tl.final.profit, tl.final.bound, tl.nodes)
				runs = append(runs, tl)
			}
		}
	}
	if plotPath != "" {
		if err := plotTimelines(runs, plotPath); err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale: -plot:", err)
			return 3
		}
	}
	return 0
}

// plotTimelines draws the proven gap against time (both logarithmic), one
// line per run, coloured by size and dashed for the secant search.
func plotTimelines(runs []*timeline, path string) error {
	pl := plot.New()
	pl.Title.Text = "RRS global method: proven gap against time"
	pl.X.Label.Text = "time (s)"
	pl.Y.Label.Text = "proven relative gap"
	pl.X.Scale, pl.Y.Scale = plot.LogScale{}, plot.LogScale{}
	pl.X.Tick.Marker, pl.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	palette := []color.RGBA{{0, 114, 178, 255}, {213, 94, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255}, {86, 180, 233, 255}, {230, 159, 0, 255}}
	sizes := map[string]int{}
	labelled := map[string]bool{}
	for _, tl := range runs {
		if _, ok := sizes[tl.size]; !ok {
			sizes[tl.size] = len(sizes)
		}
		var pts plotter.XYs
		for _, p := range tl.hist {
			if g := p.gap(); !math.IsInf(g, 0) && g > 0 {
				pts = append(pts, plotter.XY{X: math.Max(p.t.Seconds(), 1e-2), Y: g})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.Color = palette[sizes[tl.size]%len(palette)]
		line.Width = vg.Points(1)
		if tl.search == rrs.SearchSecant {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		pl.Add(line)
		if key := tl.size + " " + tl.search; !labelled[key] {
			labelled[key] = true
			pl.Legend.Add(key, line)
		}
	}
	pl.Legend.Top = true
	return pl.Save(6*vg.Inch, 4*vg.Inch, path)
}

// parseSeeds reads "1..5" or "1,3,7".
func parseSeeds(s string) ([]uint64, error) {
	if a, b, ok := strings.Cut(s, ".."); ok {
		lo, err1 := strconv.ParseUint(strings.TrimSpace(a), 10, 64)
		hi, err2 := strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		if err1 != nil || err2 != nil || hi < lo || hi-lo > 1000 {
			return nil, fmt.Errorf("-seeds: want FIRST..LAST (at most 1001 seeds) or a comma-separated list, got %q", s)
		}
		var out []uint64
		for v := lo; v <= hi; v++ {
			out = append(out, v)
		}
		return out, nil
	}
	var out []uint64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("-seeds: bad seed %q in %q", f, s)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseCheckpoints reads increasing durations "1m,5m,10m".
func parseCheckpoints(s string) ([]time.Duration, error) {
	var out []time.Duration
	for _, f := range strings.Split(s, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 || (len(out) > 0 && d <= out[len(out)-1]) {
			return nil, fmt.Errorf("-checkpoints: want increasing positive durations like 1m,5m,10m, got %q", s)
		}
		out = append(out, d)
	}
	return out, nil
}
