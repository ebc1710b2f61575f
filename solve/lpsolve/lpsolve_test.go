//go:build lpsolve

package lpsolve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// Tolerances of the comparisons below: objectives 1e-9 relative (the exact
// values are small rationals), points and duals 1e-7 absolute.
const (
	objTol = 1e-9
	xTol   = 1e-7
)

func t2(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

func TestRejects(t *testing.T) {
	solvetest.RunRejects(t, func() solve.Backend { return New() }, solvetest.RejectLP, []solvetest.Reject{
		// lp_solve reads |v| ≥ 1e30 (get_infinite) as infinite.
		{Name: "objective_1e30", Edit: func(m *lp.Model) { m.Obj[0] = 1e30 }, Is: ErrRange, Contains: "vars[0] (x).obj"},
		{Name: "coefficient_-2e30", Edit: func(m *lp.Model) { m.Rows[0].Val[0] = -2e30 }, Is: ErrRange, Contains: "rows[0] (r0).coef[0] (x)"},
		{Name: "bound_1e30", Edit: func(m *lp.Model) { m.Vars[0].Upper = 1e30 }, Is: ErrRange, Contains: "vars[0] (x).upper"},
		{Name: "row_bound_1e31", Edit: func(m *lp.Model) { m.Rows[0].Upper = 1e31 }, Is: ErrRange, Contains: "rows[0] (r0).upper"},
		{Name: "nan", Edit: func(m *lp.Model) { m.Obj[0] = math.NaN() }, Is: lp.ErrInvalid, Contains: "NaN"},
		{Name: "unknown_raw", Options: solve.Options{Raw: map[string]string{"algorithm": "dual"}}, Contains: `unknown key "algorithm"`},
		{Name: "bad_scaling", Options: solve.Options{Raw: map[string]string{"scaling": "geometric"}}, Contains: `got "geometric"`},
		{Name: "negative_gap", Options: solve.Options{MIPGap: -0.1}, Contains: "mip_gap"},
		{Name: "negative_nodes", Options: solve.Options{NodeLimit: -1}, Contains: "node_limit"},
	})
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
		sol, err := New().Solve(context.Background(), solvetest.Transport(60, 7), solve.Options{IterationLimit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.IterationLimit || sol.HasPrimal() {
			t.Errorf("status %v (primal %v), want iteration_limit without a point", sol.Status, sol.HasPrimal())
		}
	})
	t.Run("cancelled_during_solve", func(t *testing.T) {
		// A cancellation stops the solve as a deadline does.
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(100 * time.Millisecond); cancel() }()
		sol, err := New().Solve(ctx, m, solve.Options{})
		check(t, sol, err, lp.TimeLimit)
	})
	t.Run("cancelled_before_solve", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		sol, err := New().Solve(ctx, m, solve.Options{})
		check(t, sol, err, lp.TimeLimit)
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

// TestStopOnP0548 stops lp_solve 2 s into MIPLIB p0548, which it does not
// solve in 5 minutes (TestConformance), by the deadline and by a
// cancellation, with lp_solve's default gap tolerance and with a large one
// (0.5). Each must end with status time_limit and lp_solve's incumbent,
// verified: lp_solve finds its first one after about 300 nodes (0.03 s of
// one core), long before the stop. A cancellation used to be returned as
// an error, without the incumbent.
func TestStopOnP0548(t *testing.T) {
	inst := instances.MiplibNamed(t, "p0548")
	m, err := mps.ReadFile(inst.Path)
	if err != nil {
		t.Fatal(err)
	}
	const after = 2 * time.Second
	for _, gap := range []float64{0, 0.5} {
		for _, how := range []string{"deadline", "cancel"} {
			t.Run(fmt.Sprintf("%s/gap=%g", how, gap), func(t *testing.T) {
				var ctx context.Context
				var cancel context.CancelFunc
				if how == "deadline" {
					ctx, cancel = context.WithTimeout(context.Background(), after)
				} else {
					ctx, cancel = context.WithCancel(context.Background())
					time.AfterFunc(after, cancel)
				}
				defer cancel()
				sol, rep, err := solveOrFail(t, ctx, m, solve.Options{MIPGap: gap})
				if err != nil {
					t.Fatal(err)
				}
				if sol.Status != lp.TimeLimit || !sol.HasPrimal() {
					t.Fatalf("status %v (point %v), want time_limit with the incumbent", sol.Status, sol.HasPrimal())
				}
				if !rep.OK {
					t.Errorf("the incumbent fails verification: %s", rep.Summary())
				}
			})
		}
	}
}

// watchdog is how long TestStopOnP0548 waits for a solve that should stop
// within a second: long enough never to fail on a slow machine, short
// enough to fail instead of hanging.
const watchdog = 2 * time.Minute

// solveOrFail runs solve.SolveWith on the backend and fails the test if it
// has not returned within the watchdog (the solve goroutine is then left
// behind).
func solveOrFail(t *testing.T, ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, *solve.Report, error) {
	t.Helper()
	type result struct {
		sol *lp.Solution
		rep *solve.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		sol, rep, err := solve.SolveWith(ctx, New(), m, opts)
		done <- result{sol, rep, err}
	}()
	select {
	case r := <-done:
		return r.sol, r.rep, r.err
	case <-time.After(watchdog):
		t.Fatalf("Solve did not return within %v", watchdog)
		return nil, nil, nil
	}
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
