// Package studytest is the conformance suite every study runs (package
// study), as package solvetest is for the solver backends: Run checks
// that sharding, the worker count, the records and a resumed run change
// nothing of a study's result.
package studytest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/study"
)

// Shards are the shard counts Run merges.
var Shards = []int{1, 3, 7}

// equal compares two results: exactly, NaN equal to NaN, unexported
// fields included (the results of one build on one machine, so any
// difference of a float is a difference in what is printed).
var equal = []cmp.Option{cmpopts.EquateNaNs(), cmp.Exporter(func(reflect.Type) bool { return true })}

// Run checks the study s on the request q (keep it small: the suite runs
// it about ten times):
//
//   - the same request planned and run twice gives the same result, and
//     the same bytes of records (one worker, so in unit order);
//   - the worker count changes nothing;
//   - records round-trip: the records of a run, merged, give its result
//     through study.Merged (the request read back from the grid);
//   - the record files of shards i/n, for n in Shards, merge into the
//     result of the unsharded run;
//   - a run killed half-way (its context cancelled), resumed from the
//     units it recorded, gives the same result and runs only the others.
func Run[Q, S, R any](t *testing.T, s study.Study[Q, S, R], q Q) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	plan := func() study.Plan[S, R] {
		t.Helper()
		p, err := s.Plan(ctx, q)
		if err != nil {
			t.Fatalf("%s: Plan: %v", s.Name(), err)
		}
		return p
	}
	p := plan()
	total := p.Shape().Units()
	if sh, err := s.Shape(q); err != nil || !reflect.DeepEqual(sh, p.Shape()) {
		t.Fatalf("%s: Shape(q) = %v, %v; want the plan's, %v", s.Name(), sh, err, p.Shape())
	}
	if total == 0 {
		t.Fatalf("%s: the request plans no unit", s.Name())
	}
	want := runTo(t, ctx, s, q, p, study.Options{Workers: 1}, filepath.Join(dir, "one.jsonl"))

	t.Run("same request, same bytes", func(t *testing.T) {
		got := runTo(t, ctx, s, q, plan(), study.Options{Workers: 1}, filepath.Join(dir, "again.jsonl"))
		check(t, "a second run", want, got)
		a, _ := os.ReadFile(filepath.Join(dir, "one.jsonl"))
		b, _ := os.ReadFile(filepath.Join(dir, "again.jsonl"))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs of one worker wrote different records", s.Name())
		}
	})
	t.Run("workers", func(t *testing.T) {
		for _, w := range []int{2, 5} {
			got := runTo(t, ctx, s, q, p, study.Options{Workers: w}, "")
			check(t, "workers", want, got)
		}
	})
	t.Run("records round-trip", func(t *testing.T) {
		check(t, "the merged records of the run", want, merge(t, ctx, s, filepath.Join(dir, "one.jsonl")))
	})
	t.Run("shards", func(t *testing.T) {
		for _, n := range Shards {
			var files []string
			for i := 0; i < n; i++ {
				f := filepath.Join(dir, "shard", string(rune('a'+n)), "s"+string(rune('a'+i))+".jsonl")
				if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
					t.Fatal(err)
				}
				runTo(t, ctx, s, q, p, study.Options{Shard: shard.Spec{Index: i, Count: n}, Workers: 2}, f)
				files = append(files, f)
			}
			check(t, "the merged shards", want, merge(t, ctx, s, files...))
		}
	})
	t.Run("killed run resumed", func(t *testing.T) {
		path := filepath.Join(dir, "killed.jsonl")
		h, err := study.Header(s, q, nil, shard.All)
		if err != nil {
			t.Fatal(err)
		}
		w, err := shard.Create(path, h)
		if err != nil {
			t.Fatal(err)
		}
		kctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stopAt := max(1, total/2)
		_, err = study.Run(kctx, p, study.Options{Workers: 1, Records: w, Progress: func(done, _ int) {
			if done == stopAt {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) && total > 1 {
			t.Fatalf("%s: a run cancelled after %d of %d units: error %v, want one wrapping context.Canceled", s.Name(), stopAt, total, err)
		}
		w.Abort() // as a killed run: FILE.partial holds what finished
		w, err = shard.Resume(ctx, path, h)
		if err != nil {
			t.Fatalf("%s: Resume: %v", s.Name(), err)
		}
		kept := w.Carried()
		out, err := study.Run(ctx, p, study.Options{Workers: 2, Records: w})
		if err != nil {
			t.Fatalf("%s: the resumed run: %v", s.Name(), err)
		}
		if kept != stopAt || out.Units != total-kept || out.Done != out.Units {
			t.Errorf("%s: the resumed run kept %d units (want %d) and ran %d of %d (want %d)", s.Name(), kept, stopAt, out.Done, out.Units, total-stopAt)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		check(t, "the resumed run's records", want, merge(t, ctx, s, path))
	})
}

// runTo runs p with opt and, when path is not "", writes its records
// there; it returns the result.
func runTo[Q, S, R any](t *testing.T, ctx context.Context, s study.Study[Q, S, R], q Q, p study.Plan[S, R], opt study.Options, path string) R {
	t.Helper()
	if path != "" {
		h, err := study.Header(s, q, nil, opt.Shard)
		if err != nil {
			t.Fatal(err)
		}
		if opt.Records, err = shard.Create(path, h); err != nil {
			t.Fatal(err)
		}
	}
	out, err := study.Run(ctx, p, opt)
	if err != nil {
		t.Fatalf("%s: Run (shard %v, %d workers): %v", s.Name(), opt.Shard, opt.Workers, err)
	}
	if opt.Records != nil {
		if err := opt.Records.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out.Result
}

// merge merges the record files and rebuilds their result.
func merge[Q, S, R any](t *testing.T, ctx context.Context, s study.Study[Q, S, R], files ...string) R {
	t.Helper()
	m, err := shard.Merge(ctx, files)
	if err != nil {
		t.Fatalf("%s: merge: %v", s.Name(), err)
	}
	_, r, err := study.Merged(ctx, s, m, files[0])
	if err != nil {
		t.Fatalf("%s: Merged: %v", s.Name(), err)
	}
	return r
}

func check[R any](t *testing.T, what string, want, got R) {
	t.Helper()
	if d := cmp.Diff(want, got, equal...); d != "" {
		t.Errorf("%s differs from the unsharded run's result (-want +got):\n%s", what, d)
	}
}
