package rrs

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/study"
	"github.com/streamopt/streamopt/study/studytest"
)

// batchQ is a small batch: the paper's scenario and the spec A.5
// non-concave instance (solved by global), each at three N.
func batchQ(t *testing.T) Batch {
	f, err := ParseField("users")
	if err != nil {
		t.Fatal(err)
	}
	return Batch{Instances: []*Instance{paperInstance(t, 360), nonConcave(t)}, Names: []string{"paper.json", "nonconcave.json"},
		Field: &f, Values: []float64{300, 400, 500}, Method: MethodAuto, Backend: "simplex"}
}

// TestBatchStudy runs the study conformance suite on a batch.
func TestBatchStudy(t *testing.T) {
	studytest.Run(t, BatchStudy{}, batchQ(t))
}

// TestMultistartStudy runs the conformance suite on a multistart of the
// non-concave instance.
func TestMultistartStudy(t *testing.T) {
	studytest.Run(t, MultistartStudy{}, Multistart{Instance: nonConcave(t), Starts: 6, Seed: 3})
}

// The batch's rows are the solves of the points: the paper's optima of
// spec A.10 at N = 300 and 400 (SciPy SLSQP and a HiGHS KKT-MILP there),
// infeasible at 500 > ΣC_i = 400, and global's proven bound on the
// non-concave instance.
func TestBatchRows(t *testing.T) {
	q := batchQ(t)
	p, err := BatchStudy{}.Plan(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	out, err := study.Run(context.Background(), p, study.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	rows := out.Result.Rows
	if len(rows) != 6 || out.Result.Points != 6 {
		t.Fatalf("%d rows of %d points, want 6", len(rows), out.Result.Points)
	}
	want := []struct {
		instance string
		n        float64
		profit   float64 // NaN: infeasible
		method   string
	}{
		{"paper.json", 300, 166.800, MethodQP}, {"paper.json", 400, 210.720, MethodQP}, {"paper.json", 500, math.NaN(), ""},
		{"nonconcave.json", 300, -1, MethodGlobal}, {"nonconcave.json", 400, -1, MethodGlobal}, {"nonconcave.json", 500, math.NaN(), ""},
	}
	for k, w := range want {
		r := rows[k]
		if r.Instance != w.instance || *r.Value != w.n || r.Users != w.n || r.Method.String() != w.method {
			t.Errorf("row %d: %s N=%v users %v method %q, want %s N=%v by %q", k, r.Instance, *r.Value, r.Users, r.Method, w.instance, w.n, w.method)
		}
		switch {
		case math.IsNaN(w.profit):
			if r.Feasible || r.Status() != StatusInfeasible {
				t.Errorf("row %d: N=%v above the capacity 400 solved as %s", k, w.n, r.Status())
			}
		case w.profit < 0: // global: a bound at or above the profit, within the gap
			if !(r.Bound >= r.Profit) || !(r.Gap <= DefaultGlobalGap) {
				t.Errorf("row %d: global profit %v, bound %v, gap %v", k, r.Profit, r.Bound, r.Gap)
			}
		case math.Abs(r.Profit-w.profit) > 1e-3 || !math.IsNaN(r.Bound):
			t.Errorf("row %d: profit %.6f (bound %v), want %.3f and no bound", k, r.Profit, r.Bound, w.profit)
		}
	}
}

// A field that is not numeric, or a value the instance refuses, is an
// input error naming the field and the value.
func TestBatchFieldErrors(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"nope", `"nope" is not a field of the instance`},
		{"name", `field "name": not a number`},
		{"regions[x].share", `index "x"`},
		{"users[0]", "users is not a list"},
		{"regions", "not a number"},
	} {
		_, err := ParseField(tc.path)
		if !errors.Is(err, ErrField) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "datacenters[i].bandwidth_users") {
			t.Errorf("ParseField(%q) = %v, want an input error with %q and the list of fields", tc.path, err, tc.want)
		}
	}
	in := paperInstance(t, 360)
	for _, tc := range []struct {
		path string
		v    float64
		want string
	}{
		{"users", -5, "users=-5: "},
		{"regions[7].share", 0.5, "field regions[7].share=0.5: index 7: the list has 5 entries"},
		{"datacenters[*].background_cpu", 2, "datacenters[*].background_cpu=2: "},
	} {
		f, err := ParseField(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Set(in, tc.v); fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%s, %v) = %v, want an input error with %q", tc.path, tc.v, err, tc.want)
		}
	}
	if in.Users != 360 || in.DataCenters[0].BackgroundCPU == 2 {
		t.Errorf("Set changed its instance")
	}
	// [*] sets every element; the copy is deep.
	f, _ := ParseField("latency_ms[*][1]")
	out, err := f.Set(in, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := range out.LatencyMS {
		if out.LatencyMS[i][1] != 7 || in.LatencyMS[i][1] == 7 {
			t.Errorf("latency_ms[%d][1]: %v in the copy, %v in the original", i, out.LatencyMS[i][1], in.LatencyMS[i][1])
		}
	}
	q := batchQ(t)
	q.Values = []float64{300, -1}
	if _, err := (BatchStudy{}).Plan(context.Background(), q); fault.Of(err) != fault.Input || !strings.Contains(err.Error(), "paper.json: users=-1") {
		t.Errorf("Plan with users=-1: %v, want an input error naming the file, field and value", err)
	}
}

// Every local solve ends at a KKT point at or below the global optimum
// (the multistart is a lower bound, the global method's profit proven to
// DefaultGlobalGap), and the best start is one of them.
func TestMultistartBelowGlobal(t *testing.T) {
	in := nonConcave(t)
	p, err := MultistartStudy{}.Plan(context.Background(), Multistart{Instance: in, Starts: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	out, err := study.Run(context.Background(), p, study.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), in, Options{Method: MethodGlobal})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Result
	if r.Done != 4 || r.BestStart < 0 || r.Best > res.Profit*(1+DefaultGlobalGap)+1e-9 {
		t.Errorf("multistart %+v; global profit %.6f: want 4 starts done, a best at or below it", r, res.Profit)
	}
}
