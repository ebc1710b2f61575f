package solve

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// Verification tolerances (DESIGN.md, "Tolerances"). Each is compared with a
// scaled quantity, so that the same number serves models whose data are of
// order 1 and of order 10⁶.
const (
	// DefaultPrimalTol bounds the scaled primal violation of a row or column
	// bound: max(lo − v, v − hi, 0) / (1 + |violated bound|).
	DefaultPrimalTol = 1e-7
	// DefaultDualTol bounds the scaled dual violations: the dual residual
	// |cⱼ − (Aᵀy)ⱼ − dⱼ| / (1 + |cⱼ|) and the wrong-sign part of a dual
	// divided by 1 + ‖c‖∞.
	DefaultDualTol = 1e-7
	// DefaultIntegralityTol bounds |xⱼ − round(xⱼ)| for an integer column.
	DefaultIntegralityTol = 1e-6
	// DefaultObjectiveTol bounds relative objective comparisons |a − b| / max(1, |a|):
	// the reported objective against cᵀx + c₀, the primal against the dual
	// objective, the complementarity products and a MILP's BestBound.
	DefaultObjectiveTol = 1e-6
)

// Tolerances are the thresholds Verify applies; a zero field means its default.
type Tolerances struct {
	Primal      float64 `json:"primal"`      // scaled row and bound violation; default DefaultPrimalTol
	Dual        float64 `json:"dual"`        // scaled dual residual and sign violation; default DefaultDualTol
	Integrality float64 `json:"integrality"` // distance of an integer column from an integer; default DefaultIntegralityTol
	Objective   float64 `json:"objective"`   // relative objective comparisons; default DefaultObjectiveTol
}

// DefaultTolerances returns the tolerances of DESIGN.md.
func DefaultTolerances() Tolerances {
	return Tolerances{DefaultPrimalTol, DefaultDualTol, DefaultIntegralityTol, DefaultObjectiveTol}
}

func (t Tolerances) withDefaults() Tolerances {
	d := DefaultTolerances()
	if !(t.Primal > 0) {
		t.Primal = d.Primal
	}
	if !(t.Dual > 0) {
		t.Dual = d.Dual
	}
	if !(t.Integrality > 0) {
		t.Integrality = d.Integrality
	}
	if !(t.Objective > 0) {
		t.Objective = d.Objective
	}
	return t
}

