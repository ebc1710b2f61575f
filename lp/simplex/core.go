package simplex

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/streamopt/streamopt/lp"
)

// outcome of a simplex run on the internal problem
type outcome int

const (
	outOptimal outcome = iota
	outInfeasible
	outUnbounded
	outIterLimit
	outTimeLimit
	outNumerical
	outDualInfeasible // dual phase 1 could not reach dual feasibility
)

const (
	// refactorEvery is the number of basis updates after which B is refactorised.
	refactorEvery = 100
	// pivotTol: a pivot candidate in a ratio test must be at least this large (scaled).
	pivotTol = 1e-7
	// weightFloor keeps steepest-edge weights away from zero.
	weightFloor = 1e-6
	// phase1Box is the half-width of the artificial box of free variables in
	// the dual phase 1 subproblem.
	phase1Box = 1000
)

// core is the simplex on the scaled computational form
//
//	min cᵀx  s.t.  [A I]·(x, z) = 0,  lb ≤ (x, z) ≤ ub,
//
// where the logical z = −Ax of row i is variable n+i with bounds [−ru, −rl].
type core struct {
	m, n int
	// scaled matrix by column and by row
	colPtr []int
	rowInd []int
	colVal []float64
	rowPtr []int
	colInd []int
	rowVal []float64

	rs, cs []float64 // row and column scale factors: Ã = R·A·C

	c      []float64 // scaled costs (minimisation), length n+m
	lb, ub []float64 // scaled bounds, length n+m

	cost   []float64 // working costs (perturbed, shifted)
	lo, up []float64 // working bounds (phase-1 boxes)
	x, d   []float64
	stat   []BasisStatus
	head   []int // head[p] = variable basic in position p
	pos    []int // pos[j] = basis position of j, or -1
	lu     factor
	// luValid: lu factorises the basis in head (with its updates); false
	// after the basis was changed other than by an update
	luValid bool
	w       []float64 // dual steepest-edge weights by basis position

	col, rho, tau, alpha []float64
	dx                   []float64
	cands, flips         []int
	alphaIdx             []int
	alphaMark            []bool
	unitIdx              []int
	one                  []float64
	taboo                []bool    // dual: rows skipped after a pivot mismatch
	allCols              []int     // 0, 1, …, n−1
	freeCols             []int     // dual and primal (freeLists): the structurals with different working bounds
	fixedCols            []bool    // dual and primal: by structural, whether its working bounds are equal
	fr                   freeRows  // the row-wise matrix of the columns in freeCols
	aty                  []float64 // Aᵀy of the last optimalAnswer, by column
	ucols                modelCols // the model's matrix in model units, for optimalAnswer

	ptol, dtol float64
	iter       int
	ticks      int // passes of the iteration loops, for polling the context
	itLimit    int
	ctx        context.Context
	log        io.Writer
	rng        *rand.Rand
	perturbed  bool // working costs differ from c (perturbation or shifts)
	// yOfC: rho holds y = B⁻ᵀc_B of the final basis (set by cleanup)
	yOfC bool
	// costPerturbed: perturbCosts ran in this solve
	costPerturbed bool
	stallOverride int // tests: stall limit instead of the default

	// certificates
	farkasRow   []float64 // scaled row combination (in ỹ space) for infeasibility
	farkasSign  float64
	rayQ        int
	rayDir      float64
	rayCol      []float64
	lastLogIter int
}

func newCore(m *lp.Model, opts Options) *core {
	s := &core{m: len(m.Rows), n: len(m.Vars)}
	if opts.NoScaling {
		s.load(m, ones(s.m), ones(s.n))
	} else {
		a := m.Matrix()
		rs, cs := scaleFactors(s.m, s.n, a.ColPtr, a.RowInd, a.Val)
		s.load(m, rs, cs)
	}
	s.ptol = opts.PrimalTol
	if s.ptol <= 0 {
		s.ptol = 1e-7
	}
	s.dtol = opts.DualTol
	if s.dtol <= 0 {
		s.dtol = 1e-7
	}
	s.itLimit = opts.IterationLimit
	s.log = opts.Log
	s.rng = rand.New(rand.NewPCG(1, 2))
	s.allocWork()
	s.slackBasis()
	return s
}

