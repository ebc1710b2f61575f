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
// 0.8 of the gap between the best open bound and the incumbent (plungeFrac);
// the search then continues with the open node of smallest bound and
// restores its basis snapshot. With 0.5, the fraction before, mas76 and pk1
// (incumbent optimal from the first node, so the tree is what proves it)
// jumped to a stored node after most nodes, each jump a refactorisation and
// a re-solve from the parent's basis, and their pseudo-costs were learnt
// in a different order. Measured with benchmarks/mipheur, 20 s of CPU, one
// thread, idle machine, 0.8 against 0.5: mas76 241 572 nodes, 11.6 s,
// against 348 777 nodes, 17.8 s; pk1 solved in 229 646 nodes, 14.9 s,
// against unsolved at 284 400 nodes; vpm2 7 788 nodes against 8 818;
// misc07 24 260 against 21 943, stein45 50 283 against 48 618, p2756 73
// against 63, set1ch 135 against 120; every other solved instance within
// ±10 % of its nodes (0.8 with reliability 8 instead of 4 took misc07 to
// 29 288 nodes and mas76 to 307 858; plunging to the end, 1.0, took pk1 to
// 269 492). The best bound of the search is the smallest bound of the open
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
// Strong branching only needs bounds, and its LPs are capped
// (Options.StrongCap, on by default): once node LPs below the root have
// been solved, each strong-branching LP stops after twice their average
// iterations, and at least 10, as SCIP and HiGHS cap theirs. A capped child
// is scored with the dual bound its basis proves (simplex.Solver.DualBound,
// the Lagrangian bound of the basis's duals, valid whether or not the basis
// is dual feasible): it still prunes the child when it reaches z* − δ, it is
// the child's bound in the tree, and its gain over z, when positive, is a
// pseudo-cost observation (one that underestimates); a capped LP never
// supplies an incumbent, and the node's basis is restored before the other
// child. The total is budgeted too (Options.StrongBudget, on by default):
// once the strong-branching LPs have cost more than half the iterations of
// the node LPs plus 10 000, one observation per direction makes a column
// reliable instead of 4 (SCIP bounds its strong branching by a quotient and
// an offset of the same kind). TestStrongCapAgainstEnumeration caps every
// strong-branching LP at one or two iterations and checks random MILPs
// against enumeration.
//
// Where the iterations went: on 10teams (230 rows, 2025 columns, root bound
// after cuts 924 = the optimum) the search did 9 nodes in 10 s of CPU, each
// node LP and each strong-branching LP taking about 1 000 dual simplex
// iterations, as many as the root LP from scratch. The cause was in the
// simplex, not the search: a warm dual start moved every boxed nonbasic
// whose reduced cost had the wrong sign by rounding noise to its other
// bound, and on this dually degenerate LP that started each re-solve from
// about 180 infeasible basics (lp/simplex doc.go, "Warm starts"). With that
// fixed a node LP takes about 25 iterations and a strong-branching LP about
// 80, so that strong branching took 97 % of the tree's iterations (1 410
// LPs for 127 nodes), which the cap and the budget then cut.
//
// Measured with benchmarks/mipheur on the 30 shared instances (the 20 of
// shared/miplib3, then the 10 of shared/miplib), 10 s of CPU each,
// GOMAXPROCS=1, nice -n 15: "before" is the search before these changes
// (commit 4de53d9), "simplex fix" the warm-start fix alone (-set
// strongcap=off,strongbudget=off), "after" the defaults. it/nd is every
// simplex iteration of the solve (root, heuristics and tree) per node.
//
//	nice -n 15 env GOMAXPROCS=1 mipheur -cpu 10s -log
//	nice -n 15 env GOMAXPROCS=1 mipheur -cpu 10s -log -set strongcap=off,strongbudget=off
//
//	              before           simplex fix       after (default)
//	            st  nodes it/nd  cpu  st  nodes it/nd  cpu  st  nodes it/nd  cpu
//	10teams     tl      9 16767 10.0  tl    127  1122 10.0  tl    363   285 10.0
//	air04       tl      1 12178 10.1  tl      1 10341 10.1  tl      1 10213 10.0
//	cap6000     tl   1020    21 10.0  tl   1409    16 10.0  opt  1776     6  9.6
//	danoint     tl     17  6694 10.0  tl     18  6628 10.0  tl    411   291 10.0
//	dsbmip      opt     1 48176  3.1  opt     1 14747  1.1  opt     1 17681  1.4
//	fiber       opt   103   105  1.5  opt    59   146  1.3  opt    59   146  1.5
//	gesa2       tl  10775     7 10.0  tl  11770     7 10.0  tl  13217     6 10.0
//	harp2       tl   6477    25 10.0  tl   6346    25 10.0  tl   8745    15 10.0
//	khb05250    opt     5   328  0.3  opt     5   328  0.3  opt     5   310  0.3
//	mas76       tl  88105     5 10.0  tl  87441     5 10.0  tl  85571     6 10.0
//	misc07      tl  11611    23 10.0  tl  13852    18 10.0  tl  15390    14 10.0
//	mod011      tl      1 42712 10.0  tl      1 38287 10.0  tl      1 37526 10.0
//	noswot      tl  43881    11 10.0  tl  61019     6 10.0  tl  58117     5 10.0
//	p2756       opt    49    81  1.9  opt    49    73  1.5  opt    63    60  1.6
//	pk1         tl  87783     9 10.0  tl  93914     9 10.0  tl  92194    10 10.0
//	qiu         tl     40  1898 10.0  tl     31  2041 10.0  tl    293   223 10.0
//	rout        tl  13804    27 10.0  tl   7124    30 10.0  tl  12019    18 10.0
//	set1ch      opt    17   253  0.7  opt    17   252  0.9  opt    17   244  0.9
//	stein45     tl  33713     9 10.0  tl  25732    10 10.0  tl  23388    10 10.0
//	vpm2        tl   6035    38 10.0  tl   4325    29 10.0  tl   5034    24 10.0
//	small_mip   opt     1     4  0.0  opt     1     4  0.0  opt     1     4  0.0
//	flugpl      opt   509     3  0.1  opt   509     3  0.1  opt   509     3  0.1
//	lseu        opt   341    20  0.1  opt   405    17  0.2  opt   353    17  0.2
//	egout       opt    47    76  0.2  opt    47    76  0.4  opt    53    63  0.4
//	gt2         opt   220    36  0.1  opt   245    22  0.1  opt   254    18  0.1
//	rgn         opt    41   101  0.1  opt   124    17  0.2  opt    36    36  0.1
//	bell5       opt  3687     3  0.3  opt  3687     3  0.4  opt  3785     2  0.4
//	sp150x300d  tl  14270    13 10.0  tl  11208    10 10.0  tl  10460    10 10.0
//	p0548       opt    14    58  0.1  opt    15    55  0.1  opt    14    59  0.2
//	dcmulti     opt    59   201  0.9  opt    59   201  1.1  opt    60   191  1.1
//
// The machine (2 cores) was loaded by other benchmarks (load average 8 to
// 14; a 10 s solve took 25 to 95 s of wall time), so node counts at the time
// limit vary by ±25 % from run to run for the same tree (mas76, whose strong
// branching hardly changes, did 70 000 to 88 000 nodes in seven runs); the
// node counts of solved instances do not depend on the load. Solved: 14, 14
// and 15 (cap6000, 1 776 nodes in 9.6 s). On the 14 solved by all three the
// nodes are 5 094, 5 223 and 5 210 and the shifted geomean CPU (shift 1 s)
// 0.50, 0.48 and 0.50 s: the small instances do not change. What changes is
// the cost of a node where the LPs are degenerate: 10teams 9 → 127 → 363
// nodes, danoint 17 → 18 → 411, qiu 40 → 31 → 293 (its incumbent 928 → 486,
// optimum −132.9), harp2 6 477 → 8 745, misc07 11 611 → 15 390 (its optimum
// 2810 found), pk1's incumbent 18 → 12 (optimum 11); dsbmip 3.1 → 1.1 s from
// the simplex fix alone. With the defaults, strong branching takes 97 % of
// the tree's iterations on 10teams still (6 282 LPs of 12 iterations, half
// of them capped, against 1 410 of 80 with the simplex fix alone), 55 % on
// danoint (96 % with the fix alone), 48 % on qiu (92 %), 30 % on harp2
// (56 %). 10teams ends without an incumbent after the simplex fix, where it
// had 982 before: the root's feasibility pump gets 1000 + 4× the root's
// iterations (fpump.go), and the root's cut rounds now take 3 250 iterations
// instead of 6 670, so its second stage stops after 10 rounds instead of the
// 19 that found 982. The pump's budget now stops no stage before 40 rounds
// ("Primal heuristics"): the objective stage then runs to its stall limit
// (40 rounds) and the stage without the objective finds 934 in 12 rounds
// (at 2.2 s of CPU time); the other 29 instances end with the same values
// and the same 16 solved (mipheur, 10 s, diving off, before and after side
// by side, load 4 to 6).
//
// Each switch alone, on 16 instances where strong branching takes a large
// share of the tree's iterations (same settings, -set strongbudget=off for
// the cap alone, strongcap=off for the budget alone; the two runs side by
// side, after the table's): nodes in 10 s with the fix alone / cap alone /
// budget alone / both: 10teams 127 / 181 / 251 / 363, danoint 18 / 12 /
// 120 / 411, qiu 31 / 315 / 677 / 293 (incumbents 928, 463, 121, 486), harp2
// 6 346 / 6 003 / 6 693 / 8 745, cap6000 1 409 / 1 176 / 714 / solved in
// 1 776, and rout and vpm2 more nodes with either alone than with both
// (7 124 / 21 980 / 21 903 / 12 019 and 4 325 / 7 395 / 6 846 / 5 034: the
// load differed between the runs). The cap alone changes the trees of the 8
// solved (1 005 → 895 nodes: p2756 49 → 63, rgn 124 → 36, lseu 405 → 353);
// the budget alone does not (their strong branching stays under 10 000
// iterations). Both on by default: together they give the most nodes where
// the LPs are degenerate and the only solve of cap6000.
//
// A shorter lookahead was measured and not kept: stopping strong branching
// after 2 candidates without improvement instead of 4 (the defaults
// otherwise, the same 16 instances, two runs side by side with a build that
// read the lookahead from the environment) solves the same 9, with 3 228
// nodes and 15.1 s against 2 671 and 13.3 s (fiber 59 → 224, p2756 63 → 248,
// gt2 254 → 158); at the time limit it does fewer nodes on 10teams, danoint,
// harp2, misc07 and rout, and ends with better incumbents on qiu (102
// against 486) and rout (1077.56, the optimum, against 1122.48), which one
// run cannot tell from luck.
//
// Three more changes to strong branching were measured and not kept
// (benchmarks/mipheur -cpu 20s, GOMAXPROCS=1, on the 24 shared instances
// that any build solves or nearly solves, the default build and the trial
// build, which read the change from the environment, run side by side on
// the two cores):
//
//   - No strong branching at all once the budget is spent, instead of one
//     observation per direction (SCIP's reliability branching sets its
//     number of candidates to zero there): only 10teams, misc07, pk1 and
//     qiu reach the budget. misc07 24 260 → 20 239 nodes (11.3 → 9.8 s),
//     but 10teams 70 → 403 nodes (4.3 → 5.1 s); over the 22 both solve,
//     Σ ln(t + 1) rose by 0.16.
//   - No strong branching at a node whose LP is dually degenerate (80 % or
//     more of the integer columns at a bound have a zero reduced cost;
//     Berthold, Gamrath & Salvagnin 2019 use the share to weigh strong
//     branching down): 10teams keeps its 70 nodes, sp150x300d 11 816 →
//     8 180 nodes (5.3 → 4.3 s), but cap6000 2 103 → 2 249, misc07
//     24 260 → 25 196, and pk1 no longer solved within 20 s (18.7 s
//     before); Σ ln(t + 1) +0.10 over the 21 both solve.
//   - Branching without restoring the node's basis after strong branching
//     (the child's LP then starts from the last strong-branching LP's
//     basis, with its steepest-edge weights, and saves a refactorisation
//     per node): cap6000 2 103 → 1 905 nodes (5.4 → 4.0 s), bell5 3 475 →
//     2 307, vpm2 6 716 → 6 229, rgn 60 → 31, Σ ln(t + 1) −0.31 over the 20
//     both solve, but 10teams (926 nodes at 20 s against 70 to the optimum)
//     and mas76 (306 814 nodes at 20 s against 241 572 to the optimum) no
//     longer solved. The same two instances were lost when the node's basis
//     was put back by a checkpoint of the factors instead of a
//     refactorisation (which also keeps the weights): the trees of both
//     depend on which of several optimal LP vertices the children start
//     from, and a saving of 25 % on cap6000 does not buy two unsolved
//     instances.
//   - A cap of one average node LP's iterations per strong-branching LP
//     instead of two: 10teams no longer solved (1 391 nodes at 20 s),
//     misc07 24 260 → 34 117 nodes (11.9 → 17.4 s), mas76 241 572 →
//     266 729; fewer nodes on cap6000 (1 862) and lseu (429) only.
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
// node. When every term of a row is finite, a bound can move only for a
// column whose range |aⱼ|(uⱼ − lⱼ) exceeds the row's slack ru − minact (or
// maxact − rl); the pass that sums the activities also takes the largest
// range of the row's integer columns, and a row whose slacks both reach it
// is left after that pass (a row where one side may tighten is visited
// whole, both sides, as before: the search is the same). The node
// propagation does not sum a row afresh to find that: it keeps every row's
// activities, infinite-term counts and an upper bound on its largest range
// for the last node's bounds and moves them by the columns whose bounds
// changed, with a bound on the rounding error the moves add. A row is passed
// over on these sums only where no sum within that error of them could
// tighten a bound (or where the one infinite term of a side belongs to a
// continuous column); otherwise it is summed afresh and propagated as
// before, so the bounds reached are those of fresh sums, bit for bit. On
// mas76 and pk1 this takes the propagation from 12% and 8% of the time of
// 100 000 nodes to 5% and 1%. The dives' steps, probing, the rows' passes
// between the learnt constraints and the conflict pool (see "Conflict
// analysis") propagate with moved sums too: on cap6000, whose rows of
// 6000 terms they summed afresh at every step, propagator.activity took
// 18% of the CPU time and now takes 1%. With the rest of a node's work outside the
// LP done on reused scratch slices (nodeBuffers), a node executes 15% and
// 14% fewer instructions on mas76 and pk1 than before, on the same
// search (valgrind cachegrind, 30 000 minus 10 000 nodes), and 100 000
// nodes take 8.4 s → 7.5 s and 9.4 s → 8.0 s of CPU (mean of 4 pairs on a
// loaded machine). After the LP, reduced-cost fixing (Wolsey 1998, §7.4) uses the
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
// With Options.ContBounds (switch "contbounds", on by default) the presolve
// also tightens continuous columns by the same activity argument, without
// rounding and only in presolve (tightenContinuous in preprocess.go): a new
// bound is moved outwards by feasTol·max(1, |bound|), and kept only if it
// removes at least 5 % of the column's domain (of max(1, |bound|) when the
// domain is infinite), the rule SCIP applies to continuous columns, so
// that chains of rows cannot shave a bound by rounding-sized steps; at most
// eight sweeps over the rows. The tree's propagation still leaves
// continuous columns alone. What it buys is the input of coefficient
// tightening: in a fixed-charge row x − M·y ≤ 0 whose flow x the balance
// rows cap at u < M, M shrinks to u, and the LP value of y rises from x/M
// to x/u. Measured with benchmarks/mipheur on all 30 shared instances
// (20 s of CPU, one thread, on against -set contbounds=off, one run each
// beside other work, so times carry ±25 % noise and nodes tell more):
// sp150x300d is solved (11 653 nodes, 4.4 s; off: unsolved at 52 283
// nodes), misc07 takes 21 943 nodes instead of 36 361, bell5 3 439
// instead of 7 036, vpm2 8 818 instead of 9 993, gesa2 38 instead of 173,
// egout 5 instead of 53; fiber takes 137 nodes instead of 73, set1ch 78
// instead of 17 and khb05250 9 instead of 5 (each under 2 s either way);
// the instances without continuous columns are unchanged node for node.
//
// ContBounds also bounds continuous columns by probing (probeHull in
// preprocess.go; Savelsbergh 1994, the bound tightening of cbc's
// CglProbing): when a binary y is probed (see "Clique table and probing"),
// the rows of y and of the columns its propagation tightened bound their
// continuous columns once under y = 0 and once under y = 1, and as y takes
// one of the two values, the larger of the two caps (the smaller of the
// two floors) is a global bound, kept if it removes at least 0.1 % of the
// domain (one probe moves a bound once, so the 5 % rule is not needed) and
// moved outwards by feasTol·max(1, |bound|). Coefficient tightening then
// runs again on the new bounds. In a lot-sizing row x + c·y ≤ 1 with the
// setup x ≤ y, y = 0 caps x at 0 and y = 1 at 1 − c, so x ≤ 1 − c and the
// setup row becomes x ≤ (1 − c)·y, which neither the activity argument
// nor the propagator (integer columns only) finds. This is what cbc's
// preprocessing reports on vpm2 as "120 strengthened rows" (its saved
// model, -preprocess save, has the caps x ≤ 0.975 and rows
// x ≤ 0.975·y): cbc 2.10.8's root cuts start from an LP bound of 11.1356;
// ours was 10.269 and is now 11.1356; after the root cuts 12.948 before,
// 13.033 now (cbc 13.030 after 100 passes).
// The bounds it tightens at the root, -log -nodes 1: vpm2 67, noswot 28,
// danoint 8, gesa2 5, bell5 4, fiber 4 (in the restart), misc07 3, rout 2
// (its root bound after cuts 984.69 → 988.17); gesa2, misc07 and bell5
// keep their trees node for node. Measured with benchmarks/mipheur
// (GOMAXPROCS=1, nice -n 15, -cpu 20s, the build before against this one,
// least CPU s of three alternating runs beside another benchmark on the
// second core, load 1–2):
//
//	GOMAXPROCS=1 nice -n 15 mipheur -only vpm2,fiber,cap6000 -cpu 20s
//
//	instance  nodes before  after  CPU s before  after
//	vpm2              7052   6716          2.99   2.66
//	fiber              145    182          0.63   0.67
//	cap6000           2103   2103          2.98   3.01
//
// Over all 30 shared instances (-cpu 20s, one run each, the build before
// and then this one): the same 23 solved (qiu, at the edge of 20 s in
// both builds with the same tree, unsolved in both runs), shifted geomean
// (shift 1 s) 1.32 s before and 1.22 s after, none more than 10 % slower;
// among the solved, only vpm2 and fiber search a different tree, so the
// rest of the difference is the load of the machine.
// The tree, not the root, is what still separates vpm2 from cbc (246 +
// 296 nodes after a restart, with cuts at the nodes): solving cbc's own
// preprocessed model, our search reaches the same root bound (13.035)
// and takes 8 575 nodes.
//
// Root bounds against cbc 2.10.8 (cbc X.mps -threads 0 -sec 20 -maxNodes 0
// -solve: its LP after preprocessing → after its root cuts; ours from
// mipheur -log -nodes 1: the LP after presolve → after the cut loop), on
// the instances where the two differ by more than a few per cent of the
// gap to the optimum:
//
//	instance     ours                     cbc                      optimum
//	vpm2         11.136 → 13.033          11.136 → 13.030          13.75
//	sp150x300d   8.348 → 43.56            34.14 → 61.01            69
//	misc07       1415 → 1425              1415 → 1623.9            2810
//	mod011       −62.08e6 → −59.30e6      −62.08e6 → −57.05e6      −54.56e6
//	bell5        8 608 418 → 8 670 766    8 608 418 → 8 690 153    8 966 406
//	lseu         944.75 → 1040.37         944.75 → 1054.51         1120
//	flugpl       1 167 186 → 1 171 934    1 167 186 → 1 185 996    1 201 500
//	gt2          13 460 → 21 096          17 002 → 21 166          21 166
//	qiu          −931.64 → −833.76        −931.64 → −929.23        −132.87
//	rgn          48.8 → 81.8              48.8 → 68.1              82.2
//	set1ch       35 118 → 54 516          35 118 → 53 623          54 537.75
//
// Three ways of closing these gaps were tried and did not pay. On
// sp150x300d (a fixed-charge network, flows x ≤ 3049·y) cbc's 34.14 comes
// from lower bounds x ≥ 1 that the flow rows imply and that then fix
// y = 1; tightenContinuous rejects them as steps under 5 % of the domain.
// Keeping any continuous bound that leaves zero (0 → l > 0, or 0 → u < 0)
// gives 34.11 and 57.24 after the cuts, but the tree does not close
// (unsolved at 20 s, 47 663 nodes, against 4.0 s and 11 816 nodes; with
// -set conflicts=off or strongcap=off it is unsolved too, where the build
// without the rule solves in 6 s); of the other root bounds only bell5's
// moves (8 670 766 → 8 670 129). On misc07 the loop stops because the
// second round does not move the bound; going on through up to ten rounds
// without progress (GMI cuts in every round) reaches 1450 in 22 rounds
// but takes 30 278 nodes instead of 24 260. Recording the continuous
// bounds of the probes as implied bounds (cuts x ≤ U − (U − u')·y) moves
// no root bound and takes bell5 from 3 475 to 36 035 nodes.
//
// The root LP is then strengthened by rounds of cover cuts (Crowder,
// Johnson & Padberg 1983; Wolsey 1998, §9.3): a row over binary columns is
// written Σ aⱼyⱼ ≤ b with aⱼ > 0 by complementing columns with negative
// coefficients; a cover C (Σ_C aⱼ > b) is built greedily by increasing
// (1 − y*ⱼ)/aⱼ from the LP point y*. With Options.LiftedCovers (off by
// default) it is made minimal and lifted sequence-independently (see
// "Root cut families and restarts"); without, the extended cover
// Σ_{C ∪ E} yⱼ ≤ |C| − 1 with E = {j ∉ C : aⱼ ≥ max_C aᵢ} is added when y*
// violates it. The same rounds add implied bound cuts and, with
// Options.ZeroHalf (off by default), {0, ½}-cuts (see below), the simplest flow-cover inequalities
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
// continuous part (mir.go). A round tries every row of the LP (the cuts of
// the earlier rounds too) on both sides, each with up to six separations,
// so the separator keeps its scratch space from row to row: the aggregated
// row, the integer and cut coefficients are dense arrays with lists of the
// columns touched, the columns are kept sorted as rows are added (a merge
// of the few new ones), the rows of a column come from the model's column
// form (lp.Model.Matrix), and only the continuous terms with a negative
// coefficient, the ones the cut keeps, are scored against each divisor.
// The cuts are the same, bit for bit, as those of the first version, which
// built maps and sorted slices per separation (TestMIRSeparateMatchesReference
// checks this against a map-based reference; the search logs of khb05250,
// fiber, cap6000, vpm2, p2756, misc07, gesa2, dcmulti, set1ch and bell5 at
// -nodes 2000 are identical). CPU s, least of three alternating runs of
// each build, on a machine shared with other work (load 3.5–4):
//
//	GOMAXPROCS=1 nice -n 15 mipheur -only khb05250,fiber,cap6000,vpm2 -cpu 30s
//
//	instance   nodes  before  after
//	khb05250       9    0.57   0.21
//	fiber        145    1.44   0.89
//	cap6000     2243    5.55   5.00
//	vpm2        7788    6.46   5.75
//
// c-MIR separation was 77 % of khb05250's time and 44 % of fiber's; it is
// now about a third of khb05250's and 6 % of the root-and-tree time of
// cap6000, vpm2 and fiber together (CPU profile, -nodes 2000).
//
// A work budget per round is not used: stopping a round once its
// separations have visited K·nnz(LP) columns (at least 20 000), as SCIP's
// aggregation heuristic and HiGHS's separators limit themselves, binds
// only where rows aggregate into long ones (visits per nonzero in the
// first rounds: khb05250 14–25, dcmulti 9–18, set1ch 5–10, vpm2 1.4–7.5,
// cap6000, p2756 and misc07 about 1). With K = 8, all 30 shared instances
// at 20 s of CPU: the same 23 solved; the shifted geomean over them 1.82 s
// against 1.63 s without the budget, but the second run met twice the
// load, so the instances whose search changed were run again, least of
// three alternating runs (CPU s, nodes):
//
//	instance     without budget   K = 8
//	khb05250       0.23      9    0.17      7
//	set1ch         0.88    135    0.64     22
//	vpm2           7.52   7788    4.64   4763
//	sp150x300d     5.21  11816   12.22  35065
//	dcmulti        0.45     60    0.57     58
//
// The shifted geomean over these five is worse (1.95 s against 1.82 s) and
// sp150x300d more than twice as slow: the changes come from different
// trees, not from cheaper separation. With K = 16 only khb05250 (6 nodes)
// and dcmulti (47) change, with no gain in time.
//
// In the first three rounds, Gomory mixed-integer
// cuts are read off the optimal tableau rows of fractional basic binaries
// (gomory.go). With Options.IntCuts off, both families skip the rows that
// hold a general integer column; with it on they round general integers
// too (see "Cuts on general integers"). Cuts enter the LP warm (the simplex keeps its
// basis). Rounds stop when no cut is found, the bound stalls, or after ten
// rounds; the cuts whose multiplier is zero at the last root optimum are
// then dropped, which keeps that optimum and the bound and leaves the nodes
// a smaller LP. cbc runs up to 100 passes, but a longer loop did not pay:
// of the 30 shared instances, six stop at the tenth round (danoint, harp2,
// mod011, vpm2, lseu, sp150x300d); with 30 or 100 rounds allowed, the
// stall test ends all but mod011 by round 13, vpm2's bound moves 13.033 →
// 13.040 (6716 → 5721 nodes, 2.9 → 2.4 s) but sp150x300d's 43.56 → 44.05
// costs 11 816 → 67 064 nodes (4.2 → 17.7 s), and mod011 (unsolved either
// way at 20 s) spends its time in 30 or 39 rounds at the root instead of
// the tree; ten GMI rounds instead of three give vpm2 13.028 and 9 405
// nodes (with 30 rounds allowed 13.029 and 6 367): a tree that changes,
// not a stronger one.
//
// The GMI separator solves for the tableau rows of all its candidates (at
// most 50) in one pair of triangular solves with the LU factors of B, the
// unit vectors side by side, instead of one solve per row: the arithmetic of
// each column is that of its own solve, and the solves run along rows of
// the candidates instead of one number at a time. Each cut is gathered in
// dense coefficients with a list of the columns touched, reused from row to
// row, where a map was built per tableau row. The repeats among the cuts of
// a round (bestCuts) are found by comparing a cut only with the earlier cuts
// of the same columns, and their six-digit text keys are written only when
// the coefficients are too close to tell them apart; the cover separator
// reuses its list of items from row to row. The cuts are the same,
// bit for bit (TestGomoryCutsMatchReference, TestBestCutsMatchesReference;
// the search logs of khb05250, fiber, cap6000, vpm2, p2756, misc07, gesa2,
// dcmulti, set1ch, bell5, 10teams and qiu at -nodes 2000 are identical).
// GMI separation took 20 % of fiber's CPU profile (0.28 s), 9 % of
// khb05250's and 5 % of vpm2's (0.25 s), over half of it in the per-row
// solves; after, 0.10 s on fiber (11 %) and on vpm2 (2 %), the dense LU of
// B (gonum, with its condition estimate) the larger part of what is left.
// CPU s, least of three alternating runs of each build, on a machine shared
// with other work (load 3.5–5.4):
//
//	GOMAXPROCS=1 nice -n 15 mipheur -only khb05250,fiber,cap6000,10teams,vpm2 -cpu 30s
//
//	instance   nodes  before  after
//	khb05250       9    0.32   0.22
//	fiber        145    1.52   0.88
//	cap6000     2243    6.89   5.42
//	10teams       70    5.00   3.93
//	vpm2        7788    4.80   4.68
//
// The separators take well under a second on cap6000 and 10teams (GMI
// 0.14 s of 10teams's profile), so the rest of their differences is the
// load of the machine; fiber and khb05250, whose root cut loop is half or
// more of their time, gain for real.
//
// # Root cut families and restarts
//
// Lifted covers (Options.LiftedCovers, liftcover.go): the greedy cover is
// made minimal by dropping its columns of smallest LP value while it still
// weighs more than b; with its weights a₁ ≥ … ≥ a_r and μ_h = a₁ + … + a_h,
// a column outside it gets the coefficient h where μ_h ≤ aⱼ < μ_{h+1}
// (Balas 1975): the superadditive step function of the sequence-independent
// lifting of Gu, Nemhauser & Savelsbergh (2000), which contains the
// extended cover (h = 1) and lifts heavier columns by more.
//
// Zero-half cuts (Options.ZeroHalf, zerohalf.go; Caprara & Fischetti
// 1996): over the rows of integer columns with integral coefficients and
// slack below 1 at the LP point, single rows and pairs sharing an odd
// column are summed, each remaining odd coefficient made even by the
// column's bound row of smaller slack (the other one where that makes the
// right-hand side odd), and the sum halved and rounded down. The cut is
// violated by (1 − total slack)/2. The work of a round is bounded (the
// nonzeros of the rows tried, 300 000), and the 50 cuts of largest
// violation over norm are kept.
//
// Implied bound cuts (Options.ImpliedBounds, impliedbound.go; Savelsbergh
// 1994): probing records, for each binary y it fixes to 0 and to 1, the
// bounds the propagation then implies on other columns; y = 1 ⇒ x ≤ u'
// with the global bound x ≤ U is the cut x ≤ U − (U − u')y, and likewise
// for y = 0 and lower bounds. They need Options.Probing.
//
// Restarts (Options.Restarts, restart.go): when the root's cut loop ends,
// the feasibility pump and then, if the pump found nothing, RENS run from
// its LP point if no incumbent is known yet (both would run at the root
// node next anyway; see "Primal heuristics" for why the pump goes first),
// and reduced-cost fixing against the
// incumbent tightens the global bounds. When it fixed at least a fifth of
// the integer columns free at the start, the working model — with its
// kept cuts, which hold for every point of the bounds they were separated
// under — is presolved again (propagation, coefficient tightening,
// probing), the relaxation rebuilt and the cut loop run again, at most
// twice. HiGHS restarts on a few per cent of fixed columns, but its
// presolve then removes them; ours leaves them fixed in the LP and gains
// only what the second presolve and probing make of them, so the bar is
// higher. The objective step of the first presolve is kept: the fixed box
// holds only points better than the incumbent, and the step computed in it
// would shift the lattice of objective values the cutoff relies on.
//
// # Measured effect of the cuts and restarts
//
// benchmarks/mipheur ran the 20 instances of the development set
// shared/miplib3 and the 10 of shared/miplib, one after the other per
// setting, GOMAXPROCS=1, nice -n 15, with 5 s of CPU time (getrusage) per
// instance: "all on" has the four forced on, "X off" turns one of them off
// from "all on", "none" turns all four off (the search before them), and
// "default" is the defaults chosen from these runs (implied bounds and
// restarts on, lifted covers and zero-half off):
//
//	nice -n 15 env GOMAXPROCS=1 mipheur -dir shared/miplib3 -cpu 5s \
//	    -set liftedcovers=on,zerohalf=on,impliedbounds=on,restarts=on
//
// The machine (2 cores) was loaded by other builds and benchmarks
// (load average up to 22), so each solve got a few per cent of a core and
// CPU seconds are inflated and noisy (p2756 took 1.0–4.0 s across settings
// whose trees hardly differ in cost); the node counts of solved instances
// do not depend on the load. At 5 s every setting solves the same 5 of the
// 20 development instances and 9 of the 10 others; no setting solves one
// more. Nodes / CPU s of the instances solved:
//
//	             none      all on  lifted off    zh off    ib off  restart off  default
//	dsbmip      1/3.4       1/2.7       1/2.9     1/2.9     1/2.8      1/3.4      1/2.9
//	fiber     129/1.4      34/1.5      66/2.0    79/1.6    47/1.6     79/1.4    103/1.8
//	khb05250    5/0.4       5/0.3       5/0.3     5/0.3     5/0.3      5/0.3      5/0.3
//	p2756      63/1.0     160/2.5      71/1.5   221/1.8   261/4.0    170/2.4     49/1.2
//	set1ch     17/0.7      17/0.6      17/0.5    17/0.6    17/0.6     17/0.6     17/0.6
//	sum dev   215/6.9     217/7.6     160/7.3   323/7.2   331/9.2    272/8.1    175/6.7
//	bell5    3687/0.2    3687/0.2    3687/0.2  3687/0.2  3687/0.2   3687/0.2   3687/0.3
//	dcmulti    92/1.0      59/1.1      59/1.1    59/1.1    92/1.0     59/1.1     59/1.0
//	egout      47/0.2      88/0.2      88/0.2    47/0.2    88/0.2     88/0.2     47/0.3
//	flugpl    509/0.1     509/0.1     509/0.1   509/0.1   509/0.1    509/0.1    509/0.1
//	gt2       220/0.0     168/0.0     168/0.0   220/0.1   168/0.0    168/0.0    220/0.1
//	lseu      341/0.1    1072/0.4     327/0.3   364/0.1  1072/0.4   1072/0.4    341/0.1
//	p0548      53/0.2       1/0.2      13/0.3    21/0.2     1/0.2      1/0.2     14/0.1
//	rgn       139/0.1     139/0.1     139/0.1   139/0.1   139/0.1    139/0.1    139/0.2
//	small_mip   1/0.0       1/0.0       1/0.0     1/0.0     1/0.0      1/0.0      1/0.0
//	sum other 5089/2.0   5724/2.4    4991/2.4  5047/2.1  5757/2.3   5724/2.3   5017/2.1
//
// Each technique, from "all on" against "X off", on the 14 solved:
//
//   - Lifted covers: 5941 nodes and 10.0 s on, 5151 and 9.7 s off. They
//     solve p0548 at the root (13 → 1 node) and halve fiber (66 → 34), but
//     lseu takes 327 → 1072 nodes and p2756 71 → 160. Off by default: on
//     these sets they cost more than they save.
//   - Zero-half: 5941 nodes and 10.0 s on, 5370 and 9.3 s off. They help
//     fiber (79 → 34), p0548 (21 → 1) and gt2 (220 → 168), and on the
//     unsolved instances vpm2 and cap6000 they slow the nodes (vpm2 1720 →
//     920 nodes in 5 s, cap6000 167 → 20: their rows enlarge every LP),
//     while lseu (364 → 1072) and egout (47 → 88) grow. Off by default: they do not pay in time.
//   - Implied bounds: 5941 nodes and 10.0 s on, 6088 and 11.5 s off, mostly
//     p2756 (261 → 160) and fiber (47 → 34), dcmulti 92 → 59. On by
//     default.
//   - Restarts: 5941 nodes and 10.0 s on, 5996 and 10.4 s off. fiber
//     restarts once (RENS's incumbent lets reduced-cost fixing fix 421 of
//     its 1239 integer columns) and takes 79 → 34 nodes. dsbmip does not
//     restart, yet takes 3.4 → 2.7 s: RENS, run before the restart
//     decision, finds its incumbent before the root node's fractional dive,
//     which then does not run (or this is noise). Elsewhere the trees are
//     the same. On by default.
//   - The defaults (implied bounds and restarts): 5192 nodes and 8.8 s
//     against 5304 and 8.9 s for none, and 5941 and 10.0 s for all on.
//
// The effects are small against the noise of the loaded machine; the node
// counts are the firmer evidence.
//
// # Cuts on general integers
//
// Options.IntCuts (switch "intcuts", DefaultIntCuts) lets the c-MIR and
// GMI cuts round general integer columns (range above 1), as cbc's and
// HiGHS's do. In the c-MIR separator (mir.go) a general integer of range
// u − l ≤ 1000 is complemented against its nearer bound like a binary, its
// coefficient joins the divisor candidates when its LP value lies strictly
// inside its bounds, and it is rounded as an integer; a wider or one-sided
// one is substituted by its nearer bound like a continuous column, which
// keeps the cut valid without products of huge bounds in its right-hand
// side. In the GMI separator (gomory.go) the tableau row of a fractional
// basic general integer of range at most 100 gives a cut, and a nonbasic
// general integer of range at most 1000 is an integer term of the formula
// (its distance to the bound it sits on is a nonnegative integer), a
// continuous one otherwise. Both keep the guards of the binary cuts
// (f₀ ∈ [0.01, 0.99], efficacy at least 1e-4, coefficients spread over at
// most 10⁶, duplicates dropped) and drop a cut on general integers whose
// cosine with a more efficacious cut of the same family and round exceeds
// 0.999. A model without general integers gets the same cuts with the
// switch on as off. The root summary counts the cuts that round a general
// integer.
//
// The range limit on the basic column is measured, not guessed: on MIPLIB's
// bell5 (general integers of range 20, 100 and 1000) the GMI cuts from the
// rows of its range-1000 columns leave the root bound where the others
// take it (8 670 242 with them, 8 669 612 without; 8 654 217 with no cut
// on general integers) but make the tree grow from 3687 nodes to more than
// 200 000 in 10 s. Their coefficients are not the cause (keeping only the
// cuts with coefficients spread over at most 100 grows it as much), their
// rounds compound it (one GMI round instead of three: 60 718 nodes), and
// the c-MIR cuts over the same columns do not (4097 nodes). A GMI cut from
// the row of a basic integer is the split cut of the disjunction
// xₖ ≤ ⌊x*ₖ⌋ ∨ xₖ ≥ ⌈x*ₖ⌉ that branching on xₖ would make; over a wide
// range that split removes a thin slice, and after it strong branching
// finds little gain on those columns at the root, which we believe misleads
// the pseudo-costs (not proven). With the limit of 100, bell5 takes 7024
// nodes.
//
// Measured effect (IntCuts on by default): benchmarks/mipheur ran all 30
// shared instances (miplib3 and miplib) twice per setting, GOMAXPROCS=1,
// nice -n 15, 10 s of CPU time each, the off and on runs side by side on
// the 2 cores of a machine loaded by other work (load average 6 to 14):
//
//	nice -n 15 env GOMAXPROCS=1 mipheur -cpu 10s -log -set intcuts=off
//	nice -n 15 env GOMAXPROCS=1 mipheur -cpu 10s -log -set intcuts=on
//
// On 24 of the 30 neither family finds a cut on general integers, and the
// search is the same as with the switch off (same root, incumbents, node
// and iteration counts in the log); their times differ only by the load
// (cap6000, 1588 nodes, ended optimal at 8.8–9.6 s off and reached the
// limit after the same first 490–1020 nodes on). On the other six (root
// LP bound after the cuts, nodes of the two runs, status and CPU s; "limit"
// is the 10 s limit, where gap is the incumbent's distance to the optimum):
//
//	           root off       root on     nodes off    nodes on  off                on
//	gesa2   25518062.09   25771412.36   8842/11645       79/79  limit              optimal 1.30/1.51
//	gt2        13460.23      21095.65      220/220       53/53  optimal 0.05/0.08  optimal 0.04/0.03
//	flugpl   1167185.73    1171933.91      509/509     158/158  optimal 0.09/0.09  optimal 0.07/0.06
//	bell5    8654216.55    8669611.51    3687/3687   7024/7024  optimal 0.25/0.30  optimal 0.66/0.49
//	noswot          -43           -43  45089/32551 47410/42849  limit, gap 4.7 %   limit, gap 4.7 %
//	rout         982.17        985.89  11689/10326   2377/1845  limit, gap 3.9 %   limit, gap 15 %
//
// gesa2 (optima: gesa2 25779856.37, gt2 21166, rout 1077.56) is solved
// where it was not (cbc and HiGHS need about 1 s), gt2 and flugpl take a
// quarter and a third of the nodes, bell5 twice the nodes and 0.3 s more.
// rout is the cost: its cuts raise the root bound a little but make each
// node LP take about four times the simplex iterations (the GMI cuts from
// rows of basic general integers alone: 69 iterations per node against 28
// off), so in 10 s it sees a fifth of the nodes and ends with a worse
// incumbent (1238.69 against 1119.23). Leaving out the GMI cuts on general
// integers denser than 5 + n/10 columns gave rout back its node rate but
// took gt2 to 492 nodes and bell5 to 12 673, so no density limit is set.
// On balance (one more instance solved, less time on two, more on one)
// the switch is on by default.
//
// # Cuts at the nodes of the tree
//
// Options.NodeCuts (switch "nodecuts", DefaultNodeCuts: off) separates
// cuts at the nodes of the tree too, not only in the root's cut loop
// (nodecuts.go): at a node whose LP point is fractional, c-MIR cuts
// rounding binaries, flow covers, knapsack covers and implied bounds are
// separated over the root's bounds, so that each cut holds in the whole
// tree (for every point better than the cutoff, as the root's cuts after
// reduced-cost fixing), and the at most 10 of largest efficacy (violation
// over norm, at least 0.01; repeats dropped as at the root) are added to
// the working model, the propagator and the relaxation, and the node's LP
// is solved again; at most 2 rounds per node. The pseudo-costs see only
// the node's first LP. How often nodes separate backs off as SCIP's
// separators do: the first node after the root separates; a node whose
// rounds raise its bound by at least 0.1 % of max(1, |z|) (or of the gap to
// the incumbent, when smaller), or whose LP the cuts make infeasible or
// cut off, halves the interval to the next separating node; a node whose
// rounds do not doubles it, up to 64 nodes. A budget bounds the work: each
// round is charged 50 simplex iterations (a round of the separators costs
// about that on cap6000 and on pk1 alike), and with the iterations of the
// LPs solved again after node cuts it must stay under a twentieth of the
// node LPs' iterations plus 1 000. The node cuts in the working model at
// once are capped at half its rows when the tree starts (at least 50).
// They act only where the tree search processes one node at a time (one
// thread; see "Parallel search"), so any thread count still gives its one
// answer, and not in sub-MIPs. The log's last lines count them ("node
// cuts: …").
//
// Node cuts age and are deleted. After each node LP a node cut slack at
// its point (its activity further than 10⁻⁶·max(1, |side|) from each
// finite side) ages by one, and one that is not goes back to age 0. At a
// node that branches, before the children's basis snapshot is taken, the
// cuts of age 10 or more whose logicals are basic in the node's optimal
// basis are deleted from the relaxation, the working model, the rounding
// locks and the propagator, in batches of at least 5 (one refactorisation
// each). simplex.Solver.DeleteRows keeps the basis of the other rows, its
// point, duals and steepest-edge weights, so the children start warm as
// before. A snapshot is restored by row identity (simplexRelaxation gives
// each row one, in the order the rows came, and a snapshot taken after a
// deletion carries the identities of its rows): a row the snapshot has
// keeps its status, a row added since is basic, a row deleted since is
// left out. That is a basis again only if the deleted row was basic in
// the snapshot; one tight there leaves one basic variable too many. So a
// cut tight in the snapshot of an open node is not deleted (the open
// nodes' snapshots are scanned for the candidates, at most once per
// max(10, open nodes / 8) nodes, which keeps the scan at O(1) per node);
// should such a snapshot reach Restore anyway (a relaxation rebuilt since),
// the current basis is kept and the simplex repairs it, which the log
// counts. TestNodeCutRemovalAgainstEnumeration solves random programs with
// the most aggressive removal (age 1, batches of 1) against complete
// enumeration; TestRelaxationRowIdentity checks the restore by identity.
//
// c-MIR cuts rounding general integers are left out at the nodes: with
// them bell5 took more than 378 000 nodes in 20 s instead of 3 475.
//
// Measured effect without removal (434c9bf, off by default):
// benchmarks/mipheur, all 30 shared
// instances, 20 s of CPU each, one after the other on the 2-core machine
// shared with another benchmark (load average 0.7 to 1.7):
//
//	GOMAXPROCS=1 nice -n 15 mipheur -cpu 20s -set nodecuts=off
//	GOMAXPROCS=1 nice -n 15 mipheur -cpu 20s -set nodecuts=on
//
// Off solves 24, on 21: pk1 (off 14.1 s), qiu (19.2 s) and sp150x300d
// (3.9 s) reach the limit with node cuts. The shifted geometric mean (shift
// 1 s) over the 21 both solve is 0.925 s off against 0.974 s on. CPU s
// and nodes where they differ:
//
//	            off s     nodes    on s     nodes
//	cap6000      2.77      2103    2.49      1735
//	fiber        0.69       182    0.60        94
//	set1ch       0.43       135    0.38        31
//	vpm2         2.72      6716    2.70      2510
//	p2756        0.43        73    0.60        40
//	misc07       7.60     24260    9.58     26290
//	mas76       10.66    241572   13.12    241572
//	pk1         14.10    229646   limit    154068
//	sp150x300d   3.88     11816   limit      6149
//
// Run again twice each, off and on alternately (load average 0.4 to 0.9),
// the instances that took more than 10 % longer: dsbmip 0.49–0.52 s off
// against 0.54 on, khb05250 0.14 against 0.17, p2756 0.43–0.45 against
// 0.54–0.57, misc07 7.3 against 8.2–8.8, mas76 10.1–10.4 against
// 10.6–11.5 (the same tree: the cost of rounds that find no cut).
//
// The cuts do raise node bounds: vpm2 takes 2.7 times fewer nodes (cbc,
// which separates at its nodes, needs a few hundred), set1ch and fiber
// half or less. But the time per node grows with the rows they leave in
// every later LP, which the relaxation cannot drop: on sp150x300d 160 node
// cuts take the node LPs from 7 simplex iterations on average to 133; on
// pk1 (45 rows) 58 cuts double the LP and cut the node rate by a third;
// misc07's search takes another path (8 % more nodes after 30 cuts), and
// mas76 adds no cut but pays for the rounds that find none. Hence the
// age-based removal above (HiGHS and SCIP likewise remove node cuts slack
// for a number of LPs).
//
// Measured effect with removal (off by default still): the same 30
// instances, 20 s of CPU each, one run after the other (load average 1.0
// to 1.5 on the 2-core machine, shared):
//
//	GOMAXPROCS=1 nice -n 5 mipheur -cpu 20s -set nodecuts=on
//	GOMAXPROCS=1 nice -n 5 mipheur -cpu 20s -set nodecuts=off
//
// Off solves 23, on 21: pk1 (off 18.41 s) and sp150x300d (off 5.71 s)
// reach the limit with node cuts. The shifted geometric mean (shift 1 s)
// over the 21 both solve is 1.161 s off against 1.187 s on. CPU s and
// nodes where they differ (this machine ran slower than for the table
// above: cap6000 off 4.00 s there 2.77):
//
//	            off s     nodes    on s     nodes
//	cap6000      4.00      2103    3.80      1735
//	fiber        0.93       182    0.79       128
//	set1ch       0.67       135    0.57        34
//	vpm2         3.80      6716    3.27      2296
//	p2756        0.61        73    0.80        33
//	khb05250     0.19         9    0.37         8
//	lseu        0.088       556   0.077       179
//	rgn         0.079        60   0.050         3
//	dcmulti      0.47        60    0.44        45
//	misc07       9.43     24260   11.80     26290
//	pk1         18.41    229646   limit    133896
//	sp150x300d   5.71     11816   limit     22055
//	danoint     limit      1757   limit       832
//	harp2       limit     27574   limit     17664
//	mod011      limit        20   limit        44
//	noswot      limit    178942   limit    110727
//	qiu         limit      2287   limit      1950
//	rout        limit     24385   limit     13846
//
// (mas76 takes 241 572 nodes either way, 15.35 s on against 14.15 off in
// this run: the rounds that find no cut.) vpm2's cuts are now deleted once
// slack (275 added, 138 deleted, 2 296 nodes in 3.3 s; without removal,
// 434c9bf run alone the same day, 2 510 nodes in 3.6 s), but where node
// cuts lose they still lose: pk1 keeps about 50 cuts live on its 45 rows,
// and its node LPs take as many iterations as without cuts (390 000 against
// 406 000 for 40 000 nodes) at 40 % more time, the cuts being dense; on
// sp150x300d the cuts take the search elsewhere (twice the nodes in 20 s,
// bound 67 against the optimum 69). Two variants, on the instances above,
// changed neither of the two losses: the cap on the cuts added in all (as
// before) rather than on those in the model at once (pk1 170 729 nodes at
// the limit, sp150x300d 31 886), and deletion at age 5 instead of 10 (pk1
// 145 138, sp150x300d 13 790 at the limit). So node cuts stay off by
// default.
//
// Two more variants with removal, each run beside the build with node cuts
// off on the 24 shared instances that any build solves or nearly solves
// (mipheur -cpu 20s, GOMAXPROCS=1; a trial build that read the change from
// the environment): a back-off to 1 024 nodes between separations instead
// of 64, so that mas76's fruitless rounds stop sooner, and the same with
// node cuts longer than the working model's average row (at least 10
// entries) discarded, so that pk1's dense cuts stay out. The first keeps
// sp150x300d (19.8 s against 6.4 s off) and loses pk1 (120 483 nodes at
// the limit against 229 646 to the optimum in 19.9 s off); the second
// gives pk1 back its node rate (227 042 nodes at the limit) and loses
// sp150x300d. On sp150x300d the cuts multiply strong branching (16 136
// strong-branching LPs against 4 804 off, 11.7 iterations a node LP against
// 7.2; why the cut LP points leave more candidates unreliable was not
// traced). Over the 19 instances both builds and cbc solve, the
// second variant's shifted geometric mean was 1.10 s against 1.12 s off,
// within the two runs' noise, for two instances fewer solved.
//
// # Heuristics
//
// At every node the LP point is rounded, first in the direction in which no
// row constrains the column (simple rounding, Achterberg 2007, §9.1), then to
// the nearest integers; a rounded point that satisfies every row and bound
// becomes the incumbent. Plunging acts as a depth-first diving heuristic
// during the search.
//
// # Diving
//
// A dive (Achterberg 2007, §9.2; Berthold 2006, §3.3) starts from a node's
// LP point and bounds one fractional integer column at a time, xⱼ ≤ ⌊x̄ⱼ⌋
// or xⱼ ≥ ⌈x̄ⱼ⌉, propagating the rows after each step, until the LP point is
// integral. Five rules, one driver (diving.go), differ in the column and
// the direction they pick among the fractional columns that no rounding
// direction is free for (a point whose fractional columns all round freely
// is rounded and offered at once):
//
//   - fractional diving: the column closest to an integer, rounded to it;
//   - coefficient diving: the column and direction with the fewest locks
//     (rows the move may violate), the closer integer on a tie;
//   - pseudo-cost diving: the direction the column moved in since the root
//     LP, else the one its fractional part clearly favours, else the one
//     of smaller pseudo-cost gain; the column whose chosen direction is
//     cheapest against the other;
//   - vector-length diving, for set partitioning and covering: the
//     direction that worsens the objective, the column whose move costs
//     the least objective per row it lies in;
//   - guided diving (Danna, Rothberg, Le Pape 2005), with an incumbent:
//     the column closest to its incumbent value, moved towards it.
//
// The LP is not re-solved after every step: the rule goes on picking from
// the last LP point (among the columns still free around their value in
// it) until the steps and their propagation have tightened the bounds of
// 15 % of the integer columns, or no candidate is left (on 10teams an LP
// after one fixing took about a thousand iterations; after a batch, a few
// hundred). When the LP refutes a batch (infeasible, or its value beyond
// the dive's limit: the cutoff, and with an incumbent lb + 0.8·(cutoff −
// lb), lb the global bound), the bounds of the last LP are put back and the
// batches shrink to a quarter; when it refutes a single step, that step
// backtracks once, to the other direction, and the dive gives up if that
// fails too (as when propagation refutes both directions). A dive stops
// after 300 LPs or when its work reaches its budget; the node's bounds and
// basis are put back after it, so that the search goes on as if it had not
// run.
//
// Budget: a rule's work is its simplex iterations, plus 4 iterations for
// each LP it solves (the fixed work of a solve, see "Cost of the dives and
// the pump" below), plus its propagation, charged in iterations as the row
// terms the propagator read over the nonzeros of the matrix. A rule may
// dive while its work stays below 0.05·(1 + 2·found)·(the search's simplex iterations outside the dives)
// + 1000, found the incumbents it has found, and at the root at least a
// quarter of the iterations the root took (its LP, the cut loop and the
// heuristics before: a dive cut short finds nothing). Everything is
// counted in iterations and row terms, not time, so that the search stays
// deterministic. Schedule: every rule dives at the root, after the pump
// (guided diving only with an incumbent), and with Options.DiveTree (off
// by default: see the measurement below) in the tree, first at node 10 plus its offset (0, 2,
// 4, 6, 8: the rules take turns), then at a distance that doubles after
// every dive that does not improve the incumbent and falls back to 10
// after one that does, as RINS's. Sub-MIPs run fractional diving at their
// root only.
//
// Options.Diving switches the family (on by default, at the root only);
// off, fractional diving alone runs
// at the root while there is no incumbent (the heuristic the search had
// before the family, now on the family's driver: bounds rather than
// fixings, and LPs after batches of steps). Options.NoDiving turns every
// dive off.
//
// Measured effect, first with the family diving at the root and in the
// tree, before the warm dual start's fix (a dive LP on 10teams took
// several hundred to a thousand iterations). benchmarks/mipheur on the 30 shared instances, 10 s of
// CPU time (user+system) per instance, one core, every other switch at its
// default, the two runs back to back on the shared 2-core machine beside
// other jobs (load 12 to 18 during the run with the family on, 18 falling
// to 6 during the run with it off, so that the CPU times of the first run
// carry more contention than those of the second):
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set diving=on
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set diving=off
//
//	setting     solved  incumbent  first inc. CPU s  first inc. nodes  total CPU s  mean gap  gap ≤ 1e-4  nodes
//	diving on    14/30     29           0.404              0.12            3.448      0.0956      19       283273
//	diving off   14/30     29           0.358              0.12            3.207      0.1084      21       383113
//
// (first incumbent and total CPU: shifted geometric means, shift 1 s, 10 s
// where none; first incumbent nodes: the same, shift 1, the final node
// count where none; mean gap: the final |z − z*|/max(1, |z*|) capped at 1;
// nodes: the sum. The first incumbent comes from the same heuristic in
// both runs on every instance: the root dives run after feasibility jump,
// the rounding and the pump.) The final objectives that differ (optimum; on → off):
//
//	mod011   −54558535     −50816496.35 → 0 (root dives: fractional and pseudo-cost diving)
//	rout     1077.56       1117.6 → 1119.23 (guided diving found two incumbents)
//	cap6000  −2451377      −2450800 → −2451377 (231 → 1484 nodes)
//	harp2    −73899798     −73736670 → −73803251 (1973 → 7338 nodes)
//	pk1      11            18 → 12 (86445 → 111344 nodes)
//	gesa2    25779856.37   25782519.57 → 25782412.71
//
// 10teams, whose root bound after the cuts is the optimum 924, is not
// solved either way (982 from the pump): its five root dives take 2400 to
// 7500 iterations each, at several hundred to a thousand per LP, and find
// nothing. An earlier version, which dived every other node, let every
// dive take at least 10 000 iterations and did not bound the propagation
// of a step, solved it in 9.6 s (a pseudo-cost dive at node 6 found 924),
// but took 26 times fewer nodes than off on cap6000 and 8 times fewer on
// mas76. The dives found incumbents on 17 of the 30 instances (the
// search's log, "diving:"), but improved the final value only on mod011
// and rout; in this run every instance that ran past its root to the
// limit took fewer nodes on (in part the heavier load: see below). The
// CPU times of the small solved instances differ by tenths of a second,
// mostly the load (egout: 0.31 s on, 0.16 s off, the same 47 nodes, and
// dives that solved no LP).
//
// The same two runs again, off first, at a lower load (5 to 8):
//
//	setting     solved  incumbent  first inc. CPU s  total CPU s  mean gap  gap ≤ 1e-4  nodes
//	diving on    14/30     29           0.369           3.284      0.0774      20       371935
//	diving off   15/30     29           0.342           3.217      0.1084      21       336153
//
// mod011 (−50816496.35 → 0), rout (1117.6 → 1119.23) and qiu (397.2 →
// 463.1) end better on; cap6000 is solved off in 8.84 s (1588 nodes) and
// not on (312 nodes, −2450879); harp2 ends worse on (−73736670 →
// −73768663, 2697 → 4913 nodes). The node sums differ by the load, not
// by the dives: mas76, noswot and pk1, which dominate them, took more
// nodes on than off in this run and fewer in the first. They do not pay
// overall (one instance fewer solved, the first incumbent no earlier,
// cap6000 and harp2 slowed), so Diving was off by default then.
//
// Measured again after the warm dual start's fix (a dive LP on 10teams
// now takes tens to a few hundred iterations) and the pump's 40-round
// floor, with the same tool and limits (10 s of CPU, one core, every other
// switch at its default), in two rounds of runs side by side on the shared
// 2-core machine (load 4 to 8): off; the family at the root and in the
// tree (diving=on, divetree=on); at the root only (diving=on, the
// default now); and in the first round a cheaper variant, at the root and
// in the tree with a fifth of the budget's share (0.02·(…), at the root a
// tenth of the root's iterations) and no more tree dives for a rule whose
// first two dives found nothing (a trial build, not kept; the other three
// runs used a build whose temporary knobs selected what the commands below
// select in the committed code):
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set diving=off
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set divetree=on
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s
//
//	setting              solved  incumbent  first inc. CPU s  total CPU s  mean gap  gap ≤ 1e-4  nodes
//	round 1, off          16/30     29           0.324           3.016      0.1244      21       338017
//	round 1, root+tree    15/30     29           0.318           3.041      0.0723      23       307579
//	round 1, root only    16/30     29           0.311           2.993      0.0925      22       331251
//	round 1, cheaper      15/30     29           0.322           3.090      0.0783      22       311001
//	round 2, off          15/30     29           0.341           3.106      0.1244      21       328727
//	round 2, root+tree    15/30     29           0.339           3.141      0.0727      22       304310
//	round 2, root only    16/30     29           0.339           3.082      0.0925      22       331389
//	round 3, off          17/30     29           0.331           3.069      0.1241      22       333909
//	round 3, root only    16/30     29           0.320           3.017      0.0904      22       321938
//
// (columns as above; round 3: the committed build, the two runs side by
// side at load 0.2 to 2). The dives at the root alone solve 10teams in
// every round (924 at node 70, 5.2 to 6.6 s); off needs 275 nodes, which
// it reaches at 9.9 s in round 3 and not within 10 s under the load of
// rounds 1 and 2 (208 to 229 nodes, the pump's 934). The root dives do
// not find 924 themselves (its five dives, 10 500 iterations, find
// nothing): a strong-branching LP at node 69 does, in a tree that differs
// from off's, presumably because the budgets relative to the search's iterations
// (strong branching's, RINS's) count the dives' too; the gain is
// deterministic, but it is not the dives' own. They end mod011 at
// −50816496.35 (off: 0) and rout at 1119.23 to 1184.94 (off: 1202.29),
// and lose cap6000, which off solves in 8.1 to 8.7 s in rounds 1 and 3
// (1 776 nodes) and misses by 5 nodes in round 2: the root dives find
// nothing there and leave the tree fewer nodes (1 022 to 1 438, not
// 1 776). In the tree the dives find pk1's optimum 11 (off and root only:
// 17), danoint's 65.67 once and rout's 1121.4, but take nodes from every
// long run (harp2 7 800 → 5 158, danoint 344 → 20) and lose 10teams again
// (147 to 150 nodes, 934). The cheaper variant keeps pk1's 11 and loses
// 10teams and cap6000. Off and root only thus each solve one instance near
// the 10 s limit that the other does not (cap6000 off; 10teams at the
// root, 3.4 s or more within the limit in every round), and root only ends with the
// better values (mean gap 0.09 against 0.12 in every round). At 20 s of
// CPU both solve both (after round 3, load 1: root only cap6000 in 10.4 s,
// 2 021 nodes; off 10teams in 9.0 s and cap6000 in 8.6 s). So the family
// runs at the root by default, and in the tree only with Options.DiveTree.
//
// Cost of the dives and the pump. CPU profiles (one core, mipheur
// -cpuprofile, go tool pprof -peek/-list) put the root's feasibility pump
// at 28 % of 10teams' time and the root dives at 9 % of 10teams' and 11 %
// of cap6000's. All of it is in the LP solves: the pump's rounding, cycle
// handling and objective (set in place once per round, the next solve
// warm by the primal simplex from the last optimum, the first from the
// root's basis) and the dives' steps and propagation take below 1 % of
// the time. On
// 10teams the pump's LPs took 26 110 iterations, 8 times the root LP and
// its cut rounds (3 248): 16 755 in the 40 rounds of the stage with the
// objective, which found nothing, and 9 355 in the 12 rounds of the stage
// without it, which found 934; strong branching then finds the optimum
// 924 at node 69. Cutting the first stage (SCIP's stall limit, 10 rounds
// without a new least distance, instead of 30) saves 6 500 of those
// iterations, but the second stage, started after fewer pivots, found
// 1020 in 28 rounds, and 10teams was not solved in 20 s (1 277 nodes);
// with the second stage on a fresh LP and random generator (so that it
// does not depend on the first), it found 976 in 17 rounds and 10teams
// took 19.9 s (788 nodes). The pump's path on a degenerate LP follows the
// pivots, and 10teams' 4 s solve follows the pump's point, so its budget
// stays as it is (trial builds, not kept). The dives: on cap6000 the five
// root dives solved 122, 101, 121, 137 and 145 LPs of 3 or 4 iterations
// each (2 346 iterations, each dive ended by its budget of about 1000,
// 600 of it propagation) and found nothing, and the fixed part of those
// 626 solves (the simplex's x, y and d afresh, its answer checked in
// model units) took about as long as all their iterations (0.36 s against
// 0.34 s of the profile: one solve as long as 3 to 4 iterations). So a dive's work
// counts 4 iterations per LP: cap6000's root dives now solve 411 LPs
// (1 586 iterations) and its search takes 2 103 nodes instead of 2 243.
// Measured with the charge on and off (a trial build read it from the
// environment; the other switches at their defaults, 20 s of CPU, one
// core, the runs one after the other on the shared 2-core machine):
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 20s -log
//
// Of the 30 instances the search changed on three, whose dives reach
// their budget with many short LPs: cap6000 (solved in both, 7.65 s →
// 7.13 s, the medians of three runs of each alternated, load 15), harp2
// and rout (time limit in both: −73857818 → −73878331, optimum −73899798;
// 1079.73 → 1093.31, optimum 1077.56). On the other 27 the search is the
// same (the same dives and incumbents, and where solved the same nodes and
// iterations), so their CPU times differ by the load alone. Three runs of all 30, before
// (load 7 to 12), with the charge (load 8 to 18), before again (load 18
// falling to 4.5): solved 23, 22 and 23, the one missing pk1, whose
// search is the same 229 646 nodes in both builds and which needs 17 to
// 23 s of CPU on this machine in either (alone after: 19.9, 21.7 and
// 21.2 s before, 20.2 and 23.1 s with the charge);
// shifted geometric mean CPU time (shift 1 s) over the 22 solved in all
// three 1.62, 1.78 and 1.77 s, so the two runs before differ by more
// (9 %) than the runs with and without the charge beside each other
// (1 %), and every instance slower by more than 10 % between them is one
// whose search did not change; the first incumbents come from the same
// heuristics at the same nodes (shifted geometric mean over the 30, 20 s
// where none, 0.31, 0.33 and 0.33 s). A fourth run, of the committed
// build (load 7 falling to 3), did the same searches as the trial build's
// run: 22 solved (pk1 at the limit again, 216 186 nodes), 1.72 s over the
// same 22. With a node limit, which takes the limit out of it, pk1's
// first 100 000 nodes took 10.0 and 8.7 s before, 9.5 and 8.8 s with the
// charge (alternated).
//
// # Primal heuristics
//
// Five more heuristics look for good incumbents early; each has a Switch in
// Options (Auto, the zero value, means the package default, On and Off
// force it). Every point they find goes through the same check as any
// incumbent: integrality, the bounds and every row of the model as given,
// then the lazy constraints. None of them changes the bound, so the
// statuses and bounds of the search stay what they were.
//
// Feasibility jump (Options.FeasJump; B. Luteberget, G. Sartor, Feasibility
// Jump: an LP-free Lagrangian MIP heuristic, Mathematical Programming
// Computation 15 (2023) 365–388) runs before the root LP, without any LP.
// It minimises the weighted violation Σᵢ wᵢ·(max(0, Lᵢ − aᵢx) + max(0, aᵢx −
// Uᵢ)) by moving one column at a time. As a function of one column's value
// t the weighted violation of its rows is convex and piecewise linear, with
// a breakpoint wherever a row reaches one of its sides; the column's jump
// value is the minimiser within its bounds (for an integer column, the
// better of the two integers around it), found by sorting the breakpoints
// and summing the slopes. Each step draws three violated rows at random and
// moves the column of theirs whose jump lowers the weighted violation most;
// when none does (a local minimum), every violated row's weight wᵢ grows by
// one — the weights act as Lagrangian multipliers that make the violated
// rows dearer until the search leaves the minimum. It stops at a point that
// violates no row or after a work limit of max(10⁷, 100·nnz) coefficient
// visits, at most 3·10⁷ (a fraction of a second). The point's continuous
// part is then re-optimised by the LP with the integer columns fixed.
//
// 1-opt (Options.OneOpt; T. Berthold, Primal heuristics for mixed integer
// programs, Diploma thesis, TU Berlin 2006, §3.8) runs on every new
// incumbent y: an integer column j with cost cⱼ ≠ 0 (minimisation form)
// moves by the largest integer δ in the direction −sign(cⱼ) that its bounds
// and the rows through it allow — a row whose activity the move raises
// towards its side Uᵢ allows δ ≤ (Uᵢ − aᵢy)/|aᵢⱼ|, symmetrically for Lᵢ —
// so the objective falls by |cⱼ|δ and every row stays satisfied; the
// columns are swept until none moves (at most three sweeps). With
// continuous columns, the point's continuous part is then re-optimised by
// the LP with the integer columns fixed (unless the incumbent is an
// integral node LP that no shift moved: its continuous part is optimal
// already). These polish LPs are solved cold and may use at most a tenth
// of the search's simplex iterations (counted in iterations, not time, so
// that the search stays deterministic).
//
// RENS (Options.RENS; T. Berthold, RENS: the optimal rounding, Mathematical
// Programming Computation 6 (2014) 33–54) runs at the root after its LP and
// cuts: with the LP point x̄, the integer columns at an integral value are
// fixed to it and every other one is restricted to {⌊x̄ⱼ⌋, ⌈x̄ⱼ⌉}, so that
// the sub-MIP holds every rounding of x̄. RINS (Options.RINS; E. Danna,
// E. Rothberg, C. Le Pape, Exploring relaxation induced neighborhoods to
// improve MIP solutions, Mathematical Programming 102 (2005) 71–90) runs at
// nodes with an incumbent: the integer columns whose value in the node's LP
// point equals the incumbent's are fixed to it, the others keep their
// global bounds. Both sub-MIPs are solved by this same branch and bound on
// the working model (with its cuts), with a node limit (RENS 500, RINS
// 200), a cutoff at the current incumbent, no callbacks and no sub-MIPs of
// their own, and only when they fix at least half of the unfixed integer
// columns: a looser neighbourhood is nearly the whole problem again. RINS
// first runs at node 20, then 100 nodes later, and the distance doubles
// after every RINS that does not improve the incumbent.
//
// A sub-MIP (RENS, RINS and the pump's third stage below) runs with cheap
// settings, as SCIP's sub-SCIPs and HiGHS's sub-MIPs do: no root cut loop
// (the working model carries the parent's cuts already; without the loop
// there are no restarts either), pseudo-cost branching without strong
// branching, from the pseudo-costs the parent has learnt (the columns are
// the same), no symmetry detection and no dives but the fractional one at
// its root while it has no incumbent. The sub-MIPs of a search together
// may spend half the simplex iterations the search spent outside them
// plus 10 000: a sub-MIP stops before its next node once it reached what
// is left, and none starts with less than 500 left. Everything is counted in iterations, so that the search stays
// deterministic. Before, a sub-MIP ran the parent's settings minus the
// heuristics, and its cut loop and strong branching were most of its cost:
// profiled (go tool pprof -peek on subMIP), the RENS sub-MIP of dsbmip (24
// nodes) took 70 % of the solve, 41 % in its strong branching; on cap6000
// and vpm2 the sub-MIPs' cut loops were two thirds of the sub-MIPs' time.
//
// Measured effect of the cheap sub-MIP settings: benchmarks/mipheur on the
// 30 shared instances, 20 s of CPU each, one core, the commit before and
// this one built once and run side by side (load about 9 on the shared
// 2-core machine, so CPU times carry contention):
//
//	go build -o /tmp/mipheur ./benchmarks/mipheur
//	GOMAXPROCS=1 nice -n 15 /tmp/mipheur -cpu 20s
//
// Solved: 23 against 21, but the two the old settings missed at this
// load (pk1, stein45) they solve at a lighter one, in 16.1 and 14.1 s,
// with the trees the new settings grow here in 19.9 and 18.6 s (229 646
// and 50 283 nodes): no solved count moved. Shifted geometric mean
// (shift 1 s) over the 21 both solve: 1.61 → 1.37 s; dsbmip 2.06 → 0.73 s (the same single
// node: RENS's sub-MIP now spends 4931 simplex iterations, not 18 056 of
// which 11 625 in strong branching), fiber 1.97 → 1.22, cap6000 6.96 →
// 5.54, vpm2 11.2 → 8.1 (7788 → 7052 nodes), gesa2 0.88 → 0.59; no
// instance slower by more than 10 % (small_mip's 0.000 s aside). The
// solved instances keep their node counts, vpm2's aside. First
// incumbent: shifted geomean 0.219 → 0.184 s over the 29 with one. The
// final incumbents where the limit stops the search are the same but for
// harp2 (−73857818 → −73801665, from other RINS points; the optimum is
// −73899798) and qiu, which runs no sub-MIP and only explored fewer nodes
// under the load (−119.65 → −27.65; both reach −132.873 at a lighter
// load). The budget binds where sub-MIPs are long: with a tenth of the
// outside iterations plus 2000 instead, dsbmip needs 122 nodes (its RENS
// point comes too late) and vpm2 11 488; and mod011's RINS of 200 nodes
// takes 32 625 iterations, 11 of its 20 s, within this budget, but is cut
// short with 0.3 and 5000, its point (−53735477 instead of −52189625)
// lost.
//
// The feasibility pump (Options.FeasPump, on by default: see "Measured
// effect of the feasibility pump" below) is the objective feasibility pump
// of T. Achterberg, T. Berthold, Improving the feasibility pump, Discrete
// Optimization 4 (2007) 77–86, on the pump of M. Fischetti, F. Glover,
// A. Lodi, The feasibility pump, Mathematical Programming 104 (2005)
// 91–104. It runs once at the root, after the root LP, its cuts and the
// rounding, when no incumbent is known yet (before fractional diving). It
// alternates a rounding x̃ of the LP point x* (integer columns to the
// nearest integer) with the LP of the working model at the root bounds
// whose objective is (1 − α)·Δ(x, x̃) + α·(√|I| / ‖c‖)·cᵀx, where Δ is the
// L1 distance over the integer columns I and α starts at 1 (the root LP)
// and falls by a factor 0.9 per round. A column rounded to one of its
// bounds enters Δ directly (xⱼ − lⱼ or uⱼ − xⱼ: every binary); a general
// integer column rounded inside its range is measured by the auxiliary
// form, a column dⱼ ≥ |xⱼ − x̃ⱼ| through the rows dⱼ − xⱼ + tⱼ ≥ 0 and
// dⱼ + xⱼ − tⱼ ≥ 0 with a column tⱼ fixed to x̃ⱼ (Bertacco, Fischetti &
// Lodi 2007), so that a new rounding only changes bounds and the objective
// and every pump LP starts warm from the last basis (the first from the
// root's). A rounding equal to the previous one (a short cycle) moves the
// 10 to 29 integer columns farthest from their rounding one step towards
// x*; one that (after the flips) equals one of the last three with α
// within 0.005 (a longer cycle) is perturbed at random: column j moves when σⱼ + max(ρⱼ, 0) > ½,
// σⱼ = |x*ⱼ − x̃ⱼ|, ρⱼ uniform in [−0.3, 0.7] (Fischetti, Glover & Lodi).
// A rounding that satisfies every row within the incumbent check's
// tolerance, or an LP point with integral integer columns, is offered as
// an incumbent; with continuous columns it is taken only through the LP
// with its integer columns fixed (as the sub-MIPs' points), so that it
// passes solve.Verify. The pump stops at the first incumbent, after 100
// rounds, after 30 rounds without a new least distance, or when its
// simplex iterations exceed 1000 plus four times those of the root LP and
// its cut rounds, but not on that budget before 40 rounds: the budget
// follows the root's work, and a root that becomes cheaper (a better warm
// start of its cut rounds) must not cut the pump short. Without an
// incumbent then, the original pump of
// Fischetti, Glover & Lodi (α = 0 throughout: the distance alone) runs
// from the root LP point again, with a fresh cycle history and the pump LP
// started again from the root's basis, within half of that budget (50
// rounds, half the iterations, the same 30-round stall and 40-round floor): the objective
// term, as Achterberg & Berthold observe, can lead the pump away from
// feasibility, and the plain pump, when it succeeds, typically does so in
// few rounds, so half the budget is enough for it to find a point and
// bounds what a failing stage costs to half again of the objective pump's.
// The whole pump runs once, at the root, on the goroutine of the search.
// Without an incumbent after both, its third stage (Achterberg & Berthold)
// fixes the integer columns where the pump LP point closest to its
// rounding (over both stages) agrees with it and solves the rest as a
// sub-MIP, as RENS does (500 nodes, when at least half of the integer
// columns are fixed).
//
// Measured effect. benchmarks/mipheur solved the 30 shared MILP instances
// with known optima (the 20 of miplib3 and the 10 of miplib) once per
// setting, on one core (GOMAXPROCS=1) with a limit of 20 s of CPU time
// (user+system) per instance, under nice -n 15 on a shared 2-core machine
// that ran the six settings at once beside other jobs (load 16 to 20, so
// the CPU times carry some cache contention), e.g.
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 20s -set rins=off
//
// "all on" had all four heuristics on; each other row turns one off. The
// defaults chosen from it are the row "1-opt off".
// Solved: status optimal at the optimum of optimal.csv (relative gap ≤
// 10⁻⁶). First incumbent: shifted geometric means (shift 1) of the CPU
// seconds and nodes to the first incumbent (20 s, and the final node count,
// where none was found). Mean gap: the final |z − z*|/max(1, |z*|), capped
// at 1 (1 without an incumbent: 10teams and air04 in every setting).
//
//	setting               solved  incumbent  first inc. CPU s  first inc. nodes  mean gap  gap ≤ 1e-4
//	all on                 18/30     28           0.378               0.4       0.1057      21
//	all off                15/30     28           0.710               4.0       0.1140      19
//	feasibility jump off   18/30     28           0.650               2.1       0.1070      21
//	1-opt off              18/30     28           0.376               0.4       0.1057      21
//	RENS off               18/30     28           0.390               0.6       0.1048      21
//	RINS off               17/30     28           0.376               0.4       0.1073      20
//
// The final objectives that differ between the settings (* proven optimal):
//
//	instance    optimum       all on        all off       FJ off        1-opt off     RENS off      RINS off
//	bell5       8966406.492   8966406.492*  8966406.492*  8966406.492*  8966406.492*  8966406.492*  8966413.705*
//	cap6000     -2451377      -2451377*     -2451377      -2451377*     -2451377*     -2451377*     -2451377*
//	dsbmip      -305.198175   -305.198175*  -305.198175   -305.198175*  -305.198175*  -305.198175*  -305.198175*
//	gesa2       25779856.37   25779856.37*  26982942.07   25779856.37*  25779856.37*  25779856.37*  26038337.63
//	harp2       -73899798     -73829772     -73786614     -73816472     -73829772     -73830955     -73752405
//	mas76       40005.05414   40004.93067   40005.05414   40004.93067   40004.93067   40139.47668   40005.05414
//	mod011      -54558535     -53656254.1   -53656254.1   -53656254.1   -53656254.1   -50289738.3   -53656254.1
//	pk1         11            12            13            12            12            11            12
//	qiu         -132.873137   274.7944431   260.6925374   274.7944431   260.6925374   274.7944431   274.7944431
//	rout        1077.56       1079.73       1121.4        1124.11       1079.73       1079.73       1121.4
//	sp150x300d  69            69            74            69            69            69            69
//
// (bell5 without RINS ends within the 10⁻⁶ gap tolerance of the optimum;
// mas76's 40004.93 lies 3·10⁻⁶ below the optimum, within the incumbent
// check's row tolerance: a RENS sub-MIP point, status time_limit.)
//
// Together the heuristics solve three more instances (cap6000, dsbmip and
// gesa2, which the issue lists as unsolved) and find the first incumbent
// about twice as early. Per technique:
//
//   - Feasibility jump pays, on by default: the first incumbent comes at
//     0.38 s instead of 0.65 s (shifted geomean) and mostly before the
//     root LP (node 0); rout ends at 1079.73 instead of 1124.11. Where it
//     fails it costs its work limit, at most a few tenths of a second.
//   - 1-opt does not pay, off by default: with the others on, turning it off
//     changed no solved count, no first incumbent and no final value but
//     qiu's, which its cold polish LPs made worse (274.8 against 260.7: they
//     take iterations from a search whose node LPs cost thousands each).
//     The integral node LPs, RENS and RINS already leave little to shift.
//   - RENS is on by default, a close call: without it mod011 ends 6 % and
//     mas76 0.3 % further from the optimum and the first incumbent comes
//     later, but pk1 ends at 11 instead of 12 (the 500 sub-MIP nodes at the
//     root take time from the search); the solved counts are equal.
//   - RINS pays, on by default: without it gesa2 is not solved (1 % gap
//     left), rout ends at 1121.4 instead of 1079.73 and harp2 further off.
//
// None of them helps qiu, the issue's example of a poor incumbent: its 48
// binaries are all fractional at the root LP (RENS fixes none) and its node
// LPs agree with the incumbent on too few of them for RINS.
//
// Measured effect of the feasibility pump. benchmarks/mipheur on the same
// 30 instances, every other switch at its default, with 10 s of CPU time
// (user+system; the wall clock is meaningless on the shared 2-core machine,
// which ran other benchmarks at a load of about 15) per instance, the two
// settings side by side:
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set feaspump=on
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set feaspump=off
//
//	setting        solved  incumbent  first inc. CPU s  total CPU s  mean gap  gap ≤ 1e-4
//	feaspump on     14/30     28           0.389           3.158      0.1579      21
//	feaspump off    15/30     28           0.428           3.341      0.1398      21
//
// (first incumbent and total CPU: shifted geometric means, shift 1 s,
// 10 s where none; mean gap as above.) The pump runs only where the root
// has no incumbent after feasibility jump and the rounding, 8 of the 30
// instances; elsewhere the two runs differ by timing alone. Both
// differences in the table are such noise: cap6000 was solved at 8.96 s
// off and not within 10 s on (it never runs the pump: feasibility jump
// finds its first point), and pk1 ended at 18 on against 12 off (the same
// first point; the search reached fewer nodes); run again, both settings
// solve cap6000 in 8.99 s and end pk1 at 12. Where the pump ran (first
// incumbent CPU s and source, on → off; a second run in brackets):
//
//	instance  pump                                   first incumbent                           final
//	dsbmip    found the optimum −305.198175 in 3     0.63 pump → 3.50 RENS  [0.45 → 2.87]      solved in 0.99 s → 3.50 s [0.75 → 2.87]
//	fiber     found 513550.38 in 9 rounds            0.32 pump → 0.39 diving [0.29 → 0.31]     solved in 1.05 s → 1.55 s [0.92 → 1.15]
//	danoint   failed, 40 rounds                      3.66 → 2.53 diving [3.25 → 2.09]          66.5 both (time limit)
//	misc07    failed, 31 rounds; sub-MIP infeasible  2.02 → 1.94 strong branching             2810 both (time limit)
//	p0548     failed, 41 rounds; sub-MIP infeasible  0.107 → 0.123 RENS                        solved in 0.16 s → 0.21 s
//	flugpl    failed, 43 rounds; sub-MIP infeasible  0.064 → 0.056 node LP                     solved in both
//	10teams   failed, 38 rounds; sub-MIP infeasible  none                                      none
//	air04     its first LP ran into the time limit   none                                      none
//
// It pays, so it is on by default: it solves dsbmip (on the issue's list
// of instances ending numerical_error) about four times faster and fiber
// a third faster, and where it fails it costs about a second of pump LPs
// at most (danoint's first incumbent, the same final value). It did not
// find 10teams, which the pump without the objective term (α = 0 from
// the start) found in 3 rounds in a trial: the objective term, as
// Achterberg & Berthold report for some instances, can lead the pump
// away from feasibility; the objective form stays first, as it gives
// better first points (dsbmip's is the optimum), and the stage without it
// runs after it fails (above). The table above is of the objective pump
// alone.
//
// Measured effect of the pump's stage without the objective, on the 13
// instances below (those where the pump ran in the table above, and the
// issue's slow ones), every switch at its default, 20 s of CPU time
// (user+system; the wall clock is meaningless here) per instance, the
// runs before and after side by side on the shared 2-core machine beside
// other jobs (load 5 to 10), so that CPU times differ by a few tenths of a
// second from run to run:
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 20s -only 10teams,air04,danoint,misc07,p0548,flugpl,dsbmip,fiber,rout,qiu,pk1,mas76,vpm2
//
//	instance  pump (after)                      first incumbent CPU s, after ← before  final, after ← before
//	10teams   α = 0 found 982 in 19 rounds      4.58 feaspump ← none                 982 time limit ← no incumbent (optimum 924)
//	danoint   α = 0 found 66.5 in 1 round       3.97 feaspump ← 3.22 diving          66.5 time limit, both
//	misc07    both stages fail (31 + 28)        0.31 ← 0.45 strong branching         2810 time limit, both (optimal value)
//	flugpl    both stages fail (43 + 50)        0.056 ← 0.057 node LP                solved in 0.062 s ← 0.063 s
//	air04     its first LP ran into the limit   none, both                           no incumbent, both
//
// The log shows no pump run on the other eight, before or after:
// dsbmip (solved 2.81 s ← 2.93 s), fiber (1.33 ← 1.62), p0548 (0.11 ←
// 0.13), vpm2 (17.0 ← 19.8) are solved in both, mas76 (40005.05, the
// optimum), pk1 (12), rout (1119.23) end at the time limit with the same
// incumbents, and qiu's final value (−115.25 ← −1.21) differs by the
// nodes the search reached (1618 ← 1345), not by the pump. So 10teams now
// gets an incumbent (6.3 % above the optimum 924, which is also its root
// bound; 18 nodes in 20 s: it is not solved; cbc solves it in 2.2 s),
// danoint's first point comes from the pump a little later than diving's
// (the same final value), and where both stages fail (misc07, flugpl) the
// second costs at most half of the first's budget, within the noise here.
//
// The pump before RENS. Where the root has no incumbent when its cut loop
// ends, the restart decision (restart.go) needs one for reduced-cost
// fixing; it used to run RENS there, and the pump only at the root node
// afterwards, when RENS had failed. It now runs the pump first and RENS
// only if the pump fails (SCIP orders the two the same way, by its
// heuristics' priorities), and the pump runs once per search. The pump is
// the cheaper of the two where it succeeds, and its point, even when
// worse than RENS's, can be enough for the restart: on 10teams the pump's
// 934 lets reduced-cost fixing fix enough columns to restart, and the
// second presolve and cut loop find the optimum 924 at the root. All 30
// shared instances, 20 s of CPU each, the builds before and after run side
// by side, GOMAXPROCS=1 (benchmarks/mipheur -cpu 20s); only the instances
// the change touches differ beyond noise:
//
//	instance  first incumbent, before → after         nodes, before → after   CPU s, before → after
//	10teams   934 by the pump either way              70 → 1                  4.01 → 1.24
//	dsbmip    the optimum, by RENS → by the pump      1 → 1                   0.68 → 0.46
//	fiber     by RENS → by the pump                   182 → 116               0.87 → 0.71
//	p0548     by RENS → by the pump (a worse point)   1 → 58                  0.10 → 0.20
//
// Both solve 23; the shifted geometric mean over the 23 went from 1.54 s to
// 1.43 s, and over the 19 that cbc 2.10.8 solves too from 1.04 s to 0.93 s
// (cbc's own 1.05 s, its times from the seventh lpbench run). misc07 and
// flugpl, where both heuristics fail, take the same trees.
//
// # Callbacks
//
// Options.Callbacks lets the caller follow and steer the search. All of them
// run in the goroutine that runs Solve (under solve.Solve, the backend's
// goroutine), one call at a time, and the search waits for each; with
// several threads, the events of a round come when it is merged (see
// "Parallel search"), and a Cuts or Lazy callback makes the search run on
// one thread.
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
// # Conflict analysis
//
// With Options.Conflicts (conflict.go), a node whose LP is infeasible or
// whose LP value reaches the cutoff γ leaves behind one linear constraint
// learnt from the LP's certificate, the "dual ray" and "dual proof"
// conflicts of Witzig, Berthold & Heinz (2017). With y the Farkas
// certificate of an infeasible node LP, every point with rl ≤ Ax ≤ ru has
//
//	(Aᵀy)ᵀx ≥ β(y) = Σ_{yᵢ>0} yᵢ rlᵢ + Σ_{yᵢ<0} yᵢ ruᵢ,
//
// whatever y is, and the certificate makes the node's bounds violate it.
// With y the row duals of a node LP cut off at γ (minimisation form) and
// d = c − Aᵀy, every point that improves the incumbent has
//
//	dᵀx ≤ γ − c₀ − β(y),
//
// which removes only points with objective above γ (γ is kept among the
// dropped bounds, see Results). Terms of continuous and fixed columns and
// terms below 1e-9 of the largest are moved to the right-hand side at their
// global bounds, the right-hand side is relaxed by a rounding allowance,
// and the constraint is kept only if the node's bounds still violate it,
// with at most n/5 + 20 terms and a coefficient range below 1e7. The pool
// holds at most 500 constraints; each is propagated at every later node
// (activity-based, as the rows, over the columns changed from the root),
// a constraint that has not tightened a bound in 1000 nodes is removed,
// and a full pool keeps the half that was useful most recently. Conflicts
// from the propagation graph (the bound changes that implied an
// infeasibility) are not derived.
//
// The pool's propagator is not built again when a constraint comes or
// goes: a constraint learnt is appended to its column index, and one
// removed is marked there and passed over until the removed outnumber
// the others by more than 16, when the index is compacted. The rows are
// thus visited in the order of a propagator built afresh over the pool,
// which gives the same bounds, the same order of the tightened columns
// and the same hits per constraint (TestConflictPoolPropagation checks
// this over random additions, removals and node bounds). Like the node
// propagation (see "Bound tightening") it keeps each constraint's largest
// activity for the last bounds it saw and moves it by the changed
// columns, so a constraint that cannot tighten a bound is passed over
// without being summed. The search stays the same (the -log output and
// the tree LPs line compared on stein45, vpm2, cap6000, misc07, p2756,
// fiber, mas76 and pk1 at -nodes 5000, and on stein45, vpm2, misc07 and
// pk1 at -nodes 3000 -threads 2). Before, the pool's propagation took
// 35 % of the CPU time on stein45 and vpm2, a third of it to build the
// column index again; after, 16 % and 20 %. Minimum CPU seconds of three
// alternating runs (benchmarks/mipheur -only stein45,vpm2,cap6000 -cpu
// 60s, GOMAXPROCS=1, load average 3.6 to 4.6 on 2 cores; the same nodes),
// the build of commit 9d45ecd against the one with this and the dives'
// and probing's moved sums (see "Bound tightening"):
//
//	instance  nodes   before  after  after/before
//	stein45   50283   13.40   10.07     0.75
//	vpm2       7788    6.13    5.04     0.82
//	cap6000    2243    5.65    4.71     0.83
//
// # Clique table and probing
//
// With Options.Cliques (clique.go), the root builds a table of cliques:
// sets of binary literals (xⱼ or x̄ⱼ = 1 − xⱼ) of which at most one is 1
// (Atamtürk, Nemhauser & Savelsbergh 2000; Achterberg 2007, §3.3.4). A row
// side Σ aⱼxⱼ ≤ b gives Σ wₗℓₗ ≤ b' with wₗ = |aⱼ| > 0 after complementing
// the binaries with aⱼ < 0 (b' = b − Σ_{aⱼ<0} aⱼ) and moving the other
// columns to b' at their smallest activity; with the weights sorted
// decreasingly, the first k literals are a clique for the largest k with
// w_{k−1} + w_k > b'. A set-packing row Σ xⱼ ≤ 1, or xᵢ + (1 − xⱼ) ≤ 1, is
// one clique. At the nodes, a literal fixed to 1 fixes every other literal
// of its cliques to 0 (two literals at 1 in one clique prune the node).
// At the root, clique cuts join the separation loop beside the cover,
// flow-cover, c-MIR and Gomory cuts: from each of the 300 literals of
// largest LP value a clique is grown greedily, the neighbour of largest
// value adjacent to every member first, to a maximal clique Q of the
// conflict graph (literals adjacent when a clique holds both), and
// Σ_{ℓ∈Q} ℓ ≤ 1 is added when the LP point violates it by more than 1e-4.
//
// With Options.Probing (on the root bounds, after the presolve; not with
// NoPresolve), each of up to 1000 binaries, those in most rows first, is
// fixed to 0 and to 1 and the rows propagated (Savelsbergh 1994): a value
// whose propagation fails is excluded (the column is fixed to the other),
// a column fixed to the same value both ways is fixed, and with the clique
// table each implication xⱼ = v ⇒ x_k = u adds the clique of two
// {xⱼ = v, x_k = 1 − u}. With Options.ContBounds the two probes also
// bound continuous columns (see "Root strengthening").
//
// # Measured effect of conflicts, cliques and probing
//
// TestMeasureTechniques (STREAMOPT_MEASURE, see CONTRIBUTING.md) solves
// the 30 instances of shared/miplib and shared/miplib3 with each setting,
// one instance after the other, GOMAXPROCS=1, under nice -n 15, with 20 s
// of wall-clock time per instance. The machine (2 cores) was shared with
// five other jobs, so each solve got only about 15–30 % of a core: 20 s of
// wall clock bought 3–6 s of CPU, and the counts below are those of a
// limit of about 4 s of CPU, not the 20 s of the issue's table. The node
// counts of instances solved to optimality do not depend on the load; the
// CPU seconds are the process's getrusage time.
//
//	setting     solved      solved by all settings: nodes, CPU s
//	            (of 30)     (and shifted geomean CPU s, shift 1 s)
//	none        13            9753   5.7  (0.336)
//	conflicts   13            7478   5.7  (0.338)
//	cliques     13            9665   6.0  (0.350)
//	probing     13            8935   4.7  (0.306)
//	all         13            7185   5.6  (0.334)
//	default     13            6660   4.1  (0.273)
//
//	13 instances solved by all; the others hit the limit in every setting.
//
//	nodes            none conflicts   cliques   probing       all   default
//	small_mip           1         1         1         1         1         1
//	flugpl            573       509       573       573       509       509
//	lseu              700       475       701       700       475       475
//	egout              68        66        68        68        66        66
//	gt2               887       887       887       887       887       887
//	rgn               261       198       261       261       198       198
//	bell5            5802      3881      5802      5802      3881      3881
//	p0548              62        62        91       129       194       129
//	dcmulti            86        86        86        86        67        86
//	fiber             233       233       236       233       236       233
//	khb05250            6         6         6         6         6         6
//	p2756            1055      1055       934       170       646       170
//	set1ch             19        19        19        19        19        19
//
//	incumbent           none    conflicts      cliques      probing          all      default  optimum
//	sp150x300d            78           78           78           78           78           77  69
//	10teams                -            -            -            -            -            -  924
//	air04                  -            -            -            -            -            -  56137
//	cap6000         -2447579     -2447579     -2447579     -2447579     -2447579     -2447579  -2451377
//	danoint             66.5            -            -         66.5         66.5         66.5  65.67
//	dsbmip                 -            -            -   -241.61394            -   -241.61394  -305.198175
//	gesa2           26982942     26982942     26982942     26982942     26982942     26982942  25779856.37
//	harp2          -72727512    -73035316    -72727512    -72727512    -72727512    -73675519  -73899798
//	mas76          40358.054    40005.054    40005.054    40005.054    40358.054    40005.054  40005.05414
//	misc07              3035         2810         3035         2975         3045         2810  2810
//	mod011         -53656254    -53656254            -            -            -    -53656254  -54558535
//	noswot               -41          -41          -41          -41          -40          -41  -43
//	pk1                   13           13           13           22           13           13  11
//	qiu            1985.3464    1985.3464    3186.4648    1985.3464    1985.3464    577.09032  -132.873137
//	rout             1357.37      1138.88      1357.37      1357.37      1205.55      1138.88  1077.56
//	stein45               31           31           31           31           30           30  30
//	vpm2                  14           15        13.75        13.75        13.75        13.75  13.75
//
// "all" is the three forced on, "default" the zero Options (conflicts and
// probing on, cliques off). No setting solves an instance more within the
// limit. On the 13 instances every setting solves:
//
//   - Conflicts: 23 % fewer nodes (lseu 700 → 475, bell5 5802 → 3881),
//     the same CPU time: propagating the pool at every node costs what the
//     smaller tree saves (a pool of 2000 constraints instead of 500 gave
//     the same nodes, and 10–30 % fewer nodes per CPU second on the
//     instances that hit the limit). On by default: it cost no time on
//     the solved instances, and with probing it gives the smallest trees.
//     Outside the set, the KKT-MILP of the 6 × 6 non-concave RRS instance
//     of spec A.5 (models/rrs, method kkt-milp) takes 3709 nodes and 1.6 s
//     with conflicts against 48454 nodes and 17 s without (wall clock on
//     the loaded machine, probing off in both).
//   - Cliques: 1 % fewer nodes, 5 % more CPU time, p0548 62 → 91 nodes:
//     in these models the set-packing structure is already in rows that
//     the row propagation uses, and the clique cuts rarely move the root
//     bound. Off by default, because it does not pay here.
//   - Probing: 8 % fewer nodes and 18 % less CPU time, mostly p2756
//     (1055 → 170 nodes). On by default.
//   - Default (conflicts and probing): 32 % fewer nodes, 28 % less CPU time
//     (4.1 s against 5.7 s), shifted geometric mean 0.273 s against 0.336 s.
//
// The incumbents at the limit depend on the load as much as on the
// setting; none of them is better than the optimum and no bound crosses
// it (TestMeasureTechniques checks both).
//
// # Symmetry
//
// With Options.Symmetry (symmetry.go), the root looks for permutations of
// the columns that map the model onto itself and restricts the search to
// one representative of each set of equivalent solutions (Margot 2010 and
// Pfetsch & Rehn 2019 survey the methods). A permutation π of the columns
// acts on a point by (πx)_{π(j)} = xⱼ; it is a symmetry of the working
// model (after the root presolve and probing, with the root bounds) when
// every column keeps its cost, bounds and integrality (c_{π(j)} = cⱼ and
// so on) and the rows, with each coefficient aᵢⱼ moved to column π(j), are
// the same rows again (as a multiset, with their sides). Then x is
// feasible if and only if πx is, with the same objective, so the group G
// the symmetries generate maps optimal points to optimal points.
//
// Detection. The model is the coloured bipartite graph of columns and rows
// with an edge of colour aᵢⱼ for each non-zero; columns are coloured by
// (cost, bounds, integrality), rows by their sides. A symmetry is an
// automorphism of this graph, and it maps the coarsest equitable
// refinement of the colouring onto itself (McKay 1981): each round splits
// every cell by the multiset of (edge colour, neighbour colour) of its
// vertices (a sum of 64-bit hashes, the same for any numbering) until no
// cell splits. A column alone in its cell is fixed by every symmetry; when
// every column is, there is none: so in stein45 and 10teams as given in
// miplib3, against the issue's expectation (10teams' columns fall into 93
// cells by cost alone; stein45's columns lie in 22 to 24 rows, and the
// refinement tells all 45 apart). Otherwise the generators are searched by individualisation
// and refinement (McKay & Piperno 2014): the first path gives the smallest
// column of the first non-singleton column cell a colour of its own,
// refines, and repeats until every column is alone (the first leaf); then,
// from the deepest level up, for each other column w of the cell of that
// level, unless w is already in the orbit of the base column under the
// generators found, the subtree of w is searched (at most 64 refinements)
// for a leaf whose cells match the first leaf's, and the permutation that
// maps each column of the first leaf to the column of the same colour in
// the other is kept only if it is an exact symmetry as defined above
// (autChecker, which compares the rows themselves). So no generator rests
// on the hashing or the refinement; they only guide the search, and a
// candidate that fails is dropped. The detection is skipped on models with
// more than 500 000 columns or 2·10⁶ non-zeros and stops after a work
// limit of 6·10⁷ edge and vertex visits (about a tenth of a second of CPU
// on the development set, mod011 the only one to hit it), keeping the
// generators found so far: a subgroup is as valid as the whole group.
// Not in sub-MIPs, and not with lazy constraints, which the model does not
// show.
//
// Handling. Fix the order of the columns 0, 1, …, n−1 and write x ⪰ y when
// x = y or xᵢ > yᵢ at the first column where they differ. Every orbit
// {gx : g ∈ G} of a feasible point holds a lexicographically largest
// point x*, which is feasible with the same objective; so it is enough to
// search the points with x ⪰ gx for every g ∈ G, and every constraint
// below holds at x* (Friedman 2007; Liberti & Ostrowski 2014; Hojny &
// Pfetsch 2019). Two kinds are used, both for the one column order, which
// is what makes them valid together:
//
//   - Orbit rows at the root (Liberti & Ostrowski's orbital inequalities
//     over a chain of subgroups). For any subgroup H of G, let i be the
//     smallest column H moves and O its orbit under H. Every column k < i
//     is fixed by H, so for h ∈ H, x* ⪰ hx* first compares position i:
//     x*ᵢ ≥ (hx*)ᵢ = x*_{h⁻¹(i)}, and h⁻¹(i) runs over O. Hence
//     xᵢ ≥ xⱼ for j ∈ O \ {i}. The rows are added for H₀ generated by all
//     the generators, then for H₁ generated by those of them that fix i,
//     and so on (at most n rows). They join the working model before the
//     first relaxation: the LP, the row propagation and the cuts see them.
//     A row x_a ≥ x_j is replaced by x_i ≥ x_j when x_a ≥ x_i is a row
//     too (it is implied by the two), so that an orbit of interchangeable
//     columns gives the chain x_{i₀} ≥ x_{i₁} ≥ … rather than every pair.
//   - Lexicographic propagation at the nodes, for x ⪰ γx and x ⪰ γ⁻¹x
//     with each generator γ (the symresack propagation of Hojny & Pfetsch
//     2019, applied position by position): walking the columns i that γ
//     moves in increasing order, with k = γ⁻¹(i), as long as xᵢ and xₖ
//     are fixed to the same value the next position decides; at the first
//     one that is not, xᵢ ≥ xₖ must hold, so lᵢ ← max(lᵢ, lₖ) and
//     uₖ ← min(uₖ, uᵢ) (an empty domain prunes the node), and the walk
//     goes on only if that fixed both to one value. Only integer columns
//     are tightened; the walk stops at a continuous pair. The tightened
//     columns are propagated through the rows again (at most four rounds).
//
// Every other reduction of the search keeps the points that could improve
// the incumbent whatever their place in an orbit (conflicts, reduced-cost
// fixing, cuts), so it keeps x* of an optimal orbit as long as the
// incumbent is not optimal. Orbital fixing (Margot 2003; Ostrowski,
// Linderoth, Rossi & Smriglio 2011), which fixes at a node every column in
// the orbit of a column branched to 0 under the stabiliser of the columns
// branched to 1, is not implemented: it needs the branching decisions
// compatible with the lexicographic order, or its own group computations
// per node (Pfetsch & Rehn 2019, §4), and the two methods above already
// prune the machine-permutation trees that motivated it.
//
// Measured effect. The detection on the 30 shared MILP instances (as read,
// one core) takes 0.40 s of CPU in all, 0.21 s of it on mod011, where the
// work limit cuts it short before any generator; it finds symmetry in 10
// of them (rgn, sp150x300d, dsbmip, fiber, mas76, misc07, noswot, p2756,
// qiu and rout), and with twice the limit (the one of the runs below) in
// mod011 too (23 generators, 0.39 s). On these 11,
//
//	GOMAXPROCS=1 nice -n 15 go run ./benchmarks/mipheur -cpu 10s -set symmetry=off -only rgn,sp150x300d,dsbmip,fiber,mas76,misc07,mod011,noswot,p2756,qiu,rout
//
// and the same with symmetry=on, the two settings at once on the shared
// 2-core machine (load about 16), 10 s of CPU time per instance (not the
// issue's 20 s, for lack of time), gave (CPU seconds of the process):
//
//	instance     off: status  objective    CPU s  nodes   on: status  objective    CPU s  nodes
//	dsbmip       optimal      -305.198175  3.05      1    optimal     -305.198175  3.77      1
//	fiber        optimal      405935.18    1.37    129    optimal     405935.18    1.35    129
//	p2756        optimal      3124         1.55     63    optimal     3124         1.50     63
//	rgn          optimal      82.2         0.23    139    optimal     82.2         0.12     30
//	mas76        time_limit   40005.054    10    79183    time_limit  40005.054    10    78986
//	misc07       time_limit   2810         10     9075    time_limit  2920         10     9425
//	mod011       time_limit   -            10        1    time_limit  -            10        1
//	noswot       time_limit   -41          10    30420    time_limit  -41          10    32601
//	qiu          time_limit   1573.2       10       18    time_limit  95.19        10       34
//	rout         time_limit   1121.4       10     9881    time_limit  1151.28      10     9327
//	sp150x300d   time_limit   69           10    11112    time_limit  69           10     8941
//
// The same four are solved either way; rgn needs 30 nodes instead of 139;
// at the limit qiu ends far better, misc07 and rout somewhat worse (the
// incumbents at a limit move with the load and the path; misc07's first
// incumbent came at 0.31 s instead of 2.05 s). With 20 s of CPU (-cpu 20s,
// the six unsolved ones but mod011, the same way) none is solved either
// way, and at the limit off / on end: misc07 2810 / 2810 (the optimum),
// rout 1121.4 / 1119.23, qiu 120.95 / 6.92, mas76, noswot and sp150x300d
// equal; so no instance ends worse with symmetry handling. The groups
// here are small (misc07: 2 generators; rout: 4), so there is little to
// prune.
//
// On the random symmetric families of TestMeasureSymmetryFamily
// (STREAMOPT_MEASURE_SYMMETRY=1, GOMAXPROCS=1, 10 seeds each, every pair
// of answers equal), where the group permutes identical machines or bins:
//
//	family                                          off: nodes  CPU s   on: nodes  CPU s
//	makespan, 10 jobs on 4 identical machines          16503    0.46       3891    0.19
//	makespan, 12 jobs on 5 identical machines         246511   13.63       9709    0.62
//	bin packing, 10 items in 6 identical bins             10    0.01         57    0.03
//
// The makespan models need 4 to 25 times fewer nodes and 2 to 22 times
// less CPU time (seed 10 of 12 × 5: 116255 nodes and 6.7 s against 1654
// and 0.10 s). The bin packings close at the root LP either way; the
// orbit rows move the root LP point, and the search takes a few nodes more.
//
// On by default (DefaultSymmetry): where the model has symmetry of the
// kind that makes trees explode it pays by an order of magnitude, where it
// has none it costs the detection (at most a few tenths of a second,
// bounded by the work limit), and on the development set it solved the
// same instances.
//
// # Parallel search
//
// The tree search runs on Options.Threads threads (all cores, i.e.
// runtime.GOMAXPROCS(0), by default), deterministically: a thread count
// gives the same answer, node for node and bit for bit, on every run. The
// root, its cuts and heuristics and the first plunge run on the calling
// goroutine; the rest of the tree goes in rounds:
//
//   - a round takes the best open nodes, one per thread (fewer when fewer
//     are open), in the order of the node heap;
//   - thread k processes node k and the plunge from it, as the serial
//     search would, on a relaxation of its own (built once from the working
//     model) and a copy of the search that reads only the state frozen at
//     the round's start: incumbent, pseudo-costs, global bounds, the
//     conflict pool. What a task learns serves the rest of its own plunge at
//     once (its incumbents, pseudo-cost observations, conflicts, reduced-cost
//     fixing), and is recorded;
//   - at the end of the round the tasks are merged in node order: work
//     counts, pseudo-cost observations, log lines, incumbent candidates
//     (through the incumbent check, so that events, lazy checks and global
//     fixing happen here, on the calling goroutine), open nodes, dropped
//     bounds and conflicts; the conflict pool ages its rows by the hits of
//     the round. The open nodes a task made are numbered after those of
//     the tree, in the order the task made them (node.seq): the heap
//     breaks ties of bound and depth by that number (the node made last
//     first), so that which node comes next never depends on the heap's
//     layout, which merging changes. A round of one task (one thread, or
//     one node open) works on the conflict pool itself rather than on a
//     frozen view of it.
//
// RINS runs only in the first task of a round, whose nodes are numbered as
// in the search. Under a node limit a round hands out at most one node per
// node left and shares the rest out as the tasks' caps, so that the limit is
// met exactly. The time limit and a stop from a callback end the round: the
// tasks return their unfinished nodes to the tree. With a Cuts or Lazy
// callback, every node's LP depends on the rows returned at the nodes
// before it, so the search runs one node at a time on the calling goroutine
// whatever Threads says. Sub-MIPs (RENS, RINS, a MIP start) run on one
// thread. Node cuts (Options.NodeCuts, "Cuts at the nodes of the tree")
// are separated only with one thread: the rows they add would make every
// task's LP depend on the cuts of the tasks merged before it.
//
// A round hands out as many nodes as there are threads. A batch of fixed
// size would make every thread count take the same nodes, but it costs
// nodes on one thread, and it would not make the answers identical anyway:
// each thread's simplex keeps a history of its own (basis positions, dual
// steepest-edge weights, the random stream of its cost perturbation), so a
// node's LP can end at another optimal vertex on another thread. Measured
// with GOMAXPROCS=1 on the 12 instances of the shared sets the search
// solves within 10 s of CPU (bell5, dcmulti, egout, fiber, flugpl, gt2,
// khb05250, lseu, p0548, p2756, rgn, set1ch; nodes summed over the 12;
// benchmarks/mipheur -threads 1 -cpu 10s):
//
//	search                                       nodes   change
//	serial search before the rounds              5302
//	rounds of one node per thread, 1 thread      5317    +0.3 %  (rgn 139 → 145, bell5 3687 → 3697, p2756 63 → 62; the rest equal)
//	fixed batch of 2 nodes, 1 thread             5811    +4 %    against 5578 for 1 node on the same (earlier) code
//	fixed batch of 4 nodes, 1 thread             7067    +27 %
//	fixed batch of 8 nodes, 1 thread             6319    +13 %
//
// With the batch of 8, lseu took 403, 405, 375 and 395 nodes on 1, 2, 3
// and 8 threads: the same optimum, not the same path. So the batch is the
// thread count: one thread takes the nodes of the serial search within
// 0.3 %, and the optimum is the same on every thread count
// (TestThreadsMiplib, TestThreadsRandomAgainstEnumeration).
//
// Rounds on one thread now take exactly the nodes of the serial loop, bit
// for bit (TestRoundsOfOneThreadAreTheLoop); one thread still runs the loop,
// which spares the copy of the pseudo-costs per plunge and the merge. They
// did not: on the non-concave RRS KKT-MILP of rrs.Random(8, 8, 2, 0.75)
// the rounds on one thread left 2334 node LPs undecided (split without an
// LP point) and ended NumericalError after 24 054 nodes, where the loop
// had 98 such LPs and proved the optimum in 15 559 nodes. No state was
// corrupted (the relaxation's bounds matched the search's at every node);
// the two searches parted, at node 3488, for two reasons. A task worked on
// a frozen view of the conflict pool, which ages and removes no row until
// the round's end: a conflict the loop had retired after 1000 idle
// propagations still fixed a column there, and that node's LP ended
// NumericalError where the loop's was infeasible. And open nodes of equal
// bound and depth (the two halves of an undecided node, for one) came out
// in the order of the heap's layout, which differed because a task's
// nodes reach the tree by merge, in the order of the task's heap, not one
// by one as they are made. Past that node the trees differ, and this
// model's node LPs are fragile enough (infeasible by margins below what
// float64 certifies; splitUndecided) that another path meets other failing
// LPs: the 2334 undecided LPs were that path's, not a broken relaxation's.
// With the ties broken by node.seq (made last first) the loop itself
// takes 19 903 nodes, 148 undecided LPs, optimal; two threads take
// 15 056 nodes, 79 undecided LPs, optimal.
//
// Speed-up on 2 cores, measured on a machine shared with other jobs (load
// average 12 to 17 on its 2 cores, so the wall times are those of a
// process competing for the cores, and noisy), with
// benchmarks/mipheur -cpu 30s, GOMAXPROCS=1 -threads 1 against
// GOMAXPROCS=2 -threads 2:
//
//	instance  threads  status      CPU s   wall s  nodes   wall speed-up
//	stein45   1        optimal     17.8    53.0    59373
//	stein45   2        optimal     17.2    27.4    48835   1.93
//	vpm2      1        optimal     19.6    106.1   11385
//	vpm2      2        optimal     25.7    62.9    13953   1.69
//	misc07    1        time limit  30      91.2    41759   (458 nodes per wall s)
//	misc07    2        time limit  30      66.0    45726   1.51 (693 nodes per wall s)
//	bell5     1        optimal     0.29    1.48    3697
//	bell5     2        optimal     0.55    1.26    4858    1.17
//
// The second thread costs nodes (a round's nodes are chosen without the
// incumbents and bounds of each other) and CPU on small trees; on trees of
// tens of thousands of nodes the wall time falls by a third to a half.
// At an equal budget of CPU time the second thread does not pay: with
// -cpu 20s on danoint, mas76, misc07, noswot, pk1, rout, stein45 and vpm2,
// one thread solves stein45 (16.6 s) and vpm2 (18.3 s), two threads
// neither (stein45 stopped at 44013 nodes, vpm2 at 12217).
//
// The 20 instances of ../shared/miplib3, 1 thread against 2, measured with
// benchmarks/mipheur -dir ../shared/miplib3 -cpu 20s on a machine shared
// with other jobs (commit e9279ad, before the ties of the node heap went by
// node.seq; the four runs one after the other):
//
//	limit       mipheur flags                          load    solved  shifted geomean (1 s) where both solve
//	20 s wall   -clock wall, GOMAXPROCS=2, -threads 1  8–16    5       4.69 s wall
//	20 s wall   -clock wall, GOMAXPROCS=2, -threads 2  13–16   5       3.63 s wall (dsbmip, fiber, khb05250, p2756, set1ch)
//	20 s CPU    GOMAXPROCS=1, -threads 1               13–15   8       2.17 s CPU
//	20 s CPU    GOMAXPROCS=2, -threads 2               5–8     7       1.80 s CPU (the 6 both solve)
//
// At 20 s of wall clock the second thread solved nothing more: under that
// load the process got about a fifth of a core (87 s of CPU over the 20
// solves of 1 thread, 81 s with 2), and the wall times carry noise of a
// third: dsbmip, solved at the root with no round at all, took 16.3 s on
// one thread and 12.6 s on two. The ratio 1.29 of the geometric means is
// not a speed-up that can be told from that noise. At 20 s of CPU two
// threads gained gesa2 (17.0 s, 26 535 nodes) and lost stein45 (one
// thread: 16.9 s, 53 136 nodes; two: 46 099 nodes at the limit) and vpm2
// (17.3 s, 11 555 nodes; two: 12 076 at the limit), as the runs above
// found: at equal CPU the second thread costs the nodes a round's tasks
// take without each other's bounds and incumbents, and the waiting at a
// round's end, which costs wall time, not CPU. That wait, from the log
// line "threads:" (2 threads, -cpu 8s): the longest task of each round
// summed to 32 655 nodes on mas76 for 47 841 nodes in the rounds, so 27 %
// of the two threads' time went waiting; pk1 19 %, stein45 16 %, vpm2
// 28 %. Plunges of different lengths make it: a round lasts as long as its
// longest plunge.
//
// The wall-clock runs again on the commit that breaks the heap's ties by
// node.seq, the load down to 4–5 (the two runs one after the other):
//
//	limit       mipheur flags                          load    solved  shifted geomean (1 s) where both solve
//	20 s wall   -clock wall, GOMAXPROCS=2, -threads 1  4–5     6       2.29 s wall
//	20 s wall   -clock wall, GOMAXPROCS=2, -threads 2  4–5     7       2.15 s wall (cap6000, dsbmip, fiber, khb05250, p2756, set1ch)
//
// Two threads solved stein45 besides (18.6 s of wall clock, 51 203 nodes;
// one thread stopped at 46 905), and took more nodes per wall second on
// the trees that ran to the limit (noswot 104 068 against 72 844, pk1
// 193 835 against 137 939, rout 33 001 against 22 953, misc07 18 606
// against 13 475; mas76 114 961 against 121 333). But the machine did not
// give them two cores: the 20 solves used 243 s of CPU with two threads
// against 220 s with one, a tenth more, so these runs show what a second
// thread does with the time other jobs leave, not the speed-up of two
// idle cores, which remains to be measured.
//
// Measured on two cores with nothing else running (commit 88d08da, the
// one-thread run beside a one-thread lpbench, each on a core of its own;
// the two-thread run alone), 20 s of wall clock per solve:
//
//	GOMAXPROCS=1 mipheur -dir ../shared/miplib3 -cpu 20s -clock wall -threads 1
//	GOMAXPROCS=2 mipheur -dir ../shared/miplib3 -cpu 20s -clock wall -threads 2
//
//	threads  solved  shifted geomean (1 s), the 11 both solve   CPU s, all 20 solves
//	1        11      3.04 s wall, 3.02 s CPU                   233
//	2        12      3.05 s wall, 3.79 s CPU                   316
//
// Two cores solve one more instance than one: mas76 (18.4 s of wall clock,
// 220 172 nodes; one thread stops at 220 623 nodes with the optimum and an
// open gap). The wall-clock speed-up is 1.38 on stein45, 1.46 on misc07,
// 1.13 on vpm2; cap6000 takes longer on two (9.0 s against 7.6 s: its tree
// of 2 000 nodes is too small for the rounds' waiting to pay), and the
// geometric mean over the instances both solve does not move, since most
// of them end at the root or in a few hundred nodes, before any round.
//
// The same measurement at commit 4e609f4 (cheaper nodes, longer plunges),
// both runs alone on the idle machine, one after the other:
//
//	threads  solved at 20 s (15 s)  shifted geomean (1 s), the 13 both solve   CPU s, all 20 solves
//	1        13 (12)                3.58 s wall, 3.59 s CPU                   214
//	2        13 (13)                3.56 s wall, 4.54 s CPU                   278
//
// One thread now solves pk1 and mas76 within 20 s too (17.5 s and 11.6 s
// of wall clock), so at 20 s the two solve the same 13 and no unsolved
// instance is within reach of the second core; at 15 s two threads solve
// one more (pk1, 12.3 s; the counts at 15 s are read from the same runs,
// whose searches do not depend on the limit until it stops them). The
// wall-clock speed-up is 1.43 on pk1, 1.40 on misc07, 1.35 on stein45 and
// 1.05 on vpm2; mas76 takes 12.6 s on two against 11.6 s on one (278 106
// nodes against 241 572: the rounds' plunges branch in another order),
// and the small trees lose 10–30 % to the rounds' start.
//
// The same measurement at commit 7b970d3 (cheaper conflict pool, c-MIR
// and Gomory separation, cheap sub-MIPs), one run after the other with
// nothing else on the machine:
//
//	threads  solved at 20 s  shifted geomean (1 s), the 13 both solve   CPU s, all 20 solves
//	1        13              2.99 s wall, 3.10 s CPU                   211
//	2        14              2.54 s wall, 3.29 s CPU                   261
//
// Two cores solve one more than one at 20 s of wall clock: qiu, in 12.9 s
// and 3 686 nodes, where one thread stops at 2 690 nodes with the optimum
// found and the gap open. qiu is at the edge for one thread: it needs
// 3 953 nodes, and lpbench's one-thread run of the same commit solved it
// in 18.9 s of CPU (benchmarks/lpbench/README.md, fifth run). The
// wall-clock speed-up is 1.73 on pk1, 1.47 on misc07, 1.55 on fiber and
// 1.13 on vpm2; 10teams takes longer on two (4.3 s against 3.7 s), and
// mas76 and stein45 gain little (1.03 and 1.08), their trees growing on two
// threads (278 106 and 51 292 nodes against 241 572 and 50 283). An earlier
// pair of runs of the same build, with other work beside the one-thread
// run, solved the same 13 and 14.
//
// The same measurement at commit d4bf2e3 (the pump before RENS at the
// root), one run after the other with nothing else on the machine:
//
//	threads  solved at 20 s  shifted geomean (1 s), the 13 both solve   CPU s, all 20 solves
//	1        13              2.67 s wall, 2.68 s CPU                   207
//	2        14              2.46 s wall, 3.19 s CPU                   274
//
// Two cores again solve qiu besides (17.4 s of wall clock, 3 686 nodes;
// one thread stops at 2 582). The wall-clock speed-up is 1.55 on misc07,
// 1.44 on pk1, 1.12 on cap6000 and 1.11 on mas76; stein45 and vpm2 take a
// little longer on two (13.6 s against 12.6 s, 3.6 against 3.5), 10teams
// is solved at the root on both (1.3 s).
//
// # Node throughput
//
// On instances whose tree is large and whose LPs are small (mas76: 12
// rows, five dual simplex iterations per node) the work of a node outside
// its simplex iterations weighs as much as the iterations. Removed from
// it, without changing the search (the same nodes,
// iterations and log, checked line by line on 16 of the shared instances):
// propagation skips rows that cannot tighten (see "Bound tightening"), the
// simplex keeps y and d across bound changes and checks its answer with the
// row activities it already summed (lp/simplex/doc.go), simple rounding
// skips the row check when neither rounded point beats the incumbent, and
// a node's lists of bound changes are allocated at their size. Minimum CPU
// seconds of three interleaved runs at a fixed node limit, one thread
// (benchmarks/mipheur -nodes N, GOMAXPROCS=1; machine loaded, load average
// 6 to 17 on 2 cores), before and after:
//
//	instance  nodes   before   after   after/before
//	mas76     20000    2.32     1.71      0.74
//	pk1       20000    2.22     2.18      0.98
//	misc07     4000    4.72     3.79      0.80
//	bell5      3687    0.244    0.235     0.96  (solved)
//	stein45   10000    2.57     2.25      0.88
//
// pk1 gains least: its nodes take eleven iterations each on 45 rows, and
// the iterations themselves (BTRAN, the pivot row, three FTRANs, the
// update) were only trimmed (an indirection and bounds checks per entry). All 30 shared instances at -cpu 10s, the two
// builds run side by side (load average 4 to 6): both solve the same 15;
// where the search stops at the limit, the nodes per CPU second rise by
// 16 % in geometric mean over the ten trees of 1000 nodes or more (mas76
// 6915 → 8889, misc07 891 → 1238, vpm2 593 → 735, harp2 490 → 739, pk1
// 9882 → 10542, stein45 3481 → 3799, rout 1559 → 1722, noswot 4166 →
// 4557, sp150x300d and gesa2 unchanged); cap6000 takes 6.3 s instead of
// 9.0 (the same 1588 nodes), and the small solved trees stay within the
// noise of a few hundredths of a second.
//
// A second round, again node for node the same search (logs compared on
// mas76, pk1, stein45, misc07, vpm2 and p2756): the node propagation keeps
// its rows' activities and moves them by the changed columns (see "Bound
// tightening"), the per-node scratch slices are reused, and each rounded
// point is rounded once; in the simplex, the pivot row and the reduced
// costs skip fixed nonbasic columns, the answer check reuses the sums the
// solution already made, and the LU update leaves no holes in U's order
// (lp/simplex doc.go). Minimum CPU seconds of three alternating runs of
// 100 000 nodes, one thread, idle machine (benchmarks/mipheur -nodes
// 100000, the build of commit bbf5fa0 against the merged builds):
//
//	instance  before  after  after/before
//	mas76      7.72    4.56     0.59
//	pk1        7.78    6.65     0.85
//
// pk1's nodes are mostly simplex iterations (eleven per node on 45 rows),
// which this round made only a little cheaper.
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
//     makes the answer unproven. A node whose LP point is integral within
//     IntTol but violates a row once rounded is split on a column whose
//     value is integral only within IntTol (a flow x ≤ u·y with y = 10⁻⁷
//     and x > 0), and dropped the same way when there is none. A
//     dropped node keeps its bound in BestBound, and when that bound lies
//     at or above the cutoff (it cannot beat the incumbent beyond the gap
//     tolerance) the answer is proven after all and the status is Optimal:
//     dsbmip, with the heuristics off, ended NumericalError with its
//     optimum and a closed gap because one such node had the optimum's own
//     bound (−305.198175); it now ends Optimal in 277 nodes.
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
// Before the last line come one-line summaries of what the search learnt:
// "conflicts: N learnt, N removed, N in the pool", "cliques: N from rows,
// N from probing, N clique cuts", "probing: N columns fixed" and
// "symmetry: N bounds tightened at the nodes", "tree LPs: N node LPs, N
// iterations; N strong-branching LPs, N iterations, N capped" (each only when its
// technique is on, the probing line only when it fixed a column, the
// symmetry line only when symmetry was found). With Options.Symmetry on,
// the root also writes "symmetry: N generators, N orbits over N columns,
// N orbit rows" (or "symmetry: none found") with the detection's work and
// seconds. Before the search, the root writes "root cuts: N cover (lifted
// B), N zero-half, N implied bound; N restarts" (with the cuts on; with
// Options.IntCuts on, ", N c-MIR and N GMI on general integers" comes
// before the restarts), and
// "restart N: ..." for each restart. With more than one thread the
// summaries include "threads: N (work per thread: n₁, …, n_N nodes; R
// rounds, their longest tasks L nodes)": the nodes each thread processed in
// the rounds, and the nodes of the longest task of each round summed
// (about 1 − Σnᵢ/(N·L) of the threads' time is spent waiting at the rounds'
// ends).
// Options.NoPresolve skips the root's bound propagation and coefficient
// tightening.
//
// # References
//
//   - L. A. Wolsey, Integer Programming, Wiley 1998, ch. 7 (branch and bound,
//     reduced-cost fixing) and ch. 8.
//   - T. Achterberg, T. Koch, A. Martin, Branching rules revisited, Operations
//     Research Letters 33 (2005) 42–54.
//   - T. Berthold, G. Gamrath, D. Salvagnin, Exploiting dual degeneracy in
//     branching, ZIB-Report 19-29, Zuse Institute Berlin 2019.
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
//   - J. Witzig, T. Berthold, S. Heinz, Experiments with conflict analysis
//     in mixed integer programming, CPAIOR 2017, LNCS 10335, 211–220.
//   - A. Atamtürk, G. L. Nemhauser, M. W. P. Savelsbergh, Conflict graphs in
//     solving integer programming problems, European Journal of Operational
//     Research 121 (2000) 40–55.
//   - F. Margot, Symmetry in integer linear programming, in: 50 Years of
//     Integer Programming 1958–2008, Springer 2010, 647–686; F. Margot,
//     Small covering designs by branch-and-cut, Mathematical Programming 94
//     (2003) 207–220.
//   - J. Ostrowski, J. Linderoth, F. Rossi, S. Smriglio, Orbital branching,
//     Mathematical Programming 126 (2011) 147–178.
//   - M. E. Pfetsch, T. Rehn, A computational comparison of symmetry
//     handling methods for mixed integer programs, Mathematical Programming
//     Computation 11 (2019) 37–93.
//   - C. Hojny, M. E. Pfetsch, Polytopes associated with symmetry handling,
//     Mathematical Programming 175 (2019) 197–240.
//   - L. Liberti, J. Ostrowski, Stabilizer-based symmetry breaking
//     constraints for mathematical programs, Journal of Global Optimization
//     60 (2014) 183–194.
//   - E. J. Friedman, Fundamental domains for integer programs with
//     symmetries, COCOA 2007, LNCS 4616, 146–153.
//   - B. D. McKay, Practical graph isomorphism, Congressus Numerantium 30
//     (1981) 45–87; B. D. McKay, A. Piperno, Practical graph isomorphism,
//     II, Journal of Symbolic Computation 60 (2014) 94–112.
//   - E. Balas, Facets of the knapsack polytope, Mathematical Programming 8
//     (1975) 146–164.
//   - Z. Gu, G. L. Nemhauser, M. W. P. Savelsbergh, Sequence independent
//     lifting in mixed integer programming, Journal of Combinatorial
//     Optimization 4 (2000) 109–129.
//   - A. Caprara, M. Fischetti, {0, ½}-Chvátal–Gomory cuts, Mathematical
//     Programming 74 (1996) 221–235.
//   - R. R. Meyer, On the existence of optimal solutions to integer and mixed
//     integer programming problems, Mathematical Programming 7 (1974) 223–235.
package mip
