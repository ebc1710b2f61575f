package rmts

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/streamopt/streamopt/graphpaths"
	"github.com/streamopt/streamopt/sim"
)

// Event priorities at equal times: departures free capacity first, then
// failures, then arrivals (the offline bound uses the same order).
const (
	prioDeparture = 0
	prioFailure   = 1
	prioArrival   = 2
)

// RunOptions control one simulation.
type RunOptions struct {
	Policy Policy
	// Alpha overrides the instance's α when not nil.
	Alpha *float64
	// DASDProactiveDelta overrides the instance's policy.dasd_proactive_delta
	// (δ of DASD's proactive mode, 0 = off) when not nil.
	DASDProactiveDelta *int
	// Warmup: arrivals before it are left out of the windowed metrics.
	Warmup float64
	// Horizon: the simulation stops at this time.
	Horizon float64
	// Check verifies the state invariants after every event and fails the
	// run on the first violation (for tests).
	Check bool
	// Record keeps one StreamRecord per request in Result.Streams.
	Record bool
}

// StreamRecord is the fate of one request.
type StreamRecord struct {
	Arrival    float64
	Content    int
	Served     bool
	Server     int     // server at the end (or at termination)
	Departure  float64 // scheduled end: arrival + duration (kept by migrations)
	Left       float64 // time it actually left (departure, termination), NaN if still active at the horizon
	Moves      int     // times it was migrated
	Terminated bool    // ended by a server failure
	Delay      float64 // service delay in units of τ: λ+1 for a λ-step admission
}

// Result are the counts of one run.
type Result struct {
	Arrived, Served, Rejected int     // in the window (arrivals ≥ warm-up)
	DelaySum                  float64 // Σ T_i/τ over served requests in the window
	// Migrations counts the admission migrations of the requests in the
	// window plus the proactive moves made in the window.
	Migrations            int
	ArrivedAll, ServedAll int // from empty: every arrival
	RejectedAll           int
	MigrationsAll         int
	// ProactiveDelta is δ of DASD's proactive mode in this run; 0 when the
	// mode is off or the policy is not DASD.
	ProactiveDelta int
	// ProactiveMoves are the proactive moves made at events in the window
	// (ProactiveMovesAll: from empty); ProactiveCapped counts the events
	// whose rebalancing stopped at the per-event cap with a move left.
	ProactiveMoves, ProactiveMovesAll int
	ProactiveCapped                   int
	// LoadVarianceTime is ∫ σ(t) dt over [warm-up, horizon], where σ(t) is
	// the load variance (3) of spec B.4, (1/K) Σ_k (l_k − l̄)², of the
	// state at time t, over the K servers in service at t.
	LoadVarianceTime float64
	// Window is the length of [warm-up, horizon] in minutes.
	Window              float64
	FailureMoves        int // streams moved off failed servers (plus the path hops)
	FailureTerminations int
	MaxLoad             int    // largest load seen on any server
	Events              uint64 // events processed
	Streams             []StreamRecord
}

