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
// Otherwise the system is solved in two phases, below.
//
// # Phases
//
// gonum's Simplex, left to itself, cycles: on NETLIB kb2 and adlittle it
// never returns. Two defects of its pivoting combine. When the entering
// column of Dantzig's rule gives a step of length zero, gonum switches to
// what it calls Bland's rule, but takes the first negative reduced cost by
// position in its list of nonbasic columns, a list it permutes at every
// exchange, so the rule is not Bland's and does not prevent cycling; and it
// accepts reduced costs down to −1e-14 (absolute), below the rounding noise
// of r = c − Aᵀ(A_B⁻ᵀc_B). On adlittle two columns with reduced cost
// −1.1e-13 (noise) then enter and leave in turn forever, each exchange a
// step of positive length that changes nothing; on kb2 phase I two columns
// with reduced costs −1.3e-11 and −3.4e-13 do the same through degenerate
// steps, and its phase II, once that is fixed, runs through a six-basis
// degenerate cycle with genuine reduced costs. Basic values at ±1e-15
// (rounding of zero) also make its ratio test pick pivots of 1e-12 (blend,
// lotfi, forplan end with a singular basis).
//
// The backend therefore never lets gonum choose a starting basis and gives
// it problems on which those defects do not bite:
//
//   - Phase I is ours: min Σ artificials over [A | I], started (through
//     Simplex's initialBasic) from the columns with a single positive entry
//     (slacks) and an artificial for every other row. Rows are first
//     multiplied by −1 where b < 0.
//   - The objective is multiplied by a power of two so that gonum's
//     optimality tolerance becomes about 1e-12 and its absolute zero
//     threshold for reduced costs (1e-13) a tenth of the requested relative
//     tolerance (Options.DualTol, default DefaultTol = 1e-9, relative to
//     ‖c‖∞): rounding noise is then zero to gonum.
//   - Each phase starts from b raised by a random amount in
//     [½, 1]·1e-9·(1 + ‖x_B‖∞) along its starting basis (seeded, so every
//     solve is the same). The starting basis stays feasible, and in exact
//     arithmetic, with probability one, no vertex of the perturbed problem
//     is degenerate, so every step of Dantzig's rule has positive length and
//     strictly lowers the objective: no basis repeats and gonum's Bland
//     branch is not taken.
//     Phase I's infeasibility test (Σ artificials > 1e-9·(1 + ‖b‖∞)) allows
//     for the amount the perturbation itself adds to the artificials.
//   - Phase II runs in the canonical form of phase I's final basis B (A_B⁻¹A,
//     with A_B⁻¹A_B set to the identity), because gonum rejects a starting
//     basis with a component below −1e-13, which A_B⁻¹b computed in floating
//     point would often have. B is the support of phase I's point, extended
//     to m independent columns by Gaussian elimination (slacks first).
//   - The perturbation is then removed: the final basis (support of the
//     phase II point, extended the same way) is solved with the original b.
//     Reduced costs do not depend on b, so this basic solution is optimal
//     when it is feasible; components down to −1e-9·(1 + ‖x_B‖∞) are
//     rounded to zero, below that the result is NumericalError. Every
//     optimum is then checked by solve.Verify.
//
// With these, every NETLIB instance within MaxRows × MaxCols solves to its
// known optimum (see MaxRows for times; kb2 takes 0.04 s, adlittle 0.06 s).
//
// gonum has no iteration limit and no context, but it reads the matrix it
// is given through At while it iterates (at least the entering column, once
// per iteration). The backend hands it a matrix type that is not a
// mat.RawMatrixer, so every column read passes through At, which counts the
// read and checks the context. When the context is done, or a call has read
// more than WorkLimit·(rows + columns) columns, At panics with a private
// value; the panic unwinds gonum's Simplex (which holds no locks or shared
// state) and is recovered in this package, and Solve reports TimeLimit or
// IterationLimit. gonum runs in the calling goroutine, so no goroutine
// outlives Solve; TestWatchdog and TestNoGoroutineOutlivesSolve check this.
// Any other panic inside gonum is reported as NumericalError.
//
// gonum's ErrUnbounded in phase II maps to Unbounded; any other error to
// NumericalError. Contradictory bounds (l > u, rl > ru) are reported
// Infeasible without solving.
//
// # Limits
//
// The backend declares Capabilities{LP: true}: no MILP, no duals, no
// certificates. The standard form is stored densely and gonum refactorises
// a dense basis several times per iteration, so models whose standard form
// exceeds MaxRows × MaxCols are refused with ErrTooLarge. A nonzero
// Options.IterationLimit is an error (gonum counts no iterations; the work
// budget is not one); a time limit comes from the context.
//
// Reference: G. Strang, Linear Algebra and Its Applications, ch. 8
// (the algorithm gonum implements); R. J. Vanderbei, Linear Programming,
// 5th ed., §1.3 (conversion to standard form) and ch. 3 (degeneracy,
// cycling and the perturbation method); V. Chvátal, Linear Programming,
// ch. 3 (Bland's rule: smallest subscript, not position).
package gonumlp
