package solvetest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// envBroken selects, in a child process, which broken backend TestBrokenInner runs.
const envBroken = "SOLVETEST_BROKEN"

// broken wraps the pure-Go simplex and damages its answers in one way.
type broken struct {
	kind string
	caps solve.Capabilities
}

func (b broken) Name() string                     { return "broken-" + b.kind }
func (b broken) Capabilities() solve.Capabilities { return b.caps }
func (b broken) Solve(ctx context.Context, m *lp.Model, _ solve.Options) (*lp.Solution, error) {
	sol, err := simplex.Solve(ctx, m, simplex.Options{}) // ignores integrality
	if err != nil {
		return nil, err
	}
	switch b.kind {
	case "dual-signs":
		for i := range sol.RowDual {
			sol.RowDual[i] = -sol.RowDual[i]
		}
		for j := range sol.ReducedCost {
			sol.ReducedCost[j] = -sol.ReducedCost[j]
		}
	case "no-duals":
		sol.RowDual, sol.ReducedCost = nil, nil
	case "objective":
		sol.Objective++
	case "always-infeasible":
		return &lp.Solution{Status: lp.Infeasible}, nil
	}
	return sol, nil
}

// TestBrokenInner is the child half of TestSuiteCatchesBrokenBackends.
func TestBrokenInner(t *testing.T) {
	kind := os.Getenv(envBroken)
	if kind == "" {
		t.Skip("helper run by TestSuiteCatchesBrokenBackends in a child process")
	}
	caps := solve.Capabilities{LP: true, Duals: true, Rays: true}
	if kind == "relaxation" {
		caps.MILP = true
	}
	solvetest.Run(t, func() solve.Backend { return broken{kind, caps} }, solvetest.Config{})
}

// TestSuiteCatchesBrokenBackends checks that the suite fails each damaged
// backend, and for the right reason, by running it in a child process.
func TestSuiteCatchesBrokenBackends(t *testing.T) {
	if os.Getenv(envBroken) != "" {
		t.Skip("in the child process")
	}
	tests := []struct{ kind, want string }{
		{"dual-signs", "dual residual"},
		{"no-duals", "declares Duals but returned none"},
		{"objective", "reported objective"},
		{"always-infeasible", "status infeasible, want [optimal]"},
		{"relaxation", "integer column"},
	}
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenInner$", "-test.count=1")
			cmd.Env = append(os.Environ(), envBroken+"="+tc.kind)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a backend with %s damage:\n%s", tc.kind, out)
			}
			if !strings.Contains(string(out), tc.want) {
				t.Errorf("failure output lacks %q:\n%s", tc.want, out)
			}
		})
	}
}

func TestSimplexPasses(t *testing.T) {
	// The undamaged wrapper passes: the failures above come from the damage.
	if os.Getenv(envBroken) != "" {
		t.Skip("in the child process")
	}
	solvetest.Run(t, func() solve.Backend {
		return broken{"none", solve.Capabilities{LP: true, Duals: true, Rays: true}}
	}, solvetest.Config{})
}