// load builds the scaled matrix Ã = RAC (by column and by row), the scaled
// costs and the bounds of m with the factors rs (R) and cs (C).
func (s *core) load(m *lp.Model, rs, cs []float64) {
	nr, n := s.m, s.n
	a := m.Matrix()
	s.rs, s.cs = rs, cs
	s.colPtr, s.rowInd = a.ColPtr, a.RowInd
	s.colVal = a.Val
	for j := 0; j < n; j++ {
		for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
			s.colVal[p] *= s.rs[s.rowInd[p]] * s.cs[j]
		}
	}
	s.buildRows()
	N := n + nr
	s.c = growF(s.c, N)
	s.lb = growF(s.lb, N)
	s.ub = growF(s.ub, N)
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	for j := 0; j < n; j++ {
		s.c[j] = sign * m.Obj[j] * s.cs[j]
		s.lb[j] = m.Vars[j].Lower / s.cs[j]
		s.ub[j] = m.Vars[j].Upper / s.cs[j]
	}
	for i := 0; i < nr; i++ {
		r := &m.Rows[i]
		s.c[n+i] = 0
		s.lb[n+i] = -r.Upper * s.rs[i]
		s.ub[n+i] = -r.Lower * s.rs[i]
	}
}

func ones(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}

func (s *core) buildRows() {
	nr, n := s.m, s.n
	s.fr.ok, s.fr.synced = false, false
	s.rowPtr = make([]int, nr+1)
	for _, i := range s.rowInd[:s.colPtr[n]] {
		s.rowPtr[i+1]++
	}
	for i := 0; i < nr; i++ {
		s.rowPtr[i+1] += s.rowPtr[i]
	}
	nnz := s.colPtr[n]
	s.colInd = make([]int, nnz)
	s.rowVal = make([]float64, nnz)
	next := append([]int(nil), s.rowPtr[:nr]...)
	for j := 0; j < n; j++ {
		for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
			i := s.rowInd[p]
			s.colInd[next[i]] = j
			s.rowVal[next[i]] = s.colVal[p]
			next[i]++
		}
	}
}

func (s *core) allocWork() {
	N := s.n + s.m
	s.cost = append(s.cost[:0], s.c...)
	s.lo = append(s.lo[:0], s.lb...)
	s.up = append(s.up[:0], s.ub...)
	s.x = growF(s.x, N)
	s.d = growF(s.d, N)
	s.col = growF(s.col, s.m)
	s.rho = growF(s.rho, s.m)
	s.tau = growF(s.tau, s.m)
	s.dx = growF(s.dx, s.m)
	s.alpha = growF(s.alpha, N)
	if len(s.alphaMark) < N {
		s.alphaMark = make([]bool, N)
	}
	s.allCols = grow(s.allCols, s.n)
	for j := range s.allCols {
		s.allCols[j] = j
	}
	s.unitIdx = grow(s.unitIdx, s.m)
	for i := range s.unitIdx {
		s.unitIdx[i] = i
	}
	s.one = []float64{1}
}

// slackBasis makes every logical basic and puts structurals at a bound.
func (s *core) slackBasis() {
	N := s.n + s.m
	s.stat = make([]BasisStatus, N)
	s.head = make([]int, s.m)
	s.pos = make([]int, N)
	for j := 0; j < s.n; j++ {
		s.pos[j] = -1
		s.stat[j] = s.defaultStatus(j)
	}
	for i := 0; i < s.m; i++ {
		s.head[i] = s.n + i
		s.pos[s.n+i] = i
		s.stat[s.n+i] = Basic
	}
	s.w = ones(s.m)
}

// defaultStatus is the nonbasic status of j at its bound closest to zero.
func (s *core) defaultStatus(j int) BasisStatus {
	l, u := s.lo[j], s.up[j]
	switch {
	case !math.IsInf(l, 0) && !math.IsInf(u, 0):
		if math.Abs(u) < math.Abs(l) {
			return AtUpper
		}
		return AtLower
	case !math.IsInf(l, 0):
		return AtLower
	case !math.IsInf(u, 0):
		return AtUpper
	}
	return AtZero
}

