package presolve

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"sort"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// DefaultTol is the feasibility tolerance used when Options.Tol is zero. It is
// applied relative to max(1, |bound|).
const DefaultTol = 1e-9

// defaultMaxPasses caps the number of passes when Options.MaxPasses is zero.
const defaultMaxPasses = 100

// pollEvery is the amount of work (nonzeros or rows and columns visited)
// between two looks at the context: a few hundred microseconds at most.
const pollEvery = 1 << 14

// maxDuplicateReps bounds the rows of one hash bucket that later rows are
// compared with, so that a bucket of many rows that hash alike but are not
// parallel costs linear, not quadratic, time.
const maxDuplicateReps = 8

// Options controls Presolve.
type Options struct {
	// Tol is the tolerance for deciding that a bound is met, that a row is
	// forcing or redundant, and that bounds contradict each other. It is
	// scaled by max(1, |value|). Zero means DefaultTol.
	Tol float64
	// MaxPasses limits the number of sweeps over the model. Zero means
	// "until nothing changes", capped at 100.
	MaxPasses int
	// IgnoreIntegrality presolves the LP relaxation: integer columns are
	// treated as continuous (no rounding of their bounds) and Reduced has no
	// integer columns. Set it when the caller solves the relaxation of a
	// model that carries integer flags and needs exact duals. Leave it false
	// for a MILP caller: integrality is then kept in Reduced and every
	// reduction applied is valid for the integer program (see the package doc).
	IgnoreIntegrality bool
}

// Stats counts what Presolve removed. A column fixed by a forcing row is
// counted both in ForcingRows (its row) and FixedCols.
type Stats struct {
	Passes                                 int
	RowsBefore, ColsBefore, NonzerosBefore int
	RowsAfter, ColsAfter, NonzerosAfter    int

	EmptyRows, SingletonRows, RedundantRows, ForcingRows, DuplicateRows int
	FixedCols, EmptyCols, DominatedCols                                 int
	// SubstitutedCols counts implied free column singletons solved from
	// their equality row (LP-only: never done for integer columns).
	SubstitutedCols int
	// RowSidesDropped counts row bounds dropped because the column bounds
	// imply them.
	RowSidesDropped int
	// BoundsTightened counts column bounds tightened by singleton rows.
	BoundsTightened int
}

// Result is the outcome of Presolve. Postsolve only reads it, so one Result
// may serve several solutions concurrently.
type Result struct {
	// Reduced is the presolved model when Status is lp.NotSolved; it may
	// have no rows and no columns, in which case its only solution is the
	// empty one. Reduced is nil when presolve decided the model.
	Reduced *lp.Model
	// Status is lp.NotSolved when Reduced must be solved, lp.Infeasible when
	// presolve proved that no point is feasible; Reason then says which row
	// or column shows it. It is lp.TimeLimit when the context of
	// PresolveContext was done (deadline or cancellation) before presolve
	// finished; Reason then holds the context's error and Reduced is nil. Presolve never returns lp.Unbounded: a column whose
	// cost pushes it to an infinite bound is unbounded only if the rest is
	// feasible, so it stays in Reduced for the solver to decide (with a ray).
	Status lp.Status
	Reason string
	// Stats counts the reductions.
	Stats Stats

	orig     *lp.Model
	min      bool // orig is a minimisation
	keptRows []int
	keptCols []int
	xfix     []float64 // values of removed columns, by original index
	stack    []op
	ent      entries // the columns the ops of stack refer to
	a        *lp.CSC // original matrix in column form
}

// ErrNoPostsolve is wrapped by Postsolve when there is nothing to map back:
// presolve decided the model itself.
var ErrNoPostsolve = fault.New(fault.ErrSolver, "presolve: no reduced model to postsolve")

type opKind uint8

const (
	opDropRow       opKind = iota // empty or redundant row: y = 0
	opFixCol                      // column fixed and removed
	opSingletonRow                // row turned into bounds of one column
	opForcingRow                  // row whose columns were all fixed at bounds
	opDuplicateRow                // row merged into a parallel row
	opSubstituteCol               // implied free column singleton solved from its equality row
)

// op is one entry of the postsolve stack.
type op struct {
	kind opKind
	row  int
	col  int     // singleton, substitute: the column; duplicate: the row kept
	coef float64 // singleton, substitute: a_ik; duplicate: λ with a_row = λ·a_kept; fix: the column's cost then
	rhs  float64 // substitute: the row's right-hand side; its column's cost is in cost
	cost float64 // substitute: the column's cost when it was removed
	// lowFrom/upFrom: the column (singleton) or kept-row (duplicate) lower /
	// upper bound came from the removed row. forcing: lowFrom means the row
	// was at its lower bound.
	lowFrom, upFrom bool
	// forcing: the columns fixed; substitute: the row's other columns.
	// They are entries [first, last) of the Result's entries, so that an op
	// holds no pointer and the stack of a large model stays one flat array.
	first, last int
}

// entries holds the columns of the forcing-row and substitution ops, one
// after the other.
type entries struct {
	cols []int     // the column
	vals []float64 // its coefficient in the op's row
	free []bool    // forcing: the column had lower < upper
}

