package mip

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// DefaultOneOpt is whether the 1-opt pass runs when Options.OneOpt is Auto:
// off, because it did not pay on the development set (package documentation,
// "Primal heuristics").
const DefaultOneOpt = false

// oneOpt improves a new incumbent y by shifting single integer columns
// (1-opt, Berthold 2006, §3.8 of his thesis "Primal heuristics for mixed
// integer programs"): a column j with cost cⱼ ≠ 0 (minimisation form) moves
// by δ in the direction −sign(cⱼ), δ the largest integer the column's
// bounds and every row of the model through it allow — for a row whose
// activity the move raises towards its side Uᵢ, δ ≤ (Uᵢ − aᵢy)/|aᵢⱼ|. Every shift lowers the
// objective by |cⱼ|δ and keeps every row satisfied; the columns are visited
// in turn until a sweep moves none (at most three sweeps). With continuous
// columns, the shifted point's continuous part is then re-optimised by an
// LP with the integer columns fixed (polishContinuous), unless the
// incumbent was an integral node LP that no shift moved. The result goes
// through tryIncumbent like any other candidate.
func (s *search) oneOpt(y []float64, how string) {
	x := append([]float64(nil), y...)
	act := s.m.Activities(x)
	cols := s.mColumns()
	moved := false
	for sweep := 0; sweep < 3; sweep++ {
		any := false
		for j := range s.n {
			c := s.sign * s.m.Obj[j]
			if !s.isInt[j] || c == 0 {
				continue
			}
			dir := -1.0
			room := x[j] - math.Ceil(s.m.Vars[j].Lower-s.opts.IntTol)
			if c < 0 {
				dir, room = 1, math.Floor(s.m.Vars[j].Upper+s.opts.IntTol)-x[j]
			}
			for k, i := range cols.rows[j] {
				a := dir * cols.vals[j][k] // activity change per unit step
				r := &s.m.Rows[i]
				if a > 0 && !math.IsInf(r.Upper, 1) {
					room = math.Min(room, (r.Upper-act[i])/a)
				} else if a < 0 && !math.IsInf(r.Lower, -1) {
					room = math.Min(room, (act[i]-r.Lower)/(-a))
				}
			}
			step := math.Floor(room + 1e-9)
			if step < 1 || math.IsInf(step, 0) {
				continue
			}
			x[j] += dir * step
			for k, i := range cols.rows[j] {
				act[i] += dir * step * cols.vals[j][k]
			}
			any, moved = true, true
		}
		if !any {
			break
		}
	}
	// an integral node LP has the best continuous part for its integer
	// columns already; other sources' continuous parts are re-optimised
	if (moved || how != "lp") && s.polishContinuous(x, how+" + 1-opt") {
		return
	}
	if moved {
		s.tryIncumbent(x, how+" + 1-opt")
	}
}

// columns is a column-wise copy of a model's rows.
type columns struct {
	rows [][]int
	vals [][]float64
}

// mColumns returns the columns of the original model s.m.
func (s *search) mColumns() *columns {
	if s.primal.cols != nil {
		return s.primal.cols
	}
	c := &columns{rows: make([][]int, s.n), vals: make([][]float64, s.n)}
	for i := range s.m.Rows {
		r := &s.m.Rows[i]
		for k, j := range r.Ind {
			c.rows[j] = append(c.rows[j], i)
			c.vals[j] = append(c.vals[j], r.Val[k])
		}
	}
	s.primal.cols = c
	return c
}

// polishContinuous fixes the integer columns of x and solves the LP in the
// continuous ones (of the working model at the root bounds); its optimum
// goes to tryIncumbent. It reports false when the model has no continuous
// column or the LP fails or is not optimal: the caller then offers x as it
// is.
//
// Its LPs, each solved cold, may take at most a tenth of the simplex
// iterations of the search so far (after the first, which is always
// allowed); the budget is counted in iterations, not time, so that the
// search stays deterministic.
func (s *search) polishContinuous(x []float64, how string) bool {
	if s.primal.polishes > 0 && 10*s.primal.polishIters > s.iters {
		return false
	}
	return s.polish(x, how)
}

// polish is polishContinuous without its budget: the LP with x's integer
// columns fixed, its point offered to tryIncumbent. It reports false when
// the model has no continuous column, the search is stopped or the LP
// fails.
func (s *search) polish(x []float64, how string) bool {
	y, ok := s.polishLP(x)
	return ok && s.tryIncumbent(y, how)
}

// polishLP solves the LP with x's integer columns fixed (rounded) and the
// continuous ones at their root bounds, and returns its optimum with the
// integer columns exactly integral; false when the model has no continuous
// column, the search is stopped or the LP is not solved to optimality.
func (s *search) polishLP(x []float64) ([]float64, bool) {
	if countTrue(s.isInt) == s.n || s.halted() {
		return nil, false
	}
	s.primal.polishes++
	m := s.w.Clone()
	for j := range m.Vars {
		if s.isInt[j] {
			v := math.Round(x[j])
			m.Vars[j].Lower, m.Vars[j].Upper = v, v
		} else {
			m.Vars[j].Lower, m.Vars[j].Upper = s.rootLo[j], s.rootHi[j]
		}
	}
	rel, err := s.mk(m)
	if err != nil {
		return nil, false
	}
	sol, err := rel.Solve(s.ctx)
	if err != nil || sol.Status != lp.Optimal {
		return nil, false
	}
	s.iters += sol.Iterations
	s.primal.polishIters += sol.Iterations
	y := sol.X
	for j := range y {
		if s.isInt[j] {
			y[j] = math.Round(x[j])
		}
	}
	return y, true
}

// logf writes one line to the log.
func (s *search) logf(format string, a ...any) {
	fmt.Fprintf(s.opts.Log, format+"\n", a...)
}
