package sim

import (
	"math"
	"testing"
)

// BenchmarkEngineHold is the classic "hold" model: a fixed population of
// pending events, each of which reschedules itself after an exponential
// delay. It reports events per second.
func BenchmarkEngineHold(b *testing.B) {
	for _, pending := range []int{100, 10000} {
		b.Run(itoa(pending), func(b *testing.B) {
			e := NewEngine()
			rng := Stream(1, 0)
			left := b.N
			var hold func()
			hold = func() {
				if left > 0 {
					left--
					e.After(rng.ExpFloat64(), 0, hold)
				}
			}
			for i := 0; i < pending; i++ {
				e.Schedule(rng.ExpFloat64(), 0, hold)
			}
			b.ResetTimer()
			if err := e.Run(math.Inf(1)); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.Processed())/b.Elapsed().Seconds(), "events/s")
		})
	}
}

func BenchmarkZipfSample(b *testing.B) {
	z, _ := NewZipf(200, 0.73)
	rng := Stream(1, 0)
	for i := 0; i < b.N; i++ {
		_ = z.Sample(rng)
	}
}

func itoa(n int) string {
	s := ""
	for n > 0 || s == "" {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return "pending=" + s
}
