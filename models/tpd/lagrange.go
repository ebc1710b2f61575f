package tpd

import (
	"context"
	"math"
	"slices"
	"sort"
	"time"
)

// DefaultLagrangeIterations is the subgradient budget of each phase of
// LowerBoundLagrange when LagrangeOptions.Iterations is 0.
const DefaultLagrangeIterations = 300

// DefaultLagrangeRefine is the number of grid halvings of BoundTight:
// phases per IPN on Δ, Δ/2, Δ/4 and Δ/8.
const DefaultLagrangeRefine = 3

const (
	lagStall = 10   // iterations without progress before the step halves
	lagLevel = 0.05 // target of Polyak's step: best bound so far + 5 %, capped by the upper bound
	lagTheta = 1e-6 // the step factor below which the subgradient method stops
	// lagHandoff is the iterations after which a phase's best multipliers
	// go to the next phase (half of it from a refining phase): a constant,
	// so the next phase starts from the same point whatever
	// LagrangeOptions.Iterations is.
	lagHandoff = DefaultLagrangeIterations
	// maxLagRows caps resources × grid instants (memory: about 40 bytes each).
	maxLagRows = 5e7
	// maxRefineRows caps them for the refining phases (Refine), which are
	// skipped beyond it: they only tighten, so they get less memory.
	maxRefineRows = 1e7
)

// LagrangeOptions configures LowerBoundLagrange. The zero value is valid.
type LagrangeOptions struct {
	// Slot is the grid step Δ in seconds; 0 means the scenario's bounds.slot.
	Slot float64
	// Iterations caps the subgradient iterations of each phase (half of it
	// for each refining phase, which starts from the multipliers of the
	// phase on the grid twice as coarse); 0 means DefaultLagrangeIterations.
	// A phase hands the next one its best multipliers of its first
	// lagHandoff iterations (half of it for a refining phase), whatever
	// the cap, so a phase followed by another runs at least that many:
	// every phase then starts from the same multipliers whatever the cap,
	// and a larger cap only adds iterations, so it never lowers the bound.
	Iterations int
	// PerIPN adds a second phase in which every IPN is its own resource,
	// started from the multipliers of the first phase (IPNs of equal speed
	// pooled). The per-IPN relaxation is tighter (latencies bind each IPN
	// separately) and each iteration costs about K/(number of speeds) times
	// more.
	PerIPN bool
	// Refine, when > 0, adds phases per IPN on the grids Δ/2, Δ/4, …,
	// Δ/2^Refine (it implies PerIPN), each started from the multipliers of
	// the phase before. A finer grid loses less capacity to durations
	// rounded down to it (about Δ/2 per sub-task, which matters near
	// saturation); each phase costs about twice the one before. A finer
	// grid whose resources × instants would exceed 10⁷ (about 400 MB) is
	// skipped, with the ones after it.
	Refine int
	// Upper is an upper bound on OPT that caps the target of the step
	// (Polyak's rule); 0 means the greedy reference schedule's total delay.
	// It affects only how fast the bound rises, never its validity.
	Upper float64
	// Deadline, when not zero, ends the iterations: once it has passed
	// the best bound so far is returned, with Stopped set and no error
	// (the first iteration runs whatever the time). That bound is valid:
	// every L(λ) is ≤ OPT.
	Deadline time.Time
	// Schedule asks for the Lagrangian schedule (LagrangeBound.Schedule).
	Schedule bool
}

// LagrangeBound is the Lagrangian lower bound and how it was obtained.
type LagrangeBound struct {
	Value      float64 // max over all iterations of L(λ): a valid lower bound on OPT
	Pooled     float64 // best L(λ) of the first phase (IPNs of equal speed pooled)
	PerIPN     float64 // best L(λ) of the phase per IPN on the grid Δ (0 if not run)
	Initial    float64 // L(0), which equals LB0
	Upper      float64 // the upper bound that capped the step target
	Iterations int     // subgradient iterations run, every phase
	Phases     int     // phases run (begun)
	Planned    int     // phases planned: 1, 2 with PerIPN, 2 + Refine less those too large for memory
	Slot       float64 // grid step of the last phase run
	Stopped    bool    // the Deadline ended the iterations
	// LastIterations and LastCap are the iterations the last phase begun
	// ran and the most it could run: with Stopped, how far the budget let
	// it get.
	LastIterations, LastCap int
	Resources               int // capacity resources of the last phase (speed classes or IPNs)
	Multipliers             int // capacity rows dualised in the last phase: resources × grid instants
	// Schedule, with LagrangeOptions.Schedule, is the best of the
	// price-guided list schedules built from each phase's best multipliers
	// (see doc.go): a feasible schedule, so ScheduleTotal, its total delay,
	// is an upper bound on OPT.
	Schedule      []Outcome
	ScheduleTotal float64
}

