package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/study"
)

func init() {
	study.Register(&studies, rrs.BatchStudy{}, func(ctx context.Context, q rrs.Batch, r *rrs.BatchResult, o mergeOutputs) error {
		if err := onlyOutputs("rrs", o); err != nil {
			return err
		}
		if o.plot != "" {
			return fault.Errorf(fault.ErrInput, "--plot: rrs records have no figures")
		}
		return writeRRSBatchOutput(ctx, q, r, o, "", &runFlags{})
	})
}

// rrsBatchFlags are the flags of solve rrs that make a run a batch (a
// study of package study, one row per point).
type rrsBatchFlags struct {
	sweep, csv string
	workers    int
	sf         shardFlags
}

// batch reports whether solve rrs runs a batch: --input names a folder or
// a glob, or a flag of the batch is given.
func (b *rrsBatchFlags) batch(input string) bool {
	return b.sweep != "" || b.csv != "" || b.sf.records != "" || b.sf.spec != "" || b.sf.resume || batchInput(input)
}

// batchInput reports whether --input names a folder (or ends in a slash)
// or a glob pattern that is not itself a file.
func batchInput(input string) bool {
	if input == "" || input == "-" {
		return false
	}
	if strings.HasSuffix(input, "/") || strings.HasSuffix(input, string(filepath.Separator)) {
		return true
	}
	fi, err := os.Stat(input)
	if err == nil {
		return fi.IsDir()
	}
	return strings.ContainsAny(input, "*?[")
}

// batchFiles lists the instance files --input names, sorted, with the name
// each row gives them: the .json files of a folder (by file name), the
// files a glob matches (as matched), or the one file.
func batchFiles(input string) (paths, names []string, err error) {
	if input == "-" {
		return nil, nil, fault.Errorf(fault.ErrInput, "--input: a batch (--sweep, --csv, --records, --shard) reads instance files, not standard input")
	}
	if fi, serr := os.Stat(input); serr == nil && fi.IsDir() {
		entries, err := os.ReadDir(input)
		if err != nil {
			return nil, nil, fault.Errorf(fault.ErrInput, "--input: %w", err)
		}
		for _, e := range entries {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".json") {
				paths, names = append(paths, filepath.Join(input, e.Name())), append(names, e.Name())
			}
		}
		if len(paths) == 0 {
			return nil, nil, fault.Errorf(fault.ErrInput, "--input: %s: no instance file (*.json) in the folder", input)
		}
		return paths, names, nil
	} else if serr == nil {
		return []string{input}, []string{filepath.Base(input)}, nil
	}
	if !strings.ContainsAny(input, "*?[") {
		_, err := os.Stat(input)
		return nil, nil, fault.Errorf(fault.ErrInput, "%w", err)
	}
	matches, err := filepath.Glob(input)
	if err != nil {
		return nil, nil, fault.Errorf(fault.ErrInput, "--input: %q: %w", input, err)
	}
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && !fi.IsDir() {
			paths = append(paths, m)
		}
	}
	if len(paths) == 0 {
		return nil, nil, fault.Errorf(fault.ErrInput, "--input: %q matches no file", input)
	}
	slices.Sort(paths)
	return paths, paths, nil
}

// parseFieldSweep reads --sweep FIELD=VALUES: a numeric field of the
// instance by its JSON path and a list v1,v2,… or a range start:end[:step].
func parseFieldSweep(s string) (*rrs.Field, []float64, error) {
	name, spec, ok := strings.Cut(s, "=")
	if !ok {
		return nil, nil, fault.Errorf(fault.ErrInput, "--sweep: must look like users=10,20,40 or users=100:400:50 (FIELD=VALUES), got %q", s)
	}
	f, err := rrs.ParseField(strings.TrimSpace(name))
	if err != nil {
		return nil, nil, fault.Errorf(fault.ErrInput, "--sweep: %w", err)
	}
	vs, err := parseValues(spec)
	if err != nil {
		return nil, nil, fault.Errorf(fault.ErrInput, "--sweep: %s: %w", f, err)
	}
	return &f, vs, nil
}

