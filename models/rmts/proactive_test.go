package rmts

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/sim"
)

// handInstance is the cluster of TestProactiveHandWorked: three servers of
// capacity 10; content 0 on servers {0, 1}, content 1 on {1, 2}, content 2
// on {0} only. The migration graph is the path 0 – 1 – 2 (0 and 2 share
// nothing). Contents play 10, 20 and 30 minutes.
func handInstance() *Instance {
	return &Instance{
		Servers:   Servers{Count: 3, Capacity: 10},
		Contents:  Contents{Count: 3, Duration: 1, Durations: []float64{10, 20, 30}},
		Placement: Placement{Holders: [][]int{{0, 1}, {1, 2}, {0}}},
		Arrivals:  Arrivals{Rate: 1, Horizon: 40},
	}
}

// handTrace: request i arrives at minute i+1 (ids 0..9).
var handTrace = []Request{{1, 1}, {2, 0}, {3, 2}, {4, 2}, {5, 0}, {6, 0}, {7, 2}, {8, 1}, {9, 1}, {10, 1}}

// TestProactiveHandWorked follows DASD with δ = 2 on handTrace by hand.
// DASD serves each request at its least-loaded holder (ties: lowest id);
// loads are written (l_0, l_1, l_2); idN is request N.
//
//	t=1  id0 (c1) → 1                      (0,1,0)
//	t=2  id1 (c0) → 0 (0 < 1)              (1,1,0)
//	t=3  id2 (c2) → 0                      (2,1,0)  no difference ≥ 2
//	t=4  id3 (c2) → 0                      (3,1,0)  edge 0→1: d = 2, 0 serves c0 (id1):
//	     move id1 0→1                      (2,2,0)  edge 1→2: d = 2, 1 serves c1 (id0):
//	     move id0 1→2                      (2,1,1)  a cascade: 2 moves, Σl² 10 → 8 → 6
//	t=5  id4 (c0) → 1                      (2,2,1)
//	t=6  id5 (c0) → 0 (tie 2 = 2: lowest)  (3,2,1)
//	t=7  id6 (c2) → 0                      (4,2,1)  edge 0→1: d = 2, 0 serves c0 (id5):
//	     move id5 0→1                      (3,3,1)  edge 1→2: d = 2, but 1 serves no c1: no move
//	t=8  id7 (c1) → 2                      (3,3,2)
//	t=9  id8 (c1) → 2                      (3,3,3)
//	t=10 id9 (c1) → 1 (tie 3 = 3: lowest)  (3,4,3)
//	t=12 id1 leaves 1                      (3,3,3)
//	t=15 id4 leaves 1                      (3,2,3)
//	t=16 id5 leaves 1                      (3,1,3)  edge 0→1: d = 2, 0 serves only c2: no move;
//	                                                edge 2→1: d = 2, 2 serves c1: id0 (ends 21),
//	                                                id7 (28), id8 (29): the longest remaining
//	     move id8 2→1                      (3,2,2)
//	t=21 id0 leaves 2                      (3,2,1)
//	t=28 id7 leaves 2                      (3,2,0)  edge 1→2: d = 2, 1 serves c1: id8 (29),
//	     move id9 1→2 (ends 30 > 29)       (3,1,1)  id9 (30)
//	t=29 id8 leaves 1; t=30 id9 leaves 2; t=33, 34, 37 id2, id3, id6 leave 0.
//
// So 5 proactive moves (id0, id1, id5, id8, id9 once each), no admission
// migration, every request served with delay 1 τ. Reactive DASD (δ off)
// moves nothing: no holder is ever full.
func TestProactiveHandWorked(t *testing.T) {
	in := handInstance()
	in.Policy.DASDProactiveDelta = 2
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Simulate(context.Background(), handTrace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: DASD, Horizon: 40, Check: true, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	type fate struct{ Server, Moves int }
	want := []fate{{2, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 0}, {1, 1}, {0, 0}, {2, 0}, {1, 1}, {2, 1}}
	var got []fate
	for _, st := range res.Streams {
		if !st.Served || st.Delay != 1 || st.Left != st.Arrival+sc.Durations[st.Content] {
			t.Errorf("stream %+v: want served with delay 1 and leaving at arrival + duration", st)
		}
		got = append(got, fate{st.Server, st.Moves})
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("server and moves of each request (-hand-worked +got):\n%s", d)
	}
	if res.ProactiveMovesAll != 5 || res.MigrationsAll != 5 || res.ServedAll != 10 || res.ProactiveCapped != 0 {
		t.Errorf("proactive moves %d, migrations %d, served %d, capped %d; hand-worked: 5, 5, 10, 0",
			res.ProactiveMovesAll, res.MigrationsAll, res.ServedAll, res.ProactiveCapped)
	}
	if m := res.Metrics().ProactiveMovesPerReq; m == nil || *m != 0.5 {
		t.Errorf("proactive moves per request %v, hand-worked 5/10", m)
	}

	// The same trace with the mode off (the instance's default) and with
	// δ = 2 for every other policy: nothing moves.
	for _, p := range Policies {
		opts := RunOptions{Policy: p, Horizon: 40, Check: true}
		if p == DASD {
			opts.DASDProactiveDelta = ptr(0)
		}
		res, err := sc.Simulate(context.Background(), handTrace, rand.New(rand.NewPCG(1, 1)), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.MigrationsAll != 0 || res.ServedAll != 10 {
			t.Errorf("%v without the proactive mode: %d migrations, %d served; want 0 and 10", p, res.MigrationsAll, res.ServedAll)
		}
		if res.Metrics().ProactiveMovesPerReq != nil {
			t.Errorf("%v without the proactive mode reports proactive moves", p)
		}
	}
}

// TestProactiveLoadVarianceHandWorked checks the time-averaged variance
// (spec B.4) of the hand-worked trace with and without the proactive mode
// against the load profiles derived by hand (with δ = 2 in
// TestProactiveHandWorked; reactive DASD below), integrated over [0, 40]
// with σ = (1/3)Σl² − (Σl/3)² piecewise constant between events. By hand:
// 89/180 ≈ 0.494 with the mode, 37/36 ≈ 1.028 without. A failed server
// leaves the average (third case).
//
// Reactive DASD: t=1 id0 → 1 (0,1,0); t=2 id1 → 0 (1,1,0); t=3, 4 id2, id3
// → 0 (3,1,0); t=5, 6 id4, id5 → 1 (3,3,0); t=7 id6 → 0 (4,3,0); t=8, 9, 10
// id7, id8, id9 → 2 (4,3,3); then departures: t=12 id1 from 0, t=15 id4 and
// t=16 id5 from 1, t=21 id0 from 1, t=28, 29, 30 id7, id8, id9 from 2,
// t=33, 34, 37 from 0.
func TestProactiveLoadVarianceHandWorked(t *testing.T) {
	type seg struct {
		from, to float64
		l        [3]float64
	}
	cases := []struct {
		delta   int
		fail    []Failure
		profile []seg
		want    float64 // by hand
	}{
		{2, nil, []seg{
			{0, 1, [3]float64{0, 0, 0}}, {1, 2, [3]float64{0, 1, 0}}, {2, 3, [3]float64{1, 1, 0}},
			{3, 4, [3]float64{2, 1, 0}}, {4, 5, [3]float64{2, 1, 1}}, {5, 6, [3]float64{2, 2, 1}},
			{6, 7, [3]float64{3, 2, 1}}, {7, 8, [3]float64{3, 3, 1}}, {8, 9, [3]float64{3, 3, 2}},
			{9, 10, [3]float64{3, 3, 3}}, {10, 12, [3]float64{3, 4, 3}}, {12, 15, [3]float64{3, 3, 3}},
			{15, 16, [3]float64{3, 2, 3}}, {16, 21, [3]float64{3, 2, 2}}, {21, 28, [3]float64{3, 2, 1}},
			{28, 29, [3]float64{3, 1, 1}}, {29, 30, [3]float64{3, 0, 1}}, {30, 33, [3]float64{3, 0, 0}},
			{33, 34, [3]float64{2, 0, 0}}, {34, 37, [3]float64{1, 0, 0}}, {37, 40, [3]float64{0, 0, 0}},
		}, 89.0 / 180},
		{0, nil, []seg{
			{0, 1, [3]float64{0, 0, 0}}, {1, 2, [3]float64{0, 1, 0}}, {2, 3, [3]float64{1, 1, 0}},
			{3, 4, [3]float64{2, 1, 0}}, {4, 5, [3]float64{3, 1, 0}}, {5, 6, [3]float64{3, 2, 0}},
			{6, 7, [3]float64{3, 3, 0}}, {7, 8, [3]float64{4, 3, 0}}, {8, 9, [3]float64{4, 3, 1}},
			{9, 10, [3]float64{4, 3, 2}}, {10, 12, [3]float64{4, 3, 3}}, {12, 15, [3]float64{3, 3, 3}},
			{15, 16, [3]float64{3, 2, 3}}, {16, 21, [3]float64{3, 1, 3}}, {21, 28, [3]float64{3, 0, 3}},
			{28, 29, [3]float64{3, 0, 2}}, {29, 30, [3]float64{3, 0, 1}}, {30, 33, [3]float64{3, 0, 0}},
			{33, 34, [3]float64{2, 0, 0}}, {34, 37, [3]float64{1, 0, 0}}, {37, 40, [3]float64{0, 0, 0}},
		}, 37.0 / 36},
		// Server 2 fails at t = 35, when it is empty: from then on σ is over
		// servers 0 and 1 only, 1/4 for loads (1, 0) instead of 2/9 for
		// (1, 0, 0), and nothing moves. Total 89/180 + 2·(1/4 − 2/9)/40.
		{2, []Failure{{Server: 2, Time: 35}}, []seg{
			{0, 1, [3]float64{0, 0, 0}}, {1, 2, [3]float64{0, 1, 0}}, {2, 3, [3]float64{1, 1, 0}},
			{3, 4, [3]float64{2, 1, 0}}, {4, 5, [3]float64{2, 1, 1}}, {5, 6, [3]float64{2, 2, 1}},
			{6, 7, [3]float64{3, 2, 1}}, {7, 8, [3]float64{3, 3, 1}}, {8, 9, [3]float64{3, 3, 2}},
			{9, 10, [3]float64{3, 3, 3}}, {10, 12, [3]float64{3, 4, 3}}, {12, 15, [3]float64{3, 3, 3}},
			{15, 16, [3]float64{3, 2, 3}}, {16, 21, [3]float64{3, 2, 2}}, {21, 28, [3]float64{3, 2, 1}},
			{28, 29, [3]float64{3, 1, 1}}, {29, 30, [3]float64{3, 0, 1}}, {30, 33, [3]float64{3, 0, 0}},
			{33, 34, [3]float64{2, 0, 0}}, {34, 35, [3]float64{1, 0, 0}},
			{35, 37, [3]float64{1, 0, math.NaN()}}, {37, 40, [3]float64{0, 0, math.NaN()}},
		}, 89.0/180 + 2*(1.0/4-2.0/9)/40},
	}
	for _, c := range cases {
		in := handInstance()
		in.Failures = c.fail
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		integral := 0.0
		for _, s := range c.profile {
			var up []float64 // loads of the servers in service (NaN: failed)
			for _, l := range s.l {
				if !math.IsNaN(l) {
					up = append(up, l)
				}
			}
			mean := 0.0
			for _, l := range up {
				mean += l / float64(len(up))
			}
			for _, l := range up {
				integral += (l - mean) * (l - mean) / float64(len(up)) * (s.to - s.from)
			}
		}
		if math.Abs(integral/40-c.want) > 1e-12 {
			t.Fatalf("δ=%d: the profile integrates to %.15g, not the hand total %.15g", c.delta, integral/40, c.want)
		}
		res, err := sc.Simulate(context.Background(), handTrace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: DASD, Horizon: 40, DASDProactiveDelta: &c.delta, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Metrics().LoadVariance; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("δ=%d: time-averaged load variance %.15g, by hand %.15g", c.delta, got, c.want)
		}
	}
}

// TestProactiveInvariants runs DASD with the proactive mode (δ = 2, 3, 4)
// on seeded random small clusters, some with a server failure, checking
// after every event (RunOptions.Check): no server above L, every stream on
// a holder of its content, loads equal to the streams held, arrivals =
// served + rejected, and no migration edge left with a difference ≥ δ and
// a movable stream unless the per-event cap stopped the rebalancing. Moved
// streams keep their end times, and every move is counted.
func TestProactiveInvariants(t *testing.T) {
	moves := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		in := smallInstance(rng, seed%2 == 0)
		in.Servers.Capacity += 4 // room for differences of δ = 4
		if seed%3 == 0 {
			in.Failures = []Failure{{Server: rng.IntN(in.Servers.Count), Time: 10}}
		}
		delta := 2 + int(seed%3)
		in.Policy.DASDProactiveDelta = delta
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		trace := sc.Trace(sim.Stream(in.Seed, 0), in.Arrivals.Rate*1.5, in.Arrivals.Horizon)
		res, err := sc.Simulate(context.Background(), trace, sim.Stream(in.Seed, 1), RunOptions{Policy: DASD, Horizon: in.Arrivals.Horizon, Check: true, Record: true})
		if err != nil {
			t.Fatalf("seed %d δ=%d: %v", seed, delta, err)
		}
		if res.MaxLoad > in.Servers.Capacity || res.ArrivedAll != len(trace) {
			t.Fatalf("seed %d: max load %d (L = %d), %d arrivals of %d", seed, res.MaxLoad, in.Servers.Capacity, res.ArrivedAll, len(trace))
		}
		moved := 0
		for i, st := range res.Streams {
			moved += st.Moves
			if st.Served && !st.Terminated && !math.IsNaN(st.Left) && st.Left != st.Arrival+sc.Durations[st.Content] {
				t.Fatalf("seed %d: stream %d left at %g, want %g", seed, i, st.Left, st.Arrival+sc.Durations[st.Content])
			}
		}
		// Every move of a stream is an admission hop, a proactive move or a
		// failure move, and is counted once.
		if moved != res.MigrationsAll+res.FailureMoves {
			t.Fatalf("seed %d: streams moved %d times, counted %d migrations + %d failure moves", seed, moved, res.MigrationsAll, res.FailureMoves)
		}
		moves += res.ProactiveMovesAll
	}
	if moves == 0 {
		t.Fatal("the random cases must exercise proactive moves")
	}
}

// TestProactiveReducesVariance is a measured property of the spec B.7
// scenario at ξ = 40 (examples/rmts-paper.json), replications 0–4 of seed
// 1: the time-averaged load variance (B.4) over the window [120, 600] min
// with the proactive mode (δ = 4) is below reactive DASD's on every
// replication. Measured: about 0.44 against 0.55 over 20 replications
// (solve rmts --input examples/rmts-paper.json --policy dasd --sweep xi=40
// --runs 20 --dasd-proactive 4, and again without the flag). Both runs see
// the same trace and admit the same number of requests: with every holder
// chosen least-loaded, DASD rejects only when the cluster is full.
func TestProactiveReducesVariance(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the paper scenario")
	}
	in := paperInstance(t)
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 5 {
		trace := sc.Trace(sim.Stream(in.Seed, r), 40, in.Arrivals.Horizon)
		run := func(delta int) *Result {
			res, err := sc.Simulate(context.Background(), trace, sim.Stream(in.Seed, r), RunOptions{Policy: DASD, Horizon: in.Arrivals.Horizon,
				Warmup: in.Arrivals.Warmup, DASDProactiveDelta: &delta})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		off, on := run(0), run(4)
		vOff, vOn := off.Metrics().LoadVariance, on.Metrics().LoadVariance
		t.Logf("replication %d: load variance %.4f reactive, %.4f proactive (%d proactive moves, %d capped events); served %d, %d",
			r, vOff, vOn, on.ProactiveMoves, on.ProactiveCapped, off.Served, on.Served)
		if !(vOn < vOff) {
			t.Errorf("replication %d: proactive load variance %.4f not below reactive %.4f", r, vOn, vOff)
		}
		if on.ProactiveMoves == 0 {
			t.Errorf("replication %d: no proactive move", r)
		}
	}
}

// TestProactiveOffUnchanged: the paper scenario's default DASD run is the
// one in benchmarks/rmts-paper/sweep.csv (written before the proactive
// mode existed, at commit d1b927f, by the command in that folder's
// README): ξ = 40, 20 replications of seed 1, mean success 0.9830367221,
// delay 1.07183835 τ, migrations per request 0.07051812352. An explicit
// δ = 0 gives the same, and so does δ = 4 for every other policy, which
// ignores it.
func TestProactiveOffUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the paper scenario")
	}
	in := paperInstance(t)
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(context.Background(), Experiment{Policies: []Policy{DASD}, Rates: []float64{40}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		metric Metric
		want   float64
	}{{MetricSuccess, 0.9830367221}, {MetricDelay, 1.07183835}, {MetricMigrationsPerReq, 0.07051812352}} {
		st, _ := res.Points[0].Stat(c.metric)
		if math.Abs(st.Mean-c.want) > 1e-9 {
			t.Errorf("default DASD %s = %.10g, benchmarks/rmts-paper/sweep.csv has %.10g", c.metric, st.Mean, c.want)
		}
	}

	// Mode off by δ = 0, and δ = 4 for the policies that ignore it: every
	// count of every run equals the default's, on two replications.
	withDelta := *in
	withDelta.Policy.DASDProactiveDelta = 4
	sc4, err := Build(&withDelta)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 2 {
		trace := sc.Trace(sim.Stream(in.Seed, r), 40, in.Arrivals.Horizon)
		for _, p := range Policies {
			opts := RunOptions{Policy: p, Horizon: in.Arrivals.Horizon, Warmup: in.Arrivals.Warmup, Record: true}
			base, err := sc.Simulate(context.Background(), trace, sim.Stream(in.Seed, r), opts)
			if err != nil {
				t.Fatal(err)
			}
			other, zero := sc4, 0
			if p == DASD {
				opts.DASDProactiveDelta = &zero // the instance says 4; the run says off
			}
			got, err := other.Simulate(context.Background(), trace, sim.Stream(in.Seed, r), opts)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(base, got, cmp.Comparer(func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) })); d != "" {
				t.Errorf("replication %d %v: the run changed with dasd_proactive_delta (-default +with):\n%s", r, p, d)
			}
		}
	}
}

