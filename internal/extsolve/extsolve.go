package extsolve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/lp"
)

// Solver names a command-line solver; its value is the command's name.
type Solver string

const (
	GLPK    Solver = "glpsol"
	CLP     Solver = "clp"
	CBC     Solver = "cbc"
	LPSolve Solver = "lp_solve"
	// HiGHS is HiGHS compiled to WebAssembly (the npm package highs, 1.15),
	// run by node; it is optional: Find reports it missing unless node can
	// require("highs"), for example with NODE_PATH set to the node_modules
	// folder of "npm install highs".
	HiGHS Solver = "highs-js"
)

// Solvers lists the solvers Run knows, in a fixed order.
var Solvers = []Solver{GLPK, CLP, CBC, LPSolve, HiGHS}

// Kind is the format of a model file.
type Kind int

const (
	FixedMPS Kind = iota
	FreeMPS
	LP // CPLEX LP
)

func (k Kind) String() string {
	switch k {
	case FixedMPS:
		return "fixed MPS"
	case FreeMPS:
		return "free MPS"
	case LP:
		return "CPLEX LP"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// ErrFormat is returned by Run for a file kind the solver does not read.
var ErrFormat = errors.New("file format not read by this solver")

// ErrNotMILP is returned by Run for a MILP given to clp, which would solve
// its LP relaxation.
var ErrNotMILP = errors.New("clp solves LPs only")

// Options control a run.
type Options struct {
	// Limit is the time limit given to the solver, rounded up to whole
	// seconds (at least 1). Zero means no limit.
	Limit time.Duration
	// Grace is how long after Limit the process is killed if it is still
	// running; zero means 10 s.
	Grace time.Duration
	// MIP says the model has integer columns (needed for clp only).
	MIP bool
}

// Result is what a run reports.
type Result struct {
	Status lp.Status
	// Objective is the objective value the solver printed for its solution
	// (the optimum when Status is Optimal, the incumbent at a limit), as
	// the file states the objective: without the constant or negation a
	// header line of lp/mps or lp/lpformat describes.
	Objective    float64
	HasObjective bool
	Iterations   int     // simplex iterations, when printed (clp, cbc)
	Nodes        int     // branch-and-bound nodes, when printed (cbc)
	SolveSeconds float64 // the solve time the solver printed (clp), else 0
	Wall, CPU    time.Duration
	Killed       bool   // killed Grace after the limit
	ExitCode     int    // the process's exit code, -1 if it did not exit
	Output       []byte // what the solver printed (stdout and stderr)
}

// Find returns the path of the solver's command, from PATH (for HiGHS, of
// node, after checking that node finds the highs package).
func Find(s Solver) (string, error) {
	if s != HiGHS {
		return exec.LookPath(string(s))
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, node, "-e", `require("highs")`).CombinedOutput(); err != nil {
		why := err.Error()
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "Error") {
				why = l
				break
			}
		}
		return "", fmt.Errorf("node cannot load the npm package highs: %s", why)
	}
	return node, nil
}

// Run solves the model file at path, of the given kind, with the solver
// whose command is bin (from Find). The error is ErrFormat, ErrNotMILP, a
// failure to start the command, or output Run cannot read (then Result
// still holds the output and times).
func Run(ctx context.Context, s Solver, bin, path string, kind Kind, opts Options) (Result, error) {
	secs := "0"
	if opts.Limit > 0 {
		secs = strconv.FormatInt(int64(max(1, (opts.Limit+time.Second-1)/time.Second)), 10)
	}
	switch s {
	case GLPK:
		return runGLPK(ctx, bin, path, kind, secs, opts)
	case CLP:
		if opts.MIP {
			return Result{}, ErrNotMILP
		}
		args := []string{path, "-dualsimplex"}
		if opts.Limit > 0 {
			args = []string{path, "-timeMode", "elapsed", "-seconds", secs, "-dualsimplex"}
		}
		r, err := run(ctx, opts, bin, args...)
		if err != nil || r.Killed {
			return r, err
		}
		s, ok := ParseCLP(r.Output)
		if !ok {
			return r, errors.New("no summary line in clp output")
		}
		r.fill(s)
		return r, nil
	case CBC:
		args := []string{path, "-solve", "-quit"}
		if opts.Limit > 0 {
			args = []string{path, "-timeMode", "elapsed", "-sec", secs, "-solve", "-quit"}
		}
		r, err := run(ctx, opts, bin, args...)
		if err != nil || r.Killed {
			return r, err
		}
		s, ok := ParseCBC(r.Output)
		if !ok {
			// For an LP cbc prints clp's summary instead.
			if s, ok = ParseCLP(r.Output); !ok {
				return r, errors.New("no result line in cbc output")
			}
		}
		r.fill(s)
		return r, nil
	case LPSolve:
		return runLPSolve(ctx, bin, path, kind, secs, opts)
	case HiGHS:
		return runHiGHS(ctx, bin, path, kind, secs, opts)
	}
	return Result{}, fmt.Errorf("extsolve: unknown solver %q", string(s))
}

