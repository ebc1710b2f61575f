package simplex

import (
	"math"
	"slices"
)

// factor is a sparse LU factorisation of the basis matrix B (rows = constraint
// rows, columns = basis positions), kept current over basis changes by the
// Forrest–Tomlin update.
//
// Elimination step k pivots on row pr[k] and basis position pc[k]; it
// subtracts multiples lVal of row pr[k] from rows lIdx (L). The rows of the
// active matrix at their pivot steps form U, stored by row and by column:
// row i of U has its diagonal dg[i] in column pcol[i] (prow inverts pcol)
// and off-diagonal entries in the columns of rows that come later in the
// triangular order ord.
//
// A basis change in position r replaces column r of U by the spike
// L⁻¹a_q (after the earlier row etas), moves the row prow[r] to the end of
// ord and eliminates its off-diagonal entries with a row eta R, so that
// B = L·R₁⁻¹⋯R_k⁻¹·U with U triangular in the order ord.
type factor struct {
	m      int
	pr, pc []int

	lStart []int
	lIdx   []int
	lVal   []float64
	// L by row: for row i, the pivot rows pr[k] of the steps k (and the
	// multipliers) that subtract from i; the row rather than the step saves
	// BTRAN one indirection per entry.
	ltStart []int
	ltRow   []int
	ltVal   []float64
	// lSteps: the steps with a nonempty column of L, ascending; ltRows:
	// the rows with a nonempty row of L, by descending pivot step. The
	// solves visit only these (most steps of a basis with many logicals
	// or singletons have none).
	lSteps []int
	ltRows []int

	// U by row (indexed by row: basis positions and values) and by column
	// (indexed by basis position: rows and values), diagonal excluded
	uRowI [][]int
	uRowV [][]float64
	uColI [][]int
	uColV [][]float64
	dg    []float64 // dg[i]: diagonal of row i of U
	pcol  []int     // pcol[i]: basis position of the diagonal of row i
	prow  []int     // prow[j]: row whose diagonal is in position j
	// ord is the triangular order of the rows of U; an update moves a row
	// to the end and the rows after it up one place. ordPos[i]: index of
	// row i.
	ord    []int
	ordPos []int
	uNZ    int // off-diagonal nonzeros of U
	uNZ0   int // ... right after the factorisation

	// row etas of the updates: R_e subtracts Σ rVal·v[rIdx] from v[rRow[e]]
	rRow   []int
	rStart []int
	rIdx   []int
	rVal   []float64

	// spike: L⁻¹a_q (after the row etas) of the last ftranSpike
	spike   []float64
	spikeOK bool
	updates int // basis changes since the factorisation
	// unstable: an update's new diagonal disagreed with the pivot element
	unstable bool

	unstableCount int // unstable updates ever, for tests

	work  []float64
	uwork []float64 // update's row of U being eliminated, by basis position

	// hypersparse solves: rows reached (as order indices), DFS stack,
	// marks with the stamp of the current search, results
	reach []int
	stack []int
	mark  []int
	stamp int
	res   []float64
	// solves left that skip the hypersparse attempt (FTRAN, BTRAN)
	skipF, skipB int

	ws luWork // factorize's workspace, kept to avoid allocations

	count int // number of factorize calls, for tests
}

// luWork is the active submatrix and bookkeeping of factorize. Its slices
// keep their capacity from one factorisation to the next.
type luWork struct {
	cIdx, rIdx [][]int
	cVal       [][]float64
	ints       []int
	colMax     []float64
	done       []bool
	uRowIdx    []int
	uRowVal    []float64
	lRowIdx    []int
	lRowVal    []float64
}

// resizeLists returns l with length m, keeping the backing arrays of its
// elements, each emptied.
func resizeLists[T any](l [][]T, m int) [][]T {
	if cap(l) < m {
		l = append(l[:cap(l)], make([][]T, m-cap(l))...)
	}
	l = l[:m]
	for i := range l {
		l[i] = l[i][:0]
	}
	return l
}

// luThreshold is the threshold of partial pivoting: a pivot must be at least
// this fraction of the largest entry in its column of the active submatrix.
const luThreshold = 0.1

// luZero: an active column whose largest entry is below this is treated as
// structurally singular.
const luZero = 1e-11

// colFunc gives the nonzeros of basis column p.
type colFunc func(p int) (idx []int, val []float64)

