package main

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// timeFloor is the smallest time used in a ratio: solves under a
// millisecond are counted as one, so that timer noise on the tiny NETLIB
// models does not dominate ratios and means.
const timeFloor = 1e-3

// instanceTimes gathers, for a list of instances, each solver's time, with
// +Inf where the solver did not solve the instance (see result.solved).
type instanceTimes struct {
	names   []string
	solvers []string
	t       [][]float64 // t[p][s]
}

// collect arranges results by instance, keeping only the instances that
// pass keep, in order of first appearance.
func collect(results []result, solvers []string, keep func(r *result) bool) instanceTimes {
	it := instanceTimes{solvers: solvers}
	row := map[string]int{}
	for i := range results {
		r := &results[i]
		if !keep(r) {
			continue
		}
		key := r.set + "/" + r.instance
		p, ok := row[key]
		if !ok {
			p = len(it.names)
			row[key] = p
			it.names = append(it.names, r.instance)
			t := make([]float64, len(solvers))
			for s := range t {
				t[s] = math.Inf(1)
			}
			it.t = append(it.t, t)
		}
		s := slices.Index(solvers, r.backend)
		if s >= 0 && r.solved() {
			it.t[p][s] = math.Max(r.t, timeFloor)
		}
	}
	return it
}

// profile returns, for each solver, the sorted performance ratios
// r_{p,s} = t_{p,s} / min_s' t_{p,s'} over the instances (Dolan and Moré
// 2002), +Inf where s failed. An instance no solver solved keeps every ratio
// +Inf: it still counts in the denominator of ρ_s(τ) = |{p : r_{p,s} ≤ τ}| / n_p.
func (it instanceTimes) profile() [][]float64 {
	ratios := make([][]float64, len(it.solvers))
	for p := range it.names {
		best := math.Inf(1)
		for _, t := range it.t[p] {
			best = math.Min(best, t)
		}
		for s, t := range it.t[p] {
			r := math.Inf(1)
			if !math.IsInf(t, 1) {
				r = t / best
			}
			ratios[s] = append(ratios[s], r)
		}
	}
	for s := range ratios {
		slices.Sort(ratios[s])
	}
	return ratios
}

// rho returns ρ(τ), the fraction of the sorted ratios that are ≤ τ.
func rho(sorted []float64, tau float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k, _ := slices.BinarySearchFunc(sorted, tau, func(a, b float64) int {
		if a <= b {
			return -1
		}
		return 1
	})
	return float64(k) / float64(len(sorted))
}

