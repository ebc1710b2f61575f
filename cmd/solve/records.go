package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/internal/version"
)

// shardFlags are --shard and --records, which tpd, rmts and mps share
// (package internal/shard).
type shardFlags struct {
	spec, records string
	sp            shard.Spec // set by check
}

func addShardFlags(fl *pflag.FlagSet, f *shardFlags) {
	fl.StringVar(&f.spec, "shard", "", "run only shard i of n of the (point, replication) units: i/n (0-based), slurm "+
		"(SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT) or k8s/n (JOB_COMPLETION_INDEX of n); needs --records; solve merge puts the shards together")
	fl.StringVar(&f.records, "records", "", "write one JSON line per (point, policy, replication) with every metric to this file (.jsonl, or .jsonl.gz compressed), for solve merge")
}

// check parses --shard and refuses a shard without --records, and the
// output files a shard does not write (outputs maps their flags to their
// values): the merge writes them.
func (f *shardFlags) check(outputs map[string]string) error {
	f.sp = shard.All
	if f.spec == "" {
		return nil
	}
	sp, err := shard.Parse("--shard", f.spec, os.Getenv)
	if err != nil {
		return err
	}
	if f.records == "" {
		return inputError(errors.New("--shard needs --records: a shard's output is its record file, for solve merge"))
	}
	if sp.Sharded() {
		for _, name := range []string{"--csv", "--plot", "--plot-gap", "--plot-bars", "--export"} {
			if outputs[name] != "" {
				return inputError(fmt.Errorf("%s: a shard (--shard %s) writes only its --records; solve merge writes %s", name, sp, name))
			}
		}
	}
	f.sp = sp
	return nil
}

// sharded reports whether the run is a strict part of the units.
func (f *shardFlags) sharded() bool { return f.sp.Sharded() }

// recordHeader is the header of a record file of command on the instance
// read from inputFile, parsed as in (after the flag overrides that change
// it); grid is the command's plan.
func recordHeader(command, inputFile string, in any, grid any, runs []int, cells []string, sp shard.Spec) (shard.Header, error) {
	raw, err := os.ReadFile(inputFile)
	if err != nil {
		return shard.Header{}, inputError(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return shard.Header{}, inputError(fmt.Errorf("%s: %w", inputFile, err))
	}
	hash, err := shard.Hash(in)
	if err != nil {
		return shard.Header{}, internalError(err)
	}
	g, err := json.Marshal(grid)
	if err != nil {
		return shard.Header{}, internalError(err)
	}
	return shard.Header{Command: command, Version: version.String(), InstanceHash: hash, Instance: compact.Bytes(),
		Grid: g, Runs: runs, Cells: cells, Shard: sp.String()}, nil
}

// createRecords creates the --records file with its header.
func createRecords(path string, h shard.Header) (*shard.Writer, error) {
	if err := createParent(path); err != nil {
		return nil, inputError(fmt.Errorf("--records: %w", err))
	}
	w, err := shard.Create(path, h)
	if err != nil {
		return nil, inputError(fmt.Errorf("--records: %w", err))
	}
	return w, nil
}

// writeRecords writes recs to w, when w is not nil (no --records).
func writeRecords(w *shard.Writer, recs []shard.Record) error {
	if w == nil {
		return nil
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			return internalError(fmt.Errorf("--records: %w", err))
		}
	}
	return nil
}

// closeRecords closes the --records file w and says on stderr what it
// holds: units of the (point, replication) units of points with runs
// replications. A strict shard writes nothing else, so closeRecords then
// reports the command done, with exit 1 after a partial run (noted on
// stderr); otherwise the command goes on to write its answer.
func (f *shardFlags) closeRecords(ctx context.Context, stderr io.Writer, w *shard.Writer, units int, runs []int, partial string, rf *runFlags) (done bool, err error) {
	total := 0
	for _, n := range runs {
		total += n
	}
	if err := w.Close(); err != nil {
		return true, internalError(fmt.Errorf("--records: %w", err))
	}
	fmt.Fprintf(stderr, "solve: shard %s: wrote the records of %d of %d (point, replication) units to %s\n", f.sp, units, total, f.records)
	if !f.sharded() {
		return false, nil
	}
	if partial != "" {
		fmt.Fprintln(stderr, "solve:", rf.partialLine(ctx, partial))
	}
	return true, rf.finish(ctx, partial)
}

// mergeInstance reparses the instance of a merged header with parse and
// checks that, after the overrides apply made, its hash is the header's.
func mergeInstance[T any](m *shard.Merged, name string, parse func(io.Reader) (T, error), apply func(T) error) (T, error) {
	var zero T
	in, err := parse(bytes.NewReader(m.Header.Instance))
	if err != nil {
		return zero, inputError(fmt.Errorf("%s: instance: %w", name, err))
	}
	if apply != nil {
		if err := apply(in); err != nil {
			return zero, inputError(fmt.Errorf("%s: instance: %w", name, err))
		}
	}
	hash, err := shard.Hash(in)
	if err != nil {
		return zero, internalError(err)
	}
	if hash != m.Header.InstanceHash {
		return zero, inputError(fmt.Errorf("%s: instance_sha256: %.12s… is not the hash of its instance (%.12s…): the file was edited, or written by another build", name, m.Header.InstanceHash, hash))
	}
	return in, nil
}

// decodeGrid reads the grid of a merged header.
func decodeGrid(m *shard.Merged, name string, grid any) error {
	dec := json.NewDecoder(bytes.NewReader(m.Header.Grid))
	dec.DisallowUnknownFields()
	if err := dec.Decode(grid); err != nil {
		return inputError(fmt.Errorf("%s: grid: %w", name, err))
	}
	return nil
}
