// Package rrs is the request-routing problem RRS(N, M) of paper 003
// (J. Wan, C. Lin, X. Chen, K. Meng, "On the Optimal Request Routing
// Strategy in CDN Live Streaming Application", IEEE ICC 2011; spec
// MODELS.md section A).
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
// # Global optimum (method global)
//
// With region-dependent slopes U is indefinite, but its non-convexity is
// low-rank: DC i contributes −α_i z_i y_i with α_i = N² a_i ι_i ≥ 0,
// y_i = Σ_j φ_j f_ij (its share of users, in [0, min(m_i, 1)]) and
// z_i = Σ_j κ_j φ_j f_ij, so there are s bilinear terms whatever r is.
// SolveGlobal is a spatial branch and bound over boxes of the 2s scalars
// y_i ∈ [L_i, H_i] and k̄_i = z_i/y_i ∈ [k_i, k_i + δ_i] (DC i's mean
// slope; at the root [min κ, max κ], and y_i ≥ 1 − Σ_{k≠i} min(m_k, 1)).
// Writing e_i = z_i − k_i y_i, the slope box says 0 ≤ e_i ≤ δ_i y_i
// (linear), and z_i y_i = k_i y_i² + e_i y_i. The LP relaxation of a box
// replaces y_i² by q_i ≥ 2t y_i − t² (tangents, at the box's ends and
// quartiles and at points added by Kelley's cutting planes) and e_i y_i by
// p_i with the McCormick inequalities for e_i ∈ [0, E_i], E_i = δ_i H_i,
// y_i ∈ [L_i, H_i]:  p_i ≥ L_i e_i,  p_i ≥ E_i y_i + H_i e_i − H_i E_i
// (G. P. McCormick, Math. Programming 10, 1976), and maximises
// ĉᵀf − Σ α_i (k_i q_i + p_i) over the RRS constraints. It has s·r + 4s
// columns.
//
// Validity: y² is convex, so each tangent lies below it; (e − 0)(y − L) ≥ 0
// and (E − e)(H − y) ≥ 0 on the box give the two McCormick rows. Hence any
// policy in the box, with q_i = y_i² and p_i = e_i y_i, satisfies the LP
// with the same objective (α_i k_i ≥ 0, α_i ≥ 0), and the LP optimum is an
// upper bound on the box's best profit (checked by TestGlobalRelaxationIsValid).
// Splitting a range at an interior point covers the box by the two halves.
// Convergence: the McCormick error is at most (H_i − L_i)E_i/4 and the
// tangent error at most k_i((H_i − L_i)/8)²; both vanish as the ranges
// shrink, and every split stays in the middle 60 % of a range, so the
// bounds converge to the profit. The method splits the DC with the largest
// relaxation error α_i(k_i y_i² + e_i y_i − k_i q_i − p_i) at the LP point,
// on whichever of its two ranges is the wider relative to the root, at the
// LP's value; the LP policy is feasible for RRS, and when it beats the
// incumbent (and at the root) a local solve (qp.SolveLocal) polishes it into
// a KKT point. Nodes are explored best bound first and closed when their
// bound is within the gap of the incumbent; the search stops when
// (max open bound − profit)/max(1, |profit|) ≤ the gap (default 1e-6).
// Status "optimal" means that gap was proven; a limit reports the best
// policy with the bound and gap reached. The bounds are LP optima verified
// by package solve (primal and dual residuals below 1e-7 scaled), so the
// proven gap carries that tolerance. Branching on y alone would not do:
// with y fixed, z still spans [min κ·y, max κ·y] and the McCormick error
// only shrinks linearly, which left 6 × 8 instances open after 10 s.
package rrs
