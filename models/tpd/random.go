package tpd

import (
	"fmt"
	"math/rand/v2"
)

// RandomSmall draws a small random instance for checking bounds against the
// exact optimum: 3–4 IPNs with 1–2 slots of speed 1 or 2 frames/s, three
// cameras with latencies in {0, 1, 2} s (exit latencies in {0, 1}), and 10–15
// sub-tasks of 2–8 frames released at integer times. Every release, latency
// and processing time is a whole number of seconds, so the time-indexed
// MILP with a 1 s slot is exact. Deterministic in seed; the same as
// RandomSmallGrid(seed, 1).
func RandomSmall(seed uint64) (*Scenario, []Task) {
	s, tasks, err := RandomSmallGrid(seed, 1)
	if err != nil {
		panic("tpd: " + err.Error()) // programmer error: perSecond = 1 is valid
	}
	return s, tasks
}

// RandomSmallGrid is RandomSmall with every time on the grid Δ = 1/perSecond
// seconds: the same draws, with each release, latency and processing time
// of n seconds in RandomSmall turned into n grid steps, n·Δ seconds, and
// speeds multiplied by perSecond (frames stay whole). Each time is the
// double nearest to n/perSecond, as a decimal such as 0.025 typed into an
// instance file would be, not a sum of steps; the instance's Bounds.Slot is
// the double nearest to Δ. So the time-indexed MILP with slot Δ is exact,
// and its optimum is Δ times the one of RandomSmall(seed). perSecond = 200
// gives the campus grid of 0.005 s. Deterministic in seed.
func RandomSmallGrid(seed uint64, perSecond int) (*Scenario, []Task, error) {
	return randomGrid(seed, perSecond, 0)
}

// RandomTrace is RandomSmallGrid with n sub-tasks drawn by the same rule
// in place of its 10–15: the same scenario, and the same first sub-tasks
// where both have them. The exact MILP's size grows with n, for
// benchmarks that scale it (benchmarks/mipmodels). Deterministic in seed.
func RandomTrace(seed uint64, perSecond, n int) (*Scenario, []Task, error) {
	if n < 1 {
		return nil, nil, inputErr("tasks: must be >= 1, got %d", n)
	}
	return randomGrid(seed, perSecond, n)
}

// randomGrid draws RandomSmallGrid's scenario and n sub-tasks (0: its own
// draw of 10–15).
func randomGrid(seed uint64, perSecond, n int) (*Scenario, []Task, error) {
	if perSecond < 1 {
		return nil, nil, inputErr("per_second: must be >= 1, got %d", perSecond)
	}
	ps := float64(perSecond)
	steps := func(n int) float64 { return float64(n) / ps }
	rng := rand.New(rand.NewPCG(seed, 77))
	K := 3 + rng.IntN(2)
	cams := 3
	in := &Instance{Latency: Latency{In: make([][]float64, cams), Out: make([]float64, K)}}
	for k := 0; k < K; k++ {
		in.IPNs = append(in.IPNs, IPN{Slots: 1 + rng.IntN(2), Speed: float64(1+rng.IntN(2)) * ps})
		in.Latency.Out[k] = steps(rng.IntN(2))
	}
	for i := range in.Latency.In {
		in.Latency.In[i] = make([]float64, K)
		for k := range in.Latency.In[i] {
			in.Latency.In[i][k] = steps(rng.IntN(3))
		}
	}
	in.Workload.Frames = Range{Min: 2, Max: 8}
	zero := 0.0
	in.Policy.InfoInterval = &zero
	in.Bounds.Slot = 1 / ps
	s, err := Build(in)
	if err != nil {
		return nil, nil, fmt.Errorf("tpd: RandomSmallGrid built an invalid instance: %w", err)
	}
	M := 10 + rng.IntN(6)
	if n > 0 {
		M = n
	}
	tasks := make([]Task, M)
	r := 0
	for i := range tasks {
		r += rng.IntN(3)
		tasks[i] = Task{ID: i, Release: steps(r), Source: rng.IntN(cams), Frames: float64(2 * (1 + rng.IntN(4))), Demand: 1, Deadline: steps(r + 5 + rng.IntN(10))}
	}
	return s, tasks, nil
}
