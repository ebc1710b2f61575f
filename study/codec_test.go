package study

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

type codecCell struct {
	X  float64   `record:"x"`
	K  int       `record:"k"`
	On bool      `record:"on"`
	Ys []float64 `record:"y"`
	P  *float64  `record:"p"`
	no string
}

// TestCodec: a cell's struct flattens into named metrics (a bool as 0 or
// 1, a slice as name_i) and reads back; a metric that is not a whole
// number for an int, nor 0 or 1 for a bool, is refused naming it.
func TestCodec(t *testing.T) {
	in := codecCell{X: 1.5, K: 3, On: true, Ys: []float64{4, 5}, no: "kept out"}
	m := encode(in)
	if _, has := m["p"]; has {
		t.Errorf("encode: a nil *float64 is recorded: %v", m)
	}
	if len(m) != 5 || m["x"] != 1.5 || m["k"] != 3 || m["on"] != 1 || m["y_0"] != 4 || m["y_1"] != 5 {
		t.Fatalf("encode = %v", m)
	}
	names, vals := []string{"k", "on", "x", "y_0", "y_1"}, []float64{3, 1, 1.5, 4, 5}
	var out codecCell
	if err := decode(names, vals, &out); err != nil || out.X != 1.5 || out.K != 3 || !out.On || len(out.Ys) != 2 || out.Ys[1] != 5 {
		t.Fatalf("decode = %+v, %v", out, err)
	}
	for _, c := range []struct {
		vals []float64
		want string
	}{{[]float64{3.5, 1, 0, 0, 0}, "metrics.k: must be a whole number, got 3.5"}, {[]float64{3, 2, 0, 0, 0}, "metrics.on: must be 0 or 1, got 2"}} {
		if err := decode(names, c.vals, &out); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("decode %v: %v, want %q", c.vals, err, c.want)
		}
	}
	p := 2.5
	in.P = &p
	if m := encode(in); m["p"] != 2.5 {
		t.Errorf("encode: *float64 2.5 recorded as %v", m["p"])
	}
	if err := decode(append(names, "p"), append(vals, 2.5), &out); err != nil || out.P == nil || *out.P != 2.5 {
		t.Errorf("decode p: %v, %v", out.P, err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "must be a float64, int, bool, *float64 or []float64") {
			t.Errorf("a string field tagged record: recover() = %v", r)
		}
	}()
	encode(struct {
		S string `record:"s"`
	}{})
}

// TestSummarize: Summarize over typed samples is sim.Summarize over the
// same metrics as columns (its definition), a nil *float64 being a metric
// the sample does not have; Compare is sim.PairedCI metric by metric.
func TestSummarize(t *testing.T) {
	one, nan := 1.0, math.NaN()
	samples := []codecCell{{X: 1, K: 2, Ys: []float64{3}}, {X: 4, K: 5, On: true, Ys: []float64{6}, P: &one}, {X: 7, K: 8, Ys: []float64{9}}}
	cols := []sim.Column{{Name: "k", Values: []float64{2, 5, 8}}, {Name: "on", Values: []float64{0, 1, 0}}, {Name: "p", Values: []float64{nan, 1, nan}}, {Name: "x", Values: []float64{1, 4, 7}}, {Name: "y_0", Values: []float64{3, 6, 9}}}
	got, want := Summarize(samples, 0.9), sim.Summarize(cols, 0.9)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
	if st, _ := got.Get("p"); st.N != 1 {
		t.Errorf("p: n = %d, want 1 (two samples lack it)", st.N)
	}
	other := []codecCell{{X: 0, K: 1, Ys: []float64{1}}, {X: 2, K: 1, Ys: []float64{2}, P: &one}, {X: 3, K: 1, Ys: []float64{3}}}
	diff := Compare(samples, other, 0.9)
	if st, _ := diff.Get("x"); st != sim.PairedCI([]float64{1, 4, 7}, []float64{0, 2, 3}, 0.9) {
		t.Errorf("Compare: x = %+v", st)
	}
	if st, _ := diff.Get("p"); st.N != 1 || st.Mean != 0 {
		t.Errorf("Compare: p = %+v, want one pair (replication 1) with difference 0", st)
	}
	if diff.Runs != 3 || diff.Level != 0.9 {
		t.Errorf("Compare: runs %d level %g", diff.Runs, diff.Level)
	}
}
