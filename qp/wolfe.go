package qp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/fault"
	"gonum.org/v1/gonum/mat"
)

// WolfeOptions control SolveWolfe.
type WolfeOptions struct {
	MaxPivots int // 0 means 50·(rows + columns)
}

// ErrWolfeStalled is returned when no column may enter under the
// restricted-entry rule while an artificial variable is still positive.
var ErrWolfeStalled = fault.New(fault.ErrSolver, "qp: Wolfe's method stalled: no admissible entering column")

// MaxWolfeTableau bounds the entries of Wolfe's dense tableau (8 bytes
// each: 400 MB); see WolfeTableauEntries.
const MaxWolfeTableau = 5e7

// WolfeTableauEntries returns the entries of the dense tableau SolveWolfe
// builds for a problem with n variables, mg inequality rows and me
// equality rows, so that a caller can refuse a problem before building it.
func WolfeTableauEntries(n, mg, me int) float64 {
	rows, cols := wolfeShape(n, mg, me)
	return float64(rows) * float64(cols+1)
}

// wolfeShape returns the rows and columns of Wolfe's tableau (see the
// column layout in SolveWolfe).
func wolfeShape(n, mg, me int) (rows, cols int) {
	return n + mg + me + 1, 4*n + 3*mg + 3*me + 2
}

// Tolerances of the tableau simplex, each relative to the scale of what it
// tests so that the method does not depend on units (package doc, "Wolfe's
// method", gives the reasons for the values).
const (
	// An entry may be a pivot only if it exceeds pivotRel times the largest
	// entry of its column in the current tableau and pivotFloor times the
	// largest entry of the column as first written. Smaller entries are
	// cancellation between nearly dependent columns; pivoting on one would
	// multiply the rounding by its inverse.
	pivotRel   = 1e-7
	pivotFloor = 1e-10
	// A reduced cost d counts as negative when it is below
	// −(costRel·Σ_i |w_B(i)·a_ic| + costFloor·max_i |a_ic|): beyond the
	// rounding of the sum that computes it and the noise of the entries.
	costRel   = 1e-12
	costFloor = 1e-14
	// Phases 1 and 2 succeed when every artificial variable left is at most
	// residualRel times its scale (primal ones 1 + ‖h, e‖∞, the z of the
	// stationarity rows 1 + ‖c‖∞); they are then pinned at zero, which
	// moves the scaled KKT residuals by about residualRel, a hundredth of
	// KKTTol.
	residualRel = 1e-8
	// tieTol is the relative difference below which two ratios of the
	// ratio test, or two entries of the lexicographic rule, count as equal.
	tieTol = 1e-12
)

// tableau is a dense simplex tableau  B⁻¹[A | b]  for  min wᵀv, A v = b, v ≥ 0.
type tableau struct {
	m, n  int
	a     []float64 // m × (n+1), last column is the right-hand side
	basis []int     // basic column of each row
	where []int     // row of each basic column, −1 if nonbasic
	cost  []float64 // phase objective
	// colMax[c] is the largest |entry| of column c as first written (the
	// reference of pivotFloor); scale[c] is the value scale of column c
	// (the reference of residualRel).
	colMax, scale []float64
	// orig is the tableau as first written, its right-hand side moved by
	// every value setZero made exact; refactor recomputes the tableau from
	// it.
	orig []float64
	// fixed[c] marks the columns that must stay at zero (pinned artificial
	// variables).
	fixed []bool
	// pivots counts the pivots, since those after the last refactor.
	pivots, since int
	// lexRef is the basis B₀ of the lexicographic rule (see ratioTest).
	lexRef []int
	work   []float64 // 2n scratch values for reducedCosts
}

// refactorEvery is how many pivots run between two refactorisations of the
// tableau: max(refactorEvery, m) pivots cost about as much as one. A basis
// whose condition number exceeds maxCond counts as singular to working
// precision, and refactor keeps the tableau it has.
const (
	refactorEvery = 50
	maxCond       = 1e15
)

func (t *tableau) at(i, j int) float64 { return t.a[i*(t.n+1)+j] }

func (t *tableau) pivot(r, c int) {
	w := t.n + 1
	row := t.a[r*w : (r+1)*w]
	piv := row[c]
	for j := range row {
		row[j] /= piv
	}
	for i := 0; i < t.m; i++ {
		if i == r {
			continue
		}
		f := t.a[i*w+c]
		if f == 0 {
			continue
		}
		ri := t.a[i*w : (i+1)*w]
		for j := range ri {
			ri[j] -= f * row[j]
		}
		ri[c] = 0
	}
	t.where[t.basis[r]] = -1
	t.basis[r] = c
	t.where[c] = r
	t.pivots++
	t.since++
	if t.since >= max(refactorEvery, t.m) {
		t.refactor()
	}
}

