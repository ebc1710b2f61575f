package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/solve"
)

func init() { register(newRRSCmd) }

func newRRSCmd() *cobra.Command {
	var (
		input, method, backend, format, out, export string
		users                                       float64
		rf                                          runFlags
		bf                                          rrsBatchFlags
	)
	cmd := &cobra.Command{
		Use:   "rrs --input model.json | DIR/ | 'GLOB'",
		Short: "Route live-stream viewers to data centres for maximum profit (RRS(N,M), paper 003)",
		Long: `rrs solves RRS(N, M): the share f_ij of region j's viewers sent to data centre i
that maximises profit under CPU and bandwidth limits (spec MODELS.md, section A).

Methods: qp (interior-point convex QP), wolfe (Wolfe's method, paper-faithful),
global (spatial branch and bound on the one non-concave scalar per data
centre, LP relaxations on --backend; proves the global optimum of a
non-concave objective to a relative gap of 1e-6), kkt-milp (global KKT-MILP on a MILP
backend, the independent cross-check), auto (qp when the objective is
concave, global otherwise).
An instance whose data centres together cannot serve its N users is reported as infeasible
(Proposition 1) with exit code 0.
Data outside the ranges the methods resolve numerically (solve schema rrs: delays up to
1e5 ms, revenues and costs up to 1e4 per user, N times the largest per-user term up to 1e7)
and instances over a method's memory cap (kkt-milp: s·r² Hessian entries over 4e6; wolfe:
a dense tableau over 5e7 entries) are refused before any work, exit code 2.

--time-limit (or an interrupt) stops the solve: global and kkt-milp then
report the best policy they had found and the proven upper bound (global:
and the gap, JSON stats.gap), marked "partial: ..." (JSON: "partial": true,
"best_bound"); status "optimal" means the gap was closed; qp and wolfe
have no valid answer before they converge. The exit code is 1.

Batches: --input DIR/ (every *.json file of the folder) or a quoted glob
('plans/*.json') solves every instance, one row per instance: status,
method, users, total capacity, profit, best_bound and gap (global only),
iterations. --sweep FIELD=VALUES solves each instance at every value of a
numeric field, named by its JSON path (users, regions[2].revenue_slope,
datacenters[*].bandwidth_users for every data centre, latency_ms[0][1]),
VALUES a list (users=100,200,400) or a range start:end[:step]; one row per
(instance, value). --csv FILE writes the rows as CSV. A batch is a study:
--shard i/n runs a share of the rows, --records FILE streams each finished
row to a record file (--resume continues a killed run), and solve merge
puts the shards' records together into the unsharded output, byte for
byte. The rows hold no timings, so the same batch gives the same bytes.
Each instance file, the field and every value are checked before any
solve (exit 2, naming the file, the field and the value); --time-limit
stops the batch between rows (the rows finished, "partial", exit 1).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel, err := rf.start(cmd, backend)
			if err != nil {
				return err
			}
			defer cancel()
			if bf.batch(input) {
				var u *float64
				if cmd.Flags().Changed("users") {
					u = &users
				}
				return runRRSBatch(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), input, u, method, backend, format, out, export, &bf, &rf)
			}
			in, err := readModel(ctx, &rf, input, format, rrs.Parse)
			if err != nil {
				return err
			}
			if err := checkOutputs([]string{input}, output{"--out", out, outFile}, output{"--export", export, outModel}); err != nil {
				return err
			}
			if cmd.Flags().Changed("users") {
				in.Users = users
				if err := in.Validate(); err != nil {
					return fault.Errorf(fault.ErrInput, "--users: %w", err)
				}
			}
			if export != "" {
				// Refuse a method with no linear form before solving.
				if err := checkRRSExport(in, method); err != nil {
					return err
				}
			}
			res, err := rrs.Solve(ctx, in, rrs.Options{Method: method, Backend: backend})
			partial := ""
			if stopped(ctx, err) && res != nil {
				partial = rrsPartial(res)
				err = nil
			}
			if err != nil {
				return fault.Errorf(fault.ErrSolver, "%w", err) // an input error keeps its kind
			}
			answer := func(by string) any {
				return struct {
					*rrs.Result
					StoppedBy string `json:"stopped_by,omitempty"` // "time_limit" or "interrupt"
				}{res, by}
			}
			forms := answerForms{json: answer, table: func(w io.Writer) error { return render.RRSTable(w, in, res) },
				csv: func(w io.Writer) error { return render.RRSCSV(w, in, res) }}
			if err := writeAnswer(ctx, cmd.OutOrStdout(), format, out, partial, &rf, forms); err != nil {
				return err
			}
			if export != "" {
				if err := exportRRS(cmd.ErrOrStderr(), export, in, res); err != nil {
					return err
				}
			}
			return rf.finish(ctx, partial)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/rrs/schema.json; - reads standard input), or a batch: a folder DIR/ of *.json files or a quoted glob")
	fl.StringVar(&method, "method", rrs.MethodAuto, "solution method: "+strings.Join(rrs.Methods, "|"))
	fl.StringVar(&backend, "backend", solve.Auto, "MILP backend for kkt-milp, LP backend for global: "+strings.Join(append([]string{solve.Auto}, solve.Backends()...), "|"))
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: one row per data centre and region: "+
		"datacenter, region, f (the share f_ij of the region's viewers sent there), users (N·φ_j·f_ij); a batch: its rows, what --csv writes)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.StringVar(&export, "export", "", "write the KKT-MILP the kkt-milp method solved to this file (qp, wolfe and global have no single linear form and are refused)"+exportFlagHelp)
	fl.StringVar(&export, "export-mps", "", "the same as --export")
	_ = fl.MarkDeprecated("export-mps", "use --export (the format follows the file name)")
	fl.Float64Var(&users, "users", 0, "override the instance's number of users N (of every instance of a batch)")
	fl.StringVar(&bf.sweep, "sweep", "", "solve each instance at every value of a numeric field: FIELD=v1,v2,… or FIELD=start:end[:step], FIELD a JSON path (users, regions[j].revenue_slope, datacenters[*].bandwidth_users, …)")
	fl.StringVar(&bf.csv, "csv", "", "write the batch's rows (instance, swept value, status, method, users, total_capacity, profit, best_bound, gap, iterations) to this CSV file")
	fl.IntVar(&bf.workers, "workers", 0, "rows of a batch solved at once (0 = one per core); the results do not depend on it")
	addShardFlags(fl, &bf.sf)
	addRunFlags(fl, &rf)
	return cmd
}

// rrsPartial says what a stopped solve had reached, for the partial marker.
func rrsPartial(r *rrs.Result) string {
	what := r.Method
	if r.Stats != nil && r.Stats.Nodes != nil {
		what = fmt.Sprintf("%d branch-and-bound nodes of %s", *r.Stats.Nodes, r.Method)
	}
	switch {
	case r.Policy != nil && r.BestBound != nil:
		if r.Stats != nil && r.Stats.Gap != nil {
			return fmt.Sprintf("%s: best profit found %.6f, upper bound %.6f, gap %.2g", what, r.Profit, *r.BestBound, *r.Stats.Gap)
		}
		return fmt.Sprintf("%s: best profit found %.6f, upper bound %.6f", what, r.Profit, *r.BestBound)
	case r.BestBound != nil:
		return fmt.Sprintf("%s: no feasible policy yet, upper bound %.6f", what, *r.BestBound)
	}
	return what + ": no feasible policy yet"
}

// checkRRSExport refuses, before any solve, an --export the method cannot
// serve (qp and wolfe, also when auto picks qp), and says why. An
// infeasible instance has nothing to export, which Solve reports itself.
func checkRRSExport(in *rrs.Instance, method string) error {
	err := rrs.CheckExport(in, method)
	var inf *rrs.InfeasibleError
	if err != nil && !errors.As(err, &inf) {
		return fault.Errorf(fault.ErrInput, "--export: %w", err)
	}
	return nil
}

// exportRRS writes the KKT-MILP of the method res was solved with, with the
// big-M it ended with, to path; an infeasible instance has none.
func exportRRS(stderr io.Writer, path string, in *rrs.Instance, res *rrs.Result) error {
	if res.Method == "" || res.Status == rrs.StatusInfeasible {
		fmt.Fprintf(stderr, "solve: nothing exported: %s\n", res.Message)
		return nil
	}
	bigM := 0.0
	if res.Stats != nil && res.Stats.KKTMILPStats != nil {
		bigM = res.Stats.BigM
	}
	m, about, err := rrs.ExportModel(in, res.Method, bigM)
	if err != nil {
		return fault.Errorf(fault.ErrInput, "--export: %w", err)
	}
	return writeExport("--export", path, m, about)
}
