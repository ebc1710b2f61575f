package mip

import (
	"context"

	"github.com/streamopt/streamopt/lp"
)

// relaxation is the LP relaxation branch and bound works on: the model with
// its integrality dropped, kept in memory between solves so that a bound
// change can be re-optimised from the previous basis by the dual simplex.
type relaxation interface {
	// ColBounds returns the current bounds of column j.
	ColBounds(j int) (lo, hi float64)
	// SetColBounds changes the bounds of column j.
	SetColBounds(j int, lo, hi float64)
	// Solve optimises the LP with the current bounds, warm from the current
	// basis. The solution is in the model's sense and includes its offset;
	// ReducedCost may be nil.
	Solve(ctx context.Context) (*lp.Solution, error)
	// Snapshot returns an opaque copy of the current warm start (basis).
	Snapshot() any
	// Restore makes a snapshot the current warm start.
	Restore(s any) error
}

// newRelaxation builds the relaxation of a model.
type newRelaxation func(m *lp.Model) (relaxation, error)

// rowAdder is a relaxation that can take new rows (cuts) and keep its basis;
// a relaxation without it is rebuilt from the model.
type rowAdder interface {
	AddRows(rows []lp.Row) error
}
