package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

func init() {
	register(newTPDCmd)
	study.Register(&studies, tpd.Study{}, func(ctx context.Context, _ tpd.Sweep, results []*tpd.ExperimentResult, o mergeOutputs) error {
		if err := onlyOutputs("tpd", o); err != nil {
			return err
		}
		return writeTPDOutput(ctx, o, results, "", &runFlags{})
	})
}

func newTPDCmd() *cobra.Command {
	var (
		input, policy, discipline, mode, loads, bound, plotDir, csvFile, format, out, backend string
		exportDir                                                                             string
		seed                                                                                  uint64
		workers                                                                               int
		runs, lagIters, count                                                                 int
		lagPerIPN                                                                             bool
		boundTime                                                                             time.Duration
		rf                                                                                    runFlags
		sf                                                                                    shardFlags
		st                                                                                    statFlags
		plotFormats                                                                           []string
	)
	cmd := &cobra.Command{
		Use:   "tpd --input model.json",
		Short: "Dispatch video sub-tasks to heterogeneous IPNs: TPD vs PoD/CRO/RND with valid lower bounds (paper 004)",
		Long: `tpd simulates the online dispatchers TPD, PoD, CRO and RND (spec MODELS.md,
section C) on replications of a mode of the instance, and measures them
against valid lower bounds of the offline optimum: LB0, LB_SRPT, the
windowed time-indexed LP bound LB_LP and LB_LAG, the Lagrangian bound of the
time-indexed relaxation of the whole trace (models/tpd doc.go); T_LB is
their maximum and the gap is (T − T_LB)/T_LB (a T or best UB below T_LB by
at most 1e-6 relative, the comparison tolerance of objectives, is rounding
and gives 0; further below, a bound is wrong: exit 3, naming both). The paper's own reference (a
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
caps the bounds' time per replication; a bound it stops is still valid, and
the table (a line "budget: ...") and the JSON ("budget_cuts") say which
bound it stopped, in how many replications and how far it got (LB_LP's
windows left at their LB0/LB_SRPT bound, LB_LAG's phases and iterations).

Every replication draws one trace and runs every policy on it from the
same random numbers (common random numbers), and every interval is a
Student-t interval at the --confidence level (95% by default).
--compare tpd,pod reports the paired differences tpd − pod of every policy
metric: the paired-t interval of the per-replication differences, far
narrower than two independent intervals when the policies respond alike
to a trace. --target-ci 5 (or total_delay=5 for one metric) stops
sequentially: --runs replications first, then batches sized from the
widest half-width so far, until every watched half-width of the policy
metrics (the compared differences' with --compare) is at most 5 or
--max-runs is reached (exit 1 then). --plot draws the figures
(--plot-format png,svg,pdf).

JSON output: an object with "format_version", "program", "results" and,
at a level other than 0.95, "confidence"; per result, "bounds" holds the
mean, CI half-width ("ci95") and n of each bound computed, each policy's
"metrics" those of every policy metric (the CSV has the same names), and
"compare" the paired differences of --compare:
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
			in, err := readModel(ctx, &rf, input, format, tpd.Parse)
			if err != nil {
				return err
			}
			s, err := tpd.Build(in)
			if err != nil {
				return fault.Errorf(fault.ErrInput, "%s: %w", inputName(input), err)
			}
			// The flags, parsed once into the request; its ranges are
			// checked where it is planned (tpdInputError names the flag).
			q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
			q.Count, q.Backend, q.LagIterations, q.LagPerIPN, q.BoundTimeLimit = count, backend, lagIters, lagPerIPN, boundTime
			if q.Policies, err = parsePolicies(policy, tpd.Policies, tpd.ParsePolicy); err != nil {
				return fault.Errorf(fault.ErrInput, "--policy: %w", err)
			}
			if q.Compare, err = comparePairs(&st, tpd.ParsePolicy, q.Policies, policy); err != nil {
				return err
			}
			if st.confidence != sim.DefaultConfidence {
				q.Confidence = st.confidence // left out of the grid at the default
			}
			if discipline != "" {
				d, err := tpd.ParseDiscipline(discipline)
				if err != nil {
					return fault.Errorf(fault.ErrInput, "--discipline: %w", err)
				}
				q.Discipline = &d
			}
			if loads != "" {
				for _, f := range strings.Split(loads, ",") {
					v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
					if err != nil || !(v > 0) || math.IsInf(v, 0) {
						return fault.Errorf(fault.ErrInput, "--load: each value must be a number > 0, got %q", f)
					}
					q.Loads = append(q.Loads, v)
				}
			}
			if mode != "" {
				q.Modes = strings.Split(mode, ",")
			}
			if bound != "" {
				bk, err := tpd.ParseBound(bound)
				if err != nil {
					return fault.Errorf(fault.ErrInput, "--bound: %w", err)
				}
				q.Bound = &bk
			}
			if cmd.Flags().Changed("runs") {
				if err := checkCount("--runs", runs, tpd.MaxRuns, "replications"); err != nil {
					return err
				}
				q.Runs = runs
			}
			if cmd.Flags().Changed("count") {
				if err := checkCount("--count", count, tpd.MaxTasks, "sub-tasks per trace"); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("seed") {
				q.Seed = seed
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if err := sf.check(map[string]string{"--out": out, "--csv": csvFile, "--plot": plotDir, "--export": exportDir}); err != nil {
				return err
			}
			if err := st.check(&sf, tpdMetricNames(), tpd.MaxRuns); err != nil {
				return err
			}
			if err := checkPlotFormats(plotFormats); err != nil {
				return err
			}
			if err := checkOutputs([]string{input}, output{"--out", out, outFile}, output{"--csv", csvFile, outFile}, output{"--plot", plotDir, outDir},
				output{"--export", exportDir, outDir}, output{"--records", sf.records, outFile}); err != nil {
				return err
			}
			exps, err := s.Plan(q.Request)
			if err != nil {
				return tpdInputError(err)
			}
			for _, w := range s.Warnings(exps) {
				fmt.Fprintln(stderr, "solve: warning:", w)
			}
			p, err := tpd.Study{}.Plan(ctx, q)
			if err != nil {
				return tpdInputError(err)
			}
			rec, err := studyRecords(ctx, &sf, &rf, input, tpd.Study{}, q)
			if err != nil {
				return err
			}
			defer func() {
				if rec != nil {
					sf.abortRecords(stderr, rec)
				}
			}()
			if exportDir != "" {
				if err := exportTPD(stderr, exportDir, s, exps); err != nil {
					return err
				}
			}
			// Every experiment runs the same replications: the first
			// sequential batch is the most any of them plans.
			first := 0
			for _, ex := range exps {
				first = max(first, ex.Runs)
			}
			opt := study.Options{Shard: sf.sp, Workers: workers, Progress: rf.task("tpd", "replications")}
			o := mergeOutputs{format: format, out: out, csv: csvFile, plot: plotDir, stdout: cmd.OutOrStdout(), stderr: stderr, plotFormats: plotFormats}
			return studyRun[tpd.Sweep, tpd.Sample, []*tpd.ExperimentResult]{
				study: tpd.Study{}, plan: p, first: first,
				runs:    func(q tpd.Sweep, n int) tpd.Sweep { q.Runs = n; return q },
				watched: tpdWatched,
				partial: func(results []*tpd.ExperimentResult) (string, bool) { return tpdStopped(results), results != nil },
				fail: func(err error) error {
					// tpd.ErrInput and tpd.ErrTooLarge (a model too large to
					// build) are of kind input; an error of no kind is a failure.
					return fault.Errorf(fault.ErrSolver, "%w", err)
				},
				write: func(results []*tpd.ExperimentResult, partial string) error {
					return writeTPDOutput(ctx, o, results, partial, &rf)
				},
			}.run(ctx, q, opt, &st, &sf, &rf, &rec, o)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/tpd/schema.json; - reads standard input)")
	fl.StringVar(&policy, "policy", "all", "dispatchers: tpd|pod|cro|rnd|all, or a comma list")
	fl.StringVar(&discipline, "discipline", "", "queue rule for every policy: mdd|edd|fcfs (default: mdd for TPD, edd for the baselines)")
	fl.StringVar(&mode, "mode", "", "modes of the instance, comma list (default: stable,burst; with --load: heavy)")
	fl.StringVar(&loads, "load", "", "heavy-load sweep: offered loads ρ, comma list (e.g. 0.3,0.5,0.7,0.85,0.95)")
	fl.IntVar(&runs, "runs", 0, "replications per policy (default: the mode's or the instance's runs); with --target-ci, the first batch")
	fl.Uint64Var(&seed, "seed", 0, "seed of the traces and policies; replication r uses stream r (default: the instance's seed)")
	addWorkersFlag(fl, &workers)
	fl.IntVar(&count, "count", 0, "sub-tasks per replication (default: the mode's count)")
	fl.StringVar(&bound, "bound", "", "lower bounds: lp|lag|tight|srpt|trivial|all (default: all; with --load: lag; tight: LB_LAG per IPN on finer grids)")
	fl.DurationVar(&boundTime, "bound-time-limit", 0, "budget of the bounds of each replication, e.g. 60s; a bound it stops is still valid (default: the instance's bounds.time_limit, else none)")
	fl.IntVar(&lagIters, "lag-iterations", 0, fmt.Sprintf("subgradient iterations per phase of LB_LAG (0: %d); a phase followed by another runs at least %d (a refining phase of tight %d), so a larger value never lowers the bound", tpd.DefaultLagrangeIterations, tpd.DefaultLagrangeIterations, tpd.DefaultLagrangeIterations/2))
	fl.BoolVar(&lagPerIPN, "lag-per-ipn", false, "LB_LAG: refine with one resource per IPN (tighter, slower)")
	fl.StringVar(&plotDir, "plot", "", "write the figures (error bars: the --confidence interval) to this directory")
	addPlotFormatFlag(fl, &plotFormats)
	fl.StringVar(&csvFile, "csv", "", "write every metric (mean, CI half-width) to this CSV file")
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: what --csv writes: mode, count, rate, load, runs, policy, discipline, metric, mean, ci95 (ci90 at --confidence 0.9, …), n)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.StringVar(&backend, "backend", "", "LP backend for LB_LP (default: the instance's bounds.backend)")
	fl.StringVar(&exportDir, "export", "", "write the exact time-indexed MILP (traces of at most "+strconv.Itoa(tpd.ExportMaxExactTasks)+
		" sub-tasks) and every LB_LP window's LP of replication 0 of each mode and load to this folder, as MPS files whose first comment lines say what the objective means")
	addStatFlags(fl, &st)
	addShardFlags(fl, &sf)
	addRunFlags(fl, &rf)
	return cmd
}

// tpdMetricNames are the policy metrics --target-ci may name.
func tpdMetricNames() []string {
	var names []string
	for _, m := range tpd.PolicyMetrics() {
		names = append(names, string(m.Metric))
	}
	return names
}

// tpdWatched are the summaries --target-ci watches: the compared
// differences when there are any, else every policy of every experiment.
func tpdWatched(results []*tpd.ExperimentResult) []sim.Summary {
	var diffs, pols []sim.Summary
	for _, r := range results {
		for _, d := range r.Diffs {
			diffs = append(diffs, d.Stats)
		}
		for _, p := range r.Policies {
			pols = append(pols, p.Stats)
		}
	}
	if len(diffs) > 0 {
		return diffs
	}
	return pols
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

// exportTPD writes, for each planned experiment, the problems the bounds of
// its replication 0 compile (tpd.Scenario.Export) to dir/<mode>-rho<ρ>/.
func exportTPD(stderr io.Writer, dir string, s *tpd.Scenario, exps []tpd.Experiment) error {
	for _, ex := range exps {
		e, err := s.Export(ex.Mode, ex.Seed, 0)
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

// tpdFlags names the flag that sets each field of tpd.Request that a
// *tpd.FieldError may name.
var tpdFlags = map[string]string{"count": "--count", "runs": "--runs", "loads": "--load",
	"bound_time_limit_ns": "--bound-time-limit", "lag_iterations": "--lag-iterations", "confidence": "--confidence", "compare": "--compare"}

// tpdInputError is the input error of planning a request: a field out of
// its range is named by its flag.
func tpdInputError(err error) error {
	var fe *tpd.FieldError
	if errors.As(err, &fe) && tpdFlags[fe.Field] != "" {
		return fault.Errorf(fault.ErrInput, "%s: %w", tpdFlags[fe.Field], fe.Err)
	}
	return fault.Errorf(fault.ErrInput, "%w", err)
}

// tpdStopped says what a stopped run finished: the replications of the
// first partial result and, with several, how many results were complete.
func tpdStopped(results []*tpd.ExperimentResult) string {
	for i, r := range results {
		if r.Partial() {
			msg := fmt.Sprintf("%d of %d replications of mode %s ρ=%.3g", r.Done, r.Runs, r.ModeName, r.Load)
			if len(results) > 1 {
				msg += fmt.Sprintf("; %d of %d results complete", i, len(results))
			}
			return msg
		}
	}
	return ""
}

// writeTPDOutput writes the results: the table or JSON, the CSV and the
// figures; partial, when not empty, says what a stopped run finished.
func writeTPDOutput(ctx context.Context, o mergeOutputs, results []*tpd.ExperimentResult, partial string, rf *runFlags) error {
	// solve merge learns only from the records that --plot is a folder.
	if err := checkOutputs(nil, output{"--plot", o.plot, outDir}); err != nil {
		return err
	}
	forms := answerForms{json: func(by string) any { return render.TPDJSON(results, by) },
		table: func(w io.Writer) error { return render.TPDTable(w, results) },
		csv:   func(w io.Writer) error { return render.TPDCSV(w, render.TPDFinished(results)) }}
	if err := writeAnswer(ctx, o.stdout, o.format, o.out, partial, rf, forms); err != nil {
		return err
	}
	results = render.TPDFinished(results) // the files get what finished
	if err := writeCSV(o.csv, func(w io.Writer) error { return render.TPDCSV(w, results) }); err != nil {
		return err
	}
	if err := writeFigures(o.stderr, o.plot, func(dir string) ([]string, error) { return render.TPDFigures(dir, results, o.plotFormats...) }); err != nil {
		return err
	}
	return rf.finish(ctx, partial)
}
