package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

func init() {
	register(newMPSCmd)
	study.Register(&studies, multistage.Study{}, func(ctx context.Context, q multistage.Request, r *multistage.Result, o mergeOutputs) error {
		return writeMPSOutput(ctx, q, r, o, "", &runFlags{})
	})
}

func newMPSCmd() *cobra.Command {
	var (
		input, method, backend, format, out, plotPath, gapPath, barsPath, csvPath string
		from, to, step                                                            float64
		workers                                                                   int
		rf                                                                        runFlags
		sf                                                                        shardFlags
	)
	cmd := &cobra.Command{
		Use:   "mps --input model.json",
		Short: "Compare static and multi-stage routing policies with the optimum for every N (MPS, paper 003)",
		Long: `mps plans every policy of the instance with Algorithm 1 (spec MODELS.md A.9),
evaluates its fluid profit for N = from, from+step, ..., to, solves RRS(N) for
the optimum, and prints the mean gap to the optimum over [N_L, N̄], [N_L, N_H]
and [N_H, N̄]. Infeasible points (pseudo-profit) are kept out of the means.
The gap table of spec A.10 is the one printed with --step 5.

--time-limit (or an interrupt) stops the planning or the sweep: the gaps
are then over the sweep points that finished, the table ends with a line
"partial: ...", JSON output has "partial": true with "points_done" and
"points", and the exit code is 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel, err := rf.start(cmd, backend)
			if err != nil {
				return err
			}
			defer cancel()
			in, err := readModel(ctx, &rf, input, format, multistage.Parse)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("from") {
				from = in.NormalLow
			}
			if !cmd.Flags().Changed("to") {
				to = in.Worst
			}
			if err := checkSweep(from, to, step); err != nil {
				return err
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if err := sf.check(map[string]string{"--out": out, "--csv": csvPath, "--plot": plotPath, "--plot-gap": gapPath, "--plot-bars": barsPath}); err != nil {
				return err
			}
			if err := checkOutputs([]string{input}, output{"--out", out, outFile}, output{"--csv", csvPath, outFile}, output{"--plot", plotPath, outFigure},
				output{"--plot-gap", gapPath, outFigure}, output{"--plot-bars", barsPath, outFigure}, output{"--records", sf.records, outFile}); err != nil {
				return err
			}
			if workers == 0 {
				workers = runtime.GOMAXPROCS(0)
			}
			q := multistage.Request{Instance: in, From: from, To: to, Step: step, Method: method, Backend: backend}
			sh, err := multistage.Study{}.Shape(q)
			if err != nil {
				return err
			}
			rec, err := studyRecords(ctx, &sf, &rf, input, multistage.Study{}, q)
			if err != nil {
				return err
			}
			defer func() {
				if rec != nil {
					sf.abortRecords(cmd.ErrOrStderr(), rec)
				}
			}()
			partial := ""
			p, err := multistage.NewSweep(ctx, q)
			if stopped(ctx, err) {
				partial = fmt.Sprintf("planning %d of %d policies (stopped in %s), before any of the %d sweep points", len(p.Policies), len(in.Policies), in.Policies[len(p.Policies)].Name, len(sh.Runs))
				err = nil
			}
			if err != nil {
				return fault.Errorf(fault.ErrSolver, "%w", err) // multistage.ErrResources and rrs.ErrMethod keep their kind, input
			}
			res := &multistage.Result{Policies: p.Policies}
			if partial == "" {
				out, err := study.Run(ctx, p, study.Options{Shard: sf.sp, Workers: workers, Progress: rf.task("mps sweep", "points"), Records: rec})
				if stopped(ctx, err) {
					rf.printer.Clear()
					pts := out.Result.Points
					partial = fmt.Sprintf("%d of %d sweep points", len(pts), out.Units)
					if len(pts) > 0 {
						partial += fmt.Sprintf(" (N = %g to %g)", pts[0].N, pts[len(pts)-1].N)
					}
					err = nil
				}
				if err != nil {
					return fault.Errorf(fault.ErrSolver, "%w", err) // an input error keeps its kind
				}
				res = out.Result
			}
			o := mergeOutputs{format: format, out: out, csv: csvPath, plot: plotPath, plotGap: gapPath, plotBars: barsPath, stdout: cmd.OutOrStdout(), stderr: cmd.ErrOrStderr()}
			if rec != nil {
				w := rec
				rec = nil // closed, not aborted
				done, err := sf.closeRecords(ctx, cmd.ErrOrStderr(), w, sh.Runs, partial, &rf, func(m *shard.Merged) error {
					return writeMerged(ctx, m, sf.records, o)
				})
				if done || err != nil {
					return err
				}
			}
			return writeMPSOutput(ctx, q, res, o, partial, &rf)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/multistage/schema.json; - reads standard input)")
	fl.Float64Var(&from, "from", 0, "first N of the sweep (default normal_low)")
	fl.Float64Var(&to, "to", 0, "last N of the sweep (default worst)")
	fl.Float64Var(&step, "step", 1, "step of the sweep")
	fl.StringVar(&method, "method", rrs.MethodAuto, "RRS method: "+strings.Join(rrs.Methods, "|"))
	fl.StringVar(&backend, "backend", solve.Auto, "MILP backend for kkt-milp")
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: what --csv writes: N, optimum, then <policy>_profit and <policy>_feasible per policy)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.StringVar(&plotPath, "plot", "", "write the profit-against-N figure (Fig. 2/3) to this PNG/SVG/PDF file")
	fl.StringVar(&gapPath, "plot-gap", "", "write the gap-against-N figure to this file")
	fl.StringVar(&barsPath, "plot-bars", "", "write the mean-gap bar chart (Fig. 4) to this file")
	fl.StringVar(&csvPath, "csv", "", "write N, the optimum and every policy's profit and feasibility to this CSV file")
	fl.IntVar(&workers, "workers", 0, "sweep points computed at once (0 = one per core); the results do not depend on it")
	addShardFlags(fl, &sf)
	addRunFlags(fl, &rf)
	return cmd
}

// checkSweep refuses, before any planning, a sweep multistage.Sweep would refuse,
// naming the flag at fault (from and to default to the instance's
// normal_low and worst).
func checkSweep(from, to, step float64) error {
	switch {
	case !(from > 0) || math.IsInf(from, 0):
		return fault.Errorf(fault.ErrInput, "--from: must be > 0 and finite, got %g", from)
	case !(to >= from) || math.IsInf(to, 0):
		return fault.Errorf(fault.ErrInput, "--to: must be finite and >= --from (%g), got %g", from, to)
	case !(step > 0) || math.IsInf(step, 0):
		return fault.Errorf(fault.ErrInput, "--step: must be > 0 and finite, got %g", step)
	case multistage.SweepPoints(from, to, step) == 0:
		return fault.Errorf(fault.ErrInput, "--step: %g makes more than a million points from %g to %g", step, from, to)
	}
	return nil
}

// writeMPSOutput writes the sweep: the table or JSON on w, the CSV and the
// figures; partial, when not empty, says what a stopped run finished.
func writeMPSOutput(ctx context.Context, grid multistage.Request, res *multistage.Result, o mergeOutputs, partial string, rf *runFlags) error {
	in, pols, pts, w := grid.Instance, res.Policies, res.Points, o.stdout
	// solve merge learns only from the records that --plot is a figure.
	if err := checkOutputs(nil, output{"--plot", o.plot, outFigure}); err != nil {
		return err
	}
	names := multistage.Names(pols)
	intervals := in.Intervals()
	gaps := render.MPSGaps(pols, pts, intervals)
	answer := func(by string) any {
		out := render.MPSAnswer{Status: "optimal", From: grid.From, To: grid.To, Step: grid.Step,
			Points: multistage.SweepPoints(grid.From, grid.To, grid.Step), PointsDone: len(pts), Planned: len(pols), Gaps: gaps}
		if partial != "" {
			out.Status, out.Partial, out.StoppedBy = "partial", true, by
		}
		return out
	}
	forms := answerForms{json: answer, table: func(w io.Writer) error { return render.MPSTable(w, in, pols, gaps, intervals) },
		csv: func(w io.Writer) error { return render.MPSCSV(w, pts, names) }}
	if err := writeAnswer(ctx, w, o.format, o.out, partial, rf, forms); err != nil {
		return err
	}
	if err := writeCSV(o.csv, func(w io.Writer) error { return render.MPSCSV(w, pts, names) }); err != nil {
		return err
	}
	for _, pl := range []struct {
		flag, path string
		f          func(string) error
	}{
		{"--plot", o.plot, func(p string) error { return render.MPSProfit(p, pts, names) }},
		{"--plot-gap", o.plotGap, func(p string) error { return render.MPSGap(p, pts, names) }},
		{"--plot-bars", o.plotBars, func(p string) error { return render.MPSGapBars(p, pts, names, intervals) }},
	} {
		if pl.path == "" || len(pts) == 0 {
			continue
		}
		if err := createParent(pl.path); err != nil {
			return fault.Errorf(fault.ErrInput, "%s: writing %s: %w", pl.flag, pl.path, err)
		}
		if err := pl.f(pl.path); err != nil {
			return fault.Errorf(fault.ErrInput, "%s: writing %s: %w", pl.flag, pl.path, err)
		}
	}
	return rf.finish(ctx, partial)
}
