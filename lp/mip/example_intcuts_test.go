package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// IntCuts lets the root's c-MIR and Gomory mixed-integer cuts round
// general integer columns. Here the columns are integers in [0, 10] and
// [0, 8] and the LP optimum (2.5, 4.25) is fractional: with the switch on
// the cuts close the root, with it off neither family applies and the
// search branches.
func ExampleOptions_intCuts() {
	m := lp.New("general", lp.Maximize)
	x := m.AddIntVar("x", 0, 10, 5)
	y := m.AddIntVar("y", 0, 8, 4)
	m.AddLE("a", 16, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 2})
	m.AddLE("b", 11, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})

	for _, ic := range []mip.Switch{mip.On, mip.Off} {
		sol, err := mip.Solve(context.Background(), m, mip.Options{IntCuts: ic, FeasJump: mip.Off, RENS: mip.Off, NoDiving: true, Threads: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("intcuts %v -> %v %.4g at (%g, %g), %d nodes\n", ic, sol.Status, sol.Objective, sol.X[x], sol.X[y], sol.Nodes)
	}
	// By hand: of the integer points, (4, 2) gives 28, (3, 3) 27, (2, 4)
	// 26, and (3, 4), (4, 3), (2, 5) break a row.

	// Output:
	// intcuts on -> optimal 28 at (4, 2), 1 nodes
	// intcuts off -> optimal 28 at (4, 2), 4 nodes
}
