// Package gonumlp is the "gonum" solver backend: an adapter over the dense
// simplex of gonum.org/v1/gonum/optimize/convex/lp, a second pure-Go opinion
// for small LPs. Import it for its side effect of registering the backend:
//
//	import _ "github.com/streamopt/streamopt/solve/gonumlp"
//
// It lives in its own package, database/sql driver style, so that package
// solve does not carry a dense-matrix solver it never prefers (the auto rule
// never picks it), and so that it can be tested on its own.
//
// # Conversion to standard form
//
// gonum solves min cᵀs s.t. As = b, s ≥ 0 with A of full row rank and no
// zero column. A model min/max cᵀx + c₀ s.t. rl ≤ Ax ≤ ru, l ≤ x ≤ u is
// converted column by column:
//
//	l = u            x = l (a constant, substituted into the rows)
//	l finite         x = l + s,  s ≥ 0, and s + t = u − l when u is finite
//	only u finite    x = u − s,  s ≥ 0
//	free             x = s⁺ − s⁻
//
// and row by row, after moving the constants to the right-hand side:
// equality aᵀs = b; "≤ ru" aᵀs + t = ru; "≥ rl" aᵀs − t = rl; range
// aᵀs − t = rl with t + t' = ru − rl; free rows are dropped. A maximisation
// negates c. Before calling gonum, Gaussian elimination with partial
// pivoting on [A | b] drops linearly dependent rows (an inconsistent one
// proves infeasibility), and columns without entries are fixed at zero; one
// with a negative cost makes a feasible problem unbounded.
//
// Standard-form columns are then equilibrated (each row, then each column,
// scaled by a power of two to make its largest entry ±1), which on NETLIB
// turned two false Infeasible answers of gonum's phase 1 (absolute tolerance
// 1e-12) into correct optima. When the reduced system is square its unique
// solution A⁻¹b is computed here, accepting components down to −1e-9 as
// zero: gonum's own square case rejects any negative rounding error.
//
// gonum's errors map to statuses: ErrInfeasible → Infeasible, ErrUnbounded →
// Unbounded, any other error or a panic → NumericalError. Contradictory
// bounds (l > u, rl > ru) are reported Infeasible without solving.
//
// # Limits
//
// The backend declares Capabilities{LP: true}: no MILP, no duals, no
// certificates. The standard form is stored densely and gonum refactorises
// a dense basis at every iteration, so models whose standard form exceeds
// MaxRows × MaxCols are refused with ErrTooLarge. There is no iteration
// limit (a nonzero Options.IterationLimit is an error), and gonum cannot be
// interrupted: on context cancellation Solve returns TimeLimit at once while
// the abandoned computation finishes in the background.
//
// Reference: G. Strang, Linear Algebra and Its Applications, ch. 8
// (the algorithm gonum implements); R. J. Vanderbei, Linear Programming,
// 5th ed., §1.3 (conversion to standard form).
package gonumlp