// lagPhase is one phase of LowerBoundLagrange: a grouping of the IPNs and a
// grid step.
type lagPhase struct {
	perIPN bool
	slot   float64
}

// LowerBoundLagrange computes LB_LAG, the Lagrangian bound of the
// time-indexed relaxation R of the whole trace (see doc.go for the model
// and why every L(λ) is ≤ OPT). The best L(λ) over the iterations is kept,
// so the bound only rises with the budget. A cancelled ctx returns the
// bound reached so far together with ctx.Err(); a passed Deadline
// returns it with Stopped set.
func LowerBoundLagrange(ctx context.Context, s *Scenario, tasks []Task, opt LagrangeOptions) (LagrangeBound, error) {
	if err := checkTrace(s, tasks); err != nil {
		return LagrangeBound{}, err
	}
	slot := opt.Slot
	if slot == 0 {
		slot = s.Slot
	}
	if !(slot > 0) || math.IsInf(slot, 1) {
		return LagrangeBound{}, inputErr("slot: must be > 0, got %g", opt.Slot)
	}
	if opt.Iterations < 0 {
		return LagrangeBound{}, inputErr("iterations: must be >= 0, got %d", opt.Iterations)
	}
	if opt.Refine < 0 || opt.Refine > 20 {
		return LagrangeBound{}, inputErr("refine: must be in 0..20, got %d", opt.Refine)
	}
	if !(opt.Upper >= 0) || math.IsInf(opt.Upper, 1) {
		return LagrangeBound{}, inputErr("upper: must be a finite number >= 0, got %g", opt.Upper)
	}
	iters := opt.Iterations
	if iters == 0 {
		iters = DefaultLagrangeIterations
	}
	out := LagrangeBound{}
	if len(tasks) == 0 {
		return out, nil
	}
	// The set-up below takes a fraction of a second on 10⁵ sub-tasks: look
	// at ctx between its steps, as the iterations do.
	if err := ctx.Err(); err != nil {
		return out, err
	}
	stop := func() bool { return false }
	if !opt.Deadline.IsZero() {
		stop = func() bool { return !time.Now().Before(opt.Deadline) }
	}
	gOuts, greedy := greedyRounded(s, tasks, 0)
	out.Upper = opt.Upper
	if out.Upper == 0 {
		out.Upper = greedy
	}
	// The horizon: every instant a column of any phase covers, and the
	// greedy schedule's end; later instants are not dualised (λ = 0).
	end := 0.0 // no column reaches past it
	for i, o := range gOuts {
		end = math.Max(end, o.Finish)
		for k := range s.Slots {
			end = math.Max(end, tasks[i].Release+s.In[tasks[i].Source][k]+tasks[i].Frames/s.Speed[k])
		}
	}
	phases := []lagPhase{{false, slot}}
	if opt.PerIPN || opt.Refine > 0 {
		phases = append(phases, lagPhase{true, slot})
	}
	for j, sl := 1, slot; j <= opt.Refine; j++ {
		sl /= 2
		phases = append(phases, lagPhase{true, sl})
	}
	rowsOf := func(ph lagPhase) float64 { return float64(len(lagResources(s, ph.perIPN))) * (end/ph.slot + 2) }
	for i, ph := range phases {
		if rowsOf(ph) <= maxLagRows && (i < 2 || rowsOf(ph) <= maxRefineRows) {
			continue
		}
		if i < 2 {
			n := len(lagResources(s, ph.perIPN))
			return LagrangeBound{}, inputErr("slot: a grid of %g s needs %.3g instants per resource for this trace (at most %d): use a coarser slot",
				ph.slot, end/ph.slot+2, int(maxLagRows)/n)
		}
		phases = phases[:i] // the finer grids are too large: refine less
		break
	}
	if err := ctx.Err(); err != nil {
		return out, err
	}
	out.Planned = len(phases)
	best := math.Inf(-1)
	var prev *lagRelax
	var lam [][]float64
	for i, ph := range phases {
		if i > 0 && stop() {
			out.Stopped = true
			break
		}
		horizon := int(math.Ceil(end/ph.slot)) + 1
		if prev != nil && ph.slot == prev.slot {
			horizon = prev.T - 1 // the same instants as the phase before
		}
		r := newLagRelax(s, tasks, ph.slot, lagResources(s, ph.perIPN), horizon)
		if prev != nil {
			lam = r.remap(prev, lam)
		}
		budget, hand := iters, lagHandoff
		if i >= 2 {
			// A refining phase starts close to its optimum.
			budget, hand = max(1, iters/2), lagHandoff/2
		}
		if i < len(phases)-1 {
			budget = max(budget, hand) // it hands off after hand iterations
		}
		v, lamBest, lamHand, n, stopped, err := r.maximise(ctx, stop, lam, budget, hand, out.Upper, &out)
		lam = lamHand
		out.LastIterations, out.LastCap = n, budget
		out.Iterations += n
		out.Phases++
		out.Slot = ph.slot
		best = math.Max(best, v)
		switch {
		case i == 0:
			out.Pooled = v
		case i == 1:
			out.PerIPN = v
		}
		out.Resources, out.Multipliers = len(r.res), len(r.res)*r.T
		if opt.Schedule && err == nil && n > 0 {
			if outs, total := r.schedule(lamBest); out.Schedule == nil || total < out.ScheduleTotal {
				out.Schedule, out.ScheduleTotal = outs, total
			}
		}
		if err != nil {
			out.Value = math.Max(best, 0) // a total delay is never negative
			return out, err
		}
		if stopped {
			out.Stopped = true
			break
		}
		if out.Upper-best <= 1e-9*out.Upper {
			break // the bound meets a feasible schedule: nothing to refine
		}
		prev = r
	}
	out.Value = best
	return out, nil
}

