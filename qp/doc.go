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
//     being basic together. It refuses a non-concave objective. See
//     "Wolfe's method" below.
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
//     regions one iteration costs O(r·s² + s³). When the eliminated rows
//     reach most remaining rows (RRS: every region reaches every DC), the
//     update is one dense symmetric rank-r product W Wᵀ (BLAS Dsyrk) with
//     W = M_RI M_II^(−1/2), instead of r sparse outer products.
//   - SolveLocal finds a local maximiser (a KKT point) of a non-concave QP
//     by the convex–concave procedure: each step maximises the concave
//     minorant obtained by linearising the Hessian's positive part, with
//     SolveConvex's interior point. Three things make it fast on large
//     problems without changing what it returns, a point that passes
//     Residuals: the steps are warm-started; the second step is one
//     interior-point solve that relinearises at its own iterate while the
//     complementarity is large (a homotopy that does most of the steps'
//     work at the cost of a few); and when the steps shrink at a steady
//     rate ρ, the next linearisation point is the limit of that geometric
//     sequence (Aitken's extrapolation), kept only if it improves U. It
//     stops when U stalls at a KKT point of the problem. It serves the
//     multistart checks of the KKT-MILP and the incumbents of rrs's global
//     method.
//
// The KKT-based methods write each Hessian block densely into the
// stationarity rows and refuse (ErrTooLarge) problems whose KKT system or
// Wolfe tableau would not fit in memory; the interior-point method has no
// such limit.
//
// # Dual bound
//
// DualBound turns any point x̄ and multipliers (μ, γ) of a concave problem
// into a proven upper bound on its maximum over the rows and 0 ≤ x ≤ ub.
// For every feasible x, concavity and then μ⁺ = max(μ, 0) ≥ 0, h − Gx ≥ 0,
// e − Ex = 0 give
//
//	U(x) ≤ U(x̄) + ∇U(x̄)ᵀ(x − x̄) + μ⁺ᵀ(h − Gx) + γᵀ(e − Ex)
//	     = −½ x̄ᵀQx̄ + hᵀμ⁺ + eᵀγ + dᵀx,   d = c + Qx̄ − Gᵀμ⁺ − Eᵀγ,
//
// and dᵀx ≤ Σ_k max(d_k, 0)·ub_k. At a KKT point d = −η ≤ 0 and the bound
// equals U(x̄) (the KKT identity); an interior-point solution leaves d and
// the gap at its tolerance, so the bound is within that of the optimum, yet
// it never rests on the solver having converged (a safe dual bound in the
// sense of A. Neumaier and O. Shcherbina, Mathematical Programming 99, 2004,
// for LP). The sum is enlarged by a margin of 4(n + rows) units of roundoff
// of its terms' magnitudes. models/rrs bounds its relaxations this way.
//
// # Wolfe's method
//
// SolveWolfe works on the stationarity rows −Q̃x + Gᵀμ + Eᵀγ − η − λc + z = 0
// (z = z⁺ − z⁻), the rows of G and E with artificials a, and λ + λ̄ = 1.
// Phase 1 finds a vertex (min Σa), phase 2 a KKT point of the problem with
// linear term 0 (λ = 0, min Σz), phase 3 raises λ to 1 by complementary
// pivoting; the artificials left after phases 1 and 2 must be below 1e-8
// of their scale and are then pinned at zero.
//
// Hessian. Q̃ is Q without the eigenvalues that the concavity check counts
// as zero (|λ| ≤ eigTol·‖Q_b‖₂): Wolfe's argument below needs −Q̃ positive
// semidefinite, and an RRS block with slopes spread by δ has a positive
// eigenvalue of about δ²/4 of its norm, below eigTol but real to the
// tableau (δ = 1e-5 gives 2.5e-11). The answer is checked against the KKT
// conditions with Q itself; the two differ in stationarity by at most
// eigTol·‖Q_b‖₂·‖x_b‖.
//
// Restricted entry. A column may enter while its complement (η_j for x_j,
// μ_i for s_i, and back) is nonbasic, or while the complement is basic and
// the ratio test picks the complement's row, so that the complement leaves
// in the same pivot. The second case is the degenerate one: x_j basic at
// zero, η_j improving, and the pivot exchanges them without moving the
// point. After every pivot at most one column of each pair is basic, so
// every basis is complementary. Phase 2 cannot stop early (Wolfe 1959):
// when no admissible column improves, take the simplex multipliers u of
// the stationarity rows and v of the G and E rows. For a pair of which both
// columns are nonbasic both reduced costs are ≥ 0, for a pair with a basic
// column that one is 0; since the reduced costs of x and η are
// r = −(−Q̃u + Gᵀv_G + Eᵀv_E) and u, those of s and μ are −v_G and −Gu,
// and the two halves of γ give Eu = 0,
// Σ_j u_j r_j + Σ_i v_i (Gu)_i = −uᵀ(−Q̃)u ≥ 0. So (−Q̃)u = 0, and then
// Σz = hᵀv_G + eᵀv_E = xᵀ(Gᵀv_G + Eᵀv_E) + sᵀv_G = 0 at the current
// point (x_j > 0 only where r_j = 0, s_i > 0 only where v_i = 0).
//
// Termination. Leaving rows follow the lexicographic rule (G. B. Dantzig,
// A. Orden and P. Wolfe, Pacific J. Math. 5, 1955): ties of the ratio test
// are broken by the rows of B⁻¹B₀, B₀ the basis at the start of the phase,
// which is the simplex method on the right-hand side perturbed by
// B₀(ε, ε², …). No basic variable of the perturbed problem is ever zero,
// the phase objective falls (lexicographically) at every pivot, and no
// basis repeats, so a phase ends after finitely many pivots whatever the
// entering rule, restricted entry included. (Bland's rule does not have
// this property here: its proof needs the lowest-index improving column to
// be eligible, which restricted entry may forbid.) A pivot that drives a
// pinned variable out restarts the rule with B₀ the current basis; there
// are at most as many as pinned variables, which never return. In phase 3
// the same rule keeps the almost-complementary path from revisiting a basis, as in Lemke's method (C. E. Lemke,
// Management Sci. 11, 1965); it ends when λ̄ leaves (λ = 1), or with an
// error (an unbounded ray, or λ leaving again). A pivot limit guards
// against rounding.
//
// Numerics. With nearly uniform slopes the range of each RRS block,
// v ≈ φ + O(δ), nearly coincides with the coefficients φ of its capacity
// row, so bases holding x columns of a block and its μ_i are nearly
// singular and many tableau entries are cancellation. The tolerances are
// therefore relative: an entry is a pivot only above 1e-7 of the largest
// entry of its column (and 1e-10 of the column as written); a reduced cost
// counts as negative below −(1e-12·Σ|terms| + 1e-14·max|entry|), which keeps
// genuine improvements of order δ² (an absolute 1e-9 stopped phase 2 with
// z left); and the tableau is recomputed from the original system by an
// LU factorisation every max(50, rows) pivots and at the end of each
// phase, so that rounding does not accumulate through the nearly singular
// bases. Setting a variable to an exact zero moves the original
// right-hand side by its value, so refactoring keeps pinned variables at
// zero. On 200 random RRS instances of 3 × 4 to 8 × 10 with slopes spread
// by 1e-9, 1e-6 or 1e-5 and loads 0.5 to 1 (models/rrs,
// TestWolfeNearUniformSlopes with STREAMOPT_LONG=1), the method failed on
// 81 before these rules and solves all 200 now; leaving out Q̃, the
// relative pivot tolerance or the reduced-cost tolerance alone makes 30 to
// 50 of them fail again.
package qp
