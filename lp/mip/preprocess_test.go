package mip

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/streamopt/streamopt/lp"
)

func TestPropagate(t *testing.T) {
	// Every expected bound is derived by hand from the row shown.
	tests := []struct {
		name         string
		rows         []lp.Row
		lo, hi       []float64
		isInt        []bool
		ok           bool
		wantLo, want []float64
	}{
		{"x + y ≤ 3 with x ≥ 2 gives y ≤ 1",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 3}},
			[]float64{2, 0}, []float64{5, 5}, []bool{true, true}, true,
			[]float64{2, 0}, []float64{3, 1}},
		{"2x + 3y ≥ 7 with x ≤ 1 gives y ≥ ⌈5/3⌉ = 2",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{2, 3}, Lower: 7, Upper: math.Inf(1)}},
			[]float64{0, 0}, []float64{1, 5}, []bool{false, true}, true,
			[]float64{0, 2}, []float64{1, 5}},
		{"x − y ≤ −2 gives x ≤ 1, y ≥ 2",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, -1}, Lower: math.Inf(-1), Upper: -2}},
			[]float64{0, 0}, []float64{5, 3}, []bool{true, true}, true,
			[]float64{0, 2}, []float64{1, 3}},
		{"continuous w is left alone in x + w ≤ 3",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 3}},
			[]float64{0, 1}, []float64{5, 10}, []bool{true, false}, true,
			[]float64{0, 1}, []float64{2, 10}},
		{"chain: x = y, y ≤ 2 via a second row, so x ≤ 2",
			[]lp.Row{
				{Ind: []int{0, 1}, Val: []float64{1, -1}, Lower: 0, Upper: 0},
				{Ind: []int{1}, Val: []float64{2}, Lower: math.Inf(-1), Upper: 5},
			},
			[]float64{0, 0}, []float64{9, 9}, []bool{true, true}, true,
			[]float64{0, 0}, []float64{2, 2}},
		{"x + y ≥ 11 over [0,5]² is infeasible",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: 11, Upper: math.Inf(1)}},
			[]float64{0, 0}, []float64{5, 5}, []bool{true, true}, false, nil, nil},
		{"an infinite bound blocks propagation of the others only",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 4}},
			[]float64{math.Inf(-1), 1}, []float64{10, 10}, []bool{true, true}, true,
			[]float64{math.Inf(-1), 1}, []float64{3, 10}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &lp.Model{Rows: tc.rows}
			for range tc.lo {
				m.Vars = append(m.Vars, lp.Var{})
				m.Obj = append(m.Obj, 0)
			}
			p := newPropagator(m, tc.isInt, DefaultIntTol)
			lo, hi := append([]float64(nil), tc.lo...), append([]float64(nil), tc.hi...)
			ok := p.run(lo, hi, nil, nil)
			if ok != tc.ok {
				t.Fatalf("feasible = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if d := cmp.Diff(tc.wantLo, lo); d != "" {
				t.Errorf("lower bounds (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.want, hi); d != "" {
				t.Errorf("upper bounds (-want +got):\n%s", d)
			}
		})
	}
}

func TestTightenCoefficients(t *testing.T) {
	// Expected rows derived by hand from the formulas in tightenCoefficients' doc.
	tests := []struct {
		name    string
		row     lp.Row
		lo, hi  []float64
		integer []bool
		want    lp.Row
	}{
		// x1: M = 4, d = 3.5 − (4 − 3) = 2.5 → ½x1 + x2 ≤ 1; x2: M = 1.5, d = 1 − (1.5 − 1) = ½.
		{"3x1 + x2 ≤ 3.5 becomes ½x1 + ½x2 ≤ ½",
			lp.Row{Ind: []int{0, 1}, Val: []float64{3, 1}, Lower: math.Inf(-1), Upper: 3.5},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, true},
			lp.Row{Ind: []int{0, 1}, Val: []float64{0.5, 0.5}, Lower: math.Inf(-1), Upper: 0.5}},
		{"the same as a ≥ row",
			lp.Row{Ind: []int{0, 1}, Val: []float64{-3, -1}, Lower: -3.5, Upper: math.Inf(1)},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, true},
			lp.Row{Ind: []int{0, 1}, Val: []float64{-0.5, -0.5}, Lower: -0.5, Upper: math.Inf(1)}},
		// y: M = 10 (at y = 0), M + a = −90 < 0, d = 0 − (−90) = 90 → a = −10.
		{"big-M w − 100y ≤ 0 with w ≤ 10 becomes w − 10y ≤ 0",
			lp.Row{Ind: []int{0, 1}, Val: []float64{1, -100}, Lower: math.Inf(-1), Upper: 0},
			[]float64{0, 0}, []float64{10, 1}, []bool{false, true},
			lp.Row{Ind: []int{0, 1}, Val: []float64{1, -10}, Lower: math.Inf(-1), Upper: 0}},
		{"a tight row is unchanged: x1 + x2 ≤ 1",
			lp.Row{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 1},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, true},
			lp.Row{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 1}},
		{"equalities are unchanged",
			lp.Row{Ind: []int{0, 1}, Val: []float64{3, 1}, Lower: 1, Upper: 1},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, true},
			lp.Row{Ind: []int{0, 1}, Val: []float64{3, 1}, Lower: 1, Upper: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &lp.Model{Rows: []lp.Row{tc.row}}
			for j := range tc.lo {
				m.Vars = append(m.Vars, lp.Var{Lower: tc.lo[j], Upper: tc.hi[j], Integer: tc.integer[j]})
				m.Obj = append(m.Obj, 0)
			}
			orig := m.Clone()
			tightenCoefficients(m, tc.lo, tc.hi)
			if d := cmp.Diff(tc.want, m.Rows[0]); d != "" {
				t.Errorf("row (-want +got):\n%s", d)
			}
			// Same integer points: enumerate 0/1 columns; continuous ones at 0, their bounds and ½.
			var pts [][]float64
			var rec func(j int, x []float64)
			rec = func(j int, x []float64) {
				if j == len(x) {
					pts = append(pts, append([]float64(nil), x...))
					return
				}
				vals := []float64{0, 1}
				if !tc.integer[j] {
					vals = []float64{tc.lo[j], (tc.lo[j] + tc.hi[j]) / 2, tc.hi[j]}
				}
				for _, v := range vals {
					x[j] = v
					rec(j+1, x)
				}
			}
			rec(0, make([]float64, len(tc.lo)))
			for _, x := range pts {
				a, b := orig.Activities(x)[0], m.Activities(x)[0]
				in := func(v float64, r lp.Row) bool { return v >= r.Lower-1e-9 && v <= r.Upper+1e-9 }
				if in(a, orig.Rows[0]) != in(b, m.Rows[0]) {
					t.Errorf("point %v: feasible %v before, %v after", x, in(a, orig.Rows[0]), in(b, m.Rows[0]))
				}
			}
		})
	}
}
