//go:build lpsolve

// Package lpsolve is the streamopt solver backend over lp_solve 5.5, an
// open-source revised-simplex and branch-and-bound LP/MILP solver
// (M. Berkelaar, K. Eikland, P. Notebaert, https://lpsolve.sourceforge.net),
// reached through the cgo binding github.com/draffensperger/golp plus a few
// direct lp_solve calls golp lacks. It is compiled only with the build tag
// lpsolve and registers itself as backend "lpsolve":
//
//	import _ "github.com/streamopt/streamopt/solve/lpsolve"
//
// Build requirements: Debian packages liblpsolve55-dev (headers) and
// lp-solve (the shared library /usr/lib/lp_solve/liblpsolve55.so), and
// CGO_CFLAGS="-O2 -g -I/usr/include/lpsolve" in the environment, because
// golp compiles lp_lib.h in its own package where our #cgo flags do not
// reach. The link flags are set here with #cgo: the shared library is
// linked, not the static archive, see docs/native-backends.md.
//
// # What it solves
//
// LPs and MILPs  min/max cᵀx + c₀  s.t.  rl ≤ Ax ≤ ru,  l ≤ x ≤ u,
// x_j ∈ ℤ for integer columns. A ranged row is added as rl ≤ aᵀx and given
// the range ru − rl with set_rh_range. golp panics on a row without
// coefficients, so such rows are added with lp_solve's add_constraintex
// directly (an empty row whose range excludes 0, or crossed bounds, make
// the model infeasible without a solve). Empty rows are kept because the
// lp_solve command keeps them and its pivoting depends on them: NETLIB
// greenbea, whose three empty rows were first dropped, did not solve.
// Free rows are not passed; they get dual 0.
//
// Options: MIPGap → set_mip_gap (relative); PrimalTol, DualTol, IntTol →
// set_epsb, set_epsd, set_epsint; the context, the IterationLimit and the
// NodeLimit → an abort callback that lp_solve polls during the simplex and
// at every branch-and-bound step, and which checks cancellation, the
// deadline on a monotonic clock, the iteration and the node count.
// lp_solve's own set_timeout is not used: it counts wall-clock seconds from
// its own start, and when it fired first the stop carried no reason and was
// reported as a node limit.
// Options.Raw accepts "scaling" and "improve" (lp_solve's set_scaling and
// set_improve modes, as integers); any other key is an error. The other
// settings are lp_solve's library defaults, which are also those of the
// lp_solve command (scaling 196 = geometric + equilibrate + integers,
// improve 6 = dual feasibility + theta gap, Devex pricing).
//
// # Status
//
// solve() results map as OPTIMAL/PRESOLVED → Optimal, INFEASIBLE/NOFEASFOUND
// → Infeasible, UNBOUNDED → Unbounded (and so is an OPTIMAL answer with a
// column at lp_solve's infinity, which lp_solve gives for an unbounded
// column in no row), TIMEOUT → TimeLimit, USERABORT →
// the limit that made the callback stop (the deadline or a cancellation of
// the context → TimeLimit), SUBOPTIMAL/FEASFOUND → the limit that stopped
// the branch and bound, with the incumbent as the point — never Optimal,
// since its objective is not proven (lp_solve's own depth limit is reported
// as NodeLimit), and everything else → NumericalError. A cancelled context
// thus ends a MILP with TimeLimit and lp_solve's incumbent, if it has one,
// as a deadline does. lp_solve reports no
// best bound: for a MILP solved to its default tolerance BestBound is the
// objective; after a stop on a requested MIPGap (GapTolerance set) or a
// limit it is the trivial infinite bound, which solve.Solve replaces by the
// LP relaxation's optimum when there is time left to compute it.
//
// # Duals
//
// For an LP, sensitivity analysis is requested before the solve
// (PRESOLVE_SENSDUALS) and the row duals come from get_ptr_sensitivity_rhs.
// For both senses they follow the project's convention (lp package doc):
// c = Aᵀy + d for the objective as stated, yᵢ = ∂z*/∂bᵢ. Reduced costs are
// recomputed as d = c − Aᵀy. A MILP has no duals. lp_solve exposes no rays.
//
// # Licence
//
// lp_solve is distributed under the GNU LGPL 2.1 and is linked dynamically,
// so that it stays replaceable; golp is MIT-licensed.
//
// References: lp_solve 5.5 reference guide, https://lpsolve.sourceforge.net/5.5/;
// R. J. Vanderbei, Linear Programming: Foundations and Extensions, 5th ed.,
// Springer 2020.
package lpsolve
