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
package rrs