// refactor recomputes the tableau as B⁻¹[A | b] from the original system
// and the current basis B (LU with partial pivoting), so that the rounding
// of many pivots through nearly singular bases does not accumulate. It
// keeps the tableau when B is singular to working precision.
func (t *tableau) refactor() {
	t.since = 0
	w := t.n + 1
	b := mat.NewDense(t.m, t.m, nil)
	for r := 0; r < t.m; r++ {
		for i, k := range t.basis {
			b.Set(r, i, t.orig[r*w+k])
		}
	}
	var lu mat.LU
	lu.Factorize(b)
	if c := lu.Cond(); math.IsInf(c, 1) || c > maxCond {
		return
	}
	x := mat.NewDense(t.m, w, nil)
	if err := lu.SolveTo(x, false, mat.NewDense(t.m, w, t.orig)); err != nil {
		return
	}
	copy(t.a, x.RawMatrix().Data)
	for i, k := range t.basis {
		for r := 0; r < t.m; r++ {
			t.a[r*w+k] = 0
		}
		t.a[i*w+k] = 1
		if t.fixed[k] {
			t.a[i*w+t.n] = 0 // rounding of an exact zero
		}
	}
}

// setZero makes the value of the basic variable of row i exactly zero
// (callers make sure it is zero to a tolerance). The original right-hand
// side moves by the value times the variable's original column, so the
// tableau keeps describing the system refactor starts from.
func (t *tableau) setZero(i int) {
	w := t.n + 1
	v := t.a[i*w+t.n]
	if v == 0 {
		return
	}
	k := t.basis[i]
	for r := 0; r < t.m; r++ {
		t.orig[r*w+t.n] -= v * t.orig[r*w+k]
	}
	t.a[i*w+t.n] = 0
}

// pivotTol is the smallest |entry| of column c that may serve as a pivot.
func (t *tableau) pivotTol(c int) float64 {
	m := 0.0
	for i := 0; i < t.m; i++ {
		m = math.Max(m, math.Abs(t.at(i, c)))
	}
	return math.Max(pivotRel*m, pivotFloor*t.colMax[c])
}

// pin marks the columns in which is holds as fixed at zero and sets the
// values of the basic ones to exactly zero (they were zero to residualRel,
// checked by the caller): the tableau then describes the system with a
// right-hand side moved by their values.
func (t *tableau) pin(is func(c int) bool) {
	for c := 0; c < t.n; c++ {
		if is(c) {
			t.fixed[c] = true
			if r := t.where[c]; r >= 0 {
				t.setZero(r)
			}
		}
	}
}

// ratioTest picks the row that leaves when column enter enters, among the
// rows [lo, hi). A pinned row (its basic variable fixed at zero) with an
// entry above the pivot tolerance, of either sign, leaves first: the step
// is zero and the fixed variable never returns. Otherwise the row is the
// lexicographic minimum of (rhs_i, L_i)/a_i over the rows with a_i above
// the tolerance, where L = B⁻¹B₀ for the basis B₀ at the last call of
// startLex: the smallest ratio, its ties (degenerate rows) broken by L.
// This is the simplex method on the right-hand side perturbed by
// B₀(ε, ε², …), under which no basic variable is ever zero, so no basis
// can repeat (Dantzig, Orden and Wolfe 1955). It returns leave = -1 when
// no row limits the step; pinned reports a pinned row.
func (t *tableau) ratioTest(enter, lo, hi int) (leave int, pinned bool) {
	tol := t.pivotTol(enter)
	ratio := math.Inf(1)
	for i := lo; i < hi; i++ {
		v := t.at(i, enter)
		if t.fixed[t.basis[i]] && math.Abs(v) > tol {
			return i, true
		}
		if v > tol {
			ratio = math.Min(ratio, math.Max(t.at(i, t.n), 0)/v)
		}
	}
	leave = -1
	for i := lo; i < hi; i++ {
		v := t.at(i, enter)
		if v <= tol || math.Max(t.at(i, t.n), 0)/v > ratio+tieTol*(1+ratio) {
			continue
		}
		if leave < 0 || t.lexLess(i, leave, enter) {
			leave = i
		}
	}
	return leave, false
}

