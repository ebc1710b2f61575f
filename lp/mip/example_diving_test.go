package mip_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// Options.Diving runs the family of diving heuristics at the root (on by
// default; Options.DiveTree lets it dive in the tree too: doc.go,
// "Diving"). Here the other
// heuristics are off and the equality rows leave rounding no feasible
// point: with the family on, the first incumbent comes from a dive at the
// root (node 1); off, the root's fractional dive finds none, and the first
// incumbent is an integral node LP deep in the tree.
func ExampleOptions_diving() {
	m := partitionModel()

	for _, dv := range []mip.Switch{mip.On, mip.Off} {
		opts := mip.Options{FeasJump: mip.Off, RENS: mip.Off, RINS: mip.Off, FeasPump: mip.Off, NoCuts: true, Diving: dv, Threads: 1}
		first := ""
		opts.Callbacks.Event = func(e mip.Event) error {
			if e.Kind == mip.IncumbentEvent && first == "" {
				first = fmt.Sprintf("%q at node %d", e.Source, e.Nodes)
			}
			return nil
		}
		sol, err := mip.Solve(context.Background(), m, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("diving", dv, "->", sol.Status, sol.Objective, "in", sol.Nodes, "nodes, first incumbent", first)
	}
	// 60 is the optimum (glpsol 5.0 on the same model).

	// Output:
	// diving on -> optimal 60 in 22 nodes, first incumbent "vector-length diving" at node 1
	// diving off -> optimal 60 in 35 nodes, first incumbent "lp" at node 27
}

// Options.DiveTree lets the family of dives run in the tree as well,
// every few nodes on each rule's schedule (doc.go, "Diving"); the log's
// "diving:" line counts the dives of each rule. On the model of
// ExampleOptions_diving a root dive (vector-length diving) finds the
// optimum in both runs; with DiveTree on, each rule dives once more in the
// tree, within its budget, and the tree is the same.
func ExampleOptions_diveTree() {
	m := partitionModel()

	for _, dt := range []mip.Switch{mip.Off, mip.On} {
		opts := mip.Options{FeasJump: mip.Off, RENS: mip.Off, RINS: mip.Off, FeasPump: mip.Off, NoCuts: true, DiveTree: dt, Threads: 1}
		var log strings.Builder
		opts.Log = &log
		sol, err := mip.Solve(context.Background(), m, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("divetree", dt, "->", sol.Status, sol.Objective, "in", sol.Nodes, "nodes")
		for _, line := range strings.Split(log.String(), "\n") {
			if strings.HasPrefix(line, "diving:") {
				fmt.Println(line)
			}
		}
	}
	// 60 is the optimum (glpsol 5.0 on the same model).

	// Output:
	// divetree off -> optimal 60 in 22 nodes
	// diving: fractional diving 1 dives, 2 iterations, 0 incumbents; coefficient diving 1 dives, 2 iterations, 0 incumbents; pseudo-cost diving 1 dives, 2 iterations, 0 incumbents; vector-length diving 1 dives, 9 iterations, 1 incumbents; guided diving 1 dives, 8 iterations, 0 incumbents
	// divetree on -> optimal 60 in 22 nodes
	// diving: fractional diving 2 dives, 6 iterations, 0 incumbents; coefficient diving 2 dives, 4 iterations, 0 incumbents; pseudo-cost diving 2 dives, 4 iterations, 0 incumbents; vector-length diving 2 dives, 11 iterations, 1 incumbents; guided diving 2 dives, 11 iterations, 0 incumbents
}

// partitionModel is the model of the diving Examples: eight integer
// columns in [0, 3] and three equality rows, which leave rounding no
// feasible point.
func partitionModel() *lp.Model {
	m := lp.New("partition", lp.Minimize)
	cost := []float64{7, 9, 6, 8, 5, 10, 4, 11}
	var x []int
	for j, c := range cost {
		x = append(x, m.AddIntVar(fmt.Sprint("x", j), 0, 3, c))
	}
	t := func(j int, a float64) lp.Term { return lp.Term{Var: x[j], Coef: a} }
	m.AddRow("a", 19, 19, t(0, 3), t(1, 5), t(2, 2), t(3, 7), t(4, 4))
	m.AddRow("b", 24, 24, t(1, 4), t(3, 3), t(5, 6), t(6, 5), t(7, 2))
	m.AddRow("c", 11, 11, t(0, 2), t(2, 3), t(4, 5), t(6, 3), t(7, 7))
	return m
}
