package gonumlp_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/gonumlp"
)

func Example() {
	// max 3x + 2y s.t. x + y ≤ 4, x + 3y ≤ 9, 0 ≤ x ≤ 3: optimum 11 at
	// (3, 1), derived by hand (the solvetest case max_upper_bound).
	m := lp.New("small", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("r1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("r2", 9, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})

	// Importing the package registered it as "gonum".
	sol, rep, err := solve.Solve(context.Background(), m, gonumlp.Name, solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.6g x=%.6g y=%.6g verified=%v duals=%v\n", sol.Status, sol.Objective, sol.X[0], sol.X[1], rep.OK, sol.HasDual())

	rows, cols := gonumlp.StandardFormSize(m)
	fmt.Printf("standard form %d × %d (limit %d × %d)\n", rows, cols, gonumlp.MaxRows, gonumlp.MaxCols)
	// Output:
	// optimal 11 x=3 y=1 verified=true duals=false
	// standard form 3 × 5 (limit 250 × 600)
}
