// Command rrsscale times the direct convex QP solver (solve rrs --method qp)
// on generated RRS instances from 10 DCs × 100 regions up to 200 DCs × 2000
// regions (400 000 routing variables), and optionally compares it with an
// independent solver on the same lifted QP: CLP's barrier (-clp, the QP
// written as MPS with a QUADOBJ section) or cvxopt (-cvxopt, via
// cvxopt_ref.py). Run it from the repository root:
//
//	go run ./benchmarks/rrsscale [-sizes 50x500,200x2000] [-seed 1] [-clp | -cvxopt] [-csv out.csv]
//
// The instances are random but reproducible from the seed: DCs and regions
// are placed uniformly in a square, D_ij = 5 + 100·distance ms, shares are
// normalised exponentials, λ_i ~ U(0.5, 0.8), ι_i ~ U(0.0005, 0.0015),
// B_i ~ U(0.5, 1.5)·(1 − λ_i)/ι_i, κ = 0.004 for every region (concave case),
// and N = 0.8·ΣC_i.
//
// With -nonconvex the slopes become κ_j = 0.004·(1 + spread·u_j), u_j
// uniform in [−1, 1] (-spread, default 0.75), and it times rrs.SolveGlobal
// (solve rrs --method global) to a proven relative gap (-gap, default 1e-4)
// or reports the gap reached within -budget (default 10 min), and compares
// its profit with the best of -multistart (default 200) local solves
// (qp.SolveLocal from seeded random policies):
//
//	go run ./benchmarks/rrsscale -nonconvex -sizes 20x100,50x500 [-budget 10m] [-multistart 200]
//
// The multistart is the study rrs.MultistartStudy (package study): start k
// begins from a policy drawn from its own stream sim.Stream(seed, k), so it
// does not depend on the shard or the worker that runs it. -shard i/n (or
// slurm, k8s/n, as in the sweeps of cmd/solve) runs only the starts
// k ≡ i (mod n), skips the global method and streams each finished start
// to -records FILE (one file per size with several -sizes); -merge puts the
// shards' files together and prints the best of all the starts, the
// unsharded multistart's:
//
//	go run ./benchmarks/rrsscale -nonconvex -sizes 200x2000 -multistart 200 -workers 2 -shard 0/4 -records s0.jsonl
//	go run ./benchmarks/rrsscale -merge s0.jsonl s1.jsonl s2.jsonl s3.jsonl
//
// -backend names the LP backend of the global method's relaxations (auto:
// the pure-Go simplex, whose bound-tightening LPs start warm; clp when built
// with -tags clp, each LP then solved afresh), and -cpuprofile writes a CPU
// profile of the run for go tool pprof.
package main