// factorize computes the LU factors of the m×m basis given column by column.
// It returns the basis positions that had to be declared singular and, for
// each, the row whose slack should replace it.
func (f *factor) factorize(m int, col colFunc) (singPos, singRow []int) {
	f.count++
	f.m = m
	f.pr = f.pr[:0]
	f.pc = f.pc[:0]
	f.lStart = append(f.lStart[:0], 0)
	f.lIdx = f.lIdx[:0]
	f.lVal = f.lVal[:0]
	f.uRowI = resizeLists(f.uRowI, m)
	f.uRowV = resizeLists(f.uRowV, m)
	f.uColI = resizeLists(f.uColI, m)
	f.uColV = resizeLists(f.uColV, m)
	f.dg = growF(f.dg, m)
	f.rRow = f.rRow[:0]
	f.rStart = append(f.rStart[:0], 0)
	f.rIdx = f.rIdx[:0]
	f.rVal = f.rVal[:0]
	f.spikeOK = false
	f.unstable = false
	f.updates = 0
	f.work = growF(f.work, m)
	f.uwork = growZeroF(f.uwork, m)
	f.spike = growF(f.spike, m)

	ws := &f.ws
	ws.cIdx = resizeLists(ws.cIdx, m)
	ws.cVal = resizeLists(ws.cVal, m)
	ws.rIdx = resizeLists(ws.rIdx, m)
	cIdx, cVal, rIdx := ws.cIdx, ws.cVal, ws.rIdx
	// integer work arrays, carved from one slice
	ws.ints = growZero(ws.ints, 11*m+4)
	ints := ws.ints
	carve := func(k int) []int {
		v := ints[:k:k]
		ints = ints[k:]
		return v
	}
	rowCnt := carve(m)
	for p := 0; p < m; p++ {
		idx, val := col(p)
		ci := cIdx[p]
		cv := cVal[p]
		for k, i := range idx {
			if val[k] != 0 {
				ci = append(ci, i)
				cv = append(cv, val[k])
				rowCnt[i]++
			}
		}
		cIdx[p], cVal[p] = ci, cv
	}
	for i := 0; i < m; i++ {
		if cap(rIdx[i]) < rowCnt[i]+2 {
			rIdx[i] = make([]int, 0, rowCnt[i]+2)
		}
	}
	for p := 0; p < m; p++ {
		for _, i := range cIdx[p] {
			rIdx[i] = append(rIdx[i], p)
		}
	}

	// count buckets (doubly linked lists) for columns and rows
	newLists := func() countLists {
		l := countLists{head: carve(m + 2), next: carve(m), prev: carve(m), in: carve(m)}
		for k := range l.head {
			l.head[k] = -1
		}
		return l
	}
	cols, rows := newLists(), newLists()
	addCol := func(j int) { cols.add(j, len(cIdx[j])) }
	addRow := func(i int) { rows.add(i, len(rIdx[i])) }
	delCol, delRow := cols.del, rows.del
	for j := 0; j < m; j++ {
		addCol(j)
	}
	for i := 0; i < m; i++ {
		addRow(i)
	}
	ws.colMax = growF(ws.colMax, m)
	colMax := ws.colMax
	for j := range colMax {
		colMax[j] = -1
	}
	getMax := func(j int) float64 {
		if colMax[j] < 0 {
			mx := 0.0
			for _, v := range cVal[j] {
				if a := math.Abs(v); a > mx {
					mx = a
				}
			}
			colMax[j] = mx
		}
		return colMax[j]
	}
	mark := carve(m)
	for i := range mark {
		mark[i] = -1
	}
	if cap(ws.done) < 2*m {
		ws.done = make([]bool, 2*m)
	}
	ws.done = ws.done[:2*m]
	for i := range ws.done {
		ws.done[i] = false
	}
	rowDone := ws.done[:m:m]
	colDone := ws.done[m:]
	uRowIdx, uRowVal := ws.uRowIdx, ws.uRowVal
	lRowIdx, lRowVal := ws.lRowIdx, ws.lRowVal
	defer func() {
		ws.uRowIdx, ws.uRowVal = uRowIdx, uRowVal
		ws.lRowIdx, ws.lRowVal = lRowIdx, lRowVal
	}()

	for step := 0; step < m; step++ {
		// empty columns are singular
		for cols.head[0] >= 0 {
			j := cols.head[0]
			delCol(j)
			colDone[j] = true
			singPos = append(singPos, j)
		}
		// Markowitz search
		bi, bj := -1, -1
		bestCost := math.MaxInt
		bestAbs := 0.0
		searched := 0
		for cnt := 1; cnt <= m+1; cnt++ {
			if bi >= 0 && (searched >= 4 || bestCost <= (cnt-1)*(cnt-1)) {
				break
			}
			for j := cols.head[cnt]; j >= 0; j = cols.next[j] {
				mx := getMax(j)
				if mx < luZero {
					continue
				}
				for k, i := range cIdx[j] {
					a := math.Abs(cVal[j][k])
					if a < luThreshold*mx {
						continue
					}
					cost := (len(rIdx[i]) - 1) * (cnt - 1)
					if cost < bestCost || cost == bestCost && a > bestAbs {
						bi, bj, bestCost, bestAbs = i, j, cost, a
					}
				}
				searched++
				if bi >= 0 && (searched >= 4 || bestCost <= (cnt-1)*(cnt-1)) {
					break
				}
			}
			if bi >= 0 && (searched >= 4 || bestCost <= (cnt-1)*(cnt-1)) {
				break
			}
			for i := rows.head[cnt]; i >= 0; i = rows.next[i] {
				for _, j := range rIdx[i] {
					mx := getMax(j)
					if mx < luZero {
						continue
					}
					var a float64
					for k, ii := range cIdx[j] {
						if ii == i {
							a = math.Abs(cVal[j][k])
							break
						}
					}
					if a < luThreshold*mx {
						continue
					}
					cost := (cnt - 1) * (len(cIdx[j]) - 1)
					if cost < bestCost || cost == bestCost && a > bestAbs {
						bi, bj, bestCost, bestAbs = i, j, cost, a
					}
				}
				searched++
				if bi >= 0 && (searched >= 4 || bestCost <= cnt*(cnt-1)) {
					break
				}
			}
			if bi >= 0 && (searched >= 4 || bestCost <= cnt*(cnt-1)) {
				break
			}
		}
		if bi < 0 {
			// remaining active columns are (numerically) singular
			for j := 0; j < m; j++ {
				if !colDone[j] {
					delCol(j)
					colDone[j] = true
					singPos = append(singPos, j)
				}
			}
			break
		}
		r, c := bi, bj
		delCol(c)
		delRow(r)
		rowDone[r] = true
		colDone[c] = true
		// pivot value and L column
		var piv float64
		lRowIdx = lRowIdx[:0]
		lRowVal = lRowVal[:0]
		for k, i := range cIdx[c] {
			if i == r {
				piv = cVal[c][k]
			}
		}
		for k, i := range cIdx[c] {
			if i == r {
				continue
			}
			lRowIdx = append(lRowIdx, i)
			lRowVal = append(lRowVal, cVal[c][k]/piv)
			// remove c from row i
			ri := rIdx[i]
			for t, jj := range ri {
				if jj == c {
					ri[t] = ri[len(ri)-1]
					rIdx[i] = ri[:len(ri)-1]
					break
				}
			}
		}
		// U row: entries of row r in other active columns
		uRowIdx = uRowIdx[:0]
		uRowVal = uRowVal[:0]
		for _, j := range rIdx[r] {
			if j == c {
				continue
			}
			cj := cIdx[j]
			for t, ii := range cj {
				if ii == r {
					uRowIdx = append(uRowIdx, j)
					uRowVal = append(uRowVal, cVal[j][t])
					last := len(cj) - 1
					cj[t] = cj[last]
					cVal[j][t] = cVal[j][last]
					cIdx[j] = cj[:last]
					cVal[j] = cVal[j][:last]
					break
				}
			}
		}
		// eliminate
		if len(lRowIdx) > 0 {
			for t, j := range uRowIdx {
				urj := uRowVal[t]
				delCol(j)
				for k, i := range cIdx[j] {
					mark[i] = k
				}
				for s, i := range lRowIdx {
					if k := mark[i]; k >= 0 {
						cVal[j][k] -= lRowVal[s] * urj
					} else {
						cIdx[j] = append(cIdx[j], i)
						cVal[j] = append(cVal[j], -lRowVal[s]*urj)
						rIdx[i] = append(rIdx[i], j)
					}
				}
				for _, i := range cIdx[j] {
					mark[i] = -1
				}
				colMax[j] = -1
				addCol(j)
			}
			for _, i := range lRowIdx {
				delRow(i)
				addRow(i)
			}
		} else {
			for _, j := range uRowIdx {
				delCol(j)
				colMax[j] = -1
				addCol(j)
			}
		}
		cIdx[c], cVal[c], rIdx[r] = cIdx[c][:0], cVal[c][:0], rIdx[r][:0]
		// record
		f.pr = append(f.pr, r)
		f.pc = append(f.pc, c)
		f.lIdx = append(f.lIdx, lRowIdx...)
		f.lVal = append(f.lVal, lRowVal...)
		f.lStart = append(f.lStart, len(f.lIdx))
		f.dg[r] = piv
		f.uRowI[r] = append(f.uRowI[r], uRowIdx...)
		f.uRowV[r] = append(f.uRowV[r], uRowVal...)
	}
	if len(singPos) > 0 {
		for i := 0; i < m; i++ {
			if !rowDone[i] {
				singRow = append(singRow, i)
			}
		}
		return singPos, singRow
	}
	f.buildTransposes()
	return nil, nil
}

