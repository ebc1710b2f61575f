package mip

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/streamopt/streamopt/lp"
)

// boundsRecorder is a relaxation that only records bound changes.
type boundsRecorder struct {
	set map[int][2]float64
}

func (b *boundsRecorder) ColBounds(int) (float64, float64) { return 0, 0 }
func (b *boundsRecorder) SetColBounds(j int, lo, hi float64) {
	b.set[j] = [2]float64{lo, hi}
}
func (b *boundsRecorder) Solve(context.Context) (*lp.Solution, error) { return nil, nil }
func (b *boundsRecorder) Snapshot() any                               { return nil }
func (b *boundsRecorder) Restore(any) error                           { return nil }

func TestReducedCostFixing(t *testing.T) {
	// Minimisation, incumbent z* = 10 with integral objective step 1, so the
	// cutoff is 9 + 10⁻⁶ and the room above the node's z = 5 is 4 + 10⁻⁶.
	// Expected bounds by hand from uⱼ ≤ lⱼ + ⌊room/dⱼ⌋ and lⱼ ≥ uⱼ − ⌊room/(−dⱼ)⌋.
	tests := []struct {
		name   string
		lo, hi float64
		x, d   float64
		want   [2]float64 // new bounds; equal to the old when untouched
	}{
		{"at lower, d = 2: rise ≤ 2", 0, 10, 0, 2, [2]float64{0, 2}},
		{"at lower, d = 0.5: rise ≤ 8, no change", 1, 6, 1, 0.5, [2]float64{1, 6}},
		{"at lower, d = 5: fixed", 3, 9, 3, 5, [2]float64{3, 3}},
		{"at upper, d = −1: drop ≤ 4", -10, 10, 10, -1, [2]float64{6, 10}},
		{"basic: untouched", 0, 10, 4.5, 0, [2]float64{0, 10}},
		{"not at its bound: untouched", 0, 10, 2, 3, [2]float64{0, 10}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := lp.New("rc", lp.Minimize)
			m.AddIntVar("x", tc.lo, tc.hi, 1)
			o, _ := Options{}.withDefaults()
			s := newSearch(context.Background(), m, o)
			rec := &boundsRecorder{set: map[int][2]float64{}}
			s.rel = rec
			s.lo[0], s.hi[0] = tc.lo, tc.hi
			s.objStep = 1
			s.incX, s.incZ = []float64{0}, 10
			s.reducedCostFix(5, []float64{tc.x}, []float64{tc.d})
			got := [2]float64{s.lo[0], s.hi[0]}
			if got != tc.want {
				t.Errorf("bounds %v, want %v", got, tc.want)
			}
			if got != [2]float64{tc.lo, tc.hi} && rec.set[0] != got {
				t.Errorf("relaxation bounds %v, want %v", rec.set[0], got)
			}
		})
	}
}

