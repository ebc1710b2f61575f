package lp

import (
	"fmt"
	"math"
	"sort"

	"github.com/streamopt/streamopt/fault"
)

// Inf is +∞, the value of an absent upper bound. Use -Inf for an absent lower bound.
var Inf = math.Inf(1)

// Sense is the direction of optimisation.
type Sense int

const (
	Minimize Sense = iota
	Maximize
)

func (s Sense) String() string {
	if s == Maximize {
		return "max"
	}
	return "min"
}

// RowType classifies a row by which of its bounds are finite.
type RowType int

const (
	RowFree  RowType = iota // −∞ < aᵀx < +∞
	RowLE                   // aᵀx ≤ hi
	RowGE                   // aᵀx ≥ lo
	RowEQ                   // aᵀx = lo = hi
	RowRange                // lo ≤ aᵀx ≤ hi, lo < hi, both finite
)

func (t RowType) String() string {
	return [...]string{"free", "<=", ">=", "=", "range"}[t]
}

// Var is a column of the model.
type Var struct {
	Name    string
	Lower   float64 // may be -Inf
	Upper   float64 // may be +Inf
	Integer bool
}

// Row is a linear constraint Lower ≤ Σ Val[k]·x[Ind[k]] ≤ Upper.
// Ind holds distinct column indices; Val the matching nonzero coefficients.
type Row struct {
	Name  string
	Ind   []int
	Val   []float64
	Lower float64 // may be -Inf
	Upper float64 // may be +Inf
}

// Type reports which bounds of the row are finite.
func (r *Row) Type() RowType {
	lo, hi := !math.IsInf(r.Lower, -1), !math.IsInf(r.Upper, 1)
	switch {
	case lo && hi && r.Lower == r.Upper:
		return RowEQ
	case lo && hi:
		return RowRange
	case lo:
		return RowGE
	case hi:
		return RowLE
	}
	return RowFree
}

// Term is one coefficient of a linear expression: Coef·x[Var].
type Term struct {
	Var  int
	Coef float64
}

// Model is an LP or MILP. The zero value is an empty minimisation.
// Build it with the Add methods, or fill the fields directly and call Validate.
type Model struct {
	Name      string
	Sense     Sense
	ObjName   string    // name of the objective row (MPS); "obj" if empty
	Obj       []float64 // objective coefficient of each column, len(Obj) == len(Vars)
	ObjOffset float64   // constant term c₀ of the objective
	Vars      []Var
	Rows      []Row
}

// New returns an empty model with the given name and sense.
func New(name string, sense Sense) *Model {
	return &Model{Name: name, Sense: sense}
}

// NumVars returns the number of columns.
func (m *Model) NumVars() int { return len(m.Vars) }

// NumRows returns the number of rows.
func (m *Model) NumRows() int { return len(m.Rows) }

// NumNonzeros returns the number of stored constraint coefficients.
func (m *Model) NumNonzeros() int {
	n := 0
	for i := range m.Rows {
		n += len(m.Rows[i].Ind)
	}
	return n
}

// IsMIP reports whether any column is integer.
func (m *Model) IsMIP() bool {
	for _, v := range m.Vars {
		if v.Integer {
			return true
		}
	}
	return false
}

// AddVar appends a continuous column with bounds [lo, hi] and objective
// coefficient obj, and returns its index.
func (m *Model) AddVar(name string, lo, hi, obj float64) int {
	m.Vars = append(m.Vars, Var{Name: name, Lower: lo, Upper: hi})
	m.Obj = append(m.Obj, obj)
	return len(m.Vars) - 1
}

// AddIntVar appends an integer column with bounds [lo, hi].
func (m *Model) AddIntVar(name string, lo, hi, obj float64) int {
	j := m.AddVar(name, lo, hi, obj)
	m.Vars[j].Integer = true
	return j
}

// AddBinary appends a 0/1 column.
func (m *Model) AddBinary(name string, obj float64) int {
	return m.AddIntVar(name, 0, 1, obj)
}

