package mip_test

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// The primal heuristics are switched one by one in Options; the zero value,
// Auto, keeps the package's defaults. With feasibility jump on, the first
// incumbent is found before the root LP (at node 0); with it off, by the
// feasibility pump from the root LP once the root's cut loop ends, still at
// node 0 (the pump, then RENS if the pump fails, run there when no
// incumbent is known, to decide on a restart). The optimum is the same.
func ExampleSwitch() {
	m := lp.New("knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var row []lp.Term
	for j := range value {
		row = append(row, lp.Term{Var: m.AddBinary(fmt.Sprint("x", j), value[j]), Coef: weight[j]})
	}
	m.AddLE("capacity", 100, row...)

	for _, fj := range []mip.Switch{mip.On, mip.Off} {
		first := ""
		opts := mip.Options{FeasJump: fj, Callbacks: mip.Callbacks{Event: func(e mip.Event) error {
			if e.Kind == mip.IncumbentEvent && first == "" {
				first = fmt.Sprintf("%q at node %d", e.Source, e.Nodes)
			}
			return nil
		}}}
		sol, err := mip.Solve(context.Background(), m, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("feasibility jump", fj, "->", sol.Status, sol.Objective, "first incumbent", first)
	}
	// 197 is the optimum (glpsol 5.0 on the same model, as in ExampleSolve_nodeLimit).

	// Output:
	// feasibility jump on -> optimal 197 first incumbent "feasibility jump" at node 0
	// feasibility jump off -> optimal 197 first incumbent "feaspump" at node 0
}
