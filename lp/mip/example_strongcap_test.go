package mip_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// A generalised assignment problem: 30 jobs to 6 machines, each machine
// with a capacity, at the least cost; costs and sizes follow fixed
// formulas. With Options.StrongCap on, the strong-branching LPs below the
// root stop at twice the node LPs' average iterations and are scored with
// the dual bound they reach; the log's summary line counts them. Both
// settings prove the optimum 448 (cbc 2.10 finds 448 too), the capped one
// with about half the iterations.
func ExampleOptions_strongCap() {
	const jobs, machines = 30, 6
	m := lp.New("gap", lp.Minimize)
	for i := 0; i < jobs; i++ {
		for k := 0; k < machines; k++ {
			m.AddBinary(fmt.Sprintf("x%d_%d", i, k), float64(10+(7*i+11*k*k+3*i*k)%23))
		}
	}
	for i := 0; i < jobs; i++ {
		var t []lp.Term
		for k := 0; k < machines; k++ {
			t = append(t, lp.Term{Var: i*machines + k, Coef: 1})
		}
		m.AddEQ(fmt.Sprint("job", i), 1, t...)
	}
	for k := 0; k < machines; k++ {
		var t []lp.Term
		for i := 0; i < jobs; i++ {
			t = append(t, lp.Term{Var: i*machines + k, Coef: float64(5 + (5*i+7*k+i*k)%11)})
		}
		m.AddLE(fmt.Sprint("cap", k), 40, t...)
	}
	tree := regexp.MustCompile(`tree LPs: .*`)
	for _, sw := range []mip.Switch{mip.On, mip.Off} {
		var log bytes.Buffer
		sol, err := mip.Solve(context.Background(), m, mip.Options{StrongCap: sw, Threads: 1, Log: &log})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("strongcap %v: %v %v after %d nodes, %d iterations\n", sw, sol.Status, sol.Objective, sol.Nodes, sol.Iterations)
		fmt.Println(string(tree.Find(log.Bytes())))
	}
	// Output:
	// strongcap on: optimal 448 after 33 nodes, 2930 iterations
	// tree LPs: 27 node LPs, 212 iterations; 128 strong-branching LPs, 1518 iterations, 27 capped
	// strongcap off: optimal 448 after 129 nodes, 8317 iterations
	// tree LPs: 114 node LPs, 672 iterations; 470 strong-branching LPs, 6351 iterations, 0 capped
}
