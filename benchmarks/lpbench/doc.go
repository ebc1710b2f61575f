// Command lpbench compares the LP/MILP solver backends compiled into
// streamopt on MPS instances, with the clp (LP) and cbc (MILP) command-line
// solvers as external references; its MILP mode (-milp, below) compares the
// pure-Go branch and bound with the cbc backend and HiGHS.
//
//	go run -tags clp,lpsolve,cbc ./benchmarks/lpbench [-dir DIR ...] \
//	    [-backends simplex,clp,lpsolve,cbc,gonum] [-timeout 60s] [-out DIR] [-ref clp] [-ref-milp cbc-cli] [-no-cli] [-clock cpu|wall]
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
// profile per class, profile_lp.png and profile_milp.png (-plot-format
// svg,pdf writes those formats instead, by file extension).
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
//
// # MILP mode
//
//	go run -tags cbc ./benchmarks/lpbench -milp [-timeout 20s] [-clock cpu|wall] [-highs FILE.csv] [-dir DIR ...] [-out DIR]
//
// compares the pure-Go branch and bound (backend simplex) with CBC (the cbc
// backend, solve/cbc, build tag cbc) in this process, on every MILP of the
// shared miplib and miplib3 folders (or of -dir), one solve at a time, one
// thread each (GOMAXPROCS 1 for the Go side, CBC's default of no extra
// threads), at the same time limit (default 20 s). With -clock cpu (the
// default) the limit is on the CPU time of this process, enforced by
// cancelling the solve's context (and a wall-clock cap of ten times the
// limit); with -clock wall it is a wall-clock deadline. Each backend is
// called directly and waited for, so a late stop counts in its time, and
// its answer is checked with solve.Verify (an optimum that fails becomes
// numerical_error). -highs adds the HiGHS results of highs_milp.py, which
// runs scipy.optimize.milp on the same files. It writes lpbench_milp.csv
// and prints one table: per instance each solver's status, objective and
// time, the number each solved (optimal, verified, within 1e-6 relative of
// the known optimum), and for each other solver the shifted geometric mean
// time, exp(mean(ln(t + 1))) − 1 seconds, of the pure-Go branch and bound
// and of that solver on the instances both solved. README.md shows a run.
package main