func (e *entries) add(j int, a float64, free bool) {
	e.cols = append(e.cols, j)
	e.vals = append(e.vals, a)
	e.free = append(e.free, free)
}

func (e *entries) truncate(n int) {
	e.cols, e.vals, e.free = e.cols[:n], e.vals[:n], e.free[:n]
}

// of returns the entries of op o.
func (e *entries) of(o *op) ([]int, []float64, []bool) {
	return e.cols[o.first:o.last], e.vals[o.first:o.last], e.free[o.first:o.last]
}

// presolver holds the working state. Costs are in minimisation sense.
type presolver struct {
	m      *lp.Model
	tol    float64
	useInt bool

	cost           []float64
	lo, hi         []float64
	isInt          []bool
	colAlive       []bool
	rowAlive       []bool
	rl, ru         []float64
	rowInd         [][]int
	rowVal         [][]float64
	colRow         [][]int
	colVal         [][]float64
	rowCnt, colCnt []int
	xfix           []float64
	offset         float64 // objective constant gathered so far (minimisation sense)
	stack          []op
	ent            entries
	stats          Stats

	// amin and amax are the smallest and largest activity of each row over
	// the current column bounds, kept up to date by setBounds and fixCol
	// and recounted at the start of every pass; top holds each row's
	// largest coefficients. See actSum and rowMax.
	amin, amax []actSum
	top        []rowMax
	// substTried[i] is the pass (counted from 1) in which a substitution
	// from row i failed a check that scans the whole row; no other column
	// of row i is tried in that pass.
	substTried []int

	ctx      context.Context
	work     int // units of work done; the context is polled every pollEvery
	nextPoll int

	infeasible bool
	stopped    bool // the context was done
	reason     string
}

// Presolve simplifies m and returns the reduced model together with what
// Postsolve needs to map a solution of it back to m. m is not modified, and
// must not be modified while the Result is in use: Postsolve evaluates the
// original model. The error is non-nil only when m is not a valid model
// (see lp.Model.Validate) or opts is out of range. Presolve runs to the
// end; PresolveContext can be stopped.
func Presolve(m *lp.Model, opts Options) (*Result, error) {
	return PresolveContext(context.Background(), m, opts)
}

// PresolveContext is Presolve under a context: when ctx is done (its
// deadline passes or it is cancelled) presolve stops within a fraction of a
// millisecond of work and returns a Result with Status lp.TimeLimit, its
// Reason the context's error, and no Reduced model. A caller maps that to a
// time-limit answer, as it would a solver that hit the deadline. A nil ctx
// means context.Background().
func PresolveContext(ctx context.Context, m *lp.Model, opts Options) (*Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if m == nil {
		return nil, errors.New("presolve: model: must not be nil")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("presolve: %w", err)
	}
	tol := opts.Tol
	if tol == 0 {
		tol = DefaultTol
	}
	if math.IsNaN(tol) || tol < 0 || tol >= 1 {
		return nil, fmt.Errorf("presolve: options.Tol: must be in [0, 1), got %v", tol)
	}
	if opts.MaxPasses < 0 {
		return nil, fmt.Errorf("presolve: options.MaxPasses: must be >= 0, got %d", opts.MaxPasses)
	}
	passes := opts.MaxPasses
	if passes == 0 {
		passes = defaultMaxPasses
	}
	res := &Result{orig: m, min: m.Sense == lp.Minimize}
	if err := ctx.Err(); err != nil {
		// Done already: spare the working copy (tens of MB on a big model).
		res.Status, res.Reason = lp.TimeLimit, stopReason(err)
		return res, nil
	}
	p := newPresolver(ctx, m, tol, !opts.IgnoreIntegrality)
	if !p.halted() {
		p.stats.RowsBefore, p.stats.ColsBefore, p.stats.NonzerosBefore = m.NumRows(), m.NumVars(), m.NumNonzeros()
		p.initialChecks()
	}
	for pass := 0; pass < passes && !p.halted(); pass++ {
		p.stats.Passes++
		p.refresh()
		changed := p.rowPass()
		if !p.halted() {
			changed = p.colPass() || changed
		}
		if !p.halted() {
			changed = p.duplicateRows() || changed
		}
		if !changed {
			break
		}
	}
	if !p.halted() {
		res.Reduced, res.keptRows, res.keptCols = p.build(opts.IgnoreIntegrality)
	}
	res.Stats = p.stats
	switch {
	case p.stopped:
		res.Status = lp.TimeLimit
		res.Reason = stopReason(ctx.Err())
		res.Reduced, res.keptRows, res.keptCols = nil, nil, nil
		return res, nil
	case p.infeasible:
		res.Status = lp.Infeasible
		res.Reason = p.reason
		return res, nil
	}
	res.Status = lp.NotSolved
	res.Stats.RowsAfter = res.Reduced.NumRows()
	res.Stats.ColsAfter = res.Reduced.NumVars()
	res.Stats.NonzerosAfter = res.Reduced.NumNonzeros()
	res.xfix = p.xfix
	res.stack = p.stack
	res.ent = p.ent
	res.a = matrixWithoutZeros(m)
	return res, nil
}

// stopReason is Result.Reason when the context stopped presolve.
func stopReason(err error) string { return fmt.Sprintf("presolve stopped: %v", err) }

