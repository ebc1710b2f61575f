//go:build cbc

package cbc_test

import (
	"context"
	"fmt"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	_ "github.com/streamopt/streamopt/solve/cbc"
)

// Solve a small MILP with CBC through solve.Solve, which verifies the
// answer: max 5x + 4y s.t. 6x + 4y ≤ 24, x + 2y ≤ 6, x, y ∈ ℤ₊. The LP
// relaxation's optimum is 21 at (3, 1.5); the integer optimum is 20 at
// (4, 0), and CBC's bound closes on it.
func Example() {
	m := lp.New("example", lp.Maximize)
	x := m.AddIntVar("x", 0, lp.Inf, 5)
	y := m.AddIntVar("y", 0, lp.Inf, 4)
	m.AddLE("r0", 24, lp.Term{Var: x, Coef: 6}, lp.Term{Var: y, Coef: 4})
	m.AddLE("r1", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sol, rep, err := solve.Solve(ctx, m, "cbc", solve.Options{Raw: map[string]string{"threads": "1"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %.4g x=%.4g y=%.4g bound=%.4g verified=%v\n", sol.Status, sol.Objective, sol.X[0], sol.X[1], sol.BestBound, rep.OK)
	// Output: optimal 20 x=4 y=0 bound=20 verified=true
}

// The backend itself, opened by name, on the LP relaxation: CBC hands an
// LP to CLP and reports its row duals (c = Aᵀy + d): both rows bind at
// (3, 1.5), y = (0.75, 0.5).
func ExampleBackend_Solve() {
	m := lp.New("relaxation", lp.Maximize)
	x := m.AddVar("x", 0, lp.Inf, 5)
	y := m.AddVar("y", 0, lp.Inf, 4)
	m.AddLE("r0", 24, lp.Term{Var: x, Coef: 6}, lp.Term{Var: y, Coef: 4})
	m.AddLE("r1", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	b, err := solve.Open("cbc")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := b.Solve(context.Background(), m, solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %.4g y=(%.4g, %.4g)\n", sol.Status, sol.Objective, sol.RowDual[0], sol.RowDual[1])
	// Output: optimal 21 y=(0.75, 0.5)
}
