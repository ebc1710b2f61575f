package tpd

import (
	"math"
	"sort"
)

// schedule builds the Lagrangian schedule of multipliers lam (see doc.go):
// list schedules in which each sub-task takes the IPN k and earliest start
// S that minimise its completion time plus q_m Σ λ over the instants its
// run covers in R from bucket ⌊S/Δ⌋. The multipliers price the capacity
// that sub-tasks later in the list will want, which the plain greedy does
// not see. Two orders are tried, the order of release and the order of the
// start buckets the sub-tasks choose in L(λ); the cheaper schedule is
// returned with its total delay. Every list schedule is feasible.
func (r *lagRelax) schedule(lam [][]float64) ([]Outcome, float64) {
	nr := len(r.res)
	pre, g := make([][]float64, nr), make([][]float64, nr)
	for c := range pre {
		pre[c] = make([]float64, r.T+1)
		g[c] = make([]float64, r.T)
	}
	want := make([]int, len(r.tasks))
	r.eval(lam, pre, g, want)
	T := r.T
	price := func(i, k int, start float64) float64 {
		c := r.ipnOf[k]
		for j := r.first[i]; j < r.first[i+1]; j++ {
			if col := &r.cols[j]; col.res == c {
				t := int(floorTol(start / r.slot))
				return r.q[i] * (pre[c][min(t+col.P, T)] - pre[c][min(t, T)])
			}
		}
		return 0 // not reached: every IPN the list may pick has a column
	}
	byWant := make([]int, len(r.tasks))
	for i := range byWant {
		byWant[i] = i
	}
	sort.SliceStable(byWant, func(a, b int) bool { return want[byWant[a]] < want[byWant[b]] })
	var best []Outcome
	bestTotal := math.Inf(1)
	for _, order := range [][]int{nil, byWant} {
		outs, total := greedyOutcomes(r.s, r.tasks, listPlan(r.s, r.tasks, order, price), func(t float64) float64 { return t })
		if total < bestTotal {
			best, bestTotal = outs, total
		}
	}
	return best, bestTotal
}
