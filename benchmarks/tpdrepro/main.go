package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/progress"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

func main() {
	input := flag.String("input", filepath.Join("examples", "tpd-campus.json"), "campus instance")
	out := flag.String("out", filepath.Join("benchmarks", "out", "tpdrepro"), "output directory")
	parts := flag.String("parts", "paper,sweep,stale,surge,queues,small,heavybound", "parts to run, comma list")
	runs := flag.Int("runs", 0, "replications for paper, stale, surge and queues (0: the instance's)")
	sweepRuns := flag.Int("sweep-runs", 0, "replications per load of the sweep (0: the mode's)")
	sweepCount := flag.Int("sweep-count", 0, "sub-tasks per replication of the sweep (0: the mode's)")
	seed := flag.Uint64("seed", 0, "seed of the traces and policies; replication r uses stream r (default: the instance's seed)")
	workers := flag.Int("workers", 0, "replications run at once (0 = one per core); the results do not depend on it")
	var hb heavyBoundConfig
	// Default: LB_LP only with the instance's 40-sub-task windows; a
	// 400-sub-task window at ρ = 0.85 needed more than 23 GB to compile.
	lpWindows := flag.String("hb-lp-windows", "40", "window sizes of LB_LP in the heavybound part, comma list (empty: skip LB_LP)")
	flag.IntVar(&hb.count, "hb-count", 20000, "sub-tasks per trace of the heavybound part")
	flag.IntVar(&hb.runs, "hb-runs", 3, "traces per load of the heavybound part")
	flag.DurationVar(&hb.lpTimeout, "hb-lp-timeout", 120*time.Second, "budget of each windowed LB_LP in the heavybound part")
	flag.DurationVar(&hb.boundTime, "hb-bound-time-limit", 60*time.Second, "budget of LB_TIGHT in the heavybound part")
	flag.DurationVar(&hb.improve, "hb-improve-time", 30*time.Second, "budget of the local search from the Lagrangian schedule in the heavybound part")
	flag.Parse()
	for _, f := range strings.Split(*lpWindows, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "tpdrepro: -hb-lp-windows: each must be an integer >= 1, got %q\n", f)
			os.Exit(2)
		}
		hb.lpWindows = append(hb.lpWindows, n)
	}
	if *workers < 0 {
		fmt.Fprintf(os.Stderr, "tpdrepro: -workers: must be >= 0 (0 = one per core), got %d\n", *workers)
		os.Exit(2)
	}
	var seedp *uint64
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			seedp = seed
		}
	})
	if err := run(*input, *out, *parts, *runs, *sweepRuns, *sweepCount, seedp, *workers, hb); err != nil {
		fmt.Fprintln(os.Stderr, "tpdrepro:", err)
		os.Exit(1)
	}
}