// Report is the outcome of Verify. Every number is finite; a check that did
// not apply leaves its fields zero and its Checked flag false. Row and column
// indices are −1 when no row or column is at fault.
type Report struct {
	// OK is true when every check that applied passed.
	OK bool `json:"ok"`
	// Problems describes each failed check, one sentence each.
	Problems []string `json:"problems,omitempty"`
	// Tolerances are the thresholds that were applied.
	Tolerances Tolerances `json:"tolerances"`

	// LazyRows is the number of lazy constraints (Options.Callbacks.Lazy)
	// checked after the model's rows: Solve verifies the answer of a solve
	// with lazy constraints against the model with every row the callback
	// returned appended, so a WorstRow at or after the model's row count is
	// the lazy row of that index minus the count, in the order returned.
	LazyRows int `json:"lazy_rows,omitempty"`

	// PrimalChecked: the solution had a primal point and it was checked.
	PrimalChecked bool `json:"primal_checked"`
	// MaxRowViolation is max over rows of max(rl − aᵀx, aᵀx − ru, 0);
	// MaxRowViolationRel the same divided by 1 + |violated bound|, maximised
	// separately; WorstRow the row attaining the scaled maximum.
	MaxRowViolation    float64 `json:"max_row_violation"`
	MaxRowViolationRel float64 `json:"max_row_violation_rel"`
	WorstRow           int     `json:"worst_row"`
	// MaxBoundViolation and MaxBoundViolationRel are the same for column bounds.
	MaxBoundViolation    float64 `json:"max_bound_violation"`
	MaxBoundViolationRel float64 `json:"max_bound_violation_rel"`
	WorstCol             int     `json:"worst_col"`
	// MaxIntegralityViolation is max |xⱼ − round(xⱼ)| over integer columns.
	MaxIntegralityViolation float64 `json:"max_integrality_violation"`
	WorstIntCol             int     `json:"worst_int_col"`
	// ObjectiveComputed is cᵀx + c₀; ObjectiveError is
	// |Solution.Objective − ObjectiveComputed| / max(1, |ObjectiveComputed|).
	ObjectiveComputed float64 `json:"objective_computed"`
	ObjectiveError    float64 `json:"objective_error"`

	// DualChecked: the solution had duals (at a claimed LP optimum) and they were checked.
	DualChecked bool `json:"dual_checked"`
	// DualResidual is ‖c − Aᵀy − d‖∞; DualResidualRel the largest
	// |cⱼ − (Aᵀy)ⱼ − dⱼ| / (1 + |cⱼ|).
	DualResidual    float64 `json:"dual_residual"`
	DualResidualRel float64 `json:"dual_residual_rel"`
	// DualSignViolation is the largest wrong-sign part of a yᵢ or dⱼ (a dual
	// that says an infinite bound is active), divided by 1 + ‖c‖∞.
	DualSignViolation float64 `json:"dual_sign_violation"`
	// Complementarity is max |yᵢ|·(distance of aᵢᵀx to the bound yᵢ's sign
	// selects), and the same for dⱼ, divided by max(1, |cᵀx + c₀|).
	Complementarity float64 `json:"complementarity"`
	// DualObjective is c₀ + Σᵢ yᵢ·bᵢ + Σⱼ dⱼ·βⱼ with bᵢ, βⱼ the bound each
	// dual's sign selects; DualityGap is |primal − dual| / max(1, |primal|).
	DualObjective float64 `json:"dual_objective"`
	DualityGap    float64 `json:"duality_gap"`

	// FarkasChecked: an Infeasible solution carried FarkasRow and it was
	// checked, with y scaled so that maxᵢ |yᵢ|·τᵢ = 1 (τᵢ the largest |aᵢⱼ|
	// of row i). FarkasMargin is min yᵀr over the row bounds − max (Aᵀy)ᵀx
	// over the column bounds; FarkasMarginRel the same divided by the sum of
	// the magnitudes of its terms. The certificate is valid when
	// FarkasMarginRel exceeds the primal tolerance (see the package doc,
	// "Certificates").
	FarkasChecked   bool    `json:"farkas_checked"`
	FarkasMargin    float64 `json:"farkas_margin"`
	FarkasMarginRel float64 `json:"farkas_margin_rel"`

	// RayChecked: an Unbounded solution carried Ray and it was checked, with
	// the ray scaled so that maxⱼ |rⱼ|·κⱼ = 1 (κⱼ the largest of |cⱼ| and
	// |aᵢⱼ| in column j). RayImprovement is the objective decrease along it
	// (−cᵀr for a minimisation, cᵀr for a maximisation), RayImprovementRel
	// the same over Σⱼ |cⱼrⱼ| (valid above the dual tolerance); RayViolation
	// the largest amount by which r or Ar leaves the recession cone of the
	// column or row bounds, each relative to what the ray can reach there:
	// |rⱼ|·κⱼ for a column, Σⱼ |aᵢⱼ|/κⱼ for row i (valid up to the primal
	// tolerance).
	RayChecked        bool    `json:"ray_checked"`
	RayImprovement    float64 `json:"ray_improvement"`
	RayImprovementRel float64 `json:"ray_improvement_rel"`
	RayViolation      float64 `json:"ray_violation"`
}

