package crosscheck_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
)

const (
	// relTol is the tolerance for comparing objective values: 1e-6
	// relative, the project's tolerance for objectives (DESIGN.md).
	relTol = 1e-6
	// runLimit is each solver's own time limit per file; grace is how long
	// after it a solver still running is killed.
	runLimit = 10 * time.Second
	grace    = 3 * time.Second
	// workers is how many solver processes run at once.
	workers = 2
	// slowRun: a solver whose first file of an instance takes longer than
	// this (or hits the limit) does not get the instance's other formats.
	slowRun = 2 * time.Second
	// envRequire makes a missing solver command a failure instead of a skip.
	envRequire = "STREAMOPT_REQUIRE_TOOLS"
	// envDir names a folder to write the files into and keep them (for
	// trying them with other solvers); by default a temporary folder.
	envDir      = "STREAMOPT_CROSSCHECK_DIR"
	simplexName = "simplex"
)

// beyondLimit lists the runs that do not finish within runLimit even on
// the original shared file (measured with the same commands and a 15 s
// limit, 30 s for glpsol on gt2, on the 2-core machine of doc.go): they are
// not run, and the log says so. cbc still runs sp150x300d: it stops at the
// limit, and its incumbent must not beat the optimum.
var beyondLimit = map[string]map[string]string{
	"sp150x300d": {"glpsol": "over 15 s", "lp_solve": "over 15 s", simplexName: "over 20 s"},
	"p0548":      {"glpsol": "over 15 s", "lp_solve": "over 15 s"},
	"bell5":      {"lp_solve": "over 15 s"},
	"gt2":        {"glpsol": "over 30 s", "lp_solve": "over 15 s"},
	"greenbea":   {"lp_solve": "17 s"},
}

// kinds are the three files written for each model.
var kinds = []extsolve.Kind{extsolve.FixedMPS, extsolve.FreeMPS, extsolve.LP}

// model is one model of the check with the optimum its files must give.
type model struct {
	name    string
	m       *lp.Model
	optimum float64
	source  string // where the optimum comes from
	files   map[extsolve.Kind]file
}

// file is one written file, or why it could not be written.
type file struct {
	path string
	obj  modelfile.Objective // its header line
	err  error
}

// outcome of one (model, solver, kind) cell.
type outcome int

const (
	agree   outcome = iota // the optimum, mapped back, matches
	wrong                  // optimal, but another objective: a failure
	failed                 // no answer, or a status other than optimal: a failure
	timeout                // the solver's limit (or the kill) stopped it
	notRead                // the solver does not read this format or model class
	notRun                 // skipped: the solver was slow on another format
)

type cell struct {
	out  outcome
	z    float64 // the model objective mapped back from the solver's answer
	inc  bool    // a timeout with an incumbent z
	wall time.Duration
	note string
}

func (c cell) String() string {
	switch c.out {
	case agree:
		return fmt.Sprintf("ok %.1fs", c.wall.Seconds())
	case timeout:
		if c.inc {
			return fmt.Sprintf("timeout %.0fs (%.6g)", c.wall.Seconds(), c.z)
		}
		return fmt.Sprintf("timeout %.0fs", c.wall.Seconds())
	case notRead:
		return "n/a"
	case notRun:
		return "not run"
	case wrong:
		return fmt.Sprintf("WRONG %.10g", c.z)
	}
	return "FAILED"
}