// geoMeanRatio returns the geometric mean of t_s / t_ref over the instances
// both solved, and how many those are.
func (it instanceTimes) geoMeanRatio(s, ref int) (float64, int) {
	sum, n := 0.0, 0
	for p := range it.names {
		a, b := it.t[p][s], it.t[p][ref]
		if math.IsInf(a, 1) || math.IsInf(b, 1) {
			continue
		}
		sum += math.Log(a / b)
		n++
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return math.Exp(sum / float64(n)), n
}

// classes are the problem classes reported separately.
var classes = []struct {
	file, title string
	mip         bool
}{
	{"profile_lp", "LP", false},
	{"profile_milp", "MILP", true},
}

// printTable writes, per problem class, one line per instance with each
// solver's time and its ratio to the reference solver (or the status when
// it did not solve the instance), then per solver the number solved and the
// geometric mean of the ratios.
func printTable(w io.Writer, results []result, solvers []string, ref, refMILP string) {
	for _, c := range classes {
		var rs []result
		for _, r := range results {
			if r.mip == c.mip {
				rs = append(rs, r)
			}
		}
		if len(rs) > 0 {
			r := ref
			if c.mip {
				r = refMILP
			}
			// only the solvers that ran on this class
			var ran []string
			for _, s := range solvers {
				if slices.ContainsFunc(rs, func(x result) bool { return x.backend == s }) {
					ran = append(ran, s)
				}
			}
			fmt.Fprintf(w, "\n%s instances (ratios to %s)\n", c.title, r)
			printClass(w, rs, ran, r)
		}
	}
	fmt.Fprintf(w, "(times under %g s count as %g s in ratios; a mean compares the instances both solvers solved)\n", timeFloor, timeFloor)
}

func printClass(w io.Writer, results []result, solvers []string, ref string) {
	byKey := map[string]map[string]*result{}
	var order []string
	for i := range results {
		r := &results[i]
		key := r.set + "/" + r.instance
		if byKey[key] == nil {
			byKey[key] = map[string]*result{}
			order = append(order, key)
		}
		byKey[key][r.backend] = r
	}
	it := collect(results, solvers, func(*result) bool { return true })
	refIdx := slices.Index(solvers, ref)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "instance\t")
	for _, s := range solvers {
		fmt.Fprintf(tw, "%s\t", s)
	}
	fmt.Fprintln(tw)
	for p, key := range order {
		fmt.Fprintf(tw, "%s\t", key)
		for s, name := range solvers {
			r := byKey[key][name]
			switch {
			case r == nil:
				fmt.Fprint(tw, "-\t")
			case !r.solved():
				status := r.status
				if r.status == "optimal" {
					status = "wrong_obj"
				}
				fmt.Fprintf(tw, "%s\t", status)
			case refIdx >= 0 && !math.IsInf(it.t[p][refIdx], 1):
				fmt.Fprintf(tw, "%.3fs ×%.2f\t", r.t, it.t[p][s]/it.t[p][refIdx])
			default:
				fmt.Fprintf(tw, "%.3fs\t", r.t)
			}
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "solved\t")
	for s := range solvers {
		n := 0
		for p := range it.names {
			if !math.IsInf(it.t[p][s], 1) {
				n++
			}
		}
		fmt.Fprintf(tw, "%d/%d\t", n, len(it.names))
	}
	fmt.Fprintln(tw)
	if refIdx >= 0 && refSolved(it, refIdx) {
		fmt.Fprintf(tw, "geo. mean time / %s\t", ref)
		for s := range solvers {
			g, n := it.geoMeanRatio(s, refIdx)
			if n == 0 {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%.2f (n=%d)\t", g, n)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// refSolved reports whether the reference solver solved any instance.
func refSolved(it instanceTimes, ref int) bool {
	for p := range it.names {
		if !math.IsInf(it.t[p][ref], 1) {
			return true
		}
	}
	return false
}

// drawProfiles draws one performance profile per problem class present
// (LP, MILP), once per format (a file extension: png, svg, pdf), and
// returns the files written.
func drawProfiles(dir string, results []result, solvers []string, formats []string) ([]string, error) {
	var files []string
	for _, class := range classes {
		// Solvers that attempted at least one instance of the class.
		var active []string
		for _, s := range solvers {
			for i := range results {
				r := &results[i]
				if r.mip == class.mip && r.backend == s && r.status != "unsupported" {
					active = append(active, s)
					break
				}
			}
		}
		it := collect(results, active, func(r *result) bool { return r.mip == class.mip && r.status != "read_error" })
		if len(it.names) == 0 || len(active) == 0 {
			continue
		}
		title := fmt.Sprintf("Performance profile, %d %s instances", len(it.names), class.title)
		style := make([]int, len(active)) // a solver keeps its colour in every plot
		for k, a := range active {
			style[k] = slices.Index(solvers, a)
		}
		for _, f := range formats {
			path := filepath.Join(dir, class.file+"."+f)
			if err := drawProfile(path, title, it, style); err != nil {
				return files, err
			}
			files = append(files, path)
		}
	}
	return files, nil
}

// drawProfile plots ρ_s(τ) against log₂ τ as a step function per solver;
// style[s] picks the colour and dashes of solver s.
func drawProfile(path, title string, it instanceTimes, style []int) error {
	ratios := it.profile()
	maxLog := 1.0
	for _, rs := range ratios {
		for _, r := range rs {
			if !math.IsInf(r, 1) {
				maxLog = math.Max(maxLog, math.Log2(r))
			}
		}
	}
	maxLog *= 1.05
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "log₂ τ (time within a factor τ of the fastest)"
	p.Y.Label.Text = "fraction of instances solved"
	p.X.Min, p.X.Max = 0, maxLog
	p.Y.Min, p.Y.Max = 0, 1.02
	p.Legend.Top = false
	p.Legend.Left = false
	p.Add(plotter.NewGrid())
	for s, name := range it.solvers {
		pts := stepPoints(ratios[s], maxLog)
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.StepStyle = plotter.PostStep
		line.Color = palette(style[s])
		line.Width = vg.Points(2)
		line.Dashes = dashes(style[s])
		p.Add(line)
		p.Legend.Add(name, line)
	}
	return p.Save(7*vg.Inch, 4.5*vg.Inch, path)
}

// stepPoints returns the corners of ρ(τ) on the log₂ τ axis from 0 to maxLog.
func stepPoints(sorted []float64, maxLog float64) plotter.XYs {
	pts := plotter.XYs{{X: 0, Y: rho(sorted, 1)}}
	for k, r := range sorted {
		if math.IsInf(r, 1) || r <= 1 {
			continue
		}
		if k+1 < len(sorted) && sorted[k+1] == r {
			continue // the last of equal ratios carries the jump
		}
		pts = append(pts, plotter.XY{X: math.Log2(r), Y: rho(sorted, r)})
	}
	return append(pts, plotter.XY{X: maxLog, Y: pts[len(pts)-1].Y})
}

func palette(i int) color.Color {
	cs := []color.Color{
		color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
		color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
		color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
		color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
		color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
		color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	}
	return cs[i%len(cs)]
}

func dashes(i int) []vg.Length {
	switch i % 3 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	}
	return nil
}
