package rmts

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// BenchmarkSimulatePaper runs one replication of the spec B.7 scenario
// (ξ = 40, 600 minutes) per iteration and reports events per second, for
// every policy and for DASD with its proactive mode (δ = 4, spec B.6).
func BenchmarkSimulatePaper(b *testing.B) {
	type variant struct {
		name  string
		p     Policy
		delta int
	}
	var variants []variant
	for _, p := range Policies {
		variants = append(variants, variant{p.String(), p, 0})
	}
	variants = append(variants, variant{"dasd-proactive-4", DASD, 4})
	for _, v := range variants {
		p, delta := v.p, v.delta
		b.Run(v.name, func(b *testing.B) {
			in := paperInstance(b)
			sc, err := Build(in)
			if err != nil {
				b.Fatal(err)
			}
			var events uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rng := sim.Stream(in.Seed, i)
				trace := sc.Trace(rng, 40, in.Arrivals.Horizon)
				res, err := sc.Simulate(context.Background(), trace, rng, RunOptions{Policy: p, Horizon: in.Arrivals.Horizon, Warmup: in.Arrivals.Warmup, DASDProactiveDelta: &delta})
				if err != nil {
					b.Fatal(err)
				}
				events += res.Events
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
