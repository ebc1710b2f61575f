package mip

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// sharedMILP is one instance of ../shared/miplib or ../shared/miplib3.
type sharedMILP struct {
	name, path string
	opt        float64
}

// sharedMILPs lists the instances of both shared MILP sets with their
// optima from each set's optimal.csv (miplib3 holds gzipped MPS files).
func sharedMILPs(t *testing.T) []sharedMILP {
	t.Helper()
	dir := instances.DirOrSkip(t)
	var out []sharedMILP
	for _, set := range []string{"miplib", "miplib3"} {
		list, err := instances.Dir(filepath.Join(dir, set))
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range list {
			out = append(out, sharedMILP{in.Name, in.Path, in.Optimum})
		}
	}
	return out
}

// techniques are the settings TestMeasureTechniques compares, by name.
var techniques = map[string]func(*Options){
	"none":      func(o *Options) { o.Conflicts, o.Cliques, o.Probing = Off, Off, Off },
	"conflicts": func(o *Options) { o.Conflicts, o.Cliques, o.Probing = On, Off, Off },
	"cliques":   func(o *Options) { o.Conflicts, o.Cliques, o.Probing = Off, On, Off },
	"probing":   func(o *Options) { o.Conflicts, o.Cliques, o.Probing = Off, Off, On },
	"all":       func(o *Options) { o.Conflicts, o.Cliques, o.Probing = On, On, On },
	"default":   func(o *Options) {},
}

// TestMeasureTechniques measures one setting of the conflict and clique
// switches (STREAMOPT_MEASURE=none|conflicts|cliques|probing|all|default)
// on every shared MILP instance with a time limit per instance
// (STREAMOPT_MEASURE_LIMIT, default 20s), writing one CSV line per instance
// (setting, name, status, objective, bound, nodes, wall-clock seconds, CPU
// seconds of the process) to the file named by
// STREAMOPT_MEASURE_OUT. The limit is wall-clock time, or with
// STREAMOPT_MEASURE_CPU=1 the CPU time of the process (run with
// GOMAXPROCS=1 for one core). It fails if an answer contradicts optimal.csv.
func TestMeasureTechniques(t *testing.T) {
	name := os.Getenv("STREAMOPT_MEASURE")
	if name == "" {
		t.Skip("set STREAMOPT_MEASURE to a setting to measure it on the shared MILP instances")
	}
	set, ok := techniques[name]
	if !ok {
		t.Fatalf("STREAMOPT_MEASURE=%q: not a setting", name)
	}
	limit := 20 * time.Second
	if v := os.Getenv("STREAMOPT_MEASURE_LIMIT"); v != "" {
		var err error
		if limit, err = time.ParseDuration(v); err != nil {
			t.Fatalf("STREAMOPT_MEASURE_LIMIT: %v", err)
		}
	}
	cpuLimit := os.Getenv("STREAMOPT_MEASURE_CPU") == "1"
	if cpuLimit && cputime.Process().Seconds() == 0 {
		t.Skip("STREAMOPT_MEASURE_CPU=1 needs getrusage")
	}
	out := os.Stdout
	if p := os.Getenv("STREAMOPT_MEASURE_OUT"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out = f
	}
	for _, in := range sharedMILPs(t) {
		m, err := mps.ReadFile(in.path)
		if err != nil {
			t.Fatal(err)
		}
		var o Options
		set(&o)
		cpu0 := cputime.Process().Seconds()
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		if cpuLimit {
			ctx, cancel = withCPULimit(cpu0, limit)
		}
		sol, err := Solve(ctx, m, o)
		cpu := cputime.Process().Seconds() - cpu0
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		fmt.Fprintf(out, "%s,%s,%s,%.10g,%.10g,%d,%.3f,%.3f\n", name, in.name, sol.Status, sol.Objective, sol.BestBound, sol.Nodes, sol.Time.Seconds(), cpu)
		checkAgainstOptimum(t, m, in, sol)
	}
}

// withCPULimit returns a context cancelled once the process has used limit
// of CPU time after cpu0.
func withCPULimit(cpu0 float64, limit time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if cputime.Process().Seconds()-cpu0 >= limit.Seconds() {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}

// solveSharedOptimal solves the shared instance in with o and checks that
// the answer is Optimal at the optimum of optimal.csv, at a point
// checkPoint accepts.
func solveSharedOptimal(t *testing.T, in sharedMILP, o Options) {
	t.Helper()
	m, err := mps.ReadFile(in.path)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solve(context.Background(), m, o)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal {
		t.Fatalf("status %v, want optimal %v", sol.Status, in.opt)
	}
	checkAgainstOptimum(t, m, in, sol)
	checkPoint(t, m, sol)
}

// checkAgainstOptimum fails t if sol's incumbent is better than the known
// optimum or its bound is beyond it (beyond 1e-6 relative), or if an
// Optimal answer differs from it.
func checkAgainstOptimum(t *testing.T, m *lp.Model, in sharedMILP, sol *lp.Solution) {
	t.Helper()
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	tol := 1e-6 * math.Max(1, math.Abs(in.opt))
	if sol.X != nil && sign*(sol.Objective-in.opt) < -tol {
		t.Errorf("%s: incumbent %.10g better than the optimum %.10g", in.name, sol.Objective, in.opt)
	}
	if sign*(sol.BestBound-in.opt) > tol {
		t.Errorf("%s: %v with bound %.10g beyond the optimum %.10g: the optimum was cut off", in.name, sol.Status, sol.BestBound, in.opt)
	}
	if sol.Status == lp.Optimal && math.Abs(sol.Objective-in.opt) > tol {
		t.Errorf("%s: optimal %.10g, want %.10g", in.name, sol.Objective, in.opt)
	}
}
