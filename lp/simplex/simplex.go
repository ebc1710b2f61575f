package simplex

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// Method selects the simplex variant used from scratch.
type Method int

const (
	MethodAuto   Method = iota // the dual simplex
	MethodDual                 // dual simplex (with dual phase 1 when needed)
	MethodPrimal               // primal simplex (composite phase 1)
)

func (m Method) String() string {
	switch m {
	case MethodAuto:
		return "auto"
	case MethodDual:
		return "dual"
	case MethodPrimal:
		return "primal"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Options control a solve. Zero values select the defaults.
type Options struct {
	Method         Method
	IterationLimit int // 0 = none
	// PrimalTol and DualTol are the feasibility tolerances on the scaled
	// problem (0 = 1e-7); the final check of an answer in model units uses
	// max(1e-7, PrimalTol) and max(1e-7, DualTol) (see doc.go, "Unscaled
	// check and cleanup").
	PrimalTol  float64
	DualTol    float64
	NoPresolve bool // Solve only: skip lp/presolve
	NoScaling  bool
	Log        io.Writer // progress lines, nil = silent

	// Basis, when not nil, is the basis Solve starts from (a basis of the
	// model, as Solver.SetBasis takes it); the model is then solved
	// without presolve. Solve only.
	Basis *lp.Basis
	// Start, when not nil, is a point (a value per column, NaN for a
	// column without one) from which Solve builds its starting basis with
	// BasisFromPoint, and solves without presolve; it is ignored when
	// Basis is set. Solve only.
	Start []float64
	// WantBasis asks Solve for the final basis in Solution.Basis, which it
	// gives whenever it solved without presolve: WantBasis skips presolve.
	// (A crossover from the postsolved optimum to a basis, tried first,
	// took more iterations than the solve without presolve on each of 12
	// larger NETLIB instances, 1.2 to 3.8 times those of presolve and
	// solve.) Solve only.
	WantBasis bool
}

// BasisStatus is the status of a column or row (its logical) in a basis;
// it is lp.BasisStatus, so that a basis passes between packages unchanged.
type BasisStatus = lp.BasisStatus

// The statuses of lp.BasisStatus, under the names this package has always used.
const (
	Basic   = lp.Basic
	AtLower = lp.AtLower
	AtUpper = lp.AtUpper
	AtZero  = lp.AtZero
	Fixed   = lp.Fixed
)

// Basis is a snapshot of a simplex basis (lp.Basis). Rows[i] is the status
// of row i: AtLower means the row activity is at the row's lower bound.
type Basis = lp.Basis

// Backend is the name solutions of this package carry.
const Backend = "simplex"

// ErrBadOptions is wrapped by errors about invalid options.
var ErrBadOptions = fault.New(fault.ErrInput, "simplex: invalid options")

func (o *Options) check() error {
	switch {
	case o.Method < MethodAuto || o.Method > MethodPrimal:
		return fmt.Errorf("%w: Method: unknown method, got %d", ErrBadOptions, int(o.Method))
	case o.IterationLimit < 0:
		return fmt.Errorf("%w: IterationLimit: must be >= 0, got %d", ErrBadOptions, o.IterationLimit)
	case o.PrimalTol < 0 || math.IsNaN(o.PrimalTol) || o.PrimalTol > 1e-2:
		return fmt.Errorf("%w: PrimalTol: must be in [0, 1e-2], got %v", ErrBadOptions, o.PrimalTol)
	case o.DualTol < 0 || math.IsNaN(o.DualTol) || o.DualTol > 1e-2:
		return fmt.Errorf("%w: DualTol: must be in [0, 1e-2], got %v", ErrBadOptions, o.DualTol)
	}
	return nil
}

// Solver keeps an LP (its relaxation, if it has integer columns) in memory
// for repeated solves with warm starts, as branch and bound needs. It does
// not presolve. A Solver is not safe for concurrent use.
type Solver struct {
	model  *lp.Model
	opts   Options
	s      *core
	solved bool
	// newCosts: the objective changed since the last Solve, whose basis
	// stays primal feasible (the next Solve runs the primal simplex)
	newCosts bool
	// noCleanup (tests): return the scaled optimum without the answer
	// check and the unscaled cleanup
	noCleanup bool
	// optimal: the last Solve ended optimal and the model and basis have
	// not changed since (what Ranging needs)
	optimal bool
	// dualsKept: y (in the core's rho) and d are those the last Solve's
	// cleanup computed for the current basis, costs and factors, and its
	// answer passed the check; since then only column bounds or nonbasic
	// statuses changed, which leave y and d as they are. The next Solve
	// then skips recomputing them when it keeps the factors.
	dualsKept bool
}

// New builds a solver for m. The model is copied; later changes to m do not
// affect the solver.
func New(m *lp.Model, opts Options) (*Solver, error) {
	if m == nil {
		return nil, errors.New("simplex: nil model")
	}
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	mc := m.Clone()
	return &Solver{model: mc, opts: opts, s: newCore(mc, opts)}, nil
}

// ColBounds returns the current bounds of column j (in model units).
func (sv *Solver) ColBounds(j int) (lo, hi float64) {
	v := sv.model.Vars[j]
	return v.Lower, v.Upper
}

// SetColBounds changes the bounds of column j; the next Solve starts from
// the current basis. It panics if j is out of range (a programmer error).
func (sv *Solver) SetColBounds(j int, lo, hi float64) {
	if j < 0 || j >= len(sv.model.Vars) {
		panic(fmt.Sprintf("simplex: SetColBounds: column %d out of range [0,%d)", j, len(sv.model.Vars)))
	}
	sv.model.Vars[j].Lower, sv.model.Vars[j].Upper = lo, hi
	sv.optimal = false
	s := sv.s
	wasFixed := s.lo[j] == s.up[j]
	s.lb[j] = lo / s.cs[j]
	s.ub[j] = hi / s.cs[j]
	s.lo[j], s.up[j] = s.lb[j], s.ub[j]
	s.fixStatus(j)
	if wasFixed && s.lo[j] != s.up[j] && sv.dualsKept && s.stat[j] != Basic {
		// the kept duals left its reduced cost stale (see dualsFromY)
		s.d[j] = s.colReducedCost(j, s.cost, s.rho)
	}
}

// SetObjective replaces the objective (sense and coefficients, one per
// column); the next Solve starts from the current basis, which stays
// primal feasible, and runs the primal simplex from there (see doc.go,
// "Warm starts"). Bound tightening, which optimises many objectives over
// one feasible set, needs it. It panics if obj does not have one entry per column (a programmer
// error).
func (sv *Solver) SetObjective(sense lp.Sense, obj []float64) {
	s := sv.s
	if len(obj) != s.n {
		panic(fmt.Sprintf("simplex: SetObjective: %d coefficients for %d columns", len(obj), s.n))
	}
	sv.model.Sense = sense
	copy(sv.model.Obj, obj)
	sv.optimal = false
	sv.dualsKept = false
	sign := 1.0
	if sense == lp.Maximize {
		sign = -1
	}
	for j, c := range obj {
		s.c[j] = sign * c * s.cs[j]
	}
	sv.newCosts = true
}

// Basis returns a copy of the current basis.
func (sv *Solver) Basis() Basis {
	s := sv.s
	st := make([]BasisStatus, s.n+s.m) // one allocation for both
	b := Basis{Cols: st[:s.n:s.n], Rows: st[s.n:]}
	for j := 0; j < s.n; j++ {
		b.Cols[j] = s.exportStatus(j)
	}
	for i := 0; i < s.m; i++ {
		st := s.exportStatus(s.n + i)
		// the logical is z = −activity: its lower bound is the row's upper bound
		switch st {
		case AtLower:
			st = AtUpper
		case AtUpper:
			st = AtLower
		}
		b.Rows[i] = st
	}
	return b
}

func (s *core) exportStatus(j int) BasisStatus {
	st := s.stat[j]
	if st != Basic && s.lb[j] == s.ub[j] {
		return Fixed
	}
	return st
}

// SetBasis restores a basis snapshot. The number of basic entries must equal
// the number of rows. A singular basis is repaired with logicals; the
// returned error is nil in that case, and the repair is logged.
func (sv *Solver) SetBasis(b Basis) error {
	s := sv.s
	sv.optimal = false
	if len(b.Cols) != s.n || len(b.Rows) != s.m {
		return fmt.Errorf("simplex: SetBasis: basis has %d columns and %d rows, model has %d and %d", len(b.Cols), len(b.Rows), s.n, s.m)
	}
	nb := 0
	for j, st := range b.Cols {
		if st < Basic || st > Fixed {
			return fmt.Errorf("simplex: SetBasis: Cols[%d]: unknown status %d", j, int(st))
		}
		if st == Basic {
			nb++
		}
	}
	for i, st := range b.Rows {
		if st < Basic || st > Fixed {
			return fmt.Errorf("simplex: SetBasis: Rows[%d]: unknown status %d", i, int(st))
		}
		if st == Basic {
			nb++
		}
	}
	if nb != s.m {
		return fmt.Errorf("simplex: SetBasis: %d basic entries, want %d (the number of rows)", nb, s.m)
	}
	// internal status of variable j (columns, then logicals) in b
	status := func(j int) BasisStatus {
		if j < s.n {
			return b.Cols[j]
		}
		switch st := b.Rows[j-s.n]; st {
		case AtLower:
			return AtUpper
		case AtUpper:
			return AtLower
		default:
			return st
		}
	}
	N := s.n + s.m
	same := true
	for j := 0; j < N; j++ {
		if (status(j) == Basic) != (s.stat[j] == Basic) {
			same = false
			break
		}
	}
	if !same {
		sv.dualsKept = false
		// Variables that stay basic keep their positions; the entering
		// ones fill the freed positions.
		var free []int
		for p, j := range s.head {
			if status(j) != Basic {
				free = append(free, p)
				s.pos[j] = -1
			}
		}
		k := 0
		for j := 0; j < N; j++ {
			if status(j) == Basic && s.stat[j] != Basic {
				p := free[k]
				k++
				s.head[p] = j
				s.pos[j] = p
				s.stat[j] = Basic
			}
		}
		// dual steepest-edge weights restart at 1 (see doc.go, Warm starts)
		for i := range s.w {
			s.w[i] = 1
		}
		s.luValid = false
	}
	copy(s.lo, s.lb)
	copy(s.up, s.ub)
	for j := 0; j < N; j++ {
		st := status(j)
		if st == Basic {
			continue
		}
		if st == Fixed {
			st = AtLower
		}
		s.stat[j] = st
		s.fixStatus(j)
	}
	if !same {
		if k := s.refactor(); k > 0 {
			s.logf("simplex: SetBasis: basis singular, %d columns replaced by logicals\n", k)
		}
	}
	sv.solved = true
	return nil
}

// Solve solves the LP from the current basis: from scratch on the first
// call, then by the dual simplex if the basis is still dual feasible (as
// after bound changes), else by the primal simplex. An optimum is checked
// in model units and, if it fails, cleaned up on the unscaled model (see
// doc.go, "Unscaled check and cleanup"); it is lp.NumericalError only if it
// still fails, and then keeps X and the duals that failed.
func (sv *Solver) Solve(ctx context.Context) (*lp.Solution, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	s := sv.s
	s.ctx = ctx
	s.iter = 0
	s.lastLogIter = 0
	method := sv.opts.Method
	if sv.newCosts && sv.solved {
		// the dual simplex would first move boxed nonbasics to the bound
		// their new reduced cost prefers, losing the primal feasibility
		// the previous optimum gives
		method = MethodPrimal
	}
	o := s.run(method, sv.solved, sv.dualsKept)
	sv.solved, sv.newCosts, sv.dualsKept = true, false, false
	if o == outInfeasible && !s.provesInfeasible(sv.model) {
		// the certificate does not check out in model units: let the
		// primal simplex (phase 1) decide from the current basis
		s.logf("simplex: infeasibility certificate fails its check; confirming with the primal simplex\n")
		copy(s.lo, s.lb)
		copy(s.up, s.ub)
		copy(s.cost, s.c)
		for j := range s.stat {
			s.fixStatus(j)
		}
		o = s.cleanup(s.primal())
		if o == outInfeasible && !s.provesInfeasible(sv.model) {
			// Neither simplex proves the claim. A caller that prunes on
			// Infeasible (lp/mip, the RRS global search) would lose
			// feasible points on an unproven word: report the trouble.
			s.logf("simplex: the primal simplex's certificate fails its check too; reporting a numerical error\n")
			o = outNumerical
		}
	}
	sol := s.solution(sv.model, o)
	if o == outOptimal && !sv.noCleanup {
		var checked bool
		sol, checked = sv.checkOrCleanup(sol)
		// cleanup left y and d current (yOfC) for the basis that passed
		sv.dualsKept = checked && s.yOfC
	}
	sol.Time = time.Since(start)
	sv.optimal = sol.Status == lp.Optimal
	return sol, nil
}

// checkOrCleanup checks an optimal answer in model units (checkAnswer) and,
// when it fails, runs the unscaled cleanup pass; if the cleaned-up answer
// fails too (or the cleanup ends without an optimum), the result is
// lp.NumericalError, with the log saying which check failed, by how much
// and against which tolerance. A failed answer keeps its X and duals, so a
// caller can see what went wrong.
//
// It also reports whether the answer passed the check as it came, without
// the cleanup.
func (sv *Solver) checkOrCleanup(sol *lp.Solution) (*lp.Solution, bool) {
	s := sv.s
	tol := answerTolerances(sv.opts)
	// sol and clean come from core.optimalAnswer, which leaves their Aᵀy
	// in s.aty
	f := checkAnswerAct(sv.model, sol, s.aty, tol)
	if f == nil {
		return sol, true
	}
	s.logf("simplex: the unscaled answer fails its check: %v; cleanup on the unscaled model\n", f)
	iter := s.iter
	o, clean := sv.cleanupUnscaled()
	s.logf("simplex: unscaled cleanup: %d iterations, outcome %v\n", s.iter-iter, clean.Status)
	if o != outOptimal {
		if !clean.Status.IsLimit() {
			s.logf("simplex: numerical error: the unscaled cleanup ended %v; the answer before it failed: %v\n", clean.Status, f)
			sol.Status = lp.NumericalError
			sol.Iterations = s.iter
			return sol, false
		}
		return clean, false
	}
	if f = checkAnswerAct(sv.model, clean, s.aty, tol); f != nil {
		s.logf("simplex: numerical error: after the unscaled cleanup the answer still fails: %v\n", f)
		clean.Status = lp.NumericalError
	}
	return clean, false
}

// run drives the phases and the final cleanup.
//
// With keptDuals, rho and d already hold y and the reduced costs of the
// current basis and costs (see Solver.dualsKept); they are recomputed only
// if the factors are renewed here.
func (s *core) run(method Method, warm, keptDuals bool) outcome {
	copy(s.lo, s.lb)
	copy(s.up, s.ub)
	copy(s.cost, s.c)
	s.perturbed = false
	s.costPerturbed = false
	s.farkasRow = nil
	s.yOfC = false
	N := s.n + s.m
	crossed := false // trivially infeasible bounds
	for j := 0; j < N; j++ {
		s.fixStatus(j)
		crossed = crossed || s.lb[j] > s.ub[j]
	}
	if crossed {
		return outInfeasible
	}
	if s.m == 0 {
		return s.runNoRows()
	}
	// a warm start keeps the factors of the previous solve: bound changes
	// do not change B, nor y and d
	if fresh := s.ensureFactor(); fresh || !keptDuals {
		s.computeDuals()
	}
	var o outcome
	if method == MethodPrimal {
		o = s.primal()
	} else {
		o = s.runDual(warm)
		if o == outNumerical {
			s.logf("simplex: dual simplex failed numerically; primal simplex from the current basis\n")
			s.luValid = false
			copy(s.lo, s.lb)
			copy(s.up, s.ub)
			copy(s.cost, s.c)
			for j := 0; j < N; j++ {
				s.fixStatus(j)
			}
			o = s.primal()
		}
	}
	return s.cleanup(o)
}

// runDual runs dual phase 1 if needed and dual phase 2. From a warm start
// whose basis is not dual feasible it runs the primal simplex instead.
func (s *core) runDual(warm bool) outcome {
	dualFeasible := s.setNonbasicByDual()
	if !dualFeasible && warm {
		return s.primal()
	}
	if !dualFeasible {
		s.logf("simplex: dual phase 1\n")
		o := s.dualPhase1()
		if o != outOptimal {
			return o
		}
		s.refactor()
		s.computeDuals()
		dualFeasible = s.setNonbasicByDual()
	}
	if !dualFeasible {
		s.logf("simplex: dual phase 1 left dual infeasibilities; switching to primal\n")
		return s.primal()
	}
	if !warm {
		s.perturbCosts(false)
		s.computeDuals()
	}
	o := s.dual()
	if o == outOptimal || o == outInfeasible {
		copy(s.cost, s.c)
	}
	return o
}

// cleanup removes perturbations and checks the final basis, iterating
// further when the check fails. The check uses x, y, d recomputed from the
// current factors when they are not due for refactorisation and the
// residuals of Ax + z = 0 and of the basic reduced costs are small;
// otherwise, and before iterating further, from fresh factors.
func (s *core) cleanup(o outcome) outcome {
	for round := 0; round < 4; round++ {
		if o != outOptimal {
			return o
		}
		copy(s.cost, s.c)
		fresh := s.ensureFactor()
		s.computeX()
		s.computeDuals()
		if !fresh && !(s.primalResidualSmall() && s.dualResidualSmall()) {
			s.refactor()
			s.computeX()
			s.computeDuals()
			fresh = true
		}
		pinf, _ := s.primalInfeas()
		dinf := s.dualInfeas()
		if pinf <= s.ptol*10 && dinf <= s.dtol*10 {
			s.yOfC = true
			return outOptimal
		}
		if !fresh {
			// confirm the infeasibilities on fresh factors
			s.refactor()
			s.computeX()
			s.computeDuals()
			pinf, _ = s.primalInfeas()
			dinf = s.dualInfeas()
			if pinf <= s.ptol*10 && dinf <= s.dtol*10 {
				s.yOfC = true
				return outOptimal
			}
		}
		s.logf("simplex: cleanup round %d: primal inf %.3g dual inf %.3g\n", round, pinf, dinf)
		if pinf > s.ptol*10 && dinf <= s.dtol*10 {
			o = s.dual()
		} else {
			o = s.primal()
		}
	}
	if o == outOptimal {
		return outNumerical
	}
	return o
}

// residualTol bounds the relative residuals primalResidualSmall and
// dualResidualSmall accept: far below the feasibility tolerances (1e-7),
// and above the rounding error of solves with fresh factors of the NETLIB
// bases.
const residualTol = 1e-9

// primalResidualSmall reports whether x (from computeX) satisfies
// Ax + z = 0, row by row to residualTol relative to the largest term of the
// row's sum.
func (s *core) primalResidualSmall() bool {
	n := s.n
	r := s.dx
	big := s.tau
	for i := 0; i < s.m; i++ {
		v := s.x[n+i]
		r[i] = v
		big[i] = math.Abs(v)
	}
	for j := 0; j < n; j++ {
		xj := s.x[j]
		if xj == 0 {
			continue
		}
		for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
			t := s.colVal[p] * xj
			i := s.rowInd[p]
			r[i] += t
			if a := math.Abs(t); a > big[i] {
				big[i] = a
			}
		}
	}
	for i := 0; i < s.m; i++ {
		if !(math.Abs(r[i]) <= residualTol*(1+big[i])) {
			return false
		}
	}
	return true
}

// dualResidualSmall reports whether y = rho (from computeDuals) gives zero
// reduced costs on the basic columns, each to residualTol relative to the
// largest term of its sum.
func (s *core) dualResidualSmall() bool {
	n := s.n
	y := s.rho
	for _, j := range s.head {
		v := s.cost[j]
		b := math.Abs(v)
		if j < n {
			for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
				t := s.colVal[p] * y[s.rowInd[p]]
				v -= t
				if a := math.Abs(t); a > b {
					b = a
				}
			}
		} else {
			v -= y[j-n]
			if a := math.Abs(y[j-n]); a > b {
				b = a
			}
		}
		if !(math.Abs(v) <= residualTol*(1+b)) {
			return false
		}
	}
	return true
}

