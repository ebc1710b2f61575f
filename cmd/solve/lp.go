package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/solve"
)

func init() { register(newLPCmd) }

type lpFlags struct {
	backend        string
	timeLimit      time.Duration
	iterationLimit int
	mipGap         float64
	format         string
	out            string
	log            bool
	caps           inputCaps
	solution       string // --solution FILE
	start          string // --start FILE
	readBasis      string // --read-basis FILE
	writeBasis     string // --write-basis FILE
}

func newLPCmd() *cobra.Command {
	var f lpFlags
	cmd := &cobra.Command{
		Use:   "lp FILE.mps|FILE.lp[.gz]",
		Short: "Solve an LP or MILP read from an MPS or CPLEX LP file and verify the answer",
		Long: `Solve an LP or MILP read from a (fixed or free) MPS file, or from a CPLEX LP
file when the name ends in .lp (any case; .gz files are gunzipped), on a solver backend,
verify the answer independently (primal and dual residuals, integrality,
duality gap, certificates) and print it.

A model file over --max-input-bytes or --max-input-lines, and a damaged or
truncated .gz file, is refused; so is a --start or --read-basis file over
--max-input-bytes.

Exit codes: 0 a definitive answer (optimal, infeasible, unbounded);
1 a time, iteration or node limit or an interrupt (Ctrl-C, SIGTERM) stopped
the solve: the incumbent, if any, is printed, else "no feasible point found";
a backend still running 2s after the limit or the interrupt is abandoned
with no answer; an interrupt while the file is read prints nothing; 2 a usage or input error (bad file, unknown backend, bad flag);
3 a solver error or an answer that failed verification.

Solution and basis files (package lp/solfile): --solution writes the
answer in HiGHS's raw solution layout (values, row activities, duals and
reduced costs by name), or in the MIPLIB format ("=obj=" line, then "name
value") when FILE ends in .sol. --start reads such a file (a HiGHS one may
list some columns only: a partial start; MIPLIB and cbc files omit zeros),
or a cbc solution file (cbc m.mps solve solu FILE): for a MILP it is a
MIP start (a complete feasible start is the first incumbent; otherwise its
integer columns are fixed and the rest solved as a sub-MIP of at most 500
nodes; a start that yields nothing is a warning), for an LP the point the
starting basis is built from. --read-basis and --write-basis read and
write an LP basis in the MPS basis format CLP reads and writes (clp
-basisI, -basisO). With --backend auto these flags pick simplex when the
usual choice cannot use them; another backend that cannot (all but
simplex) solves without them and says so in a warning on stderr.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLP(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.backend, "backend", solve.Auto, "solver backend: auto or one of `solve backends`")
	fl.DurationVar(&f.timeLimit, "time-limit", 0, "stop after this long, e.g. 30s (0 = no limit)")
	fl.IntVar(&f.iterationLimit, "iteration-limit", 0, "stop after this many simplex iterations (0 = no limit)")
	fl.Float64Var(&f.mipGap, "mip-gap", 0, "relative MIP gap at which to stop (0 = backend default)")
	fl.StringVar(&f.format, "format", "table", "output format: table or json")
	fl.StringVar(&f.out, "out", "", "also write the JSON answer to this file")
	fl.BoolVar(&f.log, "log", false, "write the solver's log to stderr")
	fl.StringVar(&f.solution, "solution", "", "write the solution to this file: HiGHS's layout, or MIPLIB's if it ends in .sol")
	fl.StringVar(&f.start, "start", "", "start from the solution in this file (HiGHS, MIPLIB .sol or cbc): a MIP start, or an LP's starting point")
	fl.StringVar(&f.readBasis, "read-basis", "", "start an LP from the basis in this MPS basis file")
	fl.StringVar(&f.writeBasis, "write-basis", "", "write the final basis of an LP to this file (MPS basis format)")
	addInputCapFlags(fl, &f.caps)
	return cmd
}

func (f *lpFlags) check() error {
	switch {
	case f.format != "table" && f.format != "json":
		return inputError(fmt.Errorf("--format: must be table or json, got %q", f.format))
	case f.timeLimit < 0:
		return inputError(fmt.Errorf("--time-limit: must be >= 0, got %v", f.timeLimit))
	case f.iterationLimit < 0:
		return inputError(fmt.Errorf("--iteration-limit: must be >= 0, got %d", f.iterationLimit))
	case f.mipGap < 0 || math.IsNaN(f.mipGap) || math.IsInf(f.mipGap, 0):
		return inputError(fmt.Errorf("--mip-gap: must be finite and >= 0, got %v", f.mipGap))
	}
	if err := f.caps.check(); err != nil {
		return err
	}
	return checkBackend("--backend", f.backend)
}

func runLP(ctx context.Context, stdout, stderr io.Writer, path string, f lpFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	if err := checkOutputs([]string{path, f.start, f.readBasis}, output{"--out", f.out, outFile},
		output{"--solution", f.solution, outFile}, output{"--write-basis", f.writeBasis, outFile}); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	// The time limit is the solve's; an interrupt also stops the reading.
	m, err := readModelFile(ctx, path, f.caps)
	if err != nil {
		return err
	}
	if f.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeLimit)
		defer cancel()
	}
	opts := solve.Options{IterationLimit: f.iterationLimit, MIPGap: f.mipGap, WantBasis: f.writeBasis != ""}
	if f.log {
		opts.Log = stderr
	}
	if err := readStarts(m, f, &opts); err != nil {
		return err
	}
	if err := checkSolutionNames(m, f); err != nil {
		return err
	}
	sol, rep, err := solve.Solve(ctx, m, startBackend(m, f.backend, opts), opts)
	if err != nil {
		// The command prefixes its own name; keep one "solve: ".
		msg := errors.New(strings.TrimPrefix(err.Error(), "solve: "))
		switch {
		case solve.IsInputError(err):
			return inputError(msg)
		case fault.Of(err) == fault.Limit:
			// The backend did not stop within solve.StopGrace of the
			// time limit or the interrupt: there is no answer to print.
			return &exitError{exitLimit, msg}
		}
		return internalError(msg)
	}
	for _, w := range sol.Warnings {
		fmt.Fprintln(stderr, "solve: warning:", w)
	}
	if err := writeSolutionFiles(stderr, m, sol, f); err != nil {
		return err
	}
	ans := render.NewLPAnswer(m, sol, rep)
	if f.out != "" {
		if err := createFile(f.out, func(w io.Writer) error { return render.JSON(w, ans) }); err != nil {
			return inputError(fmt.Errorf("--out: %w", err))
		}
	}
	if f.format == "json" {
		if err := render.JSON(stdout, ans); err != nil {
			return internalError(err)
		}
	} else if err := render.LPTable(stdout, m, sol, rep); err != nil {
		return internalError(err)
	}
	switch {
	case sol.Status.IsLimit() && !sol.HasPrimal():
		return &exitError{exitLimit, noPoint(ctx, m, sol)}
	case sol.Status.IsLimit():
		return limitReached
	case !rep.OK:
		return internalError(fmt.Errorf("the answer failed verification: %s", strings.Join(rep.Problems, "; ")))
	case sol.Status == lp.Optimal || sol.Status == lp.Infeasible || sol.Status == lp.Unbounded || sol.Status == lp.InfeasibleOrUnbounded:
		return nil
	}
	return internalError(fmt.Errorf("backend %s ended with status %s", sol.Backend, sol.Status))
}

// noPoint is the error of a solve a limit or an interrupt stopped without a
// point to print.
func noPoint(ctx context.Context, m *lp.Model, sol *lp.Solution) error {
	by := "the " + strings.ReplaceAll(sol.Status.String(), "_", " ")
	if sol.Status == lp.TimeLimit && errors.Is(ctx.Err(), context.Canceled) {
		by = "an interrupt"
	}
	if m.IsMIP() {
		return fmt.Errorf("stopped by %s: no feasible point found", by)
	}
	return fmt.Errorf("stopped by %s before the optimum: no point to report", by)
}
