package solvetest

import (
	"math"

	"github.com/streamopt/streamopt/lp"
)

// A testCase is a small model with a known answer and where the answer comes from.
type testCase struct {
	name   string
	source string // where the expected answer comes from
	build  func() *lp.Model
	// status lists the accepted outcomes, the first being the exact one.
	status []lp.Status
	obj    float64   // optimal objective (when status[0] is Optimal)
	x      []float64 // the unique optimal point, nil when not unique
	y, d   []float64 // the unique row duals and reduced costs, nil when not unique
	// farkas: the infeasibility is not decided by bounds alone, so a backend
	// with Rays must return a Farkas certificate.
	farkas bool
	// ray: a backend with Rays must return an unbounded ray.
	ray bool
}

var inf = math.Inf(1)

func t(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

var (
	optimal    = []lp.Status{lp.Optimal}
	infeasible = []lp.Status{lp.Infeasible, lp.InfeasibleOrUnbounded}
	unbounded  = []lp.Status{lp.Unbounded, lp.InfeasibleOrUnbounded}
)

// lpCases are continuous LPs. Expected values are hand-derived (the comment
// shows the derivation) or, where stated, from scipy 1.10.1
// scipy.optimize.milp (HiGHS) run on the same data. Every case, hand-derived
// or not, was also cross-checked with scipy: statuses and optima agree.
var lpCases = []testCase{
	{
		// Vertices (0,0) 0, (3,0) 9, (3,1) 11, (1.5,2.5) 9.5, (0,3) 6: x = (3,1).
		// r2 slack ⇒ y₂ = 0; y basic ⇒ 2 = y₁; d_x = 3 − y₁ = 1 ≥ 0 (x at its
		// upper bound, maximisation). Dual objective 4·2 + 3·1 = 11.
		name: "max_upper_bound", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("max_upper_bound", lp.Maximize)
			x := m.AddVar("x", 0, 3, 3)
			y := m.AddVar("y", 0, inf, 2)
			m.AddLE("r1", 4, t(x, 1), t(y, 1))
			m.AddLE("r2", 9, t(x, 1), t(y, 3))
			return m
		},
		status: optimal, obj: 11, x: []float64{3, 1}, y: []float64{2, 0}, d: []float64{1, 0},
	},
	{
		// Both rows bind: x + 2y = 4, 3x + y = 6 ⇒ (1.6, 1.2), z = 2.8; other
		// vertices (0,6) 6 and (4,0) 4. Duals y₁ + 3y₂ = 1, 2y₁ + y₂ = 1 ⇒ (0.4, 0.2).
		name: "min_ge_rows", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("min_ge_rows", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddGE("r1", 4, t(x, 1), t(y, 2))
			m.AddGE("r2", 6, t(x, 3), t(y, 1))
			return m
		},
		status: optimal, obj: 2.8, x: []float64{1.6, 1.2}, y: []float64{0.4, 0.2}, d: []float64{0, 0},
	},
	{
		// x free: x = −2 − y, z = −2 + 2y ⇒ y = 0, x = −2. x basic ⇒ y₁ = 1,
		// d_y = 3 − 1 = 2.
		name: "free_variable", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("free_variable", lp.Minimize)
			x := m.AddVar("x", -inf, inf, 1)
			y := m.AddVar("y", 0, inf, 3)
			m.AddGE("r", -2, t(x, 1), t(y, 1))
			return m
		},
		status: optimal, obj: -2, x: []float64{-2, 0}, y: []float64{1}, d: []float64{0, 2},
	},
	{
		// min x − 2y, 1 ≤ x + y ≤ 3, x, y ∈ [0, 2]: y = 2 (its upper bound),
		// x = 0; x + y = 2 lies inside the range, z = −4. The row is slack ⇒
		// y₁ = 0, d = c = (1, −2) (x at lower, y at upper: signs right).
		name: "range_row_slack", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("range_row_slack", lp.Minimize)
			x := m.AddVar("x", 0, 2, 1)
			y := m.AddVar("y", 0, 2, -2)
			m.AddRow("r", 1, 3, t(x, 1), t(y, 1))
			return m
		},
		status: optimal, obj: -4, x: []float64{0, 2}, y: []float64{0}, d: []float64{1, -2},
	},
	{
		// min −x − 2y, 1 ≤ x + y ≤ 3, x, y ∈ [0, 2]: y = 2, x = 1 (row at its
		// upper end), z = −5. x basic ⇒ y₁ = −1 (≤ 0 at an upper end);
		// d_y = −2 + 1 = −1 (≤ 0 at an upper bound). Dual 3·(−1) + 2·(−1) = −5.
		name: "range_row_upper", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("range_row_upper", lp.Minimize)
			x := m.AddVar("x", 0, 2, -1)
			y := m.AddVar("y", 0, 2, -2)
			m.AddRow("r", 1, 3, t(x, 1), t(y, 1))
			return m
		},
		status: optimal, obj: -5, x: []float64{1, 2}, y: []float64{-1}, d: []float64{0, -1},
	},
	{
		// min x + 2y, 1 ≤ x + y ≤ 3: x = 1, y = 0 (row at its lower end), z = 1;
		// y₁ = 1, d_y = 2 − 1 = 1.
		name: "range_row_lower", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("range_row_lower", lp.Minimize)
			x := m.AddVar("x", 0, 2, 1)
			y := m.AddVar("y", 0, 2, 2)
			m.AddRow("r", 1, 3, t(x, 1), t(y, 1))
			return m
		},
		status: optimal, obj: 1, x: []float64{1, 0}, y: []float64{1}, d: []float64{0, 1},
	},
	{
		// x fixed at 2 ⇒ y ≥ 1, z = 3; y basic ⇒ y₁ = 1; d_x = 1 − 1 = 0.
		name: "fixed_variable", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("fixed_variable", lp.Minimize)
			x := m.AddVar("x", 2, 2, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddGE("r", 3, t(x, 1), t(y, 1))
			return m
		},
		status: optimal, obj: 3, x: []float64{2, 1}, y: []float64{1}, d: []float64{0, 0},
	},
	{
		// max 2x + y − 4, x + y ≤ 3, x ≤ 2 (a row): x = 2, y = 1, z = 1.
		// Both basic ⇒ y₁ = 1 (from y), y₂ = 2 − 1 = 1. Dual 3 + 2 − 4 = 1.
		name: "max_with_offset", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("max_with_offset", lp.Maximize)
			x := m.AddVar("x", 0, inf, 2)
			y := m.AddVar("y", 0, inf, 1)
			m.ObjOffset = -4
			m.AddLE("cap", 3, t(x, 1), t(y, 1))
			m.AddLE("xcap", 2, t(x, 1))
			return m
		},
		status: optimal, obj: 1, x: []float64{2, 1}, y: []float64{1, 1}, d: []float64{0, 0},
	},
	{
		// min x + 10 with x ≥ 1 ⇒ 11; y₁ = 1, d = 0.
		name: "min_with_offset", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("min_with_offset", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			m.ObjOffset = 10
			m.AddGE("r", 1, t(x, 1))
			return m
		},
		status: optimal, obj: 11, x: []float64{1}, y: []float64{1}, d: []float64{0},
	},
	{
		// Four constraints active at (1, 1): primal degenerate; z = −2, the
		// point is unique (x + y = 2 with x, y ≤ 1), the duals are not.
		name: "degenerate_vertex", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("degenerate_vertex", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			y := m.AddVar("y", 0, inf, -1)
			m.AddLE("sum", 2, t(x, 1), t(y, 1))
			m.AddLE("xcap", 1, t(x, 1))
			m.AddLE("ycap", 1, t(y, 1))
			m.AddLE("mix", 3, t(x, 1), t(y, 2))
			return m
		},
		status: optimal, obj: -2, x: []float64{1, 1},
	},
	{
		// Chvátal's cycling example (Linear Programming, 1983, p. 31): the
		// largest-coefficient rule cycles. Optimum z = 1 at x = (1, 0, 1, 0).
		name: "cycling_chvatal", source: "Chvátal 1983 p. 31; scipy milp (HiGHS) gives z = 1 at (1, 0, 1, 0)",
		build: func() *lp.Model {
			m := lp.New("cycling_chvatal", lp.Maximize)
			x1 := m.AddVar("x1", 0, inf, 10)
			x2 := m.AddVar("x2", 0, inf, -57)
			x3 := m.AddVar("x3", 0, inf, -9)
			x4 := m.AddVar("x4", 0, inf, -24)
			m.AddLE("c1", 0, t(x1, 0.5), t(x2, -5.5), t(x3, -2.5), t(x4, 9))
			m.AddLE("c2", 0, t(x1, 0.5), t(x2, -1.5), t(x3, -0.5), t(x4, 1))
			m.AddLE("c3", 1, t(x1, 1))
			return m
		},
		status: optimal, obj: 1, x: []float64{1, 0, 1, 0},
	},
	{
		// x + y = 2 stated three times (scaled); x − y = 0 ⇒ x = y = 1, z = 2.
		name: "redundant_equalities", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("redundant_equalities", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddEQ("e1", 2, t(x, 1), t(y, 1))
			m.AddEQ("e2", 4, t(x, 2), t(y, 2))
			m.AddEQ("e3", 0, t(x, 1), t(y, -1))
			m.AddEQ("e4", -6, t(x, -3), t(y, -3))
			return m
		},
		status: optimal, obj: 2, x: []float64{1, 1},
	},
	{
		// Balanced transport problem, supplies 20, 30, demands 10, 25, 15,
		// costs [[8 6 10] [9 12 13]]. Optimum 465; the uniqueness of the plan
		// is not claimed.
		name: "transport_equalities", source: "scipy 1.10.1 milp (HiGHS): 465",
		build: func() *lp.Model {
			m := lp.New("transport_equalities", lp.Minimize)
			cost := [2][3]float64{{8, 6, 10}, {9, 12, 13}}
			var v [2][3]int
			for i := range cost {
				for j := range cost[i] {
					v[i][j] = m.AddVar("", 0, inf, cost[i][j])
				}
			}
			for i, s := range []float64{20, 30} {
				m.AddLE("", s, t(v[i][0], 1), t(v[i][1], 1), t(v[i][2], 1))
			}
			for j, d := range []float64{10, 25, 15} {
				m.AddEQ("", d, t(v[0][j], 1), t(v[1][j], 1))
			}
			return m
		},
		status: optimal, obj: 465,
	},
	{
		// Column bounded above only: x ≤ 3 (no lower bound), y ≥ −1.
		// max x + y, x + 2y ≤ 4 ⇒ x = 3, y = 0.5, z = 3.5; y basic ⇒ y₁ = 0.5,
		// d_x = 1 − 0.5 = 0.5 ≥ 0 (upper bound, maximisation).
		name: "upper_bound_only", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("upper_bound_only", lp.Maximize)
			x := m.AddVar("x", -inf, 3, 1)
			y := m.AddVar("y", -1, inf, 1)
			m.AddLE("r", 4, t(x, 1), t(y, 2))
			return m
		},
		status: optimal, obj: 3.5, x: []float64{3, 0.5}, y: []float64{0.5}, d: []float64{0.5, 0},
	},
	{
		// A free row is no constraint: min x with x ≥ 1 ⇒ 1; y = 0 on the
		// free row, d_x = 1.
		name: "free_row", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("free_row", lp.Minimize)
			x := m.AddVar("x", 1, inf, 1)
			y := m.AddVar("y", 0, 5, 0)
			m.AddRow("free", -inf, inf, t(x, 1), t(y, -1))
			m.AddLE("ycap", 5, t(y, 1))
			return m
		},
		status: optimal, obj: 1,
	},
	{
		// No columns, no rows: the objective is the offset.
		name: "empty", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("empty", lp.Minimize)
			m.ObjOffset = 3.5
			return m
		},
		status: optimal, obj: 3.5, x: []float64{}, y: []float64{}, d: []float64{},
	},
	{
		// No rows: each column at the bound its cost prefers, x = 1, y = 4,
		// z = 1 − 4 = −3; d = c.
		name: "bounds_only", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("bounds_only", lp.Minimize)
			m.AddVar("x", 1, 5, 1)
			m.AddVar("y", -2, 4, -1)
			return m
		},
		status: optimal, obj: -3, x: []float64{1, 4}, y: []float64{}, d: []float64{1, -1},
	},
	{
		// A row with no entries and bounds containing 0 is harmless; x = 0.
		name: "empty_row", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("empty_row", lp.Minimize)
			x := m.AddVar("x", 0, 4, 1)
			m.AddRow("nothing", -1, 1)
			m.AddLE("r", 4, t(x, 1))
			return m
		},
		status: optimal, obj: 0, x: []float64{0},
	},
	{
		// Klee–Minty cube, n = 3: max 100x₁ + 10x₂ + x₃ has optimum 10⁴ at (0, 0, 10⁴).
		name: "klee_minty_3", source: "Klee & Minty 1972; hand-checked: x₃ ≤ 10⁴ − 200x₁ − 20x₂",
		build: func() *lp.Model {
			m := lp.New("klee_minty_3", lp.Maximize)
			x1 := m.AddVar("x1", 0, inf, 100)
			x2 := m.AddVar("x2", 0, inf, 10)
			x3 := m.AddVar("x3", 0, inf, 1)
			m.AddLE("k1", 1, t(x1, 1))
			m.AddLE("k2", 100, t(x1, 20), t(x2, 1))
			m.AddLE("k3", 10000, t(x1, 200), t(x2, 20), t(x3, 1))
			return m
		},
		status: optimal, obj: 10000, x: []float64{0, 0, 10000},
	},
	{
		// A small diet problem: min 0.6a + 0.35b s.t. 5a + 7b ≥ 8,
		// 4a + 2b ≥ 15, 2a + b ≥ 3. Per unit of n2, a costs 0.6/4 = 0.15 and b
		// 0.35/2 = 0.175, and a = 3.75 meets n1 (18.75) and n3 (7.5): z = 2.25.
		// a basic ⇒ y₂ = 0.15, d_b = 0.35 − 2·0.15 = 0.05.
		name: "diet", source: "hand-derived; scipy milp (HiGHS) agrees",
		build: func() *lp.Model {
			m := lp.New("diet", lp.Minimize)
			a := m.AddVar("a", 0, inf, 0.6)
			b := m.AddVar("b", 0, inf, 0.35)
			m.AddGE("n1", 8, t(a, 5), t(b, 7))
			m.AddGE("n2", 15, t(a, 4), t(b, 2))
			m.AddGE("n3", 3, t(a, 2), t(b, 1))
			return m
		},
		status: optimal, obj: 2.25, x: []float64{3.75, 0}, y: []float64{0, 0.15, 0}, d: []float64{0, 0.05},
	},
	{
		// x + y ≤ 1 and x + y ≥ 2 contradict each other (certificate (−1, 1)).
		name: "infeasible_rows", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("infeasible_rows", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddLE("le", 1, t(x, 1), t(y, 1))
			m.AddGE("ge", 2, t(x, 1), t(y, 1))
			return m
		},
		status: infeasible, farkas: true,
	},
	{
		// x + y ≥ 5 with x, y ≤ 2: infeasible through the column bounds.
		name: "infeasible_by_bounds", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("infeasible_by_bounds", lp.Maximize)
			x := m.AddVar("x", 0, 2, 1)
			y := m.AddVar("y", 0, 2, 1)
			m.AddGE("r", 5, t(x, 1), t(y, 1))
			return m
		},
		status: infeasible, farkas: true,
	},
	{
		name: "infeasible_column_bounds", source: "lower bound 2 above upper bound 1",
		build: func() *lp.Model {
			m := lp.New("infeasible_column_bounds", lp.Minimize)
			x := m.AddVar("x", 2, 1, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddGE("r", 1, t(x, 1), t(y, 1))
			return m
		},
		status: infeasible,
	},
	{
		name: "infeasible_row_bounds", source: "row lower bound 3 above upper bound 1",
		build: func() *lp.Model {
			m := lp.New("infeasible_row_bounds", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			m.AddRow("r", 3, 1, t(x, 1))
			return m
		},
		status: infeasible,
	},
	{
		// x + y = 2 and 2x + 2y = 5 are dependent and inconsistent.
		name: "inconsistent_equalities", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("inconsistent_equalities", lp.Minimize)
			x := m.AddVar("x", -inf, inf, 1)
			y := m.AddVar("y", -inf, inf, 1)
			m.AddEQ("e1", 2, t(x, 1), t(y, 1))
			m.AddEQ("e2", 5, t(x, 2), t(y, 2))
			return m
		},
		status: infeasible, farkas: true,
	},
	{
		// A row without entries whose bounds exclude 0.
		name: "infeasible_empty_row", source: "hand-derived: 0 ∉ [1, 2]",
		build: func() *lp.Model {
			m := lp.New("infeasible_empty_row", lp.Minimize)
			m.AddVar("x", 0, 1, 1)
			m.AddRow("nothing", 1, 2)
			return m
		},
		status: infeasible, farkas: true,
	},
	{
		// min −x − y, x − y ≤ 1: the ray (1, 1) keeps the row at its value.
		name: "unbounded", source: "hand-derived: ray (1, 1)",
		build: func() *lp.Model {
			m := lp.New("unbounded", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			y := m.AddVar("y", 0, inf, -1)
			m.AddLE("r", 1, t(x, 1), t(y, -1))
			return m
		},
		status: unbounded, ray: true,
	},
	{
		// max x with x free and no rows.
		name: "unbounded_free_column", source: "hand-derived: ray (1)",
		build: func() *lp.Model {
			m := lp.New("unbounded_free_column", lp.Maximize)
			m.AddVar("x", -inf, inf, 1)
			return m
		},
		status: unbounded, ray: true,
	},
	{
		// min −z s.t. x − y = 1, x − z ≤ 4, x, y free, z ≥ 0: z grows
		// without limit along x = y = 0, z = 1 (the ≤ row decreases).
		name: "unbounded_with_equality", source: "hand-derived: ray x = y = 0, z = 1",
		build: func() *lp.Model {
			m := lp.New("unbounded_with_equality", lp.Minimize)
			x := m.AddVar("x", -inf, inf, 0)
			y := m.AddVar("y", -inf, inf, 0)
			z := m.AddVar("z", 0, inf, -1)
			m.AddEQ("e", 1, t(x, 1), t(y, -1))
			m.AddLE("r", 4, t(x, 1), t(z, -1))
			return m
		},
		status: unbounded, ray: true,
	},
	{
		// Infeasible rows (y ≤ −1 with y ≥ 0) and an unbounded direction (x):
		// Infeasible or InfeasibleOrUnbounded, never Unbounded.
		name: "infeasible_and_unbounded", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("infeasible_and_unbounded", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			y := m.AddVar("y", 0, inf, 0)
			m.AddLE("r", -1, t(y, 1))
			m.AddGE("s", 0, t(x, 1))
			return m
		},
		status: infeasible,
	},
}

// milpCases are skipped unless the backend declares MILP. Expected values are
// hand-derived, and cross-checked with scipy 1.10.1 scipy.optimize.milp
// (HiGHS), which agrees on every status and optimum.
var milpCases = []testCase{
	{
		// Weights 3, 4, 2, 3, values 10, 13, 7, 8, capacity 7: {a, b} is worth
		// 23 (weight 7); the alternatives weigh ≤ 7 and are worth ≤ 21.
		name: "knapsack", source: "hand enumeration of the 16 subsets; scipy milp agrees",
		build: func() *lp.Model {
			m := lp.New("knapsack", lp.Maximize)
			w := []float64{3, 4, 2, 3}
			v := []float64{10, 13, 7, 8}
			var terms []lp.Term
			for j := range w {
				terms = append(terms, t(m.AddBinary("", v[j]), w[j]))
			}
			m.AddLE("cap", 7, terms...)
			return m
		},
		status: optimal, obj: 23, x: []float64{1, 1, 0, 0},
	},
	{
		// Cover {1..5} with S1 = {1,2,3} (3), S2 = {2,4} (2), S3 = {3,4,5} (3),
		// S4 = {1,5} (2), S5 = {4,5} (1): S1 + S5 covers all at cost 4, unique.
		name: "set_cover", source: "hand enumeration; scipy milp agrees",
		build: func() *lp.Model {
			m := lp.New("set_cover", lp.Minimize)
			sets := [][]int{{1, 2, 3}, {2, 4}, {3, 4, 5}, {1, 5}, {4, 5}}
			cost := []float64{3, 2, 3, 2, 1}
			var cols []int
			for j := range sets {
				cols = append(cols, m.AddBinary("", cost[j]))
			}
			for e := 1; e <= 5; e++ {
				var terms []lp.Term
				for j, s := range sets {
					for _, v := range s {
						if v == e {
							terms = append(terms, t(cols[j], 1))
						}
					}
				}
				m.AddGE("", 1, terms...)
			}
			return m
		},
		status: optimal, obj: 4, x: []float64{1, 0, 0, 0, 1},
	},
	{
		// 2x + 2y = 3 has LP solutions but no integer one (parity).
		name: "integer_infeasible", source: "hand-derived: the left side is even",
		build: func() *lp.Model {
			m := lp.New("integer_infeasible", lp.Minimize)
			x := m.AddIntVar("x", 0, 5, 1)
			y := m.AddIntVar("y", 0, 5, 1)
			m.AddEQ("parity", 3, t(x, 2), t(y, 2))
			return m
		},
		status: infeasible,
	},
	{
		// max x + y with x − y ≤ 0.5, integers ≥ 0: x = y = k for every k.
		name: "unbounded_relaxation", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("unbounded_relaxation", lp.Maximize)
			x := m.AddIntVar("x", 0, inf, 1)
			y := m.AddIntVar("y", 0, inf, 1)
			m.AddLE("r", 0.5, t(x, 1), t(y, -1))
			return m
		},
		status: unbounded,
	},
	{
		// min −x₁ − 2x₂ + 3x₃ with x₁ + x₂ + x₃ ≥ 2, x₁ + x₂ ≤ 1, binaries:
		// x₃ must be 1 and one of x₁, x₂; x₂ is cheaper: z = −2 + 3 = 1.
		name: "binaries", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("binaries", lp.Minimize)
			a := m.AddBinary("x1", -1)
			b := m.AddBinary("x2", -2)
			c := m.AddBinary("x3", 3)
			m.AddGE("two", 2, t(a, 1), t(b, 1), t(c, 1))
			m.AddLE("one", 1, t(a, 1), t(b, 1))
			return m
		},
		status: optimal, obj: 1, x: []float64{0, 1, 1},
	},
	{
		// max x + y s.t. −2x + 2y ≥ 1, −8x + 10y ≤ 13, x, y ∈ {0..10}: the LP
		// optimum is (4, 4.5). For integers the first row means y ≥ x + 1, and
		// with the second 10(x + 1) ≤ 13 + 8x ⇒ x ≤ 1; x = 1 allows y = 2 only
		// (10y ≤ 21), x = 0 allows y = 1: the optimum (1, 2), z = 3, is unique.
		name: "general_integers", source: "hand-derived; scipy milp (HiGHS) agrees",
		build: func() *lp.Model {
			m := lp.New("general_integers", lp.Maximize)
			x := m.AddIntVar("x", 0, 10, 1)
			y := m.AddIntVar("y", 0, 10, 1)
			m.AddGE("a", 1, t(x, -2), t(y, 2))
			m.AddLE("b", 13, t(x, -8), t(y, 10))
			return m
		},
		status: optimal, obj: 3, x: []float64{1, 2},
	},
	{
		// Fewest coins of values 3, 5, 7 summing to 29: five (1·3 + 1·5 + 3·7,
		// or 3·5 + 2·7); the point is not unique.
		name: "integer_equality", source: "hand enumeration over the count of 7s; scipy milp agrees",
		build: func() *lp.Model {
			m := lp.New("integer_equality", lp.Minimize)
			x := m.AddIntVar("x", 0, 10, 1)
			y := m.AddIntVar("y", 0, 10, 1)
			z := m.AddIntVar("z", 0, 10, 1)
			m.AddEQ("sum", 29, t(x, 3), t(y, 5), t(z, 7))
			return m
		},
		status: optimal, obj: 5,
	},
	{
		// min x over integers in [−10, 10] with x ≥ −2.5: x = −2.
		name: "negative_integer_bounds", source: "hand-derived",
		build: func() *lp.Model {
			m := lp.New("negative_integer_bounds", lp.Minimize)
			x := m.AddIntVar("x", -10, 10, 1)
			m.AddGE("r", -2.5, t(x, 1))
			return m
		},
		status: optimal, obj: -2, x: []float64{-2},
	},
	{
		// Mixed: max 5x + 4y + 3z, 2x + 3y + z ≤ 5, 4x + y + 2z ≤ 11,
		// 3x + 4y + 2z ≤ 8, x, y integer ≥ 0, z continuous ≥ 0. Optimum 13 at
		// x = 2, y = 0, z = 1 (Chvátal's example 2.1 with x, y integral; the
		// LP optimum already is integral).
		name: "mixed_integer", source: "Chvátal 1983 ch. 2 (LP optimum 13 is integral); scipy milp agrees",
		build: func() *lp.Model {
			m := lp.New("mixed_integer", lp.Maximize)
			x := m.AddIntVar("x", 0, inf, 5)
			y := m.AddIntVar("y", 0, inf, 4)
			z := m.AddVar("z", 0, inf, 3)
			m.AddLE("a", 5, t(x, 2), t(y, 3), t(z, 1))
			m.AddLE("b", 11, t(x, 4), t(y, 1), t(z, 2))
			m.AddLE("c", 8, t(x, 3), t(y, 4), t(z, 2))
			return m
		},
		status: optimal, obj: 13, x: []float64{2, 0, 1},
	},
}

// FarkasModels returns, by name, fresh copies of the suite's LPs whose
// infeasibility needs a Farkas certificate (not a crossed bound alone),
// for tests of code that explains infeasibility (lp/iis).
func FarkasModels() map[string]*lp.Model {
	out := map[string]*lp.Model{}
	for _, tc := range lpCases {
		if tc.farkas {
			out[tc.name] = tc.build()
		}
	}
	return out
}
