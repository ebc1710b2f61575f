package solfile_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
	"github.com/streamopt/streamopt/lp/solfile"
)

func ExampleWriteHiGHS() {
	m := lp.New("tiny", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("c1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := solfile.WriteHiGHS(os.Stdout, m, sol); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Model status
	// Optimal
	//
	// # Primal solution values
	// Feasible
	// Objective 11
	// # Columns 2
	// x 3
	// y 1
	// # Rows 1
	// c1 4
	//
	// # Dual solution values
	// Feasible
	// # Columns 2
	// x 1
	// y 0
	// # Rows 1
	// c1 2
}

func ExampleWriteMIPLIB() {
	m := lp.New("knap", lp.Maximize)
	a := m.AddBinary("a", 5)
	b := m.AddBinary("b", 4)
	m.AddLE("w", 1, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1})
	sol := &lp.Solution{Status: lp.Optimal, X: []float64{1, 0}, Objective: 5}
	if err := solfile.WriteMIPLIB(os.Stdout, m, sol); err != nil {
		fmt.Println(err)
	}
	// Output:
	// =obj= 5
	// a 1
	// b 0
}

func ExampleRead() {
	m := lp.New("knap", lp.Maximize)
	m.AddBinary("a", 5)
	m.AddBinary("b", 4)
	m.AddBinary("c", 3)
	// cbc's solution file lists the nonzero columns only
	const cbc = `Optimal - objective value 8.00000000
      0 a                      1                       5
      2 c                      1                       3
`
	f, err := solfile.Read(strings.NewReader(cbc), "knap.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := f.Point(m)
	fmt.Println(f.Format, f.Status, f.Objective, x, err)
	// Output:
	// cbc Optimal 8 [1 0 1] <nil>
}

func ExampleReadBasis() {
	m := lp.New("tiny", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("c1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	const bas = `NAME          tiny
 XU y         c1
 UL x
ENDATA
`
	b, err := solfile.ReadBasis(strings.NewReader(bas), m, "tiny.bas")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{Basis: &b})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Cols, b.Rows, sol.Status, sol.Objective, sol.Iterations, "iterations")
	if err := solfile.WriteBasis(os.Stdout, m, *sol.Basis); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [at_upper basic] [at_upper] optimal 11 0 iterations
	// NAME          tiny
	//  UL x
	//  XU y         c1
	// ENDATA
}
