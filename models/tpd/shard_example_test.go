package tpd_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/tpd"
)

// Two shards of an experiment (replications 0, 2 and 1, 3) aggregated
// together give the summaries of the whole run: replication r draws from
// stream r whichever shard runs it.
func ExampleScenario_Aggregate() {
	s := scenario()
	ex := tpd.Experiment{ModeName: "stable", Mode: s.Modes["stable"], Policies: tpd.Policies, Runs: 4, Bound: tpd.BoundSRPT}
	full, err := s.Run(context.Background(), ex)
	if err != nil {
		fmt.Println(err)
		return
	}
	var samples []tpd.Sample
	for _, reps := range [][]int{{0, 2}, {1, 3}} {
		part := ex
		part.Reps = reps
		r, err := s.Run(context.Background(), part)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("shard %v: %d of %d replications\n", reps, r.Done, r.Runs)
		samples = append(samples, r.Samples...)
	}
	slices.SortFunc(samples, func(a, b tpd.Sample) int { return a.Rep - b.Rep })
	merged := s.Aggregate(ex, samples)
	fmt.Println("same summaries:", fmt.Sprint(merged.Policies, merged.Bounds) == fmt.Sprint(full.Policies, full.Bounds), merged.Done)
	// Output:
	// shard [0 2]: 2 of 4 replications
	// shard [1 3]: 2 of 4 replications
	// same summaries: true 4
}

// A sweep planned as two shards of its (experiment, replication) units:
// each shard runs its part with RunAll and keeps its raw records; the
// records of both, read back with FromRecords, give the results of the
// unsharded run.
func ExampleScenario_RunAll() {
	s := scenario()
	req := tpd.Request{Modes: []string{"stable"}, Loads: []float64{0.3, 0.6}, Runs: 3, Bound: ptr(tpd.BoundSRPT)}
	exps, err := s.Plan(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	full, err := s.RunAll(context.Background(), exps, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	records := map[string]map[string]float64{} // by point, replication and cell
	key := func(p, r int, cell string) string { return fmt.Sprint(p, r, cell) }
	for i := 0; i < 2; i++ {
		part := req
		part.Shard = shard.Spec{Index: i, Count: 2}
		pexps, err := s.Plan(part)
		if err != nil {
			fmt.Println(err)
			return
		}
		_, err = s.RunAll(context.Background(), pexps, func(p int, r *tpd.ExperimentResult) error {
			for _, rec := range r.Records(p, s.Seed) {
				records[key(rec.Point, rec.Rep, rec.Cell)] = rec.Values()
			}
			return nil
		})
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	merged := s.FromRecords(exps, func(p, r int, cell string) map[string]float64 { return records[key(p, r, cell)] })
	fmt.Println(len(records), "records")
	for i := range full {
		fmt.Printf("ρ=%.1f: same summaries %v\n", full[i].Load, fmt.Sprint(merged[i].Policies, merged[i].Bounds) == fmt.Sprint(full[i].Policies, full[i].Bounds))
	}
	// Output:
	// 30 records
	// ρ=0.3: same summaries true
	// ρ=0.6: same summaries true
}

func ptr[T any](v T) *T { return &v }
