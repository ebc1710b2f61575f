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
	// sums holds the rows' activities for runTracked (nil until its first
	// call).
	sums *trackedSums
	// cols, if not nil, replaces a as the column index of a propagator
	// whose rows come and go (the conflict pool's, newGrowingPropagator):
	// column j's rows in increasing order, the rows marked dead (removed)
	// left in until compact, and marked inQueue so that push passes over
	// them.
	cols [][]colTerm
	dead []bool
	live int // the rows not dead
}

// colTerm is the coefficient val of a column in row row.
type colTerm struct {
	row int
	val float64
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

// newGrowingPropagator returns a propagator without rows over n columns,
// to which addRow adds rows and removeRow removes them. It propagates as
// newPropagator's would over the rows not removed, in their order.
func newGrowingPropagator(n int, isInt []bool, intTol float64) *propagator {
	return &propagator{m: &lp.Model{}, isInt: isInt, tol: intTol, maxWork: 100, cols: make([][]colTerm, n), hits: []int{}}
}

// addRow appends r to a growing propagator's rows and returns its index.
func (p *propagator) addRow(r lp.Row) int {
	i := len(p.m.Rows)
	p.m.Rows = append(p.m.Rows, r)
	for k, j := range r.Ind {
		p.cols[j] = append(p.cols[j], colTerm{i, r.Val[k]})
	}
	p.inQueue = append(p.inQueue, false)
	p.dead = append(p.dead, false)
	p.hits = append(p.hits, 0)
	if t := p.sums; t != nil {
		t.rows = append(t.rows, p.sum(i, t.lo, t.hi))
	}
	p.live++
	p.maxWork = 4*p.live + 100
	return i
}

// removeRow removes row i of a growing propagator: run no longer visits it.
func (p *propagator) removeRow(i int) {
	p.dead[i] = true
	p.inQueue[i] = true // so that push passes over it
	p.live--
	p.maxWork = 4*p.live + 100
}

// compact drops the removed rows of a growing propagator when they
// outnumber the others by more than 16, renumbering the others in their
// order. It returns
// the new index of each old row (-1 if removed), or nil if it did nothing.
func (p *propagator) compact() []int {
	if len(p.m.Rows) <= 2*p.live+16 {
		return nil
	}
	next := make([]int, len(p.m.Rows))
	rows := make([]lp.Row, 0, p.live)
	var sums []rowSums
	for i, r := range p.m.Rows {
		next[i] = -1
		if !p.dead[i] {
			next[i] = len(rows)
			rows = append(rows, r)
			if p.sums != nil {
				sums = append(sums, p.sums.rows[i])
			}
		}
	}
	for j, c := range p.cols {
		out := c[:0]
		for _, e := range c {
			if next[e.row] >= 0 {
				out = append(out, colTerm{next[e.row], e.val})
			}
		}
		clear(c[len(out):])
		p.cols[j] = out
	}
	p.m.Rows = rows
	p.inQueue, p.dead, p.hits = make([]bool, len(rows)), make([]bool, len(rows)), make([]int, len(rows))
	if p.sums != nil {
		p.sums.rows = sums
	}
	return next
}

// rowSums is the activity of a row over some bounds: side 0 the minimal,
// side 1 the maximal.
type rowSums struct {
	act [2]float64 // the finite part of the activity
	inf [2]int     // the number of infinite terms
	// infInt is the number of infinite terms of integer columns: with
	// inf = 1 only such a term's column could be tightened
	infInt [2]int
	// abs is the sum of the finite terms' magnitudes, err a bound on the
	// distance from act to the exact sum of those terms (trackedSums)
	abs, err [2]float64
	// span is the largest range |aⱼ|(uⱼ − lⱼ) of the row's integer columns
	// (+Inf if one is unbounded); in trackedSums an upper bound on it
	span float64
	// still marks the sides move leaves as they are in trackedSums: those
	// whose right-hand side is infinite, which idle does not read
	still [2]bool
}

// activity returns the activity of row i over [lo, hi], summed over the
// row's terms in their order (err is left zero).
func (p *propagator) activity(i int, lo, hi []float64) (s rowSums) {
	r := &p.m.Rows[i]
	for k, j := range r.Ind {
		a := r.Val[k]
		l, u := lo[j], hi[j]
		if p.isInt[j] {
			if v := math.Abs(a) * (u - l); v > s.span {
				s.span = v
			}
		}
		if a < 0 {
			l, u = u, l
		}
		// a·l is the smallest term, a·u the largest
		if math.IsInf(l, 0) {
			s.inf[0]++
			if p.isInt[j] {
				s.infInt[0]++
			}
		} else {
			t := a * l
			s.act[0] += t
			s.abs[0] += math.Abs(t)
		}
		if math.IsInf(u, 0) {
			s.inf[1]++
			if p.isInt[j] {
				s.infInt[1]++
			}
		} else {
			t := a * u
			s.act[1] += t
			s.abs[1] += math.Abs(t)
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
		if p.sums != nil && p.sums.on && p.idle(i) {
			// row would have read the row's terms to find the same
			p.visits += 2 * len(p.m.Rows[i].Ind)
			continue
		}
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
	if p.cols != nil {
		for _, e := range p.cols[j] {
			p.push(e.row) // a dead row stays inQueue
		}
		return
	}
	for q := p.a.ColPtr[j]; q < p.a.ColPtr[j+1]; q++ {
		p.push(p.a.RowInd[q])
	}
}

// row propagates one row; it reports false if the row cannot be satisfied.
func (p *propagator) row(i int, lo, hi []float64, tightened *[]int) bool {
	r := &p.m.Rows[i]
	rl, ru := r.Lower, r.Upper
	s := p.rowActivity(i, lo, hi)
	minAct, maxAct, minInf, maxInf, span := s.act[0], s.act[1], s.inf[0], s.inf[1], s.span
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
		l, u := lo[j], hi[j]
		newLo, newHi := l, u
		il, iu := impliedBounds(r, k, l, u, &s)
		if !math.IsInf(iu, 1) {
			newHi = math.Min(newHi, math.Floor(iu+p.tol+1e-9*math.Abs(iu)))
		}
		if !math.IsInf(il, -1) {
			newLo = math.Max(newLo, math.Ceil(il-p.tol-1e-9*math.Abs(il)))
		}
		if newLo > l || newHi < u {
			if newLo > newHi {
				return false
			}
			lo[j], hi[j] = newLo, newHi
			if p.sums != nil && p.sums.on {
				p.move(j, newLo, newHi)
			}
			p.hit(i)
			if tightened != nil {
				*tightened = append(*tightened, j)
			}
			p.pushCol(j)
			// The row's own activities changed; recompute them so later
			// columns of this row use the tighter bound.
			s = p.rowActivity(i, lo, hi)
		}
	}
	return true
}

// impliedBounds returns the interval row r implies for its k-th column,
// whose bounds are l and u, from the row's activity sums over the bounds:
// aⱼxⱼ ≤ ru − minact₋ⱼ and aⱼxⱼ ≥ rl − maxact₋ⱼ, unrounded. An end the row
// does not bound is infinite. The propagator rounds it inwards for an
// integer column; tightenContinuous takes it for a continuous one.
func impliedBounds(r *lp.Row, k int, l, u float64, sums *rowSums) (float64, float64) {
	minAct, maxAct, minInf, maxInf := sums.act[0], sums.act[1], sums.inf[0], sums.inf[1]
	a := r.Val[k]
	lmin, lmax := l, u // the column's bounds giving its term's min and max
	if a < 0 {
		lmin, lmax = u, l
	}
	// rest returns the activity of the other terms, given the row's
	// finite part act, its infinite count inf and this term's bound b
	rest := func(act float64, inf int, b float64) (float64, bool) {
		switch {
		case math.IsInf(b, 0) && inf == 1:
			return act, true
		case !math.IsInf(b, 0) && inf == 0:
			return act - a*b, true
		}
		return 0, false
	}
	newLo, newHi := math.Inf(-1), math.Inf(1)
	if !math.IsInf(r.Upper, 1) {
		if rm, ok := rest(minAct, minInf, lmin); ok {
			if v := (r.Upper - rm) / a; a > 0 {
				newHi = v
			} else {
				newLo = v
			}
		}
	}
	if !math.IsInf(r.Lower, -1) {
		if rm, ok := rest(maxAct, maxInf, lmax); ok {
			if v := (r.Lower - rm) / a; a > 0 {
				newLo = v
			} else {
				newHi = v
			}
		}
	}
	return newLo, newHi
}

func (p *propagator) hit(i int) {
	if p.hits != nil {
		p.hits[i]++
	}
}

// The node loop calls the propagator once per node on bounds that differ
// from the last node's in a few columns, and each row it visits would sum
// its activity afresh, though most rows can tighten nothing. runTracked
// keeps every row's activities for the bounds of its last call (on the
// sides of finite right-hand side) and moves them by the columns whose
// bounds changed (trackedSums), so that a row
// whose slack on both sides clearly exceeds its largest integer range is
// passed over at once. A row that may act is propagated by row as in run,
// from a fresh sum: the moved sums differ from a fresh one in the last bits,
// and they are trusted only where the error bound kept beside them cannot
// change the answer. The bounds run reaches are therefore exactly those of
// run, and so is visits (charged as if every row had been summed).

// roundoff is the unit roundoff of float64 arithmetic (2⁻⁵³).
const roundoff = 0x1p-53

// trackedSums is the state of runTracked.
type trackedSums struct {
	lo, hi []float64 // the bounds the sums are of
	rows   []rowSums
	on     bool // within runTracked: the bounds passed to run are lo, hi
}

// runTracked is run on the bounds of the tree's nodes, using and keeping
// p.sums.
func (p *propagator) runTracked(lo, hi []float64, changed []int, tightened *[]int) bool {
	t := p.sums
	if t == nil {
		t = &trackedSums{lo: append([]float64(nil), lo...), hi: append([]float64(nil), hi...), rows: make([]rowSums, len(p.m.Rows))}
		for i := range t.rows {
			t.rows[i] = p.sum(i, lo, hi)
		}
		p.sums = t
	}
	for j := range lo {
		if lo[j] != t.lo[j] || hi[j] != t.hi[j] {
			p.move(j, lo[j], hi[j])
		}
	}
	t.on = true
	ok := p.run(lo, hi, changed, tightened)
	t.on = false
	return ok
}

// rowActivity is activity for row: the sums it returns are also those of
// row i in p.sums while runTracked runs.
func (p *propagator) rowActivity(i int, lo, hi []float64) rowSums {
	p.visits += 2 * len(p.m.Rows[i].Ind)
	s := p.sum(i, lo, hi)
	if p.sums != nil && p.sums.on {
		p.sums.rows[i] = s
	}
	return s
}

// sum returns activity's sums of row i with err bounding the rounding
// error of the sums against the exact ones (Higham, Accuracy and Stability
// of Numerical Algorithms, 2002, §3.1: γₙ·Σ|aₖbₖ| for n products summed).
func (p *propagator) sum(i int, lo, hi []float64) rowSums {
	s := p.activity(i, lo, hi)
	r := &p.m.Rows[i]
	g := gamma(len(r.Ind))
	s.err = [2]float64{g * s.abs[0], g * s.abs[1]}
	s.still = [2]bool{math.IsInf(r.Upper, 1), math.IsInf(r.Lower, -1)}
	return s
}

// gamma is a bound on the relative error of a sum of n products, with room.
func gamma(n int) float64 {
	return 2 * float64(n+2) * roundoff
}

// move sets column j's bounds in p.sums to [l, u] and moves the sums of its
// rows by the change of its terms.
func (p *propagator) move(j int, l, u float64) {
	t := p.sums
	l0, u0 := t.lo[j], t.hi[j]
	t.lo[j], t.hi[j] = l, u
	if p.cols != nil {
		for _, e := range p.cols[j] {
			if !p.dead[e.row] {
				t.rows[e.row].move(e.val, p.isInt[j], l0, u0, l, u)
			}
		}
		return
	}
	for q := p.a.ColPtr[j]; q < p.a.ColPtr[j+1]; q++ {
		t.rows[p.a.RowInd[q]].move(p.a.Val[q], p.isInt[j], l0, u0, l, u)
	}
}

// move moves the sums by the change of a term a·xⱼ when the bounds of xⱼ
// go from [l0, u0] to [l, u].
func (rs *rowSums) move(a float64, isInt bool, l0, u0, l, u float64) {
	if isInt {
		if v := math.Abs(a) * (u - l); v > rs.span {
			rs.span = v // span stays an upper bound when ranges shrink
		}
	}
	if a < 0 {
		rs.shift(0, a, u0, u, isInt)
		rs.shift(1, a, l0, l, isInt)
	} else {
		rs.shift(0, a, l0, l, isInt)
		rs.shift(1, a, u0, u, isInt)
	}
}

// shift replaces the term a·b0 of the side's sum by a·b1, and grows the
// error bound by that of the two additions and the products (with room).
func (rs *rowSums) shift(side int, a, b0, b1 float64, isInt bool) {
	if b0 == b1 || rs.still[side] {
		return
	}
	var t0, t1 float64
	if math.IsInf(b0, 0) {
		rs.inf[side]--
		if isInt {
			rs.infInt[side]--
		}
	} else {
		t0 = a * b0
	}
	if math.IsInf(b1, 0) {
		rs.inf[side]++
		if isInt {
			rs.infInt[side]++
		}
	} else {
		t1 = a * b1
	}
	act, abs := rs.act[side], rs.abs[side]
	rs.act[side] = act - t0 + t1
	rs.abs[side] = abs - math.Abs(t0) + math.Abs(t1)
	rs.err[side] += 4 * roundoff * (math.Abs(act) + abs + 2*math.Abs(t0) + 2*math.Abs(t1))
}

// idle reports whether row would return true for row i over the bounds of
// p.sums without tightening a bound: on each side with a finite right-hand
// side either two terms are infinite, or one is and its column is
// continuous (row tightens only integer columns, and with one infinite term
// only that term's column), or none is and the slack exceeds the range
// bound span even if the fresh sum lies anywhere within the error bound of
// the moved one. (A slack of at least span ≥ 0 also means the row is not
// violated.)
func (p *propagator) idle(i int) bool {
	r := &p.m.Rows[i]
	rs := &p.sums.rows[i]
	g := gamma(len(r.Ind))
	if !math.IsInf(r.Upper, 1) && !rs.idleSide(0, g, func(act float64) float64 { return r.Upper - act }) {
		return false
	}
	return math.IsInf(r.Lower, -1) || rs.idleSide(1, g, func(act float64) float64 { return act - r.Lower })
}

// idleSide is idle for one side of the row whose right-hand side is finite;
// slack gives the side's slack for an activity, and falls as the activity
// moves away from the right-hand side (side 0 up, side 1 down).
func (rs *rowSums) idleSide(side int, g float64, slack func(act float64) float64) bool {
	switch {
	case rs.inf[side] > 1:
		return true
	case rs.inf[side] == 1:
		return rs.infInt[side] == 0
	}
	// |act − fresh| ≤ err + γ·abs: the fresh sum's slack is at least that
	// of act moved by twice that distance (the rest is room for the
	// rounding of the moved sum)
	act := rs.act[side]
	d := 2*(2*rs.err[side]+2*g*rs.abs[side]) + 4*roundoff*math.Abs(act)
	if side == 0 {
		act += d
	} else {
		act -= d
	}
	return slack(act) >= rs.span
}
