package shard_test

import (
	"fmt"

	"github.com/streamopt/streamopt/internal/shard"
)

// Shard 1 of 3 of a sweep of two points with 4 and 3 replications: units
// k = 0..6, of which k = 1 (point 0, replication 1) and k = 4 (point 1,
// replication 0) belong to it.
func ExampleSpec_Select() {
	sp, err := shard.Parse("--shard", "1/3", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sp, sp.Select([]int{4, 3}))
	_, err = shard.Parse("--shard", "slurm", func(string) string { return "" })
	fmt.Println(err)
	// Output:
	// 1/3 [[1] [0]]
	// --shard: environment variable SLURM_ARRAY_TASK_ID is not set
}
