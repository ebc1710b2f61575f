package mip

import (
	"iter"
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

// knapItem is a binary column of a knapsack row Σ aⱼyⱼ ≤ b brought to
// a > 0: yⱼ = xⱼ, or yⱼ = 1 − xⱼ (comp) where the row's coefficient is negative.
type knapItem struct {
	j    int
	a    float64 // > 0
	y    float64 // LP value of the (possibly complemented) column
	comp bool
}

// upperSides yields the finite sides of row r, each as s·(row) ≤ b: s = 1
// with b = r.Upper, then s = −1 with b = −r.Lower.
func upperSides(r *lp.Row) iter.Seq2[float64, float64] {
	return func(yield func(s, b float64) bool) {
		if !math.IsInf(r.Upper, 1) && !yield(1, r.Upper) {
			return
		}
		if !math.IsInf(r.Lower, -1) {
			yield(-1, -r.Lower)
		}
	}
}

// coverCuts returns cover inequalities of the rows of w violated by x,
// over the column bounds lo, hi: extended covers, or with lift the
// sequence-independent lifted minimal covers of liftcover.go.
func coverCuts(w *lp.Model, lo, hi, x []float64, lift bool) []lp.Row {
	var cuts []lp.Row
	var items []knapItem // reused from row to row: the cuts copy what they keep
	for i := range w.Rows {
		r := &w.Rows[i]
		for s, b := range upperSides(r) {
			items = items[:0]
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
					items = append(items, knapItem{j, a, x[j], false})
				} else {
					items = append(items, knapItem{j, -a, 1 - x[j], true})
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
			var cut lp.Row
			if lift {
				cut = liftedCover(items, n, b)
			} else {
				cut = extendedCover(items, n, amax)
			}
			if cutViolation(cut, x) > minViolation {
				cuts = append(cuts, cut)
			}
			if len(cuts) >= maxCutsRound {
				return cuts
			}
		}
	}
	return cuts
}

// extendedCover returns the extended cover inequality of the cover
// items[:n] of heaviest weight amax: the columns outside C at least as
// heavy as C's heaviest join it.
func extendedCover(items []knapItem, n int, amax float64) lp.Row {
	in := append([]knapItem(nil), items[:n]...)
	for _, it := range items[n:] {
		if it.a >= amax {
			in = append(in, it)
		}
	}
	coef := make([]float64, len(in))
	for k := range coef {
		coef[k] = 1
	}
	return knapsackCut("cover", in, coef, float64(n-1))
}

// knapsackCut writes Σ coef[k]·y_{items[k]} ≤ rhs over the model's
// columns, uncomplementing yⱼ = 1 − xⱼ, with the columns in increasing order.
func knapsackCut(name string, items []knapItem, coef []float64, rhs float64) lp.Row {
	idx := make([]int, len(items))
	for k := range idx {
		idx[k] = k
	}
	sort.Slice(idx, func(p, q int) bool { return items[idx[p]].j < items[idx[q]].j })
	cut := lp.Row{Name: name, Lower: math.Inf(-1), Upper: rhs}
	for _, k := range idx {
		it, c := items[k], coef[k]
		if c == 0 {
			continue
		}
		cut.Ind = append(cut.Ind, it.j)
		if it.comp {
			cut.Val = append(cut.Val, -c)
			cut.Upper -= c
		} else {
			cut.Val = append(cut.Val, c)
		}
	}
	return cut
}

// cutViolation returns how far x violates the ≤ side of cut (negative: satisfied).
func cutViolation(cut lp.Row, x []float64) float64 {
	a := 0.0
	for k, j := range cut.Ind {
		a += cut.Val[k] * x[j]
	}
	return a - cut.Upper
}

// vub is a variable upper bound x ≤ u·y of a continuous column x ≥ 0 on a
// binary column y.
type vub struct {
	y int
	u float64
}

// findVUBs returns, for each continuous column with lower bound ≥ 0, its
// tightest variable upper bound among the rows a·x − c·y ≤ 0 (a, c > 0, y
// binary), with u = min(c/a, upper bound of x); y < 0 where there is none.
func findVUBs(w *lp.Model, lo, hi []float64) []vub {
	v := make([]vub, len(w.Vars))
	for j := range v {
		v[j] = vub{-1, inf}
	}
	for i := range w.Rows {
		r := &w.Rows[i]
		if len(r.Ind) != 2 {
			continue
		}
		for s, b := range upperSides(r) {
			if b != 0 {
				continue
			}
			for k := 0; k < 2; k++ {
				x, y := r.Ind[k], r.Ind[1-k]
				a, c := s*r.Val[k], -s*r.Val[1-k]
				if a <= 0 || c <= 0 || w.Vars[x].Integer || lo[x] < 0 ||
					!w.Vars[y].Integer || lo[y] != 0 || hi[y] != 1 {
					continue
				}
				if u := math.Min(c/a, hi[x]); u < v[x].u {
					v[x] = vub{y, u}
				}
			}
		}
	}
	return v
}

// flowCuts returns the violated inequalities of the simplest flow-cover
// family (Padberg, Van Roy & Wolsey 1985, with the cover being all arcs): a
// row over continuous columns x ≥ 0 implies Σ_{aⱼ>0} aⱼxⱼ ≥ b for its "≥ b"
// side (b > 0), and if every such xⱼ has a variable upper bound xⱼ ≤ uⱼyⱼ,
//
//	Σ_{aⱼ>0} min(aⱼuⱼ, b)·y_{k(j)} ≥ b
//
// holds for every feasible point: some open yₖ with aⱼuⱼ ≥ b satisfies it
// alone, and otherwise Σ aⱼuⱼyⱼ ≥ Σ aⱼxⱼ ≥ b. For a node of a network with
// demand b it says that at least one incoming arc must be opened.
func flowCuts(w *lp.Model, lo, hi, x []float64, vubs []vub) []lp.Row {
	var cuts []lp.Row
	coef := map[int]float64{}
	for i := range w.Rows {
		r := &w.Rows[i]
		if len(r.Ind) <= 2 {
			continue // VUB rows themselves and singletons
		}
		for _, s := range []float64{1, -1} {
			b := r.Lower
			if s < 0 {
				b = -r.Upper
			}
			if math.IsInf(b, 0) || b <= 1e-9 {
				continue
			}
			clear(coef)
			ok := true
			for k, j := range r.Ind {
				a := s * r.Val[k]
				if w.Vars[j].Integer || lo[j] < 0 {
					ok = false
					break
				}
				if a > 0 {
					if vubs[j].y < 0 {
						ok = false
						break
					}
					coef[vubs[j].y] += a * vubs[j].u
				}
			}
			if !ok || len(coef) == 0 {
				continue
			}
			// columns in increasing order, scaled so that the right-hand side is 1
			cut := lp.Row{Name: "flow", Lower: 1, Upper: math.Inf(1)}
			act := 0.0
			for _, y := range sortedKeys(coef) {
				c := math.Min(coef[y], b)
				cut.Ind = append(cut.Ind, y)
				cut.Val = append(cut.Val, c/b)
				act += c * x[y]
			}
			if act >= b-minViolation*math.Max(1, b) {
				continue
			}
			cuts = append(cuts, cut)
			if len(cuts) >= maxCutsRound {
				return cuts
			}
		}
	}
	return cuts
}