func TestObjectiveStep(t *testing.T) {
	tests := []struct {
		name    string
		obj     []float64
		integer []bool
		lo, hi  []float64
		want    float64
	}{
		{"integer costs on integer columns: gcd(6, 4) = 2", []float64{6, -4}, []bool{true, true}, []float64{0, 0}, []float64{1, 1}, 2},
		{"a fractional cost", []float64{1.5, 1}, []bool{true, true}, []float64{0, 0}, []float64{1, 1}, 0},
		{"a continuous column with a cost", []float64{1, 1}, []bool{true, false}, []float64{0, 0}, []float64{1, 1}, 0},
		{"a fixed continuous column does not count", []float64{3, 0.7}, []bool{true, false}, []float64{0, 2}, []float64{1, 2}, 3},
		{"zero objective", []float64{0, 0}, []bool{true, false}, []float64{0, 0}, []float64{1, 1}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := lp.New("step", lp.Minimize)
			for j := range tc.obj {
				j := m.AddVar("", tc.lo[j], tc.hi[j], tc.obj[j])
				m.Vars[j].Integer = tc.integer[j]
			}
			if got := objectiveStep(m, tc.lo, tc.hi); got != tc.want {
				t.Errorf("step %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCoverCuts(t *testing.T) {
	// Row 5x1 + 4x2 + 3x3 − 2x4 ≤ 6 over binaries at the LP point
	// x = (1, ½, ¼, 0). Complementing x4 gives 5x1 + 4x2 + 3x3 + 2y4 ≤ 8,
	// y4 = 1. Greedy by (1 − y)/a: x1 (0), y4 (0), x2 (1/8), ... weights
	// 5 + 2 + 4 = 11 > 8, so C = {x1, y4, x2} with Σ(1 − y) = ½ < 1: the cover
	// cut x1 + x2 + y4 ≤ 2, extended by x3? No: a3 = 3 < max_C a = 5.
	// In x: x1 + x2 − x4 ≤ 1, violated by ½ at the LP point (hand-derived).
	m := lp.New("cover", lp.Minimize)
	for j := 0; j < 4; j++ {
		m.AddBinary("", 0)
	}
	m.AddLE("k", 6, lp.Term{Var: 0, Coef: 5}, lp.Term{Var: 1, Coef: 4}, lp.Term{Var: 2, Coef: 3}, lp.Term{Var: 3, Coef: -2})
	lo, hi := []float64{0, 0, 0, 0}, []float64{1, 1, 1, 1}
	cuts := coverCuts(m, lo, hi, []float64{1, 0.5, 0.25, 0}, false)
	want := []lp.Row{{Name: "cover", Ind: []int{0, 1, 3}, Val: []float64{1, 1, -1}, Lower: math.Inf(-1), Upper: 1}}
	if d := cmp.Diff(want, cuts); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
	// Validity: every 0/1 point that satisfies the row satisfies the cut.
	for mask := 0; mask < 16; mask++ {
		x := make([]float64, 4)
		for j := range x {
			x[j] = float64(mask >> j & 1)
		}
		row := m.Activities(x)[0] <= 6
		cut := x[0]+x[1]-x[3] <= 1
		if row && !cut {
			t.Errorf("cut removes the feasible point %v", x)
		}
	}
	// No cut at an integral point.
	if c := coverCuts(m, lo, hi, []float64{1, 0, 0, 0}, false); len(c) != 0 {
		t.Errorf("cuts %v at an integral point", c)
	}
}

func TestFlowCuts(t *testing.T) {
	// A node with demand 30: x1 + x2 − x3 = 30 over flows x ∈ [0, 100], with
	// x1 ≤ 50·y1 and x2 ≤ 80·y2. Hand-derived: the VUBs are (y1, 50) and
	// (y2, 80); the cut min(50, 30)·y1 + min(80, 30)·y2 ≥ 30, scaled to
	// y1 + y2 ≥ 1, is violated at y = (0.2, 0.1). No flow reaches the node
	// when y = (0, 0), so the cut removes no feasible point.
	m := lp.New("flow", lp.Minimize)
	x1 := m.AddVar("x1", 0, 100, 0)
	x2 := m.AddVar("x2", 0, 100, 0)
	x3 := m.AddVar("x3", 0, 100, 0)
	y1 := m.AddBinary("y1", 1)
	y2 := m.AddBinary("y2", 1)
	m.AddLE("vub1", 0, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: y1, Coef: -50})
	m.AddLE("vub2", 0, lp.Term{Var: x2, Coef: 2}, lp.Term{Var: y2, Coef: -160})
	m.AddEQ("node", 30, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: x2, Coef: 1}, lp.Term{Var: x3, Coef: -1})
	lo, hi := []float64{0, 0, 0, 0, 0}, []float64{100, 100, 100, 1, 1}
	vubs := findVUBs(m, lo, hi)
	if d := cmp.Diff([]vub{{y1, 50}, {y2, 80}, {-1, math.Inf(1)}, {-1, math.Inf(1)}, {-1, math.Inf(1)}}, vubs, cmp.AllowUnexported(vub{})); d != "" {
		t.Fatalf("VUBs (-want +got):\n%s", d)
	}
	cuts := flowCuts(m, lo, hi, []float64{10, 8, 0, 0.2, 0.1}, vubs)
	want := []lp.Row{{Name: "flow", Ind: []int{y1, y2}, Val: []float64{1, 1}, Lower: 1, Upper: math.Inf(1)}}
	if d := cmp.Diff(want, cuts); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
	if c := flowCuts(m, lo, hi, []float64{30, 0, 0, 1, 0}, vubs); len(c) != 0 {
		t.Errorf("cuts %v at a point that satisfies them", c)
	}
	// The MILP: open the cheaper arc; optimum 1 (hand).
	sol, err := Solve(context.Background(), m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal || sol.Objective != 1 {
		t.Errorf("status %v objective %v, want optimal 1", sol.Status, sol.Objective)
	}
}