// runNoRows solves a problem without rows: each column at its best bound.
func (s *core) runNoRows() outcome {
	for j := 0; j < s.n; j++ {
		c, l, u := s.c[j], s.lb[j], s.ub[j]
		switch {
		case c > 0 && math.IsInf(l, -1), c < 0 && math.IsInf(u, 1):
			s.rayQ = j
			s.rayDir = 1
			if c > 0 {
				s.rayDir = -1
			}
			s.rayCol = s.rayCol[:0]
			return outUnbounded
		case c > 0 || c == 0 && !math.IsInf(l, -1):
			s.stat[j] = AtLower
			if math.IsInf(l, -1) {
				s.stat[j] = s.defaultStatus(j)
			}
		case c < 0:
			s.stat[j] = AtUpper
		default:
			s.stat[j] = s.defaultStatus(j)
		}
		s.x[j] = s.nbValue(j)
		s.d[j] = c
	}
	return outOptimal
}

// solution maps the internal state back to the model.
func (s *core) solution(m *lp.Model, o outcome) *lp.Solution {
	sol := &lp.Solution{Backend: Backend, Iterations: s.iter}
	n := s.n
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	switch o {
	case outOptimal:
		sol.Status = lp.Optimal
	case outInfeasible:
		sol.Status = lp.Infeasible
	case outUnbounded:
		sol.Status = lp.Unbounded
	case outIterLimit:
		sol.Status = lp.IterationLimit
	case outTimeLimit:
		sol.Status = lp.TimeLimit
	case outDualInfeasible:
		sol.Status = lp.InfeasibleOrUnbounded
	default:
		sol.Status = lp.NumericalError
	}
	// a limit leaves a basic point that need not be feasible: no X then
	if o == outOptimal {
		s.optimalAnswer(m, sol, sign)
	}
	if o == outInfeasible && s.farkasRow != nil {
		sol.FarkasRow = s.farkas(m)
	}
	if o == outUnbounded {
		ray := make([]float64, n)
		if s.rayQ < n {
			ray[s.rayQ] = s.rayDir * s.cs[s.rayQ]
		}
		for p, v := range s.rayCol {
			if j := s.head[p]; j < n && v != 0 {
				ray[j] = -s.rayDir * v * s.cs[j]
			}
		}
		sol.Ray = ray
	}
	return sol
}

