package rrs

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Random returns a reproducible random instance with s data centres and r
// regions, the family the benchmarks (benchmarks/rrsscale,
// benchmarks/mipmodels) grow: data centres and regions at uniform points
// of the unit square, latency 5 + 100·distance ms; background CPU
// λ_i ∈ [0.5, 0.8], CPU per user ι_i ∈ [0.0005, 0.0015], a bandwidth cap
// of (0.5 to 1.5)·(1 − λ_i)/ι_i users, response slope 100 ms and
// intercept 5 ms; region shares exponential, normalised; revenue
// intercept 1 and slope κ_j = 0.004·(1 + spread·u_j), u_j uniform in
// [−1, 1] and drawn after everything else (spread 0 draws none: the
// instances are concave); N = ⌊0.8 · total capacity⌋ users.
// Deterministic in (s, r, seed, spread).
func Random(s, r int, seed uint64, spread float64) *Instance {
	rng := rand.New(rand.NewPCG(seed, uint64(s)<<32|uint64(r)))
	in := &Instance{Name: fmt.Sprintf("random %dx%d seed %d", s, r, seed)}
	type pt struct{ x, y float64 }
	dcs := make([]pt, s)
	for i := range dcs {
		dcs[i] = pt{rng.Float64(), rng.Float64()}
		lam := 0.5 + 0.3*rng.Float64()
		iota := 0.0005 + 0.001*rng.Float64()
		in.DataCenters = append(in.DataCenters, DataCenter{
			BackgroundCPU: lam, CPUPerUser: iota,
			BandwidthUsers:  math.Round((0.5 + rng.Float64()) * (1 - lam) / iota),
			ResponseSlopeMS: 100, ResponseInterceptMS: 5,
		})
	}
	sum := 0.0
	regs := make([]pt, r)
	for j := range regs {
		regs[j] = pt{rng.Float64(), rng.Float64()}
		w := rng.ExpFloat64()
		sum += w
		in.Regions = append(in.Regions, Region{Share: w, RevenueIntercept: 1, RevenueSlope: 0.004})
	}
	for j := range in.Regions {
		in.Regions[j].Share /= sum
	}
	in.LatencyMS = make([][]float64, s)
	for i := range in.LatencyMS {
		in.LatencyMS[i] = make([]float64, r)
		for j := range regs {
			in.LatencyMS[i][j] = 5 + 100*math.Hypot(dcs[i].x-regs[j].x, dcs[i].y-regs[j].y)
		}
	}
	in.Users = math.Floor(0.8 * in.TotalCapacity())
	if spread > 0 {
		for j := range in.Regions {
			in.Regions[j].RevenueSlope *= 1 + spread*(2*rng.Float64()-1)
		}
	}
	return in
}
