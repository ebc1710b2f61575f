package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
)

// The -milp mode: the pure-Go branch and bound against CBC, in this
// process, at one time limit and one thread, on the shared MIPLIB sets.
const (
	// ours is the backend of the pure-Go branch and bound.
	ours = "simplex"
	// cbcBackend is the CBC backend (solve/cbc, build tag cbc).
	cbcBackend = "cbc"
	// highsName labels the HiGHS rows read from -highs.
	highsName = "highs"
	// milpTimeout is the default time limit of a solve in -milp mode.
	milpTimeout = 20 * time.Second
	// geoShift is the shift of the shifted geometric mean of times, in
	// seconds (the MIPLIB convention: small times do not dominate).
	geoShift = 1.0
	// wallCap bounds a CPU-limited solve in wall-clock time, as a multiple
	// of the limit, so that a starved run still ends.
	wallCap = 10
)

// runMILP solves every MILP of cfg.dirs with the pure-Go branch and bound
// and with CBC, one after the other, each with the time limit cfg.timeout
// on the clock cfg.wall selects, adds the HiGHS rows of highsCSV when given,
// writes lpbench_milp.csv and prints the comparison table.
func runMILP(cfg config, highsCSV string, stdout, stderr io.Writer) error {
	if !slices.Contains(solve.Backends(), cbcBackend) {
		return fmt.Errorf("-milp: the %s backend is not compiled in (build with -tags cbc)", cbcBackend)
	}
	var highs []result
	if highsCSV != "" {
		var err error
		if highs, err = readResults(highsCSV, highsName); err != nil {
			return fmt.Errorf("-highs: %w", err)
		}
	}
	insts, err := findInstances(cfg.dirs)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return err
	}
	// One thread: the Go side runs on one P, CBC with its default of no
	// extra threads.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var results []result
	for k, in := range insts {
		m, err := mps.ReadFile(in.path)
		if err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		if !m.IsMIP() {
			continue
		}
		fmt.Fprintf(stderr, "[%d/%d] %s/%s\n", k+1, len(insts), in.set, in.name)
		for _, name := range []string{ours, cbcBackend} {
			r := solveMILP(in, m, name, cfg.timeout, !cfg.wall)
			r.t = r.cpu
			if cfg.wall {
				r.t = r.seconds
			}
			fmt.Fprintf(stderr, "    %-8s %-16s %10.3fs cpu %8.3fs %s\n", r.backend, r.status, r.seconds, r.cpu, r.note)
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return fmt.Errorf("no MILP among the MPS files of %s", strings.Join(cfg.dirs, ", "))
	}
	csvPath := filepath.Join(cfg.out, "lpbench_milp.csv")
	if err := writeCSV(csvPath, results); err != nil {
		return err
	}
	solvers := []string{ours, cbcBackend}
	if highs != nil {
		solvers = append(solvers, highsName)
		for _, h := range highs {
			h.t = h.cpu
			if cfg.wall {
				h.t = h.seconds
			}
			results = append(results, h)
		}
	}
	clock := "CPU"
	if cfg.wall {
		clock = "wall-clock"
	}
	fmt.Fprintf(stdout, "MILP: %s time limit %v per solve, one thread; times in %s seconds\n", clock, cfg.timeout, clock)
	printMILPTable(stdout, results, solvers)
	fmt.Fprintf(stdout, "\nwrote %s\n", csvPath)
	return nil
}

// solveMILP runs one backend on m, called directly (not through
// solve.Solve, which would abandon a backend slow to stop while it goes on
// using the CPU) and waited for, so that an overrun of the limit counts in
// its time; the answer is then checked with solve.Verify. With cpuLimit
// the limit applies to the CPU time of this process (the solves run one at
// a time), enforced by cancelling the context, else to wall-clock time.
func solveMILP(in instance, m *lp.Model, name string, limit time.Duration, cpuLimit bool) result {
	r := result{instance: in.name, set: in.set, backend: name, mip: true, optimum: in.optimum, known: in.known}
	b, err := solve.Open(name)
	if err != nil {
		r.status, r.note = "error", err.Error()
		return r
	}
	wall := limit
	if cpuLimit {
		wall = wallCap * limit
	}
	ctx, cancel := context.WithTimeout(context.Background(), wall)
	defer cancel()
	if cpuLimit {
		var stop context.CancelFunc
		ctx, stop = cputime.WithLimit(ctx, limit)
		defer stop()
	}
	cpu0 := processCPU()
	start := time.Now()
	sol, err := b.Solve(ctx, m.Clone(), solve.Options{})
	r.seconds = time.Since(start).Seconds()
	r.cpu = processCPU() - cpu0
	if err != nil {
		r.status, r.note = "error", err.Error()
		return r
	}
	r.status, r.iterations = sol.Status.String(), sol.Iterations
	if sol.HasPrimal() {
		r.objective, r.hasObj = sol.Objective, true
	}
	r.note = fmt.Sprintf("bound %.10g, %d nodes", sol.BestBound, sol.Nodes)
	if rep := solve.Verify(m, sol, solve.DefaultTolerances()); !rep.OK {
		if sol.Status == lp.Optimal {
			r.status = lp.NumericalError.String()
		}
		r.note = "verification: " + strings.Join(rep.Problems, "; ")
	}
	return r
}