// lagRes is one capacity resource of the relaxation: one IPN, or the IPNs
// of one speed with their slots pooled.
type lagRes struct {
	ipns  []int
	slots int
	speed float64
}

// lagResources groups the IPNs into capacity resources: one per IPN, or
// one per distinct speed with the slots summed.
func lagResources(s *Scenario, perIPN bool) []lagRes {
	var res []lagRes
	index := map[float64]int{}
	for k := range s.Slots {
		if c, ok := index[s.Speed[k]]; ok && !perIPN {
			res[c].ipns = append(res[c].ipns, k)
			res[c].slots += s.Slots[k]
			continue
		}
		index[s.Speed[k]] = len(res)
		res = append(res, lagRes{ipns: []int{k}, slots: s.Slots[k], speed: s.Speed[k]})
	}
	return res
}

// lagCol is sub-task m on resource c: the grid instants its run surely
// covers (P) and what its cheapest cost per start bucket needs.
type lagCol struct {
	res      int
	p        float64 // processing time on the resource
	P        int     // grid instants surely covered: ⌊p/Δ⌋
	t0, t1   int     // earliest and latest arrival bucket over its IPNs
	outMin   float64 // min exit latency over its IPNs
	fFrom    int     // early[fFrom+t−t0] = f_mct + r_m − p for t0 ≤ t ≤ t1
	released float64 // r_m
}

// lagRelax is relaxation R for one grouping of the IPNs.
type lagRelax struct {
	s     *Scenario
	tasks []Task
	slot  float64
	res   []lagRes
	T     int // dualised instants τ = 0..T−1
	cols  []lagCol
	early []float64 // per column, the cost part max(a_k, Δt) + ω_out before its last arrival bucket
	first []int     // cols[first[i]:first[i+1]] belong to sub-task i
	q     []float64
	ipnOf []int // resource of each IPN
}

