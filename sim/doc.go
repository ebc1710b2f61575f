// Package sim is the discrete-event simulation kernel shared by the RMTS and
// TPD simulators: an event heap with a clock, seeded random streams, arrival
// processes, Zipf-like popularity and a parallel replication runner that
// reports means with confidence intervals at a chosen level (95% by
// default), paired differences and a sequential stopping rule.
//
// # Overview
//
//	Run(ctx, n, Options{Seed, Workers}, fn) ──▶ replication r: fn(ctx, Rep{r, Stream(seed, r)}) on a worker
//	    Rep.Rand ──▶ arrivals (Poisson, Burst), popularity (NewZipf) ──▶ Engine events
//	──▶ results in replication order ──Summarize / MeanCI / PairedCI──▶ mean ± CI per metric at the level asked
//
// A model's simulator schedules its events on an Engine (Schedule, After,
// RunContext) and draws every random number from the stream Run hands
// its replication, Rep.Rand = Stream(seed, r): inter-arrival times from
// NewPoisson or NewBurst, contents from NewZipf or NewCategorical. Run
// executes n replications on all cores and returns their results in
// replication order, with a *PartialError when a context stopped it
// (Finished keeps those that ran). Replicate runs replications that
// return one value per named metric and summarises them (Summarize, over
// named columns); MeanCI gives one metric's mean and interval, PairedCI
// the interval of the difference of two policies run on the same streams. Package study runs sweeps of
// replications on top of Run. The sections below give the order of
// events, the streams, the processes and the statistics.
//
// # Event order
//
// Engine keeps pending events in a binary heap ordered lexicographically by
// (time, priority, insertion sequence). The sequence number makes the order
// total, so a simulation driven only by its inputs and its random stream
// replays identically: same seed, same output bytes.
//
// # Random streams
//
// Replication r of a run with seed s draws from Stream(s, r), a PCG
// generator (math/rand/v2) with state (s, r). Streams of different r are
// independent for practical purposes, and replication r's numbers do not
// depend on the number of workers or on which goroutine ran it.
//
// # Arrival processes
//
// Poisson draws inter-arrival times Exp(λ). Burst is a non-homogeneous
// Poisson process with a piecewise-constant rate λ(t); the next arrival
// after t is the smallest u with ∫_t^u λ(x) dx = E, E ~ Exp(1), found by
// walking the constant pieces (exact inversion, no thinning).
//
// # Popularity
//
// NewZipf(n, s) gives P(v) = v^(−s) / Σ_{u=1}^{n} u^(−s), v = 1..n, for any
// s ≥ 0. math/rand/v2's Zipf needs s > 1, but the VoD convention of Dan,
// Sitaram and Shahabuddin ("Zipf with θ = 0.271") has exponent 1 − θ < 1, so
// sampling goes through a cumulative table and binary search (inverse CDF).
//
// # Replications and confidence intervals
//
// Run executes n replications on all cores and returns their results in
// replication order. MeanCI reports the two-sided Student-t interval
// x̄ ± t_{(1+L)/2, n−1}·s/√n at level L (0.95 for 95%) for the mean of n
// independent replications, with s the sample standard deviation (n−1
// denominator); see Law, "Simulation Modeling and Analysis", 5th ed.,
// §9.4.1. The interval is exact for normal observations and approximate
// otherwise (a replication's output is itself a mean over a run, so close
// to normal by the central limit theorem). Summarize computes it for
// every named Column of values over replications, a NaN being a value a
// replication does not have.
//
// # Paired differences and common random numbers
//
// To compare two policies A and B, replication r of both draws from the
// same stream (the same trace, the same coin flips): common random
// numbers. The differences D_r = A_r − B_r are then independent across
// replications, and PairedCI reports the paired-t interval
// D̄ ± t_{(1+L)/2, n−1}·s_D/√n (Law §10.2.1). Its variance is
// Var(A) + Var(B) − 2·Cov(A, B), so when both policies respond alike to a
// trace (positive covariance, the usual case and the aim of common random
// numbers) it is narrower than the interval of two independent samples,
// Welch's t_{(1+L)/2, ν}·√(s_A²/n + s_B²/n) — the paired interval also has
// fewer degrees of freedom (n−1), so it can lose where the covariance is
// small. Pairing is by replication index: a pair with a value missing on
// either side is left out.
//
// # Sequential stopping
//
// A target half-width H instead of a fixed n is reached by sequential
// stopping (study.RunSequential): n₀ replications first, then, while the
// widest watched half-width h exceeds H, more, up to the least i > n with
// t_{(1+L)/2, i−1}·s/√i ≤ H in total, s = h·√n / t_{(1+L)/2, n−1} the
// standard deviation behind h (Law's approximate number of replications,
// §9.4.1: where the half-width would be if s stayed as it is), until
// h ≤ H or the cap; Summary's Widest is the h of a summary. The batch sizes follow the results, which
// do not depend on the workers, so a run is reproducible. Caveat: the
// stopping time depends on the data, so the final interval's coverage is
// below its nominal level for small n (a sample whose s happens to be
// small stops early); it approaches the level as H → 0 (Chow and Robbins,
// 1965; Law §9.4.1). Take n₀ of at least 10 or so, and when the
// coverage matters, rerun with the replications found and a new seed.
//
// # Cancellation and progress
//
// A run stops handing out replications once its context is done, and
// Engine.RunContext stops a simulation between two events (it looks every
// few thousand events), so a time limit or an interrupt ends a run within
// one look per worker. The replications that finished are still a valid
// sample (replication r always uses stream r): Run returns them with a
// *PartialError, and the mean and interval over them are reported with
// their count. Progress is a plain callback (done, total); the package
// draws nothing, so a library caller and a batch job get the same calls a
// terminal does.
package sim
