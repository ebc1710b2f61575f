package rmts

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// BenchmarkSimulatePaper runs one replication of the spec B.7 scenario
// (ξ = 40, 600 minutes) per iteration and reports events per second.
func BenchmarkSimulatePaper(b *testing.B) {
	for _, p := range Policies {
		b.Run(p.String(), func(b *testing.B) {
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
				res, err := sc.Simulate(context.Background(), trace, rng, RunOptions{Policy: p, Horizon: in.Arrivals.Horizon, Warmup: in.Arrivals.Warmup})
				if err != nil {
					b.Fatal(err)
				}
				events += res.Events
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
