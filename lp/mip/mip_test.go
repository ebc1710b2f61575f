package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// relaxations lists the LP relaxations every test runs with.
var relaxations = []struct {
	name string
	mk   newRelaxation
}{
	{"gonum", newGonumRelax},
	{"simplex", simplexRelax},
}

// knapsack: max 10x1+13x2+18x3+31x4+7x5+15x6, 11x1+15x2+20x3+35x4+10x5+33x6 ≤ 47, x binary.
func knapsack() *lp.Model {
	m := lp.New("knapsack", lp.Maximize)
	v := []float64{10, 13, 18, 31, 7, 15}
	w := []float64{11, 15, 20, 35, 10, 33}
	var t []lp.Term
	for j := range v {
		t = append(t, lp.Term{Var: m.AddBinary("", v[j]), Coef: w[j]})
	}
	m.AddLE("cap", 47, t...)
	return m
}

// wolsey: max 4x1 − x2, 7x1 − 2x2 ≤ 14, x2 ≤ 3, 2x1 − 2x2 ≤ 3, x ∈ ℤ²₊
// (L. A. Wolsey, Integer Programming, 1998, Example 7.1 of the branch-and-bound chapter).
func wolsey() *lp.Model {
	m := lp.New("wolsey", lp.Maximize)
	x1 := m.AddIntVar("x1", 0, lp.Inf, 4)
	x2 := m.AddIntVar("x2", 0, lp.Inf, -1)
	m.AddLE("c1", 14, lp.Term{Var: x1, Coef: 7}, lp.Term{Var: x2, Coef: -2})
	m.AddLE("c2", 3, lp.Term{Var: x2, Coef: 1})
	m.AddLE("c3", 3, lp.Term{Var: x1, Coef: 2}, lp.Term{Var: x2, Coef: -2})
	return m
}

// mixed: general integers with negative bounds, a continuous column, a range
// row, an equality and an objective constant.
func mixed() *lp.Model {
	m := lp.New("mixed", lp.Minimize)
	x := m.AddIntVar("x", -2, 6, 3)
	y := m.AddIntVar("y", -5, 5, 2)
	z := m.AddIntVar("z", 0, 4, -4)
	w := m.AddVar("w", 0, 10, 1)
	m.ObjOffset = 5
	m.AddGE("r1", 4.5, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1}, lp.Term{Var: z, Coef: 1}, lp.Term{Var: w, Coef: 1})
	m.AddLE("r2", 7.5, lp.Term{Var: x, Coef: 2}, lp.Term{Var: y, Coef: -1}, lp.Term{Var: z, Coef: 3})
	m.AddRow("r3", -3, 2.5, lp.Term{Var: x, Coef: 1}, lp.Term{Var: z, Coef: -1}, lp.Term{Var: w, Coef: 0.5})
	m.AddEQ("r4", 3.7, lp.Term{Var: y, Coef: 1}, lp.Term{Var: w, Coef: 2})
	return m
}

// parity: 2x + 2y = 3 with x, y ∈ {0..5}: the LP relaxation is feasible, no integer point is.
func parity() *lp.Model {
	m := lp.New("parity", lp.Minimize)
	x := m.AddIntVar("x", 0, 5, 1)
	y := m.AddIntVar("y", 0, 5, 1)
	m.AddEQ("odd", 3, lp.Term{Var: x, Coef: 2}, lp.Term{Var: y, Coef: 2})
	return m
}

// parity3: 2x + 2y + 2z = 5 with x, y, z ∈ {0..3}; propagation alone cannot
// refute it, branching must.
func parity3() *lp.Model {
	m := lp.New("parity3", lp.Maximize)
	var t []lp.Term
	for j := 0; j < 3; j++ {
		t = append(t, lp.Term{Var: m.AddIntVar("", 0, 3, float64(j+1)), Coef: 2})
	}
	m.AddEQ("odd", 5, t...)
	return m
}