func TestProactiveBadDelta(t *testing.T) {
	base := `{"servers": {"count": 3, "capacity": 4}, "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], [1, 2]]}, "arrivals": {"rate": 2, "horizon": 50}, "policy": {"dasd_proactive_delta": %s}}`
	for _, c := range []struct{ delta, want string }{
		{"1", "policy.dasd_proactive_delta: must be 0 (off) or >= 2 (δ = 1 would move streams back and forth), got 1"},
		{"-3", "policy.dasd_proactive_delta: must be 0 (off) or >= 2 (δ = 1 would move streams back and forth), got -3"},
		{"2.5", "dasd_proactive_delta"},
		{`"4"`, "dasd_proactive_delta"},
	} {
		_, err := Parse(strings.NewReader(strings.Replace(base, "%s", c.delta, 1)))
		if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("δ = %s: got %v, want %q", c.delta, err, c.want)
		}
	}
	for _, ok := range []string{"0", "2", "4", "1000"} {
		if _, err := Parse(strings.NewReader(strings.Replace(base, "%s", ok, 1))); err != nil {
			t.Errorf("δ = %s must be accepted: %v", ok, err)
		}
	}
	in, err := Parse(strings.NewReader(strings.Replace(base, "%s", "0", 1)))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sc.Simulate(context.Background(), nil, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: DASD, Horizon: 10, DASDProactiveDelta: ptr(1)})
	if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "dasd_proactive_delta: must be 0 (off) or >= 2") {
		t.Errorf("RunOptions δ = 1: got %v", err)
	}
}

