package tpd_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/study"
)

// A load sweep run as a study (package study) in two shards of its
// (experiment, replication) units: each shard streams its records to a
// file, and the merged files give the results of the unsharded run, since
// replication r draws from stream r whichever shard runs it.
func ExampleStudy() {
	ctx := context.Background()
	in, err := tpd.Parse(strings.NewReader(small))
	if err != nil {
		fmt.Println(err)
		return
	}
	q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
	q.Modes, q.Loads, q.Runs, q.Bound = []string{"stable"}, []float64{0.3, 0.6}, 3, ptr(tpd.BoundSRPT)
	p, err := tpd.Study{}.Plan(ctx, q)
	if err != nil {
		fmt.Println(err)
		return
	}
	full, err := study.Run(ctx, p, study.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "tpd-study")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	var files []string
	for i := 0; i < 2; i++ {
		sp := shard.Spec{Index: i, Count: 2}
		h, err := study.Header(tpd.Study{}, q, nil, sp)
		if err != nil {
			fmt.Println(err)
			return
		}
		files = append(files, filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i)))
		w, err := shard.Create(files[i], h)
		if err != nil {
			fmt.Println(err)
			return
		}
		out, err := study.Run(ctx, p, study.Options{Shard: sp, Records: w})
		if err == nil {
			err = w.Close()
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("shard %v: %d of the 6 units\n", sp, out.Done)
	}
	m, err := shard.Merge(ctx, files)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, merged, err := study.Merged(ctx, tpd.Study{}, m, files[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, r := range full.Result {
		same := fmt.Sprint(merged[i].Policies, merged[i].Bounds) == fmt.Sprint(r.Policies, r.Bounds)
		fmt.Printf("ρ=%.1f: %d replications, same summaries %v\n", r.Load, merged[i].Done, same)
	}
	// Output:
	// shard 0/2: 3 of the 6 units
	// shard 1/2: 3 of the 6 units
	// ρ=0.3: 3 replications, same summaries true
	// ρ=0.6: 3 replications, same summaries true
}

func ptr[T any](v T) *T { return &v }
