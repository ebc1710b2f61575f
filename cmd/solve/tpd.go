package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
)

func init() { register(newTPDCmd) }

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
			in, err := readModel(ctx, &rf, input, format, tpd.Parse)
			if err != nil {
				return err
			}
			s, err := tpd.Build(in)
			if err != nil {
				return inputError(fmt.Errorf("%s: %w", inputName(input), err))
			}
			if _, err := parseTPDPolicies(policy); err != nil {
				return inputError(fmt.Errorf("--policy: %w", err))
			}
			// The grid keeps the flag as given, checked above.
			g := tpdGrid{Policies: strings.Split(policy, ","), Count: count, LagIterations: lagIters, LagPerIPN: lagPerIPN, Backend: backend, Seed: s.Seed}
			if discipline != "" {
				d, err := tpd.ParseDiscipline(discipline)
				if err != nil {
					return inputError(fmt.Errorf("--discipline: %w", err))
				}
				g.Discipline = d.String()
			}
			if loads != "" {
				for _, f := range strings.Split(loads, ",") {
					v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
					if err != nil || !(v > 0) || math.IsInf(v, 0) {
						return inputError(fmt.Errorf("--load: each value must be a number > 0, got %q", f))
					}
					g.Loads = append(g.Loads, v)
				}
			}
			if mode != "" {
				g.Modes = strings.Split(mode, ",")
			}
			if bound != "" {
				bk, err := tpd.ParseBound(bound)
				if err != nil {
					return inputError(fmt.Errorf("--bound: %w", err))
				}
				g.Bound = bk.String()
			}
			if cmd.Flags().Changed("runs") {
				if err := checkCount("--runs", runs, tpd.MaxRuns, "replications"); err != nil {
					return err
				}
				g.Runs = runs
			}
			if cmd.Flags().Changed("count") {
				if err := checkCount("--count", count, tpd.MaxTasks, "sub-tasks per trace"); err != nil {
					return err
				}
			}
			if boundTime < 0 {
				return inputError(fmt.Errorf("--bound-time-limit: must be >= 0, got %v", boundTime))
			}
			g.BoundTimeLimit = boundTime
			if lagIters < 0 {
				return inputError(fmt.Errorf("--lag-iterations: must be >= 0, got %d", lagIters))
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if cmd.Flags().Changed("seed") {
				s.Seed, g.Seed = seed, seed
			}
			if err := sf.check(map[string]string{"--out": out, "--csv": csvFile, "--plot": plotDir, "--export": exportDir}); err != nil {
				return err
			}
			if err := checkOutputs([]string{input}, output{"--out", out, outFile}, output{"--csv", csvFile, outFile}, output{"--plot", plotDir, outDir},
				output{"--export", exportDir, outDir}, output{"--records", sf.records, outFile}); err != nil {
				return err
			}
			exps, err := planTPD(s, g, func(r *tpd.Request) {
				r.Workers, r.Shard = workers, sf.sp
				r.Progress = func(ex tpd.Experiment) sim.Progress {
					return rf.task(fmt.Sprintf("tpd %s ρ=%.3g", ex.ModeName, s.OfferedLoad(ex.Mode)), "replications")
				}
			})
			if err != nil {
				return err
			}
			for _, w := range s.Warnings(exps) {
				fmt.Fprintln(stderr, "solve: warning:", w)
			}
			var rec *shard.Writer
			if sf.records != "" {
				h, err := recordHeader("tpd", &rf, input, in, g.withPoints(s, exps), tpd.Runs(exps), tpd.RecordCells(exps[0].Policies), sf.sp)
				if err != nil {
					return err
				}
				if rec, err = sf.openRecords(ctx, input, h); err != nil {
					return err
				}
				defer func() {
					if rec != nil {
						sf.abortRecords(stderr, rec)
					}
				}()
				w, pols := rec, exps[0].Policies
				for i := range exps {
					if sf.resume {
						exps[i].Reps = remaining(w, i, exps[i].Runs, exps[i].Reps)
					}
					exps[i].Finished = func(smp tpd.Sample) error { return writeUnit(w, tpd.UnitRecords(i, s.Seed, pols, smp)) }
				}
			}
			if exportDir != "" {
				if err := exportTPD(stderr, exportDir, s, exps); err != nil {
					return err
				}
			}
			results, err := s.RunAll(ctx, exps, nil)
			partial := ""
			if stopped(ctx, err) {
				rf.printer.Clear()
				partial, err = tpd.Stopped(results), nil
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
			if rec != nil {
				w := rec
				rec = nil // closed, not aborted
				done, err := sf.closeRecords(ctx, stderr, w, tpd.Runs(exps), partial, &rf, func(m *shard.Merged) error {
					return writeMerged(ctx, m, sf.records, mergeOutputs{format, out, csvFile, plotDir, "", "", cmd.OutOrStdout(), stderr, nil})
				})
				if done || err != nil {
					return err
				}
			}
			return writeTPDOutput(ctx, cmd.OutOrStdout(), stderr, results, tpdOutput{format, out, csvFile, plotDir}, partial, &rf)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/tpd/schema.json; - reads standard input)")
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
	fl.IntVar(&lagIters, "lag-iterations", 0, fmt.Sprintf("subgradient iterations per phase of LB_LAG (0: %d); a phase followed by another runs at least %d (a refining phase of tight %d), so a larger value never lowers the bound", tpd.DefaultLagrangeIterations, tpd.DefaultLagrangeIterations, tpd.DefaultLagrangeIterations/2))
	fl.BoolVar(&lagPerIPN, "lag-per-ipn", false, "LB_LAG: refine with one resource per IPN (tighter, slower)")
	fl.StringVar(&plotDir, "plot", "", "write the figures (PNG, 95% CI) to this directory")
	fl.StringVar(&csvFile, "csv", "", "write every metric (mean, CI half-width) to this CSV file")
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: what --csv writes: mode, count, rate, load, runs, policy, discipline, metric, mean, ci95, n)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.StringVar(&backend, "backend", "", "LP backend for LB_LP (default: the instance's bounds.backend)")
	fl.StringVar(&exportDir, "export", "", "write the exact time-indexed MILP (traces of at most "+strconv.Itoa(tpd.ExportMaxExactTasks)+
		" sub-tasks) and every LB_LP window's LP of replication 0 of each mode and load to this folder, as MPS files whose first comment lines say what the objective means")
	addShardFlags(fl, &sf)
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