// TestProactiveCap: one event that needs more than K moves stops at K and
// the rest waits for the next event. Three servers, L = 20, δ = 2, every
// stream plays 100 min (nothing leaves before the horizon 40); content 0
// on {0, 1}, content 1 on {0, 2}, content 2 on {1}; server 2 fails at
// t = 35. By hand, loads (l_0, l_1, l_2):
//
//	t=1..8   eight c2 → 1                          (0,8,0)  1 serves no c0: no move
//	t=9..16  eight c0 → 0                          (8,8,0)  0 serves no c1: no move
//	t=17..32 sixteen c1 at the least-loaded of {0, 2}: eight → 2 (8,8,8), then
//	         0, 2, 0 (10,8,9) → move c0 0→1 (9,9,9), 0, 2, 0 (11,9,10) →
//	         move c0 0→1 (10,10,10), 0, 2                    (11,10,11)
//	t=35     server 2 fails: of its 11 c1 streams, 9 go to 0 (now full,
//	         20) and 2 along the path 0→1 (a c0 stream moves to 1 each time)
//	         — 13 failure moves                    (20,12,-)
//	         proactive: 20−12 = 8, 6, 4: 3 moves, the cap K = 3, with a
//	         difference of 2 and a c0 stream at 0 left  (17,15,-)
//	t=36     c1 → 0                                (18,15,-)  3 ≥ 2: one move (17,16,-)
//
// In all 2 + 3 + 1 = 6 proactive moves and one capped event.
func TestProactiveCap(t *testing.T) {
	in := &Instance{
		Servers:   Servers{Count: 3, Capacity: 20},
		Contents:  Contents{Count: 3, Duration: 100},
		Placement: Placement{Holders: [][]int{{0, 1}, {0, 2}, {1}}},
		Arrivals:  Arrivals{Rate: 1, Horizon: 40},
		Policy:    Params{DASDProactiveDelta: 2},
		Failures:  []Failure{{Server: 2, Time: 35}},
	}
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	var trace []Request
	for i := range 32 {
		c := 2
		if i >= 16 {
			c = 1
		} else if i >= 8 {
			c = 0
		}
		trace = append(trace, Request{Arrival: float64(i + 1), Content: c})
	}
	trace = append(trace, Request{Arrival: 36, Content: 1})
	res, err := sc.Simulate(context.Background(), trace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: DASD, Horizon: 40, Check: true, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	load := make([]int, 3)
	for _, st := range res.Streams {
		load[st.Server]++
	}
	got := []int{res.ProactiveMovesAll, res.ProactiveCapped, res.FailureMoves, res.FailureTerminations, res.MaxLoad, res.ServedAll, load[0], load[1], load[2]}
	want := []int{6, 1, 13, 0, 20, 33, 17, 16, 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("proactive moves, capped events, failure moves, terminations, max load, served, final loads (-hand-worked +got):\n%s", d)
	}
}

// TestProactiveNeedsGamma2: with Γ = 1 no migration is tolerated, so the
// mode stays off (hand-worked trace: nothing moves, and the run reports
// no proactive metric).
func TestProactiveNeedsGamma2(t *testing.T) {
	in := handInstance()
	in.Policy.DASDProactiveDelta = 2
	in.Policy.Gamma = ptr(1)
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Simulate(context.Background(), handTrace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: DASD, Horizon: 40, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.MigrationsAll != 0 || res.ProactiveDelta != 0 {
		t.Errorf("Γ = 1: %d migrations, proactive δ %d; want 0 and 0", res.MigrationsAll, res.ProactiveDelta)
	}
}
