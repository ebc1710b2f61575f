package presolve_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/presolve"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Tolerances for the NETLIB checks: lp/simplex applies 1e-7 to its scaled
// problem, which can leave slightly larger residuals in the unscaled one.
const (
	netlibPrimalTol = 1e-6
	netlibDualTol   = 1e-6
)

// quickNetlib are the instances solved by default; STREAMOPT_NETLIB=all runs
// every instance of shared/netlib, STREAMOPT_NETLIB=a,b,c the named ones.
var quickNetlib = map[string]bool{
	"afiro": true, "adlittle": true, "blend": true, "sc50a": true, "sc50b": true,
	"kb2": true, "share2b": true, "stocfor1": true, "boeing2": true, "israel": true,
}

// TestNetlib presolves each NETLIB instance, solves the reduced model with
// lp/simplex (without its own presolve), postsolves, and checks the result
// against the original model: the optimum of shared/netlib/optimal.csv
// (rational-arithmetic GLPK values, see its README) to 1e-6 relative, primal
// feasibility, c = Aᵀy + d and complementary slackness.
func TestNetlib(t *testing.T) {
	forSelectedNetlib(t, func(t *testing.T, in instances.Instance, m *lp.Model, res *presolve.Result) {
		s := res.Stats
		t.Logf("rows %d→%d cols %d→%d nnz %d→%d passes %d; rows: empty %d singleton %d redundant %d forcing %d duplicate %d; cols: fixed %d empty %d dominated %d substituted %d",
			s.RowsBefore, s.RowsAfter, s.ColsBefore, s.ColsAfter, s.NonzerosBefore, s.NonzerosAfter, s.Passes,
			s.EmptyRows, s.SingletonRows, s.RedundantRows, s.ForcingRows, s.DuplicateRows,
			s.FixedCols, s.EmptyCols, s.DominatedCols, s.SubstitutedCols)
		if res.Status != lp.NotSolved {
			t.Fatalf("presolve status %s: %s", res.Status, res.Reason)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		sol, err := simplex.Solve(ctx, res.Reduced, simplex.Options{NoPresolve: true})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal {
			t.Fatalf("reduced model: %s", sol.Status)
		}
		// The simplex's tolerances act on its scaled problem; judge the
		// reduced solution with the same checker to see what postsolve
		// inherits.
		redErr := presolve.CheckOptimalTol(res.Reduced, sol, netlibPrimalTol, netlibDualTol)
		if redErr != nil {
			t.Logf("reduced solution from lp/simplex: %v", redErr)
		}
		post, err := res.Postsolve(sol)
		if err != nil {
			t.Fatal(err)
		}
		checkNetlibPostsolved(t, in, m, post)
	})
}

// forSelectedNetlib runs check as a subtest on each NETLIB instance that
// STREAMOPT_NETLIB selects (netlibSelected), read as m and presolved (res).
func forSelectedNetlib(t *testing.T, check func(t *testing.T, in instances.Instance, m *lp.Model, res *presolve.Result)) {
	t.Helper()
	for _, in := range instances.NetlibOrSkip(t) {
		if !netlibSelected(in.Name) {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := presolve.Presolve(m, presolve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			check(t, in, m, res)
		})
	}
}

// checkNetlibPostsolved checks the postsolved solution post of NETLIB
// instance in (read as m): its objective against optimal.csv to 1e-6
// relative, and its optimality on m.
func checkNetlibPostsolved(t *testing.T, in instances.Instance, m *lp.Model, post *lp.Solution) {
	t.Helper()
	if !presolve.CloseRel(post.Objective, in.Optimum, 1e-6) {
		t.Errorf("objective %.12g, want %.12g (%s)", post.Objective, in.Optimum, in.Source)
	}
	if err := presolve.CheckOptimalTol(m, post, netlibPrimalTol, netlibDualTol); err != nil {
		t.Errorf("postsolved solution: %v", err)
	}
}

// netlibSelected applies STREAMOPT_NETLIB: empty selects quickNetlib, "all"
// every instance, otherwise a comma-separated list of names.
func netlibSelected(name string) bool {
	switch sel := os.Getenv("STREAMOPT_NETLIB"); sel {
	case "":
		return quickNetlib[name]
	case "all":
		return true
	default:
		for _, s := range strings.Split(sel, ",") {
			if s == name {
				return true
			}
		}
	}
	return false
}

// BenchmarkPresolve times Presolve alone on NETLIB instances (selection as
// in TestNetlib; the largest files make the default).
func BenchmarkPresolve(b *testing.B) {
	insts := instances.NetlibOrSkip(b)
	big := map[string]bool{"d2q06c": true, "80bau3b": true, "greenbea": true, "degen3": true}
	for _, in := range insts {
		if os.Getenv("STREAMOPT_NETLIB") == "" && !big[in.Name] || os.Getenv("STREAMOPT_NETLIB") != "" && !netlibSelected(in.Name) {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := presolve.Presolve(m, presolve.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