// startLex makes the current basis the reference B₀ of the lexicographic
// rule (L = I, every row lexicographically positive).
func (t *tableau) startLex() { t.lexRef = slices.Clone(t.basis) }

// lexLess reports whether row i comes before row k in the lexicographic
// rule for entering column c: L_i/a_ic < L_k/a_kc, where column q of
// L = B⁻¹B₀ is the tableau column of lexRef[q].
func (t *tableau) lexLess(i, k, c int) bool {
	ai, ak := t.at(i, c), t.at(k, c)
	for _, q := range t.lexRef {
		x, y := t.at(i, q)/ai, t.at(k, q)/ak
		if math.Abs(x-y) > tieTol*math.Max(1, math.Max(math.Abs(x), math.Abs(y))) {
			return x < y
		}
	}
	return t.basis[i] < t.basis[k]
}

// reducedCosts sets d[c] to the reduced cost w_c − w_Bᵀ B⁻¹A_c of every
// column and neg[c] to whether it is negative beyond the rounding of the
// sum that computes it and the noise of the column's entries,
// d < −(costRel·Σ_i |w_B(i)·a_ic| + costFloor·max_i |a_ic|); one pass over
// the rows of the tableau.
func (t *tableau) reducedCosts(d []float64, neg []bool) {
	size, big := t.work[:t.n], t.work[t.n:2*t.n]
	for c := range d {
		d[c], size[c], big[c] = t.cost[c], math.Abs(t.cost[c]), 0
	}
	for i := 0; i < t.m; i++ {
		row := t.a[i*(t.n+1) : i*(t.n+1)+t.n]
		wb := t.cost[t.basis[i]]
		for c, v := range row {
			if v == 0 {
				continue
			}
			if a := math.Abs(v); a > big[c] {
				big[c] = a
			}
			if wb != 0 {
				d[c] -= wb * v
				size[c] += math.Abs(wb * v)
			}
		}
	}
	for c := range d {
		neg[c] = d[c] < -(costRel*size[c] + costFloor*big[c])
	}
}

// phase says how run pivots.
type phase struct {
	// admissible reports whether column c may enter at all.
	admissible func(c int) bool
	// comp[c] is the complement of column c (−1 if none), nil for no
	// restricted entry (see run).
	comp []int
	// rows [lo, hi) take part in the ratio test; the basic variables of
	// the other rows may take any sign.
	lo, hi int
	// done, if set, ends the phase early.
	done func() bool
}

// errNoPivot is returned by run when the only improving columns have no
// entry that may serve as a pivot: a ray of the phase objective, or
// improvement too small to be told from rounding.
var errNoPivot = errors.New("no pivot row for an improving column")

// run performs simplex pivots minimising t.cost until no admissible column
// improves it.
//
// The entering column is the improving admissible one of most negative
// reduced cost (Dantzig's rule). Under restricted entry a column may enter
// while its complement is nonbasic, or while the complement is basic and
// the ratio test picks the complement's row, so that it leaves in the same
// pivot: at a degenerate vertex, where the complement is basic at zero,
// this is the pivot that lets η_j in as x_j leaves without moving the
// point. Either way the basis stays complementary. Leaving rows follow the
// lexicographic rule of ratioTest, which excludes cycling whatever the
// entering rule; each pivot on a pinned row restarts it (there are at most
// as many of those as pinned variables, which never return). An improving
// column with no admissible pivot row is passed over for the next one.
func (t *tableau) run(ctx context.Context, ph phase, maxPivots int) error {
	t.startLex()
	skip := make([]bool, t.n)
	d, neg := make([]float64, t.n), make([]bool, t.n)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if ph.done != nil && ph.done() {
			return nil
		}
		if t.pivots >= maxPivots {
			return fmt.Errorf("pivot limit %d reached", maxPivots)
		}
		enter, leave, pinned, best := -1, -1, false, 0.0
		skipped := false
		t.reducedCosts(d, neg)
		for c := 0; c < t.n; c++ {
			if t.where[c] >= 0 || !ph.admissible(c) {
				continue
			}
			if skip[c] {
				skipped = true
				continue
			}
			if !neg[c] || (enter >= 0 && d[c] >= best) {
				continue
			}
			row, pin := -1, false
			if ph.comp != nil {
				if k := ph.comp[c]; k >= 0 && t.where[k] >= 0 {
					if row, pin = t.ratioTest(c, ph.lo, ph.hi); row != t.where[k] {
						continue
					}
				}
			}
			enter, leave, pinned, best = c, row, pin, d[c]
		}
		if enter < 0 {
			if skipped {
				return errNoPivot
			}
			return nil
		}
		if leave < 0 {
			if leave, pinned = t.ratioTest(enter, ph.lo, ph.hi); leave < 0 {
				skip[enter] = true
				continue
			}
		}
		t.pivot(leave, enter)
		if pinned {
			t.startLex()
		}
		clear(skip)
	}
}