func (f *factor) buildTransposes() {
	m := f.m
	// L by row
	f.ltStart = growZero(f.ltStart, m+1)
	for _, i := range f.lIdx {
		f.ltStart[i+1]++
	}
	for i := 0; i < m; i++ {
		f.ltStart[i+1] += f.ltStart[i]
	}
	nl := len(f.lIdx)
	f.ltRow = grow(f.ltRow, nl)
	f.ltVal = growF(f.ltVal, nl)
	next := f.ws.ints[:m]
	copy(next, f.ltStart[:m])
	for k := 0; k < m; k++ {
		for p := f.lStart[k]; p < f.lStart[k+1]; p++ {
			i := f.lIdx[p]
			f.ltRow[next[i]] = f.pr[k]
			f.ltVal[next[i]] = f.lVal[p]
			next[i]++
		}
	}
	f.lSteps = f.lSteps[:0]
	f.ltRows = f.ltRows[:0]
	for k := 0; k < m; k++ {
		if f.lStart[k+1] > f.lStart[k] {
			f.lSteps = append(f.lSteps, k)
		}
	}
	for l := m - 1; l >= 0; l-- {
		if i := f.pr[l]; f.ltStart[i+1] > f.ltStart[i] {
			f.ltRows = append(f.ltRows, i)
		}
	}
	// U: pairing, order and columns
	f.pcol = grow(f.pcol, m)
	f.prow = grow(f.prow, m)
	f.ord = append(f.ord[:0], f.pr...)
	f.ordPos = grow(f.ordPos, m)
	f.uNZ = 0
	for k := 0; k < m; k++ {
		i, j := f.pr[k], f.pc[k]
		f.pcol[i] = j
		f.prow[j] = i
		f.ordPos[i] = k
		for t, jj := range f.uRowI[i] {
			f.uColI[jj] = append(f.uColI[jj], i)
			f.uColV[jj] = append(f.uColV[jj], f.uRowV[i][t])
		}
		f.uNZ += len(f.uRowI[i])
	}
	f.uNZ0 = f.uNZ
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growZero(s []int, n int) []int {
	s = grow(s, n)
	for i := range s {
		s[i] = 0
	}
	return s
}

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func growZeroF(s []float64, n int) []float64 {
	s = growF(s, n)
	for i := range s {
		s[i] = 0
	}
	return s
}

// ftran overwrites v (indexed by row) with B⁻¹v (indexed by basis position).
func (f *factor) ftran(v []float64) {
	f.ftranLR(v)
	f.ftranU(v)
}

// ftranSpike is ftran that also keeps L⁻¹v (after the row etas), the spike
// that update needs when v is the entering column.
func (f *factor) ftranSpike(v []float64) {
	f.ftranLR(v)
	copy(f.spike, v)
	f.spikeOK = true
	f.ftranU(v)
}

// ftranLR applies L⁻¹ and then the row etas R₁, …, R_k to v.
func (f *factor) ftranLR(v []float64) {
	for _, k := range f.lSteps {
		if a := v[f.pr[k]]; a != 0 {
			idx, vals := f.lIdx[f.lStart[k]:f.lStart[k+1]], f.lVal[f.lStart[k]:f.lStart[k+1]]
			for p, i := range idx {
				v[i] -= vals[p] * a
			}
		}
	}
	for e, r := range f.rRow {
		s := v[r]
		idx, vals := f.rIdx[f.rStart[e]:f.rStart[e+1]], f.rVal[f.rStart[e]:f.rStart[e+1]]
		for p, i := range idx {
			s -= vals[p] * v[i]
		}
		v[r] = s
	}
}

// ftranU solves U x = v (v by row, x by basis position) column by column
// in reverse triangular order, and leaves x in v.
func (f *factor) ftranU(v []float64) {
	if !f.ftranUSparse(v) {
		f.ftranUDense(v)
	}
}

// ftranUDense is ftranU visiting every row of U.
func (f *factor) ftranUDense(v []float64) {
	x := f.work
	for t := len(f.ord) - 1; t >= 0; t-- {
		i := f.ord[t]
		j := f.pcol[i]
		a := v[i]
		if a == 0 {
			x[j] = 0
			continue
		}
		a /= f.dg[i]
		x[j] = a
		vals := f.uColV[j]
		for p, ii := range f.uColI[j] {
			v[ii] -= vals[p] * a
		}
	}
	copy(v, x)
}

// btran overwrites h (indexed by basis position) with B⁻ᵀh (indexed by row).
func (f *factor) btran(h []float64) {
	// Uᵀ w = h, row by row in triangular order
	w := f.work
	if !f.btranUSparse(h) {
		f.btranUDense(h)
	}
	f.btranLR(w)
	copy(h, w)
}

// btranUDense solves Uᵀw = h (h by basis position, w = f.work by row),
// visiting every row of U.
func (f *factor) btranUDense(h []float64) {
	w := f.work
	for _, i := range f.ord {
		a := h[f.pcol[i]]
		if a == 0 {
			w[i] = 0
			continue
		}
		a /= f.dg[i]
		w[i] = a
		vals := f.uRowV[i]
		for p, j := range f.uRowI[i] {
			h[j] -= vals[p] * a
		}
	}
}

// btranLR applies the transposed row etas, last first, and then L⁻ᵀ to w.
func (f *factor) btranLR(w []float64) {
	for e := len(f.rRow) - 1; e >= 0; e-- {
		a := w[f.rRow[e]]
		if a == 0 {
			continue
		}
		idx, vals := f.rIdx[f.rStart[e]:f.rStart[e+1]], f.rVal[f.rStart[e]:f.rStart[e+1]]
		for p, k := range idx {
			w[k] -= vals[p] * a
		}
	}
	// y = Mᵀ w: for steps l descending, w[pr[l]] final; push into earlier steps.
	for _, i := range f.ltRows {
		a := w[i]
		if a == 0 {
			continue
		}
		rows, vals := f.ltRow[f.ltStart[i]:f.ltStart[i+1]], f.ltVal[f.ltStart[i]:f.ltStart[i+1]]
		for p, k := range rows {
			w[k] -= vals[p] * a
		}
	}
}

// hyperDensity: the triangular solves with U take the hypersparse path
// when the right-hand side has fewer than m/hyperDensity nonzeros, and
// keep it while the rows it reaches stay below 2m/hyperDensity.
const hyperDensity = 10

// hyperSkip is the number of solves (of the same direction) that go
// straight to the dense loop after a hypersparse attempt reached too many
// rows: on bases whose solves fill in (d2q06c), the wasted searches cost
// a fifth of the run time when every solve tried.
const hyperSkip = 32

// newStamp returns a fresh value for f.mark, so that no mark needs clearing.
func (f *factor) newStamp() int {
	if len(f.mark) != f.m {
		f.mark = make([]int, f.m)
		f.stamp = 0
	}
	f.stamp++
	return f.stamp
}

// reachU collects in f.reach the order indices (ordPos) of the rows of U
// that a triangular solve starting from the rows in f.reach must visit:
// with byCol (FTRAN), row i passes values to the rows of column pcol[i];
// otherwise (BTRAN), to the rows whose diagonals are in row i's columns.
// It reports false when more than limit rows are reached.
func (f *factor) reachU(limit int, byCol bool) bool {
	stamp := f.newStamp()
	mark := f.mark
	stack := f.stack[:0]
	for _, i := range f.reach {
		if mark[i] != stamp {
			mark[i] = stamp
			stack = append(stack, i)
		}
	}
	f.reach = f.reach[:0]
	ok := true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		f.reach = append(f.reach, f.ordPos[i])
		if len(f.reach) > limit {
			ok = false
			break
		}
		if byCol {
			for _, ii := range f.uColI[f.pcol[i]] {
				if mark[ii] != stamp {
					mark[ii] = stamp
					stack = append(stack, ii)
				}
			}
		} else {
			for _, j := range f.uRowI[i] {
				if ii := f.prow[j]; mark[ii] != stamp {
					mark[ii] = stamp
					stack = append(stack, ii)
				}
			}
		}
	}
	f.stack = stack
	if ok {
		slices.Sort(f.reach)
	}
	return ok
}

