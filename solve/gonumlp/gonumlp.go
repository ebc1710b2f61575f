package gonumlp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"gonum.org/v1/gonum/mat"
	glp "gonum.org/v1/gonum/optimize/convex/lp"
)

// Name is the name the backend registers under.
const Name = "gonum"

// Size limits of the dense standard form (after bounds and ranges became
// rows and columns). The backend stores A densely and gonum's simplex
// refactorises a dense basis several times per iteration, so time grows
// roughly with iterations·m³; beyond these sizes use the sparse simplex
// backend. Solve refuses a larger model with ErrTooLarge.
//
// Measured on NETLIB (2 shared cores, go test ./solve/gonumlp -run
// TestNetlibReturns -v): every instance within the limits solves to its
// known optimum; afiro, sc50a, sc50b, kb2, adlittle, blend, share2b, sc105
// in under 0.2 s each, recipe, lotfi, share1b, stocfor1, beaconfd, bore3d,
// brandy, israel and forplan (183 × 511) in 0.3–1.7 s, boeing2 and e226
// (223 × 472) in 1.4–2.5 s. Raising the limits to 400 × 700 for a one-off
// run, vtpbase, sctap1, scorpion, scfxm1, bandm and stair (362 × 544) also
// solved, in 4–19 s each.
const (
	MaxRows = 250
	MaxCols = 600
)

// DefaultTol is the reduced-cost tolerance, relative to the largest |cⱼ| of
// the equilibrated standard form, used when Options.DualTol is zero: gonum
// stops when no reduced cost is below −DefaultTol·‖c‖∞.
const DefaultTol = 1e-9

// rankTol is the relative pivot size below which Gaussian elimination treats
// a row of the standard form as a combination of the previous ones.
const rankTol = 1e-9

// ErrTooLarge is wrapped by the error Solve returns for a model whose standard
// form exceeds MaxRows or MaxCols.
var ErrTooLarge = fault.New(fault.ErrInput, "gonum backend: model too large for the dense solver")

func init() { solve.Register(Name, func() solve.Backend { return New() }) }

// Backend adapts gonum's dense simplex to solve.Backend.
type Backend struct{}

// New returns the gonum backend.
func New() *Backend { return &Backend{} }

// Name returns "gonum".
func (*Backend) Name() string { return Name }

// Capabilities: continuous LPs only; gonum's Simplex gives no duals and no
// certificates. Models whose standard form exceeds MaxRows × MaxCols are
// refused (ErrTooLarge).
func (*Backend) Capabilities() solve.Capabilities { return solve.Capabilities{LP: true} }

// Solve converts m to standard form, solves it with gonum's Simplex and maps
// the answer back. See the package documentation for the conversion and
// the phases. gonum runs in the calling goroutine and is stopped from
// inside when ctx is done (status TimeLimit) or when it exceeds its work
// budget (WorkLimit, status IterationLimit), so Solve always returns and
// leaves nothing running.
func (b *Backend) Solve(ctx context.Context, m *lp.Model, opts solve.Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("gonum backend: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.IsMIP() {
		return nil, fmt.Errorf("gonum backend: %w MILP", solve.ErrCapability)
	}
	if opts.IterationLimit > 0 {
		return nil, fmt.Errorf("gonum backend: options.IterationLimit: %w: no iteration limit in gonum's simplex, got %d", solve.ErrCapability, opts.IterationLimit)
	}
	if opts.PrimalTol < 0 || math.IsNaN(opts.PrimalTol) {
		return nil, fmt.Errorf("gonum backend: options.PrimalTol: must be >= 0, got %g", opts.PrimalTol)
	}
	if !(opts.DualTol >= 0 && opts.DualTol < 1) {
		return nil, fmt.Errorf("gonum backend: options.DualTol: must be in [0, 1) (relative to the largest cost), got %g", opts.DualTol)
	}
	for k := range opts.Raw {
		return nil, fmt.Errorf("gonum backend: options.Raw[%q]: unknown option", k)
	}
	if err := ctx.Err(); err != nil {
		return &lp.Solution{Status: lp.TimeLimit}, nil
	}
	sf, early := toStandard(m)
	if early != lp.NotSolved {
		return &lp.Solution{Status: early}, nil
	}
	if r, c := len(sf.b), len(sf.c); r > MaxRows || c > MaxCols {
		return nil, fmt.Errorf("%w: standard form %d×%d exceeds %d×%d", ErrTooLarge, r, c, MaxRows, MaxCols)
	}
	tol := opts.DualTol
	if tol == 0 {
		tol = DefaultTol
	}
	// gonum runs in this goroutine; the watchdog stops it from inside (see
	// watched), so nothing is left running when Solve returns.
	st, x, err := sf.solve(ctx, tol)
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "gonum: standard form %d rows × %d columns: %s\n", len(sf.b), len(sf.c), st)
		if err != nil {
			fmt.Fprintf(opts.Log, "gonum: %v\n", err)
		}
	}
	sol := &lp.Solution{Status: st}
	switch st {
	case lp.Optimal:
		sol.X = sf.back(x)
		sol.Objective = m.Objective(sol.X)
		sol.RowActivity = m.Activities(sol.X)
	case lp.Unbounded:
		sol.Objective = math.Inf(-1)
		if m.Sense == lp.Maximize {
			sol.Objective = math.Inf(1)
		}
	}
	return sol, nil
}

