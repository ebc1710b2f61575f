//go:build cbc

package cbc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
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

// marketSplit builds the optimisation form of a market split instance
// (G. Cornuéjols, M. Dawande, "A class of hard small 0-1 programs",
// INFORMS J. Computing 11 (1999) 205–210): rows Σⱼ aᵢⱼxⱼ + sᵢ⁺ − sᵢ⁻ = bᵢ
// with aᵢⱼ uniform in [0, 99], bᵢ = ⌊Σⱼ aᵢⱼ / 2⌋, x binary, and the total
// slack minimised (or its negative maximised). x = 0 is feasible, so an
// incumbent is found at once, while proving the optimum takes a branch and
// bound far longer than these tests wait: CBC needed 2.5 million nodes and
// 11 s of CPU on one 4 × 30 instance (cmd/solve's testdata/script/lp_cbc.txtar).
func marketSplit(rows, cols int, seed uint64, sense lp.Sense) *lp.Model {
	rng := rand.New(rand.NewPCG(seed, 1))
	m := lp.New("market_split", sense)
	sign := 1.0
	if sense == lp.Maximize {
		sign = -1
	}
	x := make([]int, cols)
	for j := range x {
		x[j] = m.AddIntVar("x", 0, 1, 0)
	}
	for i := 0; i < rows; i++ {
		sp := m.AddVar("sp", 0, lp.Inf, sign)
		sm := m.AddVar("sm", 0, lp.Inf, sign)
		terms := []lp.Term{t2(sp, 1), t2(sm, -1)}
		total := 0.0
		for j := range x {
			a := float64(rng.IntN(100))
			total += a
			terms = append(terms, t2(x[j], a))
		}
		m.AddEQ("r", math.Floor(total/2), terms...)
	}
	return m
}

func TestRejects(t *testing.T) {
	solvetest.RunRejects(t, func() solve.Backend { return New() }, solvetest.RejectMILP, []solvetest.Reject{
		// CLP's limits inside CBC (solve/clp, TestRangeGuard).
		{Name: "objective_1e25", Edit: func(m *lp.Model) { m.Obj[0] = 1e25 }, Is: ErrRange, Contains: "column 0 (x): objective coefficient 1e+25: |c| must be ≤ 1e+24"},
		{Name: "coefficient_1e21", Edit: func(m *lp.Model) { m.Rows[0].Val[0] = 1e21 }, Is: ErrRange, Contains: "row 0 (r0): coefficient 1e+21 of column 0 (x)"},
		{Name: "bound_1e28", Edit: func(m *lp.Model) { m.Vars[0].Upper = 1e28 }, Is: ErrRange, Contains: "column 0 (x): upper bound 1e+28"},
		{Name: "nan", Edit: func(m *lp.Model) { m.Obj[0] = math.NaN() }, Is: lp.ErrInvalid, Contains: "NaN"},
		{Name: "unknown_raw", Options: solve.Options{Raw: map[string]string{"sec": "5"}}, Contains: `options.raw: unknown key "sec"`},
		{Name: "bad_threads", Options: solve.Options{Raw: map[string]string{"threads": "two"}}, Contains: `options.raw.threads: must be a non-negative integer, got "two"`},
		{Name: "bad_cuts", Options: solve.Options{Raw: map[string]string{"cuts": "all"}}, Contains: `options.raw.cuts: must be one of [on off root ifmove forceOn], got "all"`},
		{Name: "negative_gap", Options: solve.Options{MIPGap: -0.1}, Contains: "options.mip_gap: must be finite and ≥ 0, got -0.1"},
		{Name: "negative_nodes", Options: solve.Options{NodeLimit: -1}, Contains: "options.node_limit"},
	})
}

func TestCapabilities(t *testing.T) {
	b, err := solve.Open(Name)
	if err != nil {
		t.Fatal(err)
	}
	c := b.Capabilities()
	if b.Name() != "cbc" || !c.LP || !c.MILP || !c.Duals || c.Rays || c.SOS {
		t.Errorf("backend %q capabilities %+v", b.Name(), c)
	}
}

// checkStopped checks an answer stopped by a limit: the wanted status, the
// incumbent verified against the model, and a bound on the right side of
// it with the gap that goes with them.
func checkStopped(t *testing.T, m *lp.Model, sol *lp.Solution, want lp.Status) {
	t.Helper()
	if sol.Status != want || !sol.HasPrimal() {
		t.Fatalf("status %v (point %v), want %v with the incumbent", sol.Status, sol.HasPrimal(), want)
	}
	if rep := solve.Verify(m, sol, solve.DefaultTolerances()); !rep.OK {
		t.Errorf("incumbent fails verification: %v", rep.Problems)
	}
	if (m.Sense == lp.Minimize && sol.BestBound > sol.Objective) || (m.Sense == lp.Maximize && sol.BestBound < sol.Objective) {
		t.Errorf("bound %g on the wrong side of the incumbent %g", sol.BestBound, sol.Objective)
	}
	if gap := math.Abs(sol.Objective-sol.BestBound) / math.Max(1, math.Abs(sol.Objective)); math.Abs(gap-sol.Gap) > 1e-12 && !math.IsInf(sol.Gap, 1) {
		t.Errorf("gap %g, want %g", sol.Gap, gap)
	}
}