// run runs the parts; seed, when not nil, replaces the instance's seed,
// and workers is the replication pool of each experiment.
func run(input, out, parts string, runs, sweepRuns, sweepCount int, seed *uint64, workers int, hb heavyBoundConfig) error {
	if hb.count < 1 || hb.runs < 1 || hb.lpTimeout <= 0 || hb.boundTime <= 0 || hb.improve <= 0 || sweepCount < 0 {
		return fmt.Errorf("-hb-count, -hb-runs, -hb-lp-timeout, -hb-bound-time-limit and -hb-improve-time must be > 0 and -sweep-count >= 0, got %d, %d, %v, %v, %v, %d",
			hb.count, hb.runs, hb.lpTimeout, hb.boundTime, hb.improve, sweepCount)
	}
	f, err := os.Open(input)
	if err != nil {
		return err
	}
	in, err := tpd.Parse(f)
	f.Close()
	if err != nil {
		return err
	}
	s, err := tpd.Build(in)
	if err != nil {
		return err
	}
	sd := in.Seed
	if seed != nil {
		sd = *seed
	}
	hb.seed = sd
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	ctx := context.Background()
	bar := progress.New(os.Stderr, progress.Auto)
	plan := func(req tpd.Request) ([]tpd.Experiment, error) {
		req.Seed = sd
		es, err := s.Plan(req)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", input, err)
		}
		return es, nil
	}
	bound := func(b tpd.BoundKind) *tpd.BoundKind { return &b }
	exps := func(part string) ([]tpd.Experiment, error) {
		switch part {
		case "paper":
			return plan(tpd.Request{Modes: []string{"stable", "burst"}, Runs: runs, Bound: bound(tpd.BoundAll)})
		case "sweep":
			return plan(tpd.Request{Modes: []string{"heavy"}, Loads: []float64{0.3, 0.5, 0.7, 0.85, 0.95},
				Count: sweepCount, Runs: sweepRuns, Bound: bound(tpd.BoundLagrange)})
		case "stale":
			base, err := plan(tpd.Request{Modes: []string{"heavy"}, Loads: []float64{0.7}, Runs: runs,
				Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Bound: bound(tpd.BoundTrivial)})
			if err != nil {
				return nil, err
			}
			var es []tpd.Experiment
			for _, own := range []bool{false, true} {
				for _, d := range []float64{0, 0.05, 0.1, 0.2, 1} {
					ex := base[0]
					ex.ModeName = "stale_" + strconv.FormatFloat(d, 'g', -1, 64)
					if own {
						ex.ModeName = "stale_own_" + strconv.FormatFloat(d, 'g', -1, 64)
					}
					ex.InfoInterval, ex.CountOwn = &d, &own
					es = append(es, ex)
				}
			}
			return es, nil
		case "queues":
			var es []tpd.Experiment
			for _, d := range []tpd.Discipline{tpd.MDD, tpd.EDD, tpd.FCFS} {
				e, err := plan(tpd.Request{Modes: []string{"heavy"}, Loads: []float64{0.95}, Runs: runs,
					Policies: []tpd.Policy{tpd.TPD, tpd.PoD}, Discipline: &d, Bound: bound(tpd.BoundTrivial)})
				if err != nil {
					return nil, err
				}
				e[0].ModeName = "queue_" + d.String()
				es = append(es, e...)
			}
			return es, nil
		case "surge":
			return plan(tpd.Request{Modes: []string{"surge"}, Runs: runs, Bound: bound(tpd.BoundSRPT)})
		}
		return nil, fmt.Errorf("-parts: unknown part %q (known: paper, sweep, stale, surge, queues, small, heavybound)", part)
	}
	for _, part := range strings.Split(parts, ",") {
		part = strings.TrimSpace(part)
		start := time.Now()
		if part == "heavybound" {
			m, ok := s.Modes["heavy"]
			if !ok {
				return fmt.Errorf("%s: workload.modes has no %q", input, "heavy")
			}
			if err := heavyBound(ctx, s, m, hb, filepath.Join(out, "heavybound.csv")); err != nil {
				return err
			}
			fmt.Printf("%-7s wall %v\n", part, time.Since(start).Round(time.Millisecond))
			continue
		}
		if part == "small" {
			if err := small(ctx, filepath.Join(out, "small.csv")); err != nil {
				return err
			}
			fmt.Printf("%-7s wall %v\n", part, time.Since(start).Round(time.Millisecond))
			continue
		}
		es, err := exps(part)
		if err != nil {
			return err
		}
		var results []*tpd.ExperimentResult
		for _, ex := range es {
			ex.Workers = workers
			ex.Progress = bar.Task(fmt.Sprintf("%s %s ρ=%.3g", part, ex.ModeName, s.OfferedLoad(ex.Mode)), "replications")
			r, err := s.Run(ctx, ex)
			if err != nil {
				return fmt.Errorf("%s: %w", part, err)
			}
			results = append(results, r)
		}
		f, err := os.Create(filepath.Join(out, part+".csv"))
		if err != nil {
			return err
		}
		if err := render.TPDCSV(f, results); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		if part == "paper" || part == "sweep" {
			if _, err := render.TPDFigures(out, results); err != nil {
				return err
			}
		}
		fmt.Printf("%-7s wall %v\n", part, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// small writes the bound chain of the 20 random small instances.
func small(ctx context.Context, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	head := []string{"seed", "tasks", "ipns", tpd.MetricLB0.String(), tpd.MetricLBSRPT.String(), tpd.MetricLBLP.String(), tpd.MetricGreedyUB.String()}
	var milp []string
	for _, n := range solve.Backends() {
		if b, err := solve.Open(n); err == nil && b.Capabilities().MILP {
			milp = append(milp, n)
			head = append(head, "opt_"+n)
		}
	}
	for _, p := range tpd.Policies {
		head = append(head, strings.ToLower(p.String()))
	}
	_ = w.Write(head)
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for seed := uint64(1); seed <= 20; seed++ {
		s, tasks := tpd.RandomSmall(seed)
		lb, err := tpd.LowerBoundLP(ctx, s, tasks, 1, 100, "auto", solve.Options{})
		if err != nil {
			f.Close()
			return err
		}
		_, greedy, err := tpd.Greedy(s, tasks)
		if err != nil {
			f.Close()
			return err
		}
		lb0, _ := tpd.LB0(s, tasks)
		srpt, _ := tpd.LBSRPT(s, tasks)
		row := []string{g(float64(seed)), g(float64(len(tasks))), g(float64(s.K())), g(lb0), g(srpt), g(lb.Value), g(greedy)}
		for _, b := range milp {
			ex, err := tpd.Exact(ctx, s, tasks, 1, b, solve.Options{})
			if err != nil {
				f.Close()
				return err
			}
			row = append(row, g(ex.Total))
		}
		for _, p := range tpd.Policies {
			r, err := tpd.Simulate(ctx, s, tasks, tpd.Config{Policy: p, Discipline: p.DefaultDiscipline(), InfoInterval: tpd.UseScenarioInfo}, sim.Stream(seed, 0))
			if err != nil {
				f.Close()
				return err
			}
			row = append(row, g(r.TotalDelay))
		}
		_ = w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
