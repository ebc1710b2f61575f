package presolve

// A small dense LP oracle for the tests, built on gonum's standard-form
// simplex (min cᵀz, Az = b, z ≥ 0). It solves the primal for x and the dual
// LP (max bᵀπ, Aᵀπ ≤ c) for the row duals, so that the two together form an
// optimal primal-dual pair by strong duality.

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
	glp "gonum.org/v1/gonum/optimize/convex/lp"

	"github.com/streamopt/streamopt/lp"
)

// piece maps a model quantity v = off + Σ coef·z over standard-form variables.
type piece struct {
	off  float64
	idx  []int
	coef []float64
}

// stdForm is the standard-form image of a model: every column and every row
// activity rᵢ is a bounded "generalised variable"; row i becomes aᵢᵀx − rᵢ = 0.
type stdForm struct {
	nz   int
	cost []float64
	rows [][]float64 // dense rows over z
	b    []float64
	gen  []piece // generalised variables: columns then row activities
	nEq  int     // the first nEq rows are the model rows
}

func toStd(m *lp.Model) *stdForm {
	n, nr := m.NumVars(), m.NumRows()
	s := &stdForm{gen: make([]piece, n+nr)}
	type ub struct {
		z1, z2 int
		rhs    float64
	}
	var ubs []ub
	bound := func(k int, lo, hi float64) {
		switch {
		case !math.IsInf(lo, -1) && !math.IsInf(hi, 1):
			s.gen[k] = piece{off: lo, idx: []int{s.nz}, coef: []float64{1}}
			ubs = append(ubs, ub{s.nz, s.nz + 1, hi - lo})
			s.nz += 2
		case !math.IsInf(lo, -1):
			s.gen[k] = piece{off: lo, idx: []int{s.nz}, coef: []float64{1}}
			s.nz++
		case !math.IsInf(hi, 1):
			s.gen[k] = piece{off: hi, idx: []int{s.nz}, coef: []float64{-1}}
			s.nz++
		default:
			s.gen[k] = piece{idx: []int{s.nz, s.nz + 1}, coef: []float64{1, -1}}
			s.nz += 2
		}
	}
	for j, v := range m.Vars {
		bound(j, v.Lower, v.Upper)
	}
	for i, r := range m.Rows {
		bound(n+i, r.Lower, r.Upper)
	}
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	s.cost = make([]float64, s.nz)
	for j := range m.Vars {
		g := s.gen[j]
		for k, z := range g.idx {
			s.cost[z] += sign * m.Obj[j] * g.coef[k]
		}
	}
	add := func(row []float64, g piece, a float64) float64 {
		for k, z := range g.idx {
			row[z] += a * g.coef[k]
		}
		return a * g.off
	}
	for i, r := range m.Rows {
		row := make([]float64, s.nz)
		off := 0.0
		for k, j := range r.Ind {
			off += add(row, s.gen[j], r.Val[k])
		}
		off += add(row, s.gen[n+i], -1)
		s.rows = append(s.rows, row)
		s.b = append(s.b, -off)
	}
	s.nEq = nr
	for _, u := range ubs {
		row := make([]float64, s.nz)
		row[u.z1], row[u.z2] = 1, 1
		s.rows = append(s.rows, row)
		s.b = append(s.b, u.rhs)
	}
	return s
}

// oracle is the outcome of solveDense.
type oracle struct {
	status lp.Status
	obj    float64
	x, y   []float64 // y in the lp sign convention for the model's sense
}

const oracleTol = 1e-10

// solveDense solves m with gonum's simplex. It returns an error only when
// gonum fails numerically.
func solveDense(m *lp.Model) (oracle, error) {
	s := toStd(m)
	// Drop all-zero columns of A (gonum rejects them): a negative cost on one
	// means unbounded if the rest is feasible, otherwise it stays at 0.
	keep := []int{}
	dualInfeasible := false
	for z := 0; z < s.nz; z++ {
		nonzero := false
		for _, row := range s.rows {
			if row[z] != 0 {
				nonzero = true
				break
			}
		}
		if nonzero {
			keep = append(keep, z)
		} else if s.cost[z] < 0 {
			dualInfeasible = true
		}
	}
	nr := len(s.rows)
	zval := make([]float64, s.nz)
	pi := make([]float64, nr)
	if len(keep) == 0 {
		for _, b := range s.b {
			if math.Abs(b) > 1e-9 {
				return oracle{status: lp.Infeasible}, nil
			}
		}
		if dualInfeasible {
			return oracle{status: lp.Unbounded}, nil
		}
	} else {
		a := mat.NewDense(nr, len(keep), nil)
		c := make([]float64, len(keep))
		for q, z := range keep {
			c[q] = s.cost[z]
			for i, row := range s.rows {
				a.Set(i, q, row[z])
			}
		}
		_, zk, err := glp.Simplex(c, a, s.b, oracleTol, nil)
		switch {
		case errors.Is(err, glp.ErrInfeasible):
			return oracle{status: lp.Infeasible}, nil
		case errors.Is(err, glp.ErrUnbounded):
			return oracle{status: lp.Unbounded}, nil
		case err != nil:
			return oracle{}, err
		}
		for q, z := range keep {
			zval[z] = zk[q]
		}
		if dualInfeasible {
			return oracle{status: lp.Unbounded}, nil
		}
		// Dual: max bᵀπ s.t. Aᵀπ ≤ c, as min −bᵀp + bᵀq, Aᵀp − Aᵀq + s = c.
		nk := len(keep)
		da := mat.NewDense(nk, 2*nr+nk, nil)
		dc := make([]float64, 2*nr+nk)
		for i := 0; i < nr; i++ {
			dc[i], dc[nr+i] = -s.b[i], s.b[i]
			for q, z := range keep {
				da.Set(q, i, s.rows[i][z])
				da.Set(q, nr+i, -s.rows[i][z])
			}
		}
		for q := 0; q < nk; q++ {
			da.Set(q, 2*nr+q, 1)
		}
		_, w, err := glp.Simplex(dc, da, c, oracleTol, nil)
		if err != nil {
			return oracle{}, err
		}
		for i := 0; i < nr; i++ {
			pi[i] = w[i] - w[nr+i]
		}
	}
	o := oracle{status: lp.Optimal, x: make([]float64, m.NumVars()), y: make([]float64, m.NumRows())}
	for j := range o.x {
		g := s.gen[j]
		v := g.off
		for k, z := range g.idx {
			v += g.coef[k] * zval[z]
		}
		o.x[j] = v
	}
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	for i := range o.y {
		o.y[i] = sign * pi[i]
	}
	o.obj = m.Objective(o.x)
	return o, nil
}

// solution turns an optimal oracle answer into an lp.Solution with
// ReducedCost = c − Aᵀy.
func (o oracle) solution(m *lp.Model) *lp.Solution {
	aty := m.Matrix().MulTransVec(o.y)
	d := make([]float64, m.NumVars())
	for j := range d {
		d[j] = m.Obj[j] - aty[j]
	}
	return &lp.Solution{Status: o.status, Objective: o.obj, X: o.x, RowActivity: m.Activities(o.x), RowDual: o.y, ReducedCost: d}
}