func newLagRelax(s *Scenario, tasks []Task, slot float64, res []lagRes, horizon int) *lagRelax {
	r := &lagRelax{s: s, tasks: tasks, slot: slot, res: res, first: make([]int, len(tasks)+1), q: make([]float64, len(tasks)), ipnOf: make([]int, s.K())}
	for c, g := range res {
		for _, k := range g.ipns {
			r.ipnOf[k] = c
		}
	}
	for i, m := range tasks {
		r.first[i] = len(r.cols)
		r.q[i] = float64(m.Demand)
		for c, g := range res {
			col := lagCol{res: c, t0: math.MaxInt, t1: -1, outMin: math.Inf(1), fFrom: len(r.early), released: m.Release}
			for _, k := range g.ipns {
				if s.Slots[k] < m.Demand {
					continue
				}
				A := int(floorTol((m.Release + s.In[m.Source][k]) / slot))
				col.t0, col.t1 = min(col.t0, A), max(col.t1, A)
				col.outMin = math.Min(col.outMin, s.Out[m.Source][k])
			}
			if col.t1 < 0 {
				continue // no IPN of this resource has q_m slots
			}
			// f_mct − p + r_m for the buckets where not every IPN of the
			// resource has been reached: the cheapest IPN reached by t.
			for t := col.t0; t <= col.t1; t++ {
				f := math.Inf(1)
				for _, k := range g.ipns {
					a := m.Release + s.In[m.Source][k]
					if s.Slots[k] >= m.Demand && int(floorTol(a/slot)) <= t {
						f = math.Min(f, math.Max(a, slot*float64(t))+s.Out[m.Source][k])
					}
				}
				r.early = append(r.early, f)
			}
			col.p = m.Frames / g.speed
			col.P = int(floorTol(col.p / slot))
			horizon = max(horizon, col.t1+col.P)
			r.cols = append(r.cols, col)
		}
		// Cheapest column first (at λ = 0): eval's scan of the others then
		// stops at their first bucket more often.
		own := r.cols[r.first[i]:]
		sort.SliceStable(own, func(a, b int) bool {
			return r.early[own[a].fFrom]+own[a].p < r.early[own[b].fFrom]+own[b].p
		})
	}
	r.first[len(tasks)] = len(r.cols)
	r.T = horizon + 1
	return r
}

// remap maps the multipliers lam of phase from to this phase: every IPN
// inherits its resource's λ there, and instant t of this grid (the time
// Δ(t+1) − 0) the λ of the instant of from's grid that holds it, scaled by
// Δ/Δ_from so that a run's price stays about the same. On the same grid
// L is unchanged (each sub-task's cheapest column is the same, and
// Σ_k Q_k λ = Q_c λ), so the phase starts where the one before ended.
func (r *lagRelax) remap(from *lagRelax, lam [][]float64) [][]float64 {
	ratio := r.slot / from.slot
	out := make([][]float64, len(r.res))
	for c, g := range r.res {
		src := lam[from.ipnOf[g.ipns[0]]]
		out[c] = make([]float64, r.T)
		if ratio == 1 {
			copy(out[c], src)
			continue
		}
		for t := range out[c] {
			if tau := int(ceilTol(float64(t+1)*ratio)) - 1; tau < len(src) {
				out[c][t] = src[tau] * ratio
			}
		}
	}
	return out
}

// eval returns L(λ) and writes each resource's usage minus capacity at
// every instant (the subgradient) into g. pre is scratch of len T+1; on
// return pre[c][t] = Σ_{τ<t} λ_cτ. When start is not nil, start[i] gets the
// start bucket of sub-task i's cheapest column.
func (r *lagRelax) eval(lam, pre, g [][]float64, start []int) float64 {
	T := r.T
	L := 0.0
	for c, res := range r.res {
		pre[c][0] = 0
		for t := 0; t < T; t++ {
			pre[c][t+1] = pre[c][t] + lam[c][t]
		}
		L -= float64(res.slots) * pre[c][T]
		clear(g[c])
	}
	slot := r.slot
	for i := range r.q {
		bestV, bestCol, bestT := math.Inf(1), -1, 0
		q := r.q[i]
		for j := r.first[i]; j < r.first[i+1]; j++ {
			col := &r.cols[j]
			pc := pre[col.res]
			fixed := col.p - col.released
			for t := col.t0; ; t++ {
				// Every later start costs at least Δt + min ω_out + p − r.
				if slot*float64(t)+col.outMin+fixed >= bestV {
					break
				}
				var f float64
				if t <= col.t1 {
					f = r.early[col.fFrom+t-col.t0]
				} else {
					f = slot*float64(t) + col.outMin
				}
				v := f + fixed + q*(pc[min(t+col.P, T)]-pc[min(t, T)])
				if v < bestV {
					bestV, bestCol, bestT = v, j, t
				}
				if t >= T {
					break // no multipliers from here on: later starts only cost more
				}
			}
		}
		L += bestV
		if start != nil {
			start[i] = bestT
		}
		col := &r.cols[bestCol]
		if bestT < T {
			g[col.res][bestT] += q
			if e := bestT + col.P; e < T {
				g[col.res][e] -= q
			}
		}
	}
	for c, res := range r.res {
		run := 0.0
		for t := 0; t < T; t++ {
			run += g[c][t]
			g[c][t] = run - float64(res.slots)
		}
	}
	return L
}

