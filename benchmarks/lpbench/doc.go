// Command lpbench compares the LP/MILP solver backends compiled into
// streamopt on MPS instances, with the clp (LP) and cbc (MILP) command-line
// solvers as external references.
//
//	go run -tags clp,lpsolve ./benchmarks/lpbench [-dir DIR ...] \
//	    [-backends simplex,clp,lpsolve,gonum] [-timeout 60s] [-out DIR] [-ref clp] [-ref-milp cbc-cli] [-no-cli] [-clock cpu|wall]
//
// (with CGO_CFLAGS="-O2 -g -I/usr/include/lpsolve" for the lpsolve tag; see
// docs/native-backends.md). Without -dir it reads every MPS file of the
// shared netlib and miplib folders (internal/instances), with the optima of
// each folder's optimal.csv. Every backend that can take a model (its
// Capabilities) solves it through solve.Solve, so each answer is verified
// (solve.Verify) before it counts; the clp command, when on PATH, solves
// the LPs with dual simplex and its default presolve (the backends run
// without presolve), and the cbc command the MILPs with its defaults
// (presolve, cuts, heuristics).
//
// Times: each solve's wall-clock time and its CPU time (user + system, from
// getrusage for the backends, which run one at a time in this process, and
// from the operating system for the clp process). The table and profiles
// rank by CPU time unless -clock wall is given: on a loaded machine the
// wall-clock time mostly measures the other processes. A backend's time
// includes passing the model to the solver; the clp command's includes
// reading the MPS file.
//
// Output, in -out (default benchmarks/out/lpbench): lpbench.csv with one row
// per instance and solver (instance, set, backend, status, objective,
// optimum, rel_error = |z − z*| / max(1, |z*|), seconds (wall), cpu_seconds,
// iterations, note);
// on stdout a table per problem class with each time and its ratio to the
// reference solver (-ref for LPs, default the clp backend, else clp-cli;
// -ref-milp for MILPs, default cbc-cli), the
// number solved and the geometric mean of the ratios; and a performance
// profile per class, profile_lp.png and profile_milp.png.
//
// # Performance profile
//
// A solver s solves instance p when its status is optimal, its answer
// passed verification and, when z* is known, |z − z*| / max(1, |z*|) ≤ 1e-6.
// With t_{p,s} its time (+∞ when it did not solve p; times under 1 ms count
// as 1 ms), the performance ratio is r_{p,s} = t_{p,s} / min_s' t_{p,s'} and
// the profile is ρ_s(τ) = |{p : r_{p,s} ≤ τ}| / n_p, drawn against log₂ τ:
// ρ_s(1) is the fraction of instances on which s was fastest, and ρ_s(τ)
// for large τ the fraction it solved at all (E. D. Dolan and J. J. Moré,
// "Benchmarking optimization software with performance profiles",
// Mathematical Programming 91 (2002) 201–213).
//
// The solves run one at a time; the time limit (-timeout) is wall-clock.
// Times vary from run to run, so compare ratios within one run.
package main
