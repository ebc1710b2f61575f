// Package shard splits a replicated sweep into shards that need no
// coordination, and writes and reads the raw per-replication records that
// let the shards be merged back into the unsharded run. Package study runs
// a model's units on top of it: its Run selects a shard's units and
// streams them to a Writer, its Merged reads a Merge back into the model's
// typed samples.
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
// A record file is JSON Lines: one header line (kind "header": the format
// version, the command, the program version, the SHA-256 of the canonical
// instance JSON, the instance itself, the command's grid, the
// replications of every point, the cells recorded per unit, the metrics
// every record of each cell carries, the shard) and one line per (point,
// cell, replication) (kind "record") with exactly the metrics its cell
// declares. A file name ending in ".gz" is gzip-compressed. Metric values
// are JSON numbers in the shortest form that reads back to the same
// float64, so a merge sees the bits the run computed; NaN and ±Inf, which
// JSON numbers cannot hold, are the strings "NaN", "+Inf" and "-Inf".
//
// A Writer streams the file: the records of each finished unit are
// written together and flushed (a gzip stream with Flush, so every
// complete line reads back from the disk) into FILE.partial, which Close
// renames to FILE. A killed run leaves FILE.partial with every unit it
// finished, possibly followed by a cut line; Resume keeps its whole units
// and continues it. An old FILE stays untouched until a run ends.
//
// Readers check every line as it arrives: a compressed stream is read to
// its end (its checksum), a cut file (ErrTruncated) is refused except by
// Resume, blank lines and records beyond the grid are capped, and reading
// stops with its context. Merge checks that every file comes from the same
// command, version, instance and grid, that its plan fits MergeBudget
// before storing anything, and that every (point, replication) has its
// records exactly once; it refuses a record repeated within a file at
// that line, so its memory follows the valid records read.
package shard