// fixStatus makes the nonbasic status of j consistent with its current working bounds.
func (s *core) fixStatus(j int) {
	switch st := s.stat[j]; st {
	case Basic:
		return
	case AtLower:
		if math.IsInf(s.lo[j], -1) {
			s.stat[j] = s.defaultStatus(j)
		}
	case AtUpper:
		if math.IsInf(s.up[j], 1) {
			s.stat[j] = s.defaultStatus(j)
		}
	default:
		s.stat[j] = s.defaultStatus(j)
	}
}

func (s *core) nbValue(j int) float64 {
	switch s.stat[j] {
	case AtLower:
		return s.lo[j]
	case AtUpper:
		return s.up[j]
	}
	return 0
}

// column returns the nonzeros of column j of [A I].
func (s *core) column(j int) ([]int, []float64) {
	if j < s.n {
		return s.rowInd[s.colPtr[j]:s.colPtr[j+1]], s.colVal[s.colPtr[j]:s.colPtr[j+1]]
	}
	i := j - s.n
	return s.unitIdx[i : i+1], s.one
}

// refactor factorises the current basis, repairing a singular one with
// logicals. It reports how many basis columns were replaced.
func (s *core) refactor() int {
	replaced := 0
	s.luValid = false
	for tries := 0; tries < 3; tries++ {
		singPos, singRow := s.lu.factorize(s.m, func(p int) ([]int, []float64) { return s.column(s.head[p]) })
		if singPos == nil {
			s.luValid = true
			return replaced
		}
		for k, p := range singPos {
			if k >= len(singRow) {
				break
			}
			out := s.head[p]
			in := s.n + singRow[k]
			if s.pos[in] >= 0 {
				continue
			}
			s.pos[out] = -1
			s.stat[out] = s.nearestStatus(out)
			s.head[p] = in
			s.pos[in] = p
			s.stat[in] = Basic
			s.w[p] = 1
			replaced++
		}
		if s.log != nil {
			fmt.Fprintf(s.log, "simplex: singular basis, replaced %d columns by logicals\n", len(singPos))
		}
	}
	return replaced
}

// ensureFactor refactorises B unless the current factors (with their
// updates) still represent it and are not due for refactorisation.
// It reports whether it refactorised.
func (s *core) ensureFactor() bool {
	if !s.luValid || s.lu.m != s.m || s.lu.needRefactor() {
		s.refactor()
		return true
	}
	return false
}

func (s *core) nearestStatus(j int) BasisStatus {
	l, u, v := s.lo[j], s.up[j], s.x[j]
	switch {
	case math.IsInf(l, -1) && math.IsInf(u, 1):
		return AtZero
	case math.IsInf(l, -1):
		return AtUpper
	case math.IsInf(u, 1):
		return AtLower
	case math.Abs(v-u) < math.Abs(v-l):
		return AtUpper
	}
	return AtLower
}

// computeX sets nonbasic values from their status and solves for the basics.
func (s *core) computeX() {
	rhs := s.col
	clear(rhs)
	n := s.n
	x, lo, up := s.x, s.lo, s.up
	colPtr, rowInd, colVal := s.colPtr, s.rowInd, s.colVal
	for j, st := range s.stat {
		var v float64
		switch st {
		case Basic:
			continue
		case AtLower:
			v = lo[j]
		case AtUpper:
			v = up[j]
		}
		x[j] = v
		if v == 0 {
			continue
		}
		if j >= n {
			rhs[j-n] -= v // the logical's column is the unit vector
			continue
		}
		a, b := colPtr[j], colPtr[j+1]
		vals := colVal[a:b]
		for k, i := range rowInd[a:b] {
			rhs[i] -= vals[k] * v
		}
	}
	s.lu.ftran(rhs)
	for p, j := range s.head {
		x[j] = rhs[p]
	}
}

// computeDuals computes y = B⁻ᵀc_B (into rho) and the reduced costs d
// (dualsFromY).
func (s *core) computeDuals() {
	y := s.rho
	for p, j := range s.head {
		y[p] = s.cost[j]
	}
	s.lu.btran(y)
	s.dualsFromY()
}

