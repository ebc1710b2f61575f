// Package study runs replicated sweeps of any model: the pipeline from a
// request to its result, written once for every swept model.
//
// # Overview
//
//	request Q ──Study.Shape──▶ units (point × replication) ──shard i/n──▶ units run
//	    │                                                        │
//	Study.Plan ──▶ Plan.Run(unit) ──▶ sample S ──▶ records (shard.Writer, flushed per unit)
//	                                      │                      │
//	                                      │              shard.Merge of record files
//	                                      ▼                      ▼
//	                         Plan.Aggregate(finished samples) ──▶ result R
//
// A model implements Study (its name, its instance, how a request is
// read back from a record header, the shape of a request and its plan)
// and Plan (run one unit, the records of a sample and back, aggregate).
// The request is a struct whose JSON is the record header's grid; a
// sample's cells are structs whose fields carry `record:"name"` tags.
// Run runs the units a shard selects, streaming each finished unit to
// the record file and skipping those a resumed file holds; Merged reads
// merged record files back into the same Aggregate, so a sharded or
// resumed run gives the unsharded result. A Registry maps the command of
// a record file to its study (cmd/solve's merge is one Registry.Write).
// The conformance suite studytest.Run checks all of this for a study.
//
// # Units, shards and random numbers
//
// Point p has Runs[p] replications; units are numbered point by point,
// k = Σ_{q<p} Runs[q] + r, and shard i of n runs the units with
// k mod n = i (package internal/shard, which also defines the record
// format). Replication r of a point draws its random numbers from its
// own stream, sim.Stream(seed, r), so a unit's sample does not depend on
// which shard or worker runs it, and Aggregate, which sees the samples
// in unit order, gives the same bits whatever the sharding and the
// worker count.
//
// # Statistics
//
// Summarize gives the mean and confidence interval, at the level asked
// for, of every recorded metric of a point's samples; Compare the paired
// differences of two systems whose samples share their replications
// (common random numbers: replication r of both used stream r). A model
// whose units of a point differ only in the replication runs sequentially
// with RunSequential: batches of replications until the half-widths it
// watches reach a target or a cap. Package sim documents the intervals,
// the pairing and the stopping rule with its caveat.
package study
