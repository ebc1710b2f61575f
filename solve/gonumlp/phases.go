package gonumlp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/mat"
	glp "gonum.org/v1/gonum/optimize/convex/lp"

	"github.com/streamopt/streamopt/lp"
)

// gonumZeroTol is the absolute threshold below which gonum's Simplex rounds a
// reduced cost to zero before its degenerate-step (Bland) rule picks an
// entering column (rRoundTol in gonum v0.17.0).
const gonumZeroTol = 1e-13

// phaseITol is how large, relative to 1 + ‖b‖∞ of the equilibrated system,
// the sum of the artificial columns may stay at the end of phase I for the
// problem still to count as feasible. Verify checks any point that results.
const phaseITol = 1e-9

// basisPivotTol is the relative pivot size below which a column is not taken
// into the phase II starting basis (it would make the basis near-singular).
const basisPivotTol = 1e-9

// WorkLimit bounds, per gonum call, the number of columns gonum's Simplex
// reads from the constraint matrix, in units of (rows + columns) of the
// system it is given. Every simplex iteration reads at least one column (its
// entering column); a degenerate step reads more. A call that exceeds the
// budget is stopped and Solve reports lp.IterationLimit, so that even without
// a deadline Solve always returns.
const WorkLimit = 200

// workLimit is WorkLimit, a variable so that a test can lower it.
var workLimit = WorkLimit

// stop is the value the watched matrix panics with to abandon a gonum call:
// it unwinds gonum's Simplex (which holds no locks and no state beyond its
// own frame) back to run, which recovers it. It never leaves this package.
type stop struct{ status lp.Status }

// watchdog counts the columns gonum reads and checks the context at each.
type watchdog struct {
	ctx    context.Context
	reads  int
	budget int
}

func (w *watchdog) tick() {
	w.reads++
	if w.reads > w.budget {
		panic(stop{lp.IterationLimit})
	}
	select {
	case <-w.ctx.Done():
		panic(stop{lp.TimeLimit})
	default:
	}
}

// watched is the matrix handed to gonum's Simplex. It deliberately does not
// implement mat.RawMatrixer, so gonum reads it through At: mat.Col reads a
// column top to bottom, and every read of row 0 (one per column gonum
// fetches, e.g. the entering column of each iteration) ticks the watchdog.
type watched struct {
	a *mat.Dense
	w *watchdog
}

func (m watched) Dims() (int, int) { return m.a.Dims() }
func (m watched) T() mat.Matrix    { return mat.Transpose{Matrix: m} }
func (m watched) At(i, j int) float64 {
	if i == 0 {
		m.w.tick()
	}
	return m.a.At(i, j)
}

// run calls gonum's Simplex on a watched copy of a. It returns the point,
// gonum's error, and a status other than NotSolved when the call was stopped
// by the watchdog (TimeLimit, IterationLimit) or panicked (NumericalError,
// with the panic in err).
func run(ctx context.Context, c []float64, a *mat.Dense, b []float64, tol float64, basis []int) (x []float64, st lp.Status, err error) {
	m, n := a.Dims()
	w := &watchdog{ctx: ctx, budget: workLimit * (m + n)}
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(stop); ok {
				x, st, err = nil, s.status, nil
				return
			}
			x, st, err = nil, lp.NumericalError, fmt.Errorf("gonum panicked: %v", r)
		}
	}()
	_, x, err = glp.Simplex(c, watched{a, w}, b, tol, basis)
	return x, lp.NotSolved, err
}

// costScale returns the power of two by which the objective is multiplied
// before gonum sees it, so that gonum's absolute zero threshold for reduced
// costs (1e-13) lands at a tenth of tolRel·‖c‖∞ and the optimality test at
// about 1e-12: reduced costs at the level of rounding noise are then zero to
// gonum instead of steering its degenerate-step rule (see the package doc).
func costScale(cmax, tolRel float64) float64 {
	return pow2(10 * gonumZeroTol / (tolRel * cmax))
}

// perturbRel is the size, relative to 1 + the largest starting value, of the
// random amount by which each phase's starting basic values are raised (see
// the package doc, "Phases"); perturbSeed makes the perturbation the same at
// every solve.
const (
	perturbRel  = 1e-9
	perturbSeed = 10
)

