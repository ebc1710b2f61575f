package tpd

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// BenchmarkSimulateCampus simulates the campus scenario at ρ = 0.7 (10 000
// sub-tasks) per policy and reports engine events and sub-tasks per second.
func BenchmarkSimulateCampus(b *testing.B) {
	s := loadCampus(b)
	tasks, err := s.Trace(Mode{Count: 10000, Load: 0.7}, sim.Stream(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range Policies {
		b.Run(p.String(), func(b *testing.B) {
			var events uint64
			for i := 0; i < b.N; i++ {
				r, err := Simulate(context.Background(), s, tasks, Config{Policy: p, Discipline: p.DefaultDiscipline(), InfoInterval: UseScenarioInfo}, sim.Stream(1, i))
				if err != nil {
					b.Fatal(err)
				}
				events += r.Events
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
			b.ReportMetric(float64(b.N*len(tasks))/b.Elapsed().Seconds(), "subtasks/s")
		})
	}
}

// BenchmarkBounds times LB0, LB_SRPT and the greedy reference on 10 000
// campus sub-tasks at ρ = 0.7.
func BenchmarkBounds(b *testing.B) {
	s := loadCampus(b)
	tasks, err := s.Trace(Mode{Count: 10000, Load: 0.7}, sim.Stream(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("LB0", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = LB0(s, tasks)
		}
	})
	b.Run("SRPT", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = LBSRPT(s, tasks)
		}
	})
	b.Run("Greedy", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _, _ = Greedy(s, tasks)
		}
	})
}

// BenchmarkLagrangeHeavy times LB_LAG (300 iterations per phase) on 10 000
// campus sub-tasks at ρ = 0.95, pooled by speed and refined per IPN, and
// reports the bound relative to LB0.
func BenchmarkLagrangeHeavy(b *testing.B) {
	s := loadCampus(b)
	tasks, err := s.Trace(Mode{Count: 10000, Load: 0.95}, sim.Stream(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	low := lb0(s, tasks)
	for _, per := range []bool{false, true} {
		name := "pooled"
		if per {
			name = "perIPN"
		}
		b.Run(name, func(b *testing.B) {
			var v float64
			for i := 0; i < b.N; i++ {
				lb, err := LowerBoundLagrange(context.Background(), s, tasks, LagrangeOptions{PerIPN: per})
				if err != nil {
					b.Fatal(err)
				}
				v = lb.Value
			}
			b.ReportMetric(100*(v/low-1), "%_over_LB0")
		})
	}
}

// BenchmarkSimulateStable simulates the campus "stable" mode (10 000
// sub-tasks at 0.7 sub-tasks/s, an almost idle system) with TPD at
// Δ_info = 0.1 s, with the lazy refresh of Simulate and with the periodic
// reference (one engine event per refresh instant), and with exact state;
// it reports sub-tasks per second: the cost of the state refresh next to
// the dispatches.
func BenchmarkSimulateStable(b *testing.B) {
	s := loadCampus(b)
	tasks, err := s.Trace(s.Modes["stable"], sim.Stream(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		info float64
		mode refreshMode
	}{{"info=0.1/lazy", 0.1, lazyRefresh}, {"info=0.1/periodic", 0.1, periodicRefresh}, {"exact", 0, lazyRefresh}} {
		b.Run(c.name, func(b *testing.B) {
			var events uint64
			for i := 0; i < b.N; i++ {
				r, err := simulate(context.Background(), s, tasks, Config{Policy: TPD, Discipline: TPD.DefaultDiscipline(), InfoInterval: c.info}, sim.Stream(1, i), c.mode)
				if err != nil {
					b.Fatal(err)
				}
				events += r.Events
			}
			b.ReportMetric(float64(events)/float64(b.N), "events/op")
			b.ReportMetric(float64(b.N*len(tasks))/b.Elapsed().Seconds(), "subtasks/s")
		})
	}
}