func (r *Report) fail(format string, args ...any) {
	r.OK = false
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// Summary returns a one-line human description of the report.
func (r *Report) Summary() string {
	if r == nil {
		return "not verified"
	}
	if !r.OK {
		if len(r.Problems) == 1 {
			return "FAILED: " + r.Problems[0]
		}
		return fmt.Sprintf("FAILED (%d problems): %s", len(r.Problems), r.Problems[0])
	}
	var parts []string
	if r.PrimalChecked {
		parts = append(parts, fmt.Sprintf("primal: row %.1e, bound %.1e", r.MaxRowViolationRel, r.MaxBoundViolationRel))
		if r.WorstIntCol >= 0 || r.MaxIntegralityViolation > 0 {
			parts = append(parts, fmt.Sprintf("integrality %.1e", r.MaxIntegralityViolation))
		}
	}
	if r.DualChecked {
		parts = append(parts, fmt.Sprintf("dual: residual %.1e, gap %.1e", r.DualResidualRel, r.DualityGap))
	}
	if r.FarkasChecked {
		parts = append(parts, fmt.Sprintf("Farkas certificate margin %.3g", r.FarkasMargin))
	}
	if r.RayChecked {
		parts = append(parts, fmt.Sprintf("unbounded ray improvement %.3g", r.RayImprovement))
	}
	if len(parts) == 0 {
		return "ok (nothing to check)"
	}
	s := "ok"
	for i, p := range parts {
		if i == 0 {
			s += " — " + p
		} else {
			s += "; " + p
		}
	}
	return s
}

// Verify checks a solution against the model it claims to solve, whichever
// backend produced it. It never trusts the backend's own residuals: Ax is
// recomputed from X. What is checked depends on what the solution carries:
//
//   - a primal point X (ignored when the status is Infeasible or
//     InfeasibleOrUnbounded): row and column bounds, integrality of integer columns,
//     Objective against cᵀx + c₀, and for a MILP that BestBound does not cut
//     off the incumbent;
//   - duals (RowDual, ReducedCost) at status Optimal of an LP: dual residual
//     c − Aᵀy − d, dual signs (see the lp package doc), complementarity and
//     the duality gap;
//   - status Infeasible with FarkasRow: that the certificate proves infeasibility;
//   - status Unbounded with Ray: that the ray is an improving recession direction.
//
// A solution of a solve with lazy constraints must also satisfy them: pass
// the model with the lazy rows appended (and RowActivity extended, or nil),
// as Solve does (see Report.LazyRows).
//
// Verify does not check optimality beyond what duals prove. It returns a
// report, never an error: a malformed solution (wrong slice length, NaN) is
// itself a problem in the report.
func Verify(m *lp.Model, s *lp.Solution, tol Tolerances) Report {
	tol = tol.withDefaults()
	rep := Report{OK: true, Tolerances: tol, WorstRow: -1, WorstCol: -1, WorstIntCol: -1}
	if m == nil || s == nil {
		rep.fail("nothing to verify: nil model or solution")
		return rep
	}
	if err := m.Validate(); err != nil {
		rep.fail("model: %v", err)
		return rep
	}
	n, nr := m.NumVars(), m.NumRows()
	if s.X != nil && s.Status != lp.Infeasible && s.Status != lp.InfeasibleOrUnbounded {
		if len(s.X) != n {
			rep.fail("solution has %d primal values for %d columns", len(s.X), n)
		} else if j := firstNonFinite(s.X); j >= 0 {
			rep.fail("x[%d] (%s) is %v", j, m.Vars[j].Name, s.X[j])
		} else {
			verifyPrimal(m, s, &rep)
		}
	} else if s.Status == lp.Optimal {
		rep.fail("status optimal without a primal point")
	}
	// Duals of a MILP (of some final relaxation, if a backend gives them)
	// prove nothing about the integer optimum: they are not checked.
	if s.Status == lp.Optimal && (s.RowDual != nil || s.ReducedCost != nil) && rep.PrimalChecked && !m.IsMIP() {
		switch {
		case len(s.RowDual) != nr:
			rep.fail("solution has %d row duals for %d rows", len(s.RowDual), nr)
		case len(s.ReducedCost) != n:
			rep.fail("solution has %d reduced costs for %d columns", len(s.ReducedCost), n)
		case firstNonFinite(s.RowDual) >= 0 || firstNonFinite(s.ReducedCost) >= 0:
			rep.fail("duals contain a non-finite value")
		default:
			verifyDual(m, s, &rep)
		}
	}
	if s.Status == lp.Infeasible && s.FarkasRow != nil {
		if len(s.FarkasRow) != nr {
			rep.fail("Farkas certificate has %d entries for %d rows", len(s.FarkasRow), nr)
		} else if firstNonFinite(s.FarkasRow) >= 0 {
			rep.fail("Farkas certificate contains a non-finite value")
		} else {
			verifyFarkas(m, s.FarkasRow, &rep)
		}
	}
	if s.Status == lp.Unbounded && s.Ray != nil {
		if len(s.Ray) != n {
			rep.fail("ray has %d entries for %d columns", len(s.Ray), n)
		} else if firstNonFinite(s.Ray) >= 0 {
			rep.fail("ray contains a non-finite value")
		} else {
			verifyRay(m, s.Ray, &rep)
		}
	}
	return rep
}

func firstNonFinite(v []float64) int {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return i
		}
	}
	return -1
}