// ftranUSparse is ftranU for a sparse v: it finds the rows the solve
// reaches (Gilbert & Peierls 1988) and visits only those, in the same
// order as the dense loop, so the result is the same to the last bit. It
// reports false, leaving v unchanged, when v or the reach is too dense.
func (f *factor) ftranUSparse(v []float64) bool {
	if f.skipF > 0 {
		f.skipF--
		return false
	}
	m := f.m
	limit := m / hyperDensity
	f.reach = f.reach[:0]
	for i, a := range v {
		if a != 0 {
			if len(f.reach) >= limit {
				return false
			}
			f.reach = append(f.reach, i)
		}
	}
	if !f.reachU(2*limit, true) {
		f.skipF = hyperSkip
		return false
	}
	res := growF(f.res, len(f.reach))
	for k := len(f.reach) - 1; k >= 0; k-- {
		i := f.ord[f.reach[k]]
		a := v[i]
		if a == 0 {
			res[k] = 0
			continue
		}
		a /= f.dg[i]
		res[k] = a
		vals := f.uColV[f.pcol[i]]
		for p, ii := range f.uColI[f.pcol[i]] {
			v[ii] -= vals[p] * a
		}
	}
	for _, t := range f.reach {
		v[f.ord[t]] = 0
	}
	for k, t := range f.reach {
		v[f.pcol[f.ord[t]]] = res[k]
	}
	f.res = res
	return true
}

