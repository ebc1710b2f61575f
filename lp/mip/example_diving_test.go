package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// Options.Diving runs the family of diving heuristics at the root and in
// the tree (it is off by default: doc.go, "Diving"). Here the other
// heuristics are off and the equality rows leave rounding no feasible
// point: with the family on, the first incumbent comes from a dive at the
// root (node 1); off, the root's fractional dive finds none, and the first
// incumbent is an integral node LP deep in the tree.
func ExampleOptions_diving() {
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
