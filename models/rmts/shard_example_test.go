package rmts_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/streamopt/streamopt/models/rmts"
)

// Two shards of a sweep, each running some of the traces of each rate,
// aggregated together give the points and bounds of the whole run: trace r
// draws from stream r whichever shard runs it.
func ExampleScenario_Aggregate() {
	in, _ := rmts.Parse(strings.NewReader(small))
	sc, _ := rmts.Build(in)
	ex := rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.REM}, Rates: []float64{1, 2}, Alphas: []float64{0.3, 0.7}, Runs: 3, Bound: true, Workers: 1}
	full, err := sc.Run(context.Background(), ex)
	if err != nil {
		fmt.Println(err)
		return
	}
	var samples []rmts.Sample
	var bounds []rmts.BoundSample
	for _, reps := range [][][]int{{{0, 2}, {1}}, {{1}, {0, 2}}} {
		part := ex
		part.Reps = reps
		r, err := sc.Run(context.Background(), part)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("shard %v: %d of %d replications\n", reps, r.Done, r.Total)
		samples, bounds = append(samples, r.Samples...), append(bounds, r.BoundSamples...)
	}
	pl, _ := sc.Plan(ex)
	merged, err := sc.Aggregate(pl, true, samples, bounds)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("same points:", fmt.Sprint(merged.Points, merged.Bounds) == fmt.Sprint(full.Points, full.Bounds), merged.Done, merged.Events == full.Events)
	_, err = sc.Aggregate(pl, true, append(samples, samples[0]), bounds)
	fmt.Println(err)
	// Output:
	// shard [[0 2] [1]]: 9 of 18 replications
	// shard [[1] [0 2]]: 9 of 18 replications
	// same points: true 18 true
	// rmts: invalid input: samples: cell 0 replication 0 given twice
}
