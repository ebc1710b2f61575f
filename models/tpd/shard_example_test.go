package tpd_test

import (
	"context"
	"fmt"
	"slices"

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