// violation returns how far v lies outside [lo, hi] and the bound it violates.
func violation(v, lo, hi float64) (viol, bound float64) {
	if v < lo {
		return lo - v, lo
	}
	if v > hi {
		return v - hi, hi
	}
	return 0, 0
}

func verifyPrimal(m *lp.Model, s *lp.Solution, rep *Report) {
	rep.PrimalChecked = true
	tol := rep.Tolerances
	ax := m.Activities(s.X)
	for i := range m.Rows {
		r := &m.Rows[i]
		v, b := violation(ax[i], r.Lower, r.Upper)
		rel := v / (1 + math.Abs(b))
		rep.MaxRowViolation = math.Max(rep.MaxRowViolation, v)
		if rel > rep.MaxRowViolationRel {
			rep.MaxRowViolationRel, rep.WorstRow = rel, i
		}
	}
	if rep.MaxRowViolationRel > tol.Primal {
		i := rep.WorstRow
		r := &m.Rows[i]
		rep.fail("row %d (%s): activity %g outside [%g, %g], scaled violation %.3g > %g",
			i, r.Name, ax[i], r.Lower, r.Upper, rep.MaxRowViolationRel, tol.Primal)
	}
	if s.RowActivity != nil {
		if len(s.RowActivity) != len(ax) {
			rep.fail("solution has %d row activities for %d rows", len(s.RowActivity), len(ax))
		} else {
			for i, a := range s.RowActivity {
				if d := math.Abs(a - ax[i]); !(d <= tol.Primal*(1+math.Abs(ax[i]))) {
					rep.fail("row %d (%s): reported activity %g but Ax gives %g", i, m.Rows[i].Name, a, ax[i])
					break
				}
			}
		}
	}
	for j, v := range m.Vars {
		x := s.X[j]
		viol, b := violation(x, v.Lower, v.Upper)
		rel := viol / (1 + math.Abs(b))
		rep.MaxBoundViolation = math.Max(rep.MaxBoundViolation, viol)
		if rel > rep.MaxBoundViolationRel {
			rep.MaxBoundViolationRel, rep.WorstCol = rel, j
		}
		if v.Integer {
			if d := math.Abs(x - math.Round(x)); d > rep.MaxIntegralityViolation || rep.WorstIntCol < 0 {
				rep.MaxIntegralityViolation, rep.WorstIntCol = d, j
			}
		}
	}
	if rep.MaxBoundViolationRel > tol.Primal {
		j := rep.WorstCol
		v := m.Vars[j]
		rep.fail("column %d (%s): value %g outside bounds [%g, %g], scaled violation %.3g > %g",
			j, v.Name, s.X[j], v.Lower, v.Upper, rep.MaxBoundViolationRel, tol.Primal)
	}
	if rep.MaxIntegralityViolation > tol.Integrality {
		j := rep.WorstIntCol
		rep.fail("integer column %d (%s): value %g is %.3g from an integer > %g",
			j, m.Vars[j].Name, s.X[j], rep.MaxIntegralityViolation, tol.Integrality)
	}
	z := m.Objective(s.X)
	rep.ObjectiveComputed = z
	if !math.IsInf(s.Objective, 0) || s.Status != lp.Unbounded {
		rep.ObjectiveError = math.Abs(s.Objective-z) / math.Max(1, math.Abs(z))
		if !(rep.ObjectiveError <= tol.Objective) {
			rep.fail("reported objective %.12g but cᵀx + c₀ = %.12g (relative error %.3g > %g)",
				s.Objective, z, rep.ObjectiveError, tol.Objective)
			if math.IsNaN(rep.ObjectiveError) || math.IsInf(rep.ObjectiveError, 0) {
				rep.ObjectiveError = math.MaxFloat64
			}
		}
	}
	if m.IsMIP() && s.Status == lp.Optimal && s.BestBound != 0 && !math.IsInf(s.BestBound, 0) && !math.IsNaN(s.BestBound) {
		// A proven bound may not be better than the incumbent it bounds.
		over := s.BestBound - z
		if m.Sense == lp.Maximize {
			over = -over
		}
		if over/math.Max(1, math.Abs(z)) > tol.Objective {
			rep.fail("best bound %.12g cuts off the incumbent %.12g", s.BestBound, z)
		}
	}
}