// Metrics returns the run's metrics by name: success (μ), delay (T̄ in τ),
// migrations per request, failure terminations, and their from-empty
// counterparts, the time-averaged load variance of spec B.4 over the
// window, and (only when DASD's proactive mode is on) the proactive moves
// per request.
func (r *Result) Metrics() RunMetrics {
	m := RunMetrics{
		Arrived:             float64(r.Arrived),
		Served:              float64(r.Served),
		Success:             ratio(float64(r.Served), float64(r.Arrived)),
		Delay:               ratio(r.DelaySum, float64(r.Served)),
		MigrationsPerReq:    ratio(float64(r.Migrations), float64(r.Arrived)),
		SuccessAll:          ratio(float64(r.ServedAll), float64(r.ArrivedAll)),
		FailureTerminations: float64(r.FailureTerminations),
		FailureMoves:        float64(r.FailureMoves),
		Events:              float64(r.Events),
		LoadVariance:        ratio(r.LoadVarianceTime, r.Window),
	}
	if r.ProactiveDelta > 0 {
		v := ratio(float64(r.ProactiveMoves), float64(r.Arrived))
		m.ProactiveMovesPerReq = &v
	}
	return m
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

type stream struct {
	rec    StreamRecord
	server int
	slot   int // index in state.at[server]
	dep    *sim.Event
}

// state is the cluster at run time; it implements graphpaths.State.
type state struct {
	sc      *Scenario
	p       Resolved
	load    []int
	failed  []bool
	at      [][]int // stream ids per server
	count   []int32 // count[u*M+c]
	streams []*stream
	sum     float64 // Σ loads
	sumsq   float64 // Σ loads²
	eng     *sim.Engine
	res     *Result
	opts    RunOptions
	rng     *rand.Rand
	err     error
	mark    []bool // scratch: contents shared by the current hop
	capped  bool   // the last rebalancing stopped at its cap
	down    int    // failed servers
}

func (s *state) InService(u int) bool  { return !s.failed[u] }
func (s *state) HasRoom(u int) bool    { return !s.failed[u] && s.load[u] < s.sc.Capacity }
func (s *state) Serving(u, c int) bool { return s.count[u*s.sc.Contents+c] > 0 }

func (s *state) setLoad(u, d int) {
	l := float64(s.load[u])
	s.sum += float64(d)
	s.sumsq += (l+float64(d))*(l+float64(d)) - l*l
	s.load[u] += d
	if s.load[u] > s.res.MaxLoad {
		s.res.MaxLoad = s.load[u]
	}
}

func (s *state) place(id, u int) {
	st := s.streams[id]
	st.server = u
	st.slot = len(s.at[u])
	s.at[u] = append(s.at[u], id)
	s.count[u*s.sc.Contents+st.rec.Content]++
	s.setLoad(u, +1)
}

func (s *state) unplace(id int) {
	st := s.streams[id]
	u := st.server
	last := s.at[u][len(s.at[u])-1]
	s.at[u][st.slot] = last
	s.streams[last].slot = st.slot
	s.at[u] = s.at[u][:len(s.at[u])-1]
	s.count[u*s.sc.Contents+st.rec.Content]--
	s.setLoad(u, -1)
	st.server = -1
}

// pickMovable returns the stream at u of a content in H_u ∩ H_v with the
// longest remaining playback (ties: lowest id), or −1.
func (s *state) pickMovable(u, v int) int {
	for _, c := range s.sc.shared[u*s.sc.Servers+v] {
		s.mark[c] = true
	}
	best := -1
	for _, id := range s.at[u] {
		st := s.streams[id]
		if !s.mark[st.rec.Content] {
			continue
		}
		if best < 0 || st.rec.Departure > s.streams[best].rec.Departure ||
			(st.rec.Departure == s.streams[best].rec.Departure && id < best) {
			best = id
		}
	}
	for _, c := range s.sc.shared[u*s.sc.Servers+v] {
		s.mark[c] = false
	}
	return best
}

// execute moves one stream per hop from the tail of p (B.3) and returns
// the number of moves.
func (s *state) execute(p graphpaths.Path) (int, error) {
	for h := len(p) - 1; h >= 1; h-- {
		id := s.pickMovable(p[h-1], p[h])
		if id < 0 {
			return 0, fmt.Errorf("rmts: internal: path %v hop %d→%d has no movable stream", p, p[h-1], p[h])
		}
		s.unplace(id)
		s.place(id, p[h])
		s.streams[id].rec.Moves++
	}
	return len(p) - 1, nil
}

// variance is the load variance (3) of the current state over the servers
// in service (a failed server carries no load and would otherwise dominate
// it); 0 when none is.
func (s *state) variance() float64 {
	k := float64(s.sc.Servers - s.down)
	if k == 0 {
		return 0
	}
	mean := s.sum / k
	return max(s.sumsq/k-mean*mean, 0)
}

// variance after adding one stream at terminal t: σ(P) of (3).
func (s *state) varianceWith(t int) float64 {
	k := float64(s.sc.Servers)
	l := float64(s.load[t])
	sum := s.sum + 1
	sumsq := s.sumsq + 2*l + 1
	mean := sum / k
	return sumsq/k - mean*mean
}

// Simulate runs one policy on a trace. The random stream rng drives the
// policies' coin flips only (the trace is given), so every policy can see
// the same trace (common random numbers).
func (sc *Scenario) Simulate(ctx context.Context, trace []Request, rng *rand.Rand, opts RunOptions) (*Result, error) {
	if opts.Horizon <= 0 {
		return nil, inputErr("horizon: must be > 0, got %g", opts.Horizon)
	}
	if opts.Policy < 0 || int(opts.Policy) >= len(policyNames) {
		return nil, inputErr("policy: unknown %d", int(opts.Policy))
	}
	p := sc.Params
	if opts.Alpha != nil {
		if !(*opts.Alpha >= 0 && *opts.Alpha <= 1) {
			return nil, inputErr("alpha: must be in [0, 1], got %g", *opts.Alpha)
		}
		p.Alpha = *opts.Alpha
	}
	if opts.DASDProactiveDelta != nil {
		if err := checkProactiveDelta(*opts.DASDProactiveDelta); err != nil {
			return nil, inputErr("dasd_proactive_delta: %v", err)
		}
		p.DASDProactiveDelta = *opts.DASDProactiveDelta
	}
	for i, r := range trace {
		if r.Content < 0 || r.Content >= sc.Contents {
			return nil, inputErr("trace[%d].content: unknown content %d", i, r.Content)
		}
		if !(r.Arrival >= 0) || (i > 0 && r.Arrival < trace[i-1].Arrival) {
			return nil, inputErr("trace[%d].arrival: must be >= 0 and non-decreasing, got %g", i, r.Arrival)
		}
	}
	res := &Result{Window: max(opts.Horizon-opts.Warmup, 0)}
	if opts.Policy == DASD && p.Gamma >= 2 {
		res.ProactiveDelta = p.DASDProactiveDelta
	}
	s := &state{sc: sc, p: p, load: make([]int, sc.Servers), failed: make([]bool, sc.Servers),
		at: make([][]int, sc.Servers), count: make([]int32, sc.Servers*sc.Contents),
		eng: sim.NewEngine(), res: res, opts: opts, rng: rng, mark: make([]bool, sc.Contents)}
	for _, f := range sc.In.Failures {
		f := f
		s.eng.Schedule(f.Time, prioFailure, func() { s.fail(f.Server) })
	}
	// Arrivals are chained: each schedules the next, so the heap stays small.
	var next func(i int)
	next = func(i int) {
		if i >= len(trace) || trace[i].Arrival > opts.Horizon {
			return
		}
		s.eng.Schedule(trace[i].Arrival, prioArrival, func() {
			s.arrive(trace[i])
			next(i + 1)
		})
	}
	next(0)
	done := ctx.Done()
	var err error
	// σ(t) is piecewise constant between events: integrate it over the
	// window from the state after each event.
	lastT, lastVar := 0.0, 0.0
	integrate := func(now float64) {
		if a, b := max(lastT, opts.Warmup), min(now, opts.Horizon); b > a {
			res.LoadVarianceTime += lastVar * (b - a)
		}
		lastT = now
	}
	for s.eng.Step() {
		integrate(s.eng.Now())
		s.capped = false
		if res.ProactiveDelta > 0 && s.err == nil {
			s.rebalance(res.ProactiveDelta)
		}
		lastVar = s.variance()
		if done != nil && s.eng.Processed()%4096 == 0 {
			if err = ctx.Err(); err != nil {
				return nil, err
			}
		}
		if s.err != nil {
			return nil, s.err
		}
		if opts.Check {
			if err = s.check(); err != nil {
				return nil, fmt.Errorf("rmts: invariant broken at t=%g: %w", s.eng.Now(), err)
			}
		}
		if err = s.eng.Err(); err != nil {
			return nil, err
		}
	}
	integrate(opts.Horizon)
	res.Events = s.eng.Processed()
	if opts.Record {
		res.Streams = make([]StreamRecord, len(s.streams))
		for i, st := range s.streams {
			res.Streams[i] = st.rec
			if st.server >= 0 {
				res.Streams[i].Server = st.server // still playing at the horizon
			}
		}
	}
	return res, nil
}

func (s *state) check() error {
	L := s.sc.Capacity
	for u := range s.load {
		if s.load[u] > L {
			return fmt.Errorf("server %d load %d > L = %d", u, s.load[u], L)
		}
		if s.load[u] != len(s.at[u]) {
			return fmt.Errorf("server %d load %d but %d streams", u, s.load[u], len(s.at[u]))
		}
		if s.failed[u] && s.load[u] != 0 {
			return fmt.Errorf("failed server %d still serves %d streams", u, s.load[u])
		}
		for _, id := range s.at[u] {
			c := s.streams[id].rec.Content
			ok := false
			for _, h := range s.sc.Holders[c] {
				ok = ok || h == u
			}
			if !ok {
				return fmt.Errorf("stream %d of content %d at server %d, which does not store it", id, c, u)
			}
		}
	}
	if d := s.res.ProactiveDelta; d > 0 && !s.capped {
		if u, v := s.steepestEdge(d); u >= 0 {
			return fmt.Errorf("proactive mode stopped with a movable stream across edge %d→%d, loads %d and %d, δ = %d", u, v, s.load[u], s.load[v], d)
		}
	}
	a := s.res
	if a.ArrivedAll != a.ServedAll+a.RejectedAll || a.Arrived != a.Served+a.Rejected {
		return fmt.Errorf("arrivals %d (%d in the window) != served %d (%d) + rejected %d (%d)",
			a.ArrivedAll, a.Arrived, a.ServedAll, a.Served, a.RejectedAll, a.Rejected)
	}
	return nil
}

// arrive handles one request: the policy picks the server and the path.
func (s *state) arrive(r Request) {
	id := len(s.streams)
	st := &stream{rec: StreamRecord{Arrival: r.Arrival, Content: r.Content, Server: -1, Left: math.NaN(),
		Departure: r.Arrival + s.sc.Durations[r.Content]}, server: -1}
	s.streams = append(s.streams, st)
	inWindow := r.Arrival >= s.opts.Warmup
	s.res.ArrivedAll++
	if inWindow {
		s.res.Arrived++
	}
	server, path := s.decide(r.Content)
	if server < 0 {
		s.res.RejectedAll++
		if inWindow {
			s.res.Rejected++
		}
		return
	}
	moves := 0
	if len(path) > 1 {
		var err error
		if moves, err = s.execute(path); err != nil {
			s.err = err // a path the policy just validated: an internal error
			return
		}
	}
	s.place(id, server)
	st.rec.Served = true
	st.rec.Delay = float64(moves + 1)
	s.res.ServedAll++
	s.res.MigrationsAll += moves
	if inWindow {
		s.res.Served++
		s.res.DelaySum += st.rec.Delay
		s.res.Migrations += moves
	}
	if st.rec.Departure > s.opts.Horizon {
		return // still playing when the run ends
	}
	st.dep = s.eng.Schedule(st.rec.Departure, prioDeparture, func() {
		st.rec.Server = st.server
		st.rec.Left = s.eng.Now()
		s.unplace(id)
	})
}

// holders returns the in-service holders of c.
func (s *state) holders(c int) []int {
	hs := s.sc.Holders[c]
	out := make([]int, 0, len(hs))
	for _, u := range hs {
		if !s.failed[u] {
			out = append(out, u)
		}
	}
	return out
}

// leastLoaded returns the holder with the smallest load (ties: lowest id),
// only among those with load < limit; −1 if none.
func (s *state) leastLoaded(hs []int, limit float64) int {
	best := -1
	for _, u := range hs {
		if float64(s.load[u]) >= limit {
			continue
		}
		if best < 0 || s.load[u] < s.load[best] || (s.load[u] == s.load[best] && u < best) {
			best = u
		}
	}
	return best
}

func (s *state) loadRank(v int) int { return s.load[v] }

// decide applies the policy: it returns the server that will serve the
// request (−1: reject) and the migration path to execute first (nil or a
// 1-vertex path: none). The path starts at the serving server.
func (s *state) decide(c int) (int, graphpaths.Path) {
	hs := s.holders(c)
	if len(hs) == 0 {
		return -1, nil
	}
	L := float64(s.sc.Capacity)
	g := s.sc.Graph
	maxHops := s.p.Gamma - 1
	switch s.opts.Policy {
	case RMTS:
		return s.rmts(hs)
	case REM:
		u := s.leastLoaded(hs, math.Inf(1))
		l := float64(s.load[u])
		if l <= s.p.REMMin && l < L {
			return u, nil
		}
		prob := math.Min(1, (l-s.p.REMMin)/(s.p.REMMax-s.p.REMMin))
		if prob >= 1 || s.rng.Float64() < prob {
			if maxHops >= 1 {
				if path, ok := g.ShortestValid(s, []int{u}, 1, maxHops, s.loadRank); ok {
					return u, path
				}
			}
		}
		if l < L {
			return u, nil
		}
		return -1, nil
	case DASD, LastMinute, MaxFlow:
		if u := s.leastLoaded(hs, L); u >= 0 {
			return u, nil
		}
		hops := maxHops
		switch s.opts.Policy {
		case LastMinute:
			hops = min(s.p.LastMinuteHops, maxHops)
		case MaxFlow:
			hops = 0 // unbounded
		}
		if hops < 1 && s.opts.Policy != MaxFlow {
			return -1, nil
		}
		if path, ok := g.ShortestValid(s, hs, 1, hops, s.loadRank); ok {
			return path[0], path
		}
		return -1, nil
	}
	return -1, nil
}

// migrationProb is formula (1)–(2): p = 1/(1 + B·exp(−n(l − L_th))),
// n = e^{−λ}, and 0 for l ≤ L_th.
func migrationProb(l, lth, b float64, hops int) float64 {
	if l <= lth {
		return 0
	}
	n := math.Exp(-float64(hops))
	return 1 / (1 + b*math.Exp(-n*(l-lth)))
}

// rmts is spec B.5 Steps 1–5.
func (s *state) rmts(hs []int) (int, graphpaths.Path) {
	L := float64(s.sc.Capacity)
	// Step 1①.
	if u := s.leastLoaded(hs, s.p.LTh); u >= 0 {
		return u, nil
	}
	// Step 1②.
	star := s.leastLoaded(hs, math.Inf(1))
	origins := []int{star}
	if float64(s.load[star]) >= L {
		origins = hs
	}
	var best graphpaths.Path
	bestMP, bestLoad := 0.0, 0
	if s.p.Gamma >= 2 {
		for _, o := range origins {
			for _, path := range s.sc.Omega.From(o) {
				t := path.Terminal()
				if !s.HasRoom(t) || !s.sc.Graph.Valid(s, path, s.p.Gamma-1) {
					continue
				}
				mp := s.p.Alpha*float64(path.Hops()) + (1-s.p.Alpha)*s.varianceWith(t)
				if best == nil || betterPath(mp, path, s.load[t], bestMP, best, bestLoad) {
					best, bestMP, bestLoad = path, mp, s.load[t]
				}
			}
		}
	}
	if best == nil {
		if float64(s.load[star]) < L && !s.p.Literal {
			return star, nil
		}
		return -1, nil // Step 5
	}
	origin := best[0]
	prob := 1.0
	if float64(s.load[origin]) < L {
		prob = migrationProb(float64(s.load[origin]), s.p.LTh, s.p.B, best.Hops())
	}
	// Step 2: u ~ U[0,1); migrate iff p ≥ u.
	if prob >= s.rng.Float64() {
		return origin, best // Step 3
	}
	return star, nil // Step 4: l_{S*} < L here
}

// betterPath reports whether path a (score mp a, terminal load la) beats
// path b in Step 1② of spec B.5: smaller mp; ties: fewer hops, then lower
// terminal load, then lower ids, compared server by server from the
// origin. So among equal paths from several holders (S* full) the
// lowest-id origin wins, whatever the order of the holders in the
// placement.
func betterPath(mpA float64, a graphpaths.Path, la int, mpB float64, b graphpaths.Path, lb int) bool {
	if mpA != mpB {
		return mpA < mpB
	}
	if a.Hops() != b.Hops() {
		return a.Hops() < b.Hops()
	}
	if la != lb {
		return la < lb
	}
	return slices.Compare(a, b) < 0
}

// fail is failure migration (B.5): every stream on the failed server moves
// to the least-loaded in-service holder with room, else along a valid path
// from a holder (unbounded for the max-flow policy), else it is terminated.
func (s *state) fail(f int) {
	if s.failed[f] {
		return
	}
	ids := append([]int(nil), s.at[f]...)
	// Handle the streams in arrival order for determinism.
	slices.Sort(ids)
	for _, id := range ids {
		s.unplace(id)
	}
	s.failed[f] = true
	s.down++
	hops := s.p.Gamma - 1
	if s.opts.Policy == MaxFlow {
		hops = 0
	}
	for _, id := range ids {
		st := s.streams[id]
		hs := s.holders(st.rec.Content)
		if u := s.leastLoaded(hs, float64(s.sc.Capacity)); u >= 0 {
			s.place(id, u)
			st.rec.Moves++
			s.res.FailureMoves++
			continue
		}
		if hops >= 1 || s.opts.Policy == MaxFlow {
			if path, ok := s.sc.Graph.ShortestValid(s, hs, 1, hops, s.loadRank); ok {
				moves, err := s.execute(path)
				if err == nil {
					s.place(id, path[0])
					st.rec.Moves++
					s.res.FailureMoves += moves + 1
					continue
				}
			}
		}
		st.rec.Terminated = true
		st.rec.Server = f
		st.rec.Left = s.eng.Now()
		s.eng.Cancel(st.dep)
		s.res.FailureTerminations++
	}
}