// term is one standard-form column's share in an original column:
// x[j] = offset[j] + Σ coef·s[col].
type term struct {
	col  int
	coef float64
}

// standard is min cᵀs s.t. A s = b, s ≥ 0, with the map back to x.
type standard struct {
	c      []float64
	a      [][]float64 // dense rows
	b      []float64
	offset []float64 // per original column
	terms  [][]term  // per original column
	// unboundedIfFeasible: a column with no constraint entry and a negative cost.
	unboundedIfFeasible bool
}

// toStandard builds the standard form. It returns a status other than
// NotSolved when the model is decided without solving (contradictory bounds).
func toStandard(m *lp.Model) (*standard, lp.Status) {
	n := m.NumVars()
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	sf := &standard{offset: make([]float64, n), terms: make([][]term, n)}
	newCol := func(cost float64) int {
		sf.c = append(sf.c, cost)
		return len(sf.c) - 1
	}
	type bound struct {
		col int
		ub  float64
	}
	var ubs []bound
	for j, v := range m.Vars {
		c := sign * m.Obj[j]
		lo, hi := v.Lower, v.Upper
		switch {
		case lo > hi:
			return nil, lp.Infeasible
		case lo == hi:
			sf.offset[j] = lo
		case !math.IsInf(lo, -1):
			k := newCol(c)
			sf.offset[j] = lo
			sf.terms[j] = []term{{k, 1}}
			if !math.IsInf(hi, 1) {
				ubs = append(ubs, bound{k, hi - lo})
			}
		case !math.IsInf(hi, 1):
			k := newCol(-c)
			sf.offset[j] = hi
			sf.terms[j] = []term{{k, -1}}
		default:
			p, q := newCol(c), newCol(-c)
			sf.terms[j] = []term{{p, 1}, {q, -1}}
		}
	}
	// Rows as sparse maps first; slack columns are appended as needed.
	type srow struct {
		idx []int
		val []float64
		rhs float64
	}
	var rows []srow
	for i := range m.Rows {
		r := &m.Rows[i]
		lo, hi := r.Lower, r.Upper
		if lo > hi {
			return nil, lp.Infeasible
		}
		if r.Type() == lp.RowFree {
			continue
		}
		acc := map[int]float64{}
		konst := 0.0
		for k, j := range r.Ind {
			a := r.Val[k]
			konst += a * sf.offset[j]
			for _, t := range sf.terms[j] {
				acc[t.col] += a * t.coef
			}
		}
		idx := make([]int, 0, len(acc))
		for k, v := range acc {
			if v != 0 {
				idx = append(idx, k)
			}
		}
		sort.Ints(idx)
		val := make([]float64, len(idx))
		for p, k := range idx {
			val[p] = acc[k]
		}
		lo -= konst
		hi -= konst
		if len(idx) == 0 {
			// A constant row: 0 must lie in [lo, hi].
			if lo > feasTol(lo) || hi < -feasTol(hi) {
				return nil, lp.Infeasible
			}
			continue
		}
		switch r.Type() {
		case lp.RowEQ:
			rows = append(rows, srow{idx, val, lo})
		case lp.RowLE:
			s := newCol(0)
			rows = append(rows, srow{append(idx, s), append(val, 1), hi})
		case lp.RowGE:
			s := newCol(0)
			rows = append(rows, srow{append(idx, s), append(val, -1), lo})
		case lp.RowRange:
			s := newCol(0)
			rows = append(rows, srow{append(idx, s), append(val, -1), lo})
			ubs = append(ubs, bound{s, hi - lo})
		}
	}
	for _, u := range ubs {
		s := newCol(0)
		rows = append(rows, srow{[]int{u.col, s}, []float64{1, 1}, u.ub})
	}
	nc := len(sf.c)
	if len(rows) > MaxRows || nc > MaxCols {
		// Report the size without allocating the dense matrix.
		sf.b = make([]float64, len(rows))
		return sf, lp.NotSolved
	}
	sf.a = make([][]float64, len(rows))
	sf.b = make([]float64, len(rows))
	for i, r := range rows {
		sf.a[i] = make([]float64, nc)
		for p, k := range r.idx {
			sf.a[i][k] = r.val[p]
		}
		sf.b[i] = r.rhs
	}
	return sf, lp.NotSolved
}

