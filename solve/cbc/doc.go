//go:build cbc

// Package cbc is the streamopt solver backend over COIN-OR CBC, an
// open-source branch-and-cut MILP solver (J. Forrest et al.,
// https://github.com/coin-or/Cbc), reached through CBC's own C interface
// (Cbc_C_Interface.h) with cgo. It is compiled only with the build tag cbc
// and registers itself as backend "cbc"; import it for its side effect:
//
//	import _ "github.com/streamopt/streamopt/solve/cbc"
//
// It needs the Debian packages coinor-libcbc-dev and pkg-config (CBC 2.10.8
// on Debian 12), and links libCbcSolver dynamically through pkg-config.
//
// # What it solves
//
// MILPs and LPs  min/max cᵀx + c₀  s.t.  rl ≤ Ax ≤ ru,  l ≤ x ≤ u,
// x_j ∈ ℤ for integer columns, loaded with Cbc_loadProblem (ranged rows as
// they are, ±Inf as ±COIN_DBL_MAX) and Cbc_setInteger. A model with an
// integer column goes to CBC's branch and cut (Cbc_solve runs CbcMain1, the
// driver of the cbc command, with its default preprocessing, cuts and
// heuristics); a model without one is handed by Cbc_solve to CLP's dual
// simplex alone, which gives row duals (read from the solver behind the C
// handle; the reduced costs are recomputed as d = c − Aᵀy) and is polished
// as in solve/clp when an optimum misses a bound by more than half of
// solve.DefaultPrimalTol.
//
// Options: MIPGap → CBC's ratioGap (relative; 0 means mip.DefaultMIPGap,
// 1e-6, so that an optimum matches the pure-Go branch and bound's); IntTol,
// PrimalTol, DualTol → integerTolerance, primalTolerance, dualTolerance
// (for an LP, CLP's tolerances); NodeLimit → maxNodes; IterationLimit →
// the stop handler, which ends the search at its next event once CBC has
// made that many simplex iterations (CBC's maxIterations parameter did not
// stop the search: a market split solve set to 2000 went on for 6 million
// iterations to its optimum); for an LP, CLP's iteration limit. Options.Raw accepts a
// few CBC parameters, each checked:
//
//	threads = N          (CBC's threads; default 0, one thread)
//	seed = N             (randomCbcSeed)
//	cuts = on | off | root | ifmove | forceOn
//	heuristics = on | off
//	presolve = on | off | more
//	preprocess = off | on | equal | sos | trysos | equalall | strategy | aggregate | forcesos
//
// They apply to a branch and cut; an LP, which CLP solves alone, ignores
// them. Any other key is an error. CBC prints to the process's C stdout, which
// belongs to the caller, so its log is off; Options.Log gets one summary
// line (CBC's status and secondary status, the stop reason, objective,
// bound, nodes, iterations).
//
// Values CLP cannot take are refused first, with the limits of solve/clp
// (MaxCoef, MaxObj, MaxBound) and an error wrapping lp.ErrInvalid and
// ErrRange: CBC solves its LPs with the same CLP, which aborts the process
// on an objective coefficient of 1e25.
//
// # Stopping
//
// CBC 2.10.8's C interface has no way to stop a running solve: there is no
// Cbc_setTimeLimit, only limits on CBC's own clock (Cbc_setMaximumSeconds,
// the "seconds" parameter; CPU time unless timeMode is elapsed), and the
// message callback (Cbc_registerCallBack) and the cut callback
// (Cbc_addCutCallback) return nothing. Its header does declare the Cbc_Model structure
// (Coin_C_defines.h with CBC_EXTERN_C), so a small C++ shim (shim.cpp)
// installs, as solve/clp does, stop handlers on the CbcModel and the CLP
// solver behind the handle: a CbcEventHandler that asks CBC to stop at the
// end of a node, a heuristic pass or a round of cuts, and for an LP a
// ClpEventHandler that ends the simplex at the end of an iteration, once
// the context is cancelled or its deadline, read on a monotonic clock, has
// passed. For a deadline CBC's own clock is set as well (timeMode elapsed,
// seconds), which covers preprocessing and the root's cut loop between
// those events. Either way the answer is lp.TimeLimit with the incumbent,
// if there is one, and CBC's bound. Where CBC runs long between two events
// (a root LP of a large model), solve.Solve's StopGrace still bounds the
// wait.
//
// CbcMain1 replaces the process's SIGINT handler with signal() during a
// solve and puts the previous one back the same way, which drops the
// SA_ONSTACK and SA_SIGINFO flags Go's handler needs: an interrupt later in
// the solve then ends the whole process with the Go runtime's "non-Go code
// set up signal handler without SA_ONSTACK flag". The shim therefore
// defines signal() for the binary (the dynamic linker binds CBC's calls to
// it): while a CBC solve runs, a call for SIGINT leaves the disposition as
// it is; every other call goes to the C library. The whole SIGINT
// disposition is also saved before the solve and restored after it. An
// interrupt during a solve thus reaches the caller's handler (cmd/solve
// cancels the context, and the stop handler ends the search).
//
// CbcMain1 also parses its arguments through global state, so
// the backend admits one CBC solve at a time per process (a second waits,
// or returns lp.TimeLimit if its context ends while it waits).
//
// # Status and bound
//
// After a branch and cut, CBC's status, secondary status and proofs map as:
// stopped by the stop handler → TimeLimit (IterationLimit when it was the
// iteration limit); finished and proven optimal →
// Optimal (with GapTolerance set to Options.MIPGap when the gap is not
// closed to mip.DefaultMIPGap); the relaxation unbounded (secondary 7) →
// InfeasibleOrUnbounded, since CBC does not establish an integer point;
// finished and proven infeasible → Infeasible; stopped on time or an event
// (secondary 4, 5) → TimeLimit, on nodes or solutions (3, 6) → NodeLimit,
// on iterations (8) → IterationLimit, each with CBC's incumbent
// (Cbc_bestSolution) when there is one; abandoned (status 2) and anything
// else → NumericalError. BestBound is Cbc_getBestPossibleObjValue plus the
// objective constant, in the model's sense; CBC never reports it past its
// incumbent, and it is kept on the incumbent's side of the objective
// recomputed from x. A bound CBC has not established (beyond 1e50) is the
// trivial infinite one. An LP maps CLP's proofs: optimal → Optimal, primal
// infeasible → Infeasible, dual infeasible → InfeasibleOrUnbounded (no
// primal point is proven), stopped on the iteration limit →
// IterationLimit, anything else → NumericalError.
//
// # Licence
//
// CBC and CLP are distributed under the Eclipse Public License 2.0 and are
// linked dynamically.
//
// References: J. Forrest, T. Ralphs, et al., CBC user guide, COIN-OR;
// L. A. Wolsey, Integer Programming, 2nd ed., Wiley 2020 (branch and cut).
package cbc
