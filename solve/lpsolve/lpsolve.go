//go:build lpsolve

package lpsolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/draffensperger/golp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Name is the name the backend registers under.
const Name = "lpsolve"

func init() { solve.Register(Name, func() solve.Backend { return New() }) }

// MaxValue bounds every finite coefficient and bound: lp_solve reads any
// value of magnitude ≥ 1e30 (its default "infinity") as infinite.
const MaxValue = 1e30

// ErrRange is wrapped (together with lp.ErrInvalid) by the error Solve
// returns for a finite value lp_solve would read as infinite.
var ErrRange = fault.New(fault.ErrInput, "value outside the range lp_solve accepts")

// Backend solves LPs and MILPs with lp_solve 5.5. It is stateless; each
// Solve builds a fresh lprec.
type Backend struct{}

// New returns an lp_solve backend.
func New() *Backend { return &Backend{} }

// Name returns "lpsolve".
func (*Backend) Name() string { return Name }

// Capabilities: LPs with duals, and MILPs. lp_solve's SOS constraints are
// not reachable through the model, and it exposes no rays.
func (*Backend) Capabilities() solve.Capabilities {
	return solve.Capabilities{LP: true, MILP: true, Duals: true}
}

type settings struct {
	scaling, improve       int
	hasScaling, hasImprove bool
}

func parseRaw(raw map[string]string) (settings, error) {
	var s settings
	for k, v := range raw {
		switch k {
		case "scaling":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return s, fmt.Errorf("lpsolve: options.raw.scaling: must be a non-negative integer (lp_solve set_scaling mode), got %q", v)
			}
			s.scaling, s.hasScaling = n, true
		case "improve":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return s, fmt.Errorf("lpsolve: options.raw.improve: must be a non-negative integer (lp_solve set_improve mode), got %q", v)
			}
			s.improve, s.hasImprove = n, true
		default:
			return s, fmt.Errorf("lpsolve: options.raw: unknown key %q (known: scaling, improve)", k)
		}
	}
	return s, nil
}

func checkOptions(o solve.Options) error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"mip_gap", o.MIPGap}, {"primal_tol", o.PrimalTol}, {"dual_tol", o.DualTol}, {"int_tol", o.IntTol}} {
		if f.v < 0 || math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("lpsolve: options.%s: must be finite and ≥ 0, got %g", f.name, f.v)
		}
	}
	if o.IterationLimit < 0 {
		return fmt.Errorf("lpsolve: options.iteration_limit: must be ≥ 0, got %d", o.IterationLimit)
	}
	if o.NodeLimit < 0 {
		return fmt.Errorf("lpsolve: options.node_limit: must be ≥ 0, got %d", o.NodeLimit)
	}
	return nil
}

// checkRanges rejects finite values lp_solve would read as infinite.
func checkRanges(m *lp.Model) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("lpsolve: %w: %w: "+format, append([]any{lp.ErrInvalid, ErrRange}, a...)...)
	}
	big := func(v float64) bool { return !math.IsInf(v, 0) && math.Abs(v) >= MaxValue }
	for j, v := range m.Vars {
		if big(m.Obj[j]) {
			return bad("vars[%d] (%s).obj: |c| must be < %g, got %g", j, v.Name, MaxValue, m.Obj[j])
		}
		if big(v.Lower) {
			return bad("vars[%d] (%s).lower: a finite bound must be within ±%g (use -Inf), got %g", j, v.Name, MaxValue, v.Lower)
		}
		if big(v.Upper) {
			return bad("vars[%d] (%s).upper: a finite bound must be within ±%g (use +Inf), got %g", j, v.Name, MaxValue, v.Upper)
		}
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, a := range r.Val {
			if big(a) {
				j := r.Ind[k]
				return bad("rows[%d] (%s).coef[%d] (%s): |a| must be < %g, got %g", i, r.Name, j, m.Vars[j].Name, MaxValue, a)
			}
		}
		if big(r.Lower) {
			return bad("rows[%d] (%s).lower: a finite bound must be within ±%g (use -Inf), got %g", i, r.Name, MaxValue, r.Lower)
		}
		if big(r.Upper) {
			return bad("rows[%d] (%s).upper: a finite bound must be within ±%g (use +Inf), got %g", i, r.Name, MaxValue, r.Upper)
		}
	}
	return nil
}

// Solve solves m with lp_solve. See the package documentation for the
// options and the status mapping.
func (b *Backend) Solve(ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("lpsolve: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("lpsolve: %w", err)
	}
	set, err := parseRaw(opts.Raw)
	if err != nil {
		return nil, err
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	if err := checkRanges(m); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		// Ended (deadline or cancellation) before lp_solve was called.
		return &lp.Solution{Status: lp.TimeLimit, Backend: Name}, nil
	}
	start := time.Now()
	sol, err := b.solve(ctx, m, opts, set)
	if sol != nil {
		sol.Backend = Name
		sol.Time = time.Since(start)
	}
	return sol, err
}