// maximise runs the projected subgradient method from lam (nil: λ = 0) for
// at most iters iterations and returns the best L(λ), its multipliers, the
// best multipliers of the first hand iterations (the same slice when the
// method ends within them) and the iterations run. Step:
// θ(L̂ − L(λ))/‖g‖² towards the level L̂ = min(upper, best + 5 %); θ
// halves, restarting from the best λ, after lagStall iterations without
// progress.
func (r *lagRelax) maximise(ctx context.Context, stop func() bool, lam [][]float64, iters, hand int, upper float64, out *LagrangeBound) (best float64, lamBest, lamHand [][]float64, n int, stopped bool, err error) {
	nr := len(r.res)
	if lam == nil {
		lam = make([][]float64, nr)
		for c := range lam {
			lam[c] = make([]float64, r.T)
		}
	}
	lamBest = make([][]float64, nr)
	pre, g := make([][]float64, nr), make([][]float64, nr)
	for c := range lam {
		lamBest[c] = append([]float64(nil), lam[c]...)
		pre[c] = make([]float64, r.T+1)
		g[c] = make([]float64, r.T)
	}
	best = math.Inf(-1)
	theta, stall := 1.0, 0
	// hold returns the multipliers to hand off: the snapshot taken after
	// hand iterations, else the best ones.
	hold := func() [][]float64 {
		if lamHand != nil {
			return lamHand
		}
		return lamBest
	}
	for it := 0; it < iters; it++ {
		if it == hand {
			lamHand = make([][]float64, nr)
			for c := range lamBest {
				lamHand[c] = slices.Clone(lamBest[c])
			}
		}
		if err := ctx.Err(); err != nil {
			return best, lamBest, hold(), it, false, err
		}
		if it > 0 && stop() {
			return best, lamBest, hold(), it, true, nil
		}
		L := r.eval(lam, pre, g, nil)
		if it == 0 && out.Iterations == 0 {
			out.Initial = L
		}
		if it == 0 || L > best+1e-12*math.Abs(best) {
			best, stall = math.Max(best, L), 0
			for c := range lam {
				copy(lamBest[c], lam[c])
			}
		} else if stall++; stall >= lagStall {
			theta, stall = theta/2, 0
			for c := range lam {
				copy(lam[c], lamBest[c])
			}
			if theta < lagTheta {
				return best, lamBest, hold(), it + 1, false, nil
			}
			continue
		}
		if upper-best <= 1e-9*upper {
			return best, lamBest, hold(), it + 1, false, nil // closed the gap to a feasible schedule
		}
		norm := 0.0
		for c := range g {
			for t, v := range g[c] {
				if v > 0 || lam[c][t] > 0 {
					norm += v * v
				}
			}
		}
		if norm == 0 {
			// The sub-tasks' choices fit and complementary slackness holds:
			// L(λ) is the optimum of the LP relaxation of R.
			return best, lamBest, hold(), it + 1, false, nil
		}
		level := math.Min(upper, best+lagLevel*math.Abs(best))
		step := theta * math.Max(level-L, 1e-9*upper) / norm
		for c := range lam {
			for t, v := range lam[c] {
				if v += step * g[c][t]; v > 0 {
					lam[c][t] = v
				} else {
					lam[c][t] = 0
				}
			}
		}
	}
	return best, lamBest, hold(), iters, false, nil
}
