// Package tpd dispatches video sub-tasks from cameras to heterogeneous
// intermediate processing nodes (IPNs) and orders each IPN's queue, after
// paper 004 (TPD, tardiness-aware power-of-d), and measures the online
// dispatchers against valid lower bounds of the offline optimum.
//
// Everything follows spec MODELS.md section C; formula numbers are the
// paper's as reconstructed there.
//
// # Overview
//
//	model.json ──Parse──▶ Instance ──Build──▶ Scenario ──Plan(Request)──▶ []Experiment
//	Experiment ──Scenario.Run──▶ replication r: trace from stream r ──▶ Simulate per policy + bounds
//	           ──▶ Sample ──Aggregate──▶ ExperimentResult (means with CIs, bounds, gaps)
//
// Parse reads and validates an instance and Build turns it into a
// Scenario: the IPNs, the latencies and the workload modes. Plan expands a
// Request (modes, offered loads, policies, queue rule, bounds) into
// Experiments; Scenario.Run runs one, its replications on all cores, and
// Study runs a whole Sweep (a Request on an instance) through package
// study: shards, streamed records, merge and resume. Replication r draws a trace from stream r, simulates every
// policy on it (common random numbers) and computes the lower bounds the
// experiment asks for; Aggregate turns the Samples into an
// ExperimentResult. Each step also serves on its own: Simulate; the lower
// bounds LB0, LBSRPT, LowerBoundLP and LowerBoundLagrange; Exact, the
// time-indexed MILP of a small trace; Greedy and ImproveSchedule on the
// upper side; CheckSchedule for any schedule; Scenario.Export gives a
// trace's models to another solver. The sections below give the
// mathematics.
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
// Δ_info; optionally plus the dispatcher's own dispatches since then, which
// stops herding on stale state). PoD samples two IPNs uniformly and picks the fewer sub-tasks in
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
// The refresh instants are t_0 = 0, t_{j+1} = t_j + Δ_info up to the last
// release, but they are not engine events: IPN k's snapshot for instant t_j
// is taken when first needed after t_j — when a dispatch reads it, or just
// before an event changes k's state — and k's state has not changed since
// t_j, so it is the snapshot a refresh at t_j would have taken, bit for bit.
// The cost then follows the dispatches, not Δ_info (in an almost idle
// system most refresh instants see no dispatch at all).
//
// # Experiments (Scenario.Plan, Scenario.Run, Study)
//
// A Request (modes, offered loads, policies, bounds, seed) plans one
// Experiment per mode and load. Replication r of an experiment draws its
// trace from stream r of the request's seed, computes the bounds on it
// and runs every policy on the same trace from the same stream state
// (common random numbers): its Sample holds the bound metrics (Bounds)
// and each policy's (PolicyRun), and Scenario.Aggregate summarises the
// samples into an ExperimentResult, at the Request's Confidence level
// (95% by default). Because every policy of replication r saw the same
// trace and random numbers, Request.Compare's pairs (A, B) are reported
// as paired differences (ExperimentResult.Diffs): the mean and paired-t
// interval of the r differences A − B of each policy metric
// (study.Compare, the method in package sim), far narrower than two
// independent intervals when the policies respond alike to a trace.
// Study runs a Sweep (a Request on an
// instance) through package study: the experiments are its points and
// their replications its units, so a run shards, streams its records
// (a cell "bounds" and one per policy) and merges them back into the
// unsharded results; Scenario.Run is the study of one experiment.
//
// # Offline side
//
// LB0 (spec C.4) = Σ_m min_k (l_mk + p_mk). LBSRPT pools every slot into one
// preemptive machine of rate V = Σ_k Q_k v_k and runs SRPT from the releases
// r_m + min_k ω_{s_m k} (SRPT minimises Σ C_m on one preemptive machine,
// Schrage 1968), plus Σ_m min_k ω_{k,dst}. Each is ≤ OPT. They are not
// ordered: LB_SRPT runs each sub-task at the pooled rate V, so in light load
// it is far below LB0 (on the 20 random test instances it never exceeded
// LB0); it only wins under heavy load.
//
// The time-indexed model (spec C.3 (i)), CompileTimeIndexed, has y_mkt = 1
// when m starts on k in slot t of width Δ. With arrivals and durations
// rounded UP, every solution is a feasible schedule (Exact; exact when the
// data lie on the grid, since then an optimal schedule with integral starts
// exists). With them rounded DOWN the model is a relaxation: t = ⌊S/Δ⌋ of a
// true schedule respects ⌊S/Δ⌋ ≥ ⌊(r + ω_in)/Δ⌋, its cost Δ(t + ⌊p/Δ⌋) + ω_out
// − r ≤ C − r, and every sub-task counted in slot τ runs at the instant
// Δ(τ+1) − 0, so capacity holds. Its LP relaxation is therefore ≤ OPT.
// On small random traces the LP of the exact model is integral or nearly
// so: benchmarks/mipmodels/README.md measures it up to 60 sub-tasks.
// Columns whose cost alone would push the total over a known upper bound U
// (the greedy schedule) are pruned: c_mkt > U − Σ_{n≠m} min c_n cannot occur
// in an optimal solution (nor in the rounded image of one).
//
// Time arithmetic on the grid. The time-indexed models work in integer
// slot indices: a time in seconds becomes an index once (⌈x/Δ⌉ or ⌊x/Δ⌋,
// where x/Δ within 10⁻⁹ of an integer counts as that integer, so data on
// a decimal grid are not pushed a slot off by binary rounding: 0.015/0.005
// is 2.9999999999999996), indices are added as integers, and an index
// becomes seconds once, as Δ·t, never as a sum of times: 0.025 + 0.005 is
// 0.030000000000000002 in float64 but 0.005·6 is 0.03, and a schedule
// built by sums would end one ulp after the next start. So Exact's
// schedule starts at Δ·t and, when w_m/v_k lies on the grid, ends at
// Δ·(t + P_mk); its cost is then the model objective exactly. Indices are
// kept below 2⁵² (beyond it, ErrTooLarge), where float64 still holds
// every integer.
//
// Schedule tolerance. CheckSchedule compares times with a relative
// tolerance of 10⁻⁹: a and b are equal when |a − b| ≤ 10⁻⁹·max(1, |a|,
// |b|). A run that ends within it of another's start does not overlap it,
// and a start within it of the arrival is not early. Why this value:
// times computed from data in a few floating-point operations carry an
// error of a few ulps, about 10⁻¹⁶ relative, so 10⁻⁹ leaves seven orders
// of margin for schedules produced by any code; and it is far below the
// model's times (the campus scenario's smallest latency and grid step are
// 0.005 s, while 10⁻⁹ of a time of 10⁴ s is 10⁻⁵ s), so any real overlap
// or early start of the model's scale is reported.
//
// LowerBoundLP scales this by decomposition: OPT(all) ≥ Σ_j OPT(W_j) for
// any partition of the sub-tasks into groups W_j, because restricting an
// optimal schedule to W_j is feasible for W_j alone and the objective is a
// sum over sub-tasks. Each OPT(W_j) is bounded by max(LB0, LB_SRPT, LP) of
// W_j. The partition (cut where the greedy schedule is idle, at most
// WindowMaxTasks per group) affects only tightness, never validity.
//
// # Lagrangian bound for heavy load (LB_LAG)
//
// LB_LP needs windows of a few dozen sub-tasks to stay solvable, but the
// campus scenario has 640 slots: contention only appears among hundreds of
// overlapping sub-tasks, and a window always starts from an empty system,
// so at heavy load LB_LP collapses to LB0 (and the LP of a 1500-task
// window is out of reach: benchmarks/tpdrepro/README.md). LowerBoundLagrange bounds the
// whole trace at once through a relaxation R and its Lagrangian dual.
//
// Relaxation R (grid step Δ, resources c). IPNs of equal speed are pooled
// into one resource c with Q_c = Σ_{k∈c} Q_k slots (LagrangeOptions.PerIPN
// keeps one resource per IPN). Sub-task m may start on c in bucket t, i.e.
// at some S ∈ [Δt, Δ(t+1)), at cost
//
//	f_mct = min_{k∈c: Q_k ≥ q_m, A_mk ≤ t} max(r_m + ω_{s_m k}, Δt) + ω_{k,dst} + p_mc − r_m,
//	A_mk = ⌊(r_m + ω_{s_m k})/Δ⌋,  P_mc = ⌊p_mc/Δ⌋,
//
// and then occupies q_m units of c at the grid instants τ = t..t+P_mc−1:
//
//	min Σ f_mct y_mct  s.t.  Σ_{c,t} y_mct = 1 ∀m,  Σ_m Σ_{t=τ−P_mc+1}^{τ} q_m y_mct ≤ Q_c ∀c, τ,  y ∈ {0,1}.
//
// R ≤ OPT: map an optimal schedule to y (m on k ∈ c at S_m ↦ bucket
// t = ⌊S_m/Δ⌋). Then t ≥ A_mk because S_m ≥ r_m + ω_{s_m k}; C_m − r_m =
// S_m + p_mk + ω_{k,dst} − r_m ≥ f_mct because S_m ≥ max(r_m + ω_{s_m k}, Δt);
// and every sub-task counted at (c, τ) runs at the instant Δ(τ+1) − 0
// (S_m < Δ(t+1) ≤ Δ(τ+1) ≤ Δt + ΔP_mc ≤ S_m + p_mc), on an IPN of c, so
// their demand is ≤ Σ_{k∈c} Q_k. The image is feasible for R and costs at
// most OPT. Unlike the time-indexed model above, releases and durations are
// not rounded inside the cost, so L(0) = LB0 exactly. (As there, ⌊·⌋
// absorbs 10⁻⁹ of a slot of floating-point error.)
//
// Lagrangian. Dualising the capacity rows with λ ≥ 0 leaves one choice per
// sub-task:
//
//	L(λ) = Σ_m min_{c,t} [f_mct + q_m Σ_{τ=t}^{t+P_mc−1} λ_cτ] − Σ_{c,τ} Q_c λ_cτ.
//
// For EVERY λ ≥ 0, L(λ) ≤ cost of the image of an optimal schedule + Σ
// λ_cτ (usage_cτ − Q_c) ≤ OPT (weak duality: each sub-task's minimum is at
// most its image's column, and the image respects every capacity). So the
// bound is valid whatever the multipliers, however many iterations ran, and
// instants beyond the horizon (not dualised) are just λ = 0. The best λ
// attains the LP relaxation of R (Geoffrion 1974: each sub-task's
// subproblem is a choice among columns, whose convex hull is a simplex).
// Each evaluation scans start buckets from A_mk upwards with prefix sums of
// λ and stops once Δt + min ω_out + p − r alone exceeds the best column, so
// an iteration costs O(scanned columns + rows) and memory is O(M·K + rows).
// The multipliers follow the projected subgradient g_cτ = usage_cτ − Q_c
// with Polyak's step θ(L̂ − L(λ))/‖g‖², target L̂ = min(U, 1.05·best) for
// the greedy upper bound U; θ halves, restarting from the best λ, after 10
// iterations without progress (Held, Wolfe and Crowder 1974; Fisher 1981).
// On a 5000-sub-task campus trace at ρ = 0.95 with Δ = 0.02 s, 300
// iterations end 5·10⁻⁵ and 906 iterations 8·10⁻⁷ below the optimum of R's
// LP (waits capped at 50 buckets) that clp finds.
//
// Why a Lagrangian and not an LP solver: on that trace R's LP has 510 000
// columns, and at Δ = 0.005 s (tighter: the bound is 1368.8 s there
// against 1333.3 s at 0.02 s and LB0 = 1305.6 s) it is four times larger,
// while the Lagrangian's iteration stays linear in the trace (the timings
// are in benchmarks/tpdrepro/README.md). Smaller windows for LB_LP cannot
// help: no 40-sub-task window of a 640-slot system contends.
//
// # Refined bound for heavy load (LB_TIGHT)
//
// At heavy load the Lagrangian attains R's LP optimum (measured on a
// 5000-sub-task campus trace at ρ = 0.95, per IPN on Δ = 0.005 s: 1376.72
// after 300 iterations per phase, 1377.03 after 2126), so better multipliers
// (a bundle or volume method) could add at most a few hundredths of a
// percent there; the slack is R's own. Its main source is the grid: a run
// of p_mk covers ⌊p/Δ⌋ grid instants in R, about Δ/2 fewer than its length
// on average, so R sees about 1 % more capacity than there is at Δ = 0.005
// s — near saturation, where each percent of capacity moves the waits a
// lot. LB_TIGHT (BoundTight, LagrangeOptions.Refine = r) therefore runs
// the phases pooled on Δ, per IPN on Δ, then per IPN on Δ/2, …, Δ/2^r, each
// from the multipliers of the one before (an instant of the finer grid
// inherits the λ of the coarser instant that holds it, scaled by the ratio
// of the steps, so each run's price stays about the same), and returns the
// largest L(λ) seen in any phase. A phase hands on its best multipliers of
// its first 300 iterations (150 for a refining phase) whatever the
// iteration cap, and runs at least that many when another phase follows:
// every phase then starts from the same point whatever the cap, so a
// larger cap only adds iterations and never lowers the bound. (Handing on
// the multipliers of the last iteration made each later phase start from
// a point that depends on the cap, and a subgradient run from a better
// start can end lower: on RandomSmall seed 5, 20 iterations per phase gave
// 67.28 against 67.31 for 10.)
//
// Validity. The argument for R above holds for every grid step Δ > 0 and
// every grouping of the IPNs, so every phase's relaxation is ≤ OPT, every
// L(λ) of every phase is ≤ its relaxation's optimum (weak duality), and so
// is their maximum. The starting multipliers, the number of iterations and
// where a budget stops them change how high the bound gets, never its
// validity. On that trace, with 300 iterations per phase: 1376.65 (Δ),
// 1382.50 (Δ/2), 1384.59 (Δ/4), 1385.64 (Δ/8); each halving costs about
// twice the one before. The default of BoundTight (r = 3, and half the
// iterations in each refining phase, which starts near its optimum)
// reaches 1385.47 there in about the time of r = 2 with full phases.
// Means over three 5000-sub-task campus traces per load (tpdrepro
// heavybound; its times are in benchmarks/tpdrepro/README.md): at
// ρ = 0.95 LB_LAG 1367.23 s, LB_TIGHT 1384.25 s and the best schedule
// found 1399.24 s, so OPT lies in an interval of 1.08 % of the bound
// (TPD's 1592.18 s is 13.8–15.0 % above OPT); at ρ = 0.85 1313.87,
// 1320.39 and 1323.93 s, 0.27 %. Halving the
// grid further adds about half of the last step each time (5.85, 2.09,
// 1.05 s above), so R's limit is about 1 s above the Δ/8 value: most of
// the remaining 1 % is R's LP relaxation or the schedule, not the grid.
//
// Time budget. Request.BoundTimeLimit (solve tpd --bound-time-limit, else
// the instance's bounds.time_limit) is the budget of the bounds of one
// replication; the replication turns it into a deadline once, when its
// bounds start. LagrangeOptions.Deadline stops the iterations between two
// of them and returns the best L(λ) so far: a valid bound, at least
// L(0) = LB0 since the first iteration always runs. A replication gives
// LB_LP's windows the budget first (a window whose LP the deadline stops keeps its LB0/LB_SRPT
// bound, so LB_LP stays whole and valid) and LB_LAG what is left. A cut
// is never silent: LPBound.Cut counts the windows the budget left at their
// combinatorial bound, LagrangeBound.Stopped, Phases of Planned and
// LastIterations of LastCap say how far LB_LAG got, and
// ExperimentResult.BudgetCuts sums them up for the table and the JSON.
// With a budget, a larger iteration cap spends it sooner in the coarse
// phases, so the finer grids may be cut or skipped and LB_TIGHT may come
// out lower: BudgetCuts then says so.
//
// # Upper side
//
// The Lagrangian schedule (LagrangeOptions.Schedule) is a list schedule
// guided by the multipliers of each phase: the sub-tasks, in order of
// release or of the start bucket they choose in L(λ), each take the IPN k
// and earliest start S (the q_m earliest free slots, no earlier than the
// arrival) that minimise C_mk + q_m Σ_{τ=⌊S/Δ⌋}^{⌊S/Δ⌋+P_mk−1} λ_kτ: its
// completion plus the price of the capacity it takes from sub-tasks later
// in the list. It is feasible by construction whatever λ, so its total is
// an upper bound; the best over the phases and both orders is kept. (The
// plain greedy is the same list with λ = 0.) ImproveSchedule is a local
// search from any feasible schedule: the schedule is coded as one list per
// IPN in order of start, and a list is decoded by starting each sub-task
// on the q_m earliest free slots no earlier than its arrival. Decoding the
// lists of a feasible schedule never starts a sub-task later than it did
// (induction over the list: clipped at the current start, the decoded
// free times stay at or below the schedule's), so the search starts no
// worse than its input; it then moves a sub-task to another IPN (at the
// place of its arrival in that list or up to two places ahead) or swaps
// it with the next one in its list whenever that lowers the total.
// best_ub is the least total delay of every feasible schedule an
// experiment has: the greedy, the Lagrangian schedule (when LB_LAG runs)
// and every policy simulated; the optimum lies in [T_LB, best_ub].
//
// Greedy is the paper's "T_LB": a full-information greedy that puts each
// sub-task, in order, where it completes earliest given earlier commitments.
// It yields a feasible schedule, so it is an UPPER bound (spec C.4); it
// equals LB0 exactly when sub-tasks never interact (light load).
//
// T_LB = max(LB0, LB_SRPT, LB_LP, LB_LAG, LB_TIGHT) and (17) Gap = (T − T_LB)/T_LB, reported
// in percent; the paper-style gap against the greedy reference is reported
// next to it and can be negative.
//
// References: L. Schrage, "A proof of the optimality of the shortest
// remaining processing time discipline", Operations Research 16, 1968;
// J. P. Sousa and L. A. Wolsey, "A time indexed formulation of
// non-preemptive single machine scheduling problems", Math. Programming 54,
// 1992; A. M. Geoffrion, "Lagrangean relaxation for integer programming",
// Math. Programming Study 2, 1974; M. Held, P. Wolfe and H. P. Crowder,
// "Validation of subgradient optimization", Math. Programming 6, 1974;
// M. L. Fisher, "The Lagrangian relaxation method for solving integer
// programming problems", Management Science 27, 1981; U. Wieder, "Balanced allocations with heterogenous bins",
// SPAA 2007; M. Mitzenmacher, "The power of two choices in randomized load
// balancing", IEEE TPDS 12(10), 2001; spec MODELS.md C.
package tpd
