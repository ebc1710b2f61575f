package simplex

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// answerTol are the tolerances of the final check of an answer in model
// units (see doc.go, "Unscaled check and cleanup"): the measures and
// defaults of solve.Verify, so that an answer this package accepts passes
// it.
type answerTol struct {
	primal float64 // violation of a row or column bound / (1 + |bound|)
	dual   float64 // |c − Aᵀy − d| / (1 + |c|); wrong-sign dual / (1 + ‖c‖∞)
	obj    float64 // complementarity and duality gap, relative to max(1, |cᵀx + c₀|)
}

// defaultAnswerTol is the tolerance of the answer check when the options
// ask for nothing looser: DESIGN.md's 1e-7 for primal and dual
// feasibility and 1e-6 for objective comparisons.
var defaultAnswerTol = answerTol{primal: 1e-7, dual: 1e-7, obj: 1e-6}

// answerTolerances returns the check's tolerances for opts: the defaults,
// loosened to the options' PrimalTol and DualTol when those are larger.
func answerTolerances(opts Options) answerTol {
	t := defaultAnswerTol
	t.primal = math.Max(t.primal, opts.PrimalTol)
	t.dual = math.Max(t.dual, opts.DualTol)
	return t
}

// checkFailure says which check of an answer failed, where, by how much
// and against which tolerance.
type checkFailure struct {
	check    string // "row", "column bound", "dual residual", "dual sign", "complementarity", "duality gap"
	what     string // the row or column at fault, empty for the duality gap
	residual float64
	tol      float64
	// terms is Σ|aᵢⱼxⱼ| of a failed row: eps·terms is the rounding error
	// of its activity alone
	terms float64
}

func (f *checkFailure) Error() string {
	if f.what == "" {
		return fmt.Sprintf("%s %.3g > %g", f.check, f.residual, f.tol)
	}
	msg := fmt.Sprintf("%s check fails at %s: %.3g > %g", f.check, f.what, f.residual, f.tol)
	if f.terms > 0 {
		msg += fmt.Sprintf(" (Σ|aᵢⱼxⱼ| = %.3g: rounding alone is %.2g)", f.terms, f.terms*0x1p-52)
	}
	return msg
}

// worst keeps, per check, the largest residual and where it occurred.
type worst struct {
	residual float64
	idx      int
	kind     string // "row" or "column"
}

func (w *worst) see(residual float64, kind string, idx int) {
	if residual > w.residual || math.IsNaN(residual) {
		w.residual, w.kind, w.idx = residual, kind, idx
	}
}

// checkAnswer checks an optimal answer (x, y, d) of m in model units and
// returns the first check that fails, in the order primal rows, column
// bounds, dual residual, dual signs, complementarity, duality gap; nil if
// all pass. With the sign convention of lp/doc.go (c = Aᵀy + d), a dual
// selects the bound its sign says is active; one that selects an infinite
// bound is a sign violation, one whose bound is not met contributes
// |dual·(value − bound)| to the complementarity violation.
func checkAnswer(m *lp.Model, sol *lp.Solution, tol answerTol) *checkFailure {
	return checkAnswerAct(m, sol, nil, tol)
}

