// Package presolve simplifies an lp.Model before it is solved and maps the
// solution of the simplified model back (postsolve), primal and dual.
//
// The model is min cᵀx (a maximisation is handled as min −cᵀx internally)
// subject to rl ≤ Ax ≤ ru and l ≤ x ≤ u. Presolve applies the reductions
// below in passes until a pass changes nothing, and records each one on a
// stack. Every reduction maps the current model P onto a smaller model P′
// such that an optimal primal-dual pair (x′, y′, d′) of P′ extends to an
// optimal pair of P; Postsolve undoes the stack in reverse order. Duals
// follow package lp: c = Aᵀy + d, and for a minimisation y ≥ 0 on a row at
// its lower bound, y ≤ 0 at its upper bound, d ≥ 0 on a column at its lower
// bound, d ≤ 0 at its upper bound.
//
// Throughout, the reduced cost of a column being restored is computed as
// dⱼ = cⱼ − Σᵢ aᵢⱼyᵢ, with cⱼ its cost at that stage (a substitution moves
// cost between columns) and the sum over the rows present at that stage.
// A row restored later either gets yᵢ = 0 or takes over part of a reduced
// cost or of a parallel row's dual, so c = Aᵀy + d holds at every stage;
// Postsolve finally returns d = c − Aᵀy on the original data.
//
// Decisions use the tolerance τ = Options.Tol·max(1, |value|). A reduction
// whose arithmetic would overflow (a bound or the objective constant becoming
// infinite, as with coefficients near 1e300), or whose postsolve would have
// to produce a value out of range from the data alone (a substituted
// column's b/a, a singleton row's dual cₖ/a, a duplicate row's factor λ), is
// skipped. Where the overflow depends on the reduced solution (a dual that
// only the solver's numbers push past 1e308) Postsolve returns an error
// wrapping ErrOutOfRange rather than an infinite or NaN value; the caller
// solves the original model instead.
//
// # Reductions
//
// Empty row (no live column): feasible iff rl ≤ 0 ≤ ru (after shifting by
// fixed columns), else the model is infeasible. Postsolve: yᵢ = 0.
//
// Fixed column (lⱼ = uⱼ = v): remove it, rl ← rl − a·ⱼv, ru ← ru − a·ⱼv,
// c₀ ← c₀ + cⱼv. Postsolve: xⱼ = v, dⱼ = cⱼ − Σᵢ aᵢⱼyᵢ (any sign is
// admissible for a fixed column).
//
// Singleton row rl ≤ a·xₖ ≤ ru: becomes the bounds [rl/a, ru/a] on xₖ
// (swapped when a < 0), intersected with [lₖ, uₖ]; empty intersection means
// infeasible. Postsolve: if dₖ > 0 and the lower bound of xₖ came from the
// row (or dₖ < 0 and the upper bound did), the row is tight and takes that
// reduced cost: yᵢ = dₖ/a, dₖ ← 0; the sign is right because a > 0 maps the
// row's lower side to xₖ's lower bound and a < 0 maps it to the upper.
// Otherwise yᵢ = 0.
//
// Activity bounds: Lmin = Σ_{a>0} a·l + Σ_{a<0} a·u and Lmax likewise are the
// extreme values of a row's activity over the column bounds (Andersen &
// Andersen 1995, §3.2). With τ the tolerance:
//
//   - Lmin > ru + τ or Lmax < rl − τ: infeasible.
//   - Forcing row, Lmax ≤ rl + τ: every column must sit at the bound that
//     attains Lmax (u if a > 0, l if a < 0); fix them all and drop the row.
//     Symmetrically Lmin ≥ ru − τ fixes them at the bounds attaining Lmin.
//     Postsolve (row at its lower side, y ≥ 0): with eⱼ the reduced costs
//     after restoring the fixed columns, a column at its upper bound needs
//     eⱼ − aⱼy ≤ 0 and one at its lower bound eⱼ − aⱼy ≥ 0; both read
//     y ≥ eⱼ/aⱼ, so y = max(0, maxⱼ eⱼ/aⱼ) and dⱼ = eⱼ − aⱼy. At the upper
//     side, y = min(0, minⱼ eⱼ/aⱼ).
//   - Redundant row, Lmin ≥ rl and Lmax ≤ ru: no point within the column
//     bounds violates it; drop it, yᵢ = 0. If only one side is implied, that
//     side is dropped (set infinite); the feasible set does not change and a
//     dual of the relaxed row has the sign the original row allows.
//
// Duplicate rows: rows whose live coefficients satisfy aₚ = λ·a_q (found by
// hashing the pattern scaled by its first coefficient, then compared to
// 1e-12 relative) are merged: row p's bounds divided by λ (swapped if λ < 0) are
// intersected with row q's, and row p is removed; an empty intersection means
// infeasible. Postsolve: if y_q has the sign of a bound that came from row
// p, then y_p = y_q/λ and y_q = 0 (this keeps y_p·aₚ + y_q·a_q unchanged);
// otherwise y_p = 0. A λ that overflows or underflows is not used. Within
// one hash bucket a row is compared with at most 8 earlier rows kept, so a
// bucket of many rows that hash alike but are not parallel stays linear.
//
// Dominated column (including an empty column): if cⱼ ≥ 0 and decreasing xⱼ
// cannot violate any row (every row with aᵢⱼ > 0 has rl = −∞ and every row
// with aᵢⱼ < 0 has ru = +∞), some optimum has xⱼ = lⱼ; fix it there when lⱼ
// is finite (symmetrically at uⱼ when cⱼ ≤ 0). Postsolve: those rows have
// yᵢ ≤ 0 (resp. ≥ 0), so dⱼ = cⱼ − Σ aᵢⱼyᵢ ≥ cⱼ ≥ 0, as a column at its
// lower bound needs. When the cost pushes such a column towards an infinite
// bound the model is unbounded if it is feasible; presolve leaves that
// column in Reduced so that the solver decides and can produce a ray.
//
// Implied free column singleton: column j appears only in row i, and with
// aᵢᵀx = b the other columns' bounds already confine
// xⱼ = (b − Σ_{k≠j} aᵢₖxₖ)/aᵢⱼ to [lⱼ, uⱼ] (Andersen & Andersen 1995, §3.4;
// Gondzio 1997). For an equality row b is its right-hand side. For an
// inequality row, moving xⱼ changes only row i and the objective, at the
// rate cⱼ per unit, so some optimum has the row tight on the side the cost
// favours: b = rl if cⱼ/aᵢⱼ > 0, b = ru if cⱼ/aᵢⱼ < 0, either finite side
// if cⱼ = 0 (when that side is infinite the model is unbounded if feasible,
// and the column is left alone). Then xⱼ is in effect free: substitute it
// out, which moves its cost onto the row, cₖ ← cₖ − (cⱼ/aᵢⱼ)·aᵢₖ and
// c₀ ← c₀ + cⱼb/aᵢⱼ, and removes row i and column j. A pivot |aᵢⱼ| below
// 1/100 of the row's largest other coefficient is not used, nor a side b
// with b/aᵢⱼ out of range; a column with no cost takes the finite side
// nearer 0. Postsolve: xⱼ
// from the row, dⱼ = 0 (a free column), yᵢ = cⱼ/aᵢⱼ, whose sign matches
// the side b (y ≥ 0 at rl, y ≤ 0 at ru for a minimisation); the other
// reduced costs are unchanged because cₖ − aᵢₖyᵢ is exactly the substituted
// cost. Only continuous columns are substituted.
//
// # Integer columns
//
// Unless Options.IgnoreIntegrality is set, integer columns keep their flag in
// Reduced, their bounds are rounded inwards (⌈l⌉, ⌊u⌋) at the start and
// after every singleton-row tightening, and a contradiction after rounding
// is reported as infeasible. Every reduction above is valid for the integer
// program: the fixings happen at (rounded) bounds, and only continuous
// columns are substituted by a combination of others. Rounding is the only step that is not
// an LP equivalence, so after it the postsolved duals are not guaranteed; a
// caller that solves the LP relaxation of a model with integer flags and
// wants exact duals sets IgnoreIntegrality (Reduced then has no integer
// columns). Doubleton equations (which would substitute one column of
// a₁x₁ + a₂x₂ = b into every row of the other, changing coefficients) are
// not implemented.
//
// # Cost and the context
//
// Each row carries its activity bounds Lmin and Lmax as they change, in the
// form of Andersen & Andersen (§3.2) and of the HiGHS presolve: the finite
// contributions aⱼ·bⱼ summed in double-double arithmetic (each product split
// exactly by an FMA, so that removing a term of 1e300 leaves the small terms
// intact) and a count of the infinite ones. Tightening or fixing a column
// updates its rows in O(its column); every activity test, and the activity
// of a row without one of its columns (the implied-free test), is O(1).
// Each pass begins by dropping removed entries and recounting all activity
// bounds from scratch, so rounding never builds up across passes. A pass
// therefore costs O(live nonzeros) plus, for the reductions that remove a
// row or column, O(its length) once; with at most Options.MaxPasses passes
// presolve is linear in the nonzeros. Before, each column singleton of a
// row rescanned the whole row, which made one dense row quadratic.
//
// Measured with BenchmarkPresolveDenseRow (presolvetest.DenseRow: one row
// over all n columns, 3n/8 of them dominated, n/8 fixed, plus seven sparse
// rows), go test ./lp/presolve -run X -bench PresolveDenseRow -benchtime
// 10x -count 3, best of three (before: one to three runs), on a shared
// 2-core AMD EPYC under load (the spread between runs was up to 2.5x):
//
//	n         before     after
//	1 000     42 ms      0.8 ms
//	10 000    2.6 s      8.7 ms
//	100 000   248 s      68 ms
//
// The cost grows linearly, under 1 µs per column at every size, most of it
// building the working copy and the reduced model; before, it grew as n².
//
// PresolveContext polls its context every 16 384 units of work (a row,
// column or nonzero visited), a fraction of a millisecond, and stops with
// Status lp.TimeLimit once it is done. On DenseRow(10⁶) the longest
// stretch between two looks, in CPU time, was under 45 ms (one pass over
// the dense row; Validate, before the first look, takes about 15 ms).
//
// References: E. D. Andersen and K. D. Andersen, "Presolving in linear
// programming", Mathematical Programming 71 (1995) 221–245; J. Gondzio,
// "Presolve analysis of linear programs prior to applying an interior point
// method", INFORMS Journal on Computing 9 (1997) 73–91; N. I. M. Gould and
// Ph. L. Toint, "Preprocessing for quadratic programming", Mathematical
// Programming 100 (2004) 95–132.
package presolve
