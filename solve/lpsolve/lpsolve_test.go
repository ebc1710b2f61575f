//go:build lpsolve

package lpsolve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Tolerances of the comparisons below: objectives 1e-9 relative (the exact
// values are small rationals), points and duals 1e-7 absolute.
const (
	objTol = 1e-9
	xTol   = 1e-7
)

type smallCase struct {
	name   string
	build  func() *lp.Model
	status lp.Status
	obj    float64   // expected optimum (derivation in the comment of each case)
	x      []float64 // nil: not compared (degenerate or non-unique)
	y      []float64 // expected row duals in the c = Aᵀy + d convention
}

func t2(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

// smallCases are LPs solved by hand: each optimum is the vertex where the
// binding rows meet; each dual solves Bᵀy = c_B on the binding rows.
var smallCases = []smallCase{
	{
		// max 3x+2y, x+y ≤ 4, x+3y ≤ 6, x,y ≥ 0. Vertices (0,0) 0, (4,0) 12,
		// (3,1) 11, (0,2) 4 → (4,0), z = 12; only row 0 binds: y₀ = 3, y₁ = 0.
		name: "max_le", status: lp.Optimal, obj: 12, x: []float64{4, 0}, y: []float64{3, 0},
		build: func() *lp.Model {
			m := lp.New("max_le", lp.Maximize)
			x, y := m.AddVar("x", 0, lp.Inf, 3), m.AddVar("y", 0, lp.Inf, 2)
			m.AddLE("r0", 4, t2(x, 1), t2(y, 1))
			m.AddLE("r1", 6, t2(x, 1), t2(y, 3))
			return m
		},
	},
	{
		// min x+2y, 1 ≤ x+y ≤ 3 (range), x−y ≤ 0.5, x,y ≥ 0. Binding: x+y = 1
		// (lower end), x−y = 0.5 → (0.75, 0.25), z = 1.25;
		// y₀+y₁ = 1, y₀−y₁ = 2 → y = (1.5, −0.5).
		name: "min_range_lower", status: lp.Optimal, obj: 1.25, x: []float64{0.75, 0.25}, y: []float64{1.5, -0.5},
		build: func() *lp.Model {
			m := lp.New("min_range_lower", lp.Minimize)
			x, y := m.AddVar("x", 0, lp.Inf, 1), m.AddVar("y", 0, lp.Inf, 2)
			m.AddRow("r0", 1, 3, t2(x, 1), t2(y, 1))
			m.AddLE("r1", 0.5, t2(x, 1), t2(y, -1))
			return m
		},
	},
	{
		// max x+2y over the same rows: y grows until x+y = 3 (upper end) with
		// x = 0 → z = 6, y₀ = 2 (∂z/∂u₀), row 1 slack.
		name: "max_range_upper", status: lp.Optimal, obj: 6, x: []float64{0, 3}, y: []float64{2, 0},
		build: func() *lp.Model {
			m := lp.New("max_range_upper", lp.Maximize)
			x, y := m.AddVar("x", 0, lp.Inf, 1), m.AddVar("y", 0, lp.Inf, 2)
			m.AddRow("r0", 1, 3, t2(x, 1), t2(y, 1))
			m.AddLE("r1", 0.5, t2(x, 1), t2(y, -1))
			return m
		},
	},
	{
		// min x + 10, x − y = −2, x free, −1 ≤ y ≤ 4: x = y − 2 is least at
		// y = −1 → x = −3, z = 7 (offset included); x basic: y₀ = c_x = 1.
		name: "eq_free_offset", status: lp.Optimal, obj: 7, x: []float64{-3, -1}, y: []float64{1},
		build: func() *lp.Model {
			m := lp.New("eq_free_offset", lp.Minimize)
			m.ObjOffset = 10
			x, y := m.AddVar("x", math.Inf(-1), lp.Inf, 1), m.AddVar("y", -1, 4, 0)
			m.AddEQ("r0", -2, t2(x, 1), t2(y, -1))
			return m
		},
	},
	{
		// max 2x − y, x fixed at 2.5, y ∈ [1, 3], x + y ≥ 2 (slack at y = 1):
		// z = 5 − 1 = 4; no row binds.
		name: "fixed_column", status: lp.Optimal, obj: 4, x: []float64{2.5, 1}, y: []float64{0},
		build: func() *lp.Model {
			m := lp.New("fixed_column", lp.Maximize)
			x, y := m.AddVar("x", 2.5, 2.5, 2), m.AddVar("y", 1, 3, -1)
			m.AddGE("r0", 2, t2(x, 1), t2(y, 1))
			return m
		},
	},
	{
		// An empty row with 0 inside its range is no constraint: min x,
		// x ∈ [1, 2] → z = 1.
		name: "empty_row_feasible", status: lp.Optimal, obj: 1, x: []float64{1}, y: []float64{0},
		build: func() *lp.Model {
			m := lp.New("empty_row_feasible", lp.Minimize)
			m.AddVar("x", 1, 2, 1)
			m.AddRow("empty", -1, 1)
			return m
		},
	},
	{
		// An empty row whose range [1, 2] excludes 0 is infeasible.
		name: "empty_row_infeasible", status: lp.Infeasible,
		build: func() *lp.Model {
			m := lp.New("empty_row_infeasible", lp.Minimize)
			m.AddVar("x", 1, 2, 1)
			m.AddRow("empty", 1, 2)
			return m
		},
	},
	{
		// x + y ≤ 1 and x + y ≥ 2 contradict each other.
		name: "infeasible", status: lp.Infeasible,
		build: func() *lp.Model {
			m := lp.New("infeasible", lp.Minimize)
			x, y := m.AddVar("x", 0, lp.Inf, 1), m.AddVar("y", 0, lp.Inf, 1)
			m.AddLE("r0", 1, t2(x, 1), t2(y, 1))
			m.AddGE("r1", 2, t2(x, 1), t2(y, 1))
			return m
		},
	},
	{
		// Infeasible rows and an unbounded direction (x): the primal has no
		// feasible point, so the answer is "infeasible".
		name: "infeasible_and_dual_infeasible", status: lp.Infeasible,
		build: func() *lp.Model {
			m := lp.New("infeasible_and_dual_infeasible", lp.Minimize)
			m.AddVar("x", 0, lp.Inf, -1)
			y := m.AddVar("y", 0, lp.Inf, 0)
			m.AddGE("r0", 1, t2(y, 1))
			m.AddLE("r1", 0, t2(y, 1))
			return m
		},
	},
	{
		// min −x, x − y ≤ 1, x,y ≥ 0: the ray (1,1) decreases −x forever.
		name: "unbounded", status: lp.Unbounded,
		build: func() *lp.Model {
			m := lp.New("unbounded", lp.Minimize)
			x, y := m.AddVar("x", 0, lp.Inf, -1), m.AddVar("y", 0, lp.Inf, 0)
			m.AddLE("r0", 1, t2(x, 1), t2(y, -1))
			return m
		},
	},
	{
		// max x with x ≥ −5 and no rows: unbounded above.
		name: "unbounded_max_no_rows", status: lp.Unbounded,
		build: func() *lp.Model {
			m := lp.New("unbounded_max_no_rows", lp.Maximize)
			m.AddVar("x", -5, lp.Inf, 1)
			return m
		},
	},
	{
		// No columns, no rows: the optimum is the constant 3.
		name: "empty_model", status: lp.Optimal, obj: 3, x: []float64{}, y: []float64{},
		build: func() *lp.Model {
			m := lp.New("empty_model", lp.Minimize)
			m.ObjOffset = 3
			return m
		},
	},
}

func checkSmall(t *testing.T, tc smallCase, sol *lp.Solution) {
	t.Helper()
	if sol.Status != tc.status {
		t.Fatalf("status %v, want %v", sol.Status, tc.status)
	}
	if tc.status != lp.Optimal {
		if sol.HasPrimal() {
			t.Errorf("status %v carries a primal point %v", sol.Status, sol.X)
		}
		return
	}
	if d := math.Abs(sol.Objective - tc.obj); d > objTol*math.Max(1, math.Abs(tc.obj)) {
		t.Errorf("objective %.12g, want %.12g", sol.Objective, tc.obj)
	}
	if tc.x != nil {
		if len(sol.X) != len(tc.x) {
			t.Fatalf("len(X) = %d, want %d", len(sol.X), len(tc.x))
		}
		for j := range tc.x {
			if math.Abs(sol.X[j]-tc.x[j]) > xTol {
				t.Errorf("x[%d] = %.10g, want %.10g", j, sol.X[j], tc.x[j])
			}
		}
	}
	if tc.y != nil {
		if !sol.HasDual() || len(sol.RowDual) != len(tc.y) {
			t.Fatalf("duals %v / %v, want %d row duals", sol.RowDual, sol.ReducedCost, len(tc.y))
		}
		for i := range tc.y {
			if math.Abs(sol.RowDual[i]-tc.y[i]) > xTol {
				t.Errorf("y[%d] = %.10g, want %.10g", i, sol.RowDual[i], tc.y[i])
			}
		}
	}
}

func TestSmallLPs(t *testing.T) {
	for _, scaling := range []string{"4", "0"} {
		for _, tc := range smallCases {
			t.Run("scaling"+scaling+"/"+tc.name, func(t *testing.T) {
				m := tc.build()
				sol, rep, err := solve.SolveWith(context.Background(), New(), m, solve.Options{Raw: map[string]string{"scaling": scaling}})
				if err != nil {
					t.Fatal(err)
				}
				checkSmall(t, tc, sol)
				if !rep.OK {
					t.Errorf("verification failed: %s", rep.Summary())
				}
				if tc.status == lp.Optimal && !rep.DualChecked {
					t.Errorf("duals were not checked")
				}
			})
		}
	}
}

func TestRejects(t *testing.T) {
	lpModel := func() *lp.Model {
		m := lp.New("r", lp.Minimize)
		x := m.AddVar("x", 0, 10, -1)
		m.AddLE("r0", 5, t2(x, 1))
		return m
	}
	tests := []struct {
		name    string
		edit    func(m *lp.Model)
		opts    solve.Options
		wantIs  error
		wantSub string
	}{
		// lp_solve reads |v| ≥ 1e30 (get_infinite) as infinite.
		{"objective_1e30", func(m *lp.Model) { m.Obj[0] = 1e30 }, solve.Options{}, ErrRange, "vars[0] (x).obj"},
		{"coefficient_-2e30", func(m *lp.Model) { m.Rows[0].Val[0] = -2e30 }, solve.Options{}, ErrRange, "rows[0] (r0).coef[0] (x)"},
		{"bound_1e30", func(m *lp.Model) { m.Vars[0].Upper = 1e30 }, solve.Options{}, ErrRange, "vars[0] (x).upper"},
		{"row_bound_1e31", func(m *lp.Model) { m.Rows[0].Upper = 1e31 }, solve.Options{}, ErrRange, "rows[0] (r0).upper"},
		{"nan", func(m *lp.Model) { m.Obj[0] = math.NaN() }, solve.Options{}, lp.ErrInvalid, "NaN"},
		{"unknown_raw", nil, solve.Options{Raw: map[string]string{"algorithm": "dual"}}, nil, `unknown key "algorithm"`},
		{"bad_scaling", nil, solve.Options{Raw: map[string]string{"scaling": "geometric"}}, nil, `got "geometric"`},
		{"negative_gap", nil, solve.Options{MIPGap: -0.1}, nil, "mip_gap"},
		{"negative_nodes", nil, solve.Options{NodeLimit: -1}, nil, "node_limit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := lpModel()
			if tc.edit != nil {
				tc.edit(m)
			}
			sol, err := New().Solve(context.Background(), m, tc.opts)
			if err == nil {
				t.Fatalf("no error, solution %+v", sol)
			}
			if tc.wantIs != nil && !errors.Is(err, tc.wantIs) {
				t.Errorf("error %q does not wrap %v", err, tc.wantIs)
			}
			if !strings.Contains(err.Error(), tc.wantSub) {
				t.Errorf("error %q does not mention %q", err, tc.wantSub)
			}
		})
	}
	if _, err := New().Solve(context.Background(), nil, solve.Options{}); !errors.Is(err, lp.ErrInvalid) {
		t.Errorf("nil model: error %v, want lp.ErrInvalid", err)
	}
}

func TestMILP(t *testing.T) {
	tests := []struct {
		name   string
		build  func() *lp.Model
		status lp.Status
		obj    float64
		x      []float64
	}{
		{
			// max 5x+4y, 6x+4y ≤ 24, x+2y ≤ 6, x,y ∈ ℤ₊. The LP optimum is
			// (3, 1.5) = 21; enumerating the integer points under both rows
			// gives (4,0) = 20 as the best ((3,1) = 19, (2,2) = 18).
			name: "textbook", status: lp.Optimal, obj: 20, x: []float64{4, 0},
			build: func() *lp.Model {
				m := lp.New("textbook", lp.Maximize)
				x, y := m.AddIntVar("x", 0, lp.Inf, 5), m.AddIntVar("y", 0, lp.Inf, 4)
				m.AddLE("r0", 24, t2(x, 6), t2(y, 4))
				m.AddLE("r1", 6, t2(x, 1), t2(y, 2))
				return m
			},
		},
		{
			// min x + y + 1 with 2x + 2y = 3 over the integers has no solution
			// (the left side is even); the LP relaxation is feasible.
			name: "parity_infeasible", status: lp.Infeasible,
			build: func() *lp.Model {
				m := lp.New("parity", lp.Minimize)
				m.ObjOffset = 1
				x, y := m.AddIntVar("x", 0, 10, 1), m.AddIntVar("y", 0, 10, 1)
				m.AddEQ("r0", 3, t2(x, 2), t2(y, 2))
				return m
			},
		},
		{
			// Binary knapsack max 10a+13b+7c+8d, 3a+4b+2c+3d ≤ 7: of the 16
			// subsets within weight 7, {b, d} (weight 7) = 21 and {a, b}
			// (weight 7) = 23 and {b, c} (6) = 20, {a, c} (5) = 17, {c, d}
			// (5) = 15, {a, d} (6) = 18 → {a, b} = 23, plus offset −3 = 20.
			name: "knapsack", status: lp.Optimal, obj: 20, x: []float64{1, 1, 0, 0},
			build: func() *lp.Model {
				m := lp.New("knapsack", lp.Maximize)
				m.ObjOffset = -3
				var ts []lp.Term
				for k, cw := range [][2]float64{{10, 3}, {13, 4}, {7, 2}, {8, 3}} {
					j := m.AddBinary(string(rune('a'+k)), cw[0])
					ts = append(ts, t2(j, cw[1]))
				}
				m.AddLE("w", 7, ts...)
				return m
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, rep, err := solve.SolveWith(context.Background(), New(), tc.build(), solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != tc.status {
				t.Fatalf("status %v, want %v", sol.Status, tc.status)
			}
			if !rep.OK {
				t.Errorf("verification failed: %s", rep.Summary())
			}
			if sol.RowDual != nil || sol.ReducedCost != nil {
				t.Errorf("a MILP solution carries duals")
			}
			if tc.status != lp.Optimal {
				return
			}
			if math.Abs(sol.Objective-tc.obj) > objTol*math.Max(1, math.Abs(tc.obj)) || sol.BestBound != sol.Objective {
				t.Errorf("objective %.12g bound %.12g, want %.12g", sol.Objective, sol.BestBound, tc.obj)
			}
			for j := range tc.x {
				if math.Abs(sol.X[j]-tc.x[j]) > xTol {
					t.Errorf("x[%d] = %g, want %g", j, sol.X[j], tc.x[j])
				}
			}
		})
	}
}

// marketSplit builds a market split instance (Cornuéjols and Dawande, 1999):
// rows Σⱼ aᵢⱼxⱼ = ⌊Σⱼ aᵢⱼ / 2⌋ over binaries with aᵢⱼ uniform in [0, 99],
// with slacks to make it always feasible at a cost. Branch and bound needs
// a number of nodes exponential in n, far beyond the limits used here.
func marketSplit(rows, n int, seed uint64) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 2))
	m := lp.New("market_split", lp.Minimize)
	for j := 0; j < n; j++ {
		m.AddBinary("", 0)
	}
	for i := 0; i < rows; i++ {
		ts := make([]lp.Term, 0, n+2)
		sum := 0.0
		for j := 0; j < n; j++ {
			a := float64(r.IntN(100))
			sum += a
			ts = append(ts, t2(j, a))
		}
		sp := m.AddVar("", 0, lp.Inf, 1)
		sm := m.AddVar("", 0, lp.Inf, 1)
		ts = append(ts, t2(sp, 1), t2(sm, -1))
		m.AddEQ("", math.Floor(sum/2), ts...)
	}
	return m
}

