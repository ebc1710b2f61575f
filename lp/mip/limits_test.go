package mip

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// cancelAfter wraps a relaxation and cancels the search's context once the
// LP has been solved k times, which stops the search deterministically
// where a deadline would stop it at a machine-dependent point.
type cancelAfter struct {
	relaxation
	k      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Solve(ctx context.Context) (*lp.Solution, error) {
	sol, err := c.relaxation.Solve(ctx)
	if c.k--; c.k == 0 {
		c.cancel()
	}
	return sol, err
}

// tenKnapsack is a 0/1 knapsack that needs more than a handful of nodes:
// max Σ vⱼxⱼ, Σ wⱼxⱼ ≤ 100.
func tenKnapsack() *lp.Model {
	m := lp.New("knapsack10", lp.Maximize)
	v := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	w := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var t []lp.Term
	for j := range v {
		t = append(t, lp.Term{Var: m.AddBinary("", v[j]), Coef: w[j]})
	}
	m.AddLE("cap", 100, t...)
	return m
}

// tenKnapsackOpt is the optimum of tenKnapsack: glpsol 5.0 on the same model.
const tenKnapsackOpt = 197

func TestLimits(t *testing.T) {
	full, err := solveWith(context.Background(), tenKnapsack(), Options{}, newGonumRelax)
	if err != nil {
		t.Fatal(err)
	}
	if full.Status != lp.Optimal || full.Objective != tenKnapsackOpt {
		t.Fatalf("without limits: %v %v, want optimal %v (glpsol 5.0)", full.Status, full.Objective, tenKnapsackOpt)
	}
	if full.Nodes < 4 {
		t.Fatalf("the limit tests need a search of several nodes, got %d", full.Nodes)
	}
	tests := []struct {
		name      string
		nodeLimit int
		cancelAt  int // cancel the context after this many LP solves; −1 before the start
		status    lp.Status
		nodes     int
	}{
		{"node limit 1", 1, 0, lp.NodeLimit, 1},
		{"node limit 3", 3, 0, lp.NodeLimit, 3},
		{"cancelled before the start", 0, -1, lp.TimeLimit, 0},
		// most-fractional branching without cuts and diving solves one LP per node
		{"cancelled after 2 LPs", 0, 2, lp.TimeLimit, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			mk := newGonumRelax
			switch {
			case tc.cancelAt < 0:
				cancel()
			case tc.cancelAt > 0:
				mk = func(m *lp.Model) (relaxation, error) {
					r, err := newGonumRelax(m)
					return &cancelAfter{r, tc.cancelAt, cancel}, err
				}
			}
			m := tenKnapsack()
			opts := Options{NodeLimit: tc.nodeLimit}
			if tc.cancelAt > 0 {
				opts.Branching, opts.NoCuts, opts.NoDiving = MostFractional, true, true
			}
			sol, err := solveWith(ctx, m, opts, mk)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != tc.status || sol.Nodes != tc.nodes {
				t.Fatalf("status %v after %d nodes, want %v after %d", sol.Status, sol.Nodes, tc.status, tc.nodes)
			}
			if tc.nodes > 0 && (sol.BestBound < tenKnapsackOpt || math.IsInf(sol.BestBound, 0)) {
				t.Errorf("best bound %v is not a finite upper bound on the optimum %v", sol.BestBound, tenKnapsackOpt)
			}
			if sol.X != nil {
				checkPoint(t, m, sol)
				if sol.Objective > tenKnapsackOpt {
					t.Errorf("incumbent %v beats the optimum %v", sol.Objective, tenKnapsackOpt)
				}
				if want := (sol.BestBound - sol.Objective) / math.Max(1, sol.Objective); math.Abs(sol.Gap-want) > 1e-12 {
					t.Errorf("gap %v, want %v", sol.Gap, want)
				}
			} else if !math.IsInf(sol.Gap, 1) {
				t.Errorf("gap %v without an incumbent, want +Inf", sol.Gap)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	good := knapsack
	bad := func() *lp.Model {
		m := knapsack()
		m.Rows[0].Val[2] = math.NaN()
		return m
	}
	tests := []struct {
		name  string
		model func() *lp.Model
		opts  Options
		want  string // substring of the error
	}{
		{"nil model", func() *lp.Model { return nil }, Options{}, "nil model"},
		{"NaN coefficient", bad, Options{}, "coefficient of column 2"},
		{"negative gap", good, Options{MIPGap: -1}, "options.MIPGap: must be finite and >= 0, got -1"},
		{"NaN abs gap", good, Options{AbsGap: math.NaN()}, "options.AbsGap"},
		{"int tol 0.5", good, Options{IntTol: 0.5}, "options.IntTol: must be in [0, 0.5), got 0.5"},
		{"negative node limit", good, Options{NodeLimit: -3}, "options.NodeLimit: must be >= 0, got -3"},
		{"negative threads", good, Options{Threads: -2}, "options.Threads: must be >= 0 (0 = all cores), got -2"},
		{"unknown branching", good, Options{Branching: 7}, "options.Branching: unknown rule 7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := solveWith(context.Background(), tc.model(), tc.opts, newGonumRelax)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q (solution %+v)", err, tc.want, sol)
			}
		})
	}
}

// TestLPIterationLimit: an LP iteration limit too small for the root LP
// stops the search before it starts. (Without NoCuts, the cut loop's LP
// solves would run first and the root LP would resume from where they
// stopped. Feasibility jump, which runs before the root LP, would find a
// point.)
func TestLPIterationLimit(t *testing.T) {
	m := tenKnapsack()
	sol, err := Solve(context.Background(), m, Options{NoCuts: true, FeasJump: Off, LP: simplex.Options{IterationLimit: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.IterationLimit || sol.X != nil || sol.Nodes != 1 {
		t.Fatalf("status %v, X %v after %d nodes; want iteration_limit without a point after 1", sol.Status, sol.X, sol.Nodes)
	}
}
