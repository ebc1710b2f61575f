// Command solve compiles streamopt's models and LP/MILP files into
// optimisation problems, solves them on a chosen backend and reports the
// verified answer.
//
// Usage:
//
//	solve lp FILE.mps|FILE.lp[.gz]|- [--backend simplex|gonum|clp|lpsolve|cbc|auto] [--format table|json|csv]
//	    [--input-format auto|mps|fixed-mps|free-mps|lp]
//	    [--presolve auto|on|off] [--threads N] [--log] [--log-file FILE] [--log-format text|json] [--quiet]
//	    [--ranging]      cost and activity ranging of the optimal LP basis
//	    [--iis FILE]     an irreducible infeasible subsystem of an infeasible LP
//	    [--solution FILE] [--start FILE] [--read-basis FILE] [--write-basis FILE]
//	    solution files (HiGHS layout, MIPLIB .sol, cbc) and MPS basis files (lp/solfile)
//	solve backends
//	solve convert IN|- OUT [--free]   (MPS <-> CPLEX LP, by extension; .gz gzips)
//	solve rrs --input model.json [--method qp|wolfe|global|kkt-milp|auto]   (paper 003, spec A)
//	    [--export FILE]  the KKT-MILP solved, for another solver
//	solve mps --input model.json [--from --to --step] [--plot FILE]  (paper 003, spec A.9)
//	solve rmts --input model.json [--policy ...] [--sweep xi=36:44]  (paper 000, spec B)
//	    [--bound --export FILE]  the offline bound LP of replication 0
//	    [--confidence L] [--compare A,B] [--target-ci [METRIC=]H --max-runs N]
//	    [--plot DIR --plot-format png,svg,pdf]
//	solve tpd --input model.json [--policy ...] [--load ...]         (paper 004, spec C)
//	    [--export DIR]   the exact MILP (short traces) and the LB_LP windows
//	    [--confidence L] [--compare A,B] [--target-ci [METRIC=]H --max-runs N]
//	    [--plot DIR --plot-format png,svg,pdf]
//	solve merge [--format table|json|csv] [--out F] [--csv F] [--plot ...] FILE.jsonl...
//	    the output of a run from the record files of its shards
//	solve schema rrs|mps|rmts|tpd   (the JSON Schema of each --input file)
//	solve --version                 (module version, commit and Go release)
//
// A model file (lp, convert) may hold at most 16 MiB, counted after
// gunzipping, and 1 Mi lines (--max-input-bytes and --max-input-lines raise
// the caps); it is read to its end, so that a damaged or truncated .gz file
// is refused (exit code 2) instead of read as another model. Data that
// starts with the gzip magic bytes is gunzipped whatever the file's name.
// "-" reads the model from standard input, in the format its first line
// names (modelfile.Detect) unless --input-format says it; input that names
// neither format is refused.
//
// An --input file ("-": standard input) may be at most 64 MiB with at most 2^20 JSON values
// (internal/jsoninput); every model caps the sizes that drive memory and
// time (the schema's description lists them), and a file beyond a cap is an
// input error naming the field.
//
// Every command takes --format table|json|csv (--help names the CSV
// columns); human output goes to stdout, progress and logs to stderr. The
// model commands (and lp, merge) take --out FILE: the JSON answer goes to
// FILE while stdout gets the --format answer, in one run.
//
// Output files (--out, --iis, --csv, --plot, --plot-gap, --plot-bars, --export,
// --records, convert's OUT) are checked before any work: a path that
// cannot be written, that is one of the command's input files or that
// another output names too is an input error naming the flag and the path
// (exit 2). Each file is written through internal/atomicfile, under a
// temporary name renamed into place once complete, so a failed or killed
// run leaves the file that was there as it was.
//
// The model commands (rrs, mps, rmts, tpd) take --time-limit DURATION, as
// lp does, and stop on the first interrupt (SIGINT or SIGTERM; a second
// one ends the process at once): they print what finished, the means over
// the finished replications with their counts, the best bound, the sweep
// points done, ending with a line "partial: stopped by ... after ...", and
// exit 1; JSON output carries "partial": true, "stopped_by" and the counts.
// A stop that cuts the reading of the input (lp and convert: their model
// file; a model command: an --input still waiting on a pipe) prints nothing
// but the line "FILE: stopped by ... while reading it; no answer" on
// stderr, and exits 1. lp's --time-limit is the solve's, after the reading.
// --progress auto|bar|plain|off chooses how progress is shown on stderr: a
// bar on a terminal, otherwise (auto, plain) a line such as "tpd heavy
// ρ=0.95: 37/100 replications" every few seconds.
//
// The sweeps (mps, rmts, tpd) split into shards that need no coordination
// (internal/shard): --shard i/n runs the (point, replication) units k with
// k mod n = i (--shard slurm takes i and n from a Slurm array job,
// --shard k8s/n i from a Kubernetes Indexed Job), --records FILE.jsonl[.gz]
// writes the raw metrics of every (point, policy, replication) it ran, and
// solve merge of the shards' files writes the bytes the unsharded run
// would have written. A shard writes nothing on stdout. Each finished unit
// is streamed to FILE.partial, renamed to FILE when the run ends (done, or
// stopped by a limit); --resume continues a run killed or stopped before
// its end, running only the units the file lacks.
//
// The replicated studies (rmts, tpd) report Student-t intervals at --confidence
// (0.95 by default, stated in the table heading, the JSON's "confidence"
// and the CSV's ci column); --compare A,B adds the paired differences
// A − B of every metric over the replications both policies ran on the
// same random numbers; --target-ci H runs replications in batches until
// every watched half-width is at most H, or --max-runs (exit 1 then), and
// cannot be sharded. Package sim documents the method. Figures take their
// format from the file name: --plot FILE for mps, --plot-format for the
// figures a command writes into its --plot folder.
//
// Exit codes: 0 a definitive answer (including "infeasible"), 1 a limit was
// hit, 2 a usage or input error, 3 a solver or internal error; a Go runtime
// fatal error (out of memory) ends the process by SIGABRT, never with 2. The
// code is the kind of the error (package fault), given where it arose: a
// command gives its own errors one with fault.Errorf, and exitCode alone
// turns a kind into a code.
package main
