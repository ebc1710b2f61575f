package iis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Bound is a column bound: column Col's upper bound, or its lower bound
// when Upper is false.
type Bound struct {
	Col   int
	Upper bool
}

// IIS is an irreducible infeasible subsystem of a model: rows (each with
// both its bounds) and column bounds, each in increasing order.
type IIS struct {
	Rows   []int
	Bounds []Bound
}

// Options control Find. The zero value is the default.
type Options struct {
	// Farkas is a Farkas certificate of the model (lp.Solution.FarkasRow)
	// to start from; nil makes Find solve the model for one.
	Farkas []float64
	// Simplex are the options of the simplex solves of the filter.
	Simplex simplex.Options
}

// ErrFeasible is returned by Find for a model whose LP relaxation is
// feasible (or that no solve could call infeasible): it has no IIS.
var ErrFeasible = fault.New(fault.ErrInput, "iis: the LP is not infeasible")

// Find returns an IIS of m, whose LP relaxation must be infeasible (see
// doc.go for the method). It returns an error wrapping ErrFeasible when it
// is not, ctx's error when ctx ends first, and another error when a solve
// ends neither optimal nor infeasible.
func Find(ctx context.Context, m *lp.Model, opts Options) (*IIS, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	// a crossed bound is an IIS by itself
	for j, v := range m.Vars {
		if v.Lower > v.Upper {
			return &IIS{Bounds: []Bound{{j, false}, {j, true}}}, nil
		}
	}
	for i, r := range m.Rows {
		if r.Lower > r.Upper {
			return &IIS{Rows: []int{i}}, nil
		}
	}
	f := &filter{m: m, opts: opts.Simplex}
	y := opts.Farkas
	if y == nil {
		infeasible, cert, err := f.solve(ctx, f.all())
		if err != nil {
			return nil, err
		}
		if !infeasible {
			return nil, fmt.Errorf("%w: %s has a feasible point", ErrFeasible, name(m))
		}
		y = cert
	}
	if len(y) != len(m.Rows) {
		return nil, fmt.Errorf("iis: Options.Farkas has %d entries for %d rows", len(y), len(m.Rows))
	}
	cur := f.support(y)
	if infeasible, _, err := f.solve(ctx, cur); err != nil {
		return nil, err
	} else if !infeasible {
		// the certificate's support is not infeasible by itself (an entry
		// below the zero tolerance mattered): start from everything
		cur = f.all()
		if infeasible, _, err := f.solve(ctx, cur); err != nil {
			return nil, err
		} else if !infeasible {
			return nil, fmt.Errorf("%w: %s has a feasible point", ErrFeasible, name(m))
		}
	}
	for k := 0; k < cur.size(); {
		try := cur.without(k)
		infeasible, cert, err := f.solve(ctx, try)
		if err != nil {
			return nil, err
		}
		if !infeasible {
			k++ // the member is needed
			continue
		}
		cur = try
		// shrink to the new certificate's support, if that is infeasible
		if cert != nil {
			if s := f.support(cert).intersect(cur); s.size() < cur.size() {
				if inf, _, err := f.solve(ctx, s); err != nil {
					return nil, err
				} else if inf {
					cur = s
				}
			}
		}
		// members before k were needed in a superset: they stay needed
		k = cur.rank(k, try)
	}
	return cur.result(), nil
}

func name(m *lp.Model) string {
	if m.Name != "" {
		return "model " + m.Name
	}
	return "the model"
}

// system is a subsystem: rows and column bounds, each sorted.
type system struct {
	rows   []int
	bounds []Bound
}

func (s system) size() int { return len(s.rows) + len(s.bounds) }

// without is s without its k-th member (rows first, then bounds).
func (s system) without(k int) system {
	if k < len(s.rows) {
		return system{slices.Delete(slices.Clone(s.rows), k, k+1), s.bounds}
	}
	k -= len(s.rows)
	return system{s.rows, slices.Delete(slices.Clone(s.bounds), k, k+1)}
}

// intersect keeps the members of s that are also in t.
func (s system) intersect(t system) system {
	var out system
	for _, i := range s.rows {
		if slices.Contains(t.rows, i) {
			out.rows = append(out.rows, i)
		}
	}
	for _, b := range s.bounds {
		if slices.Contains(t.bounds, b) {
			out.bounds = append(out.bounds, b)
		}
	}
	return out
}

// rank is the position in s from which the filter goes on after it tried
// position k of prev (which contains s): the number of members of s that
// come before prev's k-th member, all of which were found needed.
func (s system) rank(k int, prev system) int {
	if k >= prev.size() {
		return s.size()
	}
	n := 0
	if k < len(prev.rows) {
		for _, i := range s.rows {
			if i < prev.rows[k] {
				n++
			}
		}
		return n
	}
	b := prev.bounds[k-len(prev.rows)]
	n = len(s.rows)
	for _, c := range s.bounds {
		if less(c, b) {
			n++
		}
	}
	return n
}

func less(a, b Bound) bool {
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return !a.Upper && b.Upper
}

func (s system) result() *IIS {
	return &IIS{Rows: slices.Clone(s.rows), Bounds: slices.Clone(s.bounds)}
}