// value returns the value of column c in the current basic solution.
func (t *tableau) value(c int) float64 {
	if r := t.where[c]; r >= 0 {
		return t.at(r, t.n)
	}
	return 0
}

// SolveWolfe solves a concave p by Wolfe's method in its long form (spec
// A.7; P. Wolfe, Econometrica 27, 1959), which is needed because −Q is only
// semidefinite here. On the system
//
//	−Q̃x + Gᵀμ + Eᵀ(γ⁺ − γ⁻) − η − λc + z⁺ − z⁻ = 0
//	 G x + s + a_G = h,   E x + a_E = e,   λ + λ̄ = 1,   all variables ≥ 0,
//
// where Q̃ is Q without the eigenvalues that the concavity check counts as
// zero, it runs three simplex phases on one dense tableau:
//
//  1. min Σa over x and s: a vertex of the feasible set;
//  2. min Σ(z⁺ + z⁻) with λ = 0 and restricted entry: a KKT point of the
//     problem with linear term 0;
//  3. min −λ with restricted entry and z and a pinned at zero: the KKT
//     points follow the linear term λc until λ = 1, the KKT point of p.
//
// Restricted entry keeps x_j and η_j, and s_i and μ_i, from being basic
// together, so every basis visited is complementary; the package
// documentation ("Wolfe's method") gives the rule for the degenerate case
// and why phases 2 and 3 cannot end early. Wolfe's method refuses a
// non-concave Q. The answer is checked against the KKT conditions of p
// itself (with Q, not Q̃).
func (p *Problem) SolveWolfe(ctx context.Context, opt WolfeOptions) (*Solution, error) {
	if err := p.RequireConcave(); err != nil {
		return nil, fmt.Errorf("wolfe: %w", err)
	}
	n, mg, me := len(p.C), len(p.G), len(p.E)
	// Column layout.
	cx := 0
	cmu := cx + n
	cgp := cmu + mg
	cgm := cgp + me
	ceta := cgm + me
	cs := ceta + n
	clam := cs + mg
	cbar := clam + 1
	czp := cbar + 1
	czm := czp + n
	ca := czm + n // one per G and E row
	ncol := ca + mg + me
	nrow := n + mg + me + 1
	if r, c := wolfeShape(n, mg, me); r != nrow || c != ncol {
		panic(fmt.Sprintf("qp: wolfeShape %d×%d disagrees with the layout %d×%d", r, c, nrow, ncol))
	}
	if e := WolfeTableauEntries(n, mg, me); e > MaxWolfeTableau {
		return nil, fmt.Errorf("%w: Wolfe's dense tableau would have %d×%d entries, limit %g", ErrTooLarge, nrow, ncol+1, MaxWolfeTableau)
	}
	t := &tableau{m: nrow, n: ncol, a: make([]float64, nrow*(ncol+1)), basis: make([]int, nrow),
		where: make([]int, ncol), cost: make([]float64, ncol), colMax: make([]float64, ncol), scale: make([]float64, ncol), fixed: make([]bool, ncol), work: make([]float64, 2*ncol)}
	w := ncol + 1
	set := func(i, j int, v float64) { t.a[i*w+j] += v }
	// −Q̃ = −Σ_k λ_k v_k v_kᵀ over the block's eigenvalues λ_k that are not
	// zero to eigTol; p is concave, so they are all negative and −Q̃ is
	// positive semidefinite up to rounding, as Wolfe's method requires.
	for bi := range p.Blocks {
		b := &p.Blocks[bi]
		e, err := b.eigen()
		if err != nil {
			return nil, fmt.Errorf("qp: Wolfe's method: Hessian block %d: %v", bi, err)
		}
		for a, ja := range b.Vars {
			for c, jc := range b.Vars {
				v := 0.0
				for k, l := range e.Values {
					v += l * e.Vectors.At(a, k) * e.Vectors.At(c, k)
				}
				set(ja, cx+jc, -v)
			}
		}
	}
	for j := 0; j < n; j++ {
		set(j, ceta+j, -1)
		set(j, clam, -p.C[j])
		set(j, czp+j, 1)
		set(j, czm+j, -1)
	}
	addRow := func(row int, r *Row, multCols ...int) {
		sign := 1.0
		if r.RHS < 0 {
			sign = -1
		}
		for q, j := range r.Ind {
			set(row, cx+j, sign*r.Val[q])
			for k, mc := range multCols {
				set(j, mc, r.Val[q]*float64(1-2*k))
			}
		}
		set(row, ncol, sign*r.RHS)
		set(row, ca+row-n, 1)
	}
	for i := range p.G {
		addRow(n+i, &p.G[i], cmu+i)
		sign := 1.0
		if p.G[i].RHS < 0 {
			sign = -1
		}
		set(n+i, cs+i, sign)
	}
	for i := range p.E {
		addRow(n+mg+i, &p.E[i], cgp+i, cgm+i)
	}
	lrow := n + mg + me
	set(lrow, clam, 1)
	set(lrow, cbar, 1)
	set(lrow, ncol, 1)
	t.orig = slices.Clone(t.a)
	for i := 0; i < nrow; i++ {
		for c := 0; c < ncol; c++ {
			t.colMax[c] = math.Max(t.colMax[c], math.Abs(t.at(i, c)))
		}
	}
	// Value scales: primal values (x, s, a) against 1 + ‖h, e‖∞, the
	// multipliers and z against 1 + ‖c‖∞ (they balance c at λ = 1).
	scaleH, scaleC := 1.0, 1.0
	for _, c := range p.C {
		scaleC = math.Max(scaleC, 1+math.Abs(c))
	}
	for i := n; i < lrow; i++ {
		scaleH = math.Max(scaleH, 1+math.Abs(t.at(i, ncol)))
	}
	for c := range t.scale {
		switch {
		case c < cs && c >= cmu:
			t.scale[c] = scaleC // μ, γ, η
		case c >= czp && c < ca:
			t.scale[c] = scaleC // z
		case c == clam || c == cbar:
			t.scale[c] = 1
		default:
			t.scale[c] = scaleH // x, s, a
		}
	}
	for k := range t.where {
		t.where[k] = -1
	}
	// Starting basis: z⁺ (all stationarity right-hand sides are 0), the
	// row artificials, and λ̄.
	for j := 0; j < n; j++ {
		t.basis[j], t.where[czp+j] = czp+j, j
	}
	for i := 0; i < mg+me; i++ {
		t.basis[n+i], t.where[ca+i] = ca+i, n+i
	}
	t.basis[lrow], t.where[cbar] = cbar, lrow
	comp := make([]int, ncol)
	for k := range comp {
		comp[k] = -1
	}
	for j := 0; j < n; j++ {
		comp[cx+j], comp[ceta+j] = ceta+j, cx+j
	}
	for i := 0; i < mg; i++ {
		comp[cs+i], comp[cmu+i] = cmu+i, cs+i
	}
	isZ := func(c int) bool { return c >= czp && c < ca }
	isA := func(c int) bool { return c >= ca }
	maxPivots := opt.MaxPivots
	if maxPivots <= 0 {
		maxPivots = 50 * (nrow + ncol)
	}
	// worst returns the largest value among the columns in which is holds,
	// relative to their scale.
	worst := func(is func(c int) bool) float64 {
		m := 0.0
		for c := 0; c < ncol; c++ {
			if is(c) {
				m = math.Max(m, t.value(c)/t.scale[c])
			}
		}
		return m
	}
	// Phase 1: feasibility over x and s. The stationarity rows do not
	// restrict x here: they are left out of the ratio test and re-based
	// afterwards (their z may change sign).
	for c := ca; c < ncol; c++ {
		t.cost[c] = 1
	}
	phase1 := func(c int) bool { return (c >= cx && c < cx+n) || (c >= cs && c < cs+mg) }
	if err := t.run(ctx, phase{admissible: phase1, lo: n, hi: lrow}, maxPivots); err != nil {
		return nil, fmt.Errorf("qp: Wolfe's method, phase 1: %w", err)
	}
	t.refactor()
	if r := worst(isA); r > residualRel {
		return nil, fmt.Errorf("qp: Wolfe's method: the constraints are infeasible (phase-1 artificial %.3g relative)", r)
	}
	// Drive artificials at zero out of the basis where a row allows it.
	for i := n; i < lrow; i++ {
		if !isA(t.basis[i]) {
			continue
		}
		for c := 0; c < ca; c++ {
			if phase1(c) && t.where[c] < 0 && math.Abs(t.at(i, c)) > t.pivotTol(c) {
				t.setZero(i)
				t.pivot(i, c)
				break
			}
		}
	}
	t.pin(isA)
	// Re-base the stationarity rows: a negative right-hand side swaps z⁺ for z⁻.
	for j := 0; j < n; j++ {
		if t.at(j, ncol) < 0 {
			t.pivot(j, czm+j)
		}
	}
	// Phase 2: λ = 0, minimise Σz with restricted entry.
	clear(t.cost)
	for c := czp; c < ca; c++ {
		t.cost[c] = 1
	}
	if err := t.run(ctx, phase{admissible: func(c int) bool { return c < clam }, comp: comp, lo: 0, hi: nrow}, maxPivots); err != nil {
		if errors.Is(err, errNoPivot) {
			return nil, fmt.Errorf("%w in phase 2: %v", ErrWolfeStalled, err)
		}
		return nil, fmt.Errorf("qp: Wolfe's method, phase 2: %w", err)
	}
	t.refactor()
	if r := worst(isZ); r > residualRel {
		return nil, fmt.Errorf("%w in phase 2 (largest artificial %.3g relative)", ErrWolfeStalled, r)
	}
	// Phase 3: raise λ to 1 by complementary pivoting, z and a pinned at
	// zero. λ enters first; after each pivot the complement of the leaving
	// variable enters (the other half of γ when half of γ leaves), until λ̄
	// leaves (λ = 1).
	t.pin(isZ)
	restricted := func(c int) bool { k := comp[c]; return k < 0 || t.where[k] < 0 }
	// Pivot z variables (now at zero) out of the basis where an admissible
	// column allows it (degenerate pivots, the point does not move).
	for i := 0; i < n; i++ {
		if !isZ(t.basis[i]) {
			continue
		}
		for c := 0; c < czp; c++ {
			if c != clam && t.where[c] < 0 && restricted(c) && math.Abs(t.at(i, c)) > t.pivotTol(c) {
				t.pivot(i, c)
				break
			}
		}
	}
	clear(t.cost)
	t.cost[clam] = -1
	partner := func(c int) int {
		switch {
		case comp[c] >= 0:
			return comp[c]
		case c >= cgp && c < cgm:
			return c + me
		case c >= cgm && c < ceta:
			return c - me
		}
		return -1
	}
	enter := clam
	d, neg := make([]float64, ncol), make([]bool, ncol)
	t.startLex()
	for t.where[cbar] >= 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if t.pivots >= maxPivots {
			return nil, fmt.Errorf("qp: Wolfe's method, phase 3: pivot limit %d reached", maxPivots)
		}
		leave, pin := t.ratioTest(enter, 0, nrow)
		if leave < 0 {
			return nil, fmt.Errorf("qp: Wolfe's method, phase 3: the objective is unbounded")
		}
		out := t.basis[leave]
		t.pivot(leave, enter)
		if pin {
			t.startLex()
		}
		if out == cbar {
			break
		}
		if out == clam {
			return nil, fmt.Errorf("%w in phase 3: λ returned to 0", ErrWolfeStalled)
		}
		if next := partner(out); next >= 0 {
			enter = next
			continue
		}
		// An artificial left at zero: continue with the best admissible column.
		enter = -1
		t.reducedCosts(d, neg)
		for c := 0; c < czp; c++ {
			if t.where[c] < 0 && restricted(c) && neg[c] && (enter < 0 || d[c] < d[enter]) {
				enter = c
			}
		}
		if enter < 0 {
			break
		}
	}
	t.refactor()
	if lam := t.value(clam); lam < 1-1e-9 {
		return nil, fmt.Errorf("%w in phase 3 at λ = %.6g", ErrWolfeStalled, lam)
	}
	s := &Solution{Method: "wolfe", Iterations: t.pivots,
		X: make([]float64, n), Mu: make([]float64, mg), Gamma: make([]float64, me), Eta: make([]float64, n)}
	for j := 0; j < n; j++ {
		s.X[j] = math.Max(t.value(cx+j), 0)
		s.Eta[j] = math.Max(t.value(ceta+j), 0)
	}
	for i := 0; i < mg; i++ {
		s.Mu[i] = math.Max(t.value(cmu+i), 0)
	}
	for i := 0; i < me; i++ {
		s.Gamma[i] = t.value(cgp+i) - t.value(cgm+i)
	}
	s.Stats.Wolfe = &WolfeStats{Pivots: t.pivots, TableauRows: nrow, TableauColumns: ncol}
	return s, p.finish(s)
}
