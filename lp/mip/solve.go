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
		return newSimplexRelaxation(m, lpOpts)
	})
	if sol != nil {
		sol.Backend = simplex.Backend
	}
	return sol, err
}

// simplexRelaxation adapts *simplex.Solver to the relaxation interface. It
// counts the rows, so that a basis snapshot taken before rows were added
// can be restored: the new rows' logicals are basic in it, as AddRows makes
// them.
type simplexRelaxation struct {
	*simplex.Solver
	rows int
}

func newSimplexRelaxation(m *lp.Model, o simplex.Options) (*simplexRelaxation, error) {
	sv, err := simplex.New(m, o)
	if err != nil {
		return nil, err
	}
	return &simplexRelaxation{sv, len(m.Rows)}, nil
}

func (r *simplexRelaxation) Snapshot() any { return r.Basis() }

func (r *simplexRelaxation) AddRows(rows []lp.Row) error {
	if err := r.Solver.AddRows(rows); err != nil {
		return err
	}
	r.rows += len(rows)
	return nil
}

func (r *simplexRelaxation) Restore(s any) error {
	b, ok := s.(simplex.Basis)
	if !ok {
		return nil // the root has no snapshot: keep the current basis
	}
	if len(b.Rows) < r.rows {
		rows := make([]simplex.BasisStatus, r.rows)
		copy(rows, b.Rows)
		for i := len(b.Rows); i < r.rows; i++ {
			rows[i] = simplex.Basic
		}
		b.Rows = rows
	}
	return r.SetBasis(b)
}