func (b *Backend) solve(ctx context.Context, m *lp.Model, opts solve.Options, set settings) (*lp.Solution, error) {
	n := m.NumVars()
	mip := m.IsMIP()

	// Bounds that cross, and rows without coefficients whose range excludes
	// 0, are decided here, without lp_solve; free rows are not passed.
	for j, v := range m.Vars {
		if v.Lower > v.Upper {
			return trivialInfeasible(fmt.Sprintf("column %d (%s) has lower bound %g > upper bound %g", j, v.Name, v.Lower, v.Upper), opts), nil
		}
	}
	rowOf := make([]int, len(m.Rows)) // lp_solve row of each model row, -1 if not passed
	nrows := 0
	for i := range m.Rows {
		r := &m.Rows[i]
		if r.Lower > r.Upper {
			return trivialInfeasible(fmt.Sprintf("row %d (%s) has lower bound %g > upper bound %g", i, r.Name, r.Lower, r.Upper), opts), nil
		}
		if len(r.Ind) == 0 && (r.Lower > 0 || r.Upper < 0) {
			return trivialInfeasible(fmt.Sprintf("row %d (%s) is empty and its range [%g, %g] excludes 0", i, r.Name, r.Lower, r.Upper), opts), nil
		}
		if r.Type() == lp.RowFree {
			rowOf[i] = -1
			continue
		}
		rowOf[i] = nrows
		nrows++
	}
	if n == 0 {
		// Every row is empty and feasible: the optimum is the constant.
		return &lp.Solution{
			Status: lp.Optimal, Objective: m.ObjOffset, X: []float64{},
			RowActivity: make([]float64, len(m.Rows)), RowDual: make([]float64, len(m.Rows)), ReducedCost: []float64{},
			BestBound: m.ObjOffset,
		}, nil
	}

	l := golp.NewLP(0, n)
	l.SetVerboseLevel(golp.NEUTRAL)
	inf := infinity(l)
	toLS := func(v float64) float64 {
		switch {
		case math.IsInf(v, 1):
			return inf
		case math.IsInf(v, -1):
			return -inf
		}
		return v
	}
	l.SetObjFn(m.Obj)
	if m.Sense == lp.Maximize {
		l.SetMaximize()
	}
	l.SetAddRowMode(true)
	entries := make([]golp.Entry, 0, 16)
	for i := range m.Rows {
		if rowOf[i] < 0 {
			continue
		}
		r := &m.Rows[i]
		entries = entries[:0]
		for k, j := range r.Ind {
			entries = append(entries, golp.Entry{Col: j, Val: r.Val[k]})
		}
		var ct golp.ConstraintType
		var rhs float64
		switch r.Type() {
		case lp.RowLE:
			ct, rhs = golp.LE, r.Upper
		case lp.RowGE, lp.RowRange:
			ct, rhs = golp.GE, r.Lower
		case lp.RowEQ:
			ct, rhs = golp.EQ, r.Lower
		}
		if len(entries) == 0 {
			// Kept rather than dropped: the lp_solve command keeps empty
			// rows too, and its pivoting path depends on them (NETLIB
			// greenbea fails to solve without its three empty rows).
			if !addEmptyRow(l, ct, rhs) {
				return nil, fmt.Errorf("lpsolve: row %d (%s): add_constraintex failed", i, r.Name)
			}
			continue
		}
		if err := l.AddConstraintSparse(entries, ct, rhs); err != nil {
			return nil, fmt.Errorf("lpsolve: row %d (%s): %v", i, r.Name, err)
		}
	}
	l.SetAddRowMode(false)
	if l.NumRows() != nrows {
		return nil, fmt.Errorf("lpsolve: lp_solve holds %d rows after adding %d", l.NumRows(), nrows)
	}
	for i := range m.Rows {
		if rowOf[i] >= 0 && m.Rows[i].Type() == lp.RowRange {
			if !setRange(l, rowOf[i], m.Rows[i].Upper-m.Rows[i].Lower) {
				return nil, fmt.Errorf("lpsolve: row %d (%s): set_rh_range failed", i, m.Rows[i].Name)
			}
		}
	}
	for j, v := range m.Vars {
		l.SetBounds(j, toLS(v.Lower), toLS(v.Upper))
		if v.Integer {
			l.SetInt(j, true)
		}
	}

	if set.hasScaling {
		setScaling(l, set.scaling)
	}
	if set.hasImprove {
		setImprove(l, set.improve)
	}
	setTolerances(l, opts.PrimalTol, opts.DualTol, opts.IntTol)
	if mip && opts.MIPGap > 0 {
		setMIPGap(l, opts.MIPGap)
	}
	if !mip {
		requestSensitivity(l)
	}
	// The deadline is checked by the abort callback on a monotonic clock.
	// lp_solve's own set_timeout is not used: it counts whole seconds of
	// the wall clock from its own start, and when it fired before the
	// callback saw the deadline, the stop had no reason and was reported
	// as a node limit.
	deadline, hasDeadline := ctx.Deadline()
	var seconds float64
	if hasDeadline {
		seconds = math.Max(time.Until(deadline).Seconds(), 0)
	}
	ctl := newControl(seconds, hasDeadline, opts.IterationLimit, opts.NodeLimit)
	if ctl == nil {
		return nil, errors.New("lpsolve: out of memory")
	}
	defer ctl.free()
	install(l, ctl)

	// Cancellation reaches lp_solve through the abort callback.
	done := make(chan struct{})
	watcher := make(chan struct{})
	go func() {
		defer close(watcher)
		select {
		case <-ctx.Done():
			ctl.cancel()
		case <-done:
		}
	}()
	ret := l.Solve()
	close(done)
	<-watcher

	// A cancelled context stops the solve as its deadline does: the status
	// is TimeLimit, with the incumbent of a MILP when there is one.
	reason := ctl.reason()
	iters, nodes := counts(l)
	sol := &lp.Solution{Iterations: iters, Nodes: nodes}
	sol.Status = mapStatus(ret, reason, mip, ctx.Err() != nil)
	var x []float64
	if sol.Status == lp.Optimal {
		x = l.Variables()
		for _, v := range x {
			if math.Abs(v) >= inf {
				// lp_solve says OPTIMAL with a column at its "infinite"
				// bound when the column is unbounded and in no row.
				sol.Status = lp.Unbounded
				break
			}
		}
	}
	withPoint := sol.Status == lp.Optimal || (mip && sol.Status.IsLimit() && hasIncumbent(ret))
	if withPoint {
		if x == nil {
			x = l.Variables()
		}
		sol.X = x
		sol.RowActivity = m.Activities(x)
		sol.Objective = m.Objective(x)
	}
	worst := math.Inf(-1) // the trivial bound of a minimisation
	if m.Sense == lp.Maximize {
		worst = math.Inf(1)
	}
	switch {
	case sol.Status == lp.Optimal && mip:
		sol.BestBound, sol.Gap = sol.Objective, 0
		if opts.MIPGap > 0 {
			// lp_solve stops once its own gap measure is below MIPGap and
			// exposes no bound: the answer has none (solve.Solve fills in
			// the LP relaxation's), and says it stopped on the tolerance.
			sol.BestBound, sol.Gap, sol.GapTolerance = worst, math.Inf(1), opts.MIPGap
		}
	case sol.Status == lp.Optimal:
		sol.BestBound = sol.Objective
		y := rowDuals(l, nrows)
		if y != nil {
			sol.RowDual = make([]float64, len(m.Rows))
			for i, k := range rowOf {
				if k >= 0 {
					sol.RowDual[i] = y[k]
				}
			}
			sol.ReducedCost = reducedCosts(m, sol.RowDual)
		}
	case withPoint:
		sol.BestBound, sol.Gap = worst, math.Inf(1)
	}
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "lpsolve: solve returned %d (%v), stop reason %d -> %s, objective %.12g, %d iterations, %d nodes\n",
			int(ret), ret, reason, sol.Status, sol.Objective, iters, nodes)
	}
	return sol, nil
}

