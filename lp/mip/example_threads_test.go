package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// Options.Threads sets the threads of the tree search (0: all cores). A
// thread count gives the same answer, node for node, on every run; the
// optimum is the same for every thread count.
func ExampleOptions_threads() {
	// a 0/1 knapsack of 12 items with two capacity rows
	m := lp.New("two-row knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82, 47, 51}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41, 25, 28}
	volume := []float64{30, 12, 25, 18, 22, 35, 16, 28, 31, 19, 24, 27}
	var w, v []lp.Term
	for j := range value {
		x := m.AddBinary(fmt.Sprint("x", j), value[j])
		w = append(w, lp.Term{Var: x, Coef: weight[j]})
		v = append(v, lp.Term{Var: x, Coef: volume[j]})
	}
	m.AddLE("weight", 150, w...)
	m.AddLE("volume", 140, v...)

	for _, threads := range []int{1, 2, 4} {
		opts := mip.Options{Threads: threads}
		a, err := mip.Solve(context.Background(), m, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		b, _ := mip.Solve(context.Background(), m, opts)
		fmt.Printf("%d threads: %v %g, same nodes on a second run: %v\n", threads, a.Status, a.Objective, a.Nodes == b.Nodes)
	}
	// 294 is the optimum (glpsol 5.0 on the same model).

	// Output:
	// 1 threads: optimal 294, same nodes on a second run: true
	// 2 threads: optimal 294, same nodes on a second run: true
	// 4 threads: optimal 294, same nodes on a second run: true
}