// TestDeadlineKeepsIncumbent stops CBC on a market split instance one
// second in, for both senses: time_limit, the incumbent, and a bound on
// the right side of it.
func TestDeadlineKeepsIncumbent(t *testing.T) {
	for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
		m := marketSplit(4, 30, 7, sense)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		var log strings.Builder
		sol, rep, err := solve.Solve(ctx, m, Name, solve.Options{Log: &log})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK {
			t.Errorf("%v: verification: %v", sense, rep.Problems)
		}
		checkStopped(t, m, sol, lp.TimeLimit)
		t.Logf("%v: %s", sense, log.String())
	}
}

// TestCancel cancels a market split solve, which has no deadline, 0.3 s in:
// the stop handler ends it (stop reason 2, a cancellation) with time_limit
// and the incumbent. Without the handler CBC would run for minutes and
// solve.Solve would give up on it with ErrNoStop.
func TestCancel(t *testing.T) {
	m := marketSplit(4, 30, 11, lp.Minimize)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(300*time.Millisecond, cancel)
	defer timer.Stop()
	var log strings.Builder
	sol, _, err := solve.Solve(ctx, m, Name, solve.Options{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	checkStopped(t, m, sol, lp.TimeLimit)
	if !strings.Contains(log.String(), "stop reason 2 ") {
		t.Errorf("not stopped by the cancellation: %s", log.String())
	}
}

// TestLimits: a node limit of 5 stops the market split search with
// node_limit, an iteration limit of 2000 with iteration_limit, each with
// the incumbent (CBC needs millions of iterations for the optimum).
func TestLimits(t *testing.T) {
	m := marketSplit(4, 30, 3, lp.Minimize)
	for _, tc := range []struct {
		opts solve.Options
		want lp.Status
	}{
		{solve.Options{NodeLimit: 5}, lp.NodeLimit},
		{solve.Options{IterationLimit: 2000}, lp.IterationLimit},
	} {
		sol, err := New().Solve(context.Background(), m, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		checkStopped(t, m, sol, tc.want)
		if tc.want == lp.IterationLimit && sol.Iterations < 2000 {
			t.Errorf("stopped after %d iterations, before the limit", sol.Iterations)
		}
	}
}

// TestGapTolerance: with MIPGap 0.5 CBC may stop before closing the gap;
// the answer is optimal within the tolerance, says so in GapTolerance when
// the gap is not closed, and its bound is valid. The model is the
// conformance suite's kind of knapsack, max 5x + 4y + 3z s.t. 2x + 3y + z ≤ 5,
// 4x + y + 2z ≤ 11, 3x + 4y + 2z ≤ 8, x, y, z ∈ ℤ₊, whose optimum 13 (at
// x = 2, z = 1) is found by enumerating the 3 × 3 × 6 boxes by hand.
func TestGapTolerance(t *testing.T) {
	m := lp.New("knapsack", lp.Maximize)
	x := m.AddIntVar("x", 0, lp.Inf, 5)
	y := m.AddIntVar("y", 0, lp.Inf, 4)
	z := m.AddIntVar("z", 0, lp.Inf, 3)
	m.AddLE("r0", 5, t2(x, 2), t2(y, 3), t2(z, 1))
	m.AddLE("r1", 11, t2(x, 4), t2(y, 1), t2(z, 2))
	m.AddLE("r2", 8, t2(x, 3), t2(y, 4), t2(z, 2))
	for _, gap := range []float64{0, 0.5} {
		sol, err := New().Solve(context.Background(), m, solve.Options{MIPGap: gap})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal || sol.BestBound < 13-1e-9 {
			t.Fatalf("gap %g: %v objective %g bound %g; want optimal with a bound ≥ 13", gap, sol.Status, sol.Objective, sol.BestBound)
		}
		if gap == 0 && (math.Abs(sol.Objective-13) > 1e-9 || sol.GapTolerance != 0) {
			t.Errorf("objective %g, gap tolerance %g; want 13 with the gap closed", sol.Objective, sol.GapTolerance)
		}
		if closed := sol.Gap <= 1e-6; closed != (sol.GapTolerance == 0) {
			t.Errorf("gap %g: Gap %g but GapTolerance %g", gap, sol.Gap, sol.GapTolerance)
		}
	}
}

// TestCancelLP cancels CBC on NETLIB d2q06c, an LP CLP needs seconds for,
// 0.2 s in: the CLP stop handler ends it with time_limit and no point.
func TestCancelLP(t *testing.T) {
	inst := instances.NetlibNamed(t, "d2q06c")
	m, err := mps.ReadFile(inst.Path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(200*time.Millisecond, cancel)
	defer timer.Stop()
	var log strings.Builder
	sol, _, err := solve.Solve(ctx, m, Name, solve.Options{Log: &log})
	if errors.Is(err, solve.ErrNoStop) {
		t.Fatalf("CBC did not stop: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.TimeLimit || sol.HasPrimal() {
		t.Errorf("status %v (point %v), want time_limit without a point", sol.Status, sol.HasPrimal())
	}
	if log.Len() > 0 && !strings.Contains(log.String(), "stop reason 2 ") {
		t.Errorf("not stopped by the cancellation: %s", log.String())
	}
}