// matrixWithoutZeros is m's matrix in column form without the explicit zero
// coefficients Validate allows: they carry nothing, and in Postsolve's
// c − Aᵀy a zero times an infinite dual (a product near the float64 limit)
// would be NaN.
func matrixWithoutZeros(m *lp.Model) *lp.CSC {
	a := m.Matrix()
	q := 0
	for j := 0; j < a.Cols; j++ {
		start := a.ColPtr[j]
		a.ColPtr[j] = q
		for k := start; k < a.ColPtr[j+1]; k++ {
			if a.Val[k] != 0 {
				a.RowInd[q], a.Val[q] = a.RowInd[k], a.Val[k]
				q++
			}
		}
	}
	a.ColPtr[a.Cols] = q
	a.RowInd, a.Val = a.RowInd[:q], a.Val[:q]
	return a
}

// String summarises the sizes before and after, e.g.
// "rows 821→771, columns 1571→1541, nonzeros 10400→10215".
func (s Stats) String() string {
	return fmt.Sprintf("rows %d→%d, columns %d→%d, nonzeros %d→%d",
		s.RowsBefore, s.RowsAfter, s.ColsBefore, s.ColsAfter, s.NonzerosBefore, s.NonzerosAfter)
}

func newPresolver(ctx context.Context, m *lp.Model, tol float64, useInt bool) *presolver {
	n, nr := m.NumVars(), m.NumRows()
	p := &presolver{
		m: m, tol: tol, useInt: useInt, ctx: ctx, // nextPoll 0: the first poll looks
		cost: make([]float64, n), lo: make([]float64, n), hi: make([]float64, n),
		isInt: make([]bool, n), colAlive: make([]bool, n), rowAlive: make([]bool, nr),
		rl: make([]float64, nr), ru: make([]float64, nr),
		rowInd: make([][]int, nr), rowVal: make([][]float64, nr),
		colRow: make([][]int, n), colVal: make([][]float64, n),
		rowCnt: make([]int, nr), colCnt: make([]int, n),
		xfix: make([]float64, n),
		amin: make([]actSum, nr), amax: make([]actSum, nr), top: make([]rowMax, nr),
		substTried: make([]int, nr),
	}
	if p.poll(0) { // a context done already
		return p
	}
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	for j, v := range m.Vars {
		if p.poll(0) {
			return p
		}
		p.cost[j] = sign * m.Obj[j]
		p.lo[j], p.hi[j] = v.Lower, v.Upper
		p.isInt[j] = v.Integer && useInt
		p.colAlive[j] = true
	}
	// Explicit zero coefficients (Validate allows them) carry no
	// information and would divide by zero in a singleton row. The rows and
	// the columns each take one backing array; a row or column is a window
	// of it with room for exactly its own entries.
	nnz := 0
	for i := range m.Rows {
		r := &m.Rows[i]
		if p.poll(len(r.Ind)) {
			return p
		}
		for k, j := range r.Ind {
			if r.Val[k] != 0 {
				nnz++
				p.colCnt[j]++
			}
		}
	}
	rowIndBuf, rowValBuf := make([]int, nnz), make([]float64, nnz)
	colRowBuf, colValBuf := make([]int, nnz), make([]float64, nnz)
	at := 0
	for j := range p.colRow {
		if p.poll(0) {
			return p
		}
		end := at + p.colCnt[j]
		p.colRow[j], p.colVal[j] = colRowBuf[at:at:end], colValBuf[at:at:end]
		at = end
	}
	at = 0
	for i := range m.Rows {
		r := &m.Rows[i]
		if p.poll(len(r.Ind)) {
			return p
		}
		p.rowAlive[i] = true
		p.rl[i], p.ru[i] = r.Lower, r.Upper
		start := at
		for k, j := range r.Ind {
			if r.Val[k] != 0 {
				rowIndBuf[at], rowValBuf[at] = j, r.Val[k]
				at++
			}
		}
		ind, val := rowIndBuf[start:at:at], rowValBuf[start:at:at]
		if !sort.IntsAreSorted(ind) {
			sort.Sort(byIndex{ind, val})
		}
		p.rowInd[i], p.rowVal[i] = ind, val
		p.rowCnt[i] = len(ind)
		for k, j := range ind {
			p.colRow[j] = append(p.colRow[j], i)
			p.colVal[j] = append(p.colVal[j], val[k])
		}
	}
	return p
}

// byIndex sorts a row's entries by column.
type byIndex struct {
	ind []int
	val []float64
}

func (b byIndex) Len() int           { return len(b.ind) }
func (b byIndex) Less(x, y int) bool { return b.ind[x] < b.ind[y] }
func (b byIndex) Swap(x, y int) {
	b.ind[x], b.ind[y] = b.ind[y], b.ind[x]
	b.val[x], b.val[y] = b.val[y], b.val[x]
}

// poll counts units of work and, every pollEvery units, looks at the
// context; it reports whether presolve must stop.
func (p *presolver) poll(units int) bool {
	p.work += units + 1
	if p.work >= p.nextPoll && !p.stopped {
		p.nextPoll = p.work + pollEvery
		if p.ctx.Err() != nil {
			p.stopped = true
		}
	}
	return p.stopped
}

