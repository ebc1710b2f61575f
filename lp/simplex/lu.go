package simplex

import "math"

// factor is a sparse LU factorisation of the basis matrix B (rows = constraint
// rows, columns = basis positions) followed by a product-form eta file of
// the basis changes since the last refactorisation.
//
// Elimination step k pivots on row pr[k] and basis position pc[k]; it
// subtracts multiples lVal of row pr[k] from rows lIdx (L) and keeps row
// pr[k] of the active matrix as row k of U (diagonal uDiag[k], the other
// entries in uIdx/uVal by basis position).
type factor struct {
	m      int
	pr, pc []int

	lStart []int
	lIdx   []int
	lVal   []float64
	// L by row: for row i, the steps k (and multipliers) that subtract from i.
	ltStart []int
	ltStep  []int
	ltVal   []float64
	stepOf  []int // stepOf[row] = k with pr[k] == row

	uDiag  []float64
	uStart []int
	uIdx   []int // basis positions
	uVal   []float64
	// U by column (basis position): the steps whose U row has an entry there.
	ucStart []int
	ucStep  []int
	ucVal   []float64
	stepOfC []int // stepOfC[pos] = k with pc[k] == pos

	// eta file
	eR     []int
	ePiv   []float64
	eStart []int
	eIdx   []int
	eVal   []float64

	work []float64

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
	f.uDiag = f.uDiag[:0]
	f.uStart = append(f.uStart[:0], 0)
	f.uIdx = f.uIdx[:0]
	f.uVal = f.uVal[:0]
	f.eR = f.eR[:0]
	f.ePiv = f.ePiv[:0]
	f.eStart = append(f.eStart[:0], 0)
	f.eIdx = f.eIdx[:0]
	f.eVal = f.eVal[:0]
	if cap(f.work) < m {
		f.work = make([]float64, m)
	}
	f.work = f.work[:m]

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
	colHead := carve(m + 2)
	rowHead := carve(m + 2)
	for k := range colHead {
		colHead[k] = -1
		rowHead[k] = -1
	}
	colNext := carve(m)
	colPrev := carve(m)
	rowNext := carve(m)
	rowPrev := carve(m)
	colIn := carve(m) // bucket a column is in, -1 if removed
	rowIn := carve(m)
	clamp := func(c int) int {
		if c > m+1 {
			return m + 1
		}
		return c
	}
	addCol := func(j int) {
		c := clamp(len(cIdx[j]))
		colIn[j] = c
		colPrev[j] = -1
		colNext[j] = colHead[c]
		if colHead[c] >= 0 {
			colPrev[colHead[c]] = j
		}
		colHead[c] = j
	}
	delCol := func(j int) {
		c := colIn[j]
		if c < 0 {
			return
		}
		if colPrev[j] >= 0 {
			colNext[colPrev[j]] = colNext[j]
		} else {
			colHead[c] = colNext[j]
		}
		if colNext[j] >= 0 {
			colPrev[colNext[j]] = colPrev[j]
		}
		colIn[j] = -1
	}
	addRow := func(i int) {
		c := clamp(len(rIdx[i]))
		rowIn[i] = c
		rowPrev[i] = -1
		rowNext[i] = rowHead[c]
		if rowHead[c] >= 0 {
			rowPrev[rowHead[c]] = i
		}
		rowHead[c] = i
	}
	delRow := func(i int) {
		c := rowIn[i]
		if c < 0 {
			return
		}
		if rowPrev[i] >= 0 {
			rowNext[rowPrev[i]] = rowNext[i]
		} else {
			rowHead[c] = rowNext[i]
		}
		if rowNext[i] >= 0 {
			rowPrev[rowNext[i]] = rowPrev[i]
		}
		rowIn[i] = -1
	}
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
		for colHead[0] >= 0 {
			j := colHead[0]
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
			for j := colHead[cnt]; j >= 0; j = colNext[j] {
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
			for i := rowHead[cnt]; i >= 0; i = rowNext[i] {
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
		f.uDiag = append(f.uDiag, piv)
		f.uIdx = append(f.uIdx, uRowIdx...)
		f.uVal = append(f.uVal, uRowVal...)
		f.uStart = append(f.uStart, len(f.uIdx))
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
	f.stepOf = grow(f.stepOf, m)
	f.stepOfC = grow(f.stepOfC, m)
	for k := 0; k < m; k++ {
		f.stepOf[f.pr[k]] = k
		f.stepOfC[f.pc[k]] = k
	}
	// L by row
	f.ltStart = growZero(f.ltStart, m+1)
	for _, i := range f.lIdx {
		f.ltStart[i+1]++
	}
	for i := 0; i < m; i++ {
		f.ltStart[i+1] += f.ltStart[i]
	}
	nl := len(f.lIdx)
	f.ltStep = grow(f.ltStep, nl)
	f.ltVal = growF(f.ltVal, nl)
	next := make([]int, m)
	copy(next, f.ltStart[:m])
	for k := 0; k < m; k++ {
		for p := f.lStart[k]; p < f.lStart[k+1]; p++ {
			i := f.lIdx[p]
			f.ltStep[next[i]] = k
			f.ltVal[next[i]] = f.lVal[p]
			next[i]++
		}
	}
	// U by column
	f.ucStart = growZero(f.ucStart, m+1)
	for _, j := range f.uIdx {
		f.ucStart[j+1]++
	}
	for j := 0; j < m; j++ {
		f.ucStart[j+1] += f.ucStart[j]
	}
	nu := len(f.uIdx)
	f.ucStep = grow(f.ucStep, nu)
	f.ucVal = growF(f.ucVal, nu)
	copy(next, f.ucStart[:m])
	for k := 0; k < m; k++ {
		for p := f.uStart[k]; p < f.uStart[k+1]; p++ {
			j := f.uIdx[p]
			f.ucStep[next[j]] = k
			f.ucVal[next[j]] = f.uVal[p]
			next[j]++
		}
	}
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

// ftran overwrites v (indexed by row) with B⁻¹v (indexed by basis position).
func (f *factor) ftran(v []float64) {
	m := f.m
	// L
	for k := 0; k < m; k++ {
		s, e := f.lStart[k], f.lStart[k+1]
		if s == e {
			continue
		}
		if a := v[f.pr[k]]; a != 0 {
			for p := s; p < e; p++ {
				v[f.lIdx[p]] -= f.lVal[p] * a
			}
		}
	}
	// U, column oriented: x[pc[k]] = v[pr[k]]/diag, then subtract from
	// the rows of earlier steps.
	x := f.work
	for k := m - 1; k >= 0; k-- {
		a := v[f.pr[k]]
		if a == 0 {
			x[f.pc[k]] = 0
			continue
		}
		a /= f.uDiag[k]
		x[f.pc[k]] = a
		j := f.pc[k]
		for p := f.ucStart[j]; p < f.ucStart[j+1]; p++ {
			v[f.pr[f.ucStep[p]]] -= f.ucVal[p] * a
		}
	}
	copy(v, x)
	// etas
	for e := range f.eR {
		r := f.eR[e]
		a := v[r]
		if a == 0 {
			continue
		}
		a /= f.ePiv[e]
		v[r] = a
		for p := f.eStart[e]; p < f.eStart[e+1]; p++ {
			v[f.eIdx[p]] -= f.eVal[p] * a
		}
	}
}

// btran overwrites h (indexed by basis position) with B⁻ᵀh (indexed by row).
func (f *factor) btran(h []float64) {
	m := f.m
	for e := len(f.eR) - 1; e >= 0; e-- {
		r := f.eR[e]
		s := h[r]
		for p := f.eStart[e]; p < f.eStart[e+1]; p++ {
			s -= f.eVal[p] * h[f.eIdx[p]]
		}
		h[r] = s / f.ePiv[e]
	}
	// Uᵀ w = h, row oriented: w[pr[k]] = h[pc[k]]/diag, then subtract.
	w := f.work
	for k := 0; k < m; k++ {
		a := h[f.pc[k]]
		if a == 0 {
			w[f.pr[k]] = 0
			continue
		}
		a /= f.uDiag[k]
		w[f.pr[k]] = a
		for p := f.uStart[k]; p < f.uStart[k+1]; p++ {
			h[f.uIdx[p]] -= f.uVal[p] * a
		}
	}
	// y = Mᵀ w: for steps l descending, w[pr[l]] final; push into earlier steps.
	for l := m - 1; l >= 0; l-- {
		i := f.pr[l]
		a := w[i]
		if a == 0 {
			continue
		}
		for p := f.ltStart[i]; p < f.ltStart[i+1]; p++ {
			w[f.pr[f.ltStep[p]]] -= f.ltVal[p] * a
		}
	}
	copy(h, w)
}

// update appends the eta of replacing basis position r by a column whose
// ftran'd form is alpha (indexed by basis position).
func (f *factor) update(r int, alpha []float64) {
	for i, a := range alpha {
		if i != r && math.Abs(a) > 1e-13 {
			f.eIdx = append(f.eIdx, i)
			f.eVal = append(f.eVal, a)
		}
	}
	f.eR = append(f.eR, r)
	f.ePiv = append(f.ePiv, alpha[r])
	f.eStart = append(f.eStart, len(f.eIdx))
}

func (f *factor) numEtas() int { return len(f.eR) }

// needRefactor reports whether the eta file has grown enough that a fresh
// factorisation is cheaper to use: after refactorEvery updates, or when the
// etas hold more nonzeros than L and U together.
func (f *factor) needRefactor() bool {
	return len(f.eR) >= refactorEvery || len(f.eIdx) > len(f.lIdx)+len(f.uIdx)+f.m
}
