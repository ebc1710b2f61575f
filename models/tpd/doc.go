// Package tpd dispatches video sub-tasks from cameras to heterogeneous
// intermediate processing nodes (IPNs) and orders each IPN's queue, after
// paper 004 (TPD, tardiness-aware power-of-d), and measures the online
// dispatchers against valid lower bounds of the offline optimum.
//
// Everything follows spec MODELS.md section C; formula numbers are the
// paper's as reconstructed there.
//
// # Model
//
// IPN k has Q_k parallel slots of speed v_k frames/s. Sub-task m is released
// at camera s_m at time r_m with w_m frames, needs q_m slots, reaches IPN k
// after ω_{s_m k}, runs p_mk = w_m/v_k non-preemptively and reaches the
// destination ω_{k,dst} later. The offline problem (1)–(9) minimises the
// total delay T = Σ_m (C_m − r_m) with C_m = S_m + p_mk + ω_{k,dst},
// S_m ≥ r_m + ω_{s_m k}, and at most Q_k slots busy on k at any instant.
//
// # Online dispatchers (Simulate)
//
// TPD: apparent speed (10) v'_ik = v_k / (1 + v_k(ω_ik + ω_{k,dst})/w̄);
// sampling distribution (11) F_ik = v'_ik / Σ_l v'_il over the eligible set
// K_m = {k : Q_k ≥ q_m}; α = |K_m| min F, β = |K_m| max F and (14)
// f(α, β) = ln((β−α)/(1−α)) / ln((β−α)/(β(1−α))), the number of choices that
// keeps a heterogeneous 1-out-of-d allocation balanced (Wieder, SPAA 2007);
// d = min(|K_m|, max(2, ⌈(1+ε) f⌉)) distinct IPNs are drawn by successive
// weighted draws, and (15) picks argmin ω_ik + Ŵ_k + w_m/v_k + ω_{k,dst},
// with Ŵ_k the expected wait from the last state snapshot (taken every
// Δ_info). PoD samples two IPNs uniformly and picks the fewer sub-tasks in
// system; CRO samples two and picks the shorter routing latency; RND picks
// one uniformly.
//
// Queue disciplines: (16) MDD starts argmin_i max(D_i − ω_{k,dst}, t + p_ik),
// which is EDD for sub-tasks still on time and SPT for those at risk; EDD;
// FCFS. MDD runs in O(log n) per operation with three heaps (on-time items by
// modified due date, at-risk items by processing time, and a threshold heap
// by D_i − ω_{k,dst} − p_ik that moves items from the first to the second as
// time passes).
//
// The simulation runs on package sim's event engine. Event order at equal
// times: slot releases, arrivals at IPNs, the state refresh, new sub-tasks.
//
// # Offline side
//
// See bounds.go: LB0, LB_SRPT, the time-indexed MILP and its LP relaxation
// with rounded-down data (LB_LP), the greedy reference (an upper bound), and
// Gap (17) = (T − T_LB)/T_LB.
//
// References: U. Wieder, "Balanced allocations with heterogenous bins",
// SPAA 2007; M. Mitzenmacher, "The power of two choices in randomized load
// balancing", IEEE TPDS 12(10), 2001; spec MODELS.md C.
package tpd
