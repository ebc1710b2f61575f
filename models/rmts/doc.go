// Package rmts simulates request-migration task scheduling for video on
// demand (paper 000; spec MODELS.md section B) and its baselines, and
// bounds every online policy by the offline optimum of the same trace.
//
// # Overview
//
//	model.json ──Parse──▶ Instance ──Build──▶ Scenario
//	Experiment ──Scenario.Run (Plan, then study.Run)──▶ unit (rate ξ, trace r):
//	    Trace from stream r, OfflineBound when asked, Simulate per (policy, α) cell
//	──▶ TraceSample ──▶ ExperimentResult (per point: means with CIs, gap to the bound)
//
// Parse reads and validates an instance; Build resolves it into a
// Scenario: servers, placement, topology, popularity. An Experiment is a
// replicated sweep over arrival rates ξ and weights α; Scenario.Run
// resolves its defaults into cells (Plan) and runs it through package
// study, one unit per (rate, trace). A unit draws its trace (Trace, from
// stream r), solves the trace's offline LP bound when asked
// (OfflineBound; CompileBound and ExportBound give the model itself) and
// simulates every cell on it with Simulate. Study, whose request is a
// Sweep (SweepOf, PlanSweep), is the same run for a caller that shards or
// records it, as solve rmts does. ReplicaCounts and PopularityPlacement
// are the placement of spec B.7 on their own. The sections below give
// the model, the policies and the mathematics of the bound.
//
// # Model
//
// K servers with capacity L (concurrent streams) store contents by a static
// placement H (spec B.7: popularity-proportional replica counts r_v and a
// greedy load-balancing placement, or explicit holders). Requests arrive as
// a Poisson process of rate ξ per minute; content v has popularity
// p_v ∝ v^{−(1−θ)} and plays for its duration. A served stream occupies one
// slot of its server until it ends; migrating it moves it to another holder
// of its content and keeps its end time.
//
// # Policies
//
//   - RMTS (B.2–B.5): below L_th serve at the least-loaded holder; else
//     pick P* = argmin mp(P) = α·λ + (1−α)·σ(P) over the valid paths of
//     ω(S*) (σ is the load variance (3) after the terminal gains a stream),
//     and migrate with probability p = 1/(1 + B·exp(−e^{−λ}(l − L_th)))
//     (forced, p = 1, when the origin is full).
//   - REM (Zhao & Kuo 2005): at the least-loaded holder S, migrate with
//     probability min{1, (l_S − Min_th)/(Max_th − Min_th)} along the
//     shortest valid path from S (λ ≤ Γ−1).
//   - DASD dancing: serve where there is room; when every holder is full,
//     the breadth-first shortest chain (λ ≤ Γ−1) from any holder. An
//     optional proactive mode (below) also balances loads between events.
//   - Last-minute: the same with one step only (policy.last_minute_hops).
//   - Max-flow: the same with unbounded chains, i.e. an augmenting path.
//     It admits a request exactly when the active requests plus the new
//     one can be assigned to holders within capacity (package graphpaths),
//     so it is the exact online reference for admission.
//
// # DASD dancing's proactive mode
//
// Spec B.6 names an optional proactive mode of DASD dancing, off by
// default: also move one stream along an edge whenever the load difference
// across that edge is at least δ (δ = 4 in the spec). It is on when
// policy.dasd_proactive_delta = δ ≥ 2 (0 or absent: off; RunOptions and
// the command line can override it). Precisely, after every event
// (arrival, departure or server failure, once the event itself has been
// handled), repeat:
//
//  1. Among the migration-graph edges (u, v) (u and v adjacent, i.e.
//     sharing a content and linked by the topology, both in service) with
//     l_u − l_v ≥ δ on which u serves at least one stream of a content in
//     H_u ∩ H_v, take the one with the largest l_u − l_v (ties: lowest u,
//     then lowest v). If there is none, stop.
//  2. Move from u to v the stream of a shared content with the longest
//     remaining playback (ties: lowest request id), the same choice as a
//     hop of a migration path (B.3). It keeps its end time, adds one to
//     its move count and counts as one migration (Result.Migrations, and
//     Result.ProactiveMoves on its own). It adds no service delay: the
//     stream is already playing.
//
// with at most K moves (the number of servers) per event; a rebalancing
// cut short by this cap is counted in Result.ProactiveCapped and continues
// after the next event.
//
// A move keeps every invariant: l_v ≤ l_u − δ ≤ L − 2 < L, so v has room,
// and v stores the moved stream's content. It terminates even without the
// cap: a move with difference d = l_u − l_v ≥ δ changes Σ_k l_k² by
// (l_u − 1)² + (l_v + 1)² − l_u² − l_v² = −2(d − 1) ≤ −2(δ − 1) < 0, and
// Σ_k l_k² is a non-negative integer, so one event makes at most
// Σ_k l_k² / (2(δ − 1)) ≤ K·L²/2 moves. With δ = 1 a move across a
// difference of 1 would leave Σ l² unchanged and could be undone by the
// next one (ping-pong), which is why δ ≥ 2 is required.
//
// The mode applies to DASD only: the other policies ignore the parameter,
// so that one instance can compare all of them. It is inactive when Γ < 2,
// because Γ = 1 tolerates no migration at all. Every run reports the
// time-averaged load variance of spec B.4, (1/(T−W)) ∫_W^T σ(t) dt with
// σ = (1/K) Σ_k (l_k − l̄)² over the K servers in service (all of them
// unless one failed: a failed server's zero load would swamp the measure),
// window [W, T] = [warm-up, horizon] (MetricLoadVariance), which is
// what the mode lowers.
//
// Failure migration (B.5) moves each stream of a failed server to the
// least-loaded holder with room, else along a valid path, else terminates
// it. Metrics: success rate μ = served/arrived, mean delay T̄ = Σ(λ_i+1)/N
// in units of τ, migrations per request and failure terminations, over the
// arrivals after the warm-up (and MetricSuccessAll from empty).
//
// The service delay is a metric only: a stream starts playing at its
// arrival, so its end time is arrival + duration whatever its path.
//
// # Experiments
//
// An Experiment (Scenario.Run) is a study of package study, Study with its
// request Sweep: one unit per (rate, trace), trace r drawn from stream r
// of the seed; a unit solves the trace's offline LP bound when asked and
// simulates every (policy, α) cell of its rate on the trace (common
// random numbers), so its sample, a TraceSample of typed RunMetrics, does
// not depend on the shard or worker that runs it. Every point reports
// each metric's mean with its Student-t interval at Experiment.Confidence
// (95% by default); Experiment.Compare adds, per pair of policies (A, B),
// the paired differences A − B over the traces (Diff), whose interval is
// narrower than that of two independent means when the policies respond
// alike to a trace (package sim's documentation has the method).
//
// # Offline optimum and its LP bound
//
// For a finite trace of requests i with arrival a_i, end e_i = a_i + d_i
// and content c_i, let H(c) be its holders. Any online policy keeps, at every
// instant t, each active admitted request at some holder of its content,
// with at most L streams per server. Hence the admitted set A satisfies, for
// every t, the transportation (bipartite b-matching) condition
//
//	∃ g_{c,s} ≥ 0:  Σ_{s∈H(c)} g_{c,s} = |{i ∈ A : c_i = c, a_i ≤ t < e_i}|,
//	                Σ_c g_{c,s} ≤ L  for every server s.
//
// Conversely, with free instantaneous migration any set satisfying the
// condition at every t can be served: the condition says a feasible
// assignment exists at each instant, and moving streams between instants
// is free. So
//
//	OPT = max Σ_i x_i  s.t. the condition holds with demands Σ_{i active at t, c_i=c} x_i,
//	      x_i ∈ {0, 1}
//
// is the largest number of requests any policy, online or offline, could
// admit; its LP relaxation (0 ≤ x_i ≤ 1) is an upper bound on OPT, and so on
// every online policy's admitted count. The active set changes only at
// arrivals and departures and grows only at arrivals, so it is enough to
// impose the condition just after each arrival that is followed by a
// departure (or a failure, or the end): every other instant's active set is
// a subset of one of these. Aggregating streams by content keeps the model
// at Σ_c |H(c)| flow columns per instant. The integer program is exact
// because for integral demands the transportation polytope is integral
// (the constraint matrix is an interval/network matrix).
//
// Server failures: a request admitted before a failure may be terminated by
// it, so at an instant t only the requests that arrived at or after the last
// failure before t are constrained (on the servers still in service); the
// others are dropped from the condition. Dropping constraints keeps the
// bound valid. Topology restrictions only restrict online policies, so the
// bound ignores them.
//
// References: spec MODELS.md B.1–B.7; Zhao & Kuo, Multimedia Systems
// 10(4):302–316, 2005 (REM); Wolf, Yu & Shachnai, SIGMETRICS 1995 (DASD
// dancing); Schrijver, Combinatorial Optimization, §21 (b-matchings) and
// §19 (total unimodularity of network matrices).
package rmts
