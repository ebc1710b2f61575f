package mip

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// firstIncumbent returns the first line of a search log that announces a
// new incumbent (marked "*").
func firstIncumbent(log string) string {
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "*") {
			return l
		}
	}
	return ""
}

// TestMIPStart: on shared MIPLIB instances, the optimum found by a cold
// search, given back as a full start, as its integer columns only, and as
// every other integer column, is the first incumbent (the log's first "*"
// line is the start: at node 0 for a complete start, after the nodes of
// the sub-MIP that completes the others) and the search ends at the optimum of
// optimal.csv without a warning.
func TestMIPStart(t *testing.T) {
	ins := instances.MiplibOrSkip(t)
	for _, in := range ins {
		if !map[string]bool{"small_mip": true, "flugpl": true, "lseu": true, "egout": true, "rgn": true}[in.Name] {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		cold, err := Solve(ctx, m, Options{NodeLimit: 200000})
		if err != nil || cold.Status != lp.Optimal {
			t.Fatalf("%s: cold %v %v", in.Name, cold.Status, err)
		}
		intsOnly := make([]float64, len(cold.X))
		half := make([]float64, len(cold.X))
		k := 0
		for j, v := range m.Vars {
			intsOnly[j], half[j] = math.NaN(), math.NaN()
			if v.Integer {
				intsOnly[j] = cold.X[j]
				if k%2 == 0 {
					half[j] = cold.X[j]
				}
				k++
			}
		}
		for _, tc := range []struct {
			name  string
			start []float64
		}{{"full", cold.X}, {"integer columns", intsOnly}, {"half the integer columns", half}} {
			var log bytes.Buffer
			sol, err := Solve(ctx, m, Options{NodeLimit: 200000, Start: tc.start, Log: &log})
			if err != nil || sol.Status != lp.Optimal {
				t.Fatalf("%s, %s: %v %v", in.Name, tc.name, sol.Status, err)
			}
			if math.Abs(sol.Objective-in.Optimum) > 1e-6*math.Max(1, math.Abs(in.Optimum)) {
				t.Errorf("%s, %s: objective %v, optimal.csv %v", in.Name, tc.name, sol.Objective, in.Optimum)
			}
			first := firstIncumbent(log.String())
			// a complete feasible start costs no node; completing one does
			complete := true
			for _, v := range tc.start {
				complete = complete && !math.IsNaN(v)
			}
			if !strings.HasSuffix(first, " start") || complete != strings.HasPrefix(first, "*        0 nodes") || len(sol.Warnings) > 0 {
				t.Errorf("%s, %s: first incumbent %q, warnings %q", in.Name, tc.name, first, sol.Warnings)
			}
			t.Logf("%-9s %-25s nodes %6d (cold %6d)", in.Name, tc.name, sol.Nodes, cold.Nodes)
		}
	}
}

// TestMIPStartRejected: a start that violates a row, or lies outside a
// bound, leaves a warning and the search finds the optimum anyway. The
// model: max 5a + 4b + 3c, 2a + 3b + c ≤ 4 over binaries (by hand: a = c
// = 1 gives 8; every other feasible choice gives less).
func TestMIPStartRejected(t *testing.T) {
	m := lp.New("knap", lp.Maximize)
	a := m.AddBinary("a", 5)
	b := m.AddBinary("b", 4)
	c := m.AddBinary("c", 3)
	m.AddLE("w", 4, lp.Term{Var: a, Coef: 2}, lp.Term{Var: b, Coef: 3}, lp.Term{Var: c, Coef: 1})
	for _, tc := range []struct {
		start []float64
		want  string
	}{
		{[]float64{1, 1, 1}, "MIP start with 3 of 3 integer columns fixed: infeasible; solving without it"},
		{[]float64{1, 1, math.NaN()}, "MIP start with 2 of 3 integer columns fixed: infeasible; solving without it"},
		{[]float64{2, math.NaN(), math.NaN()}, "MIP start: column a = 2 lies outside its bounds [0, 1]: start ignored"},
	} {
		sol, err := Solve(context.Background(), m, Options{Start: tc.start})
		if err != nil || sol.Status != lp.Optimal || sol.Objective != 8 {
			t.Fatalf("start %v: %v %v objective %v", tc.start, sol.Status, err, sol.Objective)
		}
		if len(sol.Warnings) != 1 || sol.Warnings[0] != tc.want {
			t.Errorf("start %v: warnings %q, want %q", tc.start, sol.Warnings, tc.want)
		}
	}
	if _, err := Solve(context.Background(), m, Options{Start: []float64{1}}); err == nil || !strings.Contains(err.Error(), "options.Start: 1 values for 3 columns") {
		t.Errorf("short start: %v", err)
	}
}
