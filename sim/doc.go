// Package sim is the discrete-event simulation kernel shared by the RMTS and
// TPD simulators: an event heap with a clock, seeded random streams, arrival
// processes, Zipf-like popularity and a parallel replication runner that
// reports means with 95% confidence intervals.
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
