//go:build clp

package clp_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/streamopt/streamopt/fault"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/clp"
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

// A coefficient CLP would abort the process on is refused before CLP sees
// it, with an error wrapping lp.ErrInvalid and ErrRange that names the
// entry. Through solve.Solve the same model is refused earlier, by
// lp.DefaultLimits, as an input error.
func ExampleBackend_Solve() {
	m := lp.New("huge", lp.Minimize)
	m.AddVar("x", 0, 1, 1e26)
	_, err := clp.New().Solve(context.Background(), m, solve.Options{})
	fmt.Println(err)
	fmt.Println("range error:", errors.Is(err, clp.ErrRange))
	_, _, err = solve.Solve(context.Background(), m, "clp", solve.Options{})
	fmt.Println(err)
	fmt.Println("input error:", fault.Of(err) == fault.Input)
	// Output:
	// clp: invalid model: data outside the range of a double-precision solver: column 0 (x): objective coefficient 1e+26: |c| must be ≤ 1e+24
	// range error: true
	// solve: invalid model: data outside the range of a double-precision solver: column 0 (x): objective coefficient 1e+26: |c| must be ≤ 1e+20
	// input error: true
}
