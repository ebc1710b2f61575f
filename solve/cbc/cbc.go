//go:build cbc

package cbc

/*
#cgo pkg-config: cbc
#include <stdlib.h>
#include "Cbc_C_Interface.h"
#include "shim.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
	"unsafe"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/solve"
)

// Name is the name the backend registers under.
const Name = "cbc"

func init() { solve.Register(Name, func() solve.Backend { return New() }) }

// CBC solves its LPs with CLP 1.17, whose limits apply (solve/clp, where
// they were measured): it aborts the process on an objective coefficient
// of magnitude ≥ 1e25, refuses a matrix entry above 1e20 and reads a finite
// bound beyond 1e27 as infinite.
const (
	MaxCoef  = 1e20
	MaxObj   = 1e24
	MaxBound = 1e27
)

var limits = lp.Limits{Coef: MaxCoef, Obj: MaxObj, Bound: MaxBound}

// ErrRange is wrapped (together with lp.ErrInvalid) by the error Solve
// returns for a coefficient or bound CBC cannot take. It is lp.ErrRange.
var ErrRange = lp.ErrRange

// coinInf is COIN_DBL_MAX, CBC's value for an infinite bound.
const coinInf = math.MaxFloat64

// infBound: a bound CBC reports beyond it (COIN_DBL_MAX, 1e50 before any
// LP was solved) is no bound.
const infBound = 1e50

// Backend solves MILPs (and LPs) with COIN-OR CBC. It is stateless; each
// Solve builds a fresh Cbc_Model.
type Backend struct{}

// New returns a CBC backend.
func New() *Backend { return &Backend{} }

// Name returns "cbc".
func (*Backend) Name() string { return Name }

// Capabilities: LPs with duals, and MILPs; CBC's presolve, which
// Options.Presolve switches (as Raw "presolve" does, which wins). The C
// interface exposes neither rays nor SOS constraints built from the model.
func (*Backend) Capabilities() solve.Capabilities {
	return solve.Capabilities{LP: true, MILP: true, Duals: true, Presolve: true}
}

// rawKeys are the Options.Raw keys and the CBC parameter each sets, with
// the values it accepts (nil: a non-negative integer).
var rawKeys = map[string]struct {
	param  string
	values []string
}{
	"threads":    {"threads", nil},
	"seed":       {"randomCbcSeed", nil},
	"cuts":       {"cutsOnOff", []string{"on", "off", "root", "ifmove", "forceOn"}},
	"heuristics": {"heuristicsOnOff", []string{"on", "off"}},
	"presolve":   {"presolve", []string{"on", "off", "more"}},
	"preprocess": {"preprocess", []string{"off", "on", "equal", "sos", "trysos", "equalall", "strategy", "aggregate", "forcesos"}},
}

// params turns Options.Raw into CBC parameters, in a fixed order.
func params(raw map[string]string) ([][2]string, error) {
	var out [][2]string
	for _, k := range []string{"threads", "seed", "cuts", "heuristics", "presolve", "preprocess"} {
		v, ok := raw[k]
		if !ok {
			continue
		}
		spec := rawKeys[k]
		if spec.values == nil {
			if n, err := strconv.Atoi(v); err != nil || n < 0 {
				return nil, fmt.Errorf("cbc: options.raw.%s: must be a non-negative integer, got %q", k, v)
			}
		} else if !contains(spec.values, v) {
			return nil, fmt.Errorf("cbc: options.raw.%s: must be one of %v, got %q", k, spec.values, v)
		}
		out = append(out, [2]string{spec.param, v})
	}
	for k := range raw {
		if _, ok := rawKeys[k]; !ok {
			return nil, fmt.Errorf("cbc: options.raw: unknown key %q (known: threads, seed, cuts, heuristics, presolve, preprocess)", k)
		}
	}
	return out, nil
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

func checkOptions(o solve.Options) error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"mip_gap", o.MIPGap}, {"primal_tol", o.PrimalTol}, {"dual_tol", o.DualTol}, {"int_tol", o.IntTol}} {
		if f.v < 0 || math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("cbc: options.%s: must be finite and ≥ 0, got %g", f.name, f.v)
		}
	}
	if o.IterationLimit < 0 || o.IterationLimit > math.MaxInt32 {
		return fmt.Errorf("cbc: options.iteration_limit: must be in [0, %d], got %d", math.MaxInt32, o.IterationLimit)
	}
	if o.NodeLimit < 0 || o.NodeLimit > math.MaxInt32 {
		return fmt.Errorf("cbc: options.node_limit: must be in [0, %d], got %d", math.MaxInt32, o.NodeLimit)
	}
	return nil
}

// solving admits one CBC solve at a time in the process: CbcMain1, which
// Cbc_solve runs, parses its arguments through global state and keeps the
// model it works on in a global for its SIGINT handler.
var solving = make(chan struct{}, 1)

// Solve solves m with CBC. See the package documentation for the options,
// the stop and the status mapping.
func (b *Backend) Solve(ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("cbc: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("cbc: %w", err)
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	ps, err := params(opts.Raw)
	if err != nil {
		return nil, err
	}
	if _, set := opts.Raw["presolve"]; !set && opts.Presolve != solve.PresolveDefault {
		ps = append(ps, [2]string{"presolve", map[solve.Presolve]string{solve.PresolveOn: "on", solve.PresolveOff: "off"}[opts.Presolve]})
	}
	if err := m.CheckRange(limits); err != nil {
		return nil, fmt.Errorf("cbc: %w", err)
	}
	select {
	case solving <- struct{}{}:
		defer func() { <-solving }()
	case <-ctx.Done():
		// Ended while another CBC solve held the library.
		return &lp.Solution{Status: lp.TimeLimit, Backend: Name}, nil
	}
	if ctx.Err() != nil {
		// Ended (deadline or cancellation) before CBC was called.
		return &lp.Solution{Status: lp.TimeLimit, Backend: Name}, nil
	}
	start := time.Now()
	sol, err := b.solve(ctx, m, opts, ps)
	if sol != nil {
		sol.Backend = Name
		sol.Time = time.Since(start)
	}
	return sol, err
}

// cInts copies v to C ints.
func cInts(v []int) []C.int {
	out := make([]C.int, len(v))
	for i, x := range v {
		out[i] = C.int(x)
	}
	return out
}

// toCoin maps ±Inf to ±COIN_DBL_MAX.
func toCoin(v float64) C.double {
	switch {
	case math.IsInf(v, 1):
		return C.double(coinInf)
	case math.IsInf(v, -1):
		return C.double(-coinInf)
	}
	return C.double(v)
}

// ptr returns the address of the first element, or nil for an empty slice.
func ptr[T any](s []T) *T {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}

func (b *Backend) solve(ctx context.Context, m *lp.Model, opts solve.Options, ps [][2]string) (*lp.Solution, error) {
	n, nr := m.NumVars(), m.NumRows()
	mipModel := m.IsMIP()
	if n == 0 {
		// No columns: CBC needs at least one. Every row is empty, so the
		// model is feasible exactly when each row's range holds 0.
		for i := range m.Rows {
			if r := &m.Rows[i]; r.Lower > 0 || r.Upper < 0 {
				return &lp.Solution{Status: lp.Infeasible}, nil
			}
		}
		return &lp.Solution{
			Status: lp.Optimal, Objective: m.ObjOffset, X: []float64{},
			RowActivity: make([]float64, nr), RowDual: make([]float64, nr), ReducedCost: []float64{},
			BestBound: m.ObjOffset,
		}, nil
	}

	a := m.Matrix()
	start, index := cInts(a.ColPtr), cInts(a.RowInd)
	value := make([]C.double, len(a.Val))
	for k, v := range a.Val {
		value[k] = C.double(v)
	}
	cl, cu, obj := make([]C.double, n), make([]C.double, n), make([]C.double, n)
	for j, v := range m.Vars {
		cl[j], cu[j], obj[j] = toCoin(v.Lower), toCoin(v.Upper), C.double(m.Obj[j])
	}
	rl, ru := make([]C.double, nr), make([]C.double, nr)
	for i := range m.Rows {
		rl[i], ru[i] = toCoin(m.Rows[i].Lower), toCoin(m.Rows[i].Upper)
	}

	model := C.Cbc_newModel()
	if model == nil {
		return nil, errors.New("cbc: Cbc_newModel failed")
	}
	defer C.Cbc_deleteModel(model)
	C.Cbc_loadProblem(model, C.int(n), C.int(nr), ptr(start), ptr(index), ptr(value),
		ptr(cl), ptr(cu), ptr(obj), ptr(rl), ptr(ru))
	for j, v := range m.Vars {
		if v.Integer {
			C.Cbc_setInteger(model, C.int(j))
		}
	}
	if m.Sense == lp.Maximize {
		C.Cbc_setObjSense(model, -1)
	}

	deadline, hasDeadline := ctx.Deadline()
	seconds := 0.0
	if hasDeadline {
		seconds = math.Max(time.Until(deadline).Seconds(), 0)
	}
	set := func(name, value string) {
		cn, cv := C.CString(name), C.CString(value)
		C.Cbc_setParameter(model, cn, cv)
		C.free(unsafe.Pointer(cn))
		C.free(unsafe.Pointer(cv))
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	if mipModel {
		// CBC prints to the C stdout, which belongs to the caller: no log.
		set("log", "0")
		set("slog", "0")
		gap := opts.MIPGap
		if gap == 0 {
			gap = mip.DefaultMIPGap
		}
		set("ratioGap", num(gap))
		if opts.IntTol > 0 {
			set("integerTolerance", num(opts.IntTol))
		}
		if opts.PrimalTol > 0 {
			set("primalTolerance", num(opts.PrimalTol))
		}
		if opts.DualTol > 0 {
			set("dualTolerance", num(opts.DualTol))
		}
		if opts.NodeLimit > 0 {
			set("maxNodes", strconv.Itoa(opts.NodeLimit))
		}
		if hasDeadline {
			// CBC's own clock, on elapsed time, covers the stretches
			// (preprocessing, root cuts) between the events the stop
			// handler sees.
			set("timeMode", "elapsed")
			set("seconds", num(math.Max(seconds, 1e-3)))
		}
		for _, p := range ps {
			set(p[0], p[1])
		}
	} else {
		C.Cbc_setLogLevel(model, 0)
		C.so_cbc_lp_settings(model, C.double(opts.PrimalTol), C.double(opts.DualTol), C.int(opts.IterationLimit))
	}

	hd := C.int(0)
	if hasDeadline {
		hd = 1
	}
	iterLimit := 0
	if mipModel {
		iterLimit = opts.IterationLimit
	}
	stop := C.so_cbc_stop_new(C.double(seconds), hd, C.longlong(iterLimit))
	if stop == nil {
		return nil, errors.New("cbc: out of memory")
	}
	defer C.so_cbc_stop_free(stop)
	done, watcher := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watcher)
		select {
		case <-ctx.Done():
			C.so_cbc_stop_cancel(stop)
		case <-done:
		}
	}()
	ret := C.so_cbc_solve(model, stop)
	if ret == -100 {
		close(done)
		<-watcher
		return nil, errors.New("cbc: CBC threw an exception")
	}

	var sol *lp.Solution
	var summary string
	if mipModel {
		sol, summary = milpResult(model, m, opts, int(C.so_cbc_stop_reason(stop)))
	} else {
		sol, summary = lpResult(model, m, int(C.so_cbc_stop_reason(stop)), opts.IterationLimit > 0)
		if sol.Status == lp.Optimal && opts.PrimalTol == 0 && primalViolation(m, sol.X) > cleanupTrigger {
			// As in solve/clp: CLP's tolerance applies to the scaled
			// model, and unscaled a bound can be missed by a little more
			// than solve.Verify allows (NETLIB pilot4: 1.9e-7). Dual
			// simplex from the final basis, with the tolerance tightened,
			// removes the excess.
			C.so_cbc_lp_resolve(model, cleanupTol)
			sol, summary = lpResult(model, m, int(C.so_cbc_stop_reason(stop)), opts.IterationLimit > 0)
			summary += ", polished"
		}
	}
	close(done)
	<-watcher
	reason := int(C.so_cbc_stop_reason(stop))
	if mipModel {
		sol.Iterations = int(C.Cbc_getIterationCount(model))
	} else {
		sol.Iterations = int(C.so_cbc_lp_iterations(model))
	}
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "cbc %s: %s, stop reason %d -> %s, objective %.12g, bound %.12g, %d nodes, %d iterations\n",
			C.GoString(C.Cbc_getVersion()), summary, reason, sol.Status, sol.Objective, sol.BestBound, sol.Nodes, sol.Iterations)
	}
	return sol, nil
}

// Stop reasons of the handlers (shim.h).
const (
	stopNone       = int(C.SO_CBC_RUNNING)
	stopIterations = int(C.SO_CBC_ITERATIONS)
)

// CBC's status and secondary status after a branch and cut (Cbc_status,
// Cbc_secondaryStatus).
const (
	statusFinished  = 0
	statusStopped   = 1
	statusAbandoned = 2
	statusEvent     = 5

	secondaryInfeasible = 1
	secondaryNodes      = 3
	secondaryTime       = 4
	secondaryEvent      = 5
	secondarySolutions  = 6
	secondaryUnbounded  = 7
	secondaryIterations = 8
)

// milpResult reads the outcome of a branch and cut.
func milpResult(model unsafe.Pointer, m *lp.Model, opts solve.Options, reason int) (*lp.Solution, string) {
	st, sec := int(C.Cbc_status(model)), int(C.Cbc_secondaryStatus(model))
	optimal, infeasible := C.Cbc_isProvenOptimal(model) != 0, C.Cbc_isProvenInfeasible(model) != 0
	sol := &lp.Solution{Nodes: int(C.Cbc_getNodeCount(model))}
	summary := fmt.Sprintf("status %d, secondary status %d, proven optimal %v, proven infeasible %v", st, sec, optimal, infeasible)
	switch {
	case reason == stopIterations:
		sol.Status = lp.IterationLimit
	case reason != stopNone:
		sol.Status = lp.TimeLimit
	case st == statusFinished && optimal:
		sol.Status = lp.Optimal
	case sec == secondaryUnbounded || C.Cbc_isContinuousUnbounded(model) != 0:
		// The relaxation is unbounded: the MILP is unbounded if it has
		// an integer point at all, which CBC does not establish.
		sol.Status = lp.InfeasibleOrUnbounded
	case st == statusFinished && (infeasible || sec == secondaryInfeasible):
		sol.Status = lp.Infeasible
	case st == statusStopped || st == statusEvent:
		switch sec {
		case secondaryTime, secondaryEvent:
			// An event not ours would be CBC's SIGINT handler, which
			// the shim keeps out; either way the search was stopped.
			sol.Status = lp.TimeLimit
		case secondaryNodes, secondarySolutions:
			sol.Status = lp.NodeLimit
		case secondaryIterations:
			sol.Status = lp.IterationLimit
		default:
			sol.Status = lp.NumericalError
		}
	default:
		// Abandoned (numerical trouble), or an end CBC does not explain.
		sol.Status = lp.NumericalError
	}
	if st == statusAbandoned {
		sol.Status = lp.NumericalError
	}

	var x []float64
	if sol.Status == lp.Optimal {
		x = copyDoubles(C.Cbc_getColSolution(model), m.NumVars())
	} else if sol.Status.IsLimit() {
		if p := C.Cbc_bestSolution(model); p != nil {
			x = copyDoubles(p, m.NumVars())
		}
	}
	if x == nil && sol.Status == lp.Optimal {
		sol.Status = lp.NumericalError
	}
	if x != nil {
		sol.X = x
		sol.RowActivity = m.Activities(x)
		sol.Objective = m.Objective(x)
	}
	// CBC's bound is in the model's sense without the constant; it never
	// reports one past its incumbent (CbcModel::getBestPossibleObjValue).
	bound := float64(C.Cbc_getBestPossibleObjValue(model))
	weak := math.Inf(-1)
	if m.Sense == lp.Maximize {
		weak = math.Inf(1)
	}
	if math.Abs(bound) >= infBound || math.IsNaN(bound) {
		sol.BestBound = weak
	} else {
		sol.BestBound = bound + m.ObjOffset
	}
	if sol.Status == lp.Infeasible || sol.Status == lp.InfeasibleOrUnbounded || sol.Status == lp.NumericalError {
		sol.BestBound = 0
		return sol, summary
	}
	if x != nil {
		// The objective is recomputed from x; keep the bound on its side.
		if m.Sense == lp.Minimize {
			sol.BestBound = math.Min(sol.BestBound, sol.Objective)
		} else {
			sol.BestBound = math.Max(sol.BestBound, sol.Objective)
		}
		sol.Gap = math.Abs(sol.Objective-sol.BestBound) / math.Max(1, math.Abs(sol.Objective))
		if sol.Status == lp.Optimal && sol.Gap > mip.DefaultMIPGap {
			sol.GapTolerance = opts.MIPGap
		}
	} else {
		sol.Gap = math.Inf(1)
	}
	return sol, summary
}

// lpResult reads the outcome of an LP, which Cbc_solve hands to CLP's
// dual simplex (OsiClpSolverInterface::initialSolve).
func lpResult(model unsafe.Pointer, m *lp.Model, reason int, iterLimit bool) (*lp.Solution, string) {
	ls := int(C.so_cbc_lp_status(model))
	sol := &lp.Solution{}
	switch {
	case reason != stopNone:
		sol.Status = lp.TimeLimit
	case ls == C.SO_CBC_LP_OPTIMAL:
		sol.Status = lp.Optimal
	case ls == C.SO_CBC_LP_INFEASIBLE:
		sol.Status = lp.Infeasible
	case ls == C.SO_CBC_LP_DUAL_INFEASIBLE:
		// Dual infeasibility alone does not prove the LP feasible.
		sol.Status = lp.InfeasibleOrUnbounded
	case ls == C.SO_CBC_LP_STOPPED && iterLimit:
		sol.Status = lp.IterationLimit
	default:
		sol.Status = lp.NumericalError
	}
	summary := fmt.Sprintf("LP status %d", ls)
	if sol.Status != lp.Optimal {
		return sol, summary
	}
	n, nr := m.NumVars(), m.NumRows()
	x := copyDoubles(C.Cbc_getColSolution(model), n)
	sol.X = x
	sol.RowActivity = m.Activities(x)
	sol.Objective = m.Objective(x)
	sol.BestBound = sol.Objective
	if nr == 0 {
		sol.RowDual = []float64{}
	} else {
		sol.RowDual = copyDoubles(C.so_cbc_row_price(model), nr)
	}
	// CLP's row duals follow the lp package's convention for both senses
	// (solve/clp); the reduced costs are recomputed as d = c − Aᵀy.
	if sol.RowDual != nil {
		aty := m.Matrix().MulTransVec(sol.RowDual)
		sol.ReducedCost = make([]float64, n)
		for j, c := range m.Obj {
			sol.ReducedCost[j] = c - aty[j]
		}
	}
	return sol, summary
}

// The primal clean-up of an LP optimum (the thresholds of solve/clp): when
// a bound or row is missed by more than cleanupTrigger, scaled by
// 1 + |bound| as solve.Verify scales it, the LP is solved again from its
// final basis with CLP's primal tolerance tightened to cleanupTol.
const (
	cleanupTrigger = solve.DefaultPrimalTol / 2
	cleanupTol     = 1e-9
)

// primalViolation returns the largest bound or row violation of x, each
// divided by 1 + |violated bound|, as solve.Verify measures them.
func primalViolation(m *lp.Model, x []float64) float64 {
	rep := solve.Verify(m, &lp.Solution{Status: lp.Optimal, X: x}, solve.DefaultTolerances())
	return math.Max(rep.MaxRowViolationRel, rep.MaxBoundViolationRel)
}

// copyDoubles copies n doubles from p, or returns nil when p is nil.
func copyDoubles(p *C.double, n int) []float64 {
	if p == nil {
		return nil
	}
	out := make([]float64, n)
	for i, v := range unsafe.Slice(p, n) {
		out[i] = float64(v)
	}
	return out
}