func TestLimits(t *testing.T) {
	m := marketSplit(6, 50, 3)
	check := func(t *testing.T, sol *lp.Solution, err error, want lp.Status) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != want {
			t.Fatalf("status %v, want %v", sol.Status, want)
		}
		if sol.HasPrimal() {
			rep := solve.Verify(m, sol, solve.Tolerances{})
			if !rep.PrimalChecked || rep.MaxRowViolationRel > 1e-7 || rep.MaxIntegralityViolation > 1e-6 {
				t.Errorf("incumbent fails verification: %s", rep.Summary())
			}
			if !math.IsInf(sol.BestBound, -1) || !math.IsInf(sol.Gap, 1) {
				t.Errorf("stopped MILP reports bound %g gap %g, want the trivial −Inf, +Inf", sol.BestBound, sol.Gap)
			}
		}
	}
	t.Run("time", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		sol, err := New().Solve(ctx, m, solve.Options{})
		check(t, sol, err, lp.TimeLimit)
	})
	t.Run("nodes", func(t *testing.T) {
		sol, err := New().Solve(context.Background(), m, solve.Options{NodeLimit: 50})
		check(t, sol, err, lp.NodeLimit)
	})
	t.Run("iterations", func(t *testing.T) {
		sol, err := New().Solve(context.Background(), transport(60, 7), solve.Options{IterationLimit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.IterationLimit || sol.HasPrimal() {
			t.Errorf("status %v (primal %v), want iteration_limit without a point", sol.Status, sol.HasPrimal())
		}
	})
	t.Run("cancelled_during_solve", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(100 * time.Millisecond); cancel() }()
		if _, err := New().Solve(ctx, m, solve.Options{}); !errors.Is(err, context.Canceled) {
			t.Errorf("error %v, want context.Canceled", err)
		}
	})
	t.Run("expired_deadline", func(t *testing.T) {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		defer cancel()
		sol, err := New().Solve(ctx, m, solve.Options{})
		if err != nil || sol.Status != lp.TimeLimit {
			t.Errorf("got %v, %v; want time_limit", sol, err)
		}
	})
}

