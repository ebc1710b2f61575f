// Package rrs is the request-routing problem RRS(N, M) of paper 003
// (J. Wan, C. Lin, X. Chen, K. Meng, "On the Optimal Request Routing
// Strategy in CDN Live Streaming Application", IEEE ICC 2011; spec
// MODELS.md section A).
//
// # Overview
//
//	model.json ──Parse──▶ Instance ──Solve(ctx, in, Options)──▶ Result
//	                        │ Validate, CheckFeasible (Proposition 1), Compile: qp.Problem
//	                        └─ method: qp | wolfe | kkt-milp | global (SolveGlobal); auto picks
//
// Parse reads and validates an instance (its JSON Schema is Schema). Solve
// checks it, compiles it into the quadratic program of package qp and runs
// one method (Options.Method, one of Methods): qp, the interior point, and
// wolfe, Wolfe's method, for a concave objective; kkt-milp, the KKT
// conditions as a MILP on a backend of package solve; global, the branch
// and bound SolveGlobal, whose search SearchFor picks; auto takes qp when
// the objective is concave and global otherwise. The Result holds the
// policy, the DC loads, each region's delays, the profit, the KKT check
// and, for a stopped run, the best bound. ExportModel gives the KKT-MILP
// as an lp.Model for another solver (CheckExport says beforehand whether
// there is one).
// Package multistage builds its stage policies on Solve.
//
// # Model
//
// N users, a share φ_j of them in region j, are routed to data centres:
// f_ij is the share of region j's users sent to DC i. DC i then serves
// x_i = N Σ_j φ_j f_ij users, runs at CPU utilisation θ_i = λ_i + ι_i x_i and
// answers in g_i = a_i θ_i + b_i ms; a user of region j served by DC i sees a
// delay d_ij = g_i + D_ij and brings revenue π_j(d) = π⁰_j − κ_j d minus the
// DC's cost c_i. The routing maximises
//
//	U(F) = Σ_ij N φ_j f_ij [π_j(d_ij) − c_i]
//	s.t.   Σ_j φ_j f_ij ≤ m_i = C_i / N,   Σ_i f_ij = 1,   f ≥ 0,
//
// with capacity C_i = min((Θ_i^max − λ_i)/ι_i, B_i). By Proposition 1 the
// problem is feasible iff Σ_i C_i ≥ N. Expanded, U is the quadratic
// ĉᵀf + fᵀAf with A = blockdiag(−(N² a_i ι_i/2)(u wᵀ + w uᵀ)), u_j = κ_j φ_j,
// w_j = φ_j: concave when every κ_j is equal (A is rank one per DC), and
// indefinite otherwise (spec A.5). Compile writes it as a qp.Problem; Solve
// runs one of the methods of package qp and reports the policy, the DC
// loads, the profit and the KKT identity check.
//
// # Ranges and sizes
//
// Validate refuses, for every method alike, data the methods cannot
// resolve numerically: delays (D_ij, a_i, b_i) beyond 1e5 ms, a revenue
// π⁰_j or cost c_i beyond 1e4 per user, a slope κ_j above 10 per ms
// (MaxDelayMS, MaxMoneyPerUser, MaxRevenueSlope). Each user's profit is
// π⁰_j − c_i − κ_j d_ij; the methods work to tolerances of 1e-7 and 1e-9
// relative to the largest coefficient, so a term more than about 1e6
// times the others leaves the profit below them (measured on the paper's
// scenario: every method solves 1e5 ms and 1e4 per user; wolfe and
// kkt-milp fail from 1e7 ms and 1e6 per user, and global's relaxations
// turn infeasible). Wolfe's method and the KKT-MILP also have absolute
// tolerances, so N times the largest per-user term is capped too
// (MaxProfitScale, 1e7: wolfe failed on 1e8 users at 1.7 per user).
// Validate also caps s and s·r (MaxDataCenters,
// MaxVariables); Solve refuses kkt-milp when its KKT system would exceed
// qp.MaxKKTNonzeros (s·r² Hessian entries) and wolfe when its dense
// tableau would exceed qp.MaxWolfeTableau, before building either.
//
// # Global optimum (method global)
//
// Two searches are built in: one branches on the DCs' shares with a
// Lagrangian bound ("Lagrangian bound" below, SearchShares); the other,
// described first, branches on the ranges of a scalar T_i per DC with an
// LP relaxation (SearchSecant). SearchFor chooses the shares search from
// s·r = 200 up, where it proves in seconds what the secant search leaves
// open after minutes, and the secant search below, where it closes 1e-6 in
// fewer nodes (the measurements, and planning sizes, are in
// benchmarks/rrsscale/README.md; the switch is sharesMinVars).
//
// With region-dependent slopes U is indefinite, but its non-convexity is
// low-rank: DC i contributes −α_i (uᵀf_i)(wᵀf_i), α_i = N² a_i ι_i ≥ 0,
// u_j = κ_j φ_j, w_j = φ_j, a product of two linear forms (wᵀf_i = y_i is the
// DC's share of users, in [0, min(m_i, 1)]). With unit vectors û, ŵ and
// β_i = α_i‖u‖‖w‖/4 the product is a difference of squares,
//
//	−α_i (uᵀf_i)(wᵀf_i) = −β_i S_i² + β_i T_i²,   S_i = (û + ŵ)ᵀf_i,  T_i = (û − ŵ)ᵀf_i,
//
// which is the eigen-decomposition of the block (spec A.5: eigenvalues
// −α_i(‖u‖‖w‖ ± u·w) along û ± ŵ). −β S² is concave; β T² is the whole
// non-concave part, one scalar per DC, and it vanishes as the slopes become
// uniform (û → ŵ). SolveGlobal is a spatial branch and bound over boxes
// T_i ∈ [L_i, H_i] (s dimensions; at the root, the range of T_i over
// f_i ≥ 0, f_ij ≤ 1, Σ_j φ_j f_ij ≤ min(m_i, 1), a continuous knapsack).
// The LP relaxation of a box maximises ĉᵀf − Σ β_i σ_i + Σ β_i τ_i over the
// RRS rows with
//
//	σ_i ≥ 2t S_i − t²                  (tangents of S²: at the ends and quartiles
//	                                     of S_i's range, and Kelley cutting planes
//	                                     kept in a pool, of which a node takes the
//	                                     8 on each side of its parent's S_i),
//	τ_i ≤ (L_i + H_i) T_i − L_i H_i     (the secant of T² on [L_i, H_i]),
//
// and a second bound on each DC's term, which at the root is the better one
// where the secant is loose: a column g_i carries the DC's term, with
// g_i ≤ −β_i σ_i + β_i τ_i and
//
//	g_i ≤ −α_i (Y P_i + K y_i − Y K)    (McCormick's envelope of P_i y_i on
//	                                     [0, Y] × [0, K], Y = min(m_i, 1), K = κmax·Y),
//	g_i ≤ −α_i κmin (2t y_i − t²)       (P_i ≥ κmin y_i, so P_i y_i ≥ κmin y_i²),
//	g_i ≤ −(α_i/κmax)(2t P_i − t²)      (y_i ≥ P_i/κmax, so P_i y_i ≥ P_i²/κmax),
//	g_i ≤ 0,
//
// P_i = uᵀf_i, y_i = wᵀf_i; s·r + 7s columns, solved through package solve.
// These bounds stay those of the root box, but they cut the root gap of a
// random 20 × 100 instance from 2.1e-2 to 1.6e-2, and the nodes the 12 × 7
// instance 43 of the models/rrs tests needs to close 1e-6 from 1 309 to 465.
//
// Validity: S² lies above each of its tangents and T² below its secant on
// [L_i, H_i], so every policy in the box, with σ_i = S_i² and τ_i = T_i²,
// satisfies the LP with the same objective (β_i ≥ 0; g_i = −α_i P_i y_i
// satisfies each bound on g_i); the LP optimum bounds
// the box's best profit from above (TestGlobalRelaxationIsValid checks it at
// random policies). Two halves of a range cover it. Bound tightening: with
// the row "LP objective ≥ incumbent" added (valid for every policy that
// beats the incumbent, since the LP overstates profits), minimising and
// maximising each T_i gives ranges outside which no better policy lies;
// every node is tightened so before it is split. These 2s LPs share one
// feasible set, so they run as a solve.Sequence: on the pure-Go simplex
// each starts from the previous one's basis.
//
// This is tighter than McCormick envelopes of the product y_i·(uᵀf_i)
// on a box of y_i: with y_i fixed, uᵀf_i still spans [min κ·y_i, max κ·y_i],
// so that envelope's error only shrinks linearly with y_i's range (a first
// version branching on y_i was far slower: benchmarks/rrsscale), while the
// secant's error is at most β_i (H_i − L_i)²/4 and quarters with each
// halving; it is also proportional to the non-concavity (β_i(H_i − L_i)² is
// small when the slopes are nearly uniform).
//
// QP relaxation: keeping −β_i S_i² exact instead of its tangents gives the
// concave QP
//
//	max ĉᵀf − Σ β_i S_i² + Σ β_i [(L_i + H_i) T_i − L_i H_i]   over the RRS rows,
//
// with L_i ≤ T_i ≤ H_i as rows below the root (at the root every policy
// lies in the box). Its objective lies above the profit at every policy
// of the box for the reason above. The interior point (qp.SolveConvex)
// solves it in one solve where the root LP, with s·r + 7s columns, is slow
// on the pure-Go simplex at 200 × 2 000 (timings in
// benchmarks/rrsscale/README.md), and qp.DualBound
// turns its answer into a proven bound (f ≤ 1 follows from the assignment
// rows), whether or not the solve converged. It lacks the product bounds,
// so it is the weaker of the two where both are solved (root gap 2.0e-2
// against the LP's 1.6e-2 on a random 20 × 100 instance); SolveGlobal
// uses it as the root's bound until the root LP lowers it
// (TestGlobalQPRelaxationIsValid checks it at local maxima).
//
// Search: a local solve (qp.SolveLocal) from the uniform policy gives the
// first incumbent before any LP, so that a search stopped inside the root
// still answers. Nodes are explored best bound first; a node's LP point is
// a policy, and when it beats the incumbent (and at the root) a local solve
// polishes it into a KKT point, the incumbent. A node is
// split on the DC with the largest secant error β_i(τ_i − T_i²) at the LP
// point, at the LP's T_i kept within the middle 60 % of the range, so the
// ranges shrink geometrically and the bounds converge to the profit. A node
// is closed when its bound is within the gap of the incumbent; the search
// stops when (max open bound − profit)/max(1, |profit|) ≤ the gap (default
// 1e-6). Status "optimal" means that gap was proven; a limit reports the
// best policy with the bound and gap reached. The bounds are LP optima
// verified by package solve (residuals below 1e-7 scaled), so the proven gap
// carries that tolerance.
//
// # Lagrangian bound (method global from s·r = 200)
//
// The only rows that couple the DCs are the r assignment rows
// Σ_i f_ij = 1. Pricing them at μ_j splits the rest into one problem per DC,
//
//	v_i(μ) = max (ĉ_i − μ)ᵀf_i − α_i (uᵀf_i)(wᵀf_i)   s.t.  wᵀf_i ≤ min(m_i, 1), 0 ≤ f_i ≤ 1,
//
// and L(μ) = Σ_j μ_j + Σ_i v_i(μ) is an upper bound on the profit of every
// policy, for every μ (weak duality: at a policy the priced rows vanish).
// Each v_i is solved to a tolerance without a grid (dcoracle.go): in the
// users' shares z_j = φ_j f_ij, for a fixed share y = Σ_j z_j the objective
// Σ_j (r_j − α κ_j y) z_j, r_j = (ĉ_ij − μ_j)/φ_j, is linear, a continuous
// knapsack solved greedily; over a range y ∈ [a, b] two bounds hold,
//
//	Σ_j (r_j − α a (κ_j + κmin)) z_j + α κmin a²  over a ≤ Σz ≤ b
//	                                   (P y ≥ a P + κmin a (y − a), P = κᵀz ≥ κmin y),
//	(1 − t) G(y, c(a)) + t G(y, c(b)),  t = (y − a)/(b − a)
//	                                   (G(y, c), the knapsack's value, is convex in c,
//	                                    and c(y) = r − α κ y is affine in y),
//
// and bisecting y best bound first closes the gap to the tolerance; the
// second bound is exact wherever the greedy order does not change across
// the range, so it converges much faster than the first (a first version
// with only the first bound needed more than 400 bisections per DC near
// the optimum of the dual). Every knapsack's maximiser is a policy of the
// DC and gives a lower bound and a cut.
//
// L is convex and piecewise smooth in μ; it is minimised by a
// box-stabilised cutting-plane method (lagrange.go): each evaluation adds,
// per DC, the cut θ_i ≥ (ĉ_i − μ)ᵀf_i − α_i P y of the policy it found,
// an LP master over (μ, θ) within a box around the best μ proposes the
// next prices, and the centre moves when L falls by a tenth of the
// predicted decrease. The master is an LP of r + s columns solved warm by
// the pure-Go simplex (cuts enter as rows; those it no longer weighs are
// dropped when it grows past 2(r + s) + 20 s rows). It only proposes
// prices: every reported bound is an evaluated L(μ), valid whatever the
// master does, so the master needs no verification. The root starts from
// the multipliers of the QP relaxation's assignment rows.
//
// The dual closes most of the gap at the root (on the random 20 × 100
// instance of TestGlobalStoppedReportsGap, 1.2e-4 where the QP relaxation
// leaves 2.6e-2; benchmarks/rrsscale/README.md compares it with the secant
// search over time), and
// its optimum is no weaker than any relaxation that over-estimates each
// DC's term on its own, the LP and QP relaxations included
// (TestLagrangianBound checks it against both). What is left is the
// duality gap: at the optimal prices a DC may be indifferent between
// policies of different shares, and the convex combination the master's
// duals put on them is feasible for the convexified problem only. The
// search therefore branches on the shares (lagsearch.go): a node
// restricts every y_i to a range [yLo_i, yHi_i], which only narrows each
// oracle's bisection, and starts from its parent's prices and the cuts
// whose policies lie in its ranges. It splits the DC whose combination
// has the largest α_i κmin · variance of the combined shares, at their
// mean (kept in the middle 80 % of the range). The combined policy is
// offered to the local solve at every node, which yields the incumbents.
// The search over shares solves no LP of the proof, so its answers carry
// no solve.Audit; TestDCOracle and TestLagrangianBound check its bounds
// against independent evaluations and local optima.
//
// # Reported figures
//
// Figures are compared to CompareTol = 1e-6 relative (of max(1, |profit|)),
// the default gap of the global method: the methods stop at tolerances
// of 1e-7 to 1e-9, and a KKT point may violate a capacity by about 1e-9,
// so its profit may exceed the optimum of the exact rows by as much. The
// profit printed is that of the printed policy (shares below 1e-9 set to
// 0), evaluated from the instance; the identity ½(ĉᵀf + mᵀμ + 1ᵀγ) agrees
// with it to CompareTol at a KKT point (its difference is printed). A
// bound is never reported below the printed profit: one computed a hair
// below it (within the tolerances) is raised to it, which keeps it an
// upper bound on the optimum, and the gap is recomputed from the two
// printed figures (TestReportedFiguresAgree).
//
// # KKT-MILP multiplier bounds
//
// Method kkt-milp passes qp.SolveKKTMILP bounds on the multipliers derived
// from the data (bigm.go) instead of a guessed big-M grown tenfold: at a
// maximiser x*, (μ, γ, η) are optimal duals of the LP max ∇U(x*)ᵀf over the
// RRS rows; shifting all μ_i down by t changes that dual's objective by
// t(1 − Σm_i) ≤ 0, so some optimal dual has min μ = 0, and then
// μ_i ≤ max_j (max_i g'_ij − min_i g'_ij) with g'_ij = ∂U/∂f_ij / φ_j bounded
// over the feasible set (every entry of Q is ≤ 0, so ĉ_ij/φ_j bounds it
// above, and ĉ_ij/φ_j − α_i(κ_j + κ_max)H_i below). γ and η follow from
// stationarity. The MILP then contains that maximiser's KKT point. How
// large a non-concave instance it solves on lp/mip is measured in
// benchmarks/mipmodels/README.md.
package rrs
