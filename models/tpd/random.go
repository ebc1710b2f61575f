package tpd

import "math/rand/v2"

// RandomSmall draws a small random instance for checking bounds against the
// exact optimum: 3–4 IPNs with 1–2 slots of speed 1 or 2 frames/s, three
// cameras with latencies in {0, 1, 2} s (exit latencies in {0, 1}), and 10–15
// sub-tasks of 2–8 frames released at integer times. Every release, latency
// and processing time is a whole number of seconds, so the time-indexed
// MILP with a 1 s slot is exact. Deterministic in seed.
func RandomSmall(seed uint64) (*Scenario, []Task) {
	rng := rand.New(rand.NewPCG(seed, 77))
	K := 3 + rng.IntN(2)
	cams := 3
	in := &Instance{Latency: Latency{In: make([][]float64, cams), Out: make([]float64, K)}}
	for k := 0; k < K; k++ {
		in.IPNs = append(in.IPNs, IPN{Slots: 1 + rng.IntN(2), Speed: float64(1 + rng.IntN(2))})
		in.Latency.Out[k] = float64(rng.IntN(2))
	}
	for i := range in.Latency.In {
		in.Latency.In[i] = make([]float64, K)
		for k := range in.Latency.In[i] {
			in.Latency.In[i][k] = float64(rng.IntN(3))
		}
	}
	in.Workload.Frames = Range{Min: 2, Max: 8}
	zero := 0.0
	in.Policy.InfoInterval = &zero
	in.Bounds.Slot = 1
	s, err := Build(in)
	if err != nil {
		panic("tpd: RandomSmall built an invalid instance: " + err.Error()) // programmer error
	}
	M := 10 + rng.IntN(6)
	tasks := make([]Task, M)
	r := 0.0
	for i := range tasks {
		r += float64(rng.IntN(3))
		tasks[i] = Task{ID: i, Release: r, Source: rng.IntN(cams), Frames: float64(2 * (1 + rng.IntN(4))), Demand: 1, Deadline: r + float64(5+rng.IntN(10))}
	}
	return s, tasks
}
