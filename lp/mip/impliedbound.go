package mip

import (
	"math"
	"sort"

	"github.com/streamopt/streamopt/lp"
)

// DefaultImpliedBounds is whether Options.ImpliedBounds is on when Auto
// (doc.go, "Measured effect of the cuts and restarts").
const DefaultImpliedBounds = true

// maxImplications caps the implied bounds probing records.
const maxImplications = 200000

// implied is one implication found by probing: yᵧ = v implies
// x_k ≤ bound (upper) or x_k ≥ bound, for a binary column y.
type implied struct {
	y, k  int
	v     float64 // 0 or 1
	bound float64
	upper bool
}

// implications are the implied bounds of a probing pass. A nil
// *implications records nothing.
type implications struct {
	list []implied
}

// record keeps the bounds that probing column y to 0 and to 1 tightened
// beyond the global ones lo, hi (pLo[v], pHi[v] are the bounds after
// propagating y = v, tight[v] the columns it changed).
func (m *implications) record(y int, pLo, pHi [2][]float64, tight [2][]int, lo, hi []float64) {
	if m == nil {
		return
	}
	for v := range 2 {
		for _, k := range tight[v] {
			if k == y || len(m.list) >= maxImplications {
				continue
			}
			if u := pHi[v][k]; u < hi[k]-1e-9*math.Max(1, math.Abs(u)) {
				m.list = append(m.list, implied{y, k, float64(v), u, true})
			}
			if l := pLo[v][k]; l > lo[k]+1e-9*math.Max(1, math.Abs(l)) {
				m.list = append(m.list, implied{y, k, float64(v), l, false})
			}
		}
	}
}

// impliedBoundCuts returns the implied bound inequalities violated by x
// (Savelsbergh 1994, "Preprocessing and probing techniques for mixed
// integer programming problems", ORSA J. Comp. 6; cbc's CglProbing and
// HiGHS's implication cuts separate the same family). An implication
// y = 1 ⇒ x_k ≤ u' with the global bound x_k ≤ U becomes
//
//	x_k ≤ U − (U − u')·y,
//
// y = 0 ⇒ x_k ≤ u' becomes x_k ≤ u' + (U − u')·y, and lower bounds
// likewise: at y = v the inequality is the implied bound, at the other
// value the global one. It needs the global bound to be finite and looser
// than the implied one.
func (m *implications) cuts(lo, hi, x []float64) []lp.Row {
	if m == nil {
		return nil
	}
	type cand struct {
		cut  lp.Row
		viol float64
	}
	var found []cand
	for _, im := range m.list {
		y, k := im.y, im.k
		if lo[y] == hi[y] || lo[k] == hi[k] {
			continue
		}
		var g float64 // the global bound on the side of the implication
		if im.upper {
			g = hi[k]
			if math.IsInf(g, 1) || im.bound >= g {
				continue
			}
		} else {
			g = lo[k]
			if math.IsInf(g, -1) || im.bound <= g {
				continue
			}
		}
		// x_k compared with c0 + c1·y, which is im.bound at y = v and g at 1 − v
		c0, c1 := im.bound, g-im.bound
		if im.v == 1 {
			c0, c1 = g, im.bound-g
		}
		rhs := c0 + c1*x[y]
		viol := x[k] - rhs
		if !im.upper {
			viol = -viol
		}
		if viol <= minViolation*math.Max(1, math.Abs(rhs)) {
			continue
		}
		// x_k − c1·y ≤ c0 (upper) or ≥ c0 (lower)
		cut := lp.Row{Name: "implbd", Lower: math.Inf(-1), Upper: c0}
		if !im.upper {
			cut.Lower, cut.Upper = c0, math.Inf(1)
		}
		if y < k {
			cut.Ind, cut.Val = []int{y, k}, []float64{-c1, 1}
		} else {
			cut.Ind, cut.Val = []int{k, y}, []float64{1, -c1}
		}
		found = append(found, cand{cut, viol})
	}
	sort.SliceStable(found, func(p, q int) bool { return found[p].viol > found[q].viol })
	var cuts []lp.Row
	for _, c := range found {
		if len(cuts) == maxCutsRound {
			break
		}
		cuts = append(cuts, c.cut)
	}
	return cuts
}
