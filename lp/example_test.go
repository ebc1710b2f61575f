package lp_test

import (
	"errors"
	"fmt"

	"github.com/streamopt/streamopt/lp"
)

// A planning tool builds a model directly: a small production plan with
// two products sharing machine hours and a demand range.
func ExampleModel() {
	m := lp.New("plan", lp.Maximize)
	chairs := m.AddVar("chairs", 0, lp.Inf, 45)
	tables := m.AddIntVar("tables", 0, 20, 80)
	m.AddLE("machine_hours", 400, lp.Term{Var: chairs, Coef: 5}, lp.Term{Var: tables, Coef: 20})
	m.AddRow("demand", 10, 60, lp.Term{Var: chairs, Coef: 1}, lp.Term{Var: tables, Coef: 1})
	if err := m.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.NumVars(), "columns,", m.NumRows(), "rows,", m.NumNonzeros(), "nonzeros, MIP:", m.IsMIP())
	for i := range m.Rows {
		fmt.Println(m.Rows[i].Name, m.Rows[i].Type())
	}
	x := []float64{40, 10}
	fmt.Println("objective at (40, 10):", m.Objective(x), "activities:", m.Activities(x))
	// Output:
	// 2 columns, 2 rows, 4 nonzeros, MIP: true
	// machine_hours <=
	// demand range
	// objective at (40, 10): 2600 activities: [400 50]
}

// ExampleModel_ActivitiesInto sums Ax into a buffer kept from call to
// call, as a solver checking many points does.
func ExampleModel_ActivitiesInto() {
	m := lp.New("plan", lp.Maximize)
	chairs := m.AddVar("chairs", 0, lp.Inf, 45)
	tables := m.AddIntVar("tables", 0, 20, 80)
	m.AddLE("machine_hours", 400, lp.Term{Var: chairs, Coef: 5}, lp.Term{Var: tables, Coef: 20})
	m.AddRow("demand", 10, 60, lp.Term{Var: chairs, Coef: 1}, lp.Term{Var: tables, Coef: 1})
	act := make([]float64, m.NumRows())
	for _, x := range [][]float64{{40, 10}, {0, 20}} {
		m.ActivitiesInto(x, act)
		fmt.Println(x, "->", act)
	}
	// Output:
	// [40 10] -> [400 50]
	// [0 20] -> [400 20]
}

// ExampleModel_CheckRange refuses min −x s.t. 1e-25·x ≤ 1: its optimum
// x = 1e25 lies beyond double-precision solvers (CLP and lp_solve call it
// unbounded), which the spread of its row (1e25) shows before solving.
func ExampleModel_CheckRange() {
	m := lp.New("tiny", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, -1)
	m.AddLE("r", 1, lp.Term{Var: x, Coef: 1e-25})
	err := m.CheckRange(lp.DefaultLimits())
	fmt.Println(errors.Is(err, lp.ErrRange))
	fmt.Println(err)
	// Output:
	// true
	// invalid model: data outside the range of a double-precision solver: row 0 (r): values span a factor 1e+25, beyond 1e+20: largest upper bound 1, smallest coefficient 1e-25 of column 0 (x)
}

// x + y ≤ 1 and x + y ≥ 2 cannot both hold: y = (−1, 1) adds them into
// 0 ≥ 1, a margin of 1 against terms of size 1 and 2. The opposite sign
// leans on the first row's infinite lower bound and proves nothing.
func ExampleFarkasMargin() {
	m := lp.New("infeasible", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, 0)
	y := m.AddVar("y", 0, lp.Inf, 0)
	m.AddLE("at_most", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddGE("at_least", 2, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	margin, rel, err := lp.FarkasMargin(m, []float64{-1, 1})
	fmt.Printf("margin %.3g, relative %.3g, %v\n", margin, rel, err)
	_, _, err = lp.FarkasMargin(m, []float64{1, -1})
	fmt.Println(err)
	// Output:
	// margin 1, relative 0.333, <nil>
	// lp: Farkas certificate: y[0] = 1 on row at_most with an infinite bound
}
