package solve

import (
	"context"
	"fmt"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Sequence solves one LP many times as its objective changes, as
// optimality-based bound tightening does (minimise, then maximise, one
// variable after another over the same feasible set). On the pure-Go
// simplex each solve starts from the previous optimal basis, which stays
// primal feasible under a new objective (simplex.Solver.SetObjective); on
// any other backend each solve is a fresh Solve of the current model.
// Either way every answer is verified and reported exactly as Solve's. A
// Sequence is not safe for concurrent use.
type Sequence struct {
	m      *lp.Model // the current model, the Sequence's own copy
	name   string    // the backend, after the auto rule
	opts   Options
	warm   *simplex.Solver // the pure-Go simplex kept between solves; nil on other backends
	failed bool            // the warm solver failed once: solve afresh from then on
}

// NewSequence checks m and the backend as Solve does (the same errors) and
// prepares the solves. m is copied: later changes to it do not affect the
// Sequence. A MILP gets no warm start (each Solve is a fresh one).
func NewSequence(m *lp.Model, backend string, opts Options) (*Sequence, error) {
	name, b, err := openFor(m, backend, opts)
	if err != nil {
		return nil, err
	}
	if err := m.CheckRange(lp.DefaultLimits()); err != nil {
		return nil, fmt.Errorf("solve: %w", err)
	}
	if err := CheckCapabilities(b, m); err != nil {
		return nil, err
	}
	if err := checkCallbacks(b, m, opts); err != nil {
		return nil, err
	}
	if err := checkRanging(b, m, opts); err != nil {
		return nil, err
	}
	q := &Sequence{m: m.Clone(), name: name, opts: opts}
	if name == SimplexName && !m.IsMIP() {
		so, _, err := simplexOptions(opts)
		if err != nil {
			return nil, fmt.Errorf("solve: %w: %w", ErrBackend, err)
		}
		if q.warm, err = simplex.New(q.m, so); err != nil {
			return nil, fmt.Errorf("solve: %w: %w", ErrBackend, err)
		}
	}
	return q, nil
}

// SetObjective replaces the objective: sense and one coefficient per
// column (it panics on another length, a programmer error).
func (q *Sequence) SetObjective(sense lp.Sense, obj []float64) {
	if len(obj) != len(q.m.Vars) {
		panic(fmt.Sprintf("solve: Sequence.SetObjective: %d coefficients for %d columns", len(obj), len(q.m.Vars)))
	}
	q.m.Sense = sense
	copy(q.m.Obj, obj)
	if q.warm != nil {
		q.warm.SetObjective(sense, obj)
	}
}

// Solve solves the current model and verifies the answer as Solve does:
// an Optimal answer that fails Verify is downgraded to lp.NumericalError.
// When a warm solve fails (a panic, a numerical error, or an answer that
// fails Verify), the model is solved afresh by Solve, and so is every later
// one.
func (q *Sequence) Solve(ctx context.Context) (*lp.Solution, *Report, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if q.warm != nil && !q.failed {
		start := time.Now()
		if sol, err := q.warmSolve(ctx); err == nil {
			sol.Backend = q.name
			sol.Time = time.Since(start)
			if rep := verified(q.m, sol, q.opts); rep.OK && sol.Status != lp.NumericalError {
				return sol, &rep, nil
			}
		}
		q.failed = true
	}
	return Solve(ctx, q.m, q.name, q.opts)
}

// warmSolve runs the kept simplex, turning a panic into an error.
func (q *Sequence) warmSolve(ctx context.Context) (sol *lp.Solution, err error) {
	defer func() {
		if r := recover(); r != nil {
			sol, err = nil, fmt.Errorf("solve: %w: backend %q panicked: %v", ErrBackend, q.name, r)
		}
	}()
	sol, err = q.warm.Solve(ctx)
	if err == nil && sol == nil {
		err = fmt.Errorf("solve: %w: backend %q returned no solution and no error", ErrBackend, q.name)
	}
	if err == nil && q.opts.Ranging && sol.Status == lp.Optimal {
		sol.Ranging, err = ranging(ctx, q.warm)
	}
	return sol, err
}