// lpInfeasible: x + y ≥ 3 and x + y ≤ 2.5 with continuous x and integer y.
func lpInfeasible() *lp.Model {
	m := lp.New("lp-infeasible", lp.Minimize)
	x := m.AddVar("x", 0, 10, 1)
	y := m.AddIntVar("y", 0, 10, 1)
	m.AddGE("a", 3, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("b", 2.5, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	return m
}

// continuousKnapsack is knapsack with x ∈ [0, 1]ⁿ continuous: a plain LP.
func continuousKnapsack() *lp.Model {
	m := knapsack()
	for j := range m.Vars {
		m.Vars[j].Integer = false
	}
	return m
}

// noRows: min −x with x ∈ ℤ ∩ [0, 3.5] and no rows.
func noRows() *lp.Model {
	m := lp.New("norows", lp.Minimize)
	m.AddIntVar("x", 0, 3.5, -1)
	return m
}

// noRowsUnbounded: min −x with x ∈ ℤ₊ and no rows.
func noRowsUnbounded() *lp.Model {
	m := lp.New("norows-unbounded", lp.Minimize)
	m.AddIntVar("x", 0, lp.Inf, -1)
	return m
}

// unboundedMIP: max x + y, x − y ≤ 1, x, y ∈ ℤ₊: (k+1, k) is feasible for every k.
func unboundedMIP() *lp.Model {
	m := lp.New("unbounded", lp.Maximize)
	x := m.AddIntVar("x", 0, lp.Inf, 1)
	y := m.AddIntVar("y", 0, lp.Inf, 1)
	m.AddLE("r", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1})
	return m
}

// unboundedLPInfeasibleMIP: min −z with z ≥ 0 continuous and unbounded, but
// x + y = 1.5 has no integer solution.
func unboundedLPInfeasibleMIP() *lp.Model {
	m := lp.New("lp-unbounded-mip-infeasible", lp.Minimize)
	x := m.AddIntVar("x", 0, 3, 0)
	y := m.AddIntVar("y", 0, 3, 0)
	z := m.AddVar("z", 0, lp.Inf, -1)
	m.AddEQ("half", 1.5, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddGE("link", 0, lp.Term{Var: z, Coef: 1}, lp.Term{Var: x, Coef: -1})
	return m
}

func TestSolveKnown(t *testing.T) {
	tests := []struct {
		name   string
		model  func() *lp.Model
		status lp.Status
		obj    float64 // optimal objective, model's sense, offset included
		x      []float64
		source string
	}{
		{"knapsack", knapsack, lp.Optimal, 41, nil, "glpsol 5.0 on the same model: obj = 41 (two optima: x1 = x4 = 1 and x1 = x2 = x3 = 1)"},
		{"wolsey", wolsey, lp.Optimal, 7, []float64{2, 1}, "Wolsey 1998 (z = 7 at (2, 1)); glpsol 5.0 agrees"},
		{"mixed", mixed, lp.Optimal, -2.15, []float64{0, 2, 3, 0.85}, "glpsol 5.0: obj −7.15 without the constant 5, at (0, 2, 3, 0.85)"},
		{"parity", parity, lp.Infeasible, 0, nil, "hand: 2x + 2y is even"},
		{"no rows", noRows, lp.Optimal, -3, []float64{3}, "hand: the largest integer ≤ 3.5"},
		{"no rows, unbounded", noRowsUnbounded, lp.Unbounded, 0, nil, "hand"},
		{"parity3", parity3, lp.Infeasible, 0, nil, "hand: 2x + 2y + 2z is even"},
		{"lp-infeasible", lpInfeasible, lp.Infeasible, 0, nil, "hand: 3 ≤ x + y ≤ 2.5"},
		{"lp-only", continuousKnapsack, lp.Optimal, 10 + 18 + 31*16.0/35, []float64{1, 0, 1, 16.0 / 35, 0, 0},
			"hand: greedy by value/weight, x1 = x3 = 1 and x4 = 16/35 fill the capacity 47"},
		{"unbounded", unboundedMIP, lp.Unbounded, 0, nil, "hand: (k+1, k) is feasible with objective 2k+1"},
		{"lp-unbounded-mip-infeasible", unboundedLPInfeasibleMIP, lp.Infeasible, 0, nil, "hand: x + y is an integer"},
	}
	for _, r := range relaxations {
		for _, br := range []Branching{PseudoCost, MostFractional} {
			for _, tc := range tests {
				t.Run(r.name+"/"+br.String()+"/"+tc.name, func(t *testing.T) {
					m := tc.model()
					sol, err := solveWith(context.Background(), m, Options{Branching: br}, r.mk)
					if err != nil {
						t.Fatal(err)
					}
					if sol.Status != tc.status {
						t.Fatalf("status %v, want %v", sol.Status, tc.status)
					}
					switch tc.status {
					case lp.Optimal:
						if math.Abs(sol.Objective-tc.obj) > 1e-6*math.Max(1, math.Abs(tc.obj)) {
							t.Errorf("objective %v, want %v (%s)", sol.Objective, tc.obj, tc.source)
						}
						if math.Abs(sol.BestBound-tc.obj) > 1e-6*math.Max(1, math.Abs(tc.obj)) {
							t.Errorf("best bound %v, want %v", sol.BestBound, tc.obj)
						}
						for j, v := range tc.x {
							if math.Abs(sol.X[j]-v) > 1e-6 {
								t.Errorf("x[%d] = %v, want %v", j, sol.X[j], v)
							}
						}
						checkPoint(t, m, sol)
					case lp.Unbounded:
						checkPoint(t, m, sol) // the witness of feasibility
					case lp.Infeasible:
						if sol.X != nil {
							t.Errorf("X = %v for an infeasible model", sol.X)
						}
					}
				})
			}
		}
	}
}

// checkPoint verifies that sol.X is integral on integer columns, within the
// bounds and rows, and that Objective and RowActivity match it.
func checkPoint(t *testing.T, m *lp.Model, sol *lp.Solution) {
	t.Helper()
	if len(sol.X) != len(m.Vars) {
		t.Fatalf("len(X) = %d, want %d", len(sol.X), len(m.Vars))
	}
	for j, v := range m.Vars {
		x := sol.X[j]
		if v.Integer && x != math.Trunc(x) {
			t.Errorf("x[%d] = %v is not integral", j, x)
		}
		if x < v.Lower-1e-9 || x > v.Upper+1e-9 {
			t.Errorf("x[%d] = %v outside [%v, %v]", j, x, v.Lower, v.Upper)
		}
	}
	act := m.Activities(sol.X)
	for i, r := range m.Rows {
		if act[i] < r.Lower-1e-6 || act[i] > r.Upper+1e-6 {
			t.Errorf("row %d activity %v outside [%v, %v]", i, act[i], r.Lower, r.Upper)
		}
		if sol.RowActivity[i] != act[i] {
			t.Errorf("RowActivity[%d] = %v, want %v", i, sol.RowActivity[i], act[i])
		}
	}
	if z := m.Objective(sol.X); z != sol.Objective {
		t.Errorf("Objective %v, but cᵀX + c₀ = %v", sol.Objective, z)
	}
}

// randomIP draws a pure integer program with n columns in small boxes and
// rows of both senses; its optimum is found by enumeration.
func randomIP(rng *rand.Rand, n, rows int) *lp.Model {
	sense := lp.Minimize
	if rng.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New("random", sense)
	for j := 0; j < n; j++ {
		lo := float64(rng.IntN(3) - 2)
		m.AddIntVar("", lo, lo+float64(1+rng.IntN(4)), float64(rng.IntN(21)-10))
	}
	for i := 0; i < rows; i++ {
		var t []lp.Term
		for j := 0; j < n; j++ {
			if rng.IntN(3) > 0 {
				t = append(t, lp.Term{Var: j, Coef: float64(rng.IntN(19) - 9)})
			}
		}
		rhs := float64(rng.IntN(15)) + 0.5*float64(rng.IntN(2))
		switch rng.IntN(3) {
		case 0:
			m.AddLE("", rhs, t...)
		case 1:
			m.AddGE("", -rhs, t...)
		default:
			m.AddRow("", -rhs, rhs, t...)
		}
	}
	return m
}

// TestRandomAgainstEnumeration compares branch and bound with complete
// enumeration on seeded random integer programs over general integers
// (ranges 1 to 4), with and without the root presolve, and with the cuts
// on general integers (Options.IntCuts) on for half of the models: the
// root summaries must show that they acted.
func TestRandomAgainstEnumeration(t *testing.T) {
	for _, r := range relaxations {
		var log strings.Builder
		for seed := uint64(1); seed <= 60; seed++ {
			rng := rand.New(rand.NewPCG(seed, 17))
			m := randomIP(rng, 2+rng.IntN(4), 1+rng.IntN(4))
			br := Branching(seed % 2)
			// every third model without the root presolve (NoPresolve)
			o := Options{Branching: br, NoPresolve: seed%3 == 0, IntCuts: Off}
			if seed%4 < 2 {
				o.IntCuts, o.Log, o.LogEvery = On, &log, 1<<30
			}
			sol, err := solveWith(context.Background(), m, o, r.mk)
			if err != nil {
				t.Fatalf("%s seed %d: %v", r.name, seed, err)
			}
			checkEnumerated(t, fmt.Sprintf("%s seed %d (%v, intcuts %v)", r.name, seed, br, o.IntCuts), m, sol)
		}
		// the gonum relaxation gives no basis, hence no GMI cuts
		if mir, _ := giCounts(log.String()); mir == 0 {
			t.Errorf("%s: no c-MIR cut on general integers over the models with IntCuts on", r.name)
		}
	}
}

func simplexRelax(m *lp.Model) (relaxation, error) {
	return newSimplexRelaxation(m, simplex.Options{})
}

// TestRandomMixedAgainstEnumeration compares Solve with an enumeration of
// the integer part of seeded random MILPs, the continuous part of each
// assignment solved by the independent gonum test relaxation.
func TestRandomMixedAgainstEnumeration(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 29))
		m := randomIP(rng, 3+rng.IntN(2), 3+rng.IntN(3))
		nint := len(m.Vars)
		for k := 0; k < 1+rng.IntN(2); k++ {
			c := m.AddVar("", 0, float64(1+rng.IntN(5)), float64(rng.IntN(11)-5))
			for i := range m.Rows {
				if rng.IntN(2) == 0 {
					m.Rows[i].Ind = append(m.Rows[i].Ind, c)
					m.Rows[i].Val = append(m.Rows[i].Val, float64(rng.IntN(9)-4)+0.5)
				}
			}
		}
		checkMixedEnumerated(t, fmt.Sprintf("seed %d", seed), m, nint, Options{})
	}
}

