package sim_test

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/sim"
)

// An M/M/1 queue, simulated on the event engine.
func ExampleEngine() {
	e := sim.NewEngine()
	rng := sim.Stream(1, 0)
	arrivals, _ := sim.NewPoisson(0.5)
	const (
		departure = 0 // departures run before arrivals at equal times
		arrival   = 1
	)
	inSystem, served := 0, 0
	var arrive func()
	depart := func() {
		inSystem--
		served++
		if inSystem > 0 {
			e.After(sim.Exp(rng, 1), departure, func() {})
		}
	}
	arrive = func() {
		inSystem++
		if inSystem == 1 {
			e.After(sim.Exp(rng, 1), departure, depart)
		}
		if next := arrivals.Next(rng, e.Now()); next < 100 {
			e.Schedule(next, arrival, arrive)
		}
	}
	e.Schedule(arrivals.Next(rng, 0), arrival, arrive)
	if err := e.Run(math.Inf(1)); err != nil {
		fmt.Println(err)
	}
	fmt.Println(served > 0, e.Len())
	// Output: true 0
}

func ExampleNewZipf() {
	z, _ := sim.NewZipf(200, 1-0.27) // VoD popularity, θ = 0.27
	fmt.Printf("p1 = %.3f\n", z.P(0))
	rng := sim.Stream(3, 0)
	fmt.Println(z.Sample(rng) < 200)
	// Output:
	// p1 = 0.081
	// true
}

func ExampleNewBurst() {
	b, _ := sim.NewBurst(1, []sim.Window{{Start: 10, End: 12, Rate: 100}})
	fmt.Println(b.Rate(5), b.Rate(11), b.Rate(12))
	// Output: 1 100 1
}

func ExampleMeanCI() {
	s := sim.MeanCI([]float64{1, 2, 3, 4, 5}, sim.DefaultConfidence)
	fmt.Printf("%.4f ± %.4f\n", s.Mean, s.HalfWidth)
	// Output: 3.0000 ± 1.9632
}

// Two policies measured on the same five traces: the paired interval of
// their difference.
func ExamplePairedCI() {
	a := []float64{0.91, 0.88, 0.95, 0.90, 0.86}
	b := []float64{0.89, 0.85, 0.94, 0.87, 0.85}
	s := sim.PairedCI(a, b, 0.9)
	fmt.Printf("A − B = %.3f ± %.3f (90%%)\n", s.Mean, s.HalfWidth)
	// Output: A − B = 0.020 ± 0.010 (90%)
}

func ExampleReplicate() {
	sum, err := sim.Replicate(context.Background(), 20, sim.Options{Seed: 1, Confidence: 0.99}, []string{"coin"},
		func(_ context.Context, rep sim.Rep) ([]float64, error) {
			return []float64{float64(rep.Rand.IntN(2))}, nil
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := sum.Get("coin")
	fmt.Println(sum.Runs, sum.Level, st.N, st.Lo() <= st.Mean && st.Mean <= st.Hi())
	// Output: 20 0.99 20 true
}

// Progress is a callback: here it keeps the last count it was given.
func ExampleProgress() {
	last := ""
	_, err := sim.Run(context.Background(), 8, sim.Options{Seed: 1, Progress: func(done, total int) {
		last = fmt.Sprintf("%d/%d replications", done, total)
	}}, func(_ context.Context, rep sim.Rep) (float64, error) {
		return rep.Rand.Float64(), nil
	})
	fmt.Println(last, err)
	// Output: 8/8 replications <nil>
}

// Summarize named columns of values over replications at a 90% level; a
// NaN is a value a replication does not have. Widest is the largest
// half-width, what a sequential stopping rule compares with its target.
func ExampleSummarize() {
	sum := sim.Summarize([]sim.Column{
		{Name: "served", Values: []float64{91, 88, 95, 90, 86}},
		{Name: "delay", Values: []float64{1.2, 1.4, math.NaN(), 1.3, 1.3}},
	}, 0.9)
	for _, m := range sum.Metrics {
		fmt.Printf("%s: %.2f ± %.2f (n=%d)\n", m.Name, m.Mean, m.HalfWidth, m.N)
	}
	fmt.Printf("widest %.2f\n", sum.Widest())
	// Output:
	// delay: 1.30 ± 0.10 (n=4)
	// served: 90.00 ± 3.23 (n=5)
	// widest 3.23
}
