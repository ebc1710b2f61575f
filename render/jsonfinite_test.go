package render

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

type inner struct {
	X     float64 `json:"x"`
	Shade string  `json:"shade,omitempty"`
	Deep  int
}

type Exported struct {
	E     int `json:"e"`
	Clash int `json:"clash"`
}

type sample struct {
	*inner
	Exported
	Clash     string            `json:"clash"`
	Name      string            `json:"name"`
	HTML      string            `json:"html"`
	F32       float32           `json:"f32"`
	NegZero   float64           `json:"neg_zero,omitempty"`
	Empty     []int             `json:"empty,omitempty"`
	Nil       []int             `json:"nil"`
	Bytes     []byte            `json:"bytes"`
	Arr       [2]int            `json:"arr"`
	Ptr       *float64          `json:"ptr"`
	NilPtr    *float64          `json:"nil_ptr,omitempty"`
	Any       any               `json:"any"`
	Map       map[string]int    `json:"map"`
	IntMap    map[int]string    `json:"int_map"`
	Status    lp.Status         `json:"status"`
	StatusMap map[lp.Status]int `json:"status_map"`
	When      time.Time         `json:"when"`
	Zero      time.Time         `json:"zero,omitzero"`
	Skip      int               `json:"-"`
	private   int
	Untagged  bool
	Nums      number `json:"nums"`
}

// TestMarshalFiniteIsJSONMarshal: on finite data the answers' encoder
// writes exactly the bytes of json.Marshal, for a struct that uses the
// rules answers rely on and for a full rrs answer.
func TestMarshalFiniteIsJSONMarshal(t *testing.T) {
	one, gapSmall := 1.5, 1e-7
	s := sample{inner: &inner{X: 2, Deep: 3}, Exported: Exported{E: 4, Clash: 5}, Clash: "outer", Name: "a", HTML: "<b>&</b>",
		F32: 0.1, NegZero: math.Copysign(0, -1), Empty: []int{}, Bytes: []byte("hi"), Arr: [2]int{1, 2}, Ptr: &one,
		Any: map[string]any{"k": []any{1.0, "v"}}, Map: map[string]int{"b": 2, "a": 1}, IntMap: map[int]string{10: "x", 9: "y"},
		Status: lp.Optimal, StatusMap: map[lp.Status]int{lp.Infeasible: 1, lp.Optimal: 2}, When: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Skip: 7, private: 8, Untagged: true, Nums: number(math.Inf(1))}
	res := &rrs.Result{Status: rrs.StatusOptimal, Method: "qp", Backend: "pure-go", Users: 360, TotalCapacity: 400, Profit: 12.5,
		MaxEigen: -0.25, Policy: [][]float64{{0.5, 0.5}}, Loads: []rrs.DCLoad{{Name: "DC1", Users: 360}},
		KKT: &qp.Residuals{Primal: 1e-12}, Verification: &solve.Audit{Solves: 2}, Stats: &rrs.Stats{Iterations: 19, Gap: &gapSmall, GlobalStats: &rrs.GlobalStats{LPSolves: 4}}}
	for _, v := range []any{s, &s, sample{}, res, struct {
		*rrs.Result
		StoppedBy string `json:"stopped_by,omitempty"`
	}{res, "time_limit"}} {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := marshalFinite(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("marshalFinite:\n%s\njson.Marshal:\n%s", got, want)
		}
	}
}

// TestJSONNonFinite: ±∞ and NaN anywhere in an answer (a field, a
// pointer, a map, a slice) are written as null, and JSON does not fail;
// before, json.Marshal refused the answer ("unsupported value: +Inf").
func TestJSONNonFinite(t *testing.T) {
	inf, nan, three := math.Inf(1), math.NaN(), 3
	res := &rrs.Result{Status: rrs.StatusTimeLimit, Partial: true, Method: "global", MaxEigen: math.Inf(-1), BestBound: &inf,
		Policy: [][]float64{{nan}}, Stats: &rrs.Stats{Gap: &inf, Nodes: &three, GlobalStats: &rrs.GlobalStats{}}}
	var b strings.Builder
	if err := JSON(&b, res); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	var got struct {
		BestBound *float64            `json:"best_bound"`
		MaxEigen  *float64            `json:"max_eigenvalue"`
		Policy    [][]*float64        `json:"policy"`
		Stats     map[string]*float64 `json:"stats"`
		Rest      map[string]any      `json:"-"`
	}
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		t.Fatalf("%s: %v", b.String(), err)
	}
	if got.BestBound != nil || got.MaxEigen != nil || got.Policy[0][0] != nil || got.Stats["gap"] != nil || got.Stats["nodes"] == nil || *got.Stats["nodes"] != 3 {
		t.Errorf("want null for every non-finite number and 3 nodes, got %s", b.String())
	}
	for _, key := range []string{`"best_bound": null`, `"max_eigenvalue": null`, `"gap": null`} {
		if !strings.Contains(b.String(), key) {
			t.Errorf("%s: no %s", b.String(), key)
		}
	}
}
