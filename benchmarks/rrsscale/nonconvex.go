package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

// runNonConvex times rrs.SolveGlobal to a proven gap on non-concave
// instances and compares its profit with the best of starts multistart
// local solves (the study rrs.MultistartStudy: qp.SolveLocal from seeded
// random policies). A sharded run (sp.Sharded) runs only its share of the
// starts, without the global method, and writes them to its record file
// (records, with the size appended to its name); -merge puts the shards'
// files together. It returns the exit code.
func runNonConvex(sizes string, seed uint64, spread, gap float64, budget time.Duration, starts, workers int, msBudget time.Duration, track bool, backend string, sp shard.Spec, records string) int {
	if err := solve.CheckBackend(backend); err != nil {
		fmt.Fprintln(os.Stderr, "rrsscale: -backend:", err)
		return 2
	}
	if sp.Sharded() && records == "" {
		fmt.Fprintln(os.Stderr, "rrsscale: -shard needs -records: a shard's output is its record file, for -merge")
		return 2
	}
	fmt.Printf("rrsscale -nonconvex: seed %d, slope spread ±%g, gap %g, budget %v, LP backend %s, %d multistart local solves on %d workers (budget %v, 0 = none, tracking %v, shard %v)\n", seed, spread, gap, budget, backend, starts, workers, msBudget, track, sp)
	fmt.Printf("%10s %9s %10s %10s %8s %8s %14s %14s %14s %12s %6s %10s %12s\n", "DCs×regs", "variables", "global (s)", "gap", "nodes", "LPs", "upper bound", "global profit", "best local", "starts", "failed", "local (s)", "global-local")
	for _, sz := range strings.Split(sizes, ",") {
		s, r, ok := parseSize(sz)
		if !ok {
			return 2
		}
		in := rrs.Random(s, r, seed, spread)
		p, err := in.Compile()
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			return 3
		}
		gprofit := math.NaN()
		if !sp.Sharded() {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			start := time.Now()
			sol, st, err := rrs.SolveGlobal(ctx, in, p, rrs.GlobalOptions{Gap: gap, Backend: backend})
			el := time.Since(start).Seconds()
			cancel()
			if err != nil && !errors.Is(err, rrs.ErrGlobalLimit) {
				fmt.Fprintln(os.Stderr, "rrsscale:", err)
				return 3
			}
			if sol != nil {
				gprofit = sol.Objective
			}
			// The global columns first: the multistart can take longer
			// than the global budget on large instances.
			fmt.Printf("%10s %9d %10.2f %10.2e %8d %8d %14.4f %14.4f", fmt.Sprintf("%dx%d", s, r), p.NumVars(), el,
				st.Gap, st.Nodes, st.LPSolves, st.BestBound, gprofit)
		} else {
			fmt.Printf("%10s %9d %10s %10s %8s %8s %14s %14s", fmt.Sprintf("%dx%d", s, r), p.NumVars(), "-", "-", "-", "-", "-", "-")
		}
		start := time.Now()
		ms, err := multistart(in, seed, starts, workers, msBudget, track, sp, sizedRecords(records, sizes, sz))
		lel := time.Since(start).Seconds()
		if err != nil {
			fmt.Println()
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			return 3
		}
		fmt.Printf(" %14.4f %7d/%-4d %6d %10.2f %12.4g\n", ms.Best, ms.Done, ms.Starts, ms.Failed, lel, gprofit-ms.Best)
	}
	return 0
}

// sizedRecords is the record file of size sz: records itself for one
// size, else records with the size before its extension.
func sizedRecords(records, sizes, sz string) string {
	if records == "" || !strings.Contains(sizes, ",") {
		return records
	}
	base, ext := records, ""
	for _, e := range []string{".jsonl.gz", ".jsonl"} {
		if strings.HasSuffix(records, e) {
			base, ext = strings.TrimSuffix(records, e), e
			break
		}
	}
	return base + "-" + strings.TrimSpace(sz) + ext
}

// multistart runs the shard's share of n local solves of in from random
// policies (rrs.MultistartStudy, start k drawn from its own stream of
// seed, so a start does not depend on the workers or the shard) on
// workers goroutines, stops after budget (0: no budget; the starts
// finished count) and streams each finished start to the record file
// records (none when empty).
func multistart(in *rrs.Instance, seed uint64, n, workers int, budget time.Duration, track bool, sp shard.Spec, records string) (rrs.MultistartResult, error) {
	q := rrs.Multistart{Instance: in, Starts: n, Seed: seed, Track: track}
	ctx := context.Background()
	p, err := rrs.MultistartStudy{}.Plan(ctx, q)
	if err != nil {
		return rrs.MultistartResult{}, err
	}
	opt := study.Options{Shard: sp, Workers: max(workers, 1)}
	if records != "" {
		h, err := study.Header(rrs.MultistartStudy{}, q, nil, sp)
		if err != nil {
			return rrs.MultistartResult{}, err
		}
		if opt.Records, err = shard.Create(records, h); err != nil {
			return rrs.MultistartResult{}, err
		}
	}
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	out, err := study.Run(ctx, p, opt)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		if opt.Records != nil {
			opt.Records.Abort()
		}
		return out.Result, err
	}
	if opt.Records != nil {
		if err := opt.Records.Close(); err != nil {
			return out.Result, err
		}
	}
	return out.Result, nil
}

// mergeMultistart merges the record files of a sharded multistart and
// prints its summary: the unsharded run's.
func mergeMultistart(files []string) int {
	ctx := context.Background()
	m, err := shard.Merge(ctx, files)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rrsscale: -merge:", err)
		return 2
	}
	q, r, err := study.Merged(ctx, rrs.MultistartStudy{}, m, files[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rrsscale: -merge:", err)
		return 2
	}
	in := q.Instance
	fmt.Printf("%s: %d multistart local solves (seed %d, tracking %v): best profit %.4f (start %d), %d without a KKT point\n",
		in.Name, r.Starts, q.Seed, q.Track, r.Best, r.BestStart, r.Failed)
	return 0
}
