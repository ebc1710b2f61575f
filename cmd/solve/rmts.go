package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

func init() {
	register(newRMTSCmd)
	study.Register(&studies, rmts.Study{}, func(ctx context.Context, q rmts.Sweep, res *rmts.ExperimentResult, o mergeOutputs) error {
		if err := onlyOutputs("rmts", o); err != nil {
			return err
		}
		sc, err := rmts.Build(q.Instance)
		if err != nil {
			return fault.Errorf(fault.ErrInput, "instance: %w", err)
		}
		return writeRMTSOutput(ctx, o.stdout, o.stderr, sc, res, rmtsOutput{o.format, o.out, o.csv, o.plot, o.plotFormats}, "", &runFlags{})
	})
}

func newRMTSCmd() *cobra.Command {
	var (
		input, policy, sweep, alphas, plotDir, csvFile, format, out string
		runs, proactive                                             int
		seed                                                        uint64
		bound                                                       bool
		export                                                      string
		workers                                                     int
		backend                                                     string
		rf                                                          runFlags
		sf                                                          shardFlags
		st                                                          statFlags
		plotFormats                                                 []string
	)
	cmd := &cobra.Command{
		Use:   "rmts --input model.json",
		Short: "Admit VoD requests by migrating streams: RMTS vs REM, DASD dancing, last-minute and max-flow (paper 000)",
		Long: `rmts simulates the request-migration policies of spec MODELS.md section B on
replications of the instance: RMTS, REM, DASD dancing, last-minute migration
and the unbounded max-flow reference, with common random numbers (replication
r of every policy sees trace r). It reports the success rate μ, the mean
service delay T̄ in units of τ and the migrations per request, each with its
Student-t confidence interval at the --confidence level (95% by default).

--compare rmts,rem reports the paired differences rmts − rem of every
metric: on trace r both policies saw the same arrivals, so the interval is
the paired-t interval of the per-trace differences, far narrower than two
independent intervals when the policies respond alike to a trace.
--target-ci 0.005 (or success=0.005 for one metric) stops sequentially:
--runs traces first, then batches sized from the widest half-width so far,
until every watched half-width (the compared differences' with --compare)
is at most 0.005 or --max-runs is reached (exit 1 then).

--sweep xi=36:44 runs every arrival rate from 36 to 44 (step 1; xi=36:44:2 or
xi=36,40,44 also work); --alpha runs RMTS for each weight α. --plot draws the
paper's Figs. 4–7 (--plot-format png,svg,pdf). --dasd-proactive 4 turns on DASD dancing's
proactive mode with δ = 4 (spec B.6; overrides policy.dasd_proactive_delta):
after every event, one stream at a time moves across a migration edge whose
load difference is at least δ.

--time-limit (or an interrupt) stops the replications: every point shows
the means over its finished replications with their count (column "runs"),
the table ends with a line "partial: ...", JSON output carries
"partial": true and the counts, and the exit code is 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel, err := rf.start(cmd, backend)
			if err != nil {
				return err
			}
			defer cancel()
			in, err := readModel(ctx, &rf, input, format, rmts.Parse)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("dasd-proactive") {
				in.Policy.DASDProactiveDelta = proactive
				if err := in.Validate(); err != nil {
					return fault.Errorf(fault.ErrInput, "--dasd-proactive: %w", err)
				}
			}
			sc, err := rmts.Build(in)
			if err != nil {
				return fault.Errorf(fault.ErrInput, "%s: %w", inputName(input), err)
			}
			ex := rmts.Experiment{Progress: rf.task("rmts", "replications"), Bound: bound, Backend: backend}
			if ex.Policies, err = parsePolicies(policy, rmts.Policies, rmts.ParsePolicy); err != nil {
				return fault.Errorf(fault.ErrInput, "--policy: %w", err)
			}
			if ex.Compare, err = comparePairs(&st, rmts.ParsePolicy, ex.Policies, policy); err != nil {
				return err
			}
			ex.Confidence = st.confidence
			if sweep != "" {
				if ex.Rates, err = parseSweep(sweep); err != nil {
					return fault.Errorf(fault.ErrInput, "--sweep: %w", err)
				}
			}
			if alphas != "" {
				for _, f := range strings.Split(alphas, ",") {
					a, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
					if err != nil || !(a >= 0 && a <= 1) {
						return fault.Errorf(fault.ErrInput, "--alpha: each value must be a number in [0, 1], got %q", f)
					}
					ex.Alphas = append(ex.Alphas, a)
				}
			}
			if cmd.Flags().Changed("runs") {
				if err := checkCount("--runs", runs, rmts.MaxRuns, "replications"); err != nil {
					return err
				}
				ex.Runs = runs
			}
			if cmd.Flags().Changed("seed") {
				ex.Seed = &seed
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			ex.Workers = workers
			if err := sf.check(map[string]string{"--out": out, "--csv": csvFile, "--plot": plotDir, "--export": export}); err != nil {
				return err
			}
			if export != "" && !bound {
				return fault.Errorf(fault.ErrInput, "--export: writes the offline bound's LP, so it needs --bound")
			}
			if err := st.check(&sf, rmtsMetricNames(), rmts.MaxRuns); err != nil {
				return err
			}
			if err := checkPlotFormats(plotFormats); err != nil {
				return err
			}
			if err := checkOutputs([]string{input}, output{"--out", out, outFile}, output{"--csv", csvFile, outFile}, output{"--plot", plotDir, outDir},
				output{"--export", export, outModel}, output{"--records", sf.records, outFile}); err != nil {
				return err
			}
			pl, err := sc.Plan(ex)
			if err != nil {
				return fault.Errorf(fault.ErrInput, "%w", err)
			}
			q := rmts.SweepOf(in, ex, pl)
			if cmd.Flags().Changed("dasd-proactive") {
				q.DASDProactive = &proactive
			}
			rec, err := studyRecords(ctx, &sf, &rf, input, rmts.Study{}, q)
			if err != nil {
				return err
			}
			defer func() {
				if rec != nil {
					sf.abortRecords(cmd.ErrOrStderr(), rec)
				}
			}()
			if !sc.Graph.Connected() {
				fmt.Fprintf(cmd.ErrOrStderr(), "solve: warning: the migration graph has %d components; requests cannot migrate between them\n", len(sc.Graph.Components()))
			}
			if export != "" {
				if err := exportRMTS(export, sc, ex); err != nil {
					return err
				}
			}
			if err := solve.CheckBackend(backend); err != nil {
				return fault.Errorf(fault.ErrSolver, "backend: %w", err)
			}
			p, err := sc.PlanSweep(q)
			if err != nil {
				return fault.Errorf(fault.ErrInput, "%w", err)
			}
			start := time.Now()
			opt := study.Options{Shard: sf.sp, Workers: workers, Progress: rf.task("rmts", "traces")}
			o := mergeOutputs{format: format, out: out, csv: csvFile, plot: plotDir, stdout: cmd.OutOrStdout(), stderr: cmd.ErrOrStderr(), plotFormats: plotFormats}
			return studyRun[rmts.Sweep, rmts.TraceSample, *rmts.ExperimentResult]{
				study: rmts.Study{}, plan: p, first: q.Runs,
				runs:    func(q rmts.Sweep, n int) rmts.Sweep { q.Runs = n; return q },
				watched: rmtsWatched,
				partial: func(res *rmts.ExperimentResult) (string, bool) {
					if res == nil {
						return "", false
					}
					return fmt.Sprintf("%d of %d replications", res.Done, res.Total), true
				},
				fail: func(err error) error {
					return fault.Errorf(fault.ErrSolver, "rmts: %w", err) // rmts.ErrInput keeps its kind
				},
				ran: func(res *rmts.ExperimentResult) {
					wall := time.Since(start)
					fmt.Fprintf(cmd.ErrOrStderr(), "solve: %d events in %.1f s (%.0f events/s)\n", res.Events, wall.Seconds(), float64(res.Events)/wall.Seconds())
				},
				write: func(res *rmts.ExperimentResult, partial string) error {
					return writeRMTSOutput(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), sc, res, rmtsOutput{format, out, csvFile, plotDir, plotFormats}, partial, &rf)
				},
			}.run(ctx, q, opt, &st, &sf, &rf, &rec, o)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/rmts/schema.json; - reads standard input)")
	fl.StringVar(&policy, "policy", "all", "policies: rmts|rem|dasd|last-minute|max-flow|all, or a comma list")
	fl.StringVar(&sweep, "sweep", "", "arrival-rate sweep, e.g. xi=36:44 (start:end[:step]) or xi=36,40,44")
	fl.StringVar(&alphas, "alpha", "", "RMTS weights α, comma list (default: the instance's policy.alpha)")
	fl.IntVar(&runs, "runs", 0, "replications per point (default: the instance's runs, else 20); with --target-ci, the first batch")
	addWorkersFlag(fl, &workers)
	fl.Uint64Var(&seed, "seed", 0, "seed of the traces (default: the instance's seed)")
	fl.StringVar(&plotDir, "plot", "", "write Figs. 4–7 (error bars: the --confidence interval) to this directory")
	addPlotFormatFlag(fl, &plotFormats)
	fl.StringVar(&csvFile, "csv", "", "write every metric (mean, CI half-width) to this CSV file")
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: what --csv writes: policy, xi, alpha, runs, metric, mean, ci95 (ci90 at --confidence 0.9, …), n)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.BoolVar(&bound, "bound", false, "also solve the offline LP bound of every trace and report each policy's gap to it (small instances)")
	fl.StringVar(&backend, "backend", "auto", "LP backend for --bound")
	fl.StringVar(&export, "export", "", "with --bound: write the offline bound's LP of replication 0 at the first rate to this file"+exportFlagHelp)
	fl.IntVar(&proactive, "dasd-proactive", 0, "δ of DASD dancing's proactive mode, >= 2 (0 = off; default: the instance's policy.dasd_proactive_delta)")
	addStatFlags(fl, &st)
	addShardFlags(fl, &sf)
	addRunFlags(fl, &rf)
	return cmd
}

// rmtsMetricNames are the point metrics --target-ci may name.
func rmtsMetricNames() []string {
	var names []string
	for _, m := range rmts.PointMetrics() {
		names = append(names, m.Metric.String())
	}
	return names
}

// rmtsWatched are the summaries --target-ci watches: the compared
// differences when there are any, else every point.
func rmtsWatched(r *rmts.ExperimentResult) []sim.Summary {
	var sums []sim.Summary
	for _, d := range r.Diffs {
		sums = append(sums, d.Stats)
	}
	if len(sums) > 0 {
		return sums
	}
	for _, pt := range r.Points {
		sums = append(sums, pt.Stats)
	}
	return sums
}

// parseSweep reads xi=a:b[:step] or xi=v1,v2,… (parseValues); each rate
// must be > 0.
func parseSweep(s string) ([]float64, error) {
	name, spec, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) != "xi" {
		return nil, fmt.Errorf("must look like xi=36:44 or xi=36,40,44, got %q", s)
	}
	out, err := parseValues(spec)
	if err != nil {
		return nil, err
	}
	for _, v := range out {
		if !(v > 0) {
			return nil, fmt.Errorf("each rate must be a number > 0, got %g", v)
		}
	}
	return out, nil
}

// exportRMTS writes the offline bound LP of the first trace ex bounds:
// replication 0 at its first rate, with its seed.
func exportRMTS(path string, sc *rmts.Scenario, ex rmts.Experiment) error {
	pl, err := sc.Plan(ex)
	if err != nil {
		return fault.Errorf(fault.ErrInput, "%w", err)
	}
	m, about, err := sc.ExportBound(pl.Seed, pl.Rates[0], 0)
	if err != nil {
		return fault.Errorf(fault.ErrInput, "--export: %w", err)
	}
	return writeExport("--export", path, m, about)
}

// rmtsOutput are the output flags of rmts that solve merge shares.
type rmtsOutput struct {
	format, out, csv, plot string
	plotFormats            []string // of the --plot figures; nil: png
}

// writeRMTSOutput writes the result: the table or JSON on w, the CSV and
// the figures; partial, when not empty, says what a stopped run finished.
func writeRMTSOutput(ctx context.Context, w, stderr io.Writer, sc *rmts.Scenario, res *rmts.ExperimentResult, o rmtsOutput, partial string, rf *runFlags) error {
	// solve merge learns only from the records that --plot is a folder.
	if err := checkOutputs(nil, output{"--plot", o.plot, outDir}); err != nil {
		return err
	}
	answer := func(by string) any {
		j := render.RMTSJSON(sc, res)
		j.Partial, j.StoppedBy = by != "", by
		return j
	}
	forms := answerForms{json: answer, table: func(w io.Writer) error { return render.RMTSTable(w, sc, res) },
		csv: func(w io.Writer) error { return render.RMTSCSV(w, res) }}
	if err := writeAnswer(ctx, w, o.format, o.out, partial, rf, forms); err != nil {
		return err
	}
	if err := writeCSV(o.csv, func(w io.Writer) error { return render.RMTSCSV(w, res) }); err != nil {
		return err
	}
	if err := writeFigures(stderr, o.plot, func(dir string) ([]string, error) { return render.RMTSFigures(dir, res, o.plotFormats...) }); err != nil {
		return err
	}
	return rf.finish(ctx, partial)
}