// feasTol is the absolute slack allowed when a constant row is compared with its bound.
func feasTol(b float64) float64 { return solve.DefaultPrimalTol * (1 + math.Abs(b)) }

// reduce removes linearly dependent rows (reporting Infeasible when one is
// inconsistent) and columns with no entry (fixing them at zero, and noting
// when a negative cost makes the problem unbounded once feasible).
func (sf *standard) reduce() lp.Status {
	m := len(sf.a)
	n := len(sf.c)
	// Gaussian elimination with partial pivoting on a copy of [A | b].
	w := make([][]float64, m)
	scale := 0.0
	bscale := 0.0
	for i := range sf.a {
		w[i] = append(append([]float64(nil), sf.a[i]...), sf.b[i])
		for _, v := range sf.a[i] {
			scale = math.Max(scale, math.Abs(v))
		}
		bscale = math.Max(bscale, math.Abs(sf.b[i]))
	}
	alive := make([]bool, m)
	for i := range alive {
		alive[i] = true
	}
	var keep []int
	for col := 0; col < n && len(keep) < m; col++ {
		p, best := -1, rankTol*scale
		for i := 0; i < m; i++ {
			if alive[i] && math.Abs(w[i][col]) > best {
				p, best = i, math.Abs(w[i][col])
			}
		}
		if p < 0 {
			continue
		}
		alive[p] = false
		keep = append(keep, p)
		for i := 0; i < m; i++ {
			if alive[i] && w[i][col] != 0 {
				f := w[i][col] / w[p][col]
				for k := col; k <= n; k++ {
					w[i][k] -= f * w[p][k]
				}
			}
		}
	}
	for i := 0; i < m; i++ {
		if alive[i] && math.Abs(w[i][n]) > rankTol*(1+bscale) {
			return lp.Infeasible
		}
	}
	sort.Ints(keep)
	a := make([][]float64, len(keep))
	b := make([]float64, len(keep))
	for k, i := range keep {
		a[k], b[k] = sf.a[i], sf.b[i]
	}
	sf.a, sf.b = a, b
	// Zero columns.
	for k := 0; k < n; k++ {
		zero := true
		for i := range sf.a {
			if sf.a[i][k] != 0 {
				zero = false
				break
			}
		}
		if zero && sf.c[k] < 0 {
			sf.unboundedIfFeasible = true
		}
	}
	return lp.NotSolved
}

// solve runs gonum's Simplex on the reduced standard form and returns the
// status, the standard-form point, and what went wrong when the status is
// NumericalError.
func (sf *standard) solve(ctx context.Context, tolRel float64) (lp.Status, []float64, error) {
	if st := sf.reduce(); st != lp.NotSolved {
		return st, nil, nil
	}
	n := len(sf.c)
	// Columns with entries; gonum rejects all-zero columns.
	var cols []int
	for k := 0; k < n; k++ {
		for i := range sf.a {
			if sf.a[i][k] != 0 {
				cols = append(cols, k)
				break
			}
		}
	}
	s := make([]float64, n)
	m := len(sf.a)
	if m > 0 {
		a := mat.NewDense(m, len(cols), nil)
		c := make([]float64, len(cols))
		for q, k := range cols {
			c[q] = sf.c[k]
			for i := 0; i < m; i++ {
				a.Set(i, q, sf.a[i][k])
			}
		}
		b := append([]float64(nil), sf.b...)
		colScale := equilibrate(a, b, c)
		var x []float64
		if m == len(cols) {
			var err error
			if x, err = square(a, b); err != nil {
				if errors.Is(err, glp.ErrInfeasible) {
					return lp.Infeasible, nil, nil
				}
				return lp.NumericalError, nil, err
			}
		} else {
			st, xs, err := twoPhase(ctx, a, b, c, tolRel)
			if st != lp.Optimal {
				return st, nil, err
			}
			x = xs
		}
		for q, k := range cols {
			s[k] = x[q] * colScale[q]
		}
	}
	if sf.unboundedIfFeasible {
		return lp.Unbounded, nil, nil
	}
	return lp.Optimal, s, nil
}