// checkAnswerAct is checkAnswer for an answer whose sums the caller has
// already: with aty not nil, sol is one that core.optimalAnswer built, its
// RowActivity is m.Activities(sol.X), its Objective m.Objective(sol.X),
// and aty is Aᵀ·sol.RowDual summed row by row, so none of them is summed a
// second time.
func checkAnswerAct(m *lp.Model, sol *lp.Solution, aty []float64, tol answerTol) *checkFailure {
	n, nr := len(m.Vars), len(m.Rows)
	if len(sol.X) != n || len(sol.RowDual) != nr || len(sol.ReducedCost) != n {
		return &checkFailure{check: "size", what: fmt.Sprintf("%d values for %d columns and %d rows", len(sol.X), n, nr), residual: math.Inf(1)}
	}
	x, y, d := sol.X, sol.RowDual, sol.ReducedCost
	act, z := sol.RowActivity, sol.Objective
	if len(aty) != n || len(act) != nr {
		act, z = m.Activities(x), m.Objective(x)
		aty = make([]float64, n)
		for i := range m.Rows {
			r := &m.Rows[i]
			for k, j := range r.Ind {
				aty[j] += r.Val[k] * y[i]
			}
		}
	}
	cmax := 0.0
	for _, c := range m.Obj {
		if a := math.Abs(c); a > cmax {
			cmax = a
		}
	}
	var rowW, colW, resW worst
	ds := dualSum{obj: m.ObjOffset, lowerIfPositive: m.Sense != lp.Maximize, cmax: cmax, zscale: math.Max(1, math.Abs(z))}
	for i := range m.Rows {
		r := &m.Rows[i]
		rowW.see(boundViolation(act[i], r.Lower, r.Upper), "row", i)
		ds.add("row", i, y[i], act[i], r.Lower, r.Upper)
	}
	for j, c := range m.Obj {
		v := &m.Vars[j]
		colW.see(boundViolation(x[j], v.Lower, v.Upper), "column", j)
		resW.see(math.Abs(c-aty[j]-d[j])/(1+math.Abs(c)), "column", j)
		ds.add("column", j, d[j], x[j], v.Lower, v.Upper)
	}
	name := func(w worst) string {
		if w.kind == "row" {
			return fmt.Sprintf("row %d (%s)", w.idx, m.Rows[w.idx].Name)
		}
		return fmt.Sprintf("column %d (%s)", w.idx, m.Vars[w.idx].Name)
	}
	for _, c := range []struct {
		check string
		w     worst
		tol   float64
	}{
		{"row", rowW, tol.primal},
		{"column bound", colW, tol.primal},
		{"dual residual", resW, tol.dual},
		{"dual sign", ds.sign, tol.dual},
		{"complementarity", ds.comp, tol.obj},
	} {
		if !(c.w.residual <= c.tol) {
			f := &checkFailure{check: c.check, what: name(c.w), residual: c.w.residual, tol: c.tol}
			if c.check == "row" {
				r := &m.Rows[c.w.idx]
				for k, j := range r.Ind {
					f.terms += math.Abs(r.Val[k] * x[j])
				}
			}
			return f
		}
	}
	if gap := math.Abs(z-ds.obj) / ds.zscale; !(gap <= tol.obj) {
		return &checkFailure{check: "duality gap", residual: gap, tol: tol.obj}
	}
	return nil
}

// dualSum sums the dual objective of an answer term by term and keeps the
// worst dual sign and complementarity violations.
type dualSum struct {
	obj             float64 // the dual objective so far
	lowerIfPositive bool    // a positive dual selects the lower bound (minimisation)
	cmax, zscale    float64 // ‖c‖∞ and max(1, |cᵀx + c₀|)
	sign, comp      worst
}

// add adds the term of the dual dv of a row or column whose value is
// value and whose bounds are lo and hi.
func (t *dualSum) add(kind string, idx int, dv, value, lo, hi float64) {
	if dv == 0 {
		return
	}
	b := hi
	if (dv > 0) == t.lowerIfPositive {
		b = lo
	}
	if math.IsInf(b, 0) {
		t.sign.see(math.Abs(dv)/(1+t.cmax), kind, idx)
		t.obj += dv * value
		return
	}
	t.obj += dv * b
	t.comp.see(math.Abs(dv*(value-b))/t.zscale, kind, idx)
}

// boundViolation is how far v lies outside [lo, hi], divided by 1 + |the
// violated bound|.
func boundViolation(v, lo, hi float64) float64 {
	switch {
	case v < lo:
		return (lo - v) / (1 + math.Abs(lo))
	case v > hi:
		return (v - hi) / (1 + math.Abs(hi))
	case math.IsNaN(v):
		return math.Inf(1)
	}
	return 0
}

