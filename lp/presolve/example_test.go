package presolve_test

import (
	"context"
	"fmt"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/presolve"
)

func ExamplePresolve() {
	// min 2a + b + c  s.t.  a + b ≥ 4,  2a ≥ 3 (a singleton row),  c = 1 (fixed).
	m := lp.New("example", lp.Minimize)
	a := m.AddVar("a", 0, 10, 2)
	b := m.AddVar("b", 0, 10, 1)
	c := m.AddVar("c", 1, 1, 1)
	m.AddGE("cover", 4, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1}, lp.Term{Var: c, Coef: 0.5})
	m.AddGE("least", 3, lp.Term{Var: a, Coef: 2})

	res, err := presolve.Presolve(m, presolve.Options{})
	if err != nil {
		panic(err)
	}
	red := res.Reduced
	fmt.Println("status:", res.Status)
	fmt.Println(res.Stats)
	fmt.Printf("reduced: %d rows, %d columns, objective offset %g\n", red.NumRows(), red.NumVars(), red.ObjOffset)
	fmt.Printf("row %s: [%g, %g]\n", red.Rows[0].Name, red.Rows[0].Lower, red.Rows[0].Upper)
	fmt.Printf("column %s: [%g, %g]\n", red.Vars[0].Name, red.Vars[0].Lower, red.Vars[0].Upper)
	// Output:
	// status: not_solved
	// rows 2→1, columns 3→2, nonzeros 4→2
	// reduced: 1 rows, 2 columns, objective offset 1
	// row cover: [3.5, +Inf]
	// column a: [1.5, 10]
}

func ExampleResult_Postsolve() {
	// min x + y  s.t.  x ≥ 1 (singleton row),  x + y ≤ 1,  x ∈ [0, 10], y ∈ [0, 5].
	// The singleton row lifts x to [1, 10]; then x + y ≤ 1 is forcing and
	// fixes x = 1, y = 0, so the reduced model is empty.
	m := lp.New("example", lp.Minimize)
	x := m.AddVar("x", 0, 10, 1)
	y := m.AddVar("y", 0, 5, 1)
	m.AddGE("lift", 1, lp.Term{Var: x, Coef: 1})
	m.AddLE("cap", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})

	res, err := presolve.Presolve(m, presolve.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("reduced: %d rows, %d columns\n", res.Reduced.NumRows(), res.Reduced.NumVars())
	// The empty model's optimal solution is empty; map it back.
	sol, err := res.Postsolve(&lp.Solution{Status: lp.Optimal, X: []float64{}, RowDual: []float64{}, ReducedCost: []float64{}})
	if err != nil {
		panic(err)
	}
	fmt.Println("x:", sol.X, "objective:", sol.Objective)
	fmt.Println("row duals:", sol.RowDual, "reduced costs:", sol.ReducedCost)
	// Output:
	// reduced: 0 rows, 0 columns
	// x: [1 0] objective: 1
	// row duals: [1 0] reduced costs: [0 1]
}

func ExamplePresolveContext() {
	// A deadline that has already passed: presolve stops at once and says
	// so with lp.TimeLimit, which a solver reports as a time-limit answer.
	m := lp.New("example", lp.Minimize)
	x := m.AddVar("x", 0, 10, 1)
	m.AddGE("lift", 1, lp.Term{Var: x, Coef: 1})
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()

	res, err := presolve.PresolveContext(ctx, m, presolve.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println("status:", res.Status, "reduced model:", res.Reduced != nil)
	fmt.Println(res.Reason)
	// Output:
	// status: time_limit reduced model: false
	// presolve stopped: context deadline exceeded
}