// readResults reads a CSV in lpbench's layout (writeCSV; highs_milp.py
// writes the same) as the results of the solver label.
func readResults(path, label string) ([]result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	want := []string{"instance", "set", "backend", "status", "objective", "optimum", "rel_error", "seconds", "cpu_seconds", "iterations", "note"}
	if len(recs) == 0 || !slices.Equal(recs[0], want) {
		return nil, fmt.Errorf("%s: want the header %s", path, strings.Join(want, ","))
	}
	var out []result
	for i, rec := range recs[1:] {
		r := result{instance: rec[0], set: rec[1], backend: label, mip: true, status: rec[3], note: rec[10]}
		num := func(k int, field string) (float64, bool, error) {
			if rec[k] == "" {
				return 0, false, nil
			}
			v, err := strconv.ParseFloat(rec[k], 64)
			if err != nil {
				return 0, false, fmt.Errorf("%s:%d: %s: %v", path, i+2, field, err)
			}
			return v, true, nil
		}
		var err error
		if r.objective, r.hasObj, err = num(4, "objective"); err != nil {
			return nil, err
		}
		if r.optimum, r.known, err = num(5, "optimum"); err != nil {
			return nil, err
		}
		if r.seconds, _, err = num(7, "seconds"); err != nil {
			return nil, err
		}
		if r.cpu, _, err = num(8, "cpu_seconds"); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// shiftedGeoMean returns exp(mean(log(t + s))) − s of the times.
func shiftedGeoMean(ts []float64, s float64) float64 {
	sum := 0.0
	for _, t := range ts {
		sum += math.Log(t + s)
	}
	return math.Exp(sum/float64(len(ts))) - s
}

// printMILPTable writes one line per instance with each solver's status,
// objective and time, then the number each solved and, for each other
// solver, the shifted geometric mean time of ours and of it on the
// instances both solved.
func printMILPTable(w io.Writer, results []result, solvers []string) {
	byKey := map[string]map[string]*result{}
	var order []string
	for i := range results {
		r := &results[i]
		key := r.set + "/" + r.instance
		if byKey[key] == nil {
			if r.backend != ours {
				continue // HiGHS rows of instances not run here
			}
			byKey[key] = map[string]*result{}
			order = append(order, key)
		}
		byKey[key][r.backend] = r
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "instance\toptimum")
	for _, s := range solvers {
		fmt.Fprintf(tw, "\t%s status\tobjective\ttime", s)
	}
	fmt.Fprintln(tw)
	solved := make([]int, len(solvers))
	for _, key := range order {
		row := byKey[key]
		opt := "-"
		if r := row[ours]; r.known {
			opt = strconv.FormatFloat(r.optimum, 'g', 10, 64)
		}
		fmt.Fprintf(tw, "%s\t%s", key, opt)
		for k, s := range solvers {
			r := row[s]
			if r == nil {
				fmt.Fprint(tw, "\t-\t-\t-")
				continue
			}
			status := r.status
			if r.solved() {
				solved[k]++
			} else if r.status == lp.Optimal.String() {
				status = "wrong_obj"
			}
			obj := "-"
			if r.hasObj {
				obj = strconv.FormatFloat(r.objective, 'g', 10, 64)
			}
			fmt.Fprintf(tw, "\t%s\t%s\t%.2fs", status, obj, r.t)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "solved\t")
	for k := range solvers {
		fmt.Fprintf(tw, "\t%d/%d\t\t", solved[k], len(order))
	}
	fmt.Fprintln(tw)
	tw.Flush()
	for _, other := range solvers[1:] {
		var a, b []float64
		for _, key := range order {
			r, o := byKey[key][ours], byKey[key][other]
			if r != nil && o != nil && r.solved() && o.solved() {
				a, b = append(a, r.t), append(b, o.t)
			}
		}
		if len(a) == 0 {
			fmt.Fprintf(w, "%s and %s solve no instance in common\n", ours, other)
			continue
		}
		fmt.Fprintf(w, "shifted geometric mean time (shift %g s) on the %d instance(s) both solve: %s %.2fs, %s %.2fs\n",
			geoShift, len(a), ours, shiftedGeoMean(a, geoShift), other, shiftedGeoMean(b, geoShift))
	}
	fmt.Fprintf(w, "(solved: status optimal, verified, objective within %g relative of the known optimum)\n", objTol)
}
