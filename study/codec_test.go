package study

import (
	"strings"
	"testing"
)

type codecCell struct {
	X  float64   `record:"x"`
	K  int       `record:"k"`
	On bool      `record:"on"`
	Ys []float64 `record:"y"`
	no string
}

// TestCodec: a cell's struct flattens into named metrics (a bool as 0 or
// 1, a slice as name_i) and reads back; a metric that is not a whole
// number for an int, nor 0 or 1 for a bool, is refused naming it.
func TestCodec(t *testing.T) {
	in := codecCell{X: 1.5, K: 3, On: true, Ys: []float64{4, 5}, no: "kept out"}
	m := encode(in)
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
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "must be a float64, int, bool or []float64") {
			t.Errorf("a string field tagged record: recover() = %v", r)
		}
	}()
	encode(struct {
		S string `record:"s"`
	}{})
}
