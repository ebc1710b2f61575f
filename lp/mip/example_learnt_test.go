package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// The largest stable set of a complete graph on eight vertices, written
// with one row per edge: the LP relaxation takes ½ everywhere (bound 4).
// The clique table joins the 28 edge rows into the clique of all eight
// vertices and the root adds its clique cut Σ xᵢ ≤ 1; without the clique
// table the search branches. (Symmetry handling is off here: the graph is
// fully symmetric, and its orbit rows and propagation would close it at
// the root too.)
func ExampleOptions_cliques() {
	m := lp.New("stable-set", lp.Maximize)
	for i := 0; i < 8; i++ {
		m.AddBinary(fmt.Sprint("x", i), 1)
	}
	for i := 0; i < 8; i++ {
		for j := i + 1; j < 8; j++ {
			m.AddLE(fmt.Sprintf("e%d%d", i, j), 1, lp.Term{Var: i, Coef: 1}, lp.Term{Var: j, Coef: 1})
		}
	}
	for _, sw := range []mip.Switch{mip.On, mip.Off} {
		sol, err := mip.Solve(context.Background(), m, mip.Options{Cliques: sw, Probing: mip.Off, Conflicts: mip.Off, Symmetry: mip.Off, Threads: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("cliques %v: %v %v after %d nodes\n", sw, sol.Status, sol.Objective, sol.Nodes)
	}
	// Output:
	// cliques on: optimal 1 after 1 nodes
	// cliques off: optimal 1 after 8 nodes
}
