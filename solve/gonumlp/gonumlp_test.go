package gonumlp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// EnvLong names an environment variable that, set to 1, runs the
// conformance suite on every NETLIB instance within MaxRows × MaxCols rather
// than the quick ones only.
const EnvLong = "STREAMOPT_LONG"

// quickRows is the standard-form row count up to which NETLIB instances run
// in the conformance suite by default (afiro, sc50a, sc50b, kb2, adlittle,
// blend, share2b, sc105): each finishes in well under a second.
// TestNetlibReturns runs the others up to MaxRows under a deadline.
const quickRows = 110

func TestConformance(t *testing.T) {
	limit := quickRows
	if os.Getenv(EnvLong) == "1" {
		limit = MaxRows
	}
	cfg := solvetest.Config{Netlib: true, Timeout: 30 * time.Second}
	cfg.Admit = func(m *lp.Model) string {
		if r, c := StandardFormSize(m); r > limit || c > MaxCols {
			return fmt.Sprintf("standard form %d × %d is beyond %d rows (dense solver; %s=1 raises it to MaxRows)", r, c, limit, EnvLong)
		}
		return ""
	}
	solvetest.Run(t, func() solve.Backend { return New() }, cfg)
}

func TestSolveErrors(t *testing.T) {
	small := func() *lp.Model {
		m := lp.New("small", lp.Minimize)
		x := m.AddVar("x", 0, 1, 1)
		m.AddGE("r", 0.5, lp.Term{Var: x, Coef: 1})
		return m
	}
	big := func() *lp.Model {
		// MaxRows+1 inequality rows on one column: standard form (MaxRows+1) × (MaxRows+2).
		m := lp.New("big", lp.Minimize)
		x := m.AddVar("x", 0, lp.Inf, 1)
		for i := 0; i <= MaxRows; i++ {
			m.AddGE("", float64(i), lp.Term{Var: x, Coef: 1})
		}
		return m
	}
	mip := func() *lp.Model {
		m := small()
		m.Vars[0].Integer = true
		return m
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		model  *lp.Model
		opts   solve.Options
		err    error  // wanted error class; nil for a solution
		msg    string // substring of the error
		status lp.Status
	}{
		{name: "too large", ctx: context.Background(), model: big(), err: ErrTooLarge, msg: fmt.Sprintf("standard form %d×%d", MaxRows+1, MaxRows+2)},
		{name: "MILP", ctx: context.Background(), model: mip(), err: solve.ErrCapability, msg: "MILP"},
		{name: "iteration limit", ctx: context.Background(), model: small(), opts: solve.Options{IterationLimit: 3}, err: solve.ErrCapability, msg: "IterationLimit"},
		{name: "dual tolerance 1", ctx: context.Background(), model: small(), opts: solve.Options{DualTol: 1}, msg: "options.DualTol: must be in [0, 1)"},
		{name: "dual tolerance NaN", ctx: context.Background(), model: small(), opts: solve.Options{DualTol: math.NaN()}, msg: "got NaN"},
		{name: "primal tolerance", ctx: context.Background(), model: small(), opts: solve.Options{PrimalTol: -1}, msg: "options.PrimalTol: must be >= 0, got -1"},
		{name: "raw option", ctx: context.Background(), model: small(), opts: solve.Options{Raw: map[string]string{"tol": "1"}}, msg: `options.Raw["tol"]: unknown option`},
		{name: "nil model", ctx: context.Background(), err: lp.ErrInvalid},
		{name: "cancelled", ctx: cancelled, model: small(), status: lp.TimeLimit},
		// min x over [0, 1] with x ≥ 0.5: x = 0.5 (hand-derived).
		{name: "ok", ctx: context.Background(), model: small(), status: lp.Optimal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := New().Solve(tc.ctx, tc.model, tc.opts)
			if tc.err != nil || tc.msg != "" {
				if err == nil || (tc.err != nil && !errors.Is(err, tc.err)) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("err = %v, want %v containing %q", err, tc.err, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != tc.status {
				t.Errorf("status %v, want %v", sol.Status, tc.status)
			}
			if tc.status == lp.Optimal && (len(sol.X) != 1 || math.Abs(sol.X[0]-0.5) > 1e-12) {
				t.Errorf("x = %v, want [0.5]", sol.X)
			}
		})
	}
}
