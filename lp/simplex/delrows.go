package simplex

import (
	"fmt"

	"github.com/streamopt/streamopt/fault"
)

// ErrRowNotBasic is wrapped by the error DeleteRows returns for a row whose
// logical (slack) variable is nonbasic in the current basis, i.e. a row
// that is tight and whose removal would leave the basis one column short.
var ErrRowNotBasic = fault.New(fault.ErrInput, "simplex: DeleteRows: the row's logical is not basic")

// DeleteRows removes the rows with the given indices (of the current
// model, in any order) from the model and the basis. Each row's logical
// must be basic (the row is not tight at the current basis, as Basis
// reports with Rows[i] == Basic); otherwise the error wraps
// ErrRowNotBasic and names the row. An index out of range or given twice
// is an error too; on any error nothing changes.
//
// The rows after a deleted one move down: row i becomes row i minus the
// number of deleted rows before it, in the model, in Basis, in the
// solutions and for later calls of DeleteRows and SetBasis.
//
// With the logical of each deleted row basic, the remaining basis is a
// basis of the smaller model with the same values of the remaining
// variables, the same duals and the same dual steepest-edge weights (see
// doc.go, "Adding and deleting rows"); the solver keeps them, so the next
// Solve continues warm, with 0 iterations after an optimum.
func (sv *Solver) DeleteRows(rows []int) error {
	s := sv.s
	del := make([]bool, s.m)
	for t, i := range rows {
		if i < 0 || i >= s.m {
			return fault.Errorf(fault.ErrInput, "simplex: DeleteRows: rows[%d]: row index must be in [0,%d), got %d", t, s.m, i)
		}
		if del[i] {
			return fault.Errorf(fault.ErrInput, "simplex: DeleteRows: rows[%d]: row %d appears twice", t, i)
		}
		if s.stat[s.n+i] != Basic {
			return fmt.Errorf("%w: rows[%d]: row %d", ErrRowNotBasic, t, i)
		}
		del[i] = true
	}
	if len(rows) == 0 {
		return nil
	}
	s.deleteRows(del)
	k := 0
	for i := range sv.model.Rows {
		if !del[i] {
			sv.model.Rows[k] = sv.model.Rows[i]
			k++
		}
	}
	clear(sv.model.Rows[k:])
	sv.model.Rows = sv.model.Rows[:k]
	sv.optimal = false
	sv.dualsKept = false
	return nil
}

// deleteRows removes the rows marked in del, whose logicals are all basic,
// keeping x, d, y (rho) and the dual steepest-edge weights of the rest;
// the factors are marked stale.
func (s *core) deleteRows(del []bool) {
	n, m0 := s.n, s.m
	newRow := make([]int, m0) // new index of each row, −1 if deleted
	m1 := 0
	for i := range newRow {
		if del[i] {
			newRow[i] = -1
			continue
		}
		newRow[i] = m1
		m1++
	}
	// the scaled matrix by column, in place, then by row
	q := 0
	for j := 0; j < n; j++ {
		a, b := s.colPtr[j], s.colPtr[j+1]
		s.colPtr[j] = q
		for p := a; p < b; p++ {
			if i := newRow[s.rowInd[p]]; i >= 0 {
				s.rowInd[q] = i
				s.colVal[q] = s.colVal[p]
				q++
			}
		}
	}
	s.colPtr[n] = q
	s.rowInd, s.colVal = s.rowInd[:q], s.colVal[:q]
	for i, k := range newRow {
		if k >= 0 {
			s.rs[k] = s.rs[i]
			s.rho[k] = s.rho[i] // y by row; the deleted rows' y is 0
		}
	}
	s.rs = s.rs[:m1]
	// the variables: the logicals of the kept rows move down
	for _, v := range [][]float64{s.c, s.lb, s.ub, s.cost, s.lo, s.up, s.x, s.d} {
		for i, k := range newRow {
			if k >= 0 {
				v[n+k] = v[n+i]
			}
		}
	}
	for i, k := range newRow {
		if k >= 0 {
			s.stat[n+k] = s.stat[n+i]
		}
	}
	N := n + m1
	s.c, s.lb, s.ub = s.c[:N], s.lb[:N], s.ub[:N]
	s.stat = s.stat[:N]
	// the basis positions of the deleted logicals go; the others keep
	// their order, and their weights
	p1 := 0
	for p, j := range s.head {
		if j >= n {
			if newRow[j-n] < 0 {
				continue
			}
			j = n + newRow[j-n]
		}
		s.head[p1] = j
		s.w[p1] = s.w[p]
		p1++
	}
	s.head, s.w = s.head[:p1], s.w[:p1]
	s.pos = s.pos[:N]
	for j := range s.pos {
		s.pos[j] = -1
	}
	for p, j := range s.head {
		s.pos[j] = p
	}
	s.m = m1
	s.buildRows()
	s.allocWork() // keeps the prefixes of x, d and rho
	s.luValid = false
	s.yOfC = false
	s.farkasRow, s.rayCol = nil, nil
	s.ucols = modelCols{} // rebuilt from the model on the next answer
}