// AddRow appends the row lo ≤ Σ terms ≤ hi and returns its index. Terms on the
// same column are summed; zero coefficients are dropped.
func (m *Model) AddRow(name string, lo, hi float64, terms ...Term) int {
	acc := make(map[int]float64, len(terms))
	for _, t := range terms {
		acc[t.Var] += t.Coef
	}
	ind := make([]int, 0, len(acc))
	for j, v := range acc {
		if v != 0 {
			ind = append(ind, j)
		}
	}
	sort.Ints(ind)
	val := make([]float64, len(ind))
	for k, j := range ind {
		val[k] = acc[j]
	}
	m.Rows = append(m.Rows, Row{Name: name, Ind: ind, Val: val, Lower: lo, Upper: hi})
	return len(m.Rows) - 1
}

// AddLE appends Σ terms ≤ rhs.
func (m *Model) AddLE(name string, rhs float64, terms ...Term) int {
	return m.AddRow(name, math.Inf(-1), rhs, terms...)
}

// AddGE appends Σ terms ≥ rhs.
func (m *Model) AddGE(name string, rhs float64, terms ...Term) int {
	return m.AddRow(name, rhs, math.Inf(1), terms...)
}

// AddEQ appends Σ terms = rhs.
func (m *Model) AddEQ(name string, rhs float64, terms ...Term) int {
	return m.AddRow(name, rhs, rhs, terms...)
}

// SetObj sets the objective coefficient of column j.
func (m *Model) SetObj(j int, c float64) { m.Obj[j] = c }

// Clone returns a deep copy of m.
func (m *Model) Clone() *Model {
	c := *m
	c.Obj = append([]float64(nil), m.Obj...)
	c.Vars = append([]Var(nil), m.Vars...)
	c.Rows = make([]Row, len(m.Rows))
	for i, r := range m.Rows {
		r.Ind = append([]int(nil), r.Ind...)
		r.Val = append([]float64(nil), r.Val...)
		c.Rows[i] = r
	}
	return &c
}

// Objective evaluates cᵀx + c₀.
func (m *Model) Objective(x []float64) float64 {
	z := m.ObjOffset
	for j, c := range m.Obj {
		z += c * x[j]
	}
	return z
}

// Activities returns Ax.
func (m *Model) Activities(x []float64) []float64 {
	ax := make([]float64, len(m.Rows))
	m.ActivitiesInto(x, ax)
	return ax
}

// ActivitiesInto writes Ax into ax, which has a value per row, without
// allocating: each row summed in the order of its entries, as Activities
// sums it.
func (m *Model) ActivitiesInto(x, ax []float64) {
	for i := range m.Rows {
		r := &m.Rows[i]
		s := 0.0
		for k, j := range r.Ind {
			s += r.Val[k] * x[j]
		}
		ax[i] = s
	}
}

// ErrInvalid is wrapped by every error Validate returns.
var ErrInvalid = fault.New(fault.ErrInput, "invalid model")