// halted reports whether presolve must stop: infeasibility proved or the
// context done.
func (p *presolver) halted() bool { return p.infeasible || p.stopped }

// refresh starts a pass: it drops removed columns from the rows and removed
// rows from the columns, so that a pass costs the live nonzeros, and
// recounts every row's activity bounds and largest coefficients from
// scratch, so that the rounding of incremental updates never builds up over
// passes.
func (p *presolver) refresh() {
	for i := range p.rl {
		if p.poll(len(p.rowInd[i])) {
			return
		}
		if !p.rowAlive[i] {
			p.rowInd[i], p.rowVal[i] = nil, nil
			continue
		}
		ind, val := p.rowInd[i][:0], p.rowVal[i][:0]
		var lmin, lmax actSum
		var top rowMax
		for k, j := range p.rowInd[i] {
			if !p.colAlive[j] {
				continue
			}
			a := p.rowVal[i][k]
			ind, val = append(ind, j), append(val, a)
			tmin, tmax := sideTerms(a, p.lo[j], p.hi[j])
			lmin.add(tmin, 1)
			lmax.add(tmax, 1)
			top.note(j, a)
		}
		p.rowInd[i], p.rowVal[i] = ind, val
		p.amin[i], p.amax[i], p.top[i] = lmin, lmax, top
	}
	for j := range p.lo {
		if p.poll(len(p.colRow[j])) {
			return
		}
		if !p.colAlive[j] {
			p.colRow[j], p.colVal[j] = nil, nil
			continue
		}
		rows, val := p.colRow[j][:0], p.colVal[j][:0]
		for k, i := range p.colRow[j] {
			if p.rowAlive[i] {
				rows, val = append(rows, i), append(val, p.colVal[j][k])
			}
		}
		p.colRow[j], p.colVal[j] = rows, val
	}
}

// setBounds changes the bounds of column j and updates the activity bounds
// of its rows.
func (p *presolver) setBounds(j int, lo, hi float64) {
	for k, i := range p.colRow[j] {
		if !p.rowAlive[i] {
			continue
		}
		a := p.colVal[j][k]
		omin, omax := sideTerms(a, p.lo[j], p.hi[j])
		nmin, nmax := sideTerms(a, lo, hi)
		p.amin[i].add(omin, -1)
		p.amin[i].add(nmin, 1)
		p.amax[i].add(omax, -1)
		p.amax[i].add(nmax, 1)
	}
	p.lo[j], p.hi[j] = lo, hi
}

func (p *presolver) scaled(v float64) float64 {
	if a := math.Abs(v); a > 1 && !math.IsInf(a, 0) {
		return p.tol * a
	}
	return p.tol
}

func (p *presolver) fail(format string, args ...any) {
	if !p.infeasible {
		p.infeasible = true
		p.reason = fmt.Sprintf(format, args...)
	}
}

func (p *presolver) colName(j int) string {
	return fmt.Sprintf("column %d (%s)", j, p.m.Vars[j].Name)
}

func (p *presolver) rowName(i int) string {
	return fmt.Sprintf("row %d (%s)", i, p.m.Rows[i].Name)
}

// initialChecks rounds integer bounds and checks bound consistency.
func (p *presolver) initialChecks() {
	for j := range p.lo {
		if p.isInt[j] {
			p.lo[j] = roundUp(p.lo[j], p.tol)
			p.hi[j] = roundDown(p.hi[j], p.tol)
		}
		if p.lo[j] > p.hi[j] {
			if p.lo[j]-p.hi[j] > p.scaled(p.lo[j]) || p.isInt[j] {
				p.fail("%s: lower bound %v exceeds upper bound %v", p.colName(j), p.m.Vars[j].Lower, p.m.Vars[j].Upper)
				return
			}
			p.lo[j] = p.hi[j]
		}
	}
	for i := range p.rl {
		if p.rl[i] > p.ru[i] {
			if p.rl[i]-p.ru[i] > p.scaled(p.rl[i]) {
				p.fail("%s: lower bound %v exceeds upper bound %v", p.rowName(i), p.rl[i], p.ru[i])
				return
			}
			p.rl[i] = p.ru[i]
		}
	}
}

func roundUp(v, tol float64) float64 {
	if math.IsInf(v, 0) {
		return v
	}
	return math.Ceil(v - tol*math.Max(1, math.Abs(v)))
}

func roundDown(v, tol float64) float64 {
	if math.IsInf(v, 0) {
		return v
	}
	return math.Floor(v + tol*math.Max(1, math.Abs(v)))
}

// fixCol removes column j at value v, shifting the bounds of its rows and
// taking its terms out of their activity bounds.
func (p *presolver) fixCol(j int, v float64) {
	p.colAlive[j] = false
	p.xfix[j] = v
	p.offset += p.cost[j] * v
	for k, i := range p.colRow[j] {
		if !p.rowAlive[i] {
			continue
		}
		a := p.colVal[j][k]
		if v != 0 {
			s := a * v
			p.rl[i] -= s // ±Inf stays ±Inf
			p.ru[i] -= s
		}
		tmin, tmax := sideTerms(a, p.lo[j], p.hi[j])
		p.amin[i].add(tmin, -1)
		p.amax[i].add(tmax, -1)
		p.rowCnt[i]--
	}
	p.colCnt[j] = 0
	p.stack = append(p.stack, op{kind: opFixCol, col: j, coef: p.cost[j]})
}

