//go:build clp

package clp

import (
	"context"
	"fmt"
	"math"
	"time"

	coin "github.com/lanl/clp"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Name is the name the backend registers under.
const Name = "clp"

func init() { solve.Register(Name, func() solve.Backend { return New() }) }

// Limits of the values CLP accepts, found by running CLP 1.17 on a two-column
// LP with one value raised at a time (see clp_test.go, TestRangeGuard). Each
// is the largest magnitude Solve passes to CLP; solve.Solve already refuses
// anything beyond lp.DefaultLimits (1e20), so these matter when the backend
// is called directly.
const (
	// MaxCoef is the largest |a| CLP accepts in the constraint matrix; above
	// it CLP refuses the matrix (status 4, secondary status 8 "bad element").
	MaxCoef = 1e20
	// MaxObj bounds |c|: |c| = 1e24 solves, at |c| ≥ 1e25 CLP fails an
	// assertion in ClpSimplex::createRim and aborts the whole process.
	MaxObj = 1e24
	// MaxBound bounds finite column and row bounds: CLP silently reads any
	// bound beyond 1e27 as infinite, which would change the model.
	MaxBound = 1e27
)

// limits are CLP's limits in the form lp.Model.CheckRange takes (no limit
// on the spread: CLP does not abort on it).
var limits = lp.Limits{Coef: MaxCoef, Obj: MaxObj, Bound: MaxBound}

// coinInf is COIN_DBL_MAX, CLP's value for an infinite bound.
const coinInf = math.MaxFloat64

// ErrRange is wrapped (together with lp.ErrInvalid) by the error Solve
// returns for a coefficient or bound CLP cannot take. It is lp.ErrRange.
var ErrRange = lp.ErrRange

// Algorithms selectable with Options.Raw["algorithm"].
const (
	AlgDual    = "dual"    // dual simplex (the default)
	AlgPrimal  = "primal"  // primal simplex
	AlgBarrier = "barrier" // interior point, crossover to a basis, primal simplex clean-up
)

// Backend solves LPs with COIN-OR CLP. It is stateless; each Solve builds a
// fresh ClpSimplex.
type Backend struct{}

// New returns a CLP backend.
func New() *Backend { return &Backend{} }

// Name returns "clp".
func (*Backend) Name() string { return Name }

// Capabilities: LPs with duals. The lanl/clp binding exposes neither
// integer columns nor CLP's infeasibility and unbounded rays.
func (*Backend) Capabilities() solve.Capabilities {
	return solve.Capabilities{LP: true, Duals: true}
}

// settings are the parsed solve options.
type settings struct {
	alg string
}

func parseRaw(raw map[string]string) (settings, error) {
	s := settings{alg: AlgDual}
	for k, v := range raw {
		switch k {
		case "algorithm":
			switch v {
			case AlgDual, AlgPrimal, AlgBarrier:
				s.alg = v
			default:
				return s, fmt.Errorf("clp: options.raw.algorithm: must be primal, dual or barrier, got %q", v)
			}
		default:
			return s, fmt.Errorf("clp: options.raw: unknown key %q (known: algorithm)", k)
		}
	}
	return s, nil
}

// toCoin maps ±Inf to ±COIN_DBL_MAX.
func toCoin(v float64) float64 {
	switch {
	case math.IsInf(v, 1):
		return coinInf
	case math.IsInf(v, -1):
		return -coinInf
	}
	return v
}

// Solve solves the LP m with CLP. See the package documentation for the
// options and the status mapping.
func (b *Backend) Solve(ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("clp: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("clp: %w", err)
	}
	for j, v := range m.Vars {
		if v.Integer {
			return nil, fmt.Errorf("clp: backend %q %w MILP: column %d (%s) is integer", Name, solve.ErrCapability, j, v.Name)
		}
	}
	set, err := parseRaw(opts.Raw)
	if err != nil {
		return nil, err
	}
	if opts.DualTol != 0 {
		return nil, fmt.Errorf("clp: options.dual_tol: the lanl/clp binding cannot set CLP's dual tolerance, got %g (leave it 0)", opts.DualTol)
	}
	if opts.PrimalTol < 0 || math.IsNaN(opts.PrimalTol) {
		return nil, fmt.Errorf("clp: options.primal_tol: must be ≥ 0, got %g", opts.PrimalTol)
	}
	if opts.IterationLimit < 0 {
		return nil, fmt.Errorf("clp: options.iteration_limit: must be ≥ 0, got %d", opts.IterationLimit)
	}
	if err := m.CheckRange(limits); err != nil {
		return nil, fmt.Errorf("clp: %w", err)
	}
	if ctx.Err() != nil {
		// Ended (deadline or cancellation) before CLP was called.
		return &lp.Solution{Status: lp.TimeLimit, Backend: Name}, nil
	}

	start := time.Now()
	n, nr := m.NumVars(), m.NumRows()
	a := m.Matrix()
	pm := coin.NewPackedMatrix()
	pm.Reserve(n, len(a.Val), false)
	col := make([]coin.Nonzero, 0, 16)
	for j := 0; j < n; j++ {
		col = col[:0]
		for p := a.ColPtr[j]; p < a.ColPtr[j+1]; p++ {
			col = append(col, coin.Nonzero{Index: a.RowInd[p], Value: a.Val[p]})
		}
		pm.AppendColumn(col)
	}
	// Appending columns only grows the row count to the last row with a
	// nonzero; empty trailing rows need the explicit dimensions.
	pm.SetDimensions(nr, n)

	cb := make([]coin.Bounds, n)
	for j, v := range m.Vars {
		cb[j] = coin.Bounds{Lower: toCoin(v.Lower), Upper: toCoin(v.Upper)}
	}
	rb := make([]coin.Bounds, nr)
	for i := range m.Rows {
		rb[i] = coin.Bounds{Lower: toCoin(m.Rows[i].Lower), Upper: toCoin(m.Rows[i].Upper)}
	}
	obj := append([]float64(nil), m.Obj...)

	s := coin.NewSimplex()
	s.LoadProblem(pm, cb, obj, rb, nil)
	if m.Sense == lp.Maximize {
		s.SetOptimizationDirection(coin.Maximize)
	}
	// The stop handler ends the solve at the end of an iteration once ctx
	// is cancelled or its deadline has passed (stop.go).
	halt, ok := startStopper(ctx, s)
	if !ok {
		return nil, fmt.Errorf("clp: could not install the stop handler")
	}
	defer halt.stop()
	if opts.IterationLimit > 0 {
		s.SetMaxIterations(opts.IterationLimit)
	}
	if opts.PrimalTol > 0 {
		s.SetPrimalTolerance(opts.PrimalTol)
	}

	var st coin.SimplexStatus
	switch set.alg {
	case AlgPrimal:
		st = s.Primal(coin.NoValuesPass, coin.NoStartFinishOptions)
	case AlgBarrier:
		st = s.Barrier(true)
		if st == coin.Optimal {
			// CLP's barrier can report "optimal" at a huge point of an
			// unbounded LP; a primal simplex pass from the crossover basis
			// confirms the optimum (zero iterations when it holds) or finds
			// the unbounded direction.
			st = s.Primal(coin.NoValuesPass, coin.NoStartFinishOptions)
		}
	default:
		st = s.Dual(coin.NoValuesPass, coin.NoStartFinishOptions)
	}
	sec := s.SecondaryStatus()
	if st == coin.Optimal && sec >= coin.SecondaryScaledOptimalUnscaledPrimalInfeasible && sec <= coin.SecondaryScaledOptimalUnscaledBothInfeasible {
		// Optimal for the scaled model only: let primal simplex clean up
		// from the final basis, as the clp command does.
		st = s.Primal(coin.NoValuesPass, coin.NoStartFinishOptions)
		sec = s.SecondaryStatus()
	}

	if st == coin.Optimal && opts.PrimalTol == 0 && primalViolation(m, s.PrimalColumnSolution()) > cleanupTrigger {
		// CLP's tolerance 1e-7 applies to the scaled model; unscaled, a
		// bound can be missed by a little more than the 1e-7 that
		// solve.Verify allows. Tighten it and let dual simplex, warm
		// started from the final basis, remove the excess.
		s.SetPrimalTolerance(cleanupTol)
		st = s.Dual(coin.NoValuesPass, coin.NoStartFinishOptions)
		sec = s.SecondaryStatus()
	}

	sol := &lp.Solution{Backend: Name}
	sol.Status = mapStatus(st, opts.IterationLimit > 0)
	if sol.Status == lp.Unbounded && set.alg != AlgPrimal {
		// Dual infeasibility found by the dual simplex or the barrier does
		// not prove primal feasibility; ask primal simplex, which starts
		// from the final basis.
		st2 := s.Primal(coin.NoValuesPass, coin.NoStartFinishOptions)
		switch st2 {
		case coin.Unbounded:
		case stoppedByEvent:
			sol.Status = lp.TimeLimit
		case coin.Infeasible:
			sol.Status = lp.Infeasible
		default:
			sol.Status = lp.InfeasibleOrUnbounded
		}
	}
	if sol.Status == lp.Optimal {
		x := s.PrimalColumnSolution()
		sol.X = x
		sol.RowActivity = m.Activities(x)
		sol.Objective = m.Objective(x)
		y := s.DualRowSolution()
		// CLP reports duals of the objective as stated, for both senses,
		// in the convention c = Aᵀy + d (checked against hand-derived duals
		// of minimisations and maximisations in TestSmallLPs). The reduced
		// costs are recomputed from y so that the identity holds to rounding.
		sol.RowDual = y
		sol.ReducedCost = reducedCosts(m, a, y)
	}
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "clp: algorithm %s, status %d, secondary status %d, stop reason %d -> %s, objective %.12g\n", set.alg, int(st), int(sec), halt.reason(), sol.Status, sol.Objective)
	}
	sol.Time = time.Since(start)
	return sol, nil
}

