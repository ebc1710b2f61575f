// Package mip solves mixed-integer linear programs by LP-based branch and
// bound on top of the project's dual simplex (package lp/simplex).
//
// # Branch and bound
//
// For the MILP  min{cᵀx : rl ≤ Ax ≤ ru, l ≤ x ≤ u, xⱼ ∈ ℤ for j ∈ I}  (a
// maximisation is solved as the minimisation of −cᵀx and reported in its own
// sense) every node of the search tree is the LP relaxation with tightened
// column bounds. Its optimum z is a lower bound for every integer point of the
// node; a node is pruned when its LP is infeasible or z ≥ z* − δ, where z* is
// the incumbent (best integer point found so far) and δ the allowed gap. An LP
// optimum x̄ that is integral on I is a new incumbent. Otherwise the node is
// split on a column j ∈ I with fractional x̄ⱼ into the children with
// uⱼ = ⌊x̄ⱼ⌋ and lⱼ = ⌈x̄ⱼ⌉ (Wolsey 1998, ch. 7; Achterberg 2007, ch. 2).
//
// Node selection is best-bound search with plunging: after branching, the
// search dives into one child (the side x̄ⱼ rounds to) and re-optimises it with
// the dual simplex from the parent's basis, which stays dual feasible after a
// bound change; the sibling is stored with a snapshot of that basis. A dive
// ends when its node is pruned, integral, or its bound is no longer within
// half of the gap between the best open bound and the incumbent; the search
// then continues with the open node of smallest bound and restores its basis
// snapshot. The best bound of the search is the smallest bound of the open
// nodes; it stops with status Optimal when
//
//	|z* − bound| ≤ max(AbsGap, MIPGap·max(1, |z*|)).
//
// When every objective coefficient of a non-fixed column is an integer
// multiple of g on an integer column, every integer objective value differs
// from z* by a multiple of g and a node is pruned as soon as z > z* − g.
//
// # Branching
//
// MostFractional branches on the column with fractional part f closest to ½.
// PseudoCost (Bénichou et al. 1971; Achterberg, Koch & Martin 2005) records,
// for each column, the objective gain per unit of bound change observed in
// every child created by branching on it, ψ⁻ⱼ (down) and ψ⁺ⱼ (up), and
// branches on the column with the largest product score
//
//	max(fⱼψ⁻ⱼ, ε) · max((1−fⱼ)ψ⁺ⱼ, ε),  ε = 10⁻⁶.
//
// A column without observations uses the average pseudo-costs of all columns,
// and 1 before any observation. Pseudo-costs are made reliable by strong
// branching (reliability branching, Achterberg, Koch & Martin 2005): while a
// candidate has fewer than 4 observations in either direction, both of its
// children are solved (warm, by the dual simplex) and the product of the true
// gains replaces its estimate; at most 12 candidates per node are evaluated
// this way, in order of their pseudo-cost score, stopping after 4 without
// improvement. The gains become pseudo-cost observations, a child found
// infeasible or with z ≥ z* − δ is pruned at once, and an integral child LP
// point is offered as an incumbent.
//
// # Bound tightening
//
// At every node the bounds of integer columns are tightened before the LP is
// solved by activity-based propagation (Achterberg 2007, §7.1): for a row
// rl ≤ Σaₖxₖ ≤ ru and a column j with aⱼ > 0,
//
//	xⱼ ≤ ⌊(ru − minact₋ⱼ)/aⱼ⌋  and  xⱼ ≥ ⌈(rl − maxact₋ⱼ)/aⱼ⌉,
//
// where minact₋ⱼ, maxact₋ⱼ are the extreme activities of the other columns
// over their bounds (the roles swap when aⱼ < 0); empty domains prune the
// node. After the LP, reduced-cost fixing (Wolsey 1998, §7.4) uses the
// reduced costs d of the node LP with value z: a column at its lower bound
// with dⱼ > 0 can rise by at most (z* − δ − z)/dⱼ in any improving solution of
// the subtree, so uⱼ ≤ lⱼ + ⌊(z* − δ − z)/dⱼ⌋; symmetrically for a column at
// its upper bound with dⱼ < 0. The root LP's reduced costs tighten the global
// bounds in the same way each time the incumbent improves.
//
// # Root strengthening
//
// Before the search, the root bounds are propagated and the rows are
// strengthened by coefficient tightening (Savelsbergh 1994): in a row
// aᵀx ≤ b with finite maximal activity M > b, a binary column k with aₖ > 0
// and M − aₖ < b (the row cannot be violated when xₖ = 0) gets
// aₖ ← aₖ − d, b ← b − d with d = b − (M − aₖ), and one with aₖ < 0 and
// M + aₖ < b gets aₖ ← aₖ + d with d = b − (M + aₖ). The integer points are
// unchanged and the LP relaxation shrinks (big-M rows become tight).
//
// The root LP is then strengthened by rounds of extended cover cuts (Crowder,
// Johnson & Padberg 1983; Wolsey 1998, §9.3): a row over binary columns is
// written Σ aⱼyⱼ ≤ b with aⱼ > 0 by complementing columns with negative
// coefficients; for a cover C (Σ_C aⱼ > b), built greedily by increasing
// (1 − y*ⱼ)/aⱼ from the LP point y*, the inequality
// Σ_{C ∪ E} yⱼ ≤ |C| − 1 with E = {j ∉ C : aⱼ ≥ max_C aᵢ} is added when y*
// violates it. The same rounds add the simplest flow-cover inequalities
// (Padberg, Van Roy & Wolsey 1985): a row over continuous columns x ≥ 0 whose
// "≥ b" side (b > 0) has a variable upper bound xⱼ ≤ uⱼyⱼ (a row
// aⱼxⱼ − cⱼyⱼ ≤ 0, yⱼ binary) on each column with aⱼ > 0 implies
// Σ min(aⱼuⱼ, b)·yⱼ ≥ b — in a fixed-charge network, some arc into a node
// with demand must be opened. They also add complemented mixed-integer
// rounding (c-MIR) cuts (Marchand & Wolsey 2001): a row, aggregated with up
// to five others to eliminate continuous columns strictly inside their
// bounds, has its continuous columns substituted by their nearest simple or
// variable bound and its binary columns complemented to their nearest bound,
// and is divided by δ and rounded:
//
//	Σ (⌊a'ⱼ/δ⌋ + max(0, fⱼ − f₀)/(1 − f₀))·x'ⱼ − s/(δ(1 − f₀)) ≤ ⌊b'/δ⌋,
//
// with f₀ and fⱼ the fractional parts of b'/δ and a'ⱼ/δ and s the
// continuous part (mir.go). In the first three rounds, Gomory mixed-integer
// cuts are read off the optimal tableau rows of fractional basic binaries
// (gomory.go). Both families treat general integer columns as continuous or
// skip them; see mir.go for why. Cuts enter the LP warm (the simplex keeps its
// basis). Rounds stop when no cut is found, the bound stalls, or after ten
// rounds; the cuts whose multiplier is zero at the last root optimum are
// then dropped, which keeps that optimum and the bound and leaves the nodes
// a smaller LP.
//
// # Heuristics
//
// At every node the LP point is rounded, first in the direction in which no
// row constrains the column (simple rounding, Achterberg 2007, §9.1), then to
// the nearest integers; a rounded point that satisfies every row and bound
// becomes the incumbent. While there is no incumbent, the root runs
// fractional diving (Achterberg 2007, §9.2; at most 300 LP solves): fix the
// integer column closest to integrality to its nearest integer, propagate
// and re-solve; if propagation refutes the value or its LP is infeasible or
// cut off, try the other neighbour; stop when the LP point is integral or
// both neighbours fail. Plunging acts as a depth-first diving
// heuristic during the search.
//
// # Callbacks
//
// Options.Callbacks lets the caller follow and steer the search. All of them
// run in the goroutine that runs Solve (under solve.Solve, the backend's
// goroutine), one call at a time, and the search waits for each.
//
//   - Event is called with an IncumbentEvent on every new incumbent (its
//     values, objective, what found it) and with a ProgressEvent after the
//     root node and every Every nodes (nodes, open nodes, incumbent, bound,
//     gap, iterations, time). Returning ErrStop ends the search as a
//     cancelled context does: status TimeLimit, the incumbent, and the bound
//     of the open nodes, which include the node being processed, so the
//     bound stays valid. Another error also ends it, and Solve returns that
//     error instead of a solution.
//   - Cuts (user cuts) is called with the LP optimum of every node whose
//     point is fractional and returns valid inequalities; those the point
//     violates (by more than the incumbent check's tolerance) join the LP
//     of every later node, and the node is solved again, at most
//     UserCutRounds times. They are not checked: an inequality that cuts off
//     an integer solution can cut off the optimum.
//   - Lazy (lazy constraints) is called on every candidate incumbent that
//     satisfies the model, would improve the incumbent and satisfies the
//     lazy rows returned so far: an integral node LP point, a strong
//     branching child, a rounded or dived point. The rows it returns must
//     hold for every solution of the model (for a travelling salesman in the
//     degree formulation, the subtour elimination rows of the candidate's
//     cycles). A candidate that violates one is rejected; all are kept for
//     the rest of the search, added to the LP of every later node (and at
//     once to the LP of a node whose integral point they rejected, which is
//     then solved again, as often as new rows come back) and checked
//     against every later candidate. So every incumbent satisfies every
//     lazy row returned before it was accepted, and a row returned later
//     that cuts off the incumbent is an error (ErrCallback: the callback
//     accepted a point that was not a solution). The node bounds stay valid:
//     each node LP is a relaxation of the model with all its lazy rows, even
//     while some of those rows are not in it yet. With Lazy set, a model
//     whose LP relaxation is unbounded is refused (ErrCallback): the rows
//     left out might bound it, and the unbounded case cannot be decided.
//
// A callback that returns a malformed row (an index out of range or
// repeated, a NaN, both sides infinite) makes Solve return an error wrapping
// ErrCallback, an input error of package fault.
//
// # MIP start
//
// A MIP start (Options.Start) is tried before the root: a complete start
// that satisfies every row and bound becomes the incumbent as it is; else,
// as HiGHS does, its integer columns are fixed to their rounded values and
// the rest is solved as a sub-MIP of at most StartNodes nodes (for a start
// that gives every integer column, that is one LP). A start that yields no
// feasible point is a warning (Solution.Warnings), never a failure.
//
// # Results
//
// Solve returns an lp.Solution in the model's sense with Objective the
// incumbent's cᵀx + c₀, BestBound the best proven bound, Gap =
// |Objective − BestBound| / max(1, |Objective|), Nodes and the total simplex
// Iterations. X holds the incumbent with its integer columns exactly integral
// (rounded after a check against the integrality tolerance) and RowActivity
// is recomputed from it (over the model's rows only, not the lazy ones);
// every incumbent is checked against the original rows and bounds, and the
// lazy rows, before it is accepted. There are no duals. With lazy
// constraints, Optimal and Infeasible are relative to the model with every
// lazy row the callback could return. The statuses are
//
//   - Optimal: the incumbent is optimal within the gap;
//   - Infeasible: no integer point exists (X is nil, BestBound is +∞ for a
//     minimisation, −∞ for a maximisation);
//   - Unbounded: the LP relaxation is unbounded and an integer point exists,
//     which for rational data implies that the MILP is unbounded (Meyer 1974);
//     X holds that integer point. To decide it, the search is repeated with a
//     zero objective; with integer columns of unbounded domain that search
//     need not end, so bound it with NodeLimit or a deadline;
//   - TimeLimit (the context's deadline passed or it was cancelled, or a
//     callback returned ErrStop) and NodeLimit: X holds the incumbent if one was found, BestBound the best
//     bound of the open nodes (rounded up to the next value z* − k·g when the
//     objective is integral with step g, see above);
//   - IterationLimit: the root LP hit Options.LP.IterationLimit (which
//     applies to each LP solve); at a later node such a failure counts as
//     below;
//   - NumericalError: the LP of some node failed (iteration limit or
//     numerical trouble) with every integer column fixed, so the node had to
//     be dropped and the answer is not proven; X holds the incumbent if any.
//     A node whose LP fails while an integer column is still free is instead
//     split on the free column of best pseudo-cost score, at the middle of
//     its range, and both children keep its bound (SCIP's pseudo-solution
//     branching on unresolved LP trouble), so only a failure at a leaf
//     makes the answer unproven.
//
// When the search cannot conclude, Objective is 0 without an incumbent and
// Gap is +∞; BestBound is −∞ (+∞ for a maximisation) when not even the root
// LP was solved. Solution.Backend is "simplex".
//
// # Log
//
// With Options.Log set, the search writes a progress line every
// Options.LogEvery nodes, one marked "*" for each new incumbent (naming the
// heuristic or "node") and a last one "done: STATUS": nodes, open nodes,
// incumbent, bound, gap, simplex iterations and seconds. ParseProgress
// reads such a line back into numbers (the JSON log of cmd/solve does).
// Options.NoPresolve skips the root's bound propagation and coefficient
// tightening.
//
// # References
//
//   - L. A. Wolsey, Integer Programming, Wiley 1998, ch. 7 (branch and bound,
//     reduced-cost fixing) and ch. 8.
//   - T. Achterberg, T. Koch, A. Martin, Branching rules revisited, Operations
//     Research Letters 33 (2005) 42–54.
//   - T. Achterberg, Constraint Integer Programming, PhD thesis, TU Berlin 2007
//     (node selection and plunging ch. 6, domain propagation ch. 7, primal
//     heuristics ch. 9).
//   - M. W. P. Savelsbergh, Preprocessing and probing techniques for mixed
//     integer programming problems, ORSA Journal on Computing 6 (1994) 445–454.
//   - H. Crowder, E. L. Johnson, M. Padberg, Solving large-scale zero-one
//     linear programming problems, Operations Research 31 (1983) 803–834.
//   - M. W. Padberg, T. J. Van Roy, L. A. Wolsey, Valid linear inequalities
//     for fixed charge problems, Operations Research 33 (1985) 842–861.
//   - M. Bénichou, J. M. Gauthier, P. Girodet, G. Hentges, G. Ribière,
//     O. Vincent, Experiments in mixed-integer linear programming, Mathematical
//     Programming 1 (1971) 76–94.
//   - R. R. Meyer, On the existence of optimal solutions to integer and mixed
//     integer programming problems, Mathematical Programming 7 (1974) 223–235.
package mip