func relDiff(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// handModels are small models with every construct whose mapping the
// files must get right, with optima derived by hand.
func handModels() []*model {
	// max 2x + 3y s.t. x + y <= 8, x <= 5, y <= 6: the optimum 22 at
	// (2, 6) (the vertex where the cap and y <= 6 meet; at (5, 3) it is 19).
	// clp and cbc read an OBJSENSE MAX file of it as a minimisation (0).
	max22 := lp.New("max22", lp.Maximize)
	x := max22.AddVar("x", 0, 5, 2)
	y := max22.AddVar("y", 0, 6, 3)
	max22.AddLE("cap", 8, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})

	// A MILP maximisation with a constant, a range, an equality written as
	// a range with equal ends, a free row, a free column, columns with a
	// negative upper bound (with and without a finite lower bound), a fixed
	// column, a general integer and a binary:
	//
	//	max 2x + 3y + z - w + m + 4b + g + 0.5k + 10
	//	cap:  x + y <= 8          band: -2 <= x - y <= 1
	//	bx:   x + 2b <= 4         tie:  f - z = 0 (as 0 <= f - z <= 0)
	//	eqr:  z + g = 3           free: x + f (no bounds)
	//	x in [0, 5], y in [0, 6], z <= 2 (no lower bound), w in [-4, -1],
	//	m <= -1 (no lower bound), f free, k = 2.5, b binary, g integer in [-3, 4].
	//
	// By hand: z + g = 3 whatever g is; -w is largest at w = -4 and m at
	// -1; 0.5k = 1.25. With b = 0, max 2x + 3y over x + y <= 8,
	// x - y >= -2 is 21 at (3, 5) (along x + y = 8 it is 24 - x, and
	// x >= 3 there); with b = 1, x <= 2 forces y <= 4 and 2x + 3y <= 16,
	// so 16 + 4 = 20 < 21. The optimum is 21 + 3 + 4 - 1 + 1.25 + 10 =
	// 38.25. (The LP relaxation is larger: b = 1/2 at x = 3 adds 2.)
	every := lp.New("every", lp.Maximize)
	every.ObjOffset = 10
	ex := every.AddVar("x", 0, 5, 2)
	ey := every.AddVar("y", 0, 6, 3)
	ez := every.AddVar("z", math.Inf(-1), 2, 1)
	every.AddVar("w", -4, -1, -1)
	every.AddVar("m", math.Inf(-1), -1, 1)
	ef := every.AddVar("f", math.Inf(-1), math.Inf(1), 0)
	every.AddVar("k", 2.5, 2.5, 0.5)
	eb := every.AddBinary("b", 4)
	eg := every.AddIntVar("g", -3, 4, 1)
	every.AddLE("cap", 8, lp.Term{Var: ex, Coef: 1}, lp.Term{Var: ey, Coef: 1})
	every.AddRow("band", -2, 1, lp.Term{Var: ex, Coef: 1}, lp.Term{Var: ey, Coef: -1})
	every.AddLE("bx", 4, lp.Term{Var: ex, Coef: 1}, lp.Term{Var: eb, Coef: 2})
	every.AddRow("tie", 0, 0, lp.Term{Var: ef, Coef: 1}, lp.Term{Var: ez, Coef: -1})
	every.AddEQ("eqr", 3, lp.Term{Var: ez, Coef: 1}, lp.Term{Var: eg, Coef: 1})
	every.AddRow("free", math.Inf(-1), math.Inf(1), lp.Term{Var: ex, Coef: 1}, lp.Term{Var: ef, Coef: 1})

	// min x + y - 7 s.t. 2 <= x + 2y <= 6, x >= 1: with y = (2 - x)/2 the
	// objective is 1 + x/2 - 7, least at x = 1: -5.5 at (1, 0.5).
	minc := lp.New("minc", lp.Minimize)
	minc.ObjOffset = -7
	cx := minc.AddVar("x", 1, lp.Inf, 1)
	cy := minc.AddVar("y", 0, lp.Inf, 1)
	minc.AddRow("r", 2, 6, lp.Term{Var: cx, Coef: 1}, lp.Term{Var: cy, Coef: 2})

	src := "by hand (crosscheck_test.go)"
	return []*model{
		{name: "max22", m: max22, optimum: 22, source: src},
		{name: "every", m: every, optimum: 38.25, source: src},
		{name: "minc", m: minc, optimum: -5.5, source: src},
	}
}