// btranUSparse is btranUDense for a sparse h, visiting only the rows of U
// the solve reaches, in the dense loop's order. It reports false, leaving
// h unchanged, when h or the reach is too dense.
func (f *factor) btranUSparse(h []float64) bool {
	if f.skipB > 0 {
		f.skipB--
		return false
	}
	m := f.m
	limit := m / hyperDensity
	f.reach = f.reach[:0]
	for j, a := range h {
		if a != 0 {
			if len(f.reach) >= limit {
				return false
			}
			f.reach = append(f.reach, f.prow[j])
		}
	}
	if !f.reachU(2*limit, false) {
		f.skipB = hyperSkip
		return false
	}
	w := f.work
	for i := range w {
		w[i] = 0
	}
	for _, t := range f.reach {
		i := f.ord[t]
		a := h[f.pcol[i]]
		if a == 0 {
			continue
		}
		a /= f.dg[i]
		w[i] = a
		vals := f.uRowV[i]
		for p, j := range f.uRowI[i] {
			h[j] -= vals[p] * a
		}
	}
	return true
}

// updateTol is the relative disagreement between an update's new diagonal
// and the one the pivot element αᵣ predicts (det B' = αᵣ·det B) above which
// the factors are marked unstable, so that the caller refactorises.
const updateTol = 1e-8

