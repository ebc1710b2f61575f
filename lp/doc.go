// Package lp defines the linear and mixed-integer programming model that every
// part of streamopt builds and every solver backend consumes.
//
// A model is
//
//	minimise (or maximise)  cᵀx + c₀
//	subject to              rlᵢ ≤ aᵢᵀx ≤ ruᵢ   for every row i,
//	                        lⱼ ≤ xⱼ ≤ uⱼ       for every column j,
//	                        xⱼ ∈ ℤ             for the integer columns,
//
// where any bound may be infinite. A "≤ b" row is the range (−∞, b], a "≥ b"
// row is [b, +∞) and an equality is [b, b]; a range row has both ends finite.
//
// # Sign convention for duals
//
// Row duals y and reduced costs d of an optimal solution satisfy stationarity
// of the Lagrangian for the objective as stated (not negated for maximisation):
//
//	c = Aᵀy + d.
//
// Hence yᵢ = ∂z*/∂bᵢ is the marginal change of the optimal objective z* per
// unit increase of the binding row bound. For a minimisation a row at its lower
// bound has yᵢ ≥ 0, a row at its upper bound yᵢ ≤ 0, a column at its lower
// bound dⱼ ≥ 0 and at its upper bound dⱼ ≤ 0; for a maximisation every sign is
// reversed. Basic (strictly between bounds) rows and columns have zero dual.
// This is the convention of HiGHS and Gurobi.
//
// # Certificates
//
// An infeasible LP may come with a Farkas certificate y ∈ ℝᵐ (Solution.FarkasRow):
// with z = Aᵀy, the largest value zᵀx can take over the column bounds is smaller
// than the smallest value yᵀr can take over the row bounds r ∈ [rl, ru], so no
// x satisfies both. An unbounded LP may come with a ray r (Solution.Ray): a
// direction that improves the objective (cᵀr < 0 for a minimisation), keeps
// every row within its bounds' recession cone and respects the column bounds'
// recession cone.
//
// In floating point a certificate proves nothing by its sign alone:
// FarkasMargin scales y by its rows' data (maxᵢ |yᵢ|·τᵢ = 1, τᵢ the largest
// |aᵢⱼ| of row i), lets an entry of z meet an infinite bound only when it is
// cancellation (below FarkasZeroTol of Σᵢ |yᵢaᵢⱼ|), and returns the margin
// min yᵀr − max zᵀx relative to the magnitudes of its terms. Package solve
// accepts a certificate whose relative margin exceeds its primal tolerance
// (1e-7), and lp/simplex reports Infeasible only with one that would pass:
// a branch and bound prunes on that word.
//
// # Ranging
//
// A Ranging (Solution.Ranging, asked for with solve.Options.Ranging) is the
// sensitivity analysis of an optimal basis, one Range per column and per
// row: the interval of each objective coefficient over which the basis
// stays optimal (cost ranging), and the interval each active bound, and so
// each nonbasic value or active row activity, can move over with the duals
// fixed (activity or right-hand-side ranging), each end with the objective
// value there and the variables that enter and leave the basis past it.
// The definitions are those of glpsol's --ranges report; lp/simplex's
// doc.go has the ratio tests that compute them.
//
// References: R. J. Vanderbei, Linear Programming: Foundations and Extensions,
// 5th ed., Springer 2020; I. Maros, Computational Techniques of the Simplex
// Method, Kluwer 2003.
package lp