// dualsFromY computes the reduced costs d = cost − [A I]ᵀy from y in rho,
// except those of the fixed nonbasics (equal working bounds), which keep
// stale values: the simplex neither lets them enter nor counts their dual
// infeasibility, and Solver.SetColBounds computes the reduced cost of a
// column it frees when the duals are kept for the next Solve. Ranging,
// which reads them all, calls reducedCosts itself.
func (s *core) dualsFromY() { s.reducedCosts(s.cost, s.rho, s.d, true) }

// reducedCosts writes into d the reduced costs cost − [A I]ᵀy of the
// nonbasic variables, but with skipFixed not of those with equal working
// bounds, and 0 for the basic ones.
func (s *core) reducedCosts(cost, y, d []float64, skipFixed bool) {
	stat, lo, up := s.stat, s.lo, s.up
	for j := 0; j < s.n; j++ {
		if stat[j] == Basic {
			d[j] = 0
			continue
		}
		if skipFixed && lo[j] == up[j] {
			continue
		}
		d[j] = s.colReducedCost(j, cost, y)
	}
	for i := 0; i < s.m; i++ {
		j := s.n + i
		if stat[j] == Basic {
			d[j] = 0
		} else {
			d[j] = cost[j] - y[i]
		}
	}
}

// colReducedCost is the reduced cost cost − aⱼᵀy of structural column j.
func (s *core) colReducedCost(j int, cost, y []float64) float64 {
	v := cost[j]
	a, b := s.colPtr[j], s.colPtr[j+1]
	vals := s.colVal[a:b]
	for k, i := range s.rowInd[a:b] {
		v -= vals[k] * y[i]
	}
	return v
}

// freeLists lists in freeCols the structurals whose working bounds differ
// and marks the others in fixedCols, for pivotRowNZ, and returns both; the
// first row-wise pivot row brings the free rows (freeRows) in line with
// them.
func (s *core) freeLists() ([]int, []bool) {
	free := s.freeCols[:0]
	fixed := growBool(s.fixedCols, s.n)
	for j, l := range s.lo[:s.n] {
		fixed[j] = l == s.up[j]
		if !fixed[j] {
			free = append(free, j)
		}
	}
	s.freeCols, s.fixedCols = free, fixed
	s.fr.synced = false
	return free, fixed
}

// pivotRow computes alpha_j = rhoᵀa_j for every nonbasic j, and lists in
// alphaIdx the variables where it may be nonzero; with the lists of
// freeLists, it leaves out the fixed structurals (see pivotRowNZ).
func (s *core) pivotRow(rho []float64, cols []int, fixed []bool) {
	nz := 0
	for _, v := range rho {
		if v != 0 {
			nz++
		}
	}
	s.pivotRowNZ(rho, nz, cols, fixed)
}

// pivotRowNZ is pivotRow for a rho with nz nonzeros. The dual simplex
// passes the structurals whose working bounds differ (cols, ascending) and
// marks the others in fixed: it neither chooses a fixed or basic column
// nor reads their reduced costs before it recomputes them, so the pivot
// row leaves them out: summed by column it visits only cols, summed by row
// only the free rows, in line with fixed (freeRows), skipping the basic
// columns. Either way every alpha_j it keeps
// is the same sum, term by term in the order of the rows, and alphaIdx
// lists the kept ones in the same order as without the lists.
func (s *core) pivotRowNZ(rho []float64, nz int, cols []int, fixed []bool) {
	idx := s.alphaIdx[:0]
	if nz*4 < s.m {
		idx = s.pivotRowByRow(rho, fixed, idx)
	} else {
		if cols == nil {
			cols = s.allCols
		}
		idx = s.pivotRowByCol(rho, cols, idx)
	}
	alpha, n := s.alpha, s.n
	for i, r := range rho {
		if r != 0 {
			alpha[n+i] = r
			idx = append(idx, n+i)
		}
	}
	s.alphaIdx = idx
}