// optimalAnswer fills X, RowActivity, Objective, RowDual and ReducedCost
// of sol from an optimal basis, in one allocation, and leaves Aᵀy of the
// row duals (summed row by row, as checkAnswer sums it) in s.aty for the
// answer check.
func (s *core) optimalAnswer(m *lp.Model, sol *lp.Solution, sign float64) {
	n, nr := s.n, s.m
	buf := make([]float64, 2*n+2*nr)
	x, act := buf[:n:n], buf[n:n+nr:n+nr]
	y, d := buf[n+nr:n+2*nr:n+2*nr], buf[n+2*nr:]
	for j := 0; j < n; j++ {
		// snap nonbasics exactly to their bounds in model units
		switch s.stat[j] {
		case Basic:
			x[j] = s.x[j] * s.cs[j]
		case AtLower:
			x[j] = m.Vars[j].Lower
		case AtUpper:
			x[j] = m.Vars[j].Upper
		}
	}
	s.ucols.activities(m, x, act)
	sol.X, sol.RowActivity, sol.Objective = x, act, m.Objective(x)
	rho := s.rho
	if !s.yOfC {
		for p, j := range s.head {
			rho[p] = s.c[j]
		}
		if nr > 0 {
			s.lu.btran(rho)
		}
	}
	for i := 0; i < nr; i++ {
		y[i] = sign * rho[i] * s.rs[i]
	}
	// d = c − Aᵀy and Aᵀy, row by row. A row with a zero dual adds ±0 to
	// each sum, which leaves it unchanged unless the sum is −0; the sums of
	// Aᵀy start at +0 and never reach −0, those of d only from a cost of
	// −0, so the rows with zero duals are skipped unless there is one.
	aty := growZeroF(s.aty, n)
	s.aty = aty
	negZero := false
	for j, c := range m.Obj {
		d[j] = c
		negZero = negZero || c == 0 && math.Signbit(c)
	}
	for i := range m.Rows {
		yi := y[i]
		if yi == 0 && !negZero {
			continue
		}
		r := &m.Rows[i]
		for k, j := range r.Ind {
			t := r.Val[k] * yi
			d[j] -= t
			aty[j] += t
		}
	}
	for j := 0; j < n; j++ {
		// numerically zero by construction; keep the exact residual small
		if s.stat[j] == Basic && math.Abs(d[j]) < 1e-9*(1+math.Abs(m.Obj[j])) {
			d[j] = 0
		}
	}
	sol.RowDual, sol.ReducedCost = y, d
}

