package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot/vg/draw"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
	_ "github.com/streamopt/streamopt/solve/gonumlp"
)

// objTol is the relative objective error |z − z*| / max(1, |z*|) within
// which a result counts as solved (DESIGN.md: objectives to 1e-6 relative).
const objTol = 1e-6

// CLIName is the name under which the clp command-line solver appears.
const CLIName = "clp-cli"

type config struct {
	dirs     []string
	backends []string // registered backends to run
	cli      string   // path of the clp command, "" when not used
	cbc      string   // path of the cbc command, "" when not used
	timeout  time.Duration
	out      string
	ref      string
	refMILP  string
	wall     bool     // rank by wall-clock instead of CPU time
	formats  []string // of the profile figures, by extension
}

// instance is one MPS file, with its optimum when known.
type instance struct {
	name, set, path string
	optimum         float64
	known           bool
}

// result is one (instance, solver) run: one CSV row.
type result struct {
	instance, set, backend string
	mip                    bool
	status                 string
	objective              float64
	hasObj                 bool
	optimum                float64
	known                  bool
	seconds                float64 // wall-clock time
	cpu                    float64 // CPU time (user + system)
	t                      float64 // the time ranked: cpu or seconds (-clock)
	iterations             int
	note                   string
}

// relErr returns |z − z*| / max(1, |z*|).
func relErr(z, opt float64) float64 { return math.Abs(z-opt) / math.Max(1, math.Abs(opt)) }

