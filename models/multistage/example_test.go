package multistage_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/streamopt/streamopt/models/multistage"
)

func ExamplePlan() {
	data, _ := os.ReadFile("../../examples/mps-paper.json")
	in, err := multistage.Parse(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	// S3 of the paper: stages at 300, 360 and 400 users.
	p, err := multistage.Plan(context.Background(), &in.Network, "S3", []float64{300, 360, 400}, multistage.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for q, st := range p.Stages {
		fmt.Printf("stage %d: users from %g, planned RRS(%g), stage profit %.3f\n", q+1, st.From, st.Users, st.Profit)
	}
	ev := p.Evaluate(&in.Network, 380)
	fmt.Printf("at N = 380: profit %.3f, feasible %v\n", ev.Profit, ev.Feasible)
	// Output:
	// stage 1: users from 0, planned RRS(360), stage profit 195.542
	// stage 2: users from 360, planned RRS(40), stage profit 16.560
	// at N = 380: profit 203.298, feasible true
}

func ExampleParse() {
	f, err := os.Open("../../examples/mps-paper.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	in, err := multistage.Parse(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("N in [%g, %g], worst %g; %d data centres; %d policies\n", in.NormalLow, in.NormalHigh, in.Worst, len(in.Network.DataCenters), len(in.Policies))
	// Output: N in [300, 360], worst 400; 5 data centres; 4 policies
}

// A whole study: every policy planned, a sweep over N = 300, 320, …, 400,
// and the mean gap of each policy over each of the study's intervals. S1,
// static RRS(360), is infeasible above 360 users; S3 and S4 agree on
// [360, 400] (see TestLastStagesAgree).
func ExampleGapTable() {
	data, _ := os.ReadFile("../../examples/mps-paper.json")
	in, err := multistage.Parse(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	pols, err := in.PlanPolicies(ctx, multistage.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pts, err := multistage.Sweep(ctx, &in.Network, pols, in.NormalLow, in.Worst, 20, multistage.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, row := range multistage.GapTable(pts, len(pols), in.Intervals()) {
		fmt.Print(pols[k].Name)
		for _, g := range row {
			fmt.Printf("  [%g, %g] %.3f (%d/%d feasible)", g.From, g.To, g.Mean, g.Feasible, g.Points)
		}
		fmt.Println()
	}
	// Output:
	// S1  [300, 400] 0.494 (4/6 feasible)  [300, 360] 0.494 (4/4 feasible)  [360, 400] 0.000 (1/3 feasible)
	// S2  [300, 400] 2.910 (6/6 feasible)  [300, 360] 3.835 (4/4 feasible)  [360, 400] 1.880 (3/3 feasible)
	// S3  [300, 400] 0.373 (6/6 feasible)  [300, 360] 0.494 (4/4 feasible)  [360, 400] 0.087 (3/3 feasible)
	// S4  [300, 400] 0.070 (6/6 feasible)  [300, 360] 0.039 (4/4 feasible)  [360, 400] 0.087 (3/3 feasible)
}
