package presolve

import (
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// Postsolve maps a solution of r.Reduced back to the original model.
//
// sol.X (if present) is extended with the values presolve chose for the
// removed columns; RowActivity and Objective are recomputed on the original
// model. When sol carries duals (RowDual and ReducedCost in the sign
// convention of package lp, c = Aᵀy + d, for the model's own sense), the
// duals of removed rows and columns are reconstructed so that an optimal
// primal-dual pair of Reduced becomes an optimal pair of the original model;
// ReducedCost is returned as c − Aᵀy on the original matrix, so stationarity
// holds to rounding. A Ray (unbounded direction) is extended by zeros on
// the removed columns, except that a substituted column follows its row.
// FarkasRow is not mapped and is nil in the result.
//
// A value that would be infinite or NaN (possible only with data near the
// float64 limit) makes Postsolve fail with an error wrapping ErrOutOfRange,
// so that no solution with a NaN ever leaves it.
//
// Duals are exact only for LP reductions: after integer rounding of bounds
// (a model with integer columns presolved without IgnoreIntegrality) they
// are returned but need not satisfy complementarity.
func (r *Result) Postsolve(sol *lp.Solution) (*lp.Solution, error) {
	if r == nil {
		return nil, errors.New("presolve: Postsolve on a nil Result")
	}
	if r.Status != lp.NotSolved || r.Reduced == nil {
		return nil, fmt.Errorf("%w: presolve status is %s (%s)", ErrNoPostsolve, r.Status, r.Reason)
	}
	if sol == nil {
		return nil, errors.New("presolve: solution: must not be nil")
	}
	nRed, mRed := len(r.keptCols), len(r.keptRows)
	if sol.X != nil && len(sol.X) != nRed {
		return nil, fmt.Errorf("presolve: solution.X: want length %d (columns of the reduced model), got %d", nRed, len(sol.X))
	}
	if sol.Ray != nil && len(sol.Ray) != nRed {
		return nil, fmt.Errorf("presolve: solution.Ray: want length %d, got %d", nRed, len(sol.Ray))
	}
	duals := sol.RowDual != nil || sol.ReducedCost != nil
	if duals {
		if len(sol.RowDual) != mRed {
			return nil, fmt.Errorf("presolve: solution.RowDual: want length %d (rows of the reduced model), got %d", mRed, len(sol.RowDual))
		}
		if len(sol.ReducedCost) != nRed {
			return nil, fmt.Errorf("presolve: solution.ReducedCost: want length %d, got %d", nRed, len(sol.ReducedCost))
		}
	}
	m := r.orig
	n, nr := m.NumVars(), m.NumRows()
	out := *sol
	out.X, out.RowActivity, out.RowDual, out.ReducedCost, out.FarkasRow, out.Ray = nil, nil, nil, nil, nil, nil

	if sol.Ray != nil {
		out.Ray = r.mapRay(sol.Ray)
	}
	if sol.X == nil && !duals {
		return &out, nil
	}

	// Work in minimisation sense: for a maximisation y and d flip sign.
	sign := 1.0
	if !r.min {
		sign = -1
	}
	x := make([]float64, n)
	y := make([]float64, nr)
	d := make([]float64, n)
	active := make([]bool, nr)
	for k, j := range r.keptCols {
		if sol.X != nil {
			x[j] = sol.X[k]
		}
		if duals {
			d[j] = sign * sol.ReducedCost[k]
		}
	}
	for k, i := range r.keptRows {
		active[i] = true
		if duals {
			y[i] = sign * sol.RowDual[k]
		}
	}
	a := r.a
	for s := len(r.stack) - 1; s >= 0; s-- {
		o := &r.stack[s]
		switch o.kind {
		case opDropRow:
			y[o.row] = 0
			active[o.row] = true
		case opFixCol:
			j := o.col
			x[j] = r.xfix[j]
			if duals {
				dj := o.coef // the column's cost when it was removed
				for q := a.ColPtr[j]; q < a.ColPtr[j+1]; q++ {
					if i := a.RowInd[q]; active[i] {
						dj -= a.Val[q] * y[i]
					}
				}
				d[j] = dj
			}
		case opSingletonRow:
			// The row's dual is the part of the column's reduced cost that
			// the bound taken from the row made binding.
			active[o.row] = true
			y[o.row] = 0
			j := o.col
			if (d[j] > 0 && o.lowFrom) || (d[j] < 0 && o.upFrom) {
				y[o.row] = d[j] / o.coef
				d[j] = 0
			}
		case opForcingRow:
			// Choose the row dual with the sign its tight side allows that
			// gives every fixed column a reduced cost of the right sign.
			cols, vals, free := r.ent.of(o)
			yi := 0.0
			for k, j := range cols {
				if !free[k] {
					continue
				}
				t := d[j] / vals[k]
				if o.lowFrom && t > yi || !o.lowFrom && t < yi {
					yi = t
				}
			}
			for k, j := range cols {
				d[j] -= vals[k] * yi
			}
			y[o.row] = yi
			active[o.row] = true
		case opSubstituteCol:
			// x_j solves the equality row; x_j is free in the reduced sense,
			// so d_j = 0 and the row's dual carries its cost.
			j := o.col
			v := o.rhs / o.coef
			cols, vals, _ := r.ent.of(o)
			for k, c := range cols {
				v -= vals[k] / o.coef * x[c]
			}
			x[j] = v
			y[o.row] = o.cost / o.coef
			d[j] = 0
			active[o.row] = true
		case opDuplicateRow:
			// Row o.row = λ·row o.col was merged into row o.col; hand the
			// dual back to whichever row supplied the binding bound.
			active[o.row] = true
			y[o.row] = 0
			keep := o.col
			if (y[keep] > 0 && o.lowFrom) || (y[keep] < 0 && o.upFrom) {
				y[o.row] = y[keep] / o.coef
				y[keep] = 0
			}
		}
	}
	if sol.X != nil {
		out.X = x
		out.RowActivity = m.Activities(x)
		out.Objective = m.Objective(x)
	}
	if duals {
		for i := range y {
			y[i] *= sign
		}
		aty := a.MulTransVec(y)
		for j := range d {
			d[j] = m.Obj[j] - aty[j]
		}
		out.RowDual, out.ReducedCost = y, d
	}
	if err := r.checkFinite(&out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ErrOutOfRange is wrapped by Postsolve when a value of the original model's
// solution would be infinite or NaN. That happens only with data near the
// float64 limit (say coefficients of 1e300 and 1e-300), where a value the
// reduced solution implies, such as a dual y = d/a, cannot be represented.
// The caller can solve the original model without presolve instead.
var ErrOutOfRange = errors.New("presolve: postsolved value beyond the float64 range")

// checkFinite reports the first value of X, RowDual or ReducedCost that is
// not a finite number.
func (r *Result) checkFinite(sol *lp.Solution) error {
	m := r.orig
	for j, v := range sol.X {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("%w: x of column %d (%s) = %v", ErrOutOfRange, j, m.Vars[j].Name, v)
		}
	}
	for i, v := range sol.RowDual {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("%w: dual of row %d (%s) = %v", ErrOutOfRange, i, m.Rows[i].Name, v)
		}
	}
	for j, v := range sol.ReducedCost {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("%w: reduced cost of column %d (%s) = %v", ErrOutOfRange, j, m.Vars[j].Name, v)
		}
	}
	return nil
}

// mapRay extends a ray of the reduced model: removed columns are fixed (0),
// a substituted column moves so that its row's activity stays put.
func (r *Result) mapRay(ray []float64) []float64 {
	out := make([]float64, r.orig.NumVars())
	for k, j := range r.keptCols {
		out[j] = ray[k]
	}
	for s := len(r.stack) - 1; s >= 0; s-- {
		if o := &r.stack[s]; o.kind == opSubstituteCol {
			v := 0.0
			cols, vals, _ := r.ent.of(o)
			for k, c := range cols {
				v -= vals[k] / o.coef * out[c]
			}
			out[o.col] = v
		}
	}
	return out
}
