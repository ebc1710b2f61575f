package mip

import (
	"context"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Solve solves the MILP m by LP-based branch and bound; the LP relaxations
// are solved by the project's simplex (package lp/simplex), warm-started from
// the parent's basis. A model without integer columns is solved as its
// single root LP (without duals). The deadline of ctx is the time limit.
//
// Solve returns an error only for invalid input (a nil or malformed model,
// bad options) or when the LP solver cannot run; every outcome of the
// optimisation itself, including infeasibility and limits, is a Status in
// the solution (see the package documentation).
func Solve(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	lpOpts := opts.LP
	sol, err := solveWith(ctx, m, opts, func(m *lp.Model) (relaxation, error) {
		sv, err := simplex.New(m, lpOpts)
		if err != nil {
			return nil, err
		}
		return simplexRelaxation{sv}, nil
	})
	if sol != nil {
		sol.Backend = simplex.Backend
	}
	return sol, err
}

// simplexRelaxation adapts *simplex.Solver to the relaxation interface.
type simplexRelaxation struct{ *simplex.Solver }

func (r simplexRelaxation) Snapshot() any { return r.Basis() }

func (r simplexRelaxation) Restore(s any) error {
	b, ok := s.(simplex.Basis)
	if !ok {
		return nil // the root has no snapshot: keep the current basis
	}
	return r.SetBasis(b)
}