// solved reports whether r counts as solved for the profile: optimal (and
// verified, for the backends) and, when the optimum is known, within objTol.
func (r *result) solved() bool {
	if r.status != lp.Optimal.String() || !r.hasObj {
		return false
	}
	return !r.known || relErr(r.objective, r.optimum) <= objTol
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "lpbench:", err)
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lpbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var dirs []string
	fs.Func("dir", "folder of MPS files, with an optional optimal.csv (repeatable; default: the shared netlib and miplib folders)", func(v string) error { dirs = append(dirs, v); return nil })
	backends := fs.String("backends", "", "comma-separated backends to run (default: every compiled-in backend: "+strings.Join(solve.Backends(), ",")+")")
	timeout := fs.Duration("timeout", 60*time.Second, "time limit of each solve (with -milp the default is 20s)")
	out := fs.String("out", filepath.Join("benchmarks", "out", "lpbench"), "folder for lpbench.csv and the profile figures")
	plotFormat := fs.String("plot-format", "png", "formats of the profile figures, by file extension: png, svg, pdf (comma list)")
	noCLI := fs.Bool("no-cli", false, "do not run the clp and cbc commands as references")
	ref := fs.String("ref", "", "solver whose time the others are divided by on LPs (default: clp if compiled in, else "+CLIName+")")
	refMILP := fs.String("ref-milp", "", "solver whose time the others are divided by on MILPs (default: "+CBCName+" when cbc is on PATH, else -ref)")
	clock := fs.String("clock", "cpu", "time used in the table and profiles: cpu (user+system, robust on a loaded machine) or wall; with -milp also the clock of the time limit")
	milp := fs.Bool("milp", false, "MILP mode: the pure-Go branch and bound against the cbc backend (-tags cbc) in this process, one thread, on the shared miplib and miplib3 sets")
	highsCSV := fs.String("highs", "", "with -milp: add the HiGHS column from this CSV (written by highs_milp.py)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	timeoutSet := false
	fs.Visit(func(f *flag.Flag) { timeoutSet = timeoutSet || f.Name == "timeout" })
	if *milp && !timeoutSet {
		*timeout = milpTimeout
	}
	if *highsCSV != "" && !*milp {
		return fmt.Errorf("-highs: only with -milp")
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout: must be > 0, got %v", *timeout)
	}
	if *clock != "cpu" && *clock != "wall" {
		return fmt.Errorf("-clock: must be cpu or wall, got %q", *clock)
	}
	formats := strings.Split(*plotFormat, ",")
	for _, f := range formats {
		if !slices.Contains(draw.Formats(), f) {
			return fmt.Errorf("-plot-format: unknown figure format %q (want %s)", f, strings.Join(draw.Formats(), ", "))
		}
	}
	cfg := config{dirs: dirs, timeout: *timeout, out: *out, ref: *ref, refMILP: *refMILP, wall: *clock == "wall", formats: formats}
	if len(cfg.dirs) == 0 {
		root, err := instances.SharedDir()
		if err != nil {
			return fmt.Errorf("no -dir given and %v", err)
		}
		cfg.dirs = []string{filepath.Join(root, "netlib"), filepath.Join(root, "miplib")}
		if *milp {
			cfg.dirs = []string{filepath.Join(root, "miplib"), filepath.Join(root, "miplib3")}
		}
	}
	if *milp {
		return runMILP(cfg, *highsCSV, stdout, stderr)
	}
	compiled := solve.Backends()
	if *backends == "" {
		cfg.backends = compiled
	} else {
		for _, b := range strings.Split(*backends, ",") {
			b = strings.TrimSpace(b)
			if b == CLIName || b == CBCName {
				continue // the commands are controlled by -no-cli
			}
			if !slices.Contains(compiled, b) {
				return fmt.Errorf("-backends: %q is not compiled in (compiled in: %s; build with -tags clp,lpsolve,cbc for the native ones)", b, strings.Join(compiled, ", "))
			}
			cfg.backends = append(cfg.backends, b)
		}
	}
	if !*noCLI {
		if p, err := exec.LookPath("clp"); err == nil {
			cfg.cli = p
		} else {
			fmt.Fprintln(stderr, "lpbench: clp command not on PATH; running without the external LP reference")
		}
		if p, err := exec.LookPath("cbc"); err == nil {
			cfg.cbc = p
		} else {
			fmt.Fprintln(stderr, "lpbench: cbc command not on PATH; running without the external MILP reference")
		}
	}
	if cfg.ref == "" {
		cfg.ref = CLIName
		if slices.Contains(cfg.backends, "clp") {
			cfg.ref = "clp"
		}
	}
	if cfg.refMILP == "" {
		cfg.refMILP = cfg.ref
		if cfg.cbc != "" {
			cfg.refMILP = CBCName
		}
	}

	insts, err := findInstances(cfg.dirs)
	if err != nil {
		return err
	}
	if len(insts) == 0 {
		return fmt.Errorf("no MPS files in %s", strings.Join(cfg.dirs, ", "))
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return err
	}
	var results []result
	for k, in := range insts {
		fmt.Fprintf(stderr, "[%d/%d] %s/%s\n", k+1, len(insts), in.set, in.name)
		rs := runInstance(in, cfg)
		for _, r := range rs {
			fmt.Fprintf(stderr, "    %-10s %-16s %10.3fs %s\n", r.backend, r.status, r.seconds, r.note)
		}
		results = append(results, rs...)
	}
	csvPath := filepath.Join(cfg.out, "lpbench.csv")
	solvers := append([]string(nil), cfg.backends...)
	if cfg.cli != "" {
		solvers = append(solvers, CLIName)
	}
	if cfg.cbc != "" {
		solvers = append(solvers, CBCName)
	}
	for i := range results {
		results[i].t = results[i].cpu
		if cfg.wall {
			results[i].t = results[i].seconds
		}
	}
	if err := writeCSV(csvPath, results); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "times: %s seconds\n", *clock)
	printTable(stdout, results, solvers, cfg.ref, cfg.refMILP)
	files, err := drawProfiles(cfg.out, results, solvers, cfg.formats)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nwrote %s", csvPath)
	for _, f := range files {
		fmt.Fprintf(stdout, ", %s", f)
	}
	fmt.Fprintln(stdout)
	return nil
}

// findInstances lists the MPS files of each folder with the optima of its
// optimal.csv (name,optimal_objective[,source]) when there is one.
func findInstances(dirs []string) ([]instance, error) {
	var out []instance
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("-dir %s: %w", dir, err)
		}
		optima, err := readOptima(filepath.Join(dir, "optimal.csv"))
		if err != nil {
			return nil, err
		}
		set := filepath.Base(filepath.Clean(dir))
		for _, e := range entries {
			name := e.Name()
			base, ok := strings.CutSuffix(name, ".mps")
			if !ok {
				base, ok = strings.CutSuffix(name, ".mps.gz")
			}
			if !ok || e.IsDir() {
				continue
			}
			in := instance{name: base, set: set, path: filepath.Join(dir, name)}
			in.optimum, in.known = optima[base]
			out = append(out, in)
		}
	}
	return out, nil
}