// tpdGrid is what shapes a tpd run besides its instance: the parsed flags
// (the record files' grid, from which solve merge plans the run again) and
// the points they plan.
type tpdGrid struct {
	Policies      []string  `json:"policies"`
	Discipline    string    `json:"discipline,omitempty"`
	Modes         []string  `json:"modes,omitempty"`
	Loads         []float64 `json:"loads,omitempty"`
	Count         int       `json:"count,omitempty"`
	Runs          int       `json:"runs,omitempty"`
	Bound         string    `json:"bound,omitempty"`
	LagIterations int       `json:"lag_iterations,omitempty"`
	LagPerIPN     bool      `json:"lag_per_ipn,omitempty"`
	// BoundTimeLimit is --bound-time-limit: a stopped bound depends on the
	// machine, so shards given one merge only as what each computed.
	BoundTimeLimit time.Duration  `json:"bound_time_limit_ns,omitempty"`
	Backend        string         `json:"backend,omitempty"`
	Seed           uint64         `json:"seed"`
	Points         []tpdGridPoint `json:"points,omitempty"`
}

// tpdGridPoint is one planned experiment, for a reader of the records.
type tpdGridPoint struct {
	Mode  string  `json:"mode"`
	Load  float64 `json:"load"`
	Count int     `json:"count"`
	Runs  int     `json:"runs"`
	Bound string  `json:"bound"`
}

// withPoints returns g with the points of exps.
func (g tpdGrid) withPoints(s *tpd.Scenario, exps []tpd.Experiment) tpdGrid {
	g.Points = nil
	for _, ex := range exps {
		g.Points = append(g.Points, tpdGridPoint{ex.ModeName, s.OfferedLoad(ex.Mode), ex.Mode.Count, ex.Runs, ex.Bound.String()})
	}
	return g
}

