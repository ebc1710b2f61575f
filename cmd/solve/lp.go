package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/iis"
	"github.com/streamopt/streamopt/lp/lpformat"
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
	ranging        bool
	iis            string
	caps           inputCaps
	presolve       string
	threads        int
	logFile        string
	logFormat      string
	quiet          bool
	formatSet      bool   // --format was given
	solution       string // --solution FILE
	start          string // --start FILE
	readBasis      string // --read-basis FILE
	writeBasis     string // --write-basis FILE
}

func newLPCmd() *cobra.Command {
	var f lpFlags
	cmd := &cobra.Command{
		Use:   "lp FILE.mps|FILE.lp[.gz]|-",
		Short: "Solve an LP or MILP read from an MPS or CPLEX LP file and verify the answer",
		Long: `Solve an LP or MILP read from a (fixed or free) MPS file, or from a CPLEX LP
file when the name ends in .lp (any case), on a solver backend,
verify the answer independently (primal and dual residuals, integrality,
duality gap, certificates) and print it.

FILE "-" reads the model from standard input, in the format its first line
names (a '*' comment, NAME or ROWS: MPS; a '\' comment, Minimize or Maximize:
CPLEX LP) unless --input-format names it; --input-format also overrides the
name of a file. Gzip data is gunzipped whatever its name (by its magic bytes).

The solver's log goes to stderr with --log and to a file with --log-file
(both may be given); --log-format json writes it as one JSON object a line:
{"time": seconds since the solve started, "event": ...}, with a "start" line
(model, rows, columns, integer_columns, nonzeros, backend), a "progress" line
for each progress line of the branch and bound (nodes, open, incumbent,
bound, gap, iterations, found: what found a new incumbent, or "done:
STATUS"), a "log" line (text) for any other line of the backend, and an
"end" line (status, backend, objective, iterations, solve_seconds; for a
MILP nodes, bound and gap); a number that is not finite is null. --quiet
prints nothing on stdout and no log on stderr: the exit code says the
outcome, and --out and --log-file are written as usual.

A model file over --max-input-bytes or --max-input-lines, and a damaged or
truncated .gz file, is refused; so is a --start or --read-basis file over
--max-input-bytes.

--ranging adds the sensitivity analysis of the optimal basis of an LP, with
the definitions of glpsol's --ranges report: for every column the interval
of its objective coefficient over which the basis stays optimal, with the
objective value at each end and the variables that enter and leave the
basis past it; for every row with an active constraint the interval its
bound (and activity) can move over with the duals fixed, with the objective
at each end and the basic variable that leaves there (for a basic row, its
activity in the adjacent basis past each end of its cost interval). The
JSON answer has it for columns and rows alike. Only backends that list
"ranging" in 'solve backends' can (auto picks one); the LP is then solved
without presolve, since ranging is of the basis of the model as given.

--iis FILE, for an infeasible LP, writes an irreducible infeasible subsystem
to FILE in CPLEX LP format (gzipped when the name ends in .gz): rows, with
both their bounds, and column bounds that admit no point together while
dropping any one of them leaves a feasible system; the answer names them.
It is found by a deletion filter, started from the support of the Farkas
certificate, with the pure-Go simplex whatever the backend. A model that is
not infeasible (a MILP whose LP relaxation is feasible included) gets no
file, and a line on stderr says why.

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
			f.caps.stdin = cmd.InOrStdin()
			f.formatSet = cmd.Flags().Changed("format")
			return runLP(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.backend, "backend", solve.Auto, "solver backend: auto or one of `solve backends`")
	fl.DurationVar(&f.timeLimit, "time-limit", 0, "stop after this long, e.g. 30s (0 = no limit)")
	fl.IntVar(&f.iterationLimit, "iteration-limit", 0, "stop after this many simplex iterations (0 = no limit)")
	fl.Float64Var(&f.mipGap, "mip-gap", 0, "relative MIP gap at which to stop (0 = backend default)")
	fl.StringVar(&f.format, "format", "table", "output format: table, json or csv (csv: kind, name, value, dual: a status row, "+
		"then with a point the objective, each column (value, reduced cost) and each row (activity, dual))")
	fl.StringVar(&f.out, "out", "", "also write the JSON answer to this file")
	fl.BoolVar(&f.log, "log", false, "write the solver's log to stderr")
	fl.BoolVar(&f.ranging, "ranging", false, "add cost and activity ranging of the optimal LP basis (see above)")
	fl.StringVar(&f.iis, "iis", "", "for an infeasible LP, write an irreducible infeasible subsystem to this CPLEX LP file (see above)")
	fl.StringVar(&f.logFile, "log-file", "", "write the solver's log to this file (as it runs; with --log, to stderr as well)")
	fl.StringVar(&f.logFormat, "log-format", "text", "log format: text (the backend's lines) or json (one object a line: time, event "+
		"start/progress/log/end; progress lines of a MILP carry nodes, open, incumbent, bound, gap, iterations)")
	fl.BoolVar(&f.quiet, "quiet", false, "print no answer on stdout and no log on stderr (errors still go to stderr; "+
		"the exit code says the outcome; --out and --log-file are still written)")
	fl.StringVar(&f.presolve, "presolve", "auto", "presolve: auto (the backend's default), on or off; only the simplex backend "+
		"has a presolve to switch (clp, lpsolve and gonum solve the model as given: they take off and refuse on; auto picks simplex for on)")
	fl.IntVar(&f.threads, "threads", 0, "threads of the simplex backend's branch and bound (0 = all cores); a thread count gives "+
		"the same answer on every run; the other backends, and LPs, run on one thread")
	fl.StringVar(&f.solution, "solution", "", "write the solution to this file: HiGHS's layout, or MIPLIB's if it ends in .sol")
	fl.StringVar(&f.start, "start", "", "start from the solution in this file (HiGHS, MIPLIB .sol or cbc): a MIP start, or an LP's starting point")
	fl.StringVar(&f.readBasis, "read-basis", "", "start an LP from the basis in this MPS basis file")
	fl.StringVar(&f.writeBasis, "write-basis", "", "write the final basis of an LP to this file (MPS basis format)")
	addInputCapFlags(fl, &f.caps)
	return cmd
}

func (f *lpFlags) check() error {
	switch {
	case f.format != "table" && f.format != "json" && f.format != "csv":
		return fault.Errorf(fault.ErrInput, "--format: must be table, json or csv, got %q", f.format)
	case f.timeLimit < 0:
		return fault.Errorf(fault.ErrInput, "--time-limit: must be >= 0, got %v", f.timeLimit)
	case f.iterationLimit < 0:
		return fault.Errorf(fault.ErrInput, "--iteration-limit: must be >= 0, got %d", f.iterationLimit)
	case f.mipGap < 0 || math.IsNaN(f.mipGap) || math.IsInf(f.mipGap, 0):
		return fault.Errorf(fault.ErrInput, "--mip-gap: must be finite and >= 0, got %v", f.mipGap)
	case f.presolve != "auto" && f.presolve != "on" && f.presolve != "off":
		return fault.Errorf(fault.ErrInput, "--presolve: must be auto, on or off, got %q", f.presolve)
	case f.threads < 0 || f.threads > maxThreads:
		return fault.Errorf(fault.ErrInput, "--threads: must be in [0, %d] (0 = all cores), got %d", maxThreads, f.threads)
	case f.logFormat != "text" && f.logFormat != "json":
		return fault.Errorf(fault.ErrInput, "--log-format: must be text or json, got %q", f.logFormat)
	case f.logFormat == "json" && !f.log && f.logFile == "":
		return fault.Errorf(fault.ErrInput, "--log-format: json formats the solver's log, and none is asked for: add --log (stderr) or --log-file FILE")
	case f.quiet && f.log:
		return fault.Errorf(fault.ErrInput, "--quiet: contradicts --log (the log on stderr); write the log with --log-file FILE")
	case f.quiet && f.formatSet:
		return fault.Errorf(fault.ErrInput, "--quiet: prints no answer, so --format %s has nothing to format; write the JSON answer with --out FILE", f.format)
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
	if err := checkOutputs([]string{path, f.start, f.readBasis}, output{"--out", f.out, outFile}, output{"--iis", f.iis, outFile},
		output{"--log-file", f.logFile, outFile}, output{"--solution", f.solution, outFile}, output{"--write-basis", f.writeBasis, outFile}); err != nil {
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
	if f.ranging && m.IsMIP() {
		return fault.Errorf(fault.ErrInput, "--ranging: ranging is of an LP basis, and %s has integer columns", path)
	}
	opts := solve.Options{IterationLimit: f.iterationLimit, MIPGap: f.mipGap, Threads: f.threads, Ranging: f.ranging, WantBasis: f.writeBasis != "",
		Presolve: map[string]solve.Presolve{"auto": solve.PresolveDefault, "on": solve.PresolveOn, "off": solve.PresolveOff}[f.presolve]}
	lg, err := f.openLog(stderr)
	if err != nil {
		return err
	}
	defer lg.close()
	opts.Log = lg.w
	if err := readStarts(m, f, &opts); err != nil {
		return err
	}
	if err := checkSolutionNames(m, f); err != nil {
		return err
	}
	backend := startBackend(m, f.backend, opts)
	if lg.json != nil {
		logStart(lg.json, m, backend)
	}
	sol, rep, err := solve.Solve(ctx, m, backend, opts)
	if lg.json != nil {
		logEnd(lg.json, m, sol, err)
	}
	if cerr := lg.close(); cerr != nil && err == nil {
		return fault.Errorf(fault.ErrInput, "--log-file: %w", cerr)
	}
	if err != nil {
		// A limit here means the backend did not stop within
		// solve.StopGrace of the time limit or the interrupt: there is no
		// answer to print. An error of no kind is the solver's.
		return fault.Errorf(fault.ErrSolver, "%w", unprefixed{err})
	}
	for _, w := range sol.Warnings {
		fmt.Fprintln(stderr, "solve: warning:", w)
	}
	if err := writeSolutionFiles(stderr, m, sol, f); err != nil {
		return err
	}
	sub, iisErr := writeIIS(ctx, stderr, m, sol, f.iis)
	ans := render.NewLPAnswer(m, sol, rep)
	if sub != nil {
		ans.IIS = render.NewIISAnswer(m, sub, f.iis)
	}
	if f.out != "" {
		if err := createFile(f.out, func(w io.Writer) error { return render.JSON(w, ans) }); err != nil {
			return fault.Errorf(fault.ErrInput, "--out: %w", err)
		}
	}
	if f.quiet {
		// the answer is in the exit code, --out and the log
	} else if f.format == "json" {
		if err := render.JSON(stdout, ans); err != nil {
			return fault.Errorf(fault.ErrSolver, "%w", err)
		}
	} else if f.format == "csv" {
		if err := render.LPCSV(stdout, m, sol); err != nil {
			return fault.Errorf(fault.ErrSolver, "%w", err)
		}
	} else if err := render.LPTable(stdout, m, sol, rep); err != nil {
		return fault.Errorf(fault.ErrSolver, "%w", err)
	} else if sub != nil {
		if err := render.IISTable(stdout, m, sub, f.iis); err != nil {
			return fault.Errorf(fault.ErrSolver, "%w", err)
		}
	}
	if iisErr != nil {
		return iisErr
	}
	if f.ranging && sol.Status == lp.Optimal && sol.Ranging == nil {
		// the time limit or an interrupt stopped the ranging
		return fault.Errorf(fault.ErrLimit, "--ranging: stopped before the ranging was complete; the answer above has none")
	}
	switch {
	case sol.Status.IsLimit() && !sol.HasPrimal():
		return fault.Errorf(fault.ErrLimit, "%w", noPoint(ctx, m, sol))
	case sol.Status.IsLimit():
		return errLimitStatus
	case !rep.OK:
		return fault.Errorf(fault.ErrSolver, "the answer failed verification: %s", strings.Join(rep.Problems, "; "))
	case sol.Status == lp.Optimal || sol.Status == lp.Infeasible || sol.Status == lp.Unbounded || sol.Status == lp.InfeasibleOrUnbounded:
		return nil
	}
	return fault.Errorf(fault.ErrSolver, "backend %s ended with status %s", sol.Backend, sol.Status)
}

// writeIIS finds an irreducible infeasible subsystem of m, which sol says
// is infeasible, and writes it to path (nothing when path is empty). A
// model that is not infeasible gets a line on stderr and no file. The
// error is what the command returns once the answer is printed: a limit
// when ctx ended first, an internal error when the search failed.
func writeIIS(ctx context.Context, stderr io.Writer, m *lp.Model, sol *lp.Solution, path string) (*iis.IIS, error) {
	if path == "" {
		return nil, nil
	}
	if sol.Status != lp.Infeasible && sol.Status != lp.InfeasibleOrUnbounded {
		fmt.Fprintf(stderr, "solve: --iis: the model is not infeasible (status %s): no IIS written\n", sol.Status)
		return nil, nil
	}
	sub, err := iis.Find(ctx, m, iis.Options{Farkas: sol.FarkasRow})
	switch {
	case errors.Is(err, iis.ErrFeasible) && m.IsMIP():
		fmt.Fprintf(stderr, "solve: --iis: the LP relaxation is feasible: the infeasibility comes from integrality, which no subsystem of rows and bounds explains; no IIS written\n")
		return nil, nil
	case errors.Is(err, iis.ErrFeasible) && sol.Status == lp.InfeasibleOrUnbounded:
		fmt.Fprintf(stderr, "solve: --iis: the model is feasible (so unbounded): no IIS written\n")
		return nil, nil
	case err != nil && ctx.Err() != nil:
		return nil, fault.Errorf(fault.ErrLimit, "--iis: stopped before the IIS was found: %s not written", path)
	case err != nil:
		return nil, fault.Errorf(fault.ErrSolver, "--iis: %w", err)
	}
	comment := []string{fmt.Sprintf("irreducible infeasible subsystem of %s: %d rows, %d column bounds (solve lp --iis)", modelLabel(m), len(sub.Rows), len(sub.Bounds))}
	if err := createParent(path); err != nil {
		return nil, fault.Errorf(fault.ErrInput, "--iis: %w", err)
	}
	if err := lpformat.WriteFile(path, sub.Model(m), lpformat.WriteOptions{Comment: comment}); err != nil {
		return nil, fault.Errorf(fault.ErrInput, "--iis: %w", err)
	}
	return sub, nil
}

// unprefixed is an error of package solve without the "solve: " its
// message starts with, which the command prints itself; it unwraps to the
// error, so its kind is kept.
type unprefixed struct{ err error }

func (e unprefixed) Error() string { return strings.TrimPrefix(e.err.Error(), "solve: ") }
func (e unprefixed) Unwrap() error { return e.err }

func modelLabel(m *lp.Model) string {
	if m.Name == "" {
		return "the model"
	}
	return m.Name
}

// maxThreads caps --threads.
const maxThreads = 1024

// solveLog is where solve lp sends the backend's log: w (nil: no log),
// through json when --log-format is json.
type solveLog struct {
	w    io.Writer
	json *jsonLog
	file *os.File
}

// openLog opens the log the flags ask for: stderr with --log, the file
// --log-file (created with its folder, written as the solve runs), both,
// or none; --quiet leaves stderr out.
func (f *lpFlags) openLog(stderr io.Writer) (*solveLog, error) {
	l := &solveLog{}
	var sinks []io.Writer
	if f.log && !f.quiet {
		sinks = append(sinks, stderr)
	}
	if f.logFile != "" {
		if err := createParent(f.logFile); err != nil {
			return nil, fault.Errorf(fault.ErrInput, "--log-file: %w", err)
		}
		file, err := os.Create(f.logFile)
		if err != nil {
			return nil, fault.Errorf(fault.ErrInput, "--log-file: %w", err)
		}
		l.file = file
		sinks = append(sinks, file)
	}
	switch len(sinks) {
	case 0:
		return l, nil
	case 1:
		l.w = sinks[0]
	default:
		l.w = io.MultiWriter(sinks...)
	}
	if f.logFormat == "json" {
		l.json = newJSONLog(l.w)
		l.w = l.json
	}
	return l, nil
}

// close closes the log file, once; its error says that the log is not
// whole.
func (l *solveLog) close() error {
	if l.file == nil {
		return nil
	}
	err := l.file.Close()
	l.file = nil
	return err
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