// modelCols is the matrix of a model in model units by column, kept to
// sum the row activities of a point over its nonzero columns only.
type modelCols struct {
	rows   int  // the number of rows it was built for (rows are only appended)
	sorted bool // every row lists its columns in ascending order
	ptr    []int
	row    []int
	val    []float64
}

// activities writes Ax into act exactly as Model.Activities sums it, row
// by row in the order of each row's entries. When every row lists its
// columns in ascending order, it sums column by column over the nonzero
// xⱼ, which adds the same terms to each row in the same order but skips
// the terms ±0; they would leave each sum unchanged, since a sum that
// starts at +0 never becomes −0.
func (c *modelCols) activities(m *lp.Model, x, act []float64) {
	if c.rows != len(m.Rows) || c.ptr == nil {
		c.build(m)
	}
	if !c.sorted {
		m.ActivitiesInto(x, act)
		return
	}
	clear(act)
	for j, xj := range x {
		if xj == 0 {
			continue
		}
		for p := c.ptr[j]; p < c.ptr[j+1]; p++ {
			act[c.row[p]] += c.val[p] * xj
		}
	}
}

// build makes c the columns of m's rows.
func (c *modelCols) build(m *lp.Model) {
	n := len(m.Vars)
	c.rows = len(m.Rows)
	c.sorted = true
	c.ptr = growZero(c.ptr, n+1)
	nnz := 0
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, j := range r.Ind {
			if k > 0 && j <= r.Ind[k-1] {
				c.sorted = false
			}
			c.ptr[j+1]++
		}
		nnz += len(r.Ind)
	}
	for j := 0; j < n; j++ {
		c.ptr[j+1] += c.ptr[j]
	}
	c.row = grow(c.row, nnz)
	c.val = growF(c.val, nnz)
	next := append([]int(nil), c.ptr[:n]...)
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, j := range r.Ind {
			c.row[next[j]] = i
			c.val[next[j]] = r.Val[k]
			next[j]++
		}
	}
}

