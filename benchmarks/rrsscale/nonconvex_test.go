package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/study"
)

// TestMultistartShardsMakeTheWhole: the record files of three shards of a
// multistart merge into the unsharded run's result (package study; the
// study itself runs the conformance suite in models/rrs).
func TestMultistartShardsMakeTheWhole(t *testing.T) {
	in := rrs.Random(4, 12, 3, 0.75)
	const n = 7
	all, err := multistart(in, 3, n, 2, 0, false, shard.All, "")
	if err != nil {
		t.Fatal(err)
	}
	if all.Starts != n || all.Done != n || all.BestStart < 0 {
		t.Fatalf("unsharded: %+v; want %d starts done and a best", all, n)
	}
	dir := t.TempDir()
	var files []string
	for i := 0; i < 3; i++ {
		f := filepath.Join(dir, sizedRecords("s.jsonl", "4x12,5x5", "4x12"))
		f = f[:len(f)-len(".jsonl")] + string(rune('0'+i)) + ".jsonl"
		part, err := multistart(in, 3, n, 1, 0, false, shard.Spec{Index: i, Count: 3}, f)
		if err != nil {
			t.Fatal(err)
		}
		if want := (n + 2 - i) / 3; part.Done != want {
			t.Errorf("shard %d/3 ran %d starts, want %d", i, part.Done, want)
		}
		files = append(files, f)
	}
	m, err := shard.Merge(context.Background(), files)
	if err != nil {
		t.Fatal(err)
	}
	_, got, err := study.Merged(context.Background(), rrs.MultistartStudy{}, m, files[0])
	if err != nil {
		t.Fatal(err)
	}
	if got != all {
		t.Errorf("merged shards %+v, unsharded %+v", got, all)
	}
	if code := mergeMultistart(files); code != 0 {
		t.Errorf("mergeMultistart: exit %d", code)
	}
}

func TestSizedRecords(t *testing.T) {
	for _, tc := range []struct{ records, sizes, sz, want string }{
		{"r.jsonl", "20x100", "20x100", "r.jsonl"},
		{"r.jsonl", "20x100,50x500", "50x500", "r-50x500.jsonl"},
		{"out/r.jsonl.gz", "20x100, 50x500", " 50x500", "out/r-50x500.jsonl.gz"},
		{"", "20x100,50x500", "20x100", ""},
	} {
		if got := sizedRecords(tc.records, tc.sizes, tc.sz); got != tc.want {
			t.Errorf("sizedRecords(%q, %q, %q) = %q, want %q", tc.records, tc.sizes, tc.sz, got, tc.want)
		}
	}
}