// twoPhase solves min cᵀs s.t. As = b, s ≥ 0 (A of full row rank, more
// columns than rows, no zero column) with two calls of gonum's Simplex,
// each from a basis given to it. See the package doc, "Phases".
func twoPhase(ctx context.Context, a *mat.Dense, b, c []float64, tolRel float64) (lp.Status, []float64, error) {
	m, n := a.Dims()
	a = mat.DenseCopyOf(a)
	b = append([]float64(nil), b...)
	for i := range b {
		if b[i] < 0 {
			b[i] = -b[i]
			for k := 0; k < n; k++ {
				a.Set(i, k, -a.At(i, k))
			}
		}
	}
	rng := rand.New(rand.NewPCG(perturbSeed, uint64(m)))
	// A column with one positive entry is basic in its row at b[i]/a[i][k] ≥ 0.
	start := make([]int, m)
	for i := range start {
		start[i] = -1
	}
	unit := make([]bool, n)
	for k := 0; k < n; k++ {
		row, cnt := -1, 0
		for i := 0; i < m; i++ {
			if a.At(i, k) != 0 {
				row, cnt = i, cnt+1
			}
		}
		if cnt == 1 && a.At(row, k) > 0 {
			unit[k] = true
			if start[row] < 0 {
				start[row] = k
			}
		}
	}
	var arts []int
	for i, k := range start {
		if k < 0 {
			arts = append(arts, i)
		}
	}
	basis := start
	if len(arts) > 0 {
		// Phase I: min Σ artificials over [A | I_arts], from the basis of
		// unit columns and artificials, with b raised along that basis.
		w := mat.NewDense(m, n+len(arts), nil)
		w.Slice(0, m, 0, n).(*mat.Dense).Copy(a)
		c1 := make([]float64, n+len(arts))
		s := costScale(1, tolRel)
		b1 := append([]int(nil), start...)
		for q, i := range arts {
			w.Set(i, n+q, 1)
			c1[n+q] = s
			b1[i] = n + q
		}
		xs := make([]float64, m)
		for i, k := range b1 {
			xs[i] = b[i] / w.At(i, k)
		}
		d := perturbation(rng, xs)
		bp := make([]float64, m)
		slack := 0.0 // the phase I optimum the perturbation alone can cause
		for i, k := range b1 {
			bp[i] = b[i] + w.At(i, k)*d[i]
			if k >= n {
				slack += d[i]
			}
		}
		x1, st, err := run(ctx, c1, w, bp, tolRel*s, b1)
		if st != lp.NotSolved {
			return st, nil, err
		}
		if err != nil {
			return lp.NumericalError, nil, fmt.Errorf("phase I: %w", err)
		}
		sum := 0.0
		for q := range arts {
			sum += x1[n+q]
		}
		if sum > phaseITol*(1+maxAbs(b))+slack {
			return lp.Infeasible, nil, nil
		}
		if basis = pickBasis(a, x1[:n], unit); basis == nil {
			return lp.NumericalError, nil, errors.New("phase I point does not extend to a basis of A")
		}
	}
	xb, err := basicValues(a, b, basis)
	if err != nil {
		return lp.NumericalError, nil, fmt.Errorf("phase II start: %w", err)
	}
	cmax := maxAbs(c)
	if cmax == 0 {
		// A feasibility problem: the starting point is optimal.
		return lp.Optimal, basicPoint(n, basis, xb), nil
	}
	// Phase II in the canonical form of the basis: A' = A_B⁻¹A, so that A'_B
	// is the identity and gonum's check of the starting point (components
	// ≥ −1e-13) sees the perturbed x_B itself.
	ap, err := canonical(a, basis)
	if err != nil {
		return lp.NumericalError, nil, fmt.Errorf("phase II start: %w", err)
	}
	d := perturbation(rng, xb)
	for p := range xb {
		xb[p] += d[p]
	}
	s := costScale(cmax, tolRel)
	cs := make([]float64, n)
	for k, v := range c {
		cs[k] = v * s
	}
	x, st, err := run(ctx, cs, ap, xb, tolRel*cmax*s, basis)
	switch {
	case st != lp.NotSolved:
		return st, nil, err
	case errors.Is(err, glp.ErrUnbounded):
		return lp.Unbounded, nil, nil
	case err != nil:
		return lp.NumericalError, nil, fmt.Errorf("phase II: %w", err)
	}
	// Remove the perturbation: the final basis (x's support, completed) with
	// the original right-hand side. Its reduced costs do not depend on b, so
	// the basic solution is optimal when it is feasible.
	final := pickBasis(a, x, unit)
	if final == nil {
		return lp.NumericalError, nil, errors.New("phase II point does not extend to a basis of A")
	}
	if xb, err = basicValues(a, b, final); err != nil {
		return lp.NumericalError, nil, fmt.Errorf("final basis: %w", err)
	}
	return lp.Optimal, basicPoint(n, final, xb), nil
}