// farkas turns the dual-unbounded row into a certificate in model units,
// choosing the sign for which it proves infeasibility.
//
// Entries below farkasDrop·‖y‖∞ are rounding noise of the solves; they are
// set to zero, since a tiny entry of the wrong sign on a row with an
// infinite bound would make the certificate useless.
func (s *core) farkas(m *lp.Model) []float64 {
	y := make([]float64, s.m)
	ymax := 0.0
	for i := range y {
		y[i] = s.farkasSign * s.farkasRow[i] * s.rs[i]
		ymax = math.Max(ymax, math.Abs(y[i]))
	}
	for i, v := range y {
		if math.Abs(v) <= farkasDrop*ymax {
			y[i] = 0
		}
	}
	if _, rel, err := lp.FarkasMargin(m, y); err != nil || rel <= 0 {
		for i := range y {
			y[i] = -y[i]
		}
	}
	return y
}

// provesInfeasible reports whether the run's Farkas row, in model units,
// proves m infeasible (or a crossed bound does, which needs no row).
func (s *core) provesInfeasible(m *lp.Model) bool {
	var y []float64
	if s.farkasRow != nil {
		y = s.farkas(m)
	}
	return proves(m, y)
}

// proves reports whether y proves m infeasible as package solve's Verify
// judges it: lp.FarkasMargin's relative margin above farkasProofTol. A test
// replaces it to stand for a certificate that fails its check.
var proves = func(m *lp.Model, y []float64) bool {
	_, rel, err := lp.FarkasMargin(m, y)
	return err == nil && rel > farkasProofTol
}

// farkasProofTol is the relative margin a certificate must have: the
// primal tolerance of solve.Verify (solve.DefaultPrimalTol), which accepts
// points within it and so could not tell a thinner margin from feasibility.
const farkasProofTol = 1e-7

// farkasDrop is the relative size below which an entry of a Farkas
// certificate counts as zero.
const farkasDrop = 1e-12