// checkMixedEnumerated solves m, whose first nint columns are the integer
// ones, with Solve and options o, and compares the answer with an
// enumeration of the integer columns, the continuous part of each
// assignment solved by the independent gonum test relaxation.
func checkMixedEnumerated(t *testing.T, what string, m *lp.Model, nint int, o Options) {
	t.Helper()
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	best, feasible := math.Inf(1), false
	x := make([]float64, nint)
	for j := range x {
		x[j] = m.Vars[j].Lower
	}
	for {
		rel, _ := newGonumRelax(m)
		for j := 0; j < nint; j++ {
			rel.SetColBounds(j, x[j], x[j])
		}
		sol, err := rel.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status == lp.Optimal {
			feasible = true
			best = math.Min(best, sign*sol.Objective)
		}
		j := 0
		for ; j < nint; j++ {
			if x[j] < m.Vars[j].Upper {
				x[j]++
				break
			}
			x[j] = m.Vars[j].Lower
		}
		if j == nint {
			break
		}
	}
	sol, err := Solve(context.Background(), m, o)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !feasible {
		if sol.Status != lp.Infeasible {
			t.Errorf("%s: status %v, want infeasible", what, sol.Status)
		}
		return
	}
	if sol.Status != lp.Optimal {
		t.Errorf("%s: status %v, want optimal %v", what, sol.Status, sign*best)
		return
	}
	t.Logf("%s: %v %v nodes %d", what, sol.Status, sol.Objective, sol.Nodes)
	if want := sign * best; math.Abs(sol.Objective-want) > 1e-6*math.Max(1, math.Abs(want)) {
		t.Errorf("%s: objective %v, enumeration %v", what, sol.Objective, want)
	}
	checkPoint(t, m, sol)
}
