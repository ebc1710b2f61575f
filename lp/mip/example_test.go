package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// A small integer program (Wolsey, Integer Programming, 1998): the LP
// relaxation's optimum (20/7, 3) is fractional; branch and bound finds (2, 1).
func ExampleSolve() {
	m := lp.New("wolsey", lp.Maximize)
	x1 := m.AddIntVar("x1", 0, lp.Inf, 4)
	x2 := m.AddIntVar("x2", 0, lp.Inf, -1)
	m.AddLE("c1", 14, lp.Term{Var: x1, Coef: 7}, lp.Term{Var: x2, Coef: -2})
	m.AddLE("c2", 3, lp.Term{Var: x2, Coef: 1})
	m.AddLE("c3", 3, lp.Term{Var: x1, Coef: 2}, lp.Term{Var: x2, Coef: -2})

	sol, err := mip.Solve(context.Background(), m, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective, sol.X, sol.BestBound)
	// Output: optimal 7 [2 1] 7
}

// A node limit stops the search early; the solution then carries the best
// integer point found so far and the best proven bound.
func ExampleSolve_nodeLimit() {
	m := lp.New("knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var row []lp.Term
	for j := range value {
		row = append(row, lp.Term{Var: m.AddBinary(fmt.Sprint("x", j), value[j]), Coef: weight[j]})
	}
	m.AddLE("capacity", 100, row...)

	sol, err := mip.Solve(context.Background(), m, mip.Options{NodeLimit: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	// 197 is the optimum (glpsol 5.0 on the same model).
	fmt.Println(sol.Status, sol.Nodes, sol.HasPrimal(), sol.BestBound >= 197)
	// Output: node_limit 1 true true
}

// ParseProgress reads a progress line of the search's log back into
// numbers, for a program that follows a run; other lines are not progress.
func ExampleParseProgress() {
	line := "*      120 nodes       8 open  incumbent 7                bound 7.5              gap 6.67%         431 iters    0.2s diving"
	p, ok := mip.ParseProgress(line)
	fmt.Println(ok, p.Nodes, p.Open, p.Incumbent, p.Bound, p.Gap, p.Iterations, p.Event)
	_, ok = mip.ParseProgress("root: LP bound 7.5 after 12 iterations; 2 integer columns, 3 rows")
	fmt.Println(ok)
	// Output:
	// true 120 8 7 7.5 0.07142857142857142 431 diving
	// false
}