// Summary is what a solver's output says.
type Summary struct {
	Status       lp.Status
	Objective    float64
	HasObjective bool
	Iterations   int
	Nodes        int
	Seconds      float64
}

func (r *Result) fill(s Summary) {
	r.Status, r.Objective, r.HasObjective = s.Status, s.Objective, s.HasObjective
	r.Iterations, r.Nodes, r.SolveSeconds = s.Iterations, s.Nodes, s.Seconds
}

// run runs the command, killing it Grace after the limit, and records
// its output, wall-clock time and the user + system CPU time the operating
// system reports. A run that had to be killed has Status TimeLimit and
// Killed set; a non-zero exit is not an error here (the callers read the
// status from the output or the exit code).
func run(ctx context.Context, opts Options, name string, args ...string) (Result, error) {
	grace := opts.Grace
	if grace <= 0 {
		grace = 10 * time.Second
	}
	if opts.Limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Limit+grace)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.WaitDelay = time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	r := Result{Wall: time.Since(start), Output: out.Bytes(), ExitCode: -1}
	if ps := cmd.ProcessState; ps != nil {
		r.CPU = ps.UserTime() + ps.SystemTime()
		r.ExitCode = ps.ExitCode()
	}
	if ctx.Err() != nil {
		r.Status, r.Killed = lp.TimeLimit, true
		return r, nil
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return r, fmt.Errorf("%s: %w", filepath.Base(name), err)
	}
	return r, nil
}

func runGLPK(ctx context.Context, bin, path string, kind Kind, secs string, opts Options) (Result, error) {
	flag := map[Kind]string{FixedMPS: "--mps", FreeMPS: "--freemps", LP: "--lp"}[kind]
	if flag == "" {
		return Result{}, ErrFormat
	}
	sol, err := os.CreateTemp("", "glpsol-*.sol")
	if err != nil {
		return Result{}, err
	}
	sol.Close()
	defer os.Remove(sol.Name())
	args := []string{flag, path, "-w", sol.Name()}
	if opts.Limit > 0 {
		args = append(args, "--tmlim", secs)
	}
	r, err := run(ctx, opts, bin, args...)
	if err != nil || r.Killed {
		return r, err
	}
	file, _ := os.ReadFile(sol.Name())
	s, ok := ParseGLPK(r.Output, file)
	if !ok {
		return r, errors.New("no solution in glpsol output")
	}
	r.fill(s)
	return r, nil
}

// ParseGLPK reads glpsol's messages and the solution file it wrote with
// -w: the line "s bas ROWS COLS PRIM DUAL OBJ" (an LP; optimal when PRIM
// and DUAL are both "f") or "s mip ROWS COLS STATUS OBJ" (a MILP; "o"
// optimal, "f" feasible, "n" no integer point). The messages decide what
// the file leaves open: "TIME LIMIT EXCEEDED", "PROBLEM HAS NO PRIMAL
// FEASIBLE SOLUTION" (infeasible), "PROBLEM HAS NO DUAL FEASIBLE SOLUTION"
// (unbounded) and the like.
func ParseGLPK(out, solution []byte) (Summary, bool) {
	var s Summary
	found := false
	sc := bufio.NewScanner(bytes.NewReader(solution))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 6 || f[0] != "s" {
			continue
		}
		switch {
		case f[1] == "bas" && len(f) == 7:
			s.Objective, _ = strconv.ParseFloat(f[6], 64)
			switch {
			case f[4] == "f" && f[5] == "f":
				s.Status, s.HasObjective = lp.Optimal, true
			case f[4] == "n" || f[4] == "i":
				s.Status = lp.Infeasible
			case f[5] == "n" || f[5] == "i":
				s.Status = lp.Unbounded
			default:
				s.Status = lp.NumericalError
			}
			found = true
		case f[1] == "mip" && len(f) == 6:
			s.Objective, _ = strconv.ParseFloat(f[5], 64)
			switch f[4] {
			case "o":
				s.Status, s.HasObjective = lp.Optimal, true
			case "f":
				s.Status, s.HasObjective = lp.NodeLimit, true
			case "n":
				s.Status = lp.Infeasible
			default:
				s.Status = lp.NumericalError
			}
			found = true
		}
	}
	msg := string(out)
	switch {
	case strings.Contains(msg, "TIME LIMIT EXCEEDED"):
		s.Status, found = lp.TimeLimit, true
	case strings.Contains(msg, "NO PRIMAL FEASIBLE SOLUTION"), strings.Contains(msg, "NO INTEGER FEASIBLE SOLUTION"),
		strings.Contains(msg, "PROBLEM HAS NO FEASIBLE SOLUTION"):
		s.Status, s.HasObjective, found = lp.Infeasible, false, true
	case strings.Contains(msg, "HAS UNBOUNDED SOLUTION"), strings.Contains(msg, "NO DUAL FEASIBLE SOLUTION"):
		s.Status, s.HasObjective, found = lp.Unbounded, false, true
	}
	return s, found
}

