// Package solve runs an lp.Model on a pluggable solver backend and verifies
// whatever comes back.
//
// # Architecture
//
// A model package compiles its domain instance into an lp.Model and calls
//
//	sol, rep, err := solve.Solve(ctx, model, "auto", solve.Options{})
//
// Solve validates the model (an error wrapping lp.ErrInvalid), refuses data
// no double-precision backend can be trusted with (lp.Model.CheckRange with
// lp.DefaultLimits: a finite value above 1e20 in magnitude, or a row whose
// coefficients and bounds span more than 1e20 times its smallest
// coefficient; an error wrapping lp.ErrInvalid and lp.ErrRange that names
// the entry), resolves the
// backend name (ErrUnknownBackend), checks that the backend declares the
// capability the model needs (ErrCapability, naming backend and capability —
// never a silent fallback to another backend; Options.Ranging needs the
// Ranging capability and an LP), runs it with panics recovered
// (ErrBackend), stamps Solution.Backend and Solution.Time, and passes the
// result through Verify. A result claimed Optimal that fails verification,
// or claimed Infeasible or Unbounded with a certificate that fails, is
// downgraded to lp.NumericalError, keeping the solution and the report (an
// unproven claim is never passed on as a fact: branch and bound would prune
// on it).
// A backend stops when ctx is cancelled or its deadline passes, with status
// lp.TimeLimit and its best point so far; one that has not returned
// StopGrace (2 s) after ctx ended is abandoned, and Solve returns an error
// wrapping ErrNoStop (a limit) and ctx.Err() instead of hanging on it.
// Options.Start (a MIP start, or an LP's starting point) and Options.Basis
// (an LP's starting basis; WantBasis asks for the final one in
// Solution.Basis) are checked against the model (lp.ErrInvalid); a backend
// that does not declare Capabilities.Start or Capabilities.Basis is run
// without them, and Solution.Warnings says so (only simplex declares them).
// Backends register themselves by name in init, database/sql style (see
// Register, Open, Backends); the conformance suite in solve/solvetest is the
// contract every backend passes.
//
// # Callbacks
//
// Options.Callbacks (see Callbacks and package lp/mip) follow and steer a
// MILP solve: Event is called on every new incumbent (values, objective) and
// every Callbacks.Every nodes (nodes, bound, gap, time), and returning
// mip.ErrStop from it ends the search with status lp.TimeLimit, the
// incumbent and a valid bound; Cuts adds user cuts at the nodes; Lazy adds
// lazy constraints, rows the model leaves out that every candidate
// incumbent is checked against. Only the simplex backend (the pure-Go branch
// and bound) serves them (Capabilities.Callbacks); on a MILP, Solve refuses
// callbacks on a backend without it with an error wrapping ErrCapability,
// and on an LP they are never called. Solve runs the backend in a goroutine
// of its own, so the callbacks run there, one at a time, while Solve waits;
// a callback still running when Solve gives up on the backend (StopGrace
// after ctx ended) is left running.
//
// Solve records every lazy row the callback returns and verifies the answer
// against the model with those rows appended: a point that violates one
// fails like one that violates a model row (Report.LazyRows counts them, and
// a Report.WorstRow at or beyond the model's row count is a lazy row). The
// solution itself (RowActivity) stays that of the model's rows.
//
// # The auto rule
//
// "auto" picks, among the backends compiled in: for a MILP, simplex (the
// pure-Go branch and bound), else lpsolve; for an LP, clp, else simplex —
// each only if it declares the capability (MILP, resp. LP, and Ranging
// when Options.Ranging asks for it); failing those,
// the first other registered backend in name order that declares it. gonum
// is never preferred: it is a dense second opinion for small problems.
// Choose reports the pick. With Options.Presolve on, Solve picks among the
// backends that declare Capabilities.Presolve (of those compiled in, only
// simplex has a presolve to switch: clp, lpsolve and gonum solve the model
// as given, take presolve off and refuse presolve on).
//
// The MILP order rests on measured strength, not on which library is
// native: `go run -tags clp,lpsolve ./benchmarks/lpbench -dir
// ../shared/miplib -backends simplex,lpsolve -timeout 30s` (CPU time
// relative to the cbc 2.10.8 command, 2 shared cores) gives
//
//	            solved   geometric mean ÷ cbc
//	simplex     9/10     0.39 (9 instances)
//	lpsolve     6/10     1.09 (6 instances)
//
// lp_solve 5.5 reaches no proven optimum in 30 s on bell5, gt2, p0548 and
// sp150x300d (the branch and bound takes 0.5, 0.19 and 0.40 s on the first
// three), and is faster only on rgn (0.13 s against 0.32 s).
//
// # Verification
//
// For the model min/max cᵀx + c₀ s.t. rl ≤ Ax ≤ ru, l ≤ x ≤ u (some xⱼ ∈ ℤ)
// and a solution (x, y, d) Verify computes, never trusting the backend's own
// figures:
//
//   - primal row violation max(rlᵢ − aᵢᵀx, aᵢᵀx − ruᵢ, 0), scaled by
//     1 + |violated bound|, and the same for column bounds (tolerance
//     DefaultPrimalTol = 1e-7);
//   - integrality max |xⱼ − round(xⱼ)| over integer columns (DefaultIntegralityTol = 1e-6);
//   - objective consistency |z − (cᵀx + c₀)| / max(1, |cᵀx + c₀|) (DefaultObjectiveTol = 1e-6);
//   - with duals, following the convention c = Aᵀy + d of the lp package:
//     the dual residual ‖c − Aᵀy − d‖∞ (each entry scaled by 1 + |cⱼ|); the
//     sign of every yᵢ and dⱼ — in a minimisation a positive dual means "at
//     the lower bound" and a negative one "at the upper bound", reversed in a
//     maximisation, so a dual whose sign selects an infinite bound is
//     infeasible (scaled by 1 + ‖c‖∞; DefaultDualTol = 1e-7); complementarity
//     |yᵢ|·|aᵢᵀx − bᵢ| and |dⱼ|·|xⱼ − βⱼ| for the bound bᵢ, βⱼ each sign
//     selects; and the relative duality gap between cᵀx + c₀ and the dual
//     objective c₀ + Σᵢ yᵢbᵢ + Σⱼ dⱼβⱼ. Weak duality makes these sufficient:
//     a dual-feasible (y, d) with zero gap proves x optimal;
//   - for Infeasible with a Farkas certificate y: with z = Aᵀy, that
//     max{zᵀx : l ≤ x ≤ u} < min{yᵀr : rl ≤ r ≤ ru}, which no x with Ax = r
//     can satisfy;
//   - for Unbounded with a ray r: that the objective improves along r
//     (cᵀr < 0 when minimising) and r lies in the recession cone of the
//     bounds: rⱼ ≥ 0 where lⱼ is finite, rⱼ ≤ 0 where uⱼ is finite, and the
//     same for (Ar)ᵢ with rlᵢ, ruᵢ.
//
// # Certificates
//
// A certificate is a direction, so its size means nothing, and its entries
// mean something only against the data they multiply: on a model whose
// column x has the coefficient 1e25, a ray with rₓ = −1e-25 leaves x ≥ 0 by
// a whole unit of that row, although −1e-25 is far inside any absolute
// tolerance. Both certificates are therefore judged relative to the data:
//
//   - A ray is scaled so that maxⱼ |rⱼ|·κⱼ = 1, where κⱼ is the largest of
//     |cⱼ| and |aᵢⱼ| in column j (a column without data takes the largest
//     κ). A wrong-signed rⱼ counts as |rⱼ|·κⱼ, what it moves the rows and
//     the objective by; a wrong-signed (Ar)ᵢ counts relative to
//     Σⱼ |aᵢⱼ|/κⱼ, the most a ray so scaled can move row i. Each must be
//     at most the primal tolerance (1e-7). The improvement −cᵀr must exceed
//     the dual tolerance (1e-7) times Σⱼ |cⱼrⱼ|, so that it is not
//     cancellation.
//   - A Farkas certificate is scaled so that maxᵢ |yᵢ|·τᵢ = 1, τᵢ the
//     largest |aᵢⱼ| of row i. An entry zⱼ of Aᵀy counts as zero only when it
//     is below 1e-9 of Σᵢ |yᵢaᵢⱼ| (cancellation), so a coefficient of 1e-25
//     meeting an infinite bound still breaks the proof; a yᵢ meeting an
//     infinite row bound only when |yᵢ|·τᵢ is below 1e-9. The margin
//     min yᵀr − max zᵀx must exceed the primal tolerance times the sum of
//     the magnitudes of its terms: a margin of 1e-3 between bounds of 1e12
//     is no proof, since the primal check would accept a point that close.
//
// Uniform scaling of the data (all of it 1e-25, say) changes none of these
// measures: genuine certificates of such models pass, and false ones fail
// just as they would at scale 1. The absolute checks of a primal point and
// of duals are unchanged (DESIGN.md, "Tolerances").
//
// References: R. J. Vanderbei, Linear Programming: Foundations and
// Extensions, 5th ed., Springer 2020 (duality, ch. 5; Farkas' lemma, ch. 10);
// the MathOptInterface test suite and the HiGHS solution checker, for the
// idea of verifying every backend's answer the same way.
package solve
