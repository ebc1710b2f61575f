// Command mipmodels measures how far the models' exact MILPs scale on the
// pure-Go branch and bound (lp/mip), with and without a set of its search
// techniques, in one process:
//
//   - rrs: the KKT-MILP of the non-concave RRS (rrs.ExportModel, method
//     kkt-milp, big-M from the data) on rrs.Random instances of the sizes
//     in -rrs (data centres × regions), revenue slopes spread by -spread;
//   - tpd: the exact time-indexed MILP of TPD (the "exact" model of
//     Scenario.ExportTrace, as tpd.Exact solves it) on tpd.RandomTrace
//     traces of the lengths in -tpd (sub-tasks, 1 s grid).
//
// Each model of each seed is solved once per setting, one after the other:
// "before" with the switches of -before (by default the techniques added
// to lp/mip for MIPLIB: feasibility jump, RENS, RINS, the feasibility
// pump, conflicts, probing, symmetry, implied-bound cuts and restarts,
// turned off), "now" with the package's defaults. Every solve has
// the CPU-time limit -cpu (internal/cputime; run with GOMAXPROCS=1 to use
// one core), and every answer passes solve.Verify or the run fails. One
// CSV row per solve goes to standard output, and a summary per size to
// standard error:
//
//	nice -n 15 env GOMAXPROCS=1 go run ./benchmarks/mipmodels -cpu 60s > mipmodels.csv
package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/solve"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mipmodels:", err)
		os.Exit(2)
	}
}

// defaultBefore turns off the techniques lp/mip gained for MIPLIB.
const defaultBefore = "feasjump=off,rens=off,rins=off,feaspump=off,conflicts=off,probing=off,symmetry=off,impliedbounds=off,restarts=off,intcuts=off,strongcap=off,strongbudget=off,diving=off"

// job is one model to solve.
type job struct {
	model, size string
	seed        uint64
	build       func() (*lp.Model, error)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mipmodels", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rrsSizes := fs.String("rrs", "4x6,5x8,6x6,6x10,8x8,8x12", "RRS sizes, data centres × regions, comma-separated (empty: none)")
	spread := fs.Float64("spread", 0.75, "relative spread of the RRS revenue slopes (non-concave instances)")
	tpdTasks := fs.String("tpd", "15,20,25,30", "TPD trace lengths in sub-tasks, comma-separated (empty: none)")
	seeds := fs.Int("seeds", 3, "instances per size: seeds 1 to N")
	limit := fs.Duration("cpu", 60*time.Second, "CPU-time limit of each solve")
	before := fs.String("before", defaultBefore, "switches of the \"before\" setting, name=auto|on|off comma-separated (mip.SwitchNames)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *limit <= 0 {
		return fmt.Errorf("-cpu: must be > 0, got %v", *limit)
	}
	if *seeds < 1 {
		return fmt.Errorf("-seeds: must be >= 1, got %d", *seeds)
	}
	var old mip.Options
	if err := old.SetSwitches(*before); err != nil {
		return fmt.Errorf("-before: %w", err)
	}
	jobs, err := plan(*rrsSizes, *tpdTasks, *spread, *seeds)
	if err != nil {
		return err
	}
	w := csv.NewWriter(stdout)
	w.Write([]string{"model", "size", "seed", "setting", "columns", "rows", "status", "objective", "bound", "cpu_s", "nodes"})
	var rows []row
	for _, j := range jobs {
		m, err := j.build()
		if err != nil {
			return fmt.Errorf("%s %s seed %d: %w", j.model, j.size, j.seed, err)
		}
		for _, set := range []struct {
			name string
			opts mip.Options
		}{{"before", old}, {"now", mip.Options{}}} {
			r, err := solveOne(m, set.opts, *limit)
			if err != nil {
				return fmt.Errorf("%s %s seed %d, %s: %w", j.model, j.size, j.seed, set.name, err)
			}
			r.job, r.setting = j, set.name
			rows = append(rows, r)
			f := func(v float64) string { return strconv.FormatFloat(v, 'g', 10, 64) }
			w.Write([]string{j.model, j.size, strconv.FormatUint(j.seed, 10), set.name, strconv.Itoa(m.NumVars()), strconv.Itoa(m.NumRows()),
				r.status.String(), f(r.objective), f(r.bound), strconv.FormatFloat(r.cpu.Seconds(), 'f', 2, 64), strconv.Itoa(r.nodes)})
			w.Flush()
			fmt.Fprintf(stderr, "%s %s seed %d %s: %v in %.1f s CPU, %d nodes\n", j.model, j.size, j.seed, set.name, r.status, r.cpu.Seconds(), r.nodes)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	summarize(stderr, rows, *limit)
	return nil
}

// plan lists the models of every size and seed.
func plan(rrsSizes, tpdTasks string, spread float64, seeds int) ([]job, error) {
	var jobs []job
	for _, sz := range fields(rrsSizes) {
		a, b, ok := strings.Cut(sz, "x")
		s, err1 := strconv.Atoi(a)
		r, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || s < 1 || r < 1 {
			return nil, fmt.Errorf("-rrs: want SxR with S, R >= 1, got %q", sz)
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			in := rrs.Random(s, r, seed, spread)
			jobs = append(jobs, job{"rrs", sz, seed, func() (*lp.Model, error) {
				m, _, err := rrs.ExportModel(in, "kkt-milp", 0)
				return m, err
			}})
		}
	}
	for _, g := range fields(tpdTasks) {
		n, err := strconv.Atoi(g)
		if err != nil || n < 1 || n > tpd.ExportMaxExactTasks {
			return nil, fmt.Errorf("-tpd: want sub-tasks from 1 to %d, got %q", tpd.ExportMaxExactTasks, g)
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			jobs = append(jobs, job{"tpd", g, seed, func() (*lp.Model, error) {
				s, tasks, err := tpd.RandomTrace(seed, 1, n)
				if err != nil {
					return nil, err
				}
				ex, err := s.ExportTrace(tasks, fmt.Sprintf("RandomTrace(%d, 1, %d)", seed, n))
				if err != nil {
					return nil, err
				}
				for _, em := range ex.Models {
					if em.Name == "exact" {
						return em.Model, nil
					}
				}
				return nil, fmt.Errorf("no exact model: %s", ex.ExactSkipped)
			}})
		}
	}
	return jobs, nil
}

func fields(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// row is one solve's outcome.
type row struct {
	job
	setting          string
	status           lp.Status
	objective, bound float64
	cpu              time.Duration
	nodes            int
}

// solveOne solves m under the CPU-time limit and verifies the answer.
func solveOne(m *lp.Model, opts mip.Options, limit time.Duration) (row, error) {
	t0 := cputime.Process()
	ctx, cancel := cputime.WithLimit(context.Background(), limit)
	defer cancel()
	sol, err := mip.Solve(ctx, m, opts)
	used := cputime.Process() - t0
	if err != nil && !errors.Is(err, context.Canceled) {
		return row{}, err
	}
	if sol == nil {
		return row{}, fmt.Errorf("no solution: %v", err)
	}
	if sol.HasPrimal() {
		if rep := solve.Verify(m, sol, solve.DefaultTolerances()); !rep.OK {
			return row{}, fmt.Errorf("the answer fails verification: %s", strings.Join(rep.Problems, "; "))
		}
	}
	return row{status: sol.Status, objective: sol.Objective, bound: sol.BestBound, cpu: used, nodes: sol.Nodes}, nil
}
