package rrs

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// genSpec says what randomInstance draws.
type genSpec struct {
	DCs, Regions int
	// Load is N / ΣC_i; 1 is exactly full (Σm_i = 1, spec A.8's ray case).
	Load float64
	// Spread is the relative spread of the revenue slopes: κ_j = κ(1 + Spread·u_j)
	// with u_j uniform in [−1, 1]; 0 gives uniform slopes (concave).
	Spread float64
}

// randomInstance draws a reproducible instance in the style of the paper's
// scenario (spec A.10), with DCs and regions placed uniformly in a unit
// square: D_ij = 5 + 100·distance ms, φ normalised exponentials,
// λ_i ~ U(0.5, 0.85), ι_i ~ U(0.001, 0.004), B_i ~ U(0.5, 1.5)·(1 − λ_i)/ι_i,
// a_i = 100 ms, b_i = 5 ms, π⁰ = 1, κ = 0.004 /ms before the spread.
func randomInstance(seed uint64, g genSpec) *Instance {
	rng := rand.New(rand.NewPCG(seed, uint64(g.DCs)<<32|uint64(g.Regions)))
	in := &Instance{Name: fmt.Sprintf("random %dx%d seed %d", g.DCs, g.Regions, seed)}
	type pt struct{ x, y float64 }
	dcs := make([]pt, g.DCs)
	for i := range dcs {
		dcs[i] = pt{rng.Float64(), rng.Float64()}
		lam := 0.5 + 0.35*rng.Float64()
		iota := 0.001 + 0.003*rng.Float64()
		in.DataCenters = append(in.DataCenters, DataCenter{
			BackgroundCPU: lam, CPUPerUser: iota,
			BandwidthUsers:  math.Round((0.5 + rng.Float64()) * (1 - lam) / iota),
			ResponseSlopeMS: 100, ResponseInterceptMS: 5,
		})
	}
	regs := make([]pt, g.Regions)
	sum := 0.0
	for j := range regs {
		regs[j] = pt{rng.Float64(), rng.Float64()}
		w := rng.ExpFloat64()
		sum += w
		in.Regions = append(in.Regions, Region{Share: w, RevenueIntercept: 1,
			RevenueSlope: 0.004 * (1 + g.Spread*(2*rng.Float64()-1))})
	}
	for j := range in.Regions {
		in.Regions[j].Share /= sum
	}
	in.LatencyMS = make([][]float64, g.DCs)
	for i := range in.LatencyMS {
		in.LatencyMS[i] = make([]float64, g.Regions)
		for j := range regs {
			in.LatencyMS[i][j] = 5 + 100*math.Hypot(dcs[i].x-regs[j].x, dcs[i].y-regs[j].y)
		}
	}
	in.Users = g.Load * in.TotalCapacity()
	return in
}
