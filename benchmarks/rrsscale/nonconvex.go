package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// runNonConvex times rrs.SolveGlobal to a proven gap on non-concave
// instances and compares its profit with the best of starts multistart
// local solves (qp.SolveLocal from random policies, seeded). A sharded run
// (sp.Sharded) runs only its share of the starts, without the global
// method, and lists each start, so that the shards' lists together are
// the unsharded multistart. It returns the exit code.
func runNonConvex(sizes string, seed uint64, spread, gap float64, budget time.Duration, starts, workers int, msBudget time.Duration, track bool, backend string, sp shard.Spec) int {
	if err := solve.CheckBackend(backend); err != nil {
		fmt.Fprintln(os.Stderr, "rrsscale: -backend:", err)
		return 2
	}
	fmt.Printf("rrsscale -nonconvex: seed %d, slope spread ±%g, gap %g, budget %v, LP backend %s, %d multistart local solves on %d workers (budget %v, 0 = none, tracking %v, shard %v)\n", seed, spread, gap, budget, backend, starts, workers, msBudget, track, sp)
	fmt.Printf("%10s %9s %10s %10s %8s %8s %14s %14s %14s %12s %6s %10s %12s\n", "DCs×regs", "variables", "global (s)", "gap", "nodes", "LPs", "upper bound", "global profit", "best local", "starts", "failed", "local (s)", "global-local")
	for _, sz := range strings.Split(sizes, ",") {
		s, r, ok := parseSize(sz)
		if !ok {
			return 2
		}
		in := generateSpread(s, r, seed, spread)
		p, err := in.Compile()
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			return 3
		}
		el, gprofit := math.NaN(), math.NaN()
		stats := &rrs.GlobalStats{Gap: math.NaN(), BestBound: math.NaN()}
		if !sp.Sharded() {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			start := time.Now()
			sol, st, err := rrs.SolveGlobal(ctx, in, p, rrs.GlobalOptions{Gap: gap, Backend: backend})
			el = time.Since(start).Seconds()
			cancel()
			if err != nil && !errors.Is(err, rrs.ErrGlobalLimit) {
				fmt.Fprintln(os.Stderr, "rrsscale:", err)
				return 3
			}
			if sol != nil {
				gprofit = sol.Objective
			}
			stats = st
		}
		globalCols := fmt.Sprintf("%10s %9d %10.2f %10.2e %8d %8d %14.4f %14.4f", fmt.Sprintf("%dx%d", s, r), p.NumVars(), el,
			stats.Gap, stats.Nodes, stats.LPSolves, stats.BestBound, gprofit)
		var report func(startResult)
		if sp.Sharded() {
			// Each start as it ends, so that a run stopped early keeps
			// the starts it finished.
			report = func(st startResult) {
				fmt.Printf("start %dx%d %d: profit %.4f, KKT residual %.2e, %.2f s\n", s, r, st.k, st.profit, st.residual, st.seconds)
			}
		} else {
			// The global columns first: the multistart can take longer
			// than the global budget on large instances.
			fmt.Print(globalCols)
			globalCols = ""
		}
		start := time.Now()
		ms := multistart(p, in, seed, starts, workers, msBudget, track, sp, report)
		lel := time.Since(start).Seconds()
		fmt.Printf("%s %14.4f %7d/%-4d %6d %10.2f %12.4g\n", globalCols, ms.best, ms.done, ms.asked, ms.failed, lel, gprofit-ms.best)
	}
	return 0
}

// multistartResult sums up a multistart run.
type multistartResult struct {
	best                float64 // best profit of the local solves that ended at a KKT point
	asked, done, failed int     // starts of the shard, local solves finished, and of those the ones without a KKT point
}

// startResult is one local solve: start k, its profit (NaN when it
// failed), KKT residual and time.
type startResult struct {
	k                         int
	profit, residual, seconds float64
}

// multistart runs the shard's share of n local solves from random policies
// (all n drawn from seed before any solve, so a start does not depend on
// the workers or the shard) on workers goroutines, and starts no new one
// after the budget (0: no budget). report, if not nil, is called with each
// start as it ends, one call at a time.
func multistart(p *qp.Problem, in *rrs.Instance, seed uint64, n, workers int, budget time.Duration, track bool, sp shard.Spec, report func(startResult)) multistartResult {
	rng := rand.New(rand.NewPCG(seed, 14))
	s, r := len(in.DataCenters), len(in.Regions)
	starts := make([][]float64, n)
	for k := range starts {
		x := make([]float64, s*r)
		for j := 0; j < r; j++ {
			sum := 0.0
			for i := 0; i < s; i++ {
				x[in.Var(i, j)] = rng.ExpFloat64()
				sum += x[in.Var(i, j)]
			}
			for i := 0; i < s; i++ {
				x[in.Var(i, j)] /= sum
			}
		}
		starts[k] = x
	}
	var mine []int
	for k := 0; k < n; k++ {
		if sp.Has(k) {
			mine = append(mine, k)
		}
	}
	deadline := time.Now().Add(budget)
	var mu sync.Mutex
	res := multistartResult{best: math.Inf(-1), asked: len(mine)}
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				at := next
				next++
				mu.Unlock()
				if at >= len(mine) || (budget > 0 && time.Now().After(deadline)) {
					return
				}
				k := mine[at]
				t0 := time.Now()
				loc, err := p.SolveLocal(context.Background(), starts[k], qp.LocalOptions{Track: track})
				st := startResult{k: k, profit: math.NaN(), residual: math.NaN(), seconds: time.Since(t0).Seconds()}
				mu.Lock()
				res.done++
				if err == nil {
					st.residual = loc.Residuals.Max()
				}
				if err != nil || loc.Residuals.Max() > qp.KKTTol {
					res.failed++
				} else {
					st.profit = loc.Objective
					res.best = math.Max(res.best, loc.Objective)
				}
				if report != nil {
					report(st)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return res
}
