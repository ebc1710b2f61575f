package lp

// CSC is a sparse matrix in compressed sparse column form: the nonzeros of
// column j are Val[ColPtr[j]:ColPtr[j+1]] in the rows RowInd[ColPtr[j]:ColPtr[j+1]],
// with row indices increasing within a column.
type CSC struct {
	Rows, Cols int
	ColPtr     []int
	RowInd     []int
	Val        []float64
}

// Matrix returns the constraint matrix of m in column form.
func (m *Model) Matrix() *CSC {
	n := len(m.Vars)
	a := &CSC{Rows: len(m.Rows), Cols: n, ColPtr: make([]int, n+1)}
	for i := range m.Rows {
		for _, j := range m.Rows[i].Ind {
			a.ColPtr[j+1]++
		}
	}
	for j := 0; j < n; j++ {
		a.ColPtr[j+1] += a.ColPtr[j]
	}
	nnz := a.ColPtr[n]
	a.RowInd = make([]int, nnz)
	a.Val = make([]float64, nnz)
	next := append([]int(nil), a.ColPtr[:n]...)
	for i := range m.Rows {
		r := &m.Rows[i]
		for k, j := range r.Ind {
			p := next[j]
			a.RowInd[p] = i
			a.Val[p] = r.Val[k]
			next[j]++
		}
	}
	return a
}

// MulVec returns A·x.
func (a *CSC) MulVec(x []float64) []float64 {
	y := make([]float64, a.Rows)
	for j := 0; j < a.Cols; j++ {
		if xj := x[j]; xj != 0 {
			for p := a.ColPtr[j]; p < a.ColPtr[j+1]; p++ {
				y[a.RowInd[p]] += a.Val[p] * xj
			}
		}
	}
	return y
}

// MulTransVec returns Aᵀ·y.
func (a *CSC) MulTransVec(y []float64) []float64 {
	z := make([]float64, a.Cols)
	for j := 0; j < a.Cols; j++ {
		s := 0.0
		for p := a.ColPtr[j]; p < a.ColPtr[j+1]; p++ {
			s += a.Val[p] * y[a.RowInd[p]]
		}
		z[j] = s
	}
	return z
}