// transport builds a random balanced transportation problem with s sources
// and s sinks (seeded).
func transport(s int, seed uint64) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 1))
	m := lp.New("transport", lp.Minimize)
	supply := make([]float64, s)
	for i := range supply {
		supply[i] = float64(10 + r.IntN(90))
	}
	rows := make([][]lp.Term, 2*s)
	for i := 0; i < s; i++ {
		for k := 0; k < s; k++ {
			j := m.AddVar("", 0, lp.Inf, float64(1+r.IntN(1000)))
			rows[i] = append(rows[i], t2(j, 1))
			rows[s+k] = append(rows[s+k], t2(j, 1))
		}
	}
	total := 0.0
	for i := 0; i < s; i++ {
		m.AddLE("", supply[i], rows[i]...)
		total += supply[i]
	}
	for k := 0; k < s; k++ {
		m.AddGE("", total/float64(s)*0.9, rows[s+k]...)
	}
	return m
}

func TestCapabilities(t *testing.T) {
	b, err := solve.Open(Name)
	if err != nil {
		t.Fatal(err)
	}
	c := b.Capabilities()
	if b.Name() != "lpsolve" || !c.LP || !c.MILP || !c.Duals || c.Rays {
		t.Errorf("backend %q capabilities %+v", b.Name(), c)
	}
}