// squareTol is how negative a component of the unique solution of a square
// system may be and still count as zero (gonum's own square case rejects
// any negative value, so rounding error would make it report Infeasible).
const squareTol = 1e-9

// square solves As = b, s ≥ 0 when A is square (and, after reduce, of full
// rank): the only candidate is A⁻¹b.
func square(a *mat.Dense, b []float64) ([]float64, error) {
	m, _ := a.Dims()
	var x mat.VecDense
	if err := x.SolveVec(a, mat.NewVecDense(m, b)); err != nil {
		return nil, glp.ErrSingular
	}
	out := make([]float64, m)
	bmax := 0.0
	for _, v := range b {
		bmax = math.Max(bmax, math.Abs(v))
	}
	for i := range out {
		v := x.AtVec(i)
		if v < -squareTol*(1+bmax) {
			return nil, glp.ErrInfeasible
		}
		out[i] = math.Max(v, 0)
	}
	return out, nil
}

// equilibrate scales A in place, rows then columns, so that the largest
// entry of each row and then of each column has magnitude 1 (rounded to a
// power of two, so no rounding error is introduced). Row scaling also scales
// b; column scaling substitutes s = σ·s' and scales c. It returns σ, with
// which the solution of the scaled problem maps back.
func equilibrate(a *mat.Dense, b, c []float64) []float64 {
	m, n := a.Dims()
	for i := 0; i < m; i++ {
		big := 0.0
		for k := 0; k < n; k++ {
			big = math.Max(big, math.Abs(a.At(i, k)))
		}
		if big == 0 {
			continue
		}
		f := pow2(1 / big)
		for k := 0; k < n; k++ {
			a.Set(i, k, a.At(i, k)*f)
		}
		b[i] *= f
	}
	sigma := make([]float64, n)
	for k := 0; k < n; k++ {
		big := 0.0
		for i := 0; i < m; i++ {
			big = math.Max(big, math.Abs(a.At(i, k)))
		}
		sigma[k] = 1
		if big == 0 {
			continue
		}
		sigma[k] = pow2(1 / big)
		for i := 0; i < m; i++ {
			a.Set(i, k, a.At(i, k)*sigma[k])
		}
		c[k] *= sigma[k]
	}
	return sigma
}

// pow2 rounds v > 0 to the nearest power of two.
func pow2(v float64) float64 { return math.Exp2(math.Round(math.Log2(v))) }

// back maps a standard-form point back to the model's columns.
func (sf *standard) back(s []float64) []float64 {
	x := make([]float64, len(sf.offset))
	for j := range x {
		v := sf.offset[j]
		for _, t := range sf.terms[j] {
			v += t.coef * s[t.col]
		}
		x[j] = v
	}
	return x
}

// StandardFormSize returns the number of rows and columns of the standard
// form Solve would build for m (before dependent rows are removed), so that
// a caller can tell in advance whether m is within MaxRows × MaxCols.
func StandardFormSize(m *lp.Model) (rows, cols int) {
	for _, v := range m.Vars {
		switch {
		case v.Lower >= v.Upper:
		case !math.IsInf(v.Lower, -1):
			cols++
			if !math.IsInf(v.Upper, 1) {
				rows++
				cols++
			}
		case !math.IsInf(v.Upper, 1):
			cols++
		default:
			cols += 2
		}
	}
	for i := range m.Rows {
		switch m.Rows[i].Type() {
		case lp.RowEQ:
			rows++
		case lp.RowLE, lp.RowGE:
			rows++
			cols++
		case lp.RowRange:
			rows += 2
			cols += 2
		}
	}
	return rows, cols
}