// sharedModels reads every NETLIB and MIPLIB instance of the shared folder.
func sharedModels(t *testing.T) []*model {
	t.Helper()
	var out []*model
	for _, in := range append(instances.NetlibOrSkip(t), instances.MiplibOrSkip(t)...) {
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		out = append(out, &model{name: in.Name, m: m, optimum: in.Optimum, source: "optimal.csv"})
	}
	return out
}

// writeFiles writes the three files of md into dir.
func writeFiles(t *testing.T, dir string, md *model) {
	t.Helper()
	md.files = map[extsolve.Kind]file{}
	for _, k := range kinds {
		var f file
		switch k {
		case extsolve.FixedMPS:
			f.path = filepath.Join(dir, md.name+".fixed.mps")
			f.err = mps.WriteFile(f.path, md.m, mps.WriteOptions{Format: mps.Fixed})
		case extsolve.FreeMPS:
			f.path = filepath.Join(dir, md.name+".free.mps")
			f.err = mps.WriteFile(f.path, md.m, mps.WriteOptions{Format: mps.Free})
		case extsolve.LP:
			f.path = filepath.Join(dir, md.name+".lp")
			f.err = lpformat.WriteFile(f.path, md.m, lpformat.WriteOptions{})
		}
		if f.err == nil {
			mark := "*"
			if k == extsolve.LP {
				mark = "\\"
			}
			var err error
			if f.obj, err = modelfile.ReadObjective(f.path, mark); err != nil {
				t.Fatalf("%s: %v", f.path, err)
			}
		}
		md.files[k] = f
	}
}

// runSolver solves md's files with one solver, in order from first: a run
// that is slow or stopped by the limit ends the sequence.
func runSolver(s extsolve.Solver, bin string, md *model, first int) map[extsolve.Kind]cell {
	cells := map[extsolve.Kind]cell{}
	mip := md.m.IsMIP()
	slow := ""
	if why, ok := beyondLimit[md.name][string(s)]; ok {
		slow = fmt.Sprintf("%s needs %s on the original file", s, why)
	}
	for n := range kinds {
		k := kinds[(first+n)%len(kinds)]
		f := md.files[k]
		switch {
		case f.err != nil:
			cells[k] = cell{out: notRead, note: "not writable: " + f.err.Error()}
			continue
		case slow != "":
			cells[k] = cell{out: notRun, note: slow}
			continue
		}
		res, err := extsolve.Run(context.Background(), s, bin, f.path, k, extsolve.Options{Limit: runLimit, Grace: grace, MIP: mip})
		c := cell{wall: res.Wall}
		switch {
		case errors.Is(err, extsolve.ErrFormat), errors.Is(err, extsolve.ErrNotMILP):
			c.out, c.note = notRead, err.Error()
			cells[k] = c
			continue
		case err != nil:
			c.out, c.note = failed, fmt.Sprintf("%v: %s", err, lastLines(res.Output, 3))
		case res.Killed || res.Status == lp.TimeLimit:
			c.out, c.note = timeout, fmt.Sprintf("stopped at the %v limit", runLimit)
			if res.HasObjective {
				c.z, c.inc = f.obj.ToModel(res.Objective), true
				c.note += fmt.Sprintf(" with the incumbent %.12g", c.z)
				if beats(md, c.z) {
					c.out, c.note = wrong, fmt.Sprintf("incumbent %.12g beats the optimum %.12g: the file was misread", c.z, md.optimum)
				}
			}
		case res.Status != lp.Optimal || !res.HasObjective:
			c.out, c.note = failed, fmt.Sprintf("status %v: %s", res.Status, lastLines(res.Output, 3))
		default:
			c.z = f.obj.ToModel(res.Objective)
			c.out = agree
			if d := relDiff(c.z, md.optimum); d > relTol {
				c.out, c.note = wrong, fmt.Sprintf("file objective %.12g maps to %.12g, want %.12g (rel. diff %.2g)", res.Objective, c.z, md.optimum, d)
			}
		}
		cells[k] = c
		if res.Wall > slowRun || c.out == timeout {
			slow = fmt.Sprintf("%s took %.1fs on the %v file", s, res.Wall.Seconds(), k)
		}
	}
	return cells
}

