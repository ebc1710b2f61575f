package iis_test

import (
	"context"
	"fmt"
	"math"
	"os"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/iis"
	"github.com/streamopt/streamopt/lp/lpformat"
)

// A plan that asks for 4 units from two sources whose total is capped at
// 3: the rows need and pair contradict each other alone (need minus pair
// reads 4 ≤ 3), and Find drops the rest, the bounds x, y ≥ 0 included.
// Model writes the subsystem for another solver to confirm.
func ExampleFind() {
	m := lp.New("plan", lp.Minimize)
	x := m.AddVar("x", 0, math.Inf(1), 1)
	y := m.AddVar("y", 0, math.Inf(1), 1)
	z := m.AddVar("z", 0, math.Inf(1), 1)
	m.AddGE("need", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("pair", 3, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("other", 5, lp.Term{Var: z, Coef: 1}, lp.Term{Var: x, Coef: 1})
	s, err := iis.Find(context.Background(), m, iis.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, i := range s.Rows {
		fmt.Println("row", m.Rows[i].Name)
	}
	for _, b := range s.Bounds {
		fmt.Println("bound of", m.Vars[b.Col].Name, "upper:", b.Upper)
	}
	if err := lpformat.Write(os.Stdout, s.Model(m), lpformat.WriteOptions{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// row need
	// row pair
	// \ written by streamopt lp/lpformat
	// \ objective of the model = objective of this file
	// \Problem name: plan_iis
	// Minimize
	//  + 0 x + 0 y
	// Subject To
	//  need: + x + y >= 4
	//  pair: + x + y <= 3
	// Bounds
	//  x free
	//  y free
	// End
}
