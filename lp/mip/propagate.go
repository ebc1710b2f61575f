package mip

import (
	"math"

	"github.com/streamopt/streamopt/lp"
)

// propagator tightens the bounds of integer columns from the rows
// (activity-based bound propagation, Achterberg 2007, §7.1): for a row
// rl ≤ Σₖ aₖxₖ ≤ ru and one of its columns j with aⱼ > 0,
//
//	aⱼxⱼ ≤ ru − minact₋ⱼ   and   aⱼxⱼ ≥ rl − maxact₋ⱼ,
//
// where minact₋ⱼ and maxact₋ⱼ are the smallest and largest activity of the
// other columns over their bounds (signs swap for aⱼ < 0). An integer column's
// new bound is rounded inwards. Continuous columns are left alone: tightening
// them buys little in branch and bound and invites numerical trouble.
type propagator struct {
	m       *lp.Model
	isInt   []bool
	a       *lp.CSC // columns → rows
	inQueue []bool
	queue   []int
	tol     float64
	maxWork int // row visits per call
	// visits counts the row terms the propagator has read (twice per term
	// of every row it propagates, and again per bound it tightens): the
	// work the dives are charged for their propagation.
	visits int
	// hits, if not nil, counts per row the calls of row that tightened a
	// bound or proved infeasibility (the conflict pool ages its rows by it).
	hits []int
}

func newPropagator(m *lp.Model, isInt []bool, intTol float64) *propagator {
	return &propagator{
		m:       m,
		isInt:   isInt,
		a:       m.Matrix(),
		inQueue: make([]bool, len(m.Rows)),
		tol:     intTol,
		maxWork: 4*len(m.Rows) + 100,
	}
}

// activity returns the finite part of the minimal and maximal activity of row
// i over [lo, hi], how many terms are infinite in each, and the largest
// range |aⱼ|(uⱼ − lⱼ) of the row's integer columns (+Inf if one is unbounded).
func (p *propagator) activity(i int, lo, hi []float64) (minAct, maxAct float64, minInf, maxInf int, span float64) {
	r := &p.m.Rows[i]
	p.visits += 2 * len(r.Ind)
	for k, j := range r.Ind {
		a := r.Val[k]
		l, u := lo[j], hi[j]
		if p.isInt[j] {
			if v := math.Abs(a) * (u - l); v > span {
				span = v
			}
		}
		if a < 0 {
			l, u = u, l
		}
		// a·l is the smallest term, a·u the largest
		if math.IsInf(l, 0) {
			minInf++
		} else {
			minAct += a * l
		}
		if math.IsInf(u, 0) {
			maxInf++
		} else {
			maxAct += a * u
		}
	}
	return
}

// run propagates from the rows of the columns in changed (all rows if changed
// is nil), tightening lo and hi in place. It appends each column it tightens
// to *tightened (if not nil) and reports false if it proves the bounds
// infeasible.
func (p *propagator) run(lo, hi []float64, changed []int, tightened *[]int) bool {
	p.queue = p.queue[:0]
	if changed == nil {
		for i := range p.m.Rows {
			p.push(i)
		}
	} else {
		for _, j := range changed {
			p.pushCol(j)
		}
	}
	ok := true
	work := 0
	for len(p.queue) > 0 {
		i := p.queue[0]
		p.queue = p.queue[1:]
		p.inQueue[i] = false
		if !ok || work >= p.maxWork {
			continue // drain the queue flags
		}
		work++
		if !p.row(i, lo, hi, tightened) {
			ok = false
			p.hit(i)
		}
	}
	return ok
}

func (p *propagator) push(i int) {
	if !p.inQueue[i] {
		p.inQueue[i] = true
		p.queue = append(p.queue, i)
	}
}

func (p *propagator) pushCol(j int) {
	for q := p.a.ColPtr[j]; q < p.a.ColPtr[j+1]; q++ {
		p.push(p.a.RowInd[q])
	}
}

// row propagates one row; it reports false if the row cannot be satisfied.
func (p *propagator) row(i int, lo, hi []float64, tightened *[]int) bool {
	r := &p.m.Rows[i]
	rl, ru := r.Lower, r.Upper
	minAct, maxAct, minInf, maxInf, span := p.activity(i, lo, hi)
	// the tolerance scales with the finite sides only: with an infinite
	// one it would be infinite and the tests below could never fire
	side := 0.0
	for _, b := range []float64{rl, ru} {
		if !math.IsInf(b, 0) {
			side = math.Max(side, math.Abs(b))
		}
	}
	slack := feasTol * (1 + side)
	if minInf == 0 && !math.IsInf(ru, 1) && minAct > ru+slack {
		return false
	}
	if maxInf == 0 && !math.IsInf(rl, -1) && maxAct < rl-slack {
		return false
	}
	upUseful := !math.IsInf(ru, 1) && minInf <= 1
	loUseful := !math.IsInf(rl, -1) && maxInf <= 1
	// With every term finite, a column's bound moves only if its range
	// |aⱼ|(uⱼ − lⱼ) exceeds the row's slack ru − minact (rl side: maxact −
	// rl). When no integer column's range exceeds either slack, the loop
	// below would tighten nothing and is skipped; otherwise it runs as it
	// is (both sides: a tightening on one side shrinks the other's slack).
	upCan := upUseful && (minInf == 1 || ru-minAct < span)
	loCan := loUseful && (maxInf == 1 || maxAct-rl < span)
	if !upCan && !loCan {
		return true
	}
	for k, j := range r.Ind {
		if !p.isInt[j] {
			continue
		}
		a := r.Val[k]
		l, u := lo[j], hi[j]
		lmin, lmax := l, u // bounds giving this term's min and max
		if a < 0 {
			lmin, lmax = u, l
		}
		newLo, newHi := l, u
		if upUseful {
			// residual minimal activity of the other columns
			var rest float64
			ok := true
			if math.IsInf(lmin, 0) {
				if minInf == 1 {
					rest = minAct
				} else {
					ok = false
				}
			} else if minInf == 0 {
				rest = minAct - a*lmin
			} else {
				ok = false
			}
			if ok {
				v := (ru - rest) / a
				if a > 0 {
					newHi = math.Min(newHi, math.Floor(v+p.tol+1e-9*math.Abs(v)))
				} else {
					newLo = math.Max(newLo, math.Ceil(v-p.tol-1e-9*math.Abs(v)))
				}
			}
		}
		if loUseful {
			var rest float64
			ok := true
			if math.IsInf(lmax, 0) {
				if maxInf == 1 {
					rest = maxAct
				} else {
					ok = false
				}
			} else if maxInf == 0 {
				rest = maxAct - a*lmax
			} else {
				ok = false
			}
			if ok {
				v := (rl - rest) / a
				if a > 0 {
					newLo = math.Max(newLo, math.Ceil(v-p.tol-1e-9*math.Abs(v)))
				} else {
					newHi = math.Min(newHi, math.Floor(v+p.tol+1e-9*math.Abs(v)))
				}
			}
		}
		if newLo > l || newHi < u {
			if newLo > newHi {
				return false
			}
			lo[j], hi[j] = newLo, newHi
			p.hit(i)
			if tightened != nil {
				*tightened = append(*tightened, j)
			}
			p.pushCol(j)
			// The row's own activities changed; recompute them so later
			// columns of this row use the tighter bound.
			minAct, maxAct, minInf, maxInf, _ = p.activity(i, lo, hi)
		}
	}
	return true
}

func (p *propagator) hit(i int) {
	if p.hits != nil {
		p.hits[i]++
	}
}