// cleanupTighten divides the tolerances of the answer check to give the
// working tolerances of the unscaled cleanup: cleanup accepts
// infeasibilities up to 10 working tolerances, absolute, which then stay
// below the check's relative tolerance.
const cleanupTighten = 10

// refineRounds is the number of iterative refinement steps of x_B and y in
// the unscaled cleanup.
const refineRounds = 2

// cleanupUnscaled is the cleanup pass after an optimum of the scaled
// problem whose unscaled answer failed its check: the core switches to the
// unscaled model with the same basis, tightens its tolerances, refactorises,
// recomputes x, y and d, and runs cleanup (dual or primal simplex until
// both feasibilities hold); x_B and y then get iterative refinement
// against the residuals of the model's rows and basic columns. The answer
// is mapped back to the model and the scaling restored for later solves
// (the basis is kept). It returns the outcome and the solution of the
// unscaled model.
func (sv *Solver) cleanupUnscaled() (outcome, *lp.Solution) {
	s := sv.s
	rs, cs := s.rs, s.cs
	ptol, dtol := s.ptol, s.dtol
	tol := answerTolerances(sv.opts)
	s.rescale(sv.model, ones(s.m), ones(s.n))
	s.ptol = tol.primal / cleanupTighten
	s.dtol = tol.dual / cleanupTighten
	o := s.cleanup(outOptimal)
	if o == outOptimal {
		for k := 0; k < refineRounds; k++ {
			s.refineX(sv.model)
			s.refineY()
		}
	}
	sol := s.solution(sv.model, o)
	s.ptol, s.dtol = ptol, dtol
	s.rescale(sv.model, rs, cs)
	return o, sol
}

// rescale moves the core to the scale factors rs, cs: the matrix, costs and
// bounds are rebuilt from m, the values x and reduced costs d of the
// current basis are converted, the factors are marked stale and the dual
// steepest-edge weights restart at 1.
func (s *core) rescale(m *lp.Model, rs, cs []float64) {
	n := s.n
	for j := 0; j < n; j++ {
		f := s.cs[j] / cs[j]
		s.x[j] *= f
		s.d[j] /= f
	}
	for i := 0; i < s.m; i++ {
		f := rs[i] / s.rs[i]
		s.x[n+i] *= f
		s.d[n+i] /= f
	}
	s.load(m, rs, cs)
	copy(s.lo, s.lb)
	copy(s.up, s.ub)
	copy(s.cost, s.c)
	for i := range s.w {
		s.w[i] = 1
	}
	s.luValid = false
	s.yOfC = false
}

// refineX makes one step of iterative refinement of the basic values: with
// the residual r = −(Ax + z) of every row, summed in the order of m's row
// (as lp.Model.Activities sums it), x_B += B⁻¹r. It is meant for the
// unscaled core, whose x is in model units.
func (s *core) refineX(m *lp.Model) {
	n := s.n
	r := s.dx
	for i := range m.Rows {
		row := &m.Rows[i]
		a := 0.0
		for k, j := range row.Ind {
			a += row.Val[k] * s.x[j]
		}
		r[i] = -(a + s.x[n+i])
	}
	s.lu.ftran(r)
	for p, j := range s.head {
		s.x[j] += r[p]
	}
}

// refineY makes one step of iterative refinement of y = rho from
// computeDuals: with the residual cⱼ − aⱼᵀy of each basic j,
// y += B⁻ᵀr; the reduced costs are then recomputed from y.
func (s *core) refineY() {
	n := s.n
	y := s.rho
	r := s.tau
	for p, j := range s.head {
		v := s.cost[j]
		if j < n {
			for q := s.colPtr[j]; q < s.colPtr[j+1]; q++ {
				v -= s.colVal[q] * y[s.rowInd[q]]
			}
		} else {
			v -= y[j-n]
		}
		r[p] = v
	}
	s.lu.btran(r)
	for i := range y {
		y[i] += r[i]
	}
	s.dualsFromY()
}