// update replaces basis position r by the column whose ftranSpike gave alpha
// (B⁻¹a_q, indexed by basis position), with the Forrest–Tomlin update of U.
func (f *factor) update(r int, alpha []float64) {
	if !f.spikeOK {
		panic("simplex: factor update without a spike")
	}
	f.spikeOK = false
	ir := f.prow[r]
	// drop the old column r from the rows of U
	for _, i := range f.uColI[r] {
		ri := f.uRowI[i]
		for t, j := range ri {
			if j == r {
				last := len(ri) - 1
				ri[t] = ri[last]
				f.uRowV[i][t] = f.uRowV[i][last]
				f.uRowI[i] = ri[:last]
				f.uRowV[i] = f.uRowV[i][:last]
				break
			}
		}
	}
	f.uNZ -= len(f.uColI[r])
	f.uColI[r] = f.uColI[r][:0]
	f.uColV[r] = f.uColV[r][:0]
	// take row ir out of the columns of U and scatter it into uwork
	u := f.uwork
	for t, j := range f.uRowI[ir] {
		u[j] = f.uRowV[ir][t]
		cj := f.uColI[j]
		for s, i := range cj {
			if i == ir {
				last := len(cj) - 1
				cj[s] = cj[last]
				f.uColV[j][s] = f.uColV[j][last]
				f.uColI[j] = cj[:last]
				f.uColV[j] = f.uColV[j][:last]
				break
			}
		}
	}
	f.uNZ -= len(f.uRowI[ir])
	f.uRowI[ir] = f.uRowI[ir][:0]
	f.uRowV[ir] = f.uRowV[ir][:0]
	// eliminate it with the rows after ir in the order: the multipliers
	// form the row eta, and the new diagonal is spike[ir] − Σ μᵢ·spike[i]
	spike := f.spike
	diag := spike[ir]
	start := len(f.rIdx)
	// row ir moves to the end of the order, the rows after it up one place
	for t := f.ordPos[ir] + 1; t < len(f.ord); t++ {
		i := f.ord[t]
		f.ord[t-1] = i
		f.ordPos[i] = t - 1
		j := f.pcol[i]
		a := u[j]
		if a == 0 {
			continue
		}
		u[j] = 0
		mu := a / f.dg[i]
		f.rIdx = append(f.rIdx, i)
		f.rVal = append(f.rVal, mu)
		diag -= mu * spike[i]
		vals := f.uRowV[i]
		for p, jj := range f.uRowI[i] {
			u[jj] -= vals[p] * mu
		}
	}
	if len(f.rIdx) > start {
		f.rRow = append(f.rRow, ir)
		f.rStart = append(f.rStart, len(f.rIdx))
	}
	// the spike becomes column r (all of it: dropping even entries of
	// 1e-14 derailed greenbea with pivot mismatches)
	for i, v := range spike {
		if i == ir || v == 0 {
			continue
		}
		f.uColI[r] = append(f.uColI[r], i)
		f.uColV[r] = append(f.uColV[r], v)
		f.uRowI[i] = append(f.uRowI[i], r)
		f.uRowV[i] = append(f.uRowV[i], v)
	}
	f.uNZ += len(f.uColI[r])
	if want := alpha[r] * f.dg[ir]; math.Abs(diag-want) > updateTol*math.Max(1, math.Abs(want)) || diag == 0 {
		f.unstable = true
		f.unstableCount++
		if diag == 0 {
			diag = want
		}
	}
	f.dg[ir] = diag
	f.ord[len(f.ord)-1] = ir
	f.ordPos[ir] = len(f.ord) - 1
	f.updates++
}