// Validate checks that m is well formed: matching lengths, column indices in
// range and not repeated within a row, no NaN, no bound of +∞ as a lower bound
// or −∞ as an upper bound, and finite coefficients. A lower bound above its
// upper bound is well formed: it makes the model infeasible, which is for a
// solver to report.
func (m *Model) Validate() error {
	n := len(m.Vars)
	if len(m.Obj) != n {
		return fmt.Errorf("%w: %d objective coefficients for %d columns", ErrInvalid, len(m.Obj), n)
	}
	if math.IsNaN(m.ObjOffset) || math.IsInf(m.ObjOffset, 0) {
		return fmt.Errorf("%w: objective offset: must be finite, got %v", ErrInvalid, m.ObjOffset)
	}
	for j, v := range m.Vars {
		if err := CheckBounds(v.Lower, v.Upper); err != nil {
			return fmt.Errorf("%w: column %d (%s): %v", ErrInvalid, j, v.Name, err)
		}
		if c := m.Obj[j]; math.IsNaN(c) || math.IsInf(c, 0) {
			return fmt.Errorf("%w: column %d (%s): objective coefficient must be finite, got %v", ErrInvalid, j, v.Name, c)
		}
	}
	seen := make([]int, n)
	for i := range m.Rows {
		r := &m.Rows[i]
		if len(r.Ind) != len(r.Val) {
			return fmt.Errorf("%w: row %d (%s): %d indices but %d values", ErrInvalid, i, r.Name, len(r.Ind), len(r.Val))
		}
		if err := CheckBounds(r.Lower, r.Upper); err != nil {
			return fmt.Errorf("%w: row %d (%s): %v", ErrInvalid, i, r.Name, err)
		}
		for k, j := range r.Ind {
			if j < 0 || j >= n {
				return fmt.Errorf("%w: row %d (%s): column index %d out of range [0,%d)", ErrInvalid, i, r.Name, j, n)
			}
			if seen[j] == i+1 {
				return fmt.Errorf("%w: row %d (%s): column %d (%s) appears twice", ErrInvalid, i, r.Name, j, m.Vars[j].Name)
			}
			seen[j] = i + 1
			if v := r.Val[k]; math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: row %d (%s): coefficient of column %d (%s) must be finite, got %v", ErrInvalid, i, r.Name, j, m.Vars[j].Name, v)
			}
		}
	}
	return nil
}

// CheckBounds reports a bound pair that no model may hold: a NaN, a lower
// bound of +∞ or an upper bound of −∞. A lower bound above the upper bound is
// allowed (it makes the model infeasible).
func CheckBounds(lo, hi float64) error {
	switch {
	case math.IsNaN(lo) || math.IsNaN(hi):
		return fmt.Errorf("bounds [%v, %v]: NaN", lo, hi)
	case math.IsInf(lo, 1):
		return fmt.Errorf("lower bound +Inf")
	case math.IsInf(hi, -1):
		return fmt.Errorf("upper bound -Inf")
	}
	return nil
}

// Limits of the data a double-precision simplex can be trusted with
// (CheckRange, DefaultLimits).
//
// MaxMagnitude: in a sum aᵢⱼxⱼ + … with |aᵢⱼ| = 1e20 every contribution
// below 1e20·ε ≈ 2e4 is lost; CLP refuses matrix entries above 1e20 and
// aborts the process on an objective coefficient of 1e25 (solve/clp); many
// solvers read 1e20 as infinity.
//
// MaxSpread limits, row by row, the largest magnitude among a row's
// coefficients and finite bounds over its smallest nonzero coefficient. A
// small coefficient is a pivot and a coupling: in min −x s.t. 1e-25·x ≤ 1
// (spread 1e25; optimum −1e25 at x = 1e25) it makes the answer huge, and
// CLP and lp_solve report the model unbounded. A small cost, bound or
// right-hand side only moves the answer by about its own size, which the
// tolerances absorb, so it is not limited. The measure is taken on the data
// as given, not after scaling (that model scales to a spread of 1 by
// rescaling x and the objective, yet the backends fail on it). The largest
// row spread in NETLIB and MIPLIB is 1.9e8 (agg), far inside.
const (
	// MaxMagnitude is the largest finite |value| DefaultLimits accepts for a
	// matrix entry, an objective coefficient or a column or row bound.
	MaxMagnitude = 1e20
	// MaxSpread is the largest row spread DefaultLimits accepts: the
	// largest magnitude among a row's coefficients and finite bounds over
	// its smallest nonzero coefficient.
	MaxSpread = 1e20
)

// ErrRange is wrapped, together with ErrInvalid, by the errors of CheckRange.
var ErrRange = fault.New(fault.ErrInput, "data outside the range of a double-precision solver")

// Limits are the magnitudes CheckRange accepts, each inclusive; a zero field
// means no limit.
type Limits struct {
	Coef   float64 // largest |aᵢⱼ|
	Obj    float64 // largest |cⱼ|
	Bound  float64 // largest finite |bound| of a column or row (±Inf is never limited)
	Spread float64 // largest row spread (see MaxSpread)
}

