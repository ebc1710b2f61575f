package mip

import (
	"math"
	"sort"

	"github.com/streamopt/streamopt/lp"
)

// Root cutting planes: lifted knapsack cover inequalities (Crowder, Johnson
// & Padberg 1983; Wolsey 1998, §9.3). A row of binary columns is brought to
// the form Σ aⱼyⱼ ≤ b with aⱼ > 0 by complementing yⱼ = 1 − xⱼ where its
// coefficient is negative and moving fixed columns to the right-hand side. A
// cover is a set C with Σ_C aⱼ > b; every 0/1 point satisfies
//
//	Σ_{j ∈ C ∪ E} yⱼ ≤ |C| − 1,   E = {j ∉ C : aⱼ ≥ max_C aᵢ}
//
// (the extended cover). The separation heuristic builds C greedily by
// increasing (1 − y*ⱼ)/aⱼ from the LP point y*, and the cut is added when
// it is violated by more than minViolation.
const (
	cutRounds    = 10   // at most this many separation rounds at the root
	minViolation = 1e-4 // smallest violation of a cut worth adding
	maxCutsRound = 200  // cuts per round
)

// coverCuts returns extended cover inequalities of the rows of w violated by
// x, over the column bounds lo, hi.
func coverCuts(w *lp.Model, lo, hi, x []float64) []lp.Row {
	type item struct {
		j    int
		a    float64 // > 0
		y    float64 // LP value of the (possibly complemented) column
		comp bool
	}
	var cuts []lp.Row
	for i := range w.Rows {
		r := &w.Rows[i]
		for _, s := range []float64{1, -1} {
			b := r.Upper
			if s < 0 {
				b = -r.Lower
			}
			if math.IsInf(b, 1) {
				continue
			}
			var items []item
			ok := true
			for k, j := range r.Ind {
				a := s * r.Val[k]
				if lo[j] == hi[j] {
					b -= a * lo[j]
					continue
				}
				if !w.Vars[j].Integer || lo[j] != 0 || hi[j] != 1 {
					ok = false
					break
				}
				if a > 0 {
					items = append(items, item{j, a, x[j], false})
				} else {
					items = append(items, item{j, -a, 1 - x[j], true})
					b -= a
				}
			}
			if !ok || len(items) < 2 || b < 0 {
				continue
			}
			total := 0.0
			for _, it := range items {
				total += it.a
			}
			if total <= b+1e-9 {
				continue // no cover
			}
			sort.Slice(items, func(p, q int) bool {
				rp, rq := (1-items[p].y)/items[p].a, (1-items[q].y)/items[q].a
				if rp != rq {
					return rp < rq
				}
				return items[p].a > items[q].a
			})
			weight, cost, amax := 0.0, 0.0, 0.0
			n := 0
			for n < len(items) && weight <= b+1e-9 {
				weight += items[n].a
				cost += 1 - items[n].y
				amax = math.Max(amax, items[n].a)
				n++
			}
			if weight <= b+1e-9 || cost >= 1-minViolation {
				continue
			}
			// extended cover: the columns outside C at least as heavy as C's heaviest
			in := append([]item(nil), items[:n]...)
			for _, it := range items[n:] {
				if it.a >= amax {
					in = append(in, it)
				}
			}
			cut := lp.Row{Name: "cover", Lower: math.Inf(-1), Upper: float64(n - 1)}
			viol := -float64(n - 1)
			sort.Slice(in, func(p, q int) bool { return in[p].j < in[q].j })
			for _, it := range in {
				viol += it.y
				if it.comp {
					cut.Ind = append(cut.Ind, it.j)
					cut.Val = append(cut.Val, -1)
					cut.Upper--
				} else {
					cut.Ind = append(cut.Ind, it.j)
					cut.Val = append(cut.Val, 1)
				}
			}
			if viol > minViolation {
				cuts = append(cuts, cut)
			}
			if len(cuts) >= maxCutsRound {
				return cuts
			}
		}
	}
	return cuts
}
