package presolve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/presolve"
	"github.com/streamopt/streamopt/lp/presolve/presolvetest"
	"github.com/streamopt/streamopt/lp/simplex"
)

// TestDenseRowPostsolve presolves presolvetest.DenseRow, solves the reduced
// model with lp/simplex (no presolve of its own) and checks the postsolved
// primal-dual pair against the original model: feasibility, c = Aᵀy + d,
// dual signs and complementary slackness, which together prove optimality.
// The objective must also match lp/simplex on the original model without
// presolve, and the optimum of glpsol 5.0 (run on the model written by
// lp/mps, its OBJSENSE section removed, which glpsol cannot read).
func TestDenseRowPostsolve(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want float64
	}{{presolvetest.MinDenseRowColumns, -59}, {1000, -1874}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			m, err := presolvetest.DenseRow(tc.n)
			if err != nil {
				t.Fatal(err)
			}
			res, err := presolve.Presolve(m, presolve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != lp.NotSolved {
				t.Fatalf("presolve status %s: %s", res.Status, res.Reason)
			}
			s := res.Stats
			if s.DominatedCols == 0 || s.FixedCols == 0 || s.SingletonRows == 0 || s.DuplicateRows == 0 || s.SubstitutedCols == 0 {
				t.Errorf("a reduction the model is built for did not happen: %#v", s)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			sol, err := simplex.Solve(ctx, res.Reduced, simplex.Options{NoPresolve: true})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Optimal {
				t.Fatalf("reduced model: %s", sol.Status)
			}
			post, err := res.Postsolve(sol)
			if err != nil {
				t.Fatal(err)
			}
			if err := presolve.CheckOptimalTol(m, post, 1e-9, 1e-9); err != nil {
				t.Errorf("postsolved solution: %v", err)
			}
			if !presolve.CloseRel(post.Objective, tc.want, 1e-9) {
				t.Errorf("objective %v, want %v (glpsol)", post.Objective, tc.want)
			}
			direct, err := simplex.Solve(ctx, m, simplex.Options{NoPresolve: true})
			if err != nil {
				t.Fatal(err)
			}
			if direct.Status != lp.Optimal || !presolve.CloseRel(direct.Objective, post.Objective, 1e-9) {
				t.Errorf("objective %v after postsolve, %v (%s) without presolve", post.Objective, direct.Objective, direct.Status)
			}
		})
	}
}

// TestPresolveContext checks that a context that is already done, or whose
// deadline passes during presolve, stops presolve with lp.TimeLimit and no
// reduced model, and that an expired deadline is noticed well before
// presolve would have finished the work. The bound is generous: the check
// is that presolve stops, not how fast.
func TestPresolveContext(t *testing.T) {
	m, err := presolvetest.DenseRow(100_000)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := presolve.PresolveContext(ctx, m, presolve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != lp.TimeLimit || res.Reduced != nil || res.Reason == "" {
		t.Fatalf("cancelled context: status %s, reduced %v, reason %q", res.Status, res.Reduced != nil, res.Reason)
	}
	if _, err := res.Postsolve(&lp.Solution{}); err == nil {
		t.Error("Postsolve of a stopped presolve: want an error")
	}

	// A full presolve of the model, timed here so that the deadline below
	// falls inside it whatever the machine's speed.
	start := time.Now()
	if res, err := presolve.Presolve(m, presolve.Options{}); err != nil || res.Status != lp.NotSolved {
		t.Fatalf("presolve: %v, %v", err, res.Status)
	}
	full := time.Since(start)
	limit := full / 4
	ctx, cancel = context.WithTimeout(context.Background(), limit)
	defer cancel()
	start = time.Now()
	res, err = presolve.PresolveContext(ctx, m, presolve.Options{})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	// On a loaded machine the first run may have been slow and the second
	// fast enough to finish: then there is nothing to check.
	if res.Status == lp.NotSolved {
		t.Skipf("presolve finished in %v, within its deadline of %v", took, limit)
	}
	if res.Status != lp.TimeLimit {
		t.Fatalf("status %s, want %s", res.Status, lp.TimeLimit)
	}
	if took > 5*limit+50*time.Millisecond {
		t.Errorf("stopped after %v with a deadline of %v", took, limit)
	}
}
