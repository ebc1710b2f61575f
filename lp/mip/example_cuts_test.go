package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// The root's cut families and restarts have a Switch each in Options
// (LiftedCovers, ZeroHalf, ImpliedBounds, Restarts). Here the row
// 2x + 2y − 2z ≤ 3 over general integers is halved and rounded by a
// {0, ½}-cut into x + y − z ≤ 1, which closes the root: with zero-half
// cuts the search ends at the root node, without them it branches (the
// c-MIR and GMI cuts on general integers, Options.IntCuts, are off here so
// that the other families do not apply).
func ExampleOptions_zeroHalf() {
	m := lp.New("halving", lp.Maximize)
	x := m.AddIntVar("x", 0, 10, 1)
	y := m.AddIntVar("y", 0, 10, 1.1)
	z := m.AddIntVar("z", 0, 5, -1)
	m.AddLE("even", 3, lp.Term{Var: x, Coef: 2}, lp.Term{Var: y, Coef: 2}, lp.Term{Var: z, Coef: -2})
	m.AddLE("mix", 7, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 1})

	for _, zh := range []mip.Switch{mip.On, mip.Off} {
		sol, err := mip.Solve(context.Background(), m, mip.Options{ZeroHalf: zh, IntCuts: mip.Off, FeasJump: mip.Off, RENS: mip.Off, NoDiving: true, Threads: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("zero-half %v -> %v %.4g, %d nodes\n", zh, sol.Status, sol.Objective, sol.Nodes)
	}
	// By hand: x + y − z ≤ 1 and y ≤ 1 + z − x ≤ 6 bound the objective
	// (x + y − z) + 0.1y by 1.6, attained at (0, 6, 5).

	// Output:
	// zero-half on -> optimal 1.6, 1 nodes
	// zero-half off -> optimal 1.6, 12 nodes
}
