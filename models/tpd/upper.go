package tpd

import (
	"context"
	"math"
	"sort"
	"time"
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

// improve is a local search on the offline problem that starts from the
// feasible schedule outs. A schedule is coded as one list per IPN, in order
// of start; decoding a list starts each sub-task on the earliest q_m free
// slots of its IPN no earlier than its arrival, so it is feasible and, for
// the list in start order of any feasible schedule, no later than that
// schedule's starts (by induction, each slot frees no later). Moves, taken
// whenever they lower the total delay: a sub-task goes to another IPN, at
// the place its arrival there takes in that IPN's list or up to
// improveShift places earlier; or it swaps with the next one in its list.
// Passes over the sub-tasks repeat until one gains less than 10⁻⁶ of the
// total or stop says so. It returns the picks of the result and its total.
func improve(s *Scenario, tasks []Task, outs []Outcome, stop func() bool) ([]greedyPick[float64], float64) {
	K := s.K()
	lists := make([][]int, K)
	for i, o := range outs {
		lists[o.IPN] = append(lists[o.IPN], i)
	}
	for k := range lists {
		l := lists[k]
		sort.SliceStable(l, func(a, b int) bool { return outs[l[a]].Start < outs[l[b]].Start })
	}
	free := make([]float64, 0, 64)
	starts := make([][]float64, K) // decoded starts, per list position
	// decode returns the total delay of list l on IPN k, and writes the
	// starts into st when it is not nil.
	decode := func(k int, l []int, st []float64) float64 {
		free = free[:0]
		for j := 0; j < s.Slots[k]; j++ {
			free = append(free, 0)
		}
		total := 0.0
		for n, i := range l {
			m := tasks[i]
			q := m.Demand
			start := math.Max(m.Release+s.In[m.Source][k], free[q-1])
			end := start + m.Frames/s.Speed[k]
			// The q earliest slots now free at end: keep free sorted.
			rest := free[q:]
			pos := sort.SearchFloat64s(rest, end)
			copy(free[:pos], rest[:pos])
			for j := pos; j < pos+q; j++ {
				free[j] = end
			}
			total += end + s.Out[m.Source][k] - m.Release
			if st != nil {
				st[n] = start
			}
		}
		return total
	}
	cost := make([]float64, K)
	total := 0.0
	for k := range lists {
		starts[k] = make([]float64, len(lists[k]))
		cost[k] = decode(k, lists[k], starts[k])
		total += cost[k]
	}
	pos := make([]int, len(tasks)) // place of each sub-task in its list
	index := func(k int) {
		for n, i := range lists[k] {
			pos[i] = n
		}
	}
	ipn := make([]int, len(tasks))
	for k := range lists {
		index(k)
		for _, i := range lists[k] {
			ipn[i] = k
		}
	}
	var tryA, tryB []int
	for !stop() {
		before := total
		for i := range tasks {
			if stop() {
				break
			}
			a, m := ipn[i], tasks[i]
			// Swap with the next sub-task of its list.
			if p := pos[i]; p+1 < len(lists[a]) {
				tryA = append(tryA[:0], lists[a]...)
				tryA[p], tryA[p+1] = tryA[p+1], tryA[p]
				if c := decode(a, tryA, nil); c < cost[a]-1e-12*math.Abs(cost[a]) {
					total += c - cost[a]
					lists[a], tryA = tryA, lists[a]
					cost[a] = decode(a, lists[a], starts[a])
					index(a)
				}
			}
			// Move to another IPN.
			tryA = append(tryA[:0], lists[a][:pos[i]]...)
			tryA = append(tryA, lists[a][pos[i]+1:]...)
			without := decode(a, tryA, nil)
			bestGain, bestB, bestAt := 1e-12*math.Abs(total), -1, 0
			for b := 0; b < K; b++ {
				if b == a || s.Slots[b] < m.Demand {
					continue
				}
				arrive := m.Release + s.In[m.Source][b]
				at := sort.SearchFloat64s(starts[b], arrive)
				for at0 := at; at0 >= 0 && at0 >= at-improveShift; at0-- {
					tryB = append(tryB[:0], lists[b][:at0]...)
					tryB = append(tryB, i)
					tryB = append(tryB, lists[b][at0:]...)
					if gain := cost[a] + cost[b] - without - decode(b, tryB, nil); gain > bestGain {
						bestGain, bestB, bestAt = gain, b, at0
					}
				}
			}
			if bestB < 0 {
				continue
			}
			b := bestB
			lists[a] = append(lists[a][:0], tryA...)
			nb := make([]int, 0, len(lists[b])+1)
			nb = append(nb, lists[b][:bestAt]...)
			nb = append(nb, i)
			lists[b] = append(nb, lists[b][bestAt:]...)
			total -= cost[a] + cost[b]
			for _, k := range []int{a, b} {
				starts[k] = make([]float64, len(lists[k]))
				cost[k] = decode(k, lists[k], starts[k])
				total += cost[k]
				index(k)
			}
			ipn[i] = b
		}
		if before-total < 1e-6*before {
			break
		}
	}
	picks := make([]greedyPick[float64], len(tasks))
	for k := range lists {
		for n, i := range lists[k] {
			picks[i] = greedyPick[float64]{k, starts[k][n]}
		}
	}
	return picks, total
}

// improveShift is how many places ahead of its arrival's place in the
// other IPN's list improve tries a moved sub-task.
const improveShift = 2

// ImproveSchedule runs the local search of doc.go ("Upper side") from the
// feasible schedule outs of tasks for at most limit (0: until a pass over
// the sub-tasks gains less than 10⁻⁶ of the total delay; each pass costs
// about M·K list decodings, so give large traces a limit) and returns the
// improved schedule and its total delay, never above that of outs. outs
// is checked first (CheckSchedule); a cancelled ctx stops the search and
// returns the best schedule so far together with ctx.Err().
func ImproveSchedule(ctx context.Context, s *Scenario, tasks []Task, outs []Outcome, limit time.Duration) ([]Outcome, float64, error) {
	if limit < 0 {
		return nil, 0, inputErr("limit: must be >= 0, got %v", limit)
	}
	from, err := CheckSchedule(s, tasks, outs)
	if err != nil {
		return nil, 0, err
	}
	deadline := time.Now().Add(limit)
	stop := func() bool { return ctx.Err() != nil || (limit > 0 && !time.Now().Before(deadline)) }
	picks, _ := improve(s, tasks, outs, stop)
	best, total := greedyOutcomes(s, tasks, picks, func(t float64) float64 { return t })
	if total > from {
		// Not reached in exact arithmetic (decoding a schedule's lists
		// never delays a start); kept so rounding cannot make it worse.
		best, total = append([]Outcome(nil), outs...), from
	}
	return best, total, ctx.Err()
}