// readOptima reads an optimal.csv; a missing file gives no optima.
func readOptima(path string) (map[string]float64, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]float64{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseOptima(f, path)
}

func parseOptima(r io.Reader, path string) (map[string]float64, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	opt := make(map[string]float64, len(recs))
	for i, rec := range recs {
		if i == 0 && len(rec) > 0 && rec[0] == "name" {
			continue // header
		}
		if len(rec) < 2 {
			return nil, fmt.Errorf("%s:%d: want name,optimal_objective, got %q", path, i+1, rec)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(rec[1]), 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: optimal_objective: %v", path, i+1, err)
		}
		opt[strings.TrimSpace(rec[0])] = v
	}
	return opt, nil
}

// runInstance reads one file and solves it with every backend that can
// take it, then with the clp command when it is an LP.
func runInstance(in instance, cfg config) []result {
	base := result{instance: in.name, set: in.set, optimum: in.optimum, known: in.known}
	m, err := mps.ReadFile(in.path)
	if err != nil {
		r := base
		r.backend, r.status, r.note = "-", "read_error", err.Error()
		return []result{r}
	}
	base.mip = m.IsMIP()
	var out []result
	for _, name := range cfg.backends {
		r := base
		r.backend = name
		b, err := solve.Open(name)
		if err != nil {
			r.status, r.note = "error", err.Error()
			out = append(out, r)
			continue
		}
		if err := solve.CheckCapabilities(b, m); err != nil {
			r.status, r.note = "unsupported", err.Error()
			out = append(out, r)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), cfg.timeout)
		cpu0 := processCPU()
		start := time.Now()
		sol, rep, err := solve.Solve(ctx, m, name, solve.Options{})
		r.seconds = time.Since(start).Seconds()
		r.cpu = processCPU() - cpu0
		cancel()
		switch {
		case err != nil:
			r.status, r.note = "error", err.Error()
		default:
			r.status = sol.Status.String()
			r.iterations = sol.Iterations
			if sol.HasPrimal() {
				r.objective, r.hasObj = sol.Objective, true
			}
			if !rep.OK {
				r.note = "verification: " + strings.Join(rep.Problems, "; ")
			}
		}
		out = append(out, r)
	}
	if cfg.cbc != "" && m.IsMIP() {
		r := base
		r.backend = CBCName
		runCBC(&r, cfg.cbc, in.path, cfg.timeout)
		out = append(out, r)
	}
	if cfg.cli != "" && !m.IsMIP() {
		r := base
		r.backend = CLIName
		runCLI(&r, cfg.cli, in.path, cfg.timeout)
		out = append(out, r)
	}
	return out
}

// processCPU returns the user and system CPU seconds of this process so
// far. The solves run one at a time, so a difference is one solve's CPU
// time (plus the garbage collector's).
func processCPU() float64 { return cputime.Process().Seconds() }

// writeCSV writes one row per result; seconds is wall-clock, cpu_seconds
// user + system time.
func writeCSV(path string, results []result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"instance", "set", "backend", "status", "objective", "optimum", "rel_error", "seconds", "cpu_seconds", "iterations", "note"})
	for _, r := range results {
		obj, opt, rel, it := "", "", "", ""
		if r.hasObj {
			obj = strconv.FormatFloat(r.objective, 'g', 15, 64)
		}
		if r.known {
			opt = strconv.FormatFloat(r.optimum, 'g', 15, 64)
			if r.hasObj {
				rel = strconv.FormatFloat(relErr(r.objective, r.optimum), 'e', 2, 64)
			}
		}
		if r.iterations > 0 {
			it = strconv.Itoa(r.iterations)
		}
		w.Write([]string{r.instance, r.set, r.backend, r.status, obj, opt, rel,
			strconv.FormatFloat(r.seconds, 'f', 4, 64), strconv.FormatFloat(r.cpu, 'f', 4, 64), it, r.note})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