// summaryRE matches clp's last line, e.g.
//
//	Optimal objective -464.7531429 - 5 iterations time 0.002, Presolve 0.00
//	PrimalInfeasible objective 0 - 0 iterations time 0.002
//	Stopped objective -70969686.59 - 0 iterations time 1.012, Presolve 0.02
var summaryRE = regexp.MustCompile(`^(.*?)\s*(?:-\s*)?objective(?: value)?\s+(\S+)\s+-\s+(\d+) iterations time (\S+?),?(?:\s|$)`)

// ParseCLP reads the status, objective, iterations and solve time from the
// output of the clp command (its last summary line).
func ParseCLP(out []byte) (Summary, bool) {
	var s Summary
	found := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := summaryRE.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		obj, err1 := strconv.ParseFloat(m[2], 64)
		it, err2 := strconv.Atoi(m[3])
		t, err3 := strconv.ParseFloat(m[4], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		s = Summary{Objective: obj, Iterations: it, Seconds: t}
		switch w := strings.ToLower(strings.ReplaceAll(m[1], " ", "")); {
		case strings.HasPrefix(w, "optimal"):
			s.Status, s.HasObjective = lp.Optimal, true
		case strings.HasPrefix(w, "primalinfeasible"):
			s.Status = lp.Infeasible
		case strings.HasPrefix(w, "dualinfeasible"):
			s.Status = lp.Unbounded
		case strings.HasPrefix(w, "stopped"):
			// The only limit given to clp is -seconds.
			s.Status = lp.TimeLimit
		default:
			s.Status = lp.NumericalError
		}
		found = true
	}
	return s, found
}

// ParseCBC reads cbc's closing summary, e.g.
//
//	Result - Optimal solution found
//
//	Objective value:                1120.00000000
//	Enumerated nodes:               24
//	Total iterations:               1546
//
// The result line may also say "Stopped on time limit" and the like. When
// cbc's presolve decides the model it prints instead "Problem is
// infeasible" (the LP relaxation) or "Pre-processing says infeasible or
// unbounded" (its cut generators), with no result line.
func ParseCBC(out []byte) (Summary, bool) {
	var s Summary
	found := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "Problem is infeasible"):
			s.Status, found = lp.Infeasible, true
			continue
		case strings.HasPrefix(line, "Pre-processing says infeasible or unbounded"):
			s.Status, found = lp.InfeasibleOrUnbounded, true
			continue
		}
		if res, ok := strings.CutPrefix(line, "Result - "); ok {
			found = true
			low := strings.ToLower(res)
			switch {
			case strings.Contains(low, "optimal solution found"):
				s.Status = lp.Optimal
			case strings.Contains(low, "time limit"):
				s.Status = lp.TimeLimit
			case strings.Contains(low, "node limit"):
				s.Status = lp.NodeLimit
			case strings.Contains(low, "infeasible"):
				s.Status = lp.Infeasible
			case strings.Contains(low, "unbounded"):
				s.Status = lp.Unbounded
			default:
				found = false
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "Objective value":
			if v, err := strconv.ParseFloat(val, 64); err == nil {
				s.Objective, s.HasObjective = v, true
			}
		case "Enumerated nodes":
			s.Nodes, _ = strconv.Atoi(val)
		case "Total iterations":
			s.Iterations, _ = strconv.Atoi(val)
		}
	}
	if s.Status != lp.Optimal && s.Status != lp.TimeLimit && s.Status != lp.NodeLimit {
		s.HasObjective = false
	}
	return s, found
}