// numUpdates is the number of updates since the last factorisation.
func (f *factor) numUpdates() int { return f.updates }

// growth is the number of nonzeros the updates have added to the factors:
// the row etas and the net fill of U. Each update adds at most 2(m−1).
func (f *factor) growth() int { return len(f.rIdx) + max(0, f.uNZ-f.uNZ0) }

// growthLimit is the growth at which needRefactor asks for a fresh
// factorisation: twice the nonzeros of L and U (and m), since each update
// may add twice as many nonzeros (a row eta and a spike) as a product-form
// eta would.
func (f *factor) growthLimit() int { return 2 * (len(f.lIdx) + f.uNZ0 + f.m) }

// needRefactor reports whether a fresh factorisation is due: after
// refactorEvery updates, when the updates have grown the factors by
// growthLimit, or when an update was numerically unstable.
func (f *factor) needRefactor() bool {
	return f.updates >= refactorEvery || f.unstable || f.growth() > f.growthLimit()
}

// countLists holds items (columns or rows of the active submatrix) in doubly
// linked lists by nonzero count, so the Markowitz search visits the sparsest
// first. head has one list per count 0..m and one for larger counts; in[j]
// is the list item j is in, −1 once removed.
type countLists struct{ head, next, prev, in []int }

func (l *countLists) add(j, count int) {
	c := min(count, len(l.head)-1)
	l.in[j] = c
	l.prev[j] = -1
	l.next[j] = l.head[c]
	if l.head[c] >= 0 {
		l.prev[l.head[c]] = j
	}
	l.head[c] = j
}

func (l *countLists) del(j int) {
	c := l.in[j]
	if c < 0 {
		return
	}
	if l.prev[j] >= 0 {
		l.next[l.prev[j]] = l.next[j]
	} else {
		l.head[c] = l.next[j]
	}
	if l.next[j] >= 0 {
		l.prev[l.next[j]] = l.prev[j]
	}
	l.in[j] = -1
}

func growBool(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	return s[:n]
}
