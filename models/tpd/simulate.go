package tpd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/streamopt/streamopt/sim"
)

// Config selects the dispatcher and the queue rule of one simulation.
type Config struct {
	Policy     Policy
	Discipline Discipline
	// InfoInterval overrides the scenario's Δ_info when ≥ 0; use -1 (or
	// UseScenarioInfo) to keep the scenario's value.
	InfoInterval float64
	// Warmup is the fraction of the first sub-tasks left out of the mean
	// metrics (totals used by the gap always cover every sub-task).
	Warmup float64
}

// UseScenarioInfo keeps the scenario's Δ_info in Config.InfoInterval.
const UseScenarioInfo = -1

// Outcome is what happened to one sub-task.
type Outcome struct {
	IPN      int     // k chosen
	Start    float64 // S_m
	Finish   float64 // S_m + p_mk, processing end
	Complete float64 // C_m = Finish + ω_{k,dst}
	Routing  float64 // ω_{s_m k} + ω_{k,dst}
	Handling float64 // queueing + processing = Finish − arrival at the IPN
	Samples  int     // IPNs sampled by the dispatcher
}

// Result is the outcome of one simulation.
type Result struct {
	Policy     Policy
	Discipline Discipline
	Outcomes   []Outcome
	// Means over the sub-tasks after the warm-up, in seconds.
	MeanRouting, MeanHandling, MeanDelay float64
	// Totals over every sub-task, in seconds.
	TotalDelay     float64 // T = Σ_m (C_m − r_m), the objective (1)
	TotalTardiness float64 // Σ_m max(0, C_m − D_m)
	// Utilisation[k] is busy slot-time / (Q_k · last processing end).
	Utilisation []float64
	MeanSamples float64
	// Events is the number of engine events processed: releases, arrivals
	// at IPNs and ends of processing (state refreshes are not events).
	Events uint64
}

// Metrics returns the policy metrics of a result (PolicyMetrics; the
// gaps, which need the bounds, are left to the caller) with the per-IPN
// utilisations.
func (r *Result) Metrics() PolicyRun {
	m := PolicyRun{RoutingMS: 1000 * r.MeanRouting, HandlingMS: 1000 * r.MeanHandling, DelayMS: 1000 * r.MeanDelay,
		TotalDelay: r.TotalDelay, Tardiness: r.TotalTardiness, SamplesMean: r.MeanSamples, Util: slices.Clone(r.Utilisation)}
	u := 0.0
	for _, x := range r.Utilisation {
		u += x
	}
	m.UtilMean = u / float64(len(r.Utilisation))
	return m
}

type ipnState struct {
	free     int     // free slots
	running  int     // sub-tasks in service
	sumEnd   float64 // Σ processing ends of running sub-tasks
	queued   int
	work     float64 // Σ frames waiting
	busy     float64 // slot-seconds of processing
	queue    ipnQueue
	arrivals int
}

// snapshot is what CollectWorkload reports about one IPN.
type snapshot struct {
	at      float64
	queued  int
	work    float64
	running int
	used    int // busy slots
	sumEnd  float64
}

// Event priorities at equal times: free slots first, then arrivals at IPNs,
// then the state refresh, then new sub-tasks.
const (
	prioFinish = iota
	prioArrive
	prioRefresh
	prioGenerate
)

// Simulate runs one policy over a trace. rng supplies the dispatcher's
// random choices; the trace itself is fixed, so several policies can be
// compared on the same sub-tasks (common random numbers). Once ctx is done
// the simulation stops within a few thousand events with an error that
// wraps ctx.Err().
func Simulate(ctx context.Context, s *Scenario, tasks []Task, cfg Config, rng *rand.Rand) (*Result, error) {
	return simulate(ctx, s, tasks, cfg, rng, lazyRefresh)
}

// refreshMode says how a Δ_info > 0 simulation keeps its state snapshots.
type refreshMode int