func runLPSolve(ctx context.Context, bin, path string, kind Kind, secs string, opts Options) (Result, error) {
	flag := map[Kind]string{FixedMPS: "-mps", FreeMPS: "-fmps"}[kind]
	if flag == "" {
		return Result{}, ErrFormat
	}
	args := []string{flag, path, "-S1"}
	if opts.Limit > 0 {
		args = append(args, "-timeout", secs)
	}
	r, err := run(ctx, opts, bin, args...)
	if err != nil || r.Killed {
		return r, err
	}
	s, ok := ParseLPSolve(r.Output, r.ExitCode)
	if !ok {
		return r, fmt.Errorf("lp_solve exit code %d: no result", r.ExitCode)
	}
	r.fill(s)
	return r, nil
}

// ParseLPSolve reads lp_solve's result from its exit code (the solve
// status of lp_solve 5.5: 0 OPTIMAL, 1 SUBOPTIMAL, 2 INFEASIBLE, 3
// UNBOUNDED, 5 NUMFAILURE, 7 TIMEOUT) and, with -S1, the line "Value of
// objective function: z". Other codes (for example 255 after "This problem
// is infeasible" is not printed but the file could not be read) are not a
// result.
func ParseLPSolve(out []byte, code int) (Summary, bool) {
	var s Summary
	switch code {
	case 0:
		s.Status = lp.Optimal
	case 1:
		s.Status = lp.TimeLimit // a B&B stopped by -timeout with an incumbent
	case 2:
		s.Status = lp.Infeasible
	case 3:
		s.Status = lp.Unbounded
	case 5:
		s.Status = lp.NumericalError
	case 7:
		s.Status = lp.TimeLimit
	default:
		return s, false
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "Value of objective function:"); ok {
			if z, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				s.Objective, s.HasObjective = z, code == 0 || code == 1
			}
		}
	}
	if code == 0 && !s.HasObjective {
		return s, false
	}
	return s, true
}

// highsScript solves the file argv[2] (format argv[3], "lp" or "mps") with
// highs-js under the time limit argv[4] in seconds (0: none) and prints one
// line "highs STATUS OBJECTIVE", STATUS the HiGHS model status code.
const highsScript = `const fs = require("fs");
require("highs")().then((highs) => {
  const [path, format, limit] = process.argv.slice(2);
  const data = format === "lp" ? fs.readFileSync(path, "latin1") : new Uint8Array(fs.readFileSync(path));
  const [status, obj] = highs.withModel({ format, data }, (m) => {
    m.options.set(Number(limit) > 0 ? { output_flag: false, time_limit: Number(limit) } : { output_flag: false });
    m.run();
    return [m.getModelStatus(), m.getObjectiveValue()];
  });
  console.log("highs", status, obj);
});
`

func runHiGHS(ctx context.Context, node, path string, kind Kind, secs string, opts Options) (Result, error) {
	format := "mps"
	if kind == LP {
		format = "lp"
	}
	script, err := os.CreateTemp("", "highs-*.js")
	if err != nil {
		return Result{}, err
	}
	defer os.Remove(script.Name())
	if _, err := script.WriteString(highsScript); err != nil {
		script.Close()
		return Result{}, err
	}
	if err := script.Close(); err != nil {
		return Result{}, err
	}
	r, err := run(ctx, opts, node, script.Name(), path, format, secs)
	if err != nil || r.Killed {
		return r, err
	}
	s, ok := ParseHiGHS(r.Output)
	if !ok {
		return r, fmt.Errorf("highs-js exit code %d: no result", r.ExitCode)
	}
	r.fill(s)
	return r, nil
}

// ParseHiGHS reads the line "highs STATUS OBJECTIVE" of the script Run
// gives node. STATUS is HiGHS's model status: 7 optimal, 8 infeasible, 9
// unbounded or infeasible, 10 unbounded, 13 time limit, 14 iteration
// limit; other codes (an empty model, a load error) are errors.
func ParseHiGHS(out []byte) (Summary, bool) {
	var s Summary
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "highs" {
			continue
		}
		switch f[1] {
		case "7":
			s.Status, s.HasObjective = lp.Optimal, true
		case "8":
			s.Status = lp.Infeasible
		case "9":
			s.Status = lp.InfeasibleOrUnbounded
		case "10":
			s.Status = lp.Unbounded
		case "13":
			s.Status = lp.TimeLimit
		case "14":
			s.Status = lp.IterationLimit
		default:
			return s, false
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return s, false
		}
		s.Objective = v
		return s, true
	}
	return s, false
}
