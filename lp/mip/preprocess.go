package mip

import (
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// tightenCoefficients strengthens the LP relaxation of w in place without
// changing its integer points: in a one-sided row aᵀx ≤ b (a "≥" row is
// treated as −aᵀx ≤ −b) with finite maximal activity M > b, a binary column
// k whose row is redundant on one side of its domain gets a smaller
// coefficient (Savelsbergh 1994; Achterberg 2007, §10.1):
//
//	aₖ > 0, M − aₖ < b:  d = b − (M − aₖ),  aₖ ← aₖ − d,  b ← b − d;
//	aₖ < 0, M + aₖ < b:  d = b − (M + aₖ),  aₖ ← aₖ + d.
//
// In the first case the row holds for xₖ = 0 whatever the other columns do,
// in the second for xₖ = 1; the new row agrees with the old one on the other
// value of xₖ and is never weaker on [0, 1]. lo and hi are the column bounds.
// It returns the number of coefficients changed.
func tightenCoefficients(w *lp.Model, lo, hi []float64) int {
	changed := 0
	for i := range w.Rows {
		r := &w.Rows[i]
		var s float64 // +1: aᵀx ≤ b as stored; −1: −aᵀx ≤ −Lower
		var b float64
		switch r.Type() {
		case lp.RowLE:
			s, b = 1, r.Upper
		case lp.RowGE:
			s, b = -1, -r.Lower
		default:
			continue
		}
		maxAct := 0.0
		finite := true
		for k, j := range r.Ind {
			a := s * r.Val[k]
			u := hi[j]
			if a < 0 {
				u = lo[j]
			}
			if math.IsInf(u, 0) {
				finite = false
				break
			}
			maxAct += a * u
		}
		if !finite || maxAct <= b+1e-9*math.Max(1, math.Abs(b)) {
			continue
		}
		for k, j := range r.Ind {
			if !w.Vars[j].Integer || lo[j] != 0 || hi[j] != 1 {
				continue
			}
			a := s * r.Val[k]
			tol := 1e-7 * math.Max(1, math.Abs(b))
			switch {
			case a > 0 && maxAct-a < b-tol:
				d := b - (maxAct - a)
				a -= d
				b -= d
				maxAct -= d
			case a < 0 && maxAct+a < b-tol:
				d := b - (maxAct + a)
				a += d
			default:
				continue
			}
			r.Val[k] = s * a
			changed++
		}
		if s > 0 {
			r.Upper = b
		} else {
			r.Lower = -b
		}
	}
	return changed
}

// contPasses bounds the sweeps of tightenContinuous over the rows; a chain
// of implied bounds (a path of flow-conservation rows) advances at least
// one row per sweep.
const contPasses = 8

// contStep is the least fraction of a continuous column's domain a
// tightening must remove to be kept (contMinStep), as for continuous columns in SCIP's
// bound propagation (Achterberg 2007, §7.1): without it, chains of rows
// could shave a bound by rounding-sized steps sweep after sweep.
const contStep = 0.05

// tightenContinuous tightens the bounds of continuous columns in presolve
// by the same activity argument as the propagator uses for integer columns
// (aⱼxⱼ ≤ ru − minact₋ⱼ, aⱼxⱼ ≥ rl − maxact₋ⱼ), without rounding, each
// new bound moved outwards by feasTol relative to its size so that no
// point the rows accept within their tolerance is lost. The bounds are
// implied by the rows, so the integer points and the optimum stay; what
// changes is the input of tightenCoefficients, which can then shrink a
// big-M coefficient in x − M·y ≤ 0 to the flow x's implied bound, the
// reduction that lifts the LP bound of fixed-charge network models.
// It returns the number of bounds changed and false if it proves the
// bounds infeasible.
func tightenContinuous(p *propagator, lo, hi []float64) (int, bool) {
	changed := 0
	for pass := 0; pass < contPasses; pass++ {
		n := 0
		for i := range p.m.Rows {
			r := &p.m.Rows[i]
			sums := p.activity(i, lo, hi)
			if sums.inf[0] > 1 && sums.inf[1] > 1 {
				continue
			}
			for k, j := range r.Ind {
				if p.isInt[j] {
					continue
				}
				l, u := impliedBounds(r, k, lo[j], hi[j], &sums)
				l -= feasTol * math.Max(1, math.Abs(l))
				u += feasTol * math.Max(1, math.Abs(u))
				newLo, newHi := lo[j], hi[j]
				if l > lo[j] && (math.IsInf(lo[j], -1) || l-lo[j] > contMinStep(lo[j], hi[j], lo[j])) {
					newLo = l
				}
				if u < hi[j] && (math.IsInf(hi[j], 1) || hi[j]-u > contMinStep(lo[j], hi[j], hi[j])) {
					newHi = u
				}
				if newLo == lo[j] && newHi == hi[j] {
					continue
				}
				if newLo > newHi {
					return changed + n, false
				}
				lo[j], hi[j] = newLo, newHi
				n++
				sums = p.activity(i, lo, hi)
			}
		}
		changed += n
		if n == 0 {
			break
		}
	}
	return changed, true
}

// contMinStep is the least move of the bound b of a continuous column with
// domain [l, u] that tightenContinuous keeps: contStep of the domain, or of
// max(1, |b|) when the domain is infinite.
func contMinStep(l, u, b float64) float64 {
	return contStep * contStepBase(l, u, b)
}

// contStepBase is what the least steps of contMinStep and probeHull are
// fractions of: the domain [l, u] of the column, or max(1, |b|) for the
// bound b when the domain is infinite.
func contStepBase(l, u, b float64) float64 {
	if w := u - l; !math.IsInf(w, 0) {
		return w
	}
	return math.Max(1, math.Abs(b))
}

// DefaultContBounds is whether Options.ContBounds is on when Auto.
const DefaultContBounds = true

// probeStep is the least fraction of a continuous column's domain (of
// max(1, |bound|) when it is infinite) a probing hull must remove: one
// probe moves a bound once, so the chains contStep guards against cannot
// form, and a setup time of 2.5 % of a capacity is worth its row.
const probeStep = 1e-3

// probeHull bounds continuous columns by probing (Savelsbergh 1994, §3;
// the bound tightening of cbc's CglProbing and SCIP's prop_probing):
// after binary y is probed to 0 and to 1, the rows of y and of the
// columns its propagation tightened imply bounds on their continuous
// columns under each value (one sweep, impliedBounds), and since y takes
// one of the two values, a continuous column lies in the union of its two
// intervals. Where both values cap it below its global bound, the larger
// cap is its new global bound (lower bounds alike). In x − y ≤ 0,
// x + c·y ≤ 1 (x continuous, y binary), y = 0 gives x ≤ 0 and y = 1 gives
// x ≤ 1 − c, so x ≤ 1 − c, which tightenCoefficients then turns into
// x − (1 − c)·y ≤ 0; the propagator, which leaves continuous columns
// alone, finds neither. The new bounds are moved outwards by
// feasTol·max(1, |bound|) like tightenContinuous's.
type probeHull struct {
	cont  []bool   // per row: it holds a continuous column
	seen  [2][]int // stamp per row: visited in this probe's sweep of value v
	cols  []int    // continuous columns the sweeps bounded
	mark  []int    // stamp per column: in cols
	stamp int
}

// tighten runs the hull of probe y (pLo[v], pHi[v] the bounds after
// propagating y = v, tight[v] the columns that propagation tightened) on
// the global bounds lo, hi of the continuous columns and returns the
// number of bounds it tightened. pLo and pHi get the continuous bounds of
// each value.
func (h *probeHull) tighten(p *propagator, y int, pLo, pHi [2][]float64, tight [2][]int, lo, hi []float64) int {
	if h.mark == nil {
		h.mark = make([]int, len(lo))
		h.seen = [2][]int{make([]int, len(p.m.Rows)), make([]int, len(p.m.Rows))}
		h.cont = make([]bool, len(p.m.Rows))
		for i := range p.m.Rows {
			h.cont[i] = slices.ContainsFunc(p.m.Rows[i].Ind, func(j int) bool { return !p.isInt[j] })
		}
	}
	h.stamp++
	h.cols = h.cols[:0]
	for v := range 2 {
		sweep := func(j int) bool {
			for q := p.a.ColPtr[j]; q < p.a.ColPtr[j+1]; q++ {
				if i := p.a.RowInd[q]; h.cont[i] && h.seen[v][i] != h.stamp {
					h.seen[v][i] = h.stamp
					if !h.row(p, i, pLo[v], pHi[v]) {
						return false
					}
				}
			}
			return true
		}
		if !sweep(y) {
			return 0 // a contradiction: left to the propagation of the tree
		}
		for _, k := range tight[v] {
			if !sweep(k) {
				return 0
			}
		}
	}
	n := 0
	for _, k := range h.cols {
		l := math.Min(pLo[0][k], pLo[1][k])
		u := math.Max(pHi[0][k], pHi[1][k])
		if l > lo[k] && (math.IsInf(lo[k], -1) || l-lo[k] > probeStep*contStepBase(lo[k], hi[k], lo[k])) {
			lo[k] = l
			n++
		}
		if u < hi[k] && (math.IsInf(hi[k], 1) || hi[k]-u > probeStep*contStepBase(lo[k], hi[k], hi[k])) {
			hi[k] = u
			n++
		}
	}
	return n
}

// row bounds the continuous columns of row i over lo, hi (one value's
// bounds) by impliedBounds, in place, and records them in h.cols; it
// reports false if a column's bounds cross.
func (h *probeHull) row(p *propagator, i int, lo, hi []float64) bool {
	r := &p.m.Rows[i]
	sums := p.activity(i, lo, hi)
	if sums.inf[0] > 1 && sums.inf[1] > 1 {
		return true
	}
	for k, j := range r.Ind {
		if p.isInt[j] {
			continue
		}
		l, u := impliedBounds(r, k, lo[j], hi[j], &sums)
		l -= feasTol * math.Max(1, math.Abs(l))
		u += feasTol * math.Max(1, math.Abs(u))
		if l <= lo[j] && u >= hi[j] {
			continue
		}
		l, u = math.Max(l, lo[j]), math.Min(u, hi[j])
		if l > u {
			return false
		}
		lo[j], hi[j] = l, u
		if h.mark[j] != h.stamp {
			h.mark[j] = h.stamp
			h.cols = append(h.cols, j)
		}
		sums = p.activity(i, lo, hi)
	}
	return true
}
