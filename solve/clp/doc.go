//go:build clp

// Package clp is the streamopt solver backend over COIN-OR CLP, an
// open-source simplex and interior-point LP solver (J. Forrest et al.,
// https://github.com/coin-or/Clp), reached through the cgo binding
// github.com/lanl/clp. It is compiled only with the build tag clp and
// registers itself as backend "clp"; import it for its side effect:
//
//	import _ "github.com/streamopt/streamopt/solve/clp"
//
// It needs the Debian packages coinor-libclp-dev and pkg-config.
//
// # What it solves
//
// Continuous LPs  min/max cᵀx + c₀  s.t.  rl ≤ Ax ≤ ru,  l ≤ x ≤ u,
// with ranged rows passed as they are (CLP stores a row as [rl, ru]).
// Integer columns are refused with an error wrapping solve.ErrCapability
// (capability MILP). Options.Raw selects the algorithm:
//
//	algorithm = dual (default) | primal | barrier
//
// The barrier is always followed by crossover and a primal simplex pass from
// the crossover basis: CLP's barrier alone reports "optimal" at a point of
// norm 1e19 on an unbounded LP. Any other Raw key is an error. Options.IterationLimit and PrimalTol are
// passed to CLP; DualTol cannot be set through the binding and is refused;
// MIPGap, NodeLimit and IntTol have no meaning for an LP and are ignored.
// The context stops CLP through an event handler (stop.cpp, a ClpEventHandler
// installed on the model through a small cgo shim, since lanl/clp exposes
// none): at the end of every simplex or barrier iteration it ends the solve
// once the context is cancelled or its deadline, read on a monotonic clock,
// has passed, and CLP returns problem status 5. Both are reported as
// lp.TimeLimit without a point. (CLP's own maximum seconds, the only time
// limit lanl/clp exposes, counts CPU time of the whole process and cannot
// safely be changed while CLP runs, so it is not used.)
//
// # Values CLP cannot take
//
// CLP aborts the whole process (a failed assertion in ClpSimplex::createRim)
// when an objective coefficient has |c| ≥ 1e25, rejects a matrix with
// |a| > 1e20, and silently reads a finite bound beyond ±1e27 as infinite.
// Solve checks every value first, with lp.Model.CheckRange and the limits
// MaxCoef, MaxObj (1e24, the largest measured to work) and MaxBound, and
// returns an error wrapping lp.ErrInvalid and ErrRange that names the
// offending entry. (solve.Solve refuses beyond lp.DefaultLimits, 1e20 for
// every value, before any backend runs, so through it these limits are
// never reached.) Infinite bounds are passed as ±COIN_DBL_MAX
// (math.MaxFloat64) explicitly.
//
// # Status
//
// CLP's problem status maps as 0 → Optimal, 1 → Infeasible, 2 (dual
// infeasible) → Unbounded once primal simplex, restarted from the final
// basis, confirms it (else Infeasible or InfeasibleOrUnbounded),
// 3 (stopped) → IterationLimit, 5 (stopped by the event handler: the
// context ended) → TimeLimit, 4 (errors) and anything else →
// NumericalError. "Optimal for the scaled model only" (secondary 2–4) is
// cleaned up by a primal simplex pass from the final basis, as the clp
// command does. An optimal point that misses a bound or row by more than
// half of solve.DefaultPrimalTol (scaled by 1 + |bound|, as solve.Verify
// does) is polished by dual simplex from the final basis with CLP's primal
// tolerance tightened to 1e-9 (needed on NETLIB pilot4 with the primal and
// barrier algorithms). Only an optimal solution carries a primal point.
//
// # Duals
//
// For both objective senses CLP's row duals already follow the project's
// convention (lp package doc): c = Aᵀy + d for the objective as stated,
// yᵢ = ∂z*/∂bᵢ. The reduced costs are recomputed as d = c − Aᵀy from the
// row duals, so the identity holds to rounding. The binding does not expose
// CLP's infeasibility or unbounded rays, so Capabilities.Rays is false.
// It does not expose the iteration count either; Solution.Iterations is 0.
//
// # Licence
//
// CLP is distributed under the Eclipse Public License 2.0 and is linked
// dynamically (libClp.so via pkg-config); lanl/clp is BSD-3-Clause.
//
// References: J. Forrest, "CLP user guide", COIN-OR; R. J. Vanderbei,
// Linear Programming: Foundations and Extensions, 5th ed., Springer 2020
// (simplex and interior-point methods, duality).
package clp
