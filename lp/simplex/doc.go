// Package simplex is streamopt's pure-Go LP solver: a sparse revised simplex
// method over bounded variables, with a dual and a primal algorithm.
//
// # Computational form
//
// The model min cᵀx s.t. rl ≤ Ax ≤ ru, l ≤ x ≤ u (a maximisation is solved
// as min −cᵀx) is scaled to Ã = RAC (R, C diagonal, powers of two, from
// geometric-mean passes and column equilibration) and written as
//
//	min cᵀx  s.t.  Ax + z = 0,  l ≤ x ≤ u,  −ru ≤ z ≤ −rl,
//
// so that every row has a logical variable zᵢ with a unit column. A basis B
// is m columns of [A I]; nonbasic variables sit at a bound (or at zero when
// free), x_B = −B⁻¹N x_N, y = B⁻ᵀc_B and d = c − [A I]ᵀy.
//
// # Dual simplex
//
// From a dual feasible basis (dⱼ ≥ 0 at lower, ≤ 0 at upper, = 0 free) the
// dual simplex picks a primal infeasible basic variable p in row r by dual
// steepest edge (largest infeasibility²/‖eᵣᵀB⁻¹‖², weights updated as in
// Forrest & Goldfarb 1992), computes the pivot row αⱼ = eᵣᵀB⁻¹aⱼ, and
// chooses the entering variable q by Harris' two-pass ratio test on
// dⱼ/αⱼ with the dual feasibility tolerance, preferring large |αⱼ|. A
// reduced cost of the wrong sign at the chosen q is removed by shifting cⱼ.
// If no αⱼ qualifies the dual is unbounded, and row r of B⁻¹ is a Farkas
// certificate of primal infeasibility: with ρ = B⁻ᵀeᵣ, every point of the
// box satisfies ρᵀ[A I](x,z) ≠ 0. Costs are perturbed at the start against
// dual degeneracy; after the dual finishes the perturbation is removed and
// the primal simplex cleans up remaining dual infeasibilities.
//
// Dual phase 1 solves Koberstein's auxiliary problem: the same matrix with
// boxed and fixed variables in [0,0], lower-bounded in [0,1], upper-bounded
// in [−1,0] and free in [−1000,1000]; every basis of it is dual feasible after
// flips, and its optimum minimises the total dual infeasibility.
//
// # Primal simplex
//
// The primal simplex minimises the sum of infeasibilities of the basics
// (phase 1, costs ±1 recomputed each iteration) and then cᵀx (phase 2),
// with a Harris two-pass ratio test and bound flips of the entering
// variable. An entering direction without a blocking basic gives a ray.
//
// # LU factorisation
//
// B is factorised as PBQ = LU by right-looking Gaussian elimination with
// Markowitz pivot selection (Suhl & Suhl 1990): pivots are searched in
// columns and rows of smallest count, accepted when at least 0.1 of the
// largest entry of their column (threshold partial pivoting); singletons
// cost nothing. A singular basis is repaired by logicals. Basis changes are
// kept as a product-form eta file, B⁻¹_new = E⁻¹B⁻¹, and B is refactorised
// every 100 updates and on numerical trouble (a pivot that disagrees
// between the row and the column computation).
//
// References: A. Koberstein, The dual simplex method, techniques for a fast
// and stable implementation, PhD thesis, Paderborn 2005; I. Maros,
// Computational Techniques of the Simplex Method, Kluwer 2003; J. J. Forrest
// and D. Goldfarb, Steepest-edge simplex algorithms for linear programming,
// Math. Programming 57, 1992; U. H. Suhl and L. M. Suhl, Computing sparse LU
// factorizations for large-scale linear programming bases, ORSA J. Computing
// 2, 1990; P. M. J. Harris, Pivot selection methods of the Devex LP code,
// Math. Programming 5, 1973; Q. Huangfu and J. A. J. Hall, Parallelizing the
// dual revised simplex method, Math. Prog. Comp. 10, 2018.
package simplex
