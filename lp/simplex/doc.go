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
// From a dual feasible basis (dⱼ ≥ 0 at lower, ≤ 0 at upper, = 0 free) an
// iteration of the dual simplex
//
//  1. prices: picks the basic variable p (row r) with the largest
//     infeasibility²/wᵣ, where wᵣ = ‖eᵣᵀB⁻¹‖² are the dual steepest-edge
//     weights (Forrest & Goldfarb 1992), updated with τ = B⁻¹ρ as
//     wᵢ ← wᵢ − 2(αᵢ/αᵣ)τᵢ + (αᵢ/αᵣ)²wᵣ, wᵣ ← wᵣ/αᵣ²;
//  2. computes ρ = B⁻ᵀeᵣ and the pivot row αⱼ = ρᵀaⱼ of the nonbasic
//     columns whose working bounds differ (a fixed nonbasic never enters
//     and its reduced cost is not read): row-wise when ρ is sparse, over
//     the rows with ρᵢ ≠ 0, skipping the entries of fixed and basic
//     columns; column-wise over the non-fixed nonbasic columns otherwise.
//     Both add the terms of each αⱼ in the order of the rows, so the two
//     give the same floats (TestPivotRowLists);
//  3. runs the bound-flipping ratio test (Maros 2003; Koberstein 2005, §3.3):
//     with α̃ = ±α signed so that the leaving variable moves to its violated
//     bound, the candidates are nonbasic j with α̃ⱼ > 0 at lower, α̃ⱼ < 0 at
//     upper, or free, with breakpoints dⱼ/α̃ⱼ. The slope of the dual
//     objective starts at the primal infeasibility δ of p and drops by
//     |α̃ⱼ|(uⱼ − lⱼ) at each boxed breakpoint passed; passed variables flip
//     to their other bound. Breakpoints are taken in Harris groups: the
//     bound θmax = min (dⱼ ± ε_d)/α̃ⱼ defines a group, in which the entering q
//     is the candidate with the largest |α̃ⱼ| (Harris 1973);
//  4. updates d ← d − θ_D α with θ_D = d_q/α_q, the primal values by
//     x_B ← x_B − θ_P B⁻¹a_q with θ_P = δ/α_q (after applying the flips,
//     x_B ← x_B − B⁻¹Σ aⱼΔxⱼ), and the basis.
//
// A candidate must satisfy |α̃ⱼ| ≥ 10⁻⁷·max(1, ‖ρ‖∞), which rejects pivots
// that are rounding noise of a large ρ. When αᵣ computed from the row and
// from the column B⁻¹a_q disagree, B is refactorised; if they still
// disagree on fresh factors the row is set aside until the next successful
// iteration. A reduced cost of the wrong sign at the chosen q is removed by
// shifting c_q.
//
// If no candidate exists (or all can be flipped while the slope stays
// positive) the dual is unbounded and ρ proves primal infeasibility: for
// every point of the bound box, ρᵀ(Ax + z) = Σⱼ αⱼvⱼ is bounded away from 0
// on the side of δ, since each term is at its extreme. In model units
// y = ±Rρ, and with z = Aᵀy the sign is chosen so that
// max_{l≤x≤u} zᵀx < min_{rl≤r≤ru} yᵀr, the certificate of lp/doc.go.
// Solve reports Infeasible only when lp.FarkasMargin finds that margin above
// 1e-7 of its terms, what solve.Verify accepts; otherwise the primal simplex
// (phase 1) decides from the current basis, and if its certificate fails
// too the answer is NumericalError, so that a branch and bound never prunes
// on an unproven claim.
//
// Costs are perturbed at the start of a cold solve against dual degeneracy:
// cⱼ moves by (β + 10⁻⁷|cⱼ|)·(1+U), U uniform on [0,1) from a fixed-seed
// PCG stream, β = 5·10⁻⁷·min(max(‖c‖∞, 1), 10³), in the direction that keeps
// dⱼ feasible. A warm start is not perturbed up front; if its dual simplex
// makes 1000 + m consecutive degenerate pivots (θ_D = 0), the costs of the
// nonbasic columns are perturbed the same way, which keeps y and hence dual
// feasibility. After the dual ends, the perturbation and the shifts are
// removed, x, y, d are recomputed, and the primal simplex (or the dual,
// when only primal infeasibilities remain) cleans up until both
// feasibilities hold. The recomputation uses the current (updated) factors
// when they are not due for refactorisation and the residuals ‖Ax + z‖ (row by row) and
// |c_j − a_jᵀy| (basic j) are below 10⁻⁹ relative to the largest term of
// their sums; otherwise, and always before iterating further, B is
// refactorised first. Otherwise the answer is lp.NumericalError, never a
// false optimum.
//
// # Unscaled check and cleanup
//
// The tolerances above hold on the scaled problem; in model units a
// primal infeasibility of a structural is multiplied by cⱼ (the column
// factor), one of a row by 1/rᵢ, a reduced cost by 1/cⱼ and a row dual by
// rᵢ, so a scaled optimum can fail the checks of solve.Verify on a model
// whose data spread over many decades. Each optimal answer is therefore
// checked in model units, with Verify's measures and tolerances
// (max(10⁻⁷, PrimalTol) and max(10⁻⁷, DualTol), 10⁻⁶ for objectives):
// row and bound violations / (1 + |bound|), the dual residual
// |cⱼ − aⱼᵀy − dⱼ| / (1 + |cⱼ|), a dual whose sign selects an infinite bound
// / (1 + ‖c‖∞), complementarity |dual·(value − selected bound)| and the
// duality gap, both / max(1, |cᵀx + c₀|).
//
// When the check fails, a cleanup pass runs before any numerical error is
// reported (in the spirit of the post-unscaling cleanup of CLP and HiGHS,
// which iterate on the unscaled problem from the final basis): the core
// switches to the unscaled model (R = C = I) with the same basis, the
// working tolerances become the check's tolerances divided by 10 (so that
// cleanup's acceptance of 10 working tolerances, absolute, implies the
// relative check), B is refactorised, x, y and d are recomputed, and the
// dual simplex (primal infeasibilities only) or the primal simplex iterate
// until both feasibilities hold. Two steps of iterative refinement follow:
// with the residuals r = −(Ax + z) of the rows, summed as
// lp.Model.Activities sums them, x_B += B⁻¹r, and with the residuals
// cⱼ − aⱼᵀy of the basic columns, y += B⁻ᵀr. The answer is checked again;
// only if it still fails, or the cleanup does not end optimal, is the
// result lp.NumericalError, and the log says which check failed, where, by
// how much and against which tolerance (for a row also Σ|aᵢⱼxⱼ|, whose
// 2⁻⁵² multiple is the rounding error of the activity alone: a failure
// below that level cannot be repaired in float64). The scaling is then
// restored with the basis kept, so a Solver's later warm solves run scaled.
// After presolve, the postsolved answer gets the same check against the
// original model; if it fails, the original is solved without presolve.
//
// # Warm starts
//
// A Solver keeps its basis and updated factors between solves. Bound
// changes (SetColBounds) do not change B, so the next Solve reuses the
// factors and only recomputes x_B; y and d, which depend on B and c alone,
// stay those the previous solve's cleanup computed (after an answer that
// passed its check) unless the factors are renewed, which gives the same
// values as recomputing them. The reduced costs of fixed nonbasic columns
// are left out of those computations (nothing in a solve reads them);
// SetColBounds computes the one of a column it frees from the kept y. SetBasis with the basis that is
// already current changes only the nonbasic statuses; with a different
// basis, the variables that stay basic keep their basis positions, B is
// refactorised once, and the dual steepest-edge weights restart at 1
// (measured on lp/mip's MIPLIB runs: fewer LP iterations than keeping the
// weights of the positions whose basic variable stays). An objective change
// (SetObjective) leaves the basis primal feasible, so the next Solve runs
// the primal simplex from it, without the dual's first step of moving boxed
// nonbasics to the bound their new reduced costs prefer, which would lose
// that feasibility (TestWarmObjective: a third of the iterations of cold
// solves when tightening each column's range in turn). That first step
// moves a boxed nonbasic only when its reduced cost is beyond the dual
// tolerance on the wrong side: on a dually degenerate LP many reduced costs
// are zero up to rounding, and moving those columns for the sign of the
// noise made a re-solve after one bound change start from scores of primal
// infeasibilities (MIPLIB 10teams, 230 rows, six branchings of the root
// LP: about 1000 dual iterations per child LP, as many as the cold solve,
// against 7 to 175 now; clp from its own root basis takes 29 to 216).
//
// Dual phase 1 solves Koberstein's auxiliary problem (2005, §4.4): the same
// matrix with boxed and fixed variables in [0,0], lower-bounded in [0,1],
// upper-bounded in [−1,0] and free in [−1000,1000]. Every basis of it is dual
// feasible after flips, and its optimum minimises the total dual
// infeasibility of the original problem. If infeasibilities remain the
// primal simplex takes over.
//
// Solve starts from a given basis (Options.Basis; lp/solfile reads MPS
// basis files) or from a point (Options.Start): BasisFromPoint makes the
// columns strictly between their bounds basic and the others nonbasic at
// the bound they are at, the rows likewise, then demotes the columns
// nearest a bound, or promotes logicals of tight rows, until there are m
// basic entries; a singular result is repaired with logicals. Both skip
// presolve. From the optimal basis of a model whose costs changed by up to
// 10 %, a re-solve takes 0 to 30 iterations where a cold solve takes 17 to
// 218 on eleven NETLIB instances (lp/solfile's TestBasisWarmStart). From a
// degenerate point the completion may be a poor basis (israel: more
// iterations than a cold solve). Options.WantBasis, which asks for the
// final basis, skips presolve too.
//
// # Adding and deleting rows
//
// Solver.AddRows appends rows (cuts) with their logicals basic: B grows by
// a unit row and column, y and d are unchanged, so a dual feasible basis
// stays dual feasible and the next Solve continues with the dual simplex.
// A new row is scaled by the power of two nearest 1/√(min·max) of its
// entries in the already scaled columns.
//
// Solver.DeleteRows is the mirror image, for rows whose logicals are
// basic. Order the rows with row k last and the basis positions with k's
// logical last; since the logical's column is the unit vector eₖ,
//
//	B = [ B'  0 ]      B⁻¹ = [   B'⁻¹   0 ]
//	    [ r   1 ],           [ −rB'⁻¹   1 ],
//
// where B' is the basis of the other rows and columns and r the entries of
// row k in the other basic columns. So B' is nonsingular, the rows of B⁻¹
// for the other positions are those of B'⁻¹ (with a 0 appended), and
//
//   - x_B' = −B'⁻¹N'x_N: the basic values of the other variables are
//     unchanged (row k's entries in N only enter the value of its logical);
//   - y = B⁻ᵀc_B has y_k = c_k = 0 for the logical, and the other entries
//     solve B'ᵀy' = c_B', so y' is y without y_k and every reduced cost
//     dⱼ = cⱼ − aⱼᵀy is unchanged;
//   - the dual steepest-edge weights wₚ = ‖eₚᵀB⁻¹‖² of the other positions
//     are unchanged, the row of B⁻¹ having only a 0 more.
//
// DeleteRows therefore keeps x, d, y and the weights of the remaining
// positions (which keep their order), and only the factors are rebuilt, at
// the next Solve; after an optimal solve that Solve takes 0 iterations
// (TestDeleteRowsWarm, TestDeleteRowsNetlib). A row whose logical is
// nonbasic (a tight row) cannot go this way, since B would lose a row but
// no column: DeleteRows refuses it with ErrRowNotBasic and changes
// nothing. The rows after a deleted one move down, in the model, the basis
// and the solutions.
//
// # Dual bound at a limit
//
// A solve stopped by Options.IterationLimit (or Solver.SetIterationLimit,
// which changes it between solves) or by the context gives no objective,
// but its basis still proves a bound. For any y, every feasible v of the
// computational form has cᵀv = (c − [A I]ᵀy)ᵀv, since [A I]v = 0; with
// y = B⁻ᵀc_B (the model's costs, not the perturbed ones) the basic reduced
// costs are 0, so cᵀv ≥ Σ_{j nonbasic} min(dⱼlⱼ, dⱼuⱼ), a Lagrangian bound
// that Solver.DualBound returns in model units (an upper bound when the
// model maximises). On a dual feasible basis it is the dual objective,
// which the dual simplex raises at every nondegenerate step; a reduced cost
// that points to an infinite bound makes it −∞, unless it is within the
// dual tolerance of zero, where it counts as zero as it does in the
// optimality test. Strong branching in lp/mip caps its child LPs this way
// and prunes or scores with the bound (TestDualBoundStrongBranching checks
// it against the exact child optimum on random LPs, TestDualBoundNetlib on
// NETLIB instances capped at a quarter to three quarters of their
// iterations).
//
// # Primal simplex
//
// The primal simplex minimises the sum of infeasibilities of the basics
// (phase 1, costs ±1 recomputed every iteration) and then cᵀx (phase 2,
// where d is updated from the pivot row, d ← d − (d_q/α_q)α). Pricing is
// Devex (Harris 1973): reference weights wⱼ ← max(wⱼ, (αⱼ/α_q)²w_q). The
// ratio test is Harris' two-pass test over the basics, x_B(t) = x_B − t·B⁻¹a_q,
// with a bound flip when the entering variable reaches its own other bound
// first. An entering direction without a blocking basic is an unbounded ray
// r with r_q = ±1 and r_B = ∓B⁻¹a_q (unscaled by C).
//
// # LU factorisation and update
//
// B is factorised as PBQ = LU by right-looking Gaussian elimination with
// Markowitz pivot selection (Suhl & Suhl 1990): pivots are searched in
// columns and rows of smallest count, cost (r−1)(c−1), accepted when at
// least 0.1 of the largest entry of their column (threshold partial
// pivoting); singletons cost nothing. Empty or tiny active columns mark the
// basis singular, and the offending columns are replaced by the logicals of
// the unpivoted rows. L is kept by column and by row, U by row and by
// column, so FTRAN (B⁻¹b) and BTRAN (B⁻ᵀh) skip zeros, and visit only
// the steps whose column (row) of L is nonempty. When the right-hand side
// of a solve with U has fewer than m/10 nonzeros, a depth-first search over
// the columns (rows) of U finds the rows the solve reaches (Gilbert &
// Peierls 1988); if they stay below m/5 only those are visited, sorted
// into the triangular order so the result equals the dense loop's to the
// bit. A search that reaches more sends the next 32 solves of that
// direction straight to the dense loop.
//
// Basis changes use the Forrest–Tomlin update (Forrest & Tomlin 1972;
// Koberstein 2005): replacing position r by a_q, FTRAN keeps the
// spike s = R_k⋯R₁L⁻¹a_q, which becomes column r of U. The row i of U whose
// diagonal is in column r moves to the end of the triangular order, and its
// off-diagonal entries, now below the diagonal, are eliminated with the
// rows after it: the multipliers μ solve μᵀU₂ = uᵢ (U₂ the rows after i)
// and form a row eta R = I − eᵢμᵀ, so B = L·R₁⁻¹⋯R_k⁻¹·U with U again
// triangular. Its new diagonal is sᵢ − μᵀs, which must equal αᵣ times the
// old one (det B' = αᵣ det B); a disagreement above 10⁻⁸·max(1, |αᵣdᵢ|)
// marks the factors unstable. Unlike a product-form eta (a whole column B⁻¹a_q), the
// spike and μ are only as dense as L⁻¹a_q and a row of U, so FTRAN and
// BTRAN stay short between factorisations. B is refactorised after 100
// updates, when the updates have added twice as many nonzeros as L and U
// had, and on numerical trouble.
//
// # Ranging
//
// Solver.Ranging analyses the optimal basis of the last Solve on the
// unscaled model (the basis refactorised in model units, x, y and d
// recomputed; the scaling is restored afterwards). Write αⱼ = eₚᵀB⁻¹aⱼ for
// row p of the tableau and B⁻¹a_q for the column of a nonbasic q, in the
// computational form above (costs minimised).
//
// Cost ranging of a basic variable k at position p: raising c_k by δ
// changes y by δ·B⁻ᵀeₚ and every nonbasic reduced cost by dⱼ(δ) = dⱼ − δαⱼ.
// The dual ratio test on row p finds, in each direction, the smallest |δ|
// at which some dⱼ reaches zero: j at its lower bound with δαⱼ > 0 (ratio
// dⱼ/αⱼ), at its upper bound with δαⱼ < 0, a free nonbasic with αⱼ ≠ 0
// (ratio 0); fixed nonbasics never limit. That j enters past the end
// (upwards when δαⱼ > 0, since dⱼ turns negative), and the primal ratio
// test on its column, with k kept basic as if free, gives the leaving
// variable and k's value in the adjacent basis. The objective at an end is
// z + (c' − c)·x_k. Cost ranging of a nonbasic k: its interval ends where
// its own reduced cost reaches zero, at c − d in the model's units (the
// other end is infinite; a fixed nonbasic has both ends infinite), and past
// it k enters, the primal ratio test on its column naming the leaving
// variable.
//
// Activity ranging of a nonbasic k (a column at a bound, a row whose
// logical is at a bound, i.e. an active constraint): moving its value by t
// moves x_B by −t·B⁻¹a_k, so the primal ratio test on k's column gives, in
// each direction, the largest |t| that keeps the basic variables within
// their bounds and the basic variable that reaches one (which leaves).
// Along that interval y and d stay fixed and the objective is
// z + dual·(v − x_k). A basic variable's activity entry is its value in
// the adjacent basis at each end of its cost interval.
//
// Both ratio tests skip tableau entries of magnitude at most 10⁻⁹, treat
// a ratio made negative by rounding as 0, and break ties by the larger
// |entry|; the entering variable's own opposite bound is not a candidate
// (a bound flip keeps the basis). These are the definitions of glpsol's
// --ranges report (GLPK's glp_analyze_bound and glp_analyze_coef), which
// TestRangingGlpsol compares on NETLIB instances at the same basis.
//
// # Cost of node LPs
//
// Branch and bound (lp/mip) solves thousands of LPs of a few iterations
// each, so the work per solve and per iteration counts as much as the
// iteration count. The pivot rows of both simplex methods leave out the
// fixed columns (and, summed by row, the basic ones), whose entries they
// would compute only to skip them: on MIPLIB cap6000's node LPs three
// quarters of the entries of the rows with ρᵢ ≠ 0 belong to such columns.
// Summed by row, the pivot row runs over a copy of the row-wise matrix
// without the fixed columns, each row in ascending column order; the first
// row-wise pivot row of a run brings it in line with the working bounds,
// by single insertions and removals when few columns changed (a rebuild
// when more than n/16 did), so runs that sum by column never pay for it.
// The results are the same floats as before, so the search is unchanged
// (the -log output of benchmarks/mipheur on stein45, vpm2, cap6000,
// misc07, p2756, fiber, mas76 and 10teams at -nodes 3000 is identical;
// TestPivotRowLists). CPU seconds, min of 3 alternating runs, load average
// 1.5 to 1.9 on 2 cores (the runs of one binary vary by up to 10 %):
//
//	GOMAXPROCS=1 mipheur -only cap6000,qiu,10teams,vpm2 -cpu 30s
//
//	instance   before   after
//	cap6000     2.93     2.70   (−8 %; min of 5: 3.00 and 2.77)
//	10teams     3.15     2.96   (−6 %)
//	qiu        18.95    19.12   (within the noise)
//	vpm2        2.97     3.05   (within the noise; min of 5: 3.04 and 3.15,
//	                             medians 3.27 and 3.17)
//
// Tried and not kept: computing the ratio test's breakpoints once per
// candidate instead of once per Harris pass (no change: most tests end
// after one pass); a row copy without the basic columns too, kept current
// on every basis change (cap6000 −3 %, vpm2 +3 %: the upkeep on every
// pivot eats the saving); SetBasis by Forrest–Tomlin updates from the
// current factors instead of a refactorisation when at most 20 columns
// differ (half of cap6000's SetBasis time, but the longer update chains
// slow every later FTRAN and the search changes: cap6000 3.01 s and 2 195
// nodes against 3.00 s and 2 103).
//
// The fixed work of a node LP, measured after these changes (pprof of
// `GOMAXPROCS=1 mipheur -only cap6000 -cpu 30s -nodes 40000`, 2.7 s):
// SetBasis 16 % (13 % its refactorisation), cleanup 11 % (computeX,
// computeDuals and the residual checks), the answer 7 % (optimalAnswer),
// its check 7 % (checkAnswerAct), computeX at the start of the dual 3 %;
// each is spread over loops of a few per cent, none dominated by one
// statement. Allocation is 3 % of a run of cap6000, 10teams, dsbmip and
// mas76, mostly in lp/mip; the answer's one buffer per solve goes to the
// caller. The dense triangular solve with U (ftranUDense) is taken,
// counted by an instrumented build on `-only <instance> -nodes 40000`:
// on cap6000 for all its
// 13 397 dense solves because the right-hand side had ≥ m/10 nonzeros (313
// of 2 185 rows on average, 325 in the result, so a hypersparse solve
// would visit as many rows and sort them too); on dsbmip (about 1 200 rows)
// 14 416 of its 15 984 dense solves are the hyperSkip solves after one of
// 452 searches whose reach overflowed, results 27 % nonzero on average; on
// mas76 U has about 22 rows, so two nonzeros already choose the dense loop
// (499 000 solves). In all three most of its time is the update of the
// nonzero rows' columns, which a hypersparse solve does as well.
//
// Tried for that fixed work, results bit-identical, and not kept because
// they did not pay (min of 3 to 7 alternating runs, load average 1.2 to
// 1.6; the runs of one binary vary by up to 10 %): a skip count per kind
// of FTRAN right-hand side (entering column, steepest-edge τ, other), as
// 8 383 of dsbmip's skipped solves had results below 2m/10 nonzeros
// (`-only cap6000,10teams,dsbmip,mas76 -nodes 40000`: cap6000 2.85 →
// 2.96 s, 10teams 3.31 → 3.56, dsbmip 0.54 → 0.59, mas76 1.73 → 1.62); a
// dense U solve that clears its result first and skips the zero rows
// without reading their column (dsbmip 0.499 → 0.499 s, mas76 1.587 →
// 1.580, min of 7); that together with an answer that sums the objective
// and starts d in the loop that snaps x, and a check that calls the dual
// sums only for nonzero duals and divides only nonzero residuals (pprof
// of the four instances, 8.5 s: ftranUDense 0.51 → 0.49 s, optimalAnswer
// 0.48 → 0.45, checkAnswerAct 0.22 → 0.22; cap6000 2.65 → 2.70 s, dsbmip
// 0.505 → 0.478, min of 5). A cache of the factors of the basis SetBasis
// last refactorised would serve too few solves to pay for its copies:
// only 96 of cap6000's 1 622 refactorisations in SetBasis (none of
// 10teams's 392) are of the same basis heading as the one before, and a
// refactorisation of the same basis in another heading order gives
// different factors.
//
// # Scaling, presolve, results
//
// Solve runs lp/presolve first (unless Options.NoPresolve) and maps the
// solution back with its postsolve; when presolve or the reduced model ends
// without an optimum, or the postsolved point does not check out, the
// original model is solved directly so that certificates refer to it. The
// reported x is the unscaled x of the final basis (nonbasics exactly at
// their bounds), y = R·B⁻ᵀc_B with the sign of the model's sense, and
// d = c − Aᵀy computed on the original matrix, so c = Aᵀy + d holds to
// rounding.
//
// References: A. Koberstein, The dual simplex method, techniques for a fast
// and stable implementation, PhD thesis, Paderborn 2005; I. Maros,
// Computational Techniques of the Simplex Method, Kluwer 2003; J. J. Forrest
// and D. Goldfarb, Steepest-edge simplex algorithms for linear programming,
// Math. Programming 57, 1992; J. R. Gilbert and T. Peierls, Sparse partial
// pivoting in time proportional to arithmetic operations, SIAM J. Sci.
// Stat. Comput. 9, 1988; J. J. H. Forrest and J. A. Tomlin, Updated
// triangular factors of the basis to maintain sparsity in the product form
// simplex method, Math. Programming 2, 1972; U. H. Suhl and L. M. Suhl, Computing sparse LU
// factorizations for large-scale linear programming bases, ORSA J. Computing
// 2, 1990; P. M. J. Harris, Pivot selection methods of the Devex LP code,
// Math. Programming 5, 1973; Q. Huangfu and J. A. J. Hall, Parallelizing the
// dual revised simplex method, Math. Prog. Comp. 10, 2018.
package simplex
