// Package qp models and solves quadratic programs with linear constraints,
//
//	maximise    U(x) = ½ xᵀQx + cᵀx
//	subject to  G x ≤ h   (μ ≥ 0),   E x = e   (γ free),   x ≥ 0   (η ≥ 0),
//
// where the symmetric Hessian Q is block diagonal, each block dense or in
// low-rank form U·S·Uᵀ. The sense is always maximisation (the RRS profit of
// paper 003); negate c and Q to minimise.
//
// # Curvature
//
// U is concave iff Q is negative semidefinite. CheckCurvature computes each
// block's eigenvalues (gonum's EigenSym for dense blocks; for a low-rank
// block a thin QR U = Q̂R reduces the problem to the k×k matrix R·S·Rᵀ) and
// RequireConcave names the block and the eigenvalue that break concavity.
// An eigenvalue counts as zero when |λ| ≤ 1e-8·‖Q_b‖₂ (the block's largest
// absolute eigenvalue). The tolerance is scaled by the block's norm so that
// it does not depend on units; it lies far above the eigensolver's rounding
// (a few ulps of ‖Q_b‖₂), and treating such a λ as zero moves the objective by
// at most ½·1e-8·‖Q_b‖₂·‖x_b‖², a relative 1e-8 of the block's quadratic
// term and below the 1e-6 to which objectives are compared. For RRS the
// positive eigenvalue of a block with slopes κ_j spread by a relative δ is
// about δ²/4 of its norm (spec A.5: u·w ± ‖u‖‖w‖), so slopes within about
// 2e-4 of each other count as uniform; a spread of 1e-9 gives 1e-18, pure
// rounding.
// Error messages also give the eigenvalue of the quadratic-form matrix
// A = Q/2 of the paper's U = cᵀx + xᵀAx.
//
// # KKT conditions
//
// Every local maximiser satisfies (the constraints are linear, so no
// constraint qualification is needed)
//
//	c + Qx − Gᵀμ − Eᵀγ + η = 0,   μ ⟂ (h − Gx),   η ⟂ x,
//
// and multiplying stationarity by xᵀ gives the identity
//
//	U(x) = ½ (cᵀx + hᵀμ + eᵀγ)
//
// at every KKT point. BuildKKT writes the linear part of these conditions as
// an lp.Model; Residuals measures how far a point is from satisfying them.
// Every solver here returns primal values and multipliers and checks them
// with Residuals before returning.
//
// # Solvers
//
//   - SolveKKTMILP maximises the identity over the KKT set with
//     complementarity enforced by big-M binaries (x_j ≤ X_j y_j,
//     η_j ≤ M(1 − y_j); s_i ≤ S_i w_i, μ_i ≤ M(1 − w_i)), on any MILP backend
//     of package solve. It is exact and global also for non-convex QPs
//     (Hu, Mitchell and Pang 2012). M grows tenfold while a multiplier sits
//     at its bound; when the multipliers have a ray along which the identity
//     is constant (RRS at Σm_i = 1), the growth stops and the multipliers
//     are recomputed by a small LP with the primal point fixed. A model that
//     can bound the multipliers of some global maximiser from its data
//     passes MultiplierBounds instead (models/rrs does, from the LP dual of
//     the problem linearised at the maximiser); they are the big-M values
//     and M does not grow.
//   - SolveWolfe is Wolfe's method (P. Wolfe, "The simplex method for
//     quadratic programming", Econometrica 27, 1959): the phase-1 LP of the
//     KKT system with artificial variables, solved by a dense tableau
//     simplex whose entering rule keeps x_j and η_j (and s_i and μ_i) from
//     being basic together. It refuses a non-concave objective.
//   - SolveConvex is a primal-dual interior-point method (Mehrotra
//     predictor–corrector; J. Nocedal and S. Wright, Numerical Optimization,
//     2nd ed., ch. 16 and 14) for concave problems. It lifts the Hessian,
//     −Q = V diag(d) Vᵀ with d > 0, into extra free variables t = Vᵀx, so the
//     Hessian of the lifted problem is diagonal and the normal equations
//     A Θ Aᵀ Δy = r are sparse. They are factorised by block elimination:
//     a set of rows no two of which share a column (for RRS, the
//     per-region assignment rows) is eliminated with diagonal pivots, and
//     the Schur complement on the remaining rows (per-DC capacity and
//     curvature rows) is factorised densely by Cholesky. For s DCs and r
//     regions one iteration costs O(r·s² + s³).
//   - SolveLocal finds a local maximiser (a KKT point) of a non-concave QP
//     by the convex–concave procedure: each step maximises the concave
//     minorant obtained by linearising the Hessian's positive part, with
//     SolveConvex. It is used for multistart checks of the KKT-MILP.
//
// The KKT-based methods write each Hessian block densely into the
// stationarity rows and refuse (ErrTooLarge) problems whose KKT system or
// Wolfe tableau would not fit in memory; the interior-point method has no
// such limit.
package qp
