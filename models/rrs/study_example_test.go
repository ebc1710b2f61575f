package rrs_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/study"
)

// paper reads the paper's scenario (spec A.10).
func paper() *rrs.Instance {
	data, _ := os.ReadFile("../../examples/rrs-paper.json")
	in, err := rrs.Parse(bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	return in
}

func ExampleField_Set() {
	f, err := rrs.ParseField("datacenters[*].bandwidth_users")
	if err != nil {
		fmt.Println(err)
		return
	}
	in, err := f.Set(paper(), 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	// C_i = min(B_i, (Θ_i^max − λ_i)/ι_i): with B_i = 100 the CPU caps of
	// the paper's data centres, 100, 100, 80, 70 and 60, sum to 410.
	fmt.Printf("%s = 100: ΣC_i = %.0f\n", f, in.TotalCapacity())
	_, err = rrs.ParseField("datacenters[0].name")
	fmt.Println(err != nil)
	// Output:
	// datacenters[*].bandwidth_users = 100: ΣC_i = 410
	// true
}

// A batch of one instance swept over N: the optima of spec A.10 at 300
// and 400 users, and no policy at 500 (more users than capacity).
func ExampleBatchStudy() {
	users, _ := rrs.ParseField("users")
	q := rrs.Batch{Instances: []*rrs.Instance{paper()}, Names: []string{"paper"}, Field: &users, Values: []float64{300, 400, 500}, Method: rrs.MethodAuto}
	p, err := rrs.BatchStudy{}.Plan(context.Background(), q)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.Run(context.Background(), p, study.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range out.Result.Rows {
		fmt.Printf("%s N=%g: %s %s %.3f\n", r.Instance, *r.Value, r.Status(), r.Method, r.Profit)
	}
	// Output:
	// paper N=300: optimal qp 166.800
	// paper N=400: optimal qp 210.720
	// paper N=500: infeasible  0.000
}

// Local solves from random policies bound the optimum from below; on the
// concave paper scenario every start reaches the optimum of spec A.10.
func ExampleMultistartStudy() {
	p, err := rrs.MultistartStudy{}.Plan(context.Background(), rrs.Multistart{Instance: paper(), Starts: 3, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.Run(context.Background(), p, study.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := out.Result
	fmt.Printf("%d of %d starts at a KKT point, best profit %.3f\n", r.Done-r.Failed, r.Starts, r.Best)
	// Output: 3 of 3 starts at a KKT point, best profit 195.542
}