// removeRow marks row i removed and updates the column counts.
func (p *presolver) removeRow(i int) {
	p.rowAlive[i] = false
	for _, j := range p.rowInd[i] {
		if p.colAlive[j] {
			p.colCnt[j]--
		}
	}
}

// activityBounds returns the smallest and largest value of the row's
// activity over the current column bounds (−∞ or +∞ when unbounded or
// beyond the float64 range).
func (p *presolver) activityBounds(i int) (lmin, lmax float64) {
	return p.amin[i].value(-1), p.amax[i].value(1)
}

func (p *presolver) rowPass() bool {
	changed := false
	for i := range p.rl {
		if !p.rowAlive[i] {
			continue
		}
		if p.poll(p.rowCnt[i]) {
			return changed
		}
		switch p.rowCnt[i] {
		case 0:
			p.emptyRow(i)
			changed = true
		case 1:
			changed = p.singletonRow(i) || changed
		default:
			changed = p.activityRow(i) || changed
		}
		if p.halted() {
			return changed
		}
	}
	return changed
}

func (p *presolver) emptyRow(i int) {
	if p.rl[i] > p.scaled(p.rl[i]) || p.ru[i] < -p.scaled(p.ru[i]) {
		p.fail("%s: all its columns are removed or absent, and 0 is outside its bounds [%v, %v] after substituting fixed columns", p.rowName(i), p.rl[i], p.ru[i])
		return
	}
	p.removeRow(i)
	p.stats.EmptyRows++
	p.stack = append(p.stack, op{kind: opDropRow, row: i})
}

func (p *presolver) singletonRow(i int) bool {
	col, a := -1, 0.0
	for k, j := range p.rowInd[i] {
		if p.colAlive[j] {
			col, a = j, p.rowVal[i][k]
			break
		}
	}
	lo, hi := p.rl[i]/a, p.ru[i]/a
	if a < 0 {
		lo, hi = hi, lo
	}
	// Dividing an infinite bound keeps it infinite with the right sign; a
	// finite one that overflows (a tiny coefficient) is left to the solver.
	if math.IsInf(lo, 1) || math.IsInf(hi, -1) {
		return false
	}
	// Postsolve hands the row a dual dₖ/a, dₖ the column's reduced cost,
	// which is of the size of its cost; when that overflows the row could
	// not be given back its dual, so it stays.
	if math.IsInf(p.cost[col]/a, 0) {
		return false
	}
	if p.isInt[col] {
		lo, hi = roundUp(lo, p.tol), roundDown(hi, p.tol)
	}
	o := op{kind: opSingletonRow, row: i, col: col, coef: a}
	// The row goes first, so that setBounds updates only the other rows.
	p.removeRow(i)
	nlo, nhi := p.lo[col], p.hi[col]
	if lo > nlo {
		nlo = lo
		o.lowFrom = true
		p.stats.BoundsTightened++
	}
	if hi < nhi {
		nhi = hi
		o.upFrom = true
		p.stats.BoundsTightened++
	}
	if nlo > nhi {
		if nlo-nhi > p.scaled(nlo) || p.isInt[col] {
			p.fail("%s: it implies bounds [%v, %v] on %s, which conflict with its other bounds", p.rowName(i), lo, hi, p.colName(col))
			return true
		}
		// Within tolerance: make the column fixed at the bound that came
		// from the row, whose dual can then carry either sign.
		if o.lowFrom {
			nhi = nlo
		} else {
			nlo = nhi
		}
	}
	p.setBounds(col, nlo, nhi)
	p.stats.SingletonRows++
	p.stack = append(p.stack, o)
	return true
}

// activityRow handles a row with two or more columns: infeasible, forcing,
// redundant, or one side implied.
func (p *presolver) activityRow(i int) bool {
	lmin, lmax := p.activityBounds(i)
	rl, ru := p.rl[i], p.ru[i]
	switch {
	case lmin > ru+p.scaled(ru):
		p.fail("%s: its smallest activity over the column bounds, %v, exceeds its upper bound %v", p.rowName(i), lmin, ru)
		return false
	case lmax < rl-p.scaled(rl):
		p.fail("%s: its largest activity over the column bounds, %v, is below its lower bound %v", p.rowName(i), lmax, rl)
		return false
	case !math.IsInf(rl, -1) && lmax <= rl+p.scaled(rl):
		if p.forcingRow(i, true) {
			return true
		}
	case !math.IsInf(ru, 1) && lmin >= ru-p.scaled(ru):
		if p.forcingRow(i, false) {
			return true
		}
	}
	lowImplied := math.IsInf(rl, -1) || lmin >= rl
	upImplied := math.IsInf(ru, 1) || lmax <= ru
	switch {
	case lowImplied && upImplied:
		p.removeRow(i)
		p.stats.RedundantRows++
		p.stack = append(p.stack, op{kind: opDropRow, row: i})
		return true
	case lowImplied && !math.IsInf(rl, -1):
		p.rl[i] = math.Inf(-1)
		p.stats.RowSidesDropped++
		return true
	case upImplied && !math.IsInf(ru, 1):
		p.ru[i] = math.Inf(1)
		p.stats.RowSidesDropped++
		return true
	}
	return false
}