// filter solves subsystems of m.
type filter struct {
	m    *lp.Model
	opts simplex.Options
}

// all is every row and every finite column bound of m.
func (f *filter) all() system {
	var s system
	for i := range f.m.Rows {
		s.rows = append(s.rows, i)
	}
	for j, v := range f.m.Vars {
		if !math.IsInf(v.Lower, -1) {
			s.bounds = append(s.bounds, Bound{j, false})
		}
		if !math.IsInf(v.Upper, 1) {
			s.bounds = append(s.bounds, Bound{j, true})
		}
	}
	return s
}

// support is the subsystem certificate y uses: the rows with yᵢ ≠ 0 and
// the column bounds zⱼ = (Aᵀy)ⱼ selects, an entry of z that is
// cancellation (below lp.FarkasZeroTol of Σᵢ |yᵢaᵢⱼ|) selecting none.
func (f *filter) support(y []float64) system {
	m := f.m
	z := make([]float64, len(m.Vars))
	zs := make([]float64, len(m.Vars))
	var s system
	for i := range m.Rows {
		if y[i] == 0 {
			continue
		}
		s.rows = append(s.rows, i)
		r := &m.Rows[i]
		for k, j := range r.Ind {
			z[j] += y[i] * r.Val[k]
			zs[j] += math.Abs(y[i] * r.Val[k])
		}
	}
	for j, v := range m.Vars {
		switch {
		case math.Abs(z[j]) <= lp.FarkasZeroTol*zs[j]:
		case z[j] > 0 && !math.IsInf(v.Upper, 1):
			s.bounds = append(s.bounds, Bound{j, true})
		case z[j] < 0 && !math.IsInf(v.Lower, -1):
			s.bounds = append(s.bounds, Bound{j, false})
		}
	}
	return s
}

// model is the subsystem s of m as a model of its own: every column of m,
// with only the bounds in s, the rows in s, a zero objective.
func (f *filter) model(s system) *lp.Model {
	return subModel(f.m, f.m.Name, s.rows, s.bounds, nil)
}

// solve reports whether subsystem s is infeasible and, if so, its Farkas
// certificate over the rows of m (nil when a crossed bound proves it).
func (f *filter) solve(ctx context.Context, s system) (bool, []float64, error) {
	if err := ctx.Err(); err != nil {
		return false, nil, err
	}
	sub := f.model(s)
	sol, err := simplex.Solve(ctx, sub, f.opts)
	if err != nil {
		return false, nil, err
	}
	switch sol.Status {
	case lp.Optimal:
		return false, nil, nil
	case lp.Infeasible:
		var y []float64
		if sol.FarkasRow != nil {
			y = make([]float64, len(f.m.Rows))
			for k, i := range s.rows {
				y[i] = sol.FarkasRow[k]
			}
		}
		return true, y, nil
	case lp.TimeLimit:
		if err := ctx.Err(); err != nil {
			return false, nil, err
		}
	}
	return false, nil, errors.New("iis: a solve of a subsystem ended " + sol.Status.String())
}

// Model returns the subsystem s of m as a model of its own, for writing
// out: its rows (with their names and both bounds), the columns they or
// the bounds of s involve (with their names; a bound outside s is
// infinite; when its rows have no entries at all, m's first column, free,
// so that a file format can state them), a zero objective and no
// integrality. Its name is m's with "_iis" appended ("iis" when m has none).
func (s *IIS) Model(m *lp.Model) *lp.Model {
	used := make([]bool, len(m.Vars))
	for _, i := range s.Rows {
		for _, j := range m.Rows[i].Ind {
			used[j] = true
		}
	}
	for _, b := range s.Bounds {
		used[b.Col] = true
	}
	if len(s.Rows) > 0 && !slices.Contains(used, true) && len(used) > 0 {
		// rows without entries (0 ∉ [lo, hi]): a file format needs a
		// column to write them with; a free one changes nothing
		used[0] = true
	}
	name := "iis"
	if m.Name != "" {
		name = m.Name + "_iis"
	}
	return subModel(m, name, s.Rows, s.Bounds, used)
}

// subModel is the model called name of the given rows and column bounds
// of m: the columns of m that keep selects (every one when keep is nil),
// free but for the bounds given, the rows with both their bounds, a zero
// objective and no integrality.
func subModel(m *lp.Model, name string, rows []int, bounds []Bound, keep []bool) *lp.Model {
	sub := lp.New(name, lp.Minimize)
	idx := make([]int, len(m.Vars))
	for j, v := range m.Vars {
		if keep == nil || keep[j] {
			idx[j] = sub.AddVar(v.Name, math.Inf(-1), math.Inf(1), 0)
		}
	}
	for _, b := range bounds {
		v := &sub.Vars[idx[b.Col]]
		if b.Upper {
			v.Upper = m.Vars[b.Col].Upper
		} else {
			v.Lower = m.Vars[b.Col].Lower
		}
	}
	for _, i := range rows {
		r := &m.Rows[i]
		terms := make([]lp.Term, len(r.Ind))
		for k, j := range r.Ind {
			terms[k] = lp.Term{Var: idx[j], Coef: r.Val[k]}
		}
		sub.AddRow(r.Name, r.Lower, r.Upper, terms...)
	}
	return sub
}
