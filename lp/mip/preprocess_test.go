package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/streamopt/streamopt/lp"
)

// boundCase is a table row of the bound-tightening tests: rows over
// columns with bounds lo, hi and integrality isInt, whether tightening
// finds them feasible and, if so, the bounds it should give.
type boundCase struct {
	name         string
	rows         []lp.Row
	lo, hi       []float64
	isInt        []bool
	ok           bool
	wantLo, want []float64
}

// checkBoundCases runs tighten on a propagator over each case's rows and
// compares its verdict and bounds with the case's, to 1e-12 relative.
func checkBoundCases(t *testing.T, tests []boundCase, tighten func(p *propagator, lo, hi []float64) bool) {
	t.Helper()
	near := cmp.Comparer(func(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-12*math.Abs(a) })
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &lp.Model{Rows: tc.rows}
			for range tc.lo {
				m.Vars = append(m.Vars, lp.Var{})
				m.Obj = append(m.Obj, 0)
			}
			p := newPropagator(m, tc.isInt, DefaultIntTol)
			lo, hi := append([]float64(nil), tc.lo...), append([]float64(nil), tc.hi...)
			ok := tighten(p, lo, hi)
			if ok != tc.ok {
				t.Fatalf("feasible = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if d := cmp.Diff(tc.wantLo, lo, near); d != "" {
				t.Errorf("lower bounds (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.want, hi, near); d != "" {
				t.Errorf("upper bounds (-want +got):\n%s", d)
			}
		})
	}
}

func TestPropagate(t *testing.T) {
	// Every expected bound is derived by hand from the row shown.
	tests := []boundCase{
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
	checkBoundCases(t, tests, func(p *propagator, lo, hi []float64) bool { return p.run(lo, hi, nil, nil) })
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

func TestTightenContinuous(t *testing.T) {
	inf := math.Inf(1)
	// Every expected bound is derived by hand from the rows shown; a new
	// bound b is moved outwards by feasTol·max(1, |b|).
	tests := []boundCase{
		{"a source x1 + x2 = 5 caps both flows at 5",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: 5, Upper: 5}},
			[]float64{0, 0}, []float64{inf, inf}, []bool{false, false}, true,
			[]float64{0, 0}, []float64{5 * (1 + feasTol), 5 * (1 + feasTol)}},
		{"a chain x1 − x2 = 0, x2 + x3 = 3 caps x1 at 3 in the second sweep",
			[]lp.Row{
				{Ind: []int{0, 1}, Val: []float64{1, -1}, Lower: 0, Upper: 0},
				{Ind: []int{1, 2}, Val: []float64{1, 1}, Lower: 3, Upper: 3},
			},
			[]float64{0, 0, 0}, []float64{inf, inf, inf}, []bool{false, false, false}, true,
			// x2 ≤ 3(1+feasTol) from the second row, then x1 ≤ that + feasTol·it
			[]float64{0, 0, 0}, []float64{3 * (1 + feasTol) * (1 + feasTol), 3 * (1 + feasTol), 3 * (1 + feasTol)}},
		{"a lower bound: x1 − x2 ≥ 2 with x2 ≥ 1 gives x1 ≥ 3",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, -1}, Lower: 2, Upper: inf}},
			[]float64{0, 1}, []float64{inf, 4}, []bool{false, false}, true,
			[]float64{3 * (1 - feasTol), 1}, []float64{inf, 4}},
		{"a step below 5 % of the domain is not taken: x ≤ 9.8 within [0, 10]",
			[]lp.Row{{Ind: []int{0}, Val: []float64{1}, Lower: math.Inf(-1), Upper: 9.8}},
			[]float64{0}, []float64{10}, []bool{false}, true,
			[]float64{0}, []float64{10}},
		{"integer columns are the propagator's: x + w ≤ 3, x integer",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: 3}},
			[]float64{0, 0}, []float64{5, 10}, []bool{true, false}, true,
			[]float64{0, 0}, []float64{5, 3 * (1 + feasTol)}},
		{"x + y ≥ 11 over [0,5]² is infeasible",
			[]lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: 11, Upper: inf}},
			[]float64{0, 0}, []float64{5, 5}, []bool{false, false}, false, nil, nil},
	}
	checkBoundCases(t, tests, func(p *propagator, lo, hi []float64) bool {
		_, ok := tightenContinuous(p, lo, hi)
		return ok
	})
}

