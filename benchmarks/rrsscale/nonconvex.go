package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// runNonConvex times rrs.SolveGlobal to a proven gap on non-concave
// instances and compares its profit with the best of starts multistart
// local solves (qp.SolveLocal from random policies, seeded). It returns the
// exit code.
func runNonConvex(sizes string, seed uint64, spread, gap float64, budget time.Duration, starts int, backend string) int {
	if err := solve.CheckBackend(backend); err != nil {
		fmt.Fprintln(os.Stderr, "rrsscale: -backend:", err)
		return 2
	}
	fmt.Printf("rrsscale -nonconvex: seed %d, slope spread ±%g, gap %g, budget %v, LP backend %s, %d multistart local solves\n", seed, spread, gap, budget, backend, starts)
	fmt.Printf("%10s %9s %10s %10s %8s %8s %14s %14s %14s %10s %12s\n", "DCs×regs", "variables", "global (s)", "gap", "nodes", "LPs", "upper bound", "global profit", "best local", "local (s)", "global-local")
	for _, sz := range strings.Split(sizes, ",") {
		var s, r int
		if _, err := fmt.Sscanf(strings.TrimSpace(sz), "%dx%d", &s, &r); err != nil || s <= 0 || r <= 0 {
			fmt.Fprintf(os.Stderr, "rrsscale: -sizes: bad entry %q (want DCSxREGIONS)\n", sz)
			return 2
		}
		in := generateSpread(s, r, seed, spread)
		p, err := in.Compile()
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			return 3
		}
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		start := time.Now()
		sol, err := rrs.SolveGlobal(ctx, in, p, rrs.GlobalOptions{Gap: gap, Backend: backend})
		el := time.Since(start).Seconds()
		cancel()
		if err != nil && !errors.Is(err, rrs.ErrGlobalLimit) {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			return 3
		}
		gprofit := math.NaN()
		if sol.X != nil {
			gprofit = sol.Objective
		}
		// The global columns first: the multistart can take longer than
		// the global budget on large instances.
		fmt.Printf("%10s %9d %10.2f %10.2e %8.0f %8.0f %14.4f %14.4f", fmt.Sprintf("%dx%d", s, r), p.NumVars(), el,
			sol.Stats["gap"], sol.Stats["nodes"], sol.Stats["lp_solves"], sol.Stats["best_bound"], gprofit)
		start = time.Now()
		best := multistart(p, in, seed, starts)
		lel := time.Since(start).Seconds()
		fmt.Printf(" %14.4f %10.2f %12.4g\n", best, lel, gprofit-best)
	}
	return 0
}

// multistart is the best profit of n local solves from random policies.
func multistart(p *qp.Problem, in *rrs.Instance, seed uint64, n int) float64 {
	rng := rand.New(rand.NewPCG(seed, 14))
	s, r := len(in.DataCenters), len(in.Regions)
	best := math.Inf(-1)
	for k := 0; k < n; k++ {
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
		loc, err := p.SolveLocal(context.Background(), x, qp.LocalOptions{})
		if err != nil || loc.Residuals.Primal > qp.KKTTol {
			continue
		}
		best = math.Max(best, loc.Objective)
	}
	return best
}