// forcingRow fixes every column of row i at the bound that attains the
// row's largest activity (atLower: the activity can at most reach the lower
// bound) or its smallest activity.
func (p *presolver) forcingRow(i int, atLower bool) bool {
	o := op{kind: opForcingRow, row: i, lowFrom: atLower, first: len(p.ent.cols)}
	for k, j := range p.rowInd[i] {
		if !p.colAlive[j] {
			continue
		}
		a := p.rowVal[i][k]
		if !p.canFix(j, p.forcedValue(j, a, atLower)) {
			p.ent.truncate(o.first)
			return false
		}
		p.ent.add(j, a, p.lo[j] < p.hi[j])
	}
	o.last = len(p.ent.cols)
	p.removeRow(i)
	p.stats.ForcingRows++
	p.stack = append(p.stack, o)
	cols, vals, _ := p.ent.of(&o)
	for k, j := range cols {
		// Fixing one column leaves the bounds of the others as they were.
		p.fixCol(j, p.forcedValue(j, vals[k], atLower))
		p.stats.FixedCols++
	}
	return true
}

// forcedValue is the bound at which a forcing row fixes column j
// (coefficient a): the one that attains the row's largest activity when
// the row is forcing at its lower side, its smallest otherwise.
func (p *presolver) forcedValue(j int, a float64, atLower bool) float64 {
	if (a > 0) == atLower {
		return p.hi[j]
	}
	return p.lo[j]
}

// canFix reports whether fixing column j at v keeps every number finite:
// the objective constant and the shifted bounds of its rows.
func (p *presolver) canFix(j int, v float64) bool {
	if z := p.offset + p.cost[j]*v; math.IsInf(z, 0) || math.IsNaN(z) {
		return false
	}
	for k, i := range p.colRow[j] {
		if !p.rowAlive[i] {
			continue
		}
		s := p.colVal[j][k] * v
		if math.IsInf(s, 0) || math.IsInf(p.rl[i]-s, 1) || math.IsInf(p.ru[i]-s, -1) ||
			(!math.IsInf(p.rl[i], 0) && math.IsInf(p.rl[i]-s, 0)) || (!math.IsInf(p.ru[i], 0) && math.IsInf(p.ru[i]-s, 0)) {
			return false
		}
	}
	return true
}

func (p *presolver) colPass() bool {
	changed := false
	for j := range p.lo {
		if !p.colAlive[j] {
			continue
		}
		if p.poll(len(p.colRow[j])) {
			return changed
		}
		if p.lo[j] == p.hi[j] && p.canFix(j, p.lo[j]) {
			p.fixCol(j, p.lo[j])
			p.stats.FixedCols++
			changed = true
			continue
		}
		if p.colCnt[j] == 1 && !p.isInt[j] && p.impliedFreeSingleton(j) {
			p.stats.SubstitutedCols++
			changed = true
			continue
		}
		if v, ok := p.dominated(j); ok && p.canFix(j, v) {
			empty := p.colCnt[j] == 0
			p.fixCol(j, v)
			if empty {
				p.stats.EmptyCols++
			} else {
				p.stats.DominatedCols++
			}
			changed = true
		}
	}
	return changed
}

// dominated reports whether column j can be fixed at a finite bound because
// moving it towards that bound never hurts the objective and never makes a
// row infeasible. An empty column is the special case with no rows.
func (p *presolver) dominated(j int) (float64, bool) {
	canDec, canInc := true, true
	for k, i := range p.colRow[j] {
		if !p.rowAlive[i] {
			continue
		}
		a := p.colVal[j][k]
		lowInf, upInf := math.IsInf(p.rl[i], -1), math.IsInf(p.ru[i], 1)
		if a > 0 {
			canDec = canDec && lowInf
			canInc = canInc && upInf
		} else {
			canDec = canDec && upInf
			canInc = canInc && lowInf
		}
		if !canDec && !canInc {
			return 0, false
		}
	}
	c := p.cost[j]
	lo, hi := p.lo[j], p.hi[j]
	switch {
	case c > 0 && canDec && !math.IsInf(lo, -1):
		return lo, true
	case c < 0 && canInc && !math.IsInf(hi, 1):
		return hi, true
	case c == 0 && canDec && canInc:
		// Every value in [lo, hi] is as good; prefer 0, else the nearest bound.
		return math.Max(lo, math.Min(hi, 0)), true
	case c == 0 && canDec && !math.IsInf(lo, -1):
		return lo, true
	case c == 0 && canInc && !math.IsInf(hi, 1):
		return hi, true
	}
	// c pushes the column to an infinite bound: the model is unbounded if it
	// is feasible. Leave that verdict to the solver, which can give a ray.
	return 0, false
}