// DefaultLimits returns MaxMagnitude for every magnitude and MaxSpread for the spread.
func DefaultLimits() Limits {
	return Limits{Coef: MaxMagnitude, Obj: MaxMagnitude, Bound: MaxMagnitude, Spread: MaxSpread}
}

// CheckRange reports the first value of m beyond lim: a matrix entry, an
// objective coefficient or a finite column or row bound larger in magnitude
// than its limit, or a row whose spread (the largest magnitude among its
// coefficients and finite bounds over its smallest nonzero coefficient) is
// above lim.Spread. Infinite bounds are never limited; the objective offset
// is not limited. The error wraps ErrInvalid and ErrRange and names the row
// or column, the entry and its value (for a spread, both extremes). m must
// be well formed (Validate). solve.Solve applies DefaultLimits before any
// backend runs.
func (m *Model) CheckRange(lim Limits) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %w: "+format, append([]any{ErrInvalid, ErrRange}, a...)...)
	}
	col := func(j int) string { return fmt.Sprintf("column %d (%s)", j, m.Vars[j].Name) }
	row := func(i int) string { return fmt.Sprintf("row %d (%s)", i, m.Rows[i].Name) }
	over := func(v, limit float64) bool { return limit > 0 && !math.IsInf(v, 0) && math.Abs(v) > limit }
	for j, v := range m.Vars {
		if c := m.Obj[j]; over(c, lim.Obj) {
			return bad("%s: objective coefficient %g: |c| must be ≤ %g", col(j), c, lim.Obj)
		}
		if over(v.Lower, lim.Bound) {
			return bad("%s: lower bound %g: a finite bound must lie within ±%g (use -Inf for none)", col(j), v.Lower, lim.Bound)
		}
		if over(v.Upper, lim.Bound) {
			return bad("%s: upper bound %g: a finite bound must lie within ±%g (use +Inf for none)", col(j), v.Upper, lim.Bound)
		}
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		// The row's largest value (coefficient k, or a bound: k = -1 lower,
		// -2 upper) and smallest nonzero coefficient.
		big, small := -3, -1
		value := func(k int) float64 {
			switch k {
			case -1:
				return r.Lower
			case -2:
				return r.Upper
			}
			return r.Val[k]
		}
		for k, a := range r.Val {
			if over(a, lim.Coef) {
				return bad("%s: coefficient %g of %s: |a| must be ≤ %g", row(i), a, col(r.Ind[k]), lim.Coef)
			}
			if a == 0 {
				continue
			}
			if big == -3 || math.Abs(a) > math.Abs(value(big)) {
				big = k
			}
			if small < 0 || math.Abs(a) < math.Abs(r.Val[small]) {
				small = k
			}
		}
		if over(r.Lower, lim.Bound) {
			return bad("%s: lower bound %g: a finite bound must lie within ±%g (use -Inf for none)", row(i), r.Lower, lim.Bound)
		}
		if over(r.Upper, lim.Bound) {
			return bad("%s: upper bound %g: a finite bound must lie within ±%g (use +Inf for none)", row(i), r.Upper, lim.Bound)
		}
		if small < 0 || lim.Spread <= 0 {
			continue
		}
		for _, k := range []int{-1, -2} {
			if b := value(k); !math.IsInf(b, 0) && math.Abs(b) > math.Abs(value(big)) {
				big = k
			}
		}
		if f := math.Abs(value(big)) / math.Abs(r.Val[small]); f > lim.Spread {
			var what string
			switch big {
			case -1:
				what = fmt.Sprintf("lower bound %g", r.Lower)
			case -2:
				what = fmt.Sprintf("upper bound %g", r.Upper)
			default:
				what = fmt.Sprintf("coefficient %g of %s", r.Val[big], col(r.Ind[big]))
			}
			span := fmt.Sprintf("%.3g", f)
			if math.IsInf(f, 0) {
				span = fmt.Sprintf("more than %.3g", math.MaxFloat64)
			}
			return bad("%s: values span a factor %s, beyond %g: largest %s, smallest coefficient %g of %s",
				row(i), span, lim.Spread, what, r.Val[small], col(r.Ind[small]))
		}
	}
	return nil
}
