// Package sim is the discrete-event simulation kernel shared by the RMTS and
// TPD simulators: an event heap with a clock, seeded random streams, arrival
// processes, Zipf-like popularity and a parallel replication runner that
// reports means with 95% confidence intervals.
//
// # Overview
//
//	Run(ctx, n, Options{Seed, Workers}, fn) ──▶ replication r: fn(ctx, Rep{r, Stream(seed, r)}) on a worker
//	    Rep.Rand ──▶ arrivals (Poisson, Burst), popularity (NewZipf) ──▶ Engine events
//	──▶ results in replication order ──Summarize / MeanCI──▶ mean ± 95% CI per metric
//
// A model's simulator schedules its events on an Engine (Schedule, After,
// RunContext) and draws every random number from the stream Run hands
// its replication, Rep.Rand = Stream(seed, r): inter-arrival times from
// NewPoisson or NewBurst, contents from NewZipf or NewCategorical. Run
// executes n replications on all cores and returns their results in
// replication order, with a *PartialError when a context stopped it
// (Finished keeps those that ran). Replicate runs replications that
// return metrics by name and summarises them (Summarize); MeanCI gives
// one metric's mean and interval. Package study runs sweeps of
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
// replication order. MeanCI reports x̄ ± t_{0.975,n−1}·s/√n, the two-sided
// 95% Student-t interval for the mean of n independent replications, with s
// the sample standard deviation (n−1 denominator); see Law, "Simulation
// Modeling and Analysis", 5th ed., §9.4.1.
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
