package tpd

import (
	"math"
	"sort"
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
// rounded up (slot = 0: continuous). Used to seed the rounded-up MILP with a
// feasible solution.
func greedyRounded(s *Scenario, tasks []Task, slot float64) ([]Outcome, float64) {
	K := s.K()
	free := make([][]float64, K) // per IPN, slot free times, ascending
	for k := range free {
		free[k] = make([]float64, s.Slots[k])
	}
	up := func(x float64) float64 {
		if slot == 0 {
			return x
		}
		return slot * ceilTol(x/slot)
	}
	outs := make([]Outcome, len(tasks))
	total := 0.0
	for i, m := range tasks {
		best, bestC, bestStart, bestHold := -1, math.Inf(1), 0.0, 0.0
		for k := 0; k < K; k++ {
			if s.Slots[k] < m.Demand {
				continue
			}
			arrive := up(m.Release + s.In[m.Source][k])
			start := math.Max(arrive, free[k][m.Demand-1])
			p := m.Frames / s.Speed[k]
			c := start + p + s.Out[m.Source][k]
			l := s.In[m.Source][k] + s.Out[m.Source][k]
			if best < 0 || c < bestC || (c == bestC && l < s.In[m.Source][best]+s.Out[m.Source][best]) {
				best, bestC, bestStart, bestHold = k, c, start, up(p)
			}
		}
		k := best
		for j := 0; j < m.Demand; j++ {
			free[k][j] = bestStart + bestHold
		}
		sort.Float64s(free[k])
		p := m.Frames / s.Speed[k]
		outs[i] = Outcome{
			IPN: k, Start: bestStart, Finish: bestStart + p, Complete: bestC,
			Routing: s.In[m.Source][k] + s.Out[m.Source][k], Handling: bestStart + p - (m.Release + s.In[m.Source][k]),
			Samples: K,
		}
		total += bestC - m.Release
	}
	return outs, total
}

// gridTol absorbs floating-point error when data lie on the grid: 0.015/0.005
// is 2.9999999999999996 in binary; the bound's validity tolerance is 1e-9 of
// a slot.
const gridTol = 1e-9

func floorTol(x float64) float64 { return math.Floor(x + gridTol) }
func ceilTol(x float64) float64  { return math.Ceil(x - gridTol) }