// perturbation returns, for basic values xb, random amounts in
// [½, 1]·perturbRel·(1 + ‖xb‖∞).
func perturbation(rng *rand.Rand, xb []float64) []float64 {
	size := perturbRel * (1 + maxAbs(xb))
	d := make([]float64, len(xb))
	for i := range d {
		d[i] = size * (0.5 + 0.5*rng.Float64())
	}
	return d
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// basicValues solves A_B x_B = b and rounds components within
// phaseITol·(1 + ‖x_B‖∞) below zero up to zero; a more negative one means the
// basis is not feasible, an error.
func basicValues(a *mat.Dense, b []float64, basis []int) ([]float64, error) {
	m, _ := a.Dims()
	ab := mat.NewDense(m, m, nil)
	for p, k := range basis {
		for i := 0; i < m; i++ {
			ab.Set(i, p, a.At(i, k))
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(ab, mat.NewVecDense(m, b)); err != nil {
		var cond mat.Condition
		if !errors.As(err, &cond) {
			return nil, err
		}
	}
	xb := make([]float64, m)
	for p := range xb {
		xb[p] = x.AtVec(p)
	}
	lim := -phaseITol * (1 + maxAbs(xb))
	for p, v := range xb {
		if v < lim {
			return nil, fmt.Errorf("basic component %d is %g", p, v)
		}
		xb[p] = math.Max(v, 0)
	}
	return xb, nil
}

// canonical returns A_B⁻¹A with the basic columns set to exact unit vectors.
func canonical(a *mat.Dense, basis []int) (*mat.Dense, error) {
	m, _ := a.Dims()
	ab := mat.NewDense(m, m, nil)
	for p, k := range basis {
		for i := 0; i < m; i++ {
			ab.Set(i, p, a.At(i, k))
		}
	}
	var ap mat.Dense
	if err := ap.Solve(ab, a); err != nil {
		var cond mat.Condition
		if !errors.As(err, &cond) {
			return nil, err
		}
	}
	for p, k := range basis {
		for i := 0; i < m; i++ {
			ap.Set(i, k, 0)
		}
		ap.Set(p, k, 1)
	}
	return &ap, nil
}

func basicPoint(n int, basis []int, xb []float64) []float64 {
	x := make([]float64, n)
	for p, k := range basis {
		x[k] = xb[p]
	}
	return x
}

// pickBasis returns m linearly independent columns of a (m × n, full row
// rank) containing every column where x is positive, the rest chosen among
// the unit columns first, then any: Gaussian elimination with partial
// pivoting over the columns in that order. It returns nil when a column of
// x's support is dependent on the earlier ones.
func pickBasis(a *mat.Dense, x []float64, unit []bool) []int {
	m, n := a.Dims()
	order := make([]int, n)
	for k := range order {
		order[k] = k
	}
	class := func(k int) int {
		switch {
		case x[k] > 0:
			return 0
		case unit[k]:
			return 1
		}
		return 2
	}
	sort.SliceStable(order, func(p, q int) bool {
		cp, cq := class(order[p]), class(order[q])
		if cp != cq {
			return cp < cq
		}
		return cp == 0 && x[order[p]] > x[order[q]]
	})
	// w holds the columns in elimination order; rows are eliminated as pivots are taken.
	w := mat.DenseCopyOf(a)
	scale := 0.0
	for i := 0; i < m; i++ {
		for k := 0; k < n; k++ {
			scale = math.Max(scale, math.Abs(w.At(i, k)))
		}
	}
	used := make([]bool, m)
	var basis []int
	for _, k := range order {
		if len(basis) == m {
			break
		}
		p, best := -1, basisPivotTol*scale
		for i := 0; i < m; i++ {
			if !used[i] && math.Abs(w.At(i, k)) > best {
				p, best = i, math.Abs(w.At(i, k))
			}
		}
		if p < 0 {
			if class(k) == 0 {
				return nil
			}
			continue
		}
		used[p] = true
		basis = append(basis, k)
		piv := w.At(p, k)
		for i := 0; i < m; i++ {
			if used[i] || w.At(i, k) == 0 {
				continue
			}
			f := w.At(i, k) / piv
			for q := 0; q < n; q++ {
				w.Set(i, q, w.At(i, q)-f*w.At(p, q))
			}
		}
	}
	if len(basis) < m {
		return nil
	}
	return basis
}
