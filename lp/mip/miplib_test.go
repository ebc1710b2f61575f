package mip

import (
	"context"
	"math"
	"os"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// Agreement with independent solvers on the same MPS files (default
// settings, run on the shared development machine under heavy load; the
// times are wall clock and only indicative):
//
//	instance     optimal.csv      cbc 2.10.8 (-sec 100)   lp_solve 5.5.2.5 (-fmps, 120 s)
//	small_mip    3.2368421        3.23684211              3.23684211
//	flugpl       1201500          1201500                 1201500
//	lseu         1120             1120                    1120
//	egout        568.1007         568.1007                568.1007
//	rgn          82.19999         82.19999924             82.19999924
//	bell5        8966406.49152    8966406.49152           no answer in 120 s
//	p0548        8691             8691                    no answer in 120 s
//	dcmulti      188182           188182                  188182
//	gt2          21166            21166                   no answer in 120 s
//	sp150x300d   69               no answer in 100 s      no answer in 120 s
//
// This package reproduces every value but sp150x300d's within 60 s: there
// it finds incumbents of 69 to 77, but its flow-cover, c-MIR and Gomory
// cuts lift the root bound only from 4.9 to about 43, and the search reaches
// about 61 in 60 s (cbc 2.10.8 has a bound of 61 after 2 s).

// quickMiplib are the instances of shared/miplib the default test run
// solves; the others run only with STREAMOPT_LONG=1.
var quickMiplib = map[string]bool{
	"small_mip": true, "flugpl": true, "lseu": true, "rgn": true, "gt2": true, "bell5": true, "egout": true,
}

// TestMiplib solves the shared MIPLIB instances and compares with the
// optima in their optimal.csv (HiGHS check values confirmed by glpsol/cbc).
func TestMiplib(t *testing.T) {
	ins := instances.MiplibOrSkip(t)
	long := os.Getenv("STREAMOPT_LONG") == "1"
	for _, in := range ins {
		t.Run(in.Name, func(t *testing.T) {
			if !long && !quickMiplib[in.Name] {
				t.Skip("slow instance; set STREAMOPT_LONG=1")
			}
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			// The default run is deterministic: a generous node limit guards
			// against a runaway search. STREAMOPT_LONG=1 measures the 60 s
			// time limit the instances are meant to be solved within.
			ctx := context.Background()
			opts := Options{NodeLimit: 200000}
			if long {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
				defer cancel()
				opts.NodeLimit = 0
			}
			if testing.Verbose() {
				opts.Log = os.Stderr
				opts.LogEvery = 2000
			}
			sol, err := Solve(ctx, m, opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %v obj %.10g bound %.10g nodes %d iters %d in %v", in.Name, sol.Status, sol.Objective, sol.BestBound, sol.Nodes, sol.Iterations, sol.Time)
			if sol.Status != lp.Optimal {
				t.Fatalf("status %v, want optimal %v (%s)", sol.Status, in.Optimum, in.Source)
			}
			if math.Abs(sol.Objective-in.Optimum) > 1e-6*math.Max(1, math.Abs(in.Optimum)) {
				t.Errorf("objective %.10g, want %.10g (%s)", sol.Objective, in.Optimum, in.Source)
			}
			checkPoint(t, m, sol)
		})
	}
}

// BenchmarkMiplib solves each quick instance once per iteration and reports
// the nodes and LP iterations per solve.
func BenchmarkMiplib(b *testing.B) {
	ins := instances.MiplibOrSkip(b)
	for _, in := range ins {
		if !quickMiplib[in.Name] {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.Name, func(b *testing.B) {
			var nodes, iters int
			for b.Loop() {
				sol, err := Solve(context.Background(), m, Options{})
				if err != nil {
					b.Fatal(err)
				}
				if sol.Status != lp.Optimal {
					b.Fatalf("status %v", sol.Status)
				}
				nodes += sol.Nodes
				iters += sol.Iterations
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(iters)/float64(b.N), "lpiters/op")
		})
	}
}

// TestDeterministic solves lseu three times: the root cuts, and so the
// search, must not depend on Go's map iteration order (before the cut
// separators summed over maps in that order, lseu took anywhere from 500
// to 700 nodes from one run to the next).
func TestDeterministic(t *testing.T) {
	ins := instances.MiplibOrSkip(t)
	for _, in := range ins {
		if in.Name != "lseu" {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		var first *lp.Solution
		for run := 0; run < 3; run++ {
			sol, err := Solve(context.Background(), m, Options{NodeLimit: 200000})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = sol
				continue
			}
			if sol.Nodes != first.Nodes || sol.Iterations != first.Iterations || sol.Objective != first.Objective {
				t.Errorf("run %d: %d nodes, %d iterations, objective %v; run 0: %d, %d, %v",
					run, sol.Nodes, sol.Iterations, sol.Objective, first.Nodes, first.Iterations, first.Objective)
			}
		}
	}
}

// TestMiplibCallbacks follows the quick MIPLIB instances with an event
// callback: the incumbents improve strictly, each satisfies the model, every
// reported bound is valid for the optimum of optimal.csv, and a callback
// that only watches leaves the search as it was (the same nodes and
// answer). Stopped at its first incumbent, each search returns that
// incumbent with status time_limit and a valid bound.
func TestMiplibCallbacks(t *testing.T) {
	ins := instances.MiplibOrSkip(t)
	for _, in := range ins {
		if !quickMiplib[in.Name] {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			sign := 1.0 // better means smaller sign·z
			if m.Sense == lp.Maximize {
				sign = -1
			}
			tol := 1e-6 * math.Max(1, math.Abs(in.Optimum))
			opts := Options{NodeLimit: 200000}
			plain, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatal(err)
			}
			var inc []Event
			progress := 0
			opts.Callbacks = Callbacks{Every: 50, Event: func(e Event) error {
				if sign*e.Bound > sign*in.Optimum+tol {
					t.Errorf("%v event at node %d: bound %.10g beyond the optimum %.10g (%s)", e.Kind, e.Nodes, e.Bound, in.Optimum, in.Source)
				}
				if e.Kind == IncumbentEvent {
					inc = append(inc, e)
				} else {
					progress++
				}
				return nil
			}}
			sol, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Nodes != plain.Nodes || sol.Objective != plain.Objective || sol.Status != plain.Status {
				t.Errorf("with a watching callback: %v %v in %d nodes; without: %v %v in %d nodes",
					sol.Status, sol.Objective, sol.Nodes, plain.Status, plain.Objective, plain.Nodes)
			}
			if len(inc) == 0 || progress == 0 {
				t.Fatalf("%d incumbent and %d progress events", len(inc), progress)
			}
			for k, e := range inc {
				checkPoint(t, m, &lp.Solution{X: e.X, Objective: e.Objective, RowActivity: m.Activities(e.X)})
				if k > 0 && !(sign*e.Objective < sign*inc[k-1].Objective) {
					t.Errorf("incumbent %d (%s): %.10g after %.10g", k, e.Source, e.Objective, inc[k-1].Objective)
				}
			}
			if last := inc[len(inc)-1]; last.Objective != sol.Objective {
				t.Errorf("last incumbent %.10g, answer %.10g", last.Objective, sol.Objective)
			}

			// stopped at the first incumbent
			opts.Callbacks = Callbacks{Event: func(e Event) error {
				if e.Kind == IncumbentEvent {
					return ErrStop
				}
				return nil
			}}
			stopped, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatal(err)
			}
			if stopped.Status == lp.TimeLimit {
				if stopped.Objective != inc[0].Objective {
					t.Errorf("stopped: incumbent %.10g, first event %.10g", stopped.Objective, inc[0].Objective)
				}
				if sign*stopped.BestBound > sign*in.Optimum+tol {
					t.Errorf("stopped: bound %.10g beyond the optimum %.10g", stopped.BestBound, in.Optimum)
				}
				checkPoint(t, m, stopped)
			} else if stopped.Status != lp.Optimal || len(inc) != 1 {
				// only a search whose first incumbent ends it may finish
				t.Errorf("stopped: status %v after %d nodes (%d incumbents unstopped)", stopped.Status, stopped.Nodes, len(inc))
			}
			t.Logf("%d incumbents, %d progress events, %d nodes; stopped after %d nodes, gap %.3g", len(inc), progress, sol.Nodes, stopped.Nodes, stopped.Gap)
		})
	}
}
