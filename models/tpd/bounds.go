package tpd

import (
	"container/heap"
	"math"
	"sort"
)

// LB0 is the trivial bound of spec C.4: Σ_m min_{k: Q_k ≥ q_m} (l_mk + p_mk).
// Every sub-task pays at least routing plus processing on the IPN it uses.
func LB0(s *Scenario, tasks []Task) (float64, error) {
	if err := checkTrace(s, tasks); err != nil {
		return 0, err
	}
	return lb0(s, tasks), nil
}

func lb0(s *Scenario, tasks []Task) float64 {
	t := 0.0
	for _, m := range tasks {
		t += lb0Task(s, m)
	}
	return t
}

func lb0Task(s *Scenario, m Task) float64 {
	best := math.Inf(1)
	for k := range s.Slots {
		if s.Slots[k] >= m.Demand {
			best = math.Min(best, s.In[m.Source][k]+s.Out[m.Source][k]+m.Frames/s.Speed[k])
		}
	}
	return best
}

// LBSRPT is the super-machine bound of spec C.4: every slot pooled into one
// preemptive machine of rate V = Σ_k Q_k v_k frames/s, sub-task m released at
// r_m + min_k ω_{s_m k}, scheduled by SRPT (optimal for Σ C_m on one
// preemptive machine, Schrage 1968), plus Σ_m min_k ω_{k,dst}. Valid because
// no schedule processes more than V frames/s in total, no sub-task can start
// before it reaches some IPN, and each pays some exit latency.
func LBSRPT(s *Scenario, tasks []Task) (float64, error) {
	if err := checkTrace(s, tasks); err != nil {
		return 0, err
	}
	return lbSRPT(s, tasks), nil
}

func lbSRPT(s *Scenario, tasks []Task) float64 {
	V := s.Capacity()
	type job struct {
		rel, work float64
	}
	jobs := make([]job, len(tasks))
	extra := 0.0
	for i, m := range tasks {
		in, out := math.Inf(1), math.Inf(1)
		for k := range s.Slots {
			if s.Slots[k] >= m.Demand {
				in = math.Min(in, s.In[m.Source][k])
				out = math.Min(out, s.Out[m.Source][k])
			}
		}
		jobs[i] = job{m.Release + in, m.Frames}
		extra += out + in // C_m − r_m = (C_m − rel_m) + in_min
	}
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].rel < jobs[b].rel })
	h := &floatHeap{}
	t, total := 0.0, 0.0
	next := 0
	for next < len(jobs) || h.Len() > 0 {
		if h.Len() == 0 {
			t = math.Max(t, jobs[next].rel)
		}
		for next < len(jobs) && jobs[next].rel <= t {
			heap.Push(h, jobs[next].work)
			next++
		}
		// Work on the shortest remaining job until it ends or the next release.
		w := (*h)[0]
		finish := t + w/V
		if next < len(jobs) && jobs[next].rel < finish {
			(*h)[0] -= (jobs[next].rel - t) * V
			t = jobs[next].rel
			continue
		}
		heap.Pop(h)
		t = finish
		total += t
	}
	for _, j := range jobs {
		total -= j.rel
	}
	return total + extra
}

type floatHeap []float64

func (h floatHeap) Len() int           { return len(h) }
func (h floatHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h floatHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *floatHeap) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *floatHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// checkTrace validates a scenario and a trace for the exported bounds. The
// trace may be any sub-sequence of sub-tasks (IDs are not checked).
func checkTrace(s *Scenario, tasks []Task) error {
	if s == nil {
		return inputErr("nil scenario")
	}
	return s.ValidateTasks(renumber(tasks))
}