// beats reports whether z is better than md's optimum by more than the
// tolerance, which no feasible point of the model can be.
func beats(md *model, z float64) bool {
	if md.m.Sense == lp.Maximize {
		return z > md.optimum && relDiff(z, md.optimum) > relTol
	}
	return z < md.optimum && relDiff(z, md.optimum) > relTol
}

func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}

// TestCrossCheck writes every shared NETLIB and MIPLIB instance and the
// hand models as fixed MPS, free MPS and CPLEX LP, solves each file with
// glpsol, clp, cbc, lp_solve and, if node finds it, HiGHS, maps the objective each reports back
// through the file's header line and compares it with the known optimum
// and with this project's simplex backend. See doc.go.
func TestCrossCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the cross-check runs external solvers for minutes")
	}
	bins := map[extsolve.Solver]string{}
	var solvers []extsolve.Solver
	for _, s := range extsolve.Solvers {
		bin, err := extsolve.Find(s)
		switch {
		case err != nil && s == extsolve.HiGHS:
			t.Logf("skipping the optional %s: %v (npm install highs, then NODE_PATH=that folder's node_modules)", s, err)
			continue
		case err != nil && os.Getenv(envRequire) == "1":
			t.Fatalf("%s is not on PATH and %s=1", s, envRequire)
		case err != nil:
			t.Logf("skipping %s: not on PATH (Debian: glpk-utils, coinor-clp, coinor-cbc, lp-solve)", s)
			continue
		}
		bins[s] = bin
		solvers = append(solvers, s)
	}
	if len(solvers) == 0 {
		t.Skip("none of glpsol, clp, cbc, lp_solve is on PATH")
	}
	models := append(append(handModels(), compiledModels(t)...), sharedModels(t)...)
	dir := os.Getenv(envDir)
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, md := range models {
		writeFiles(t, dir, md)
	}
	start := time.Now()

	// Jobs, the largest models first so that the two workers finish together.
	type job struct {
		md     *model
		solver extsolve.Solver // "" for the simplex backend
		first  int
	}
	var jobs []job
	for i, md := range models {
		jobs = append(jobs, job{md: md})
		for _, s := range solvers {
			jobs = append(jobs, job{md: md, solver: s, first: i % len(kinds)})
		}
	}
	size := func(md *model) int { return md.m.NumNonzeros() + 10*btoi(md.m.IsMIP())*md.m.NumVars() }
	sort.SliceStable(jobs, func(a, b int) bool { return size(jobs[a].md) > size(jobs[b].md) })

	type key struct {
		model  string
		solver extsolve.Solver
	}
	var mu sync.Mutex
	results := map[key]map[extsolve.Kind]cell{}
	simplex := map[string]cell{}
	ch := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if j.solver == "" {
					c := cell{out: notRun}
					if why, ok := beyondLimit[j.md.name][simplexName]; ok {
						c.note = "the simplex backend needs " + why
					} else {
						c = solveSimplex(j.md)
					}
					mu.Lock()
					simplex[j.md.name] = c
					mu.Unlock()
					continue
				}
				cells := runSolver(j.solver, bins[j.solver], j.md, j.first)
				mu.Lock()
				results[key{j.md.name, j.solver}] = cells
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	elapsed := time.Since(start)

	// The table, the failures and the summary.
	var tb strings.Builder
	tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "model\toptimum\tsimplex")
	for _, s := range solvers {
		for _, k := range kinds {
			fmt.Fprintf(tw, "\t%s %s", s, short(k))
		}
	}
	fmt.Fprintln(tw)
	type tally struct{ runs, agree, timeout, notRead, notRun, bad int }
	sum := map[key]*tally{}
	var notes []string
	for _, md := range models {
		sc := simplex[md.name]
		fmt.Fprintf(tw, "%s\t%.10g\t%s", md.name, md.optimum, sc)
		if sc.out == wrong || sc.out == failed {
			t.Errorf("%s: simplex backend: %s", md.name, sc.note)
		}
		if sc.out == timeout || sc.out == notRun {
			notes = append(notes, fmt.Sprintf("%s simplex: %s", md.name, sc.note))
		}
		for _, s := range solvers {
			cells := results[key{md.name, s}]
			for _, k := range kinds {
				c := cells[k]
				fmt.Fprintf(tw, "\t%s", c)
				ks := key{k.String(), s}
				if sum[ks] == nil {
					sum[ks] = &tally{}
				}
				ts := sum[ks]
				switch c.out {
				case agree:
					ts.runs++
					ts.agree++
					if sc.out == agree && relDiff(c.z, sc.z) > relTol {
						t.Errorf("%s: %s on the %v file: %.12g, simplex backend %.12g", md.name, s, k, c.z, sc.z)
					}
				case wrong, failed:
					ts.runs++
					ts.bad++
					t.Errorf("%s: %s on the %v file: %s", md.name, s, k, c.note)
				case timeout:
					ts.runs++
					ts.timeout++
					notes = append(notes, fmt.Sprintf("%s %s %v: %s", md.name, s, k, c.note))
				case notRead:
					ts.notRead++
					notes = append(notes, fmt.Sprintf("%s %s %v: %s", md.name, s, k, c.note))
				case notRun:
					ts.notRun++
					notes = append(notes, fmt.Sprintf("%s %s %v: not run: %s", md.name, s, k, c.note))
				}
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	t.Logf("cross-check of %d models (%d workers, limit %v per run), solves took %v:\n%s", len(models), workers, runLimit, elapsed.Round(time.Second), tb.String())
	var sb strings.Builder
	sw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', 0)
	fmt.Fprintln(sw, "solver\tformat\truns\tagree\ttimeouts\tnot read\tnot run\tfailures")
	for _, s := range solvers {
		for _, k := range kinds {
			ts := sum[key{k.String(), s}]
			fmt.Fprintf(sw, "%s\t%v\t%d\t%d\t%d\t%d\t%d\t%d\n", s, k, ts.runs, ts.agree, ts.timeout, ts.notRead, ts.notRun, ts.bad)
		}
	}
	sw.Flush()
	t.Logf("summary:\n%s", sb.String())
	t.Logf("not solved within the limit, not read or not run, with the reason:\n%s", strings.Join(dedupe(notes), "\n"))
}

// solveSimplex solves md with this project's simplex backend under the
// same limit as the external solvers.
func solveSimplex(md *model) cell {
	ctx, cancel := context.WithTimeout(context.Background(), runLimit)
	defer cancel()
	start := time.Now()
	sol, rep, err := solve.Solve(ctx, md.m, "simplex", solve.Options{})
	c := cell{wall: time.Since(start)}
	switch {
	case err != nil:
		c.out, c.note = failed, err.Error()
	case sol.Status == lp.TimeLimit:
		c.out, c.note = timeout, fmt.Sprintf("stopped at the %v limit", runLimit)
	case sol.Status != lp.Optimal || !rep.OK:
		c.out, c.note = failed, fmt.Sprintf("status %v, verification %s", sol.Status, rep.Summary())
	default:
		c.out, c.z = agree, sol.Objective
		if d := relDiff(c.z, md.optimum); d > relTol {
			c.out, c.note = wrong, fmt.Sprintf("%.12g, want %.12g (%s; rel. diff %.2g)", c.z, md.optimum, md.source, d)
		}
	}
	return c
}

func short(k extsolve.Kind) string {
	return map[extsolve.Kind]string{extsolve.FixedMPS: "fixed", extsolve.FreeMPS: "free", extsolve.LP: "lp"}[k]
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dedupe drops repeated lines, keeping the order.
func dedupe(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}