// activeBound returns the bound a dual value of sign given by v selects for
// the variable or row with bounds [lo, hi] (see the lp package doc): in a
// minimisation a positive dual selects the lower bound and a negative one the
// upper bound; a maximisation reverses this. It returns ok=false when the
// selected bound is infinite.
func activeBound(v, lo, hi float64, sense lp.Sense) (b float64, ok bool) {
	lower := v > 0
	if sense == lp.Maximize {
		lower = !lower
	}
	if lower {
		return lo, !math.IsInf(lo, 0)
	}
	return hi, !math.IsInf(hi, 0)
}

func verifyDual(m *lp.Model, s *lp.Solution, rep *Report) {
	rep.DualChecked = true
	tol := rep.Tolerances
	y, d := s.RowDual, s.ReducedCost
	aty := m.Matrix().MulTransVec(y)
	cmax := 0.0
	for _, c := range m.Obj {
		cmax = math.Max(cmax, math.Abs(c))
	}
	worstRes := -1
	for j, c := range m.Obj {
		r := math.Abs(c - aty[j] - d[j])
		rep.DualResidual = math.Max(rep.DualResidual, r)
		if rel := r / (1 + math.Abs(c)); rel > rep.DualResidualRel {
			rep.DualResidualRel, worstRes = rel, j
		}
	}
	if rep.DualResidualRel > tol.Dual {
		j := worstRes
		rep.fail("column %d (%s): dual residual c − Aᵀy − d = %.3g, scaled %.3g > %g",
			j, m.Vars[j].Name, m.Obj[j]-aty[j]-d[j], rep.DualResidualRel, tol.Dual)
	}
	ax := m.Activities(s.X)
	primal := m.Objective(s.X)
	zscale := math.Max(1, math.Abs(primal))
	dual := m.ObjOffset
	signWorst, signWhat := 0.0, ""
	comp := 0.0
	// One pass over rows then columns; value is the activity (rows) or x (columns).
	check := func(kind string, idx int, name string, dv, value, lo, hi float64) {
		if dv == 0 {
			return
		}
		b, ok := activeBound(dv, lo, hi, m.Sense)
		if !ok {
			if v := math.Abs(dv) / (1 + cmax); v > signWorst {
				signWorst = v
				signWhat = fmt.Sprintf("%s %d (%s): dual %.3g says an infinite bound is active", kind, idx, name, dv)
			}
			dual += dv * value
			return
		}
		dual += dv * b
		comp = math.Max(comp, math.Abs(dv*(value-b))/zscale)
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		check("row", i, r.Name, y[i], ax[i], r.Lower, r.Upper)
	}
	for j, v := range m.Vars {
		check("column", j, v.Name, d[j], s.X[j], v.Lower, v.Upper)
	}
	rep.DualSignViolation = signWorst
	if signWorst > tol.Dual {
		rep.fail("%s (scaled %.3g > %g)", signWhat, signWorst, tol.Dual)
	}
	rep.Complementarity = comp
	if comp > tol.Objective {
		rep.fail("complementarity violation %.3g > %g", comp, tol.Objective)
	}
	rep.DualObjective = dual
	rep.DualityGap = math.Abs(primal-dual) / zscale
	if rep.DualityGap > tol.Objective {
		rep.fail("duality gap: primal %.12g, dual %.12g, relative %.3g > %g", primal, dual, rep.DualityGap, tol.Objective)
	}
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// weights returns, for each of a set of vectors (rows, or columns), the
// largest magnitude it holds, with those that hold none given the largest
// of the others (1 if all are empty): the scale against which a
// certificate's entry on it is judged (see the package doc, "Certificates").
func weights(w []float64) []float64 {
	top := maxAbs(w)
	if top == 0 {
		top = 1
	}
	for k, v := range w {
		if v == 0 {
			w[k] = top
		}
	}
	return w
}

// normalise returns v divided by max_k |v_k|·w_k, and that maximum.
func normalise(v, w []float64) ([]float64, float64) {
	top := 0.0
	for k, x := range v {
		top = math.Max(top, math.Abs(x)*w[k])
	}
	if top == 0 {
		return nil, 0
	}
	out := make([]float64, len(v))
	for k, x := range v {
		out[k] = x / top
	}
	return out, top
}

func verifyFarkas(m *lp.Model, fy []float64, rep *Report) {
	rep.FarkasChecked = true
	margin, rel, err := lp.FarkasMargin(m, fy)
	if err != nil {
		rep.fail("%v", err)
		return
	}
	rep.FarkasMargin, rep.FarkasMarginRel = margin, rel
	if !(rel > rep.Tolerances.Primal) {
		rep.fail("Farkas certificate does not prove infeasibility: min yᵀr − max (Aᵀy)ᵀx = %.6g is not above %g of the magnitudes of its terms (it is %.3g of them)", margin, rep.Tolerances.Primal, rel)
	}
}

func verifyRay(m *lp.Model, ray []float64, rep *Report) {
	rep.RayChecked = true
	// κⱼ = max(|cⱼ|, maxᵢ |aᵢⱼ|); the ray is scaled so that max |rⱼ|·κⱼ = 1.
	kappa := make([]float64, len(m.Vars))
	for j, c := range m.Obj {
		kappa[j] = math.Abs(c)
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, j := range r.Ind {
			kappa[j] = math.Max(kappa[j], math.Abs(r.Val[k]))
		}
	}
	r, _ := normalise(ray, weights(kappa))
	if r == nil {
		rep.fail("unbounded ray is zero")
		return
	}
	imp := -m.Objective(r) + m.ObjOffset
	if m.Sense == lp.Maximize {
		imp = -imp
	}
	rep.RayImprovement = imp
	// Relative to Σⱼ |cⱼ rⱼ|, the improvement without cancellation.
	cr := 0.0
	for j, c := range m.Obj {
		cr += math.Abs(c * r[j])
	}
	if cr > 0 {
		rep.RayImprovementRel = imp / cr
	}
	if !(rep.RayImprovementRel > rep.Tolerances.Dual) {
		rep.fail("ray does not improve the objective: improvement %.3g, %.3g of its terms' magnitude", imp, rep.RayImprovementRel)
	}
	// Violations of the recession cone, each relative to what the ray could
	// reach there: |rⱼ|·κⱼ for a column, Σⱼ |aᵢⱼ|/κⱼ for a row.
	cone := func(v, lo, hi float64) float64 {
		w := 0.0
		if !math.IsInf(lo, 0) && v < 0 {
			w = -v
		}
		if !math.IsInf(hi, 0) && v > 0 {
			w = v
		}
		return w
	}
	worst, what := 0.0, ""
	for j, v := range m.Vars {
		if w := cone(r[j], v.Lower, v.Upper) * kappa[j]; w > worst {
			worst, what = w, "column "+v.Name
		}
	}
	ar := m.Activities(r)
	for i := range m.Rows {
		row := &m.Rows[i]
		reach := 0.0
		for k, j := range row.Ind {
			reach += math.Abs(row.Val[k]) / kappa[j]
		}
		if w := cone(ar[i], row.Lower, row.Upper); w > 0 && w/reach > worst {
			worst, what = w/reach, "row "+row.Name
		}
	}
	rep.RayViolation = worst
	if worst > rep.Tolerances.Primal {
		rep.fail("ray leaves the recession cone of %s by %.3g of what it reaches there", what, worst)
	}
}
