package tpd

import (
	"math"
	"slices"
)

// Greedy is the paper's "T_LB": for each sub-task in order of generation,
// with full knowledge of the current commitments, try every eligible IPN and
// take the one with the earliest completion (ties: smaller l_mk, then lower
// id). Each IPN runs its sub-tasks in commitment order on the earliest free
// slots. The result is a feasible schedule, so its total delay is an UPPER
// bound on the optimum (spec C.4), reported as "greedy (UB)".
func Greedy(s *Scenario, tasks []Task) ([]Outcome, float64, error) {
	if err := checkTrace(s, tasks); err != nil {
		return nil, 0, err
	}
	outs, total := greedyRounded(s, tasks, 0)
	return outs, total, nil
}

// greedyRounded is Greedy with starts and durations on a grid of step slot
// rounded up (slot = 0: continuous). On a grid the times are slot indices
// (greedyOnGrid), and the outcomes start at Δ·t.
func greedyRounded(s *Scenario, tasks []Task, slot float64) ([]Outcome, float64) {
	if slot == 0 {
		return greedyOutcomes(s, tasks, listPlan(s, tasks, nil, nil), func(t float64) float64 { return t })
	}
	g := grid{slot}
	return greedyOutcomes(s, tasks, greedyOnGrid(s, tasks, g), g.at)
}

// greedyOnGrid is the greedy plan with arrivals and processing times rounded
// up to slot indices of g: a feasible solution of the RoundUp time-indexed
// model, used to seed and prune Exact's MILP. Its arithmetic is on integers
// only, so no start drifts off the grid.
func greedyOnGrid(s *Scenario, tasks []Task, g grid) []greedyPick[int] {
	return greedyPlan(s, tasks, nil,
		func(m Task, k int) int { return int(g.index(m.Release+s.In[m.Source][k], RoundUp)) },
		func(m Task, k int) int { return int(g.index(m.Frames/s.Speed[k], RoundUp)) },
		g.at, nil)
}

// listPlan is the list schedule in continuous time behind Greedy and the
// Lagrangian schedule: the sub-tasks in the given order (nil: as given)
// each take the IPN of least completion plus extra(i, k, start) (nil: 0).
func listPlan(s *Scenario, tasks []Task, order []int, extra func(i, k int, start float64) float64) []greedyPick[float64] {
	return greedyPlan(s, tasks, order,
		func(m Task, k int) float64 { return m.Release + s.In[m.Source][k] },
		func(m Task, k int) float64 { return m.Frames / s.Speed[k] },
		func(t float64) float64 { return t }, extra)
}

// instant is a time of the greedy plan: seconds (float64) or slot indices
// (int).
type instant interface{ ~int | ~float64 }

// greedyPick is where and when the greedy plan starts a sub-task.
type greedyPick[T instant] struct {
	k     int
	start T
}

// greedyPlan is the greedy of Greedy on a time scale T: arrive and hold give
// a sub-task's arrival at an IPN and how long it holds its slots, in T, and
// sec converts a T to seconds for the choice of IPN, which compares true
// completions sec(start) + w_m/v_k + ω_{k,dst}, plus extra(i, k, start)
// when extra is not nil (a price for the capacity the start uses). The
// sub-tasks are committed in the given order of indices (nil: 0, 1, …);
// each starts on the earliest q_m free slots of its IPN, so the result is
// a feasible schedule whatever the order and the prices.
func greedyPlan[T instant](s *Scenario, tasks []Task, order []int, arrive, hold func(m Task, k int) T, sec func(T) float64, extra func(i, k int, start T) float64) []greedyPick[T] {
	K := s.K()
	free := make([][]T, K) // per IPN, slot free times, ascending
	for k := range free {
		free[k] = make([]T, s.Slots[k])
	}
	picks := make([]greedyPick[T], len(tasks))
	for n := range tasks {
		i := n
		if order != nil {
			i = order[n]
		}
		m := tasks[i]
		best, bestC := -1, math.Inf(1)
		var bestStart, bestHold T
		for k := 0; k < K; k++ {
			if s.Slots[k] < m.Demand {
				continue
			}
			start := max(arrive(m, k), free[k][m.Demand-1])
			c := sec(start) + m.Frames/s.Speed[k] + s.Out[m.Source][k]
			if extra != nil {
				c += extra(i, k, start)
			}
			l := s.In[m.Source][k] + s.Out[m.Source][k]
			if best < 0 || c < bestC || (c == bestC && l < s.In[m.Source][best]+s.Out[m.Source][best]) {
				best, bestC, bestStart, bestHold = k, c, start, hold(m, k)
			}
		}
		for j := 0; j < m.Demand; j++ {
			free[best][j] = bestStart + bestHold
		}
		slices.Sort(free[best])
		picks[i] = greedyPick[T]{best, bestStart}
	}
	return picks
}

// greedyOutcomes turns a greedy plan into outcomes with the true processing
// times, and their total delay.
func greedyOutcomes[T instant](s *Scenario, tasks []Task, picks []greedyPick[T], sec func(T) float64) ([]Outcome, float64) {
	outs := make([]Outcome, len(tasks))
	total := 0.0
	for i, m := range tasks {
		k, start := picks[i].k, sec(picks[i].start)
		finish := start + m.Frames/s.Speed[k]
		c := finish + s.Out[m.Source][k]
		outs[i] = Outcome{
			IPN: k, Start: start, Finish: finish, Complete: c,
			Routing: s.In[m.Source][k] + s.Out[m.Source][k], Handling: finish - (m.Release + s.In[m.Source][k]),
			Samples: s.K(),
		}
		total += c - m.Release
	}
	return outs, total
}
