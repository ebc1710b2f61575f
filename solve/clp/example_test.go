//go:build clp

package clp_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	_ "github.com/streamopt/streamopt/solve/clp"
)

// Solve a small LP with CLP through solve.Solve, which verifies the answer.
// max 3x + 2y s.t. x + y ≤ 4, x + 3y ≤ 6, x, y ≥ 0 has its optimum 12 at
// (4, 0); the dual of the first row is 3.
func Example() {
	m := lp.New("example", lp.Maximize)
	x := m.AddVar("x", 0, lp.Inf, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("r0", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("r1", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	sol, rep, err := solve.Solve(context.Background(), m, "clp", solve.Options{Raw: map[string]string{"algorithm": "primal"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %.4g x=%.4g y=%.4g dual(r0)=%.4g verified=%v\n", sol.Status, sol.Objective, sol.X[0], sol.X[1], sol.RowDual[0], rep.OK)
	// Output: optimal 12 x=4 y=0 dual(r0)=3 verified=true
}

// A coefficient CLP would abort the process on is refused with an error
// that solve.IsInputError recognises (it wraps lp.ErrInvalid).
func ExampleBackend_Solve() {
	m := lp.New("huge", lp.Minimize)
	m.AddVar("x", 0, 1, 1e26)
	_, _, err := solve.Solve(context.Background(), m, "clp", solve.Options{})
	fmt.Println(err)
	fmt.Println("input error:", solve.IsInputError(err))
	// Output:
	// solve: backend failure: backend "clp": clp: invalid model: value outside the range CLP accepts: vars[0] (x).obj: |c| must be < 1e+25, got 1e+26
	// input error: true
}
