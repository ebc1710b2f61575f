package tpd

import (
	"fmt"
	"math"
	"sort"
)

// scheduleTol is the relative slack of CheckSchedule's time comparisons:
// times a and b are equal for it when |a − b| ≤ scheduleTol·max(1, |a|, |b|)
// (see tolAt). Times built from the data by a few additions, such as
// Δ·t + w_m/v_k or r_m + ω_{s_m k}, carry a few ulps of rounding error,
// about 1e-16 relative; 1e-9 is far above that, and far below every
// latency and processing time of the model (the campus grid and smallest
// latency are 0.005 s, 1e-9 relative is 1e-5 s even at 10⁴ s).
const scheduleTol = 1e-9

// tolAt is CheckSchedule's tolerance for times of magnitude up to |a|, |b|.
func tolAt(a, b float64) float64 {
	return scheduleTol * math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// CheckSchedule verifies that outcomes form a feasible schedule of the
// offline problem (2)–(9): every sub-task runs on an IPN with enough slots,
// starts no earlier than its arrival r_m + ω_{s_m k}, runs exactly w_m/v_k,
// completes ω_{k,dst} after that, and no IPN ever runs more than Q_k slots
// at once. It returns the total delay T = Σ (C_m − r_m).
//
// Times are compared with the tolerance of scheduleTol: a run [S_m, F_m)
// that ends within it of another's start does not overlap that one, and a
// start within it of the arrival is not early. So rounding error in times
// computed as sums (a finish 0.025 + 0.005 = 0.030000000000000002 against
// a start 0.005·6 = 0.03) is not reported as a conflict, while any overlap
// or early start longer than the tolerance is.
func CheckSchedule(s *Scenario, tasks []Task, outs []Outcome) (float64, error) {
	if err := checkTrace(s, tasks); err != nil {
		return 0, err
	}
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
		if !finite(o.Start) || !finite(o.Finish) || !finite(o.Complete) {
			return 0, fmt.Errorf("tpd: sub-task %d: times %g, %g, %g must be finite", i, o.Start, o.Finish, o.Complete)
		}
		k := o.IPN
		if s.Slots[k] < t.Demand {
			return 0, fmt.Errorf("tpd: sub-task %d needs %d slots, IPN %d has %d", i, t.Demand, k, s.Slots[k])
		}
		if a := t.Release + s.In[t.Source][k]; o.Start < a-tolAt(o.Start, a) {
			return 0, fmt.Errorf("tpd: sub-task %d starts at %g before it reaches IPN %d at %g", i, o.Start, k, a)
		}
		if p := t.Frames / s.Speed[k]; math.Abs(o.Finish-o.Start-p) > tolAt(o.Finish, p) {
			return 0, fmt.Errorf("tpd: sub-task %d runs %g, want %g", i, o.Finish-o.Start, p)
		}
		if c := o.Finish + s.Out[t.Source][k]; math.Abs(o.Complete-c) > tolAt(o.Complete, c) {
			return 0, fmt.Errorf("tpd: sub-task %d completes at %g, want %g", i, o.Complete, c)
		}
		total += o.Complete - t.Release
		// The end is moved earlier by the tolerance, so that an end within
		// it of a start sorts before that start.
		evs[k] = append(evs[k], ev{o.Start, t.Demand}, ev{o.Finish - tolAt(o.Finish, 0), -t.Demand})
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