// runRRSBatch runs solve rrs on a batch: every instance --input names, at
// every value of --sweep, as the study rrs.BatchStudy.
func runRRSBatch(ctx context.Context, stdout, stderr io.Writer, input string, users *float64, method, backend, format, out, export string, b *rrsBatchFlags, rf *runFlags) error {
	if err := checkFormat(format); err != nil {
		return err
	}
	if export != "" {
		return fault.Errorf(fault.ErrInput, "--export: a batch writes no model; give --input one instance file without the batch flags")
	}
	q := rrs.Batch{Method: method, Backend: backend}
	if b.sweep != "" {
		var err error
		if q.Field, q.Values, err = parseFieldSweep(b.sweep); err != nil {
			return err
		}
	}
	if err := checkWorkers(b.workers); err != nil {
		return err
	}
	sf := &b.sf
	if err := sf.check(map[string]string{"--out": out, "--csv": b.csv}); err != nil {
		return err
	}
	paths, names, err := batchFiles(input)
	if err != nil {
		return err
	}
	if err := checkOutputs(paths, output{"--out", out, outFile}, output{"--csv", b.csv, outFile}, output{"--records", sf.records, outFile}); err != nil {
		return err
	}
	for _, p := range paths {
		in, err := readModel(ctx, rf, p, format, rrs.Parse)
		if err != nil {
			return err
		}
		if users != nil {
			in.Users = *users
			if err := in.Validate(); err != nil {
				return fault.Errorf(fault.ErrInput, "--users: %s: %w", p, err)
			}
		}
		q.Instances = append(q.Instances, in)
	}
	q.Names = names
	p, err := rrs.BatchStudy{}.Plan(ctx, q)
	if err != nil {
		return unknownAsSolver(err)
	}
	var rec *shard.Writer
	if sf.records != "" {
		h, err := study.Header(rrs.BatchStudy{}, q, nil, sf.sp)
		if err != nil {
			return unknownAsSolver(err)
		}
		// The instances are in the header as parsed; no input file can be
		// FILE.partial (checkOutputs refused --records onto an input).
		if rec, err = sf.openRecords(ctx, "-", h); err != nil {
			return err
		}
	}
	defer func() {
		if rec != nil {
			sf.abortRecords(stderr, rec)
		}
	}()
	run, err := study.Run(ctx, p, study.Options{Shard: sf.sp, Workers: b.workers, Progress: rf.task("rrs batch", "points"), Records: rec})
	partial := ""
	if stopped(ctx, err) {
		rf.printer.Clear()
		partial = fmt.Sprintf("%d of %d points", run.Done, run.Units)
		err = nil
	}
	if err != nil {
		return unknownAsSolver(fmt.Errorf("rrs: %w", err))
	}
	o := mergeOutputs{format: format, out: out, csv: b.csv, stdout: stdout, stderr: stderr}
	if rec != nil {
		w := rec
		rec = nil // closed, not aborted
		done, err := sf.closeRecords(ctx, stderr, w, p.Shape().Runs, partial, rf, func(m *shard.Merged) error {
			return writeMerged(ctx, m, sf.records, o)
		})
		if done || err != nil {
			return err
		}
	}
	return writeRRSBatchOutput(ctx, q, run.Result, o, partial, rf)
}

// writeRRSBatchOutput writes a batch's rows: the table or JSON on stdout
// (and --out), and the --csv file; partial, when not empty, says what a
// stopped run finished.
func writeRRSBatchOutput(ctx context.Context, q rrs.Batch, r *rrs.BatchResult, o mergeOutputs, partial string, rf *runFlags) error {
	answer := func(by string) any {
		a := render.RRSBatchJSON(q, r)
		if partial != "" {
			a.Status, a.Partial, a.StoppedBy = "partial", true, by
		}
		return a
	}
	forms := answerForms{json: answer, table: func(w io.Writer) error { return render.RRSBatchTable(w, q, r) },
		csv: func(w io.Writer) error { return render.RRSBatchCSV(w, r) }}
	if err := writeAnswer(ctx, o.stdout, o.format, o.out, partial, rf, forms); err != nil {
		return err
	}
	if err := writeCSV(o.csv, func(w io.Writer) error { return render.RRSBatchCSV(w, r) }); err != nil {
		return err
	}
	return rf.finish(ctx, partial)
}
