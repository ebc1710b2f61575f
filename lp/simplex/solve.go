package simplex

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/presolve"
)

// Solve solves the LP relaxation of m (integrality is ignored). Unless
// opts.NoPresolve is set, the model is presolved first (package
// lp/presolve) and the solution mapped back; when presolve or the reduced
// model ends without an optimum, the original model is solved without
// presolve so that the certificates (FarkasRow, Ray) refer to m, and so is
// it when the postsolved answer fails the check in model units that every
// optimum gets (see doc.go, "Unscaled check and cleanup"). The context's
// deadline stops the solve with lp.TimeLimit.
func Solve(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error) {
	if m == nil {
		return nil, errors.New("simplex: nil model")
	}
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Start != nil && len(opts.Start) != len(m.Vars) {
		return nil, fmt.Errorf("%w: Start: %d values for %d columns", ErrBadOptions, len(opts.Start), len(m.Vars))
	}
	start := time.Now()
	var sol *lp.Solution
	var err error
	if opts.Basis != nil || opts.Start != nil || opts.WantBasis {
		sol, err = solveDirect(ctx, m, opts)
	} else {
		sol, err = solvePresolved(ctx, m, opts)
	}
	if err != nil {
		return nil, err
	}
	sol.Time = time.Since(start)
	sol.Backend = Backend
	return sol, nil
}

func solvePresolved(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error) {
	if opts.NoPresolve {
		return solveDirect(ctx, m, opts)
	}
	res, err := presolve.PresolveContext(ctx, m, presolve.Options{IgnoreIntegrality: true})
	if err != nil {
		return nil, err
	}
	if res.Status == lp.TimeLimit {
		// the context was done during presolve: a time-limit answer, no point
		return &lp.Solution{Status: lp.TimeLimit}, nil
	}
	if res.Status != lp.NotSolved || res.Reduced == nil {
		// presolve decided; solve the original for a certificate
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, "simplex: presolve: %v (%s); solving the model as given for a certificate\n", res.Status, res.Reason)
		}
		return solveDirect(ctx, m, opts)
	}
	red := res.Reduced
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "simplex: presolve: %d rows, %d columns -> %d rows, %d columns\n",
			len(m.Rows), len(m.Vars), len(red.Rows), len(red.Vars))
	}
	var sol *lp.Solution
	if len(red.Vars) == 0 && len(red.Rows) == 0 {
		sol = &lp.Solution{Status: lp.Optimal, X: []float64{}, RowActivity: []float64{}, RowDual: []float64{}, ReducedCost: []float64{}}
	} else {
		sol, err = solveDirect(ctx, red, opts)
		if err != nil {
			return nil, err
		}
		sol.Basis = nil // a basis of the reduced model, not of m
	}
	if sol.Status != lp.Optimal {
		if sol.Status.IsLimit() {
			return sol, nil
		}
		it := sol.Iterations
		full, err := solveDirect(ctx, m, opts)
		if err != nil {
			return nil, err
		}
		full.Iterations += it
		return full, nil
	}
	post, err := res.Postsolve(sol)
	if err == nil {
		post.Status = lp.Optimal
		post.Iterations = sol.Iterations
		post.Objective = m.Objective(post.X)
		if f := checkAnswer(m, post, answerTolerances(opts)); f != nil {
			err = f
		}
	}
	if err != nil {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, "simplex: the postsolved answer fails: %v; solving without presolve\n", err)
		}
		// a postsolve that fails or does not check out: solve without presolve
		full, err := solveDirect(ctx, m, opts)
		if err != nil {
			return nil, err
		}
		full.Iterations += sol.Iterations
		return full, nil
	}
	return post, nil
}

// solveDirect solves m without presolve, from opts.Basis, or else the
// basis BasisFromPoint builds from opts.Start, or else a slack basis, and
// returns the final basis with the solution.
func solveDirect(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error) {
	sv, err := New(m, opts)
	if err != nil {
		return nil, err
	}
	switch {
	case opts.Basis != nil:
		err = sv.SetBasis(*opts.Basis)
	case opts.Start != nil:
		err = sv.SetBasis(BasisFromPoint(m, opts.Start))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: Basis: %v", ErrBadOptions, err)
	}
	sol, err := sv.Solve(ctx)
	if err != nil {
		return nil, err
	}
	b := sv.Basis()
	sol.Basis = &b
	return sol, nil
}
