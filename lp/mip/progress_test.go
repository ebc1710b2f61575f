package mip

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestParseProgress reads back the progress lines of a real search's log:
// the parser and logLine's format must agree, and the last line must say
// what the solution says.
func TestParseProgress(t *testing.T) {
	// A 0-1 knapsack (the model of ExampleSolve_nodeLimit) that takes a
	// few nodes; with LogEvery 1 every node writes a line.
	m := lp.New("knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var row []lp.Term
	for j := range value {
		row = append(row, lp.Term{Var: m.AddBinary(fmt.Sprint("x", j), value[j]), Coef: weight[j]})
	}
	m.AddLE("capacity", 100, row...)
	var log bytes.Buffer
	sol, err := Solve(context.Background(), m, Options{Log: &log, LogEvery: 1, NoCuts: true})
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("%v, %v", sol, err)
	}
	var got []Progress
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		p, ok := ParseProgress(line)
		if ok {
			got = append(got, p)
		} else if strings.Contains(line, " nodes ") {
			t.Errorf("a progress line that does not parse: %q", line)
		}
	}
	if len(got) < 2 {
		t.Fatalf("%d progress lines in the log:\n%s", len(got), log.String())
	}
	last := got[len(got)-1]
	if last.Event != "done: optimal" || last.Nodes != sol.Nodes || last.Iterations != sol.Iterations ||
		math.Abs(last.Incumbent-sol.Objective) > 1e-9*math.Abs(sol.Objective) || last.Gap > 1e-6 {
		t.Errorf("last line %+v; the solution: %d nodes, %d iterations, objective %v", last, sol.Nodes, sol.Iterations, sol.Objective)
	}
	for _, bad := range []string{"", "root: LP bound 3 after 4 iterations; 10 integer columns, 1 rows",
		"   12 nodes  3 open  incumbent x bound 1 gap - 5 iters 0.1s",
		"   12 nodes  3 open  incumbent - bound 1 gap - 5 iters"} {
		if p, ok := ParseProgress(bad); ok {
			t.Errorf("ParseProgress(%q) = %+v, want not a progress line", bad, p)
		}
	}
	p, ok := ParseProgress("        0 nodes       1 open  incumbent -                bound -Inf             gap -                 0 iters    0.0s ")
	if !ok || !math.IsNaN(p.Incumbent) || !math.IsNaN(p.Gap) || !math.IsInf(p.Bound, -1) || p.Event != "" {
		t.Errorf("a line before the root: %+v, %v", p, ok)
	}
}