// TestTightenContinuousKeepsLP checks on random rows that the bounds
// tightenContinuous gives contain every point of the LP relaxation: the
// smallest and largest value of each continuous column over the rows and
// the old bounds, found by the independent gonum test relaxation, lie
// within the new bounds.
func TestTightenContinuousKeepsLP(t *testing.T) {
	tightened := 0
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 41))
		m := randomIP(rng, 3+rng.IntN(3), 2+rng.IntN(3))
		isInt := make([]bool, len(m.Vars))
		for j := range m.Vars {
			if rng.IntN(2) == 0 {
				m.Vars[j].Integer = false
				if rng.IntN(3) == 0 {
					m.Vars[j].Upper = math.Inf(1)
				}
			}
			isInt[j] = m.Vars[j].Integer
		}
		lo, hi := make([]float64, len(m.Vars)), make([]float64, len(m.Vars))
		for j, v := range m.Vars {
			lo[j], hi[j] = v.Lower, v.Upper
		}
		n, ok := tightenContinuous(newPropagator(m, isInt, DefaultIntTol), lo, hi)
		tightened += n
		for j := range m.Vars {
			if isInt[j] {
				continue
			}
			for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
				c := m.Clone()
				c.Sense = sense
				for k := range c.Obj {
					c.Obj[k] = 0
					c.Vars[k].Integer = false
				}
				c.Obj[j] = 1
				rel, _ := newGonumRelax(c)
				sol, err := rel.Solve(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case sol.Status == lp.Infeasible:
					continue // any bounds are right, and ok may be either
				case !ok:
					t.Fatalf("seed %d: tightenContinuous proved infeasible an LP the relaxation solves (%v)", seed, sol.Status)
				case sol.Status != lp.Optimal:
					continue // unbounded in this direction
				}
				v := sol.X[j]
				if v < lo[j]-1e-9*math.Max(1, math.Abs(v)) || v > hi[j]+1e-9*math.Max(1, math.Abs(v)) {
					t.Errorf("seed %d: column %d reaches %v over the LP, outside the new bounds [%v, %v]", seed, j, v, lo[j], hi[j])
				}
			}
		}
	}
	if tightened == 0 {
		t.Fatal("no bound tightened over the random models: the test checks nothing")
	}
	t.Logf("%d bounds tightened", tightened)
}

// TestFixedChargeAgainstEnumeration solves random fixed-charge flow
// models (arc flows x ≤ M·y with big M, node balances, costs on x and y),
// where tightenContinuous caps the flows and tightenCoefficients then
// shrinks M, against an enumeration of the arcs' y, with ContBounds on and
// off.
func TestFixedChargeAgainstEnumeration(t *testing.T) {
	shrunk := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 43))
		nodes, arcs := 3+rng.IntN(2), 3+rng.IntN(3)
		m := lp.New("fixed charge", lp.Minimize)
		const bigM = 100
		type arc struct{ from, to int }
		as := make([]arc, arcs)
		for e := range as {
			as[e].from = rng.IntN(nodes)
			as[e].to = (as[e].from + 1 + rng.IntN(nodes-1)) % nodes
			m.AddIntVar("", 0, 1, float64(1+rng.IntN(9))) // y_e first: the enumeration takes the first columns
		}
		for range as {
			m.AddVar("", 0, bigM, float64(rng.IntN(4))) // the gonum test relaxation needs finite bounds
		}
		for e := range as {
			m.AddLE("", 0, lp.Term{Var: arcs + e, Coef: 1}, lp.Term{Var: e, Coef: -bigM})
		}
		supply := 1 + rng.IntN(6)
		// node 0 sends supply to node nodes−1; each balance is written as
		// two inequalities, since the equalities of a network are of
		// deficient rank, which the gonum test relaxation does not take
		for v := 0; v < nodes; v++ {
			var terms []lp.Term
			for e, a := range as {
				if a.from == v {
					terms = append(terms, lp.Term{Var: arcs + e, Coef: 1})
				}
				if a.to == v {
					terms = append(terms, lp.Term{Var: arcs + e, Coef: -1})
				}
			}
			d := 0.0
			switch v {
			case 0:
				d = float64(supply)
			case nodes - 1:
				d = -float64(supply)
			}
			m.AddLE("", d, terms...)
			m.AddGE("", d, terms...)
		}
		w := m.Clone()
		isInt := make([]bool, len(w.Vars))
		lo, hi := make([]float64, len(w.Vars)), make([]float64, len(w.Vars))
		for j, v := range w.Vars {
			isInt[j], lo[j], hi[j] = v.Integer, v.Lower, v.Upper
		}
		if _, ok := tightenContinuous(newPropagator(w, isInt, DefaultIntTol), lo, hi); ok {
			tightenCoefficients(w, lo, hi)
			for e := range as {
				if v := w.Rows[e].Val[1]; v > -bigM {
					shrunk++
				}
			}
		}
		for _, sw := range []Switch{On, Off} {
			checkMixedEnumerated(t, fmt.Sprintf("seed %d contbounds %v", seed, sw), m, arcs, Options{ContBounds: sw})
		}
	}
	if shrunk == 0 {
		t.Fatal("no big-M coefficient shrank over the random models: the test checks nothing")
	}
	t.Logf("%d big-M coefficients shrank", shrunk)
}

// TestPresolvePropagatorIndex checks that after presolve the propagator's
// column index (its coefficients move the tracked row sums of probing,
// the dives and the nodes) holds the coefficients of the working rows,
// which tightenCoefficients changes in place: in x − 10y ≤ 0 with
// x ≤ 4, y binary, the coefficient of y becomes −4.
func TestPresolvePropagatorIndex(t *testing.T) {
	m := lp.New("big M", lp.Maximize)
	y := m.AddIntVar("y", 0, 1, -1)
	x := m.AddVar("x", 0, 4, 1)
	m.AddLE("vub", 0, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -10})
	s, ok := presolvedSearch(t, m, Options{})
	if !ok {
		t.Fatal("presolve found the model infeasible")
	}
	if got := s.w.Rows[0].Val[slices.Index(s.w.Rows[0].Ind, y)]; got != -4 {
		t.Fatalf("coefficient of y after presolve %v, want −4 (the test no longer tightens)", got)
	}
	want := s.w.Matrix()
	for q, v := range want.Val {
		if s.prop.a.Val[q] != v || s.prop.a.RowInd[q] != want.RowInd[q] {
			t.Errorf("propagator index entry %d: row %d value %v, the working rows row %d value %v", q, s.prop.a.RowInd[q], s.prop.a.Val[q], want.RowInd[q], v)
		}
	}
}
