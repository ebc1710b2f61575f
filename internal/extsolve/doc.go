// Package extsolve runs the command-line LP/MILP solvers that Debian
// packages — glpsol (glpk-utils, GLPK 5.0), clp (coinor-clp 1.17), cbc
// (coinor-cbc 2.10) and lp_solve (lp-solve 5.5) — and, when node finds it,
// HiGHS compiled to WebAssembly (npm highs) on a model file, under a
// time limit, and reads the status and objective value from what they
// print. Tests use them as independent readers of the files lp/mps and
// lp/lpformat write; benchmarks/lpbench uses clp and cbc as references.
//
// Each solver gets its own time limit in wall-clock time (glpsol --tmlim,
// clp and cbc -timeMode elapsed with -seconds and -sec, whose default is
// CPU time, lp_solve -timeout; whole seconds) and is killed if it is still
// running Options.Grace after it; a killed run has status TimeLimit.
//
// What each solver reads (Kind) and how:
//
//	glpsol    fixed MPS (--mps), free MPS (--freemps), CPLEX LP (--lp); the
//	          objective from its solution file (-w): "s bas m n p d z" for an
//	          LP (optimal when p and d are both "f") or "s mip m n s z" (optimal
//	          when s is "o"), the status also from its messages.
//	clp       MPS of either kind and CPLEX LP (it tells them apart itself;
//	          a CPLEX LP file must say "-inf", not "-infinity");
//	          dual simplex; the last summary line, e.g. "Optimal objective
//	          -464.7531429 - 5 iterations time 0.002". clp solves the LP
//	          relaxation of a MILP, so Run refuses a MILP (ErrNotMILP).
//	cbc       MPS of either kind and CPLEX LP; "-solve -quit"; the closing
//	          summary "Result - Optimal solution found" and "Objective
//	          value: z", or, for an LP, the clp summary line.
//	lp_solve  fixed MPS (-mps), free MPS (-fmps); not CPLEX LP (the Debian
//	          package has no xli_CPLEX reader: ErrFormat); the status from
//	          the exit code (0 optimal, 1 suboptimal, 2 infeasible, 3
//	          unbounded, 5 numerical failure, 7 timeout) and "Value of
//	          objective function: z" (-S1).
//
//	highs-js  HiGHS 1.15 compiled to WebAssembly (npm package highs), run by
//	          node with a small script Run writes: MPS of either kind and
//	          CPLEX LP; optional (Find checks that node can load it).
//
// The printed objectives have 10 (clp) or more significant digits, or 8
// decimals (cbc, lp_solve): enough for comparisons to 1e-6 relative.
package extsolve
