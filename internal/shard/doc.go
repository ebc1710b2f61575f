// Package shard splits a replicated sweep into shards that need no
// coordination, and writes and reads the raw per-replication records that
// let the shards be merged back into the unsharded run.
//
// # Units and shards
//
// A sweep is a list of points (sweep values: a load ρ, an arrival rate ξ,
// a number of users N), point p with R_p replications. Its units are the
// pairs (p, r), flattened in their natural order
//
//	k = Σ_{q<p} R_q + r,   r = 0, …, R_p − 1,
//
// and shard i of n (Spec{Index: i, Count: n}) runs the units with
// k mod n = i. Replication r of a point always draws from random stream r
// of the point's seed (sim.Stream), whichever shard runs it, so the union
// of the n shards is exactly the unsharded run, and summaries computed over
// the replications in the order r = 0, …, R_p − 1 are the same numbers.
// Round-robin keeps the shards balanced when the cost of a replication
// grows with the point (a load sweep).
//
// # Record files
//
// A record file is JSON Lines: one header line (kind "header": the command,
// the program version, the SHA-256 of the canonical instance JSON, the
// instance itself, the command's grid, the replications of every point,
// the cells recorded per unit, the shard) and one line per (point, cell,
// replication) (kind "record") with every metric of that replication. A
// file name ending in ".gz" is gzip-compressed. Metric values are JSON
// numbers in the shortest form that reads back to the same float64, so a
// merge sees the bits the run computed; NaN and ±Inf, which JSON numbers
// cannot hold, are the strings "NaN", "+Inf" and "-Inf".
//
// Merge checks that every file comes from the same command, version,
// instance and grid, and that every (point, replication) has its records
// exactly once.
package shard
