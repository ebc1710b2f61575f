package rrs_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/streamopt/streamopt/models/rrs"
)

func ExampleParse() {
	f, err := os.Open("../../examples/rrs-paper.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	in, err := rrs.Parse(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("N = %g, %d DCs, %d regions, ΣC_i = %g\n", in.Users, len(in.DataCenters), len(in.Regions), in.TotalCapacity())
	// Output: N = 360, 5 DCs, 5 regions, ΣC_i = 400
}

func ExampleSolve() {
	data, _ := os.ReadFile("../../examples/rrs-paper.json")
	in, err := rrs.Parse(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := rrs.Solve(context.Background(), in, rrs.Options{Method: rrs.MethodQP})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: profit %.3f (identity %.3f)\n", res.Status, res.Profit, res.Identity)
	for _, l := range res.Loads {
		fmt.Printf("%s %.1f users\n", l.Name, l.Users)
	}
	// Output:
	// optimal: profit 195.542 (identity 195.542)
	// DC1 100.0 users
	// DC2 90.0 users
	// DC3 80.0 users
	// DC4 54.0 users
	// DC5 36.0 users
}

func ExampleInstance_Compile() {
	data, _ := os.ReadFile("../../examples/rrs-paper.json")
	in, err := rrs.Parse(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := in.Compile()
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := p.CheckCurvature()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d variables, %d capacity rows, %d assignment rows, concave %v\n", p.NumVars(), len(p.G), len(p.E), c.Concave)
	// Output: 25 variables, 5 capacity rows, 5 assignment rows, concave true
}

func ExampleInstance_CheckFeasible() {
	data, _ := os.ReadFile("../../examples/rrs-paper.json")
	in, _ := rrs.Parse(bytes.NewReader(data))
	in.Users = 401
	fmt.Println(in.CheckFeasible())
	// Output: infeasible (Proposition 1): the data centres can serve ΣC_i = 400 users, fewer than N = 401
}

// SolveGlobal on the non-concave variant of the paper's scenario (spec A.5:
// slopes 0.008 … 0.002): it proves the optimum to the default gap 1e-6.
func ExampleSolveGlobal() {
	data, _ := os.ReadFile("../../examples/rrs-paper.json")
	in, err := rrs.Parse(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, k := range []float64{0.008, 0.006, 0.004, 0.002, 0.002} {
		in.Regions[j].RevenueSlope = k
	}
	p, err := in.Compile()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, st, err := rrs.SolveGlobal(context.Background(), in, p, rrs.GlobalOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("profit %.4f, proven gap ≤ 1e-6: %v\n", s.Objective, st.Gap <= 1e-6)
	// Output: profit 144.8432, proven gap ≤ 1e-6: true
}

// Random draws an instance of the benchmarks' family; a spread of the
// revenue slopes makes it non-concave.
func ExampleRandom() {
	in := rrs.Random(4, 12, 3, 0.75)
	fmt.Println(len(in.DataCenters), "data centres,", len(in.Regions), "regions, uniform slope:", in.UniformSlope())
	// Output:
	// 4 data centres, 12 regions, uniform slope: false
}