// hasIncumbent reports whether lp_solve's result carries an integer-feasible point.
func hasIncumbent(ret golp.SolutionType) bool {
	return ret == golp.SUBOPTIMAL || ret == golp.FEASFOUND
}

// mapStatus translates lp_solve's solve() result; reason is why our abort
// callback stopped the solve, ended whether the context has ended
// (deadline or cancellation).
func mapStatus(ret golp.SolutionType, reason int, mip, ended bool) lp.Status {
	limit := func() lp.Status {
		switch reason {
		case stopTime, stopCancel:
			return lp.TimeLimit
		case stopIter:
			return lp.IterationLimit
		case stopNode:
			return lp.NodeLimit
		}
		if ended {
			return lp.TimeLimit
		}
		// lp_solve stopped the branch and bound on its own (depth limit).
		return lp.NodeLimit
	}
	switch ret {
	case golp.OPTIMAL, presolved:
		return lp.Optimal
	case golp.SUBOPTIMAL, golp.FEASFOUND:
		// Never optimal: lp_solve was stopped with an incumbent.
		return limit()
	case golp.INFEASIBLE, golp.NOFEASFOUND:
		return lp.Infeasible
	case golp.UNBOUNDED:
		return lp.Unbounded
	case golp.USERABORT, golp.TIMEOUT:
		if ret == golp.TIMEOUT {
			return lp.TimeLimit
		}
		return limit()
	}
	return lp.NumericalError
}

// presolved is lp_solve's PRESOLVED result (the model was solved by presolve).
const presolved golp.SolutionType = 9

// reducedCosts returns d = c − Aᵀy.
func reducedCosts(m *lp.Model, y []float64) []float64 {
	d := append([]float64(nil), m.Obj...)
	for i := range m.Rows {
		r := &m.Rows[i]
		if y[i] == 0 {
			continue
		}
		for k, j := range r.Ind {
			d[j] -= r.Val[k] * y[i]
		}
	}
	return d
}

// trivialInfeasible reports a model whose infeasibility is visible without
// a solve.
func trivialInfeasible(why string, opts solve.Options) *lp.Solution {
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "lpsolve: infeasible before the solve: %s\n", why)
	}
	return &lp.Solution{Status: lp.Infeasible}
}