// The primal clean-up: when an optimal point violates a bound or row by
// more than cleanupTrigger (scaled as solve.Verify scales it, by 1 + |bound|;
// half of solve.DefaultPrimalTol), the solve is continued with CLP's primal
// tolerance tightened to cleanupTol. Seen on NETLIB pilot4 with the primal
// and barrier algorithms (a violation of 1.9e-7).
const (
	cleanupTrigger = solve.DefaultPrimalTol / 2
	cleanupTol     = 1e-9
)

// primalViolation returns the largest bound or row violation of x, each
// divided by 1 + |violated bound|.
func primalViolation(m *lp.Model, x []float64) float64 {
	worst := 0.0
	viol := func(v, lo, hi float64) {
		if v < lo {
			worst = math.Max(worst, (lo-v)/(1+math.Abs(lo)))
		}
		if v > hi {
			worst = math.Max(worst, (v-hi)/(1+math.Abs(hi)))
		}
	}
	for j, v := range m.Vars {
		viol(x[j], v.Lower, v.Upper)
	}
	for i, ax := range m.Activities(x) {
		viol(ax, m.Rows[i].Lower, m.Rows[i].Upper)
	}
	return worst
}

// reducedCosts returns d = c − Aᵀy.
func reducedCosts(m *lp.Model, a *lp.CSC, y []float64) []float64 {
	aty := a.MulTransVec(y)
	d := make([]float64, len(m.Obj))
	for j, c := range m.Obj {
		d[j] = c - aty[j]
	}
	return d
}

// stoppedByEvent is CLP's problem status when an event handler (here the
// stop handler of stop.go) ended the solve.
const stoppedByEvent coin.SimplexStatus = 5

// mapStatus translates CLP's problem status:
//
//	0 optimal, 1 primal infeasible, 2 dual infeasible (unbounded),
//	3 stopped on iterations, 4 errors, 5 stopped by the stop handler
//	(the context ended), anything else: not solved / numerical trouble.
func mapStatus(st coin.SimplexStatus, iterLimit bool) lp.Status {
	switch st {
	case coin.Optimal:
		return lp.Optimal
	case coin.Infeasible:
		return lp.Infeasible
	case coin.Unbounded:
		return lp.Unbounded
	case 3:
		if iterLimit {
			return lp.IterationLimit
		}
	case stoppedByEvent:
		return lp.TimeLimit
	}
	return lp.NumericalError
}
