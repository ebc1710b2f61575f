package mip

import (
	"context"
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
	glp "gonum.org/v1/gonum/optimize/convex/lp"

	"github.com/streamopt/streamopt/lp"
)

// gonumRelax is a test double for the LP relaxation: it converts the model
// with its current column bounds to the standard form min cᵀx, Ax = b, x ≥ 0
// and solves it from scratch with gonum's dense simplex. It has no warm start
// and no reduced costs, which exercises branch and bound without them.
type gonumRelax struct {
	m      *lp.Model
	lo, hi []float64
	solves int
}

func newGonumRelax(m *lp.Model) (relaxation, error) {
	r := &gonumRelax{m: m}
	for _, v := range m.Vars {
		r.lo = append(r.lo, v.Lower)
		r.hi = append(r.hi, v.Upper)
	}
	return r, nil
}

func (r *gonumRelax) ColBounds(j int) (float64, float64) { return r.lo[j], r.hi[j] }
func (r *gonumRelax) SetColBounds(j int, lo, hi float64) { r.lo[j], r.hi[j] = lo, hi }
func (r *gonumRelax) Snapshot() any                      { return nil }
func (r *gonumRelax) Restore(any) error                  { return nil }

func (r *gonumRelax) Solve(ctx context.Context) (*lp.Solution, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r.solves++
	m := r.m
	n := len(m.Vars)
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	// column j of the model is off[j] + Σ coef·p over its standard columns
	type part struct {
		col  int
		coef float64
	}
	var c []float64
	var rows [][]float64 // dense rows over standard columns, grown as columns appear
	var b []float64
	parts := make([][]part, n)
	off := make([]float64, n)
	newCol := func(cost float64) int {
		c = append(c, cost)
		for i := range rows {
			rows[i] = append(rows[i], 0)
		}
		return len(c) - 1
	}
	newRow := func(rhs float64) int {
		rows = append(rows, make([]float64, len(c)))
		b = append(b, rhs)
		return len(rows) - 1
	}
	for j := 0; j < n; j++ {
		lo, hi, cj := r.lo[j], r.hi[j], sign*m.Obj[j]
		switch {
		case lo > hi:
			return &lp.Solution{Status: lp.Infeasible}, nil
		case !math.IsInf(lo, -1):
			off[j] = lo
			p := newCol(cj)
			parts[j] = []part{{p, 1}}
			if !math.IsInf(hi, 1) {
				s := newCol(0)
				i := newRow(hi - lo)
				rows[i][p], rows[i][s] = 1, 1
			}
		case !math.IsInf(hi, 1):
			off[j] = hi
			p := newCol(-cj)
			parts[j] = []part{{p, -1}}
		default:
			p, q := newCol(cj), newCol(-cj)
			parts[j] = []part{{p, 1}, {q, -1}}
		}
	}
	for _, row := range m.Rows {
		if row.Type() == lp.RowFree {
			continue
		}
		cons := 0.0
		coef := map[int]float64{}
		for k, j := range row.Ind {
			cons += row.Val[k] * off[j]
			for _, p := range parts[j] {
				coef[p.col] += row.Val[k] * p.coef
			}
		}
		var i int
		switch row.Type() {
		case lp.RowEQ:
			i = newRow(row.Lower - cons)
		case lp.RowLE:
			s := newCol(0)
			i = newRow(row.Upper - cons)
			rows[i][s] = 1
		case lp.RowGE:
			s := newCol(0)
			i = newRow(row.Lower - cons)
			rows[i][s] = -1
		case lp.RowRange:
			s, t := newCol(0), newCol(0)
			i = newRow(row.Lower - cons)
			rows[i][s] = -1
			k := newRow(row.Upper - row.Lower)
			rows[k][s], rows[k][t] = 1, 1
		}
		for p, v := range coef {
			rows[i][p] = v
		}
	}
	// Columns in no row: at 0 if their cost is ≥ 0, else the LP is unbounded.
	used := make([]bool, len(c))
	for _, row := range rows {
		for p, v := range row {
			if v != 0 {
				used[p] = true
			}
		}
	}
	var keep []int
	for p := range c {
		if used[p] {
			keep = append(keep, p)
		} else if c[p] < 0 {
			return &lp.Solution{Status: lp.Unbounded}, nil
		}
	}
	xs := make([]float64, len(c))
	if len(rows) > 0 {
		a := mat.NewDense(len(rows), len(keep), nil)
		ck := make([]float64, len(keep))
		for k, p := range keep {
			ck[k] = c[p]
			for i := range rows {
				a.Set(i, k, rows[i][p])
			}
		}
		_, x, err := glp.Simplex(ck, a, b, 1e-10, nil)
		switch {
		case errors.Is(err, glp.ErrInfeasible):
			return &lp.Solution{Status: lp.Infeasible, Iterations: 1}, nil
		case errors.Is(err, glp.ErrUnbounded):
			return &lp.Solution{Status: lp.Unbounded, Iterations: 1}, nil
		case err != nil:
			return &lp.Solution{Status: lp.NumericalError, Iterations: 1}, nil
		}
		for k, p := range keep {
			xs[p] = x[k]
		}
	}
	x := make([]float64, n)
	for j := range x {
		x[j] = off[j]
		for _, p := range parts[j] {
			x[j] += p.coef * xs[p.col]
		}
	}
	return &lp.Solution{Status: lp.Optimal, X: x, Objective: m.Objective(x), Iterations: 1}, nil
}
