//go:build clp

package clp

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

func t2(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

func TestRejects(t *testing.T) {
	solvetest.RunRejects(t, func() solve.Backend { return New() }, solvetest.RejectLP, []solvetest.Reject{
		// The limits are the ones measured in TestRangeGuard's comment: CLP
		// aborts at |c| ≥ 1e25 (so MaxObj is 1e24, measured to work) and
		// refuses |a| > 1e20.
		{Name: "objective_1e25", Edit: func(m *lp.Model) { m.Obj[0] = 1e25 }, Is: ErrRange, Contains: "column 0 (x): objective coefficient 1e+25: |c| must be ≤ 1e+24"},
		{Name: "objective_-3e24", Edit: func(m *lp.Model) { m.Obj[0] = -3e24 }, Is: ErrRange, Contains: "objective coefficient -3e+24"},
		{Name: "coefficient_1e21", Edit: func(m *lp.Model) { m.Rows[0].Val[0] = 1e21 }, Is: ErrRange, Contains: "row 0 (r0): coefficient 1e+21 of column 0 (x)"},
		{Name: "bound_1e28", Edit: func(m *lp.Model) { m.Vars[0].Upper = 1e28 }, Is: ErrRange, Contains: "column 0 (x): upper bound 1e+28"},
		{Name: "row_bound_-1e28", Edit: func(m *lp.Model) { m.Rows[0].Upper = -1e28 }, Is: ErrRange, Contains: "row 0 (r0): upper bound -1e+28"},
		{Name: "integer", Edit: func(m *lp.Model) { m.Vars[0].Integer = true }, Is: solve.ErrCapability, Contains: "MILP"},
		{Name: "nan", Edit: func(m *lp.Model) { m.Obj[0] = math.NaN() }, Is: lp.ErrInvalid, Contains: "NaN"},
		{Name: "unknown_raw", Options: solve.Options{Raw: map[string]string{"presolve": "on"}}, Contains: `unknown key "presolve"`},
		{Name: "bad_algorithm", Options: solve.Options{Raw: map[string]string{"algorithm": "simplex"}}, Contains: `got "simplex"`},
		{Name: "dual_tol", Options: solve.Options{DualTol: 1e-9}, Contains: "dual_tol"},
		{Name: "negative_iterations", Options: solve.Options{IterationLimit: -1}, Contains: "iteration_limit"},
	})
}

// TestRangeGuard checks values at the limits still solve: CLP takes
// |c| = 1e24, |a| = 1e20 and a finite bound of 1e27 (called directly: solve.Solve
// would refuse them all at 1e20).
//
// The limits were measured with CLP 1.17.6 on min −x−2y, x+y ≤ 5,
// x + a·y ≤ 1e30, x, y ∈ [0, 10], raising one value at a time: |a| = 1e20 solves, |a| ≥ 1e21 gives status 4 / secondary 8; c = 1e24
// solves, c = 1e25 aborts in ClpSimplex::createRim (assertion
// fabs(obj[i]) < 1.0e25).
func TestRangeGuard(t *testing.T) {
	m := lp.New("guard", lp.Minimize)
	x := m.AddVar("x", 0, 1e27, -1e24)
	y := m.AddVar("y", 0, 1, 0)
	m.AddLE("r0", 1e27, t2(x, 1), t2(y, 1))
	m.AddLE("r1", 5, t2(x, 1), t2(y, 1e20))
	sol, err := New().Solve(context.Background(), m, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// x ≤ 5 from r1 (y = 0): z = −1e24·5.
	if sol.Status != lp.Optimal || math.Abs(sol.Objective/(-5e24)-1) > 1e-9 {
		t.Errorf("got %v %g, want optimal −5e24", sol.Status, sol.Objective)
	}
}

func TestLimits(t *testing.T) {
	m := solvetest.Transport(120, 7)
	t.Run("iterations", func(t *testing.T) {
		for _, alg := range []string{AlgDual, AlgPrimal} {
			sol, err := New().Solve(context.Background(), m, solve.Options{IterationLimit: 3, Raw: map[string]string{"algorithm": alg}})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.IterationLimit || sol.HasPrimal() {
				t.Errorf("%s: status %v (primal %v), want iteration_limit without a point", alg, sol.Status, sol.HasPrimal())
			}
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
	t.Run("cancelled", func(t *testing.T) {
		// A cancellation ends the solve as a deadline does.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		sol, err := New().Solve(ctx, m, solve.Options{})
		if err != nil || sol.Status != lp.TimeLimit {
			t.Errorf("got %v, %v; want time_limit", sol, err)
		}
	})
	t.Run("deadline_during_solve", func(t *testing.T) {
		// CLP gets 1e-3 s (its minimum here) and stops at its first time
		// check; if the deadline has already passed when Solve looks, Solve
		// answers time_limit itself. Either way the status is time_limit.
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Microsecond)
		defer cancel()
		sol, err := New().Solve(ctx, m, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.TimeLimit {
			t.Errorf("status %v, want time_limit", sol.Status)
		}
	})
}

// d2q06c returns NETLIB d2q06c, which takes CLP about 7 s of CPU with each
// algorithm (benchmarks/lpbench), far beyond the limits of the tests below.
func d2q06c(t *testing.T) *lp.Model {
	t.Helper()
	inst := instances.NetlibNamed(t, "d2q06c")
	m, err := mps.ReadFile(inst.Path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// watchdog is how long the tests below wait for a solve that should stop
// within a fraction of a second: long enough never to fail on a slow
// machine, short enough to fail instead of hanging.
const watchdog = 2 * time.Minute

// solveOrFail runs Solve and fails the test if it has not returned within
// the watchdog (the solve goroutine is then left behind).
func solveOrFail(t *testing.T, ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, error) {
	t.Helper()
	type result struct {
		sol *lp.Solution
		err error
	}
	done := make(chan result, 1)
	go func() {
		sol, err := New().Solve(ctx, m, opts)
		done <- result{sol, err}
	}()
	select {
	case r := <-done:
		return r.sol, r.err
	case <-time.After(watchdog):
		t.Fatalf("Solve did not return within %v", watchdog)
		return nil, nil
	}
}

// TestTimeLimitInCLP stops CLP itself on d2q06c: given 0.2 s, the stop
// handler must end the solve with status time_limit and no point.
func TestTimeLimitInCLP(t *testing.T) {
	m := d2q06c(t)
	for _, alg := range []string{AlgDual, AlgPrimal, AlgBarrier} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		var log strings.Builder
		sol, err := solveOrFail(t, ctx, m, solve.Options{Log: &log, Raw: map[string]string{"algorithm": alg}})
		cancel()
		checkStopped(t, alg, sol, err, &log)
	}
}

// TestCancelInCLP cancels the solve of d2q06c 0.2 s after it started: the
// stop handler must end it with status time_limit and no point. (CLP
// used to ignore a cancellation and finish the solve.)
func TestCancelInCLP(t *testing.T) {
	m := d2q06c(t)
	for _, alg := range []string{AlgDual, AlgPrimal, AlgBarrier} {
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(200*time.Millisecond, cancel)
		var log strings.Builder
		sol, err := solveOrFail(t, ctx, m, solve.Options{Log: &log, Raw: map[string]string{"algorithm": alg}})
		timer.Stop()
		cancel()
		checkStopped(t, alg, sol, err, &log)
	}
}

// checkStopped checks that the stop handler ended the solve: CLP's status
// 5 (stopped by an event handler), and the answer time_limit without a
// point.
func checkStopped(t *testing.T, alg string, sol *lp.Solution, err error, log *strings.Builder) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", alg, err)
	}
	if sol.Status != lp.TimeLimit || sol.HasPrimal() {
		t.Errorf("%s: status %v (primal %v), want time_limit without a point", alg, sol.Status, sol.HasPrimal())
	}
	if log.Len() == 0 {
		// The context ended before CLP was called (a very loaded
		// machine): Solve answered time_limit itself.
		t.Logf("%s: the context ended before the call into CLP", alg)
		return
	}
	if !strings.Contains(log.String(), "status 5,") {
		t.Errorf("%s: the stop handler did not stop CLP: %s", alg, log.String())
	}
}

func TestCapabilities(t *testing.T) {
	b, err := solve.Open(Name)
	if err != nil {
		t.Fatal(err)
	}
	c := b.Capabilities()
	if b.Name() != "clp" || !c.LP || c.MILP || !c.Duals || c.Rays {
		t.Errorf("backend %q capabilities %+v", b.Name(), c)
	}
}