// pivotRowByRow is pivotRowNZ's sum row by row, over the free rows when
// fixed is not nil; it appends the structurals it touches to idx.
func (s *core) pivotRowByRow(rho []float64, fixed []bool, idx []int) []int {
	alpha, mark, stat := s.alpha, s.alphaMark, s.stat
	colInd, rowVal := s.colInd, s.rowVal
	var rowLen []int
	if fixed != nil {
		if !s.fr.synced {
			s.syncFreeRows(fixed)
		}
		colInd, rowVal, rowLen = s.fr.col, s.fr.val, s.fr.n
	}
	start := len(idx)
	for i, r := range rho {
		if r == 0 {
			continue
		}
		a, b := s.rowPtr[i], s.rowPtr[i+1]
		if rowLen != nil {
			b = a + rowLen[i]
		}
		vals := rowVal[a:b]
		for k, j := range colInd[a:b] {
			if rowLen != nil && stat[j] == Basic {
				continue
			}
			if !mark[j] {
				mark[j] = true
				alpha[j] = 0
				idx = append(idx, j)
			}
			alpha[j] += r * vals[k]
		}
	}
	for _, j := range idx[start:] {
		mark[j] = false
	}
	return idx
}

// pivotRowByCol is pivotRowNZ's sum column by column over the nonbasic
// columns of cols; it appends those with a nonzero entry to idx.
func (s *core) pivotRowByCol(rho []float64, cols []int, idx []int) []int {
	alpha := s.alpha
	for _, j := range cols {
		if s.stat[j] == Basic {
			continue
		}
		v := 0.0
		rows, vals := s.rowInd[s.colPtr[j]:s.colPtr[j+1]], s.colVal[s.colPtr[j]:s.colPtr[j+1]]
		for p, i := range rows {
			v += vals[p] * rho[i]
		}
		if v != 0 {
			alpha[j] = v
			idx = append(idx, j)
		}
	}
	return idx
}

func (s *core) loadColumn(j int, v []float64) {
	for i := range v {
		v[i] = 0
	}
	idx, val := s.column(j)
	for k, i := range idx {
		v[i] = val[k]
	}
}

// primalInfeas returns the largest and total primal infeasibility of the basics.
func (s *core) primalInfeas() (mx, sum float64) {
	for _, j := range s.head {
		v := s.x[j]
		var e float64
		if v < s.lo[j] {
			e = s.lo[j] - v
		} else if v > s.up[j] {
			e = v - s.up[j]
		}
		sum += e
		mx = math.Max(mx, e)
	}
	return
}

// dualInfeas returns the largest dual infeasibility of the nonbasics,
// w.r.t. the working bounds, NaN if a reduced cost is NaN. A fixed
// nonbasic has none, one at a bound has the part of its reduced cost of
// the sign that would move it off the bound, and a free one all of it.
func (s *core) dualInfeas() float64 {
	mx := 0.0
	for j, st := range s.stat {
		if st == Basic || s.lo[j] == s.up[j] {
			continue
		}
		if e := wrongSign(st, s.d[j]); e > mx || math.IsNaN(e) {
			mx = e
		}
	}
	return mx
}

// wrongSign is the part of the reduced cost dj of a nonfixed nonbasic with
// status st that would move it off its bound (negative when none would):
// −dj at its lower bound, dj at its upper bound, |dj| when free.
func wrongSign(st BasisStatus, dj float64) float64 {
	switch st {
	case AtLower:
		return -dj
	case AtUpper:
		return dj
	}
	return math.Abs(dj)
}

func (s *core) objective() float64 {
	z := 0.0
	for j := 0; j < s.n; j++ {
		z += s.c[j] * s.x[j]
	}
	return z
}

func (s *core) checkLimits() outcome {
	if s.itLimit > 0 && s.iter >= s.itLimit {
		return outIterLimit
	}
	s.ticks++
	if s.ticks&31 == 1 && s.ctx != nil {
		if s.ctx.Err() != nil {
			return outTimeLimit
		}
	}
	return -1
}

func (s *core) logf(format string, args ...any) {
	if s.log != nil {
		fmt.Fprintf(s.log, format, args...)
	}
}
