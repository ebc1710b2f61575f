package simplex

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// AddRows appends rows (cuts) to the model. Each new row enters the basis
// with its logical, so a dual feasible basis stays dual feasible and the next
// Solve continues with the dual simplex. On an error nothing is added.
func (sv *Solver) AddRows(rows []lp.Row) error {
	s := sv.s
	sv.optimal = false
	sv.dualsKept = false
	n := s.n
	for k := range rows {
		r := &rows[k]
		if len(r.Ind) != len(r.Val) {
			return fmt.Errorf("simplex: AddRows: rows[%d]: %d indices but %d values", k, len(r.Ind), len(r.Val))
		}
		if err := lp.CheckBounds(r.Lower, r.Upper); err != nil {
			return fmt.Errorf("simplex: AddRows: rows[%d]: %v", k, err)
		}
		seen := make(map[int]bool, len(r.Ind))
		for t, j := range r.Ind {
			if j < 0 || j >= n {
				return fmt.Errorf("simplex: AddRows: rows[%d].Ind[%d]: column index must be in [0,%d), got %d", k, t, n, j)
			}
			if seen[j] {
				return fmt.Errorf("simplex: AddRows: rows[%d].Ind[%d]: column %d appears twice", k, t, j)
			}
			seen[j] = true
			if v := r.Val[t]; math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("simplex: AddRows: rows[%d].Val[%d]: must be finite, got %v", k, t, v)
			}
		}
	}
	if len(rows) == 0 {
		return nil
	}
	m0 := s.m
	m1 := m0 + len(rows)
	// row scale factors from the already scaled columns
	newRS := make([]float64, len(rows))
	for k := range rows {
		lo, hi := math.Inf(1), 0.0
		for t, j := range rows[k].Ind {
			a := math.Abs(rows[k].Val[t]) * s.cs[j]
			if a == 0 {
				continue
			}
			lo = math.Min(lo, a)
			hi = math.Max(hi, a)
		}
		newRS[k] = 1
		if hi > 0 && !sv.opts.NoScaling {
			newRS[k] = pow2(1 / math.Sqrt(lo*hi))
		}
	}
	// rebuild the column storage with the new entries appended per column
	cnt := make([]int, n+1)
	for j := 0; j < n; j++ {
		cnt[j+1] = s.colPtr[j+1] - s.colPtr[j]
	}
	for k := range rows {
		for t, j := range rows[k].Ind {
			if rows[k].Val[t] != 0 {
				cnt[j+1]++
			}
		}
	}
	for j := 0; j < n; j++ {
		cnt[j+1] += cnt[j]
	}
	nnz := cnt[n]
	rowInd := make([]int, nnz)
	colVal := make([]float64, nnz)
	next := make([]int, n)
	for j := 0; j < n; j++ {
		p := cnt[j]
		for q := s.colPtr[j]; q < s.colPtr[j+1]; q++ {
			rowInd[p] = s.rowInd[q]
			colVal[p] = s.colVal[q]
			p++
		}
		next[j] = p
	}
	for k := range rows {
		for t, j := range rows[k].Ind {
			v := rows[k].Val[t]
			if v == 0 {
				continue
			}
			rowInd[next[j]] = m0 + k
			colVal[next[j]] = v * newRS[k] * s.cs[j]
			next[j]++
		}
	}
	s.colPtr, s.rowInd, s.colVal = cnt, rowInd, colVal
	s.m = m1
	s.rs = append(s.rs, newRS...)
	s.buildRows()
	for k := range rows {
		r := rows[k]
		r.Ind = append([]int(nil), r.Ind...)
		r.Val = append([]float64(nil), r.Val...)
		sv.model.Rows = append(sv.model.Rows, r)
		s.c = append(s.c, 0)
		s.lb = append(s.lb, -r.Upper*newRS[k])
		s.ub = append(s.ub, -r.Lower*newRS[k])
		s.stat = append(s.stat, Basic)
		s.pos = append(s.pos, m0+k)
		s.head = append(s.head, n+m0+k)
		s.w = append(s.w, 1)
	}
	s.allocWork()
	s.luValid = false
	return nil
}
