package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
)

func init() { register(newTPDCmd) }

func newTPDCmd() *cobra.Command {
	var (
		input, policy, discipline, mode, loads, bound, plotDir, csvFile, format, backend string
		exportDir                                                                        string
		seed                                                                             uint64
		workers                                                                          int
		runs, lagIters, count                                                            int
		lagPerIPN                                                                        bool
		boundTime                                                                        time.Duration
		rf                                                                               runFlags
	)
	cmd := &cobra.Command{
		Use:   "tpd --input model.json",
		Short: "Dispatch video sub-tasks to heterogeneous IPNs: TPD vs PoD/CRO/RND with valid lower bounds (paper 004)",
		Long: `tpd simulates the online dispatchers TPD, PoD, CRO and RND (spec MODELS.md,
section C) on replications of a mode of the instance, and measures them
against valid lower bounds of the offline optimum: LB0, LB_SRPT, the
windowed time-indexed LP bound LB_LP and LB_LAG, the Lagrangian bound of the
time-indexed relaxation of the whole trace (models/tpd doc.go); T_LB is
their maximum and the gap is (T − T_LB)/T_LB. The paper's own reference (a
full-information greedy) is a feasible schedule, so it is reported as an
upper bound, "greedy (UB)", with the paper-style gap against it alongside.

--load runs a heavy-load sweep: the mode's rate is set to ρ·Σ Q_k v_k / w̄ for
each ρ (default mode: "heavy" when the instance has one). Its default bounds
are "lag" (LB0, LB_SRPT, LB_LAG): LB_LP's windows see no contention at heavy
load and its LPs grow too large. "tight" adds LB_TIGHT, LB_LAG per IPN on
the grids Δ, Δ/2, Δ/4, Δ/8: the heavy-load bound, slower; its finest grid has
one row per Δ/8 of the trace's span, so keep it for traces of a busy system.
"best UB" is the least total delay of any feasible schedule at hand (the
greedy, the Lagrangian schedule built from LB_LAG's multipliers, every
policy run), so the optimum lies in [T_LB, best UB]. --bound-time-limit
caps the bounds' time per replication; a bound it stops is still valid.

JSON output: an object with "format_version", "program" and "results"; per
result, "bounds" holds the mean, 95% CI half-width and n of each bound
computed, and each policy's "metrics" those of every policy metric (the
CSV has the same names):
` + tpdMetricHelp() + `

--time-limit (or an interrupt) stops the replications: the table shows the
means over the replications that finished, with their count, and ends with
a line "partial: ..."; JSON results carry "runs_done" and "partial": true;
the exit code is 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			stderr := cmd.ErrOrStderr()
			ctx, cancel, err := rf.start(cmd, backend)
			if err != nil {
				return err
			}
			defer cancel()
			in, err := readModel(input, format, tpd.Parse)
			if err != nil {
				return err
			}
			s, err := tpd.Build(in)
			if err != nil {
				return inputError(fmt.Errorf("%s: %w", input, err))
			}
			pols, err := parseTPDPolicies(policy)
			if err != nil {
				return inputError(fmt.Errorf("--policy: %w", err))
			}
			var disc *tpd.Discipline
			if discipline != "" {
				d, err := tpd.ParseDiscipline(discipline)
				if err != nil {
					return inputError(fmt.Errorf("--discipline: %w", err))
				}
				disc = &d
			}
			var rhos []float64
			if loads != "" {
				for _, f := range strings.Split(loads, ",") {
					v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
					if err != nil || !(v > 0) || math.IsInf(v, 0) {
						return inputError(fmt.Errorf("--load: each value must be a number > 0, got %q", f))
					}
					rhos = append(rhos, v)
				}
			}
			req := tpd.Request{Loads: rhos, Policies: pols, Discipline: disc, Count: count, Backend: backend,
				Lagrange: tpd.LagrangeOptions{Iterations: lagIters, PerIPN: lagPerIPN}, BoundTimeLimit: boundTime}
			if mode != "" {
				req.Modes = strings.Split(mode, ",")
			}
			if bound != "" {
				bk, err := tpd.ParseBound(bound)
				if err != nil {
					return inputError(fmt.Errorf("--bound: %w", err))
				}
				req.Bound = &bk
			}
			if cmd.Flags().Changed("runs") {
				if err := checkCount("--runs", runs, tpd.MaxRuns, "replications"); err != nil {
					return err
				}
				req.Runs = runs
			}
			if cmd.Flags().Changed("count") {
				if err := checkCount("--count", count, tpd.MaxTasks, "sub-tasks per trace"); err != nil {
					return err
				}
			}
			if boundTime < 0 {
				return inputError(fmt.Errorf("--bound-time-limit: must be >= 0, got %v", boundTime))
			}
			if lagIters < 0 {
				return inputError(fmt.Errorf("--lag-iterations: must be >= 0, got %d", lagIters))
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if cmd.Flags().Changed("seed") {
				s.Seed = seed
			}
			exps, err := s.Plan(req)
			if err != nil {
				return inputError(err)
			}
			for i, ex := range exps {
				exps[i].Workers = workers
				if rho := s.OfferedLoad(ex.Mode); rho >= 1 && len(ex.Mode.Bursts) == 0 {
					fmt.Fprintf(stderr, "solve: warning: mode %s: offered load ρ = λ·w̄/ΣQ·v = %.3g·%g/%g = %.3g ≥ 1: "+
						"the system is unstable, queues grow for as long as sub-tasks arrive, so every mean depends on the count (%d)\n",
						ex.ModeName, s.Rate(ex.Mode), s.MeanFrames, s.Capacity(), rho, ex.Mode.Count)
				}
				exps[i].Progress = rf.task(fmt.Sprintf("tpd %s ρ=%.3g", ex.ModeName, s.OfferedLoad(ex.Mode)), "replications")
			}
			if exportDir != "" {
				if err := exportTPD(stderr, exportDir, s, exps); err != nil {
					return err
				}
			}
			var results []*tpd.ExperimentResult
			partial := ""
			for i, ex := range exps {
				if partial != "" {
					// Not started: a run on the done context gives its
					// empty result, so every requested point is listed.
					ex.Progress = nil
				}
				r, err := s.Run(ctx, ex)
				if stopped(ctx, err) && r != nil {
					rf.printer.Clear()
					if partial == "" {
						partial = fmt.Sprintf("%d of %d replications of mode %s ρ=%.3g", r.Done, r.Runs, r.ModeName, r.Load)
						if len(exps) > 1 {
							partial += fmt.Sprintf("; %d of %d results complete", i, len(exps))
						}
					}
					results = append(results, r)
					continue
				}
				if err != nil {
					switch {
					case errors.Is(err, tpd.ErrInput):
						return inputError(err)
					case errors.Is(err, tpd.ErrTooLarge):
						return &exitError{exitLimit, err} // a size limit, not a fault
					}
					return internalError(err)
				}
				results = append(results, r)
			}
			w := cmd.OutOrStdout()
			if format == "json" {
				by := ""
				if partial != "" {
					by = stoppedBy(ctx)
				}
				err = writeJSON(w, struct {
					Results []tpdJSONResult `json:"results"`
				}{tpdJSONResults(results, by)})
			} else {
				err = writeTPDTable(w, results)
				if err == nil && partial != "" {
					_, err = fmt.Fprintln(w, rf.partialLine(ctx, partial))
				}
			}
			if err != nil {
				return internalError(err)
			}
			// Files get what finished: a result without one replication
			// has nothing to write or draw.
			var done []*tpd.ExperimentResult
			for _, r := range results {
				if r.Done > 0 {
					done = append(done, r)
				}
			}
			results = done
			if csvFile != "" {
				if err := createFile(csvFile, func(w io.Writer) error { return render.TPDCSV(w, results) }); err != nil {
					return inputError(fmt.Errorf("--csv: %w", err))
				}
			}
			if plotDir != "" {
				files, err := render.TPDFigures(plotDir, results)
				if err != nil {
					return inputError(fmt.Errorf("--plot: %w", err))
				}
				for _, f := range files {
					fmt.Fprintf(stderr, "solve: wrote %s\n", f)
				}
			}
			if partial != "" {
				return rf.partialExit(ctx)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/tpd/schema.json)")
	fl.StringVar(&policy, "policy", "all", "dispatchers: tpd|pod|cro|rnd|all, or a comma list")
	fl.StringVar(&discipline, "discipline", "", "queue rule for every policy: mdd|edd|fcfs (default: mdd for TPD, edd for the baselines)")
	fl.StringVar(&mode, "mode", "", "modes of the instance, comma list (default: stable,burst; with --load: heavy)")
	fl.StringVar(&loads, "load", "", "heavy-load sweep: offered loads ρ, comma list (e.g. 0.3,0.5,0.7,0.85,0.95)")
	fl.IntVar(&runs, "runs", 0, "replications per policy (default: the mode's or the instance's runs)")
	fl.Uint64Var(&seed, "seed", 0, "seed of the traces and policies; replication r uses stream r (default: the instance's seed)")
	addWorkersFlag(fl, &workers)
	fl.IntVar(&count, "count", 0, "sub-tasks per replication (default: the mode's count)")
	fl.StringVar(&bound, "bound", "", "lower bounds: lp|lag|tight|srpt|trivial|all (default: all; with --load: lag; tight: LB_LAG per IPN on finer grids)")
	fl.DurationVar(&boundTime, "bound-time-limit", 0, "budget of the bounds of each replication, e.g. 60s; a bound it stops is still valid (default: the instance's bounds.time_limit, else none)")
	fl.IntVar(&lagIters, "lag-iterations", 0, fmt.Sprintf("subgradient iterations per phase of LB_LAG (0: %d)", tpd.DefaultLagrangeIterations))
	fl.BoolVar(&lagPerIPN, "lag-per-ipn", false, "LB_LAG: refine with one resource per IPN (tighter, slower)")
	fl.StringVar(&plotDir, "plot", "", "write the figures (PNG, 95% CI) to this directory")
	fl.StringVar(&csvFile, "csv", "", "write every metric (mean, CI half-width) to this CSV file")
	fl.StringVar(&format, "format", "table", "output format: table|json")
	fl.StringVar(&backend, "backend", "", "LP backend for LB_LP (default: the instance's bounds.backend)")
	fl.StringVar(&exportDir, "export", "", "write the exact time-indexed MILP (traces of at most "+strconv.Itoa(tpd.ExportMaxExactTasks)+
		" sub-tasks) and every LB_LP window's LP of replication 0 of each mode and load to this folder, as MPS files whose first comment lines say what the objective means")
	addRunFlags(fl, &rf)
	return cmd
}

// tpdMetricHelp lists the metrics of tpd.BoundMetrics and tpd.PolicyMetrics
// with their units, for the help text.
func tpdMetricHelp() string {
	var b strings.Builder
	for _, part := range []struct {
		head string
		ms   []tpd.MetricInfo
	}{{"bounds", tpd.BoundMetrics()}, {"metrics", tpd.PolicyMetrics()}} {
		fmt.Fprintf(&b, "\n%s:\n", part.head)
		for _, m := range part.ms {
			unit := ""
			if m.Unit != "" {
				unit = " [" + m.Unit + "]"
			}
			fmt.Fprintf(&b, "  %-15s%s %s\n", m.Metric, unit, m.About)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func parseTPDPolicies(s string) ([]tpd.Policy, error) {
	if strings.EqualFold(s, "all") {
		return tpd.Policies, nil
	}
	var out []tpd.Policy
	for _, f := range strings.Split(s, ",") {
		p, err := tpd.ParsePolicy(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// tpdColumns are the metrics shown per policy, with their headers.
var tpdColumns = []struct {
	key  tpd.Metric
	head string
}{
	{tpd.MetricRoutingMS, "routing ms"},
	{tpd.MetricHandlingMS, "handling ms"},
	{tpd.MetricDelayMS, "delay ms"},
	{tpd.MetricTotalDelay, "T total s"},
	{tpd.MetricTardiness, "tardiness s"},
	{tpd.MetricUtilMean, "util"},
	{tpd.MetricGapPct, "gap % (T_LB)"},
	{tpd.MetricGapGreedyPct, "gap % (greedy)"},
}

// tpdBounds are the bounds the table shows, with their names.
var tpdBounds = []struct {
	key  tpd.Metric
	name string
}{
	{tpd.MetricLB0, "LB0"}, {tpd.MetricLBSRPT, "LB_SRPT"}, {tpd.MetricLBLP, "LB_LP"},
	{tpd.MetricLBLag, "LB_LAG"}, {tpd.MetricLBTight, "LB_TIGHT"}, {tpd.MetricTLB, "T_LB"}, {tpd.MetricGreedyUB, "greedy (UB)"},
	{tpd.MetricBestUB, "best UB"},
}

func writeTPDTable(w io.Writer, results []*tpd.ExperimentResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		runs := strconv.Itoa(r.Runs)
		if r.Partial() {
			runs = fmt.Sprintf("%d of %d (partial)", r.Done, r.Runs)
		}
		fmt.Fprintf(tw, "mode %s: M=%d  λ=%.4g/s  ρ=%.4g  runs=%s  bounds=%s  (mean ± 95%% CI)\n", r.ModeName, r.Mode.Count, r.Rate, r.Load, runs, r.Bound)
		if r.Done == 0 {
			fmt.Fprintln(tw, "no replication finished")
			continue
		}
		head := []string{"policy", "queue"}
		for _, c := range tpdColumns {
			head = append(head, c.head)
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for _, p := range r.Policies {
			row := []string{p.Policy.String(), p.Discipline.String()}
			for _, c := range tpdColumns {
				st, ok := p.Stat(c.key)
				if !ok {
					row = append(row, "-")
					continue
				}
				prec := 2
				if c.key == tpd.MetricUtilMean {
					prec = 4
				}
				row = append(row, ci(st, prec))
			}
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		var bs []string
		for _, b := range tpdBounds {
			if st, ok := r.BoundStat(b.key); ok {
				bs = append(bs, fmt.Sprintf("%s %s s", b.name, ci(st, 2)))
			}
		}
		fmt.Fprintf(tw, "bounds on total delay: %s\n", strings.Join(bs, ";  "))
		lo, okLo := r.BoundStat(tpd.MetricTLB)
		hi, okHi := r.BoundStat(tpd.MetricBestUB)
		if okLo && okHi && lo.Mean > 0 {
			fmt.Fprintf(tw, "optimum in [T_LB, best UB] = [%.2f, %.2f] s (mean), width %.2f %% of T_LB\n", lo.Mean, hi.Mean, 100*(hi.Mean-lo.Mean)/lo.Mean)
		}
	}
	return tw.Flush()
}

type tpdJSONPolicy struct {
	Policy     string              `json:"policy"`
	Discipline string              `json:"discipline"`
	Metrics    map[string]jsonStat `json:"metrics"`
}

type tpdJSONResult struct {
	Mode     string  `json:"mode"`
	Count    int     `json:"count"`
	Rate     float64 `json:"rate"`
	Load     float64 `json:"load"`
	Runs     int     `json:"runs"`
	RunsDone int     `json:"runs_done"`
	Partial  bool    `json:"partial,omitempty"`
	// StoppedBy is "time_limit" or "interrupt" on a partial result.
	StoppedBy string              `json:"stopped_by,omitempty"`
	Bound     string              `json:"bound"`
	Policies  []tpdJSONPolicy     `json:"policies"`
	Bounds    map[string]jsonStat `json:"bounds"`
}

// tpdJSONResults is the JSON form of the results; stoppedBy names what
// stopped the partial ones.
func tpdJSONResults(rs []*tpd.ExperimentResult, stoppedBy string) []tpdJSONResult {
	out := make([]tpdJSONResult, 0, len(rs))
	for _, r := range rs {
		jr := tpdJSONResult{Mode: r.ModeName, Count: r.Mode.Count, Rate: r.Rate, Load: r.Load, Runs: r.Runs, RunsDone: r.Done,
			Bound: r.Bound.String(), Bounds: map[string]jsonStat{}}
		if r.Partial() {
			jr.Partial, jr.StoppedBy = true, stoppedBy
		}
		for _, m := range r.Bounds.Metrics {
			jr.Bounds[m.Name] = jsonStat{m.Mean, m.HalfWidth, m.N}
		}
		for _, p := range r.Policies {
			jp := tpdJSONPolicy{Policy: p.Policy.String(), Discipline: p.Discipline.String(), Metrics: map[string]jsonStat{}}
			for _, m := range p.Stats.Metrics {
				jp.Metrics[m.Name] = jsonStat{m.Mean, m.HalfWidth, m.N}
			}
			jr.Policies = append(jr.Policies, jp)
		}
		out = append(out, jr)
	}
	return out
}

// exportTPD writes, for each planned experiment, the problems the bounds of
// its replication 0 compile (tpd.Scenario.Export) to dir/<mode>-rho<ρ>/.
func exportTPD(stderr io.Writer, dir string, s *tpd.Scenario, exps []tpd.Experiment) error {
	for _, ex := range exps {
		e, err := s.Export(ex.Mode, 0)
		if err != nil {
			return fmt.Errorf("--export: mode %s: %w", ex.ModeName, err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("%s-rho%.3g", ex.ModeName, s.OfferedLoad(ex.Mode)))
		for _, m := range e.Models {
			if err := writeExport("--export", filepath.Join(sub, m.Name+".mps"), m.Model, m.About); err != nil {
				return err
			}
		}
		fmt.Fprintf(stderr, "solve: exported %d problems of mode %s (%d sub-tasks) to %s\n", len(e.Models), ex.ModeName, e.Tasks, sub)
		if e.ExactSkipped != "" {
			fmt.Fprintf(stderr, "solve: no exact MILP for mode %s: %s\n", ex.ModeName, e.ExactSkipped)
		}
	}
	return nil
}
