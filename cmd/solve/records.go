package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/study"
)

// shardFlags are --shard and --records, which tpd, rmts, mps and rrs share
// (package internal/shard).
type shardFlags struct {
	spec, records string
	resume        bool
	sp            shard.Spec // set by check
}

func addShardFlags(fl *pflag.FlagSet, f *shardFlags) {
	fl.StringVar(&f.spec, "shard", "", "run only shard i of n of the (point, replication) units: i/n (0-based), slurm "+
		"(SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT) or k8s/n (JOB_COMPLETION_INDEX of n); needs --records; solve merge puts the shards together")
	fl.StringVar(&f.records, "records", "", "write one JSON line per (point, policy, replication) with every metric to this file (.jsonl, or .jsonl.gz compressed), for solve merge; "+
		"each finished (point, replication) is streamed to FILE"+shard.PartialSuffix+" at once, renamed to FILE when the run ends (done, or stopped by a limit), so an old FILE stays untouched until then")
	fl.BoolVar(&f.resume, "resume", false, "with --records: continue the run that left FILE"+shard.PartialSuffix+" (killed, or failed) or FILE (stopped by a limit): check that its header is this run's, "+
		"keep its finished (point, replication) units, run only the others, and write the answer from the whole file (solve merge's) when it is complete")
}

// check parses --shard and refuses a shard without --records, and the
// output files a shard does not write (outputs maps their flags to their
// values): the merge writes them.
func (f *shardFlags) check(outputs map[string]string) error {
	f.sp = shard.All
	if f.resume && f.records == "" {
		return fault.Errorf(fault.ErrInput, "--resume needs --records: it continues the run that wrote that file")
	}
	if f.spec == "" {
		return nil
	}
	sp, err := shard.Parse("--shard", f.spec, os.Getenv)
	if err != nil {
		return err
	}
	if f.records == "" {
		return fault.Errorf(fault.ErrInput, "--shard needs --records: a shard's output is its record file, for solve merge")
	}
	if sp.Sharded() {
		for _, name := range []string{"--out", "--csv", "--plot", "--plot-gap", "--plot-bars", "--export"} {
			if outputs[name] != "" {
				return fault.Errorf(fault.ErrInput, "%s: a shard (--shard %s) writes only its --records; solve merge writes %s", name, sp, name)
			}
		}
	}
	f.sp = sp
	return nil
}

// sharded reports whether the run is a strict part of the units.
func (f *shardFlags) sharded() bool { return f.sp.Sharded() }

// compactInput is the --input file as a record header holds it: its JSON,
// compact.
func compactInput(rf *runFlags, inputFile string) (json.RawMessage, error) {
	raw, err := rf.inputData(inputFile)
	if err != nil {
		return nil, fault.Errorf(fault.ErrInput, "%w", err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, fault.Errorf(fault.ErrInput, "%s: %w", inputName(inputFile), err)
	}
	return compact.Bytes(), nil
}

// studyRecords starts the --records file of a run of the study s on q,
// whose instance was read from input (as openRecords does), or returns
// nil without --records.
func studyRecords[Q, S, R any](ctx context.Context, f *shardFlags, rf *runFlags, input string, s study.Study[Q, S, R], q Q) (*shard.Writer, error) {
	if f.records == "" {
		return nil, nil
	}
	raw, err := compactInput(rf, input)
	if err != nil {
		return nil, err
	}
	h, err := study.Header(s, q, raw, f.sp)
	if err != nil {
		return nil, fault.Errorf(fault.ErrSolver, "%w", err)
	}
	return f.openRecords(ctx, input, h)
}

// openRecords starts the --records file with its header, before any work
// (so that a path that cannot be written, or the --input file, is refused
// at once), or continues it with --resume. The records stream into FILE.partial; a run that fails
// leaves FILE untouched.
func (f *shardFlags) openRecords(ctx context.Context, input string, h shard.Header) (*shard.Writer, error) {
	// checkOutputs has refused --records onto the input; its FILE.partial
	// is this package's own name, so it is checked here.
	if partial := f.records + shard.PartialSuffix; input != "-" && samePath(partial, input) {
		return nil, fault.Errorf(fault.ErrInput, "--records: %s is the --input file; the records would overwrite it", partial)
	}
	if err := createParent(f.records); err != nil {
		return nil, fault.Errorf(fault.ErrInput, "--records: %w", err)
	}
	open := shard.Create
	if f.resume {
		open = func(path string, h shard.Header) (*shard.Writer, error) { return shard.Resume(ctx, path, h) }
	}
	w, err := open(f.records, h)
	if err != nil {
		return nil, fault.Errorf(fault.ErrInput, "--records: %w", err)
	}
	return w, nil
}

// abortRecords ends the --records file of a run that failed: FILE stays as
// it was, and FILE.partial keeps the units finished (for --resume).
func (f *shardFlags) abortRecords(stderr io.Writer, w *shard.Writer) {
	if w == nil {
		return
	}
	w.Abort()
	if n := w.Units(); n > 0 {
		fmt.Fprintf(stderr, "solve: the records of the %d (point, replication) units finished are in %s%s; --resume continues the run\n", n, f.records, shard.PartialSuffix)
	}
}

// closeRecords closes the --records file w and says on stderr what it
// holds of the (point, replication) units of points with runs
// replications: the units written, counted by the writer. A strict shard
// or a resumed run writes nothing else, so closeRecords then reports the
// command done, with exit 1 after a partial run (noted on stderr); a
// complete resumed run that is not a shard writes its answer from the
// whole file (merged with out); otherwise the command goes on to write its
// answer.
func (f *shardFlags) closeRecords(ctx context.Context, stderr io.Writer, w *shard.Writer, runs []int, partial string, rf *runFlags, out func(*shard.Merged) error) (done bool, err error) {
	total := 0
	for _, n := range runs {
		total += n
	}
	if err := w.Close(); err != nil {
		return true, fault.Errorf(fault.ErrSolver, "--records: %w", err)
	}
	kept := ""
	if n := w.Carried(); n > 0 {
		kept = fmt.Sprintf(" (%d of them kept from the run resumed)", n)
	}
	fmt.Fprintf(stderr, "solve: shard %s: wrote the records of %d of %d (point, replication) units%s to %s\n", f.sp, w.Units(), total, kept, f.records)
	if !f.sharded() && !f.resume {
		return false, nil
	}
	if partial != "" {
		fmt.Fprintln(stderr, "solve:", rf.partialLine(ctx, partial))
		return true, rf.finish(ctx, partial)
	}
	if f.sharded() {
		return true, nil
	}
	m, err := shard.Merge(ctx, []string{f.records})
	if err != nil {
		return true, err
	}
	return true, out(m)
}
