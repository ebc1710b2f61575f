package tpd

import (
	"fmt"
	"math"
	"sort"
)

// scheduleTol is the slack allowed when checking a schedule's times, in
// seconds: far below every latency and processing time in the model.
const scheduleTol = 1e-9

// CheckSchedule verifies that outcomes form a feasible schedule of the
// offline problem (2)–(9): every sub-task runs on an IPN with enough slots,
// starts no earlier than its arrival r_m + ω_{s_m k}, runs exactly w_m/v_k,
// completes ω_{k,dst} after that, and no IPN ever runs more than Q_k slots
// at once. It returns the total delay T = Σ (C_m − r_m).
func CheckSchedule(s *Scenario, tasks []Task, outs []Outcome) (float64, error) {
	if len(outs) != len(tasks) {
		return 0, fmt.Errorf("tpd: schedule has %d outcomes for %d sub-tasks", len(outs), len(tasks))
	}
	type ev struct {
		t float64
		d int
	}
	evs := make([][]ev, s.K())
	total := 0.0
	for i, t := range tasks {
		o := outs[i]
		if o.IPN < 0 || o.IPN >= s.K() {
			return 0, fmt.Errorf("tpd: sub-task %d: IPN %d out of range", i, o.IPN)
		}
		k := o.IPN
		if s.Slots[k] < t.Demand {
			return 0, fmt.Errorf("tpd: sub-task %d needs %d slots, IPN %d has %d", i, t.Demand, k, s.Slots[k])
		}
		if o.Start < t.Release+s.In[t.Source][k]-scheduleTol {
			return 0, fmt.Errorf("tpd: sub-task %d starts at %g before it reaches IPN %d at %g", i, o.Start, k, t.Release+s.In[t.Source][k])
		}
		if p := t.Frames / s.Speed[k]; math.Abs(o.Finish-o.Start-p) > scheduleTol*math.Max(1, p) {
			return 0, fmt.Errorf("tpd: sub-task %d runs %g, want %g", i, o.Finish-o.Start, p)
		}
		if c := o.Finish + s.Out[t.Source][k]; math.Abs(o.Complete-c) > scheduleTol*math.Max(1, c) {
			return 0, fmt.Errorf("tpd: sub-task %d completes at %g, want %g", i, o.Complete, c)
		}
		total += o.Complete - t.Release
		evs[k] = append(evs[k], ev{o.Start, t.Demand}, ev{o.Finish, -t.Demand})
	}
	for k, es := range evs {
		// At equal times, ends come before starts: intervals are half-open.
		sort.Slice(es, func(a, b int) bool {
			if es[a].t != es[b].t {
				return es[a].t < es[b].t
			}
			return es[a].d < es[b].d
		})
		used := 0
		for _, e := range es {
			used += e.d
			if used > s.Slots[k] {
				return 0, fmt.Errorf("tpd: IPN %d runs %d slots at t=%g, capacity %d", k, used, e.t, s.Slots[k])
			}
		}
	}
	return total, nil
}