const (
	// lazyRefresh takes IPN k's snapshot when it is first needed after a
	// refresh instant: when a dispatch reads it, or just before an event
	// changes k's state. Since k's state has not changed since that
	// instant, the snapshot is the one the periodic refresh took there.
	lazyRefresh refreshMode = iota
	// periodicRefresh runs one engine event per refresh instant that
	// copies every IPN's state: the reference lazyRefresh must equal.
	periodicRefresh
)

// maxRefreshes caps the refresh instants of one simulation: passing one
// costs a floating-point addition, so 1e9 of them take about a second
// (and the periodic reference an engine event each, minutes). A Δ_info too
// small for the trace's horizon would otherwise also stall t_j + Δ_info at
// t_j.
const maxRefreshes = 1e9

// Refresh instants: t_0 = 0 and t_{j+1} = t_j + Δ_info (accumulated in
// floating point, as the engine's After does) while t_{j+1} does not pass
// the last release. An instant t_j comes after the state events (free
// slots, arrivals) at t_j and before the dispatches at t_j.

func simulate(ctx context.Context, s *Scenario, tasks []Task, cfg Config, rng *rand.Rand, mode refreshMode) (*Result, error) {
	if s == nil {
		return nil, inputErr("nil scenario")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := s.ValidateTasks(tasks); err != nil {
		return nil, err
	}
	if cfg.Policy < 0 || int(cfg.Policy) >= len(policyNames) {
		return nil, inputErr("policy: unknown %d", int(cfg.Policy))
	}
	if cfg.Discipline < 0 || int(cfg.Discipline) >= len(disciplineNames) {
		return nil, inputErr("discipline: unknown %d", int(cfg.Discipline))
	}
	if !(cfg.Warmup >= 0 && cfg.Warmup < 1) {
		return nil, inputErr("warmup: must be in [0, 1), got %g", cfg.Warmup)
	}
	if rng == nil {
		return nil, inputErr("nil random stream")
	}
	info := s.InfoInterval
	if cfg.InfoInterval >= 0 {
		info = cfg.InfoInterval
	}
	K, M := s.K(), len(tasks)
	if M > 0 && info > 0 && tasks[M-1].Release/info > maxRefreshes {
		return nil, inputErr("info_interval: %g s gives %.3g state refreshes over the %g s trace, over the cap of %g", info, tasks[M-1].Release/info, tasks[M-1].Release, float64(maxRefreshes))
	}
	e := sim.NewEngine()
	out := make([]Outcome, M)
	// Per-task data of the IPN the task was sent to, for the queue rules.
	delta := make([]float64, M)
	ptime := make([]float64, M)
	dl := make([]float64, M)
	seq := make([]int, M)
	state := make([]uint8, M)
	for i, t := range tasks {
		dl[i] = t.Deadline
	}
	ipns := make([]ipnState, K)
	for k := range ipns {
		ipns[k].free = s.Slots[k]
		switch cfg.Discipline {
		case MDD:
			ipns[k].queue = newMDDQueue(delta, ptime, dl, seq, state)
		case EDD:
			ipns[k].queue = &simpleQueue{idxHeap{less: func(i, j int) bool {
				if dl[i] != dl[j] {
					return dl[i] < dl[j]
				}
				return seq[i] < seq[j]
			}}}
		default:
			ipns[k].queue = &simpleQueue{idxHeap{less: func(i, j int) bool { return seq[i] < seq[j] }}}
		}
	}
	current := func(k int, at float64) snapshot {
		st := &ipns[k]
		return snapshot{at: at, queued: st.queued, work: st.work, running: st.running, used: s.Slots[k] - st.free, sumEnd: st.sumEnd}
	}
	snap := make([]snapshot, K)
	// Own dispatches since the last snapshot, per IPN (used with CountOwn).
	ownCount := make([]int, K)
	ownWork := make([]float64, K)
	refresh := func() {
		for k := range ownCount {
			ownCount[k], ownWork[k] = 0, 0
		}
		for k := range ipns {
			snap[k] = current(k, e.Now())
		}
	}
	// Lazy refresh: the last refresh instant passed (index tick, time
	// tickAt), the next one (tickNext, if hasNext), and which instant each
	// IPN's snapshot and own counts belong to.
	lazy := info > 0 && mode == lazyRefresh
	last := 0.0
	if M > 0 {
		last = tasks[M-1].Release
	}
	tick, tickAt, tickNext, hasNext := -1, 0.0, 0.0, lazy && M > 0
	snapTick := make([]int, K)
	for k := range snapTick {
		snapTick[k] = -1
	}
	// advance passes the refresh instants that come before an event of
	// priority prio at the current time.
	advance := func(prio int) {
		now := e.Now()
		for hasNext && (tickNext < now || (tickNext == now && prio > prioRefresh)) {
			tick, tickAt = tick+1, tickNext
			tickNext = tickAt + info
			hasNext = tickNext <= last
		}
	}
	// sync brings IPN k's snapshot to the last instant passed; call it
	// after advance and before k's state changes or is read.
	sync := func(k int) {
		if lazy && snapTick[k] != tick {
			snap[k] = current(k, tickAt)
			ownCount[k], ownWork[k] = 0, 0
			snapTick[k] = tick
		}
	}
	view := func(k int) snapshot {
		if info == 0 {
			return current(k, e.Now())
		}
		sync(k)
		v := snap[k]
		if s.CountOwn {
			v.queued += ownCount[k]
			v.work += ownWork[k]
		}
		return v
	}

	var startReady func(k int)
	startReady = func(k int) {
		st := &ipns[k]
		for st.queued > 0 {
			i := st.queue.peek(e.Now())
			if tasks[i].Demand > st.free {
				return // non-preemptive strict priority: the head waits for room
			}
			st.queue.pop(e.Now())
			st.queued--
			st.work -= tasks[i].Frames
			st.free -= tasks[i].Demand
			st.running++
			o := &out[i]
			o.Start = e.Now()
			o.Finish = o.Start + ptime[i]
			o.Complete = o.Finish + s.Out[tasks[i].Source][k]
			st.sumEnd += o.Finish
			st.busy += float64(tasks[i].Demand) * ptime[i]
			e.Schedule(o.Finish, prioFinish, func() {
				advance(prioFinish)
				sync(k)
				st.free += tasks[i].Demand
				st.running--
				st.sumEnd -= o.Finish
				startReady(k)
			})
		}
	}

	tables := map[int][]tpdTable{}
	taken := make([]bool, K)
	buf := make([]int, K)
	perm := make([]int, K)
	dispatch := func(i int) (int, int) {
		t := tasks[i]
		src := t.Source
		l := func(k int) float64 { return s.In[src][k] + s.Out[src][k] }
		switch cfg.Policy {
		case TPD:
			tabs, ok := tables[t.Demand]
			if !ok {
				tabs = s.tpdTables(t.Demand)
				tables[t.Demand] = tabs
			}
			tab := tabs[src]
			cand := sampleWeighted(rng, tab.F, tab.d, taken[:len(tab.F)], buf)
			best, bestC := -1, math.Inf(1)
			for _, j := range cand {
				k := tab.elig[j]
				c := s.In[src][k] + s.expectedWait(k, t, view(k)) + t.Frames/s.Speed[k] + s.Out[src][k]
				if best < 0 || c < bestC || (c == bestC && (l(k) < l(best) || (l(k) == l(best) && k < best))) {
					best, bestC = k, c
				}
			}
			return best, len(cand)
		case PoD:
			elig := s.eligible(t.Demand)
			cand := sampleUniform(rng, len(elig), min(2, len(elig)), perm)
			best := elig[cand[0]]
			if len(cand) > 1 {
				a, b := view(best), view(elig[cand[1]])
				na, nb := a.queued+a.running, b.queued+b.running
				if nb < na || (nb == na && rng.IntN(2) == 1) {
					best = elig[cand[1]]
				}
			}
			return best, len(cand)
		case CRO:
			elig := s.eligible(t.Demand)
			cand := sampleUniform(rng, len(elig), min(2, len(elig)), perm)
			best := elig[cand[0]]
			if len(cand) > 1 {
				k := elig[cand[1]]
				if l(k) < l(best) || (l(k) == l(best) && k < best) {
					best = k
				}
			}
			return best, len(cand)
		default:
			elig := s.eligible(t.Demand)
			return elig[rng.IntN(len(elig))], 1
		}
	}

	var generate func(i int)
	generate = func(i int) {
		advance(prioGenerate)
		k, d := dispatch(i)
		t := tasks[i]
		o := &out[i]
		o.IPN, o.Samples = k, d
		sync(k)
		ownCount[k]++
		ownWork[k] += tasks[i].Frames
		o.Routing = s.In[t.Source][k] + s.Out[t.Source][k]
		ptime[i] = t.Frames / s.Speed[k]
		delta[i] = t.Deadline - s.Out[t.Source][k]
		arrive := t.Release + s.In[t.Source][k]
		e.Schedule(arrive, prioArrive, func() {
			advance(prioArrive)
			sync(k)
			st := &ipns[k]
			seq[i] = st.arrivals
			st.arrivals++
			st.queue.push(i)
			st.queued++
			st.work += t.Frames
			startReady(k)
		})
		if i+1 < M {
			e.Schedule(tasks[i+1].Release, prioGenerate, func() { generate(i + 1) })
		}
	}
	if M > 0 {
		e.Schedule(tasks[0].Release, prioGenerate, func() { generate(0) })
	}
	if info > 0 && M > 0 && mode == periodicRefresh {
		var periodic func()
		periodic = func() {
			refresh()
			if e.Now()+info <= last {
				e.After(info, prioRefresh, periodic)
			}
		}
		e.Schedule(0, prioRefresh, periodic)
	}
	if err := e.RunContext(ctx, math.Inf(1)); err != nil {
		return nil, fmt.Errorf("tpd: simulation: %w", err)
	}

	res := &Result{Policy: cfg.Policy, Discipline: cfg.Discipline, Outcomes: out, Utilisation: make([]float64, K), Events: e.Processed()}
	first := int(cfg.Warmup * float64(M))
	n := 0
	makespan := 0.0
	for i, o := range out {
		arriveIPN := tasks[i].Release + s.In[tasks[i].Source][o.IPN]
		out[i].Handling = o.Finish - arriveIPN
		res.TotalDelay += o.Complete - tasks[i].Release
		res.TotalTardiness += math.Max(0, o.Complete-tasks[i].Deadline)
		makespan = math.Max(makespan, o.Finish)
		if i >= first {
			n++
			res.MeanRouting += o.Routing
			res.MeanHandling += out[i].Handling
			res.MeanDelay += o.Complete - tasks[i].Release
			res.MeanSamples += float64(o.Samples)
		}
	}
	if n > 0 {
		res.MeanRouting /= float64(n)
		res.MeanHandling /= float64(n)
		res.MeanDelay /= float64(n)
		res.MeanSamples /= float64(n)
	}
	for k := range ipns {
		if makespan > 0 {
			res.Utilisation[k] = ipns[k].busy / (float64(s.Slots[k]) * makespan)
		}
	}
	return res, nil
}

// expectedWait is Ŵ_k of (15): paper-literal queued work / v_k, or the
// default refined for Q_k parallel slots (spec C.5).
func (s *Scenario) expectedWait(k int, t Task, v snapshot) float64 {
	qwork := v.work / s.Speed[k]
	if s.PaperWait {
		return qwork
	}
	if v.queued == 0 && v.used+t.Demand <= s.Slots[k] {
		return 0
	}
	rem := math.Max(0, v.sumEnd-v.at*float64(v.running))
	return (qwork + rem) / float64(s.Slots[k])
}