// planTPD plans the experiments of g on s (whose seed g.Seed is); run, when
// not nil, sets how the request runs (workers, progress), which is not part
// of the grid.
func planTPD(s *tpd.Scenario, g tpdGrid, run func(*tpd.Request)) ([]tpd.Experiment, error) {
	pols, err := parseTPDPolicies(strings.Join(g.Policies, ","))
	if err != nil {
		return nil, inputError(fmt.Errorf("--policy: %w", err))
	}
	req := tpd.Request{Loads: g.Loads, Policies: pols, Count: g.Count, Runs: g.Runs, Modes: g.Modes, Backend: g.Backend,
		Lagrange: tpd.LagrangeOptions{Iterations: g.LagIterations, PerIPN: g.LagPerIPN}, BoundTimeLimit: g.BoundTimeLimit}
	if g.Discipline != "" {
		d, err := tpd.ParseDiscipline(g.Discipline)
		if err != nil {
			return nil, inputError(fmt.Errorf("--discipline: %w", err))
		}
		req.Discipline = &d
	}
	if g.Bound != "" {
		bk, err := tpd.ParseBound(g.Bound)
		if err != nil {
			return nil, inputError(fmt.Errorf("--bound: %w", err))
		}
		req.Bound = &bk
	}
	if run != nil {
		run(&req)
	}
	exps, err := s.Plan(req)
	if err != nil {
		return nil, inputError(err)
	}
	return exps, nil
}

// mergeTPD rebuilds the results of the merged records of a tpd run.
func mergeTPD(m *shard.Merged, name string) ([]*tpd.ExperimentResult, error) {
	in, err := mergeInstance(m, name, tpd.Parse, nil)
	if err != nil {
		return nil, err
	}
	s, err := tpd.Build(in)
	if err != nil {
		return nil, inputError(fmt.Errorf("%s: instance: %w", name, err))
	}
	var g tpdGrid
	if err := decodeGrid(m, name, &g); err != nil {
		return nil, err
	}
	s.Seed = g.Seed
	exps, err := planTPD(s, g, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: grid: %w", name, err)
	}
	got, _ := json.Marshal(g.withPoints(s, exps).Points)
	if want, _ := json.Marshal(g.Points); !bytes.Equal(got, want) {
		return nil, inputError(fmt.Errorf("%s: grid.points: %s, but this build plans %s from the grid", name, want, got))
	}
	cells := tpd.RecordCells(exps[0].Policies)
	if !slices.Equal(cells, m.Header.Cells) {
		return nil, inputError(fmt.Errorf("%s: cells: %q, but the grid's policies give %q", name, m.Header.Cells, cells))
	}
	results := s.FromRecords(exps, func(p, r int, cell string) map[string]float64 { return m.Values(p, r, cell) })
	return results, nil
}

// tpdOutput are the output flags of tpd that solve merge shares.
type tpdOutput struct{ format, out, csv, plot string }

// writeTPDOutput writes the results: the table or JSON on w, the CSV and
// the figures; partial, when not empty, says what a stopped run finished.
func writeTPDOutput(ctx context.Context, w, stderr io.Writer, results []*tpd.ExperimentResult, o tpdOutput, partial string, rf *runFlags) error {
	// solve merge learns only from the records that --plot is a folder.
	if err := checkOutputs(nil, output{"--plot", o.plot, outDir}); err != nil {
		return err
	}
	forms := answerForms{json: func(by string) any { return render.TPDJSON(results, by) },
		table: func(w io.Writer) error { return render.TPDTable(w, results) },
		csv:   func(w io.Writer) error { return render.TPDCSV(w, render.TPDFinished(results)) }}
	if err := writeAnswer(ctx, w, o.format, o.out, partial, rf, forms); err != nil {
		return err
	}
	results = render.TPDFinished(results) // the files get what finished
	if err := writeCSV(o.csv, func(w io.Writer) error { return render.TPDCSV(w, results) }); err != nil {
		return err
	}
	if err := writeFigures(stderr, o.plot, func(dir string) ([]string, error) { return render.TPDFigures(dir, results) }); err != nil {
		return err
	}
	return rf.finish(ctx, partial)
}