// duplicateRows merges rows whose live coefficients are proportional. Rows
// are bucketed by a hash of their scaled pattern; within a bucket each row
// is compared with at most maxDuplicateReps earlier rows that were kept.
func (p *presolver) duplicateRows() bool {
	buckets := make(map[uint64][]int)
	h := fnv.New64a()
	for i := range p.rl {
		if !p.rowAlive[i] || p.rowCnt[i] < 2 {
			continue
		}
		if p.poll(len(p.rowInd[i])) {
			return false
		}
		h.Reset()
		var first float64
		var buf [16]byte
		for k, j := range p.rowInd[i] {
			if !p.colAlive[j] {
				continue
			}
			if first == 0 {
				first = p.rowVal[i][k]
			}
			q := math.Round(p.rowVal[i][k] / first * 1e6)
			putU64(buf[:8], uint64(j))
			putU64(buf[8:], math.Float64bits(q))
			h.Write(buf[:])
		}
		key := h.Sum64()
		buckets[key] = append(buckets[key], i)
	}
	keys := make([]uint64, 0, len(buckets))
	for k, b := range buckets {
		if len(b) > 1 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(a, b int) bool { return buckets[keys[a]][0] < buckets[keys[b]][0] })
	changed := false
	for _, key := range keys {
		var reps []int
		for _, i := range buckets[key] {
			if !p.rowAlive[i] {
				continue
			}
			merged := false
			for _, keep := range reps {
				if p.poll(len(p.rowInd[i])) {
					return changed
				}
				if !p.rowAlive[keep] {
					continue
				}
				lambda, ok := p.parallel(keep, i)
				if !ok || !p.mergeRows(keep, i, lambda) {
					continue
				}
				changed, merged = true, true
				if p.infeasible {
					return changed
				}
				break
			}
			if !merged && len(reps) < maxDuplicateReps {
				reps = append(reps, i)
			}
		}
	}
	return changed
}

func putU64(b []byte, v uint64) {
	for k := 0; k < 8; k++ {
		b[k] = byte(v >> (8 * k))
	}
}

// parallel reports whether the live part of row i equals λ times the live
// part of row keep. It walks both rows once, skipping removed columns.
func (p *presolver) parallel(keep, i int) (float64, bool) {
	if p.rowCnt[keep] != p.rowCnt[i] || p.rowCnt[i] == 0 {
		return 0, false
	}
	ai, av := p.rowInd[keep], p.rowVal[keep]
	bi, bv := p.rowInd[i], p.rowVal[i]
	lambda, first := 0.0, true
	x, y := 0, 0
	for {
		for x < len(ai) && !p.colAlive[ai[x]] {
			x++
		}
		for y < len(bi) && !p.colAlive[bi[y]] {
			y++
		}
		if x == len(ai) || y == len(bi) {
			return lambda, x == len(ai) && y == len(bi)
		}
		if ai[x] != bi[y] {
			return 0, false
		}
		if first {
			// A factor that overflows or underflows would turn finite
			// bounds into 0 or ∞ when the rows are merged.
			lambda, first = bv[y]/av[x], false
			if lambda == 0 || math.IsInf(lambda, 0) {
				return 0, false
			}
		}
		if math.Abs(bv[y]-lambda*av[x]) > 1e-12*math.Max(math.Abs(bv[y]), math.Abs(lambda*av[x])) {
			return 0, false
		}
		x, y = x+1, y+1
	}
}

// mergeRows removes row i = λ·row keep, moving its bounds onto row keep.
func (p *presolver) mergeRows(keep, i int, lambda float64) bool {
	lo, hi := p.rl[i]/lambda, p.ru[i]/lambda
	if lambda < 0 {
		lo, hi = hi, lo
	}
	if math.IsInf(lo, 1) || math.IsInf(hi, -1) {
		return false // a finite bound overflowed
	}
	o := op{kind: opDuplicateRow, row: i, col: keep, coef: lambda}
	if lo > p.rl[keep] {
		p.rl[keep] = lo
		o.lowFrom = true
	}
	if hi < p.ru[keep] {
		p.ru[keep] = hi
		o.upFrom = true
	}
	if p.rl[keep] > p.ru[keep] {
		if p.rl[keep]-p.ru[keep] > p.scaled(p.rl[keep]) {
			p.fail("%s and %s are parallel (factor %v) with contradictory bounds", p.rowName(keep), p.rowName(i), lambda)
			return true
		}
		if o.lowFrom {
			p.ru[keep] = p.rl[keep]
		} else {
			p.rl[keep] = p.ru[keep]
		}
	}
	p.removeRow(i)
	p.stats.DuplicateRows++
	p.stack = append(p.stack, o)
	return true
}

// build assembles the reduced model from the surviving rows and columns.
func (p *presolver) build(relax bool) (*lp.Model, []int, []int) {
	m := p.m
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	red := &lp.Model{Name: m.Name, Sense: m.Sense, ObjName: m.ObjName, ObjOffset: m.ObjOffset + sign*p.offset}
	newCol := make([]int, len(p.lo))
	nCols, nRows := 0, 0
	for j := range p.lo {
		if p.colAlive[j] {
			nCols++
		}
	}
	for i := range p.rl {
		if p.rowAlive[i] {
			nRows++
		}
	}
	keptCols := make([]int, 0, nCols)
	red.Vars, red.Obj = make([]lp.Var, 0, nCols), make([]float64, 0, nCols)
	for j := range p.lo {
		newCol[j] = -1
		if !p.colAlive[j] {
			continue
		}
		newCol[j] = len(keptCols)
		keptCols = append(keptCols, j)
		v := m.Vars[j]
		v.Lower, v.Upper = p.lo[j], p.hi[j]
		if relax {
			v.Integer = false
		}
		red.Vars = append(red.Vars, v)
		red.Obj = append(red.Obj, sign*p.cost[j])
	}
	keptRows := make([]int, 0, nRows)
	red.Rows = make([]lp.Row, 0, nRows)
	for i := range p.rl {
		if !p.rowAlive[i] {
			continue
		}
		if p.poll(len(p.rowInd[i])) {
			return nil, nil, nil
		}
		keptRows = append(keptRows, i)
		r := lp.Row{Name: m.Rows[i].Name, Lower: p.rl[i], Upper: p.ru[i],
			Ind: make([]int, 0, p.rowCnt[i]), Val: make([]float64, 0, p.rowCnt[i])}
		for k, j := range p.rowInd[i] {
			if p.colAlive[j] {
				r.Ind = append(r.Ind, newCol[j])
				r.Val = append(r.Val, p.rowVal[i][k])
			}
		}
		red.Rows = append(red.Rows, r)
	}
	return red, keptRows, keptCols
}

// impliedFreeSingleton substitutes column j out of the model when its only
// row, as an equality aᵀx = b, lets the other columns' bounds keep x_j within
// [l_j, u_j]: x_j = (b − Σ_{k≠j} a_k x_k)/a_j. For an inequality row, b is
// the side the cost of x_j makes tight. The row goes, and the cost of x_j
// moves onto the row's other columns. It reports whether it did so.
//
// The tests before the substitution take O(1) time (activity bounds without
// column j, the row's largest other coefficient); only a substitution that
// goes ahead, which removes the row, or a failed overflow check, after
// which the row is not tried again in this pass, scans the row.
func (p *presolver) impliedFreeSingleton(j int) bool {
	i, a := -1, 0.0
	for k, r := range p.colRow[j] {
		if p.rowAlive[r] {
			i, a = r, p.colVal[j][k]
			break
		}
	}
	if i < 0 || p.rowCnt[i] < 2 || p.substTried[i] == p.stats.Passes {
		return false
	}
	b, ok := p.substitutionSide(i, j, a)
	if !ok {
		return false
	}
	// The rest of the row, R = Σ_{k≠j} a_k x_k, lies in [rmin, rmax].
	tmin, tmax := sideTerms(a, p.lo[j], p.hi[j])
	rmin, rmax := p.amin[i].without(tmin, -1), p.amax[i].without(tmax, 1)
	// Dividing by a small pivot would magnify errors in the other columns.
	if math.Abs(a) < 1e-2*p.top[i].other(j) {
		return false
	}
	lo, hi := (b-rmax)/a, (b-rmin)/a
	if a < 0 {
		lo, hi = hi, lo
	}
	if lo < p.lo[j] || hi > p.hi[j] || math.IsNaN(lo) || math.IsNaN(hi) {
		return false
	}
	f := p.cost[j] / a
	if z := p.offset + f*b; math.IsInf(z, 0) || math.IsNaN(z) {
		return false
	}
	for k, c := range p.rowInd[i] {
		if c != j && p.colAlive[c] {
			if z := p.cost[c] - f*p.rowVal[i][k]; math.IsInf(z, 0) || math.IsNaN(z) {
				p.substTried[i] = p.stats.Passes
				return false
			}
		}
	}
	o := op{kind: opSubstituteCol, row: i, col: j, coef: a, rhs: b, cost: p.cost[j], first: len(p.ent.cols)}
	for k, c := range p.rowInd[i] {
		if c == j || !p.colAlive[c] {
			continue
		}
		v := p.rowVal[i][k]
		p.ent.add(c, v, false)
		p.cost[c] -= f * v
	}
	o.last = len(p.ent.cols)
	p.offset += f * b
	p.removeRow(i)
	p.colAlive[j] = false
	p.colCnt[j] = 0
	p.stack = append(p.stack, o)
	return true
}

// substitutionSide returns the right-hand side b of row i that column j
// (coefficient a) is solved from: the equality's, or for an inequality the
// side the cost of x_j makes tight (with no cost, either finite side: the
// one nearer 0). It fails when that side is infinite (the cost pushes
// towards a missing side: the model is unbounded if feasible, which the
// solver decides) and when b/a is not a finite number: postsolve evaluates
// x_j = b/a − Σ (a_k/a)·x_k, and an infinite first term would make x_j
// infinite or, against another infinite term, NaN.
func (p *presolver) substitutionSide(i, j int, a float64) (float64, bool) {
	rl, ru := p.rl[i], p.ru[i]
	b := rl
	if rl != ru {
		// An inequality row is tight at optimality on the side the cost of
		// x_j pushes it to (x_j can always move there: its bounds are
		// implied), so it is treated as an equality on that side.
		switch s := p.cost[j] / a; {
		case s < 0:
			b = ru
		case s == 0 && (math.IsInf(rl, -1) || !math.IsInf(ru, 1) && math.Abs(ru) < math.Abs(rl)):
			b = ru
		}
	}
	if math.IsInf(b, 0) {
		return 0, false
	}
	if v := b / a; math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return b, true
}
