package sim

import (
	"math"
	"strings"
	"testing"
)

func TestZipfProbabilities(t *testing.T) {
	tests := []struct {
		name     string
		n        int
		s        float64
		p1       float64 // P(v = 1)
		topK     int
		topShare float64 // Σ_{v ≤ topK} P(v)
		tol      float64
	}{
		// Spec MODELS.md B.7: exponent 1−θ = 0.73 over 200 titles gives
		// p_1 = 0.081 and a top-20 % share of 56 %; recomputed with numpy
		// (p_1 = 0.0809778, top-40 share 0.5599405).
		{"vod theta 0.27", 200, 0.73, 0.0809778, 40, 0.5599405, 1e-6},
		// s = 0 is uniform.
		{"uniform", 4, 0, 0.25, 2, 0.5, 1e-12},
		// s = 1, n = 3: weights 1, 1/2, 1/3 over 11/6.
		{"harmonic", 3, 1, 6.0 / 11, 2, 9.0 / 11, 1e-12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			z, err := NewZipf(tc.n, tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(z.P(0)-tc.p1) > tc.tol {
				t.Errorf("p1 = %.7f, want %.7f", z.P(0), tc.p1)
			}
			share := 0.0
			for i := 0; i < tc.topK; i++ {
				share += z.P(i)
			}
			if math.Abs(share-tc.topShare) > tc.tol {
				t.Errorf("top-%d share = %.7f, want %.7f", tc.topK, share, tc.topShare)
			}
		})
	}
}

// TestCategoricalSampling draws 200 000 samples and checks every empirical
// frequency against its probability within 5 binomial standard deviations.
func TestCategoricalSampling(t *testing.T) {
	c, err := NewCategorical([]float64{0, 3, 0, 1, 6, 0})
	if err != nil {
		t.Fatal(err)
	}
	rng := Stream(42, 0)
	const n = 200000
	counts := make([]int, c.Len())
	for i := 0; i < n; i++ {
		counts[c.Sample(rng)]++
	}
	for i, k := range counts {
		p := c.P(i)
		if p == 0 && k != 0 {
			t.Errorf("index %d has probability 0 but was drawn %d times", i, k)
		}
		sd := math.Sqrt(n * p * (1 - p))
		if math.Abs(float64(k)-n*p) > 5*sd+1e-9 {
			t.Errorf("index %d: %d draws, expected %.0f ± %.0f", i, k, n*p, 5*sd)
		}
	}
}

func TestCategoricalErrors(t *testing.T) {
	tests := []struct {
		name string
		make func() error
		want string
	}{
		{"empty", func() error { _, err := NewCategorical(nil); return err }, "non-empty"},
		{"negative", func() error { _, err := NewCategorical([]float64{1, -2}); return err }, "weights[1]"},
		{"nan", func() error { _, err := NewCategorical([]float64{math.NaN()}); return err }, "weights[0]"},
		{"all zero", func() error { _, err := NewCategorical([]float64{0, 0}); return err }, "positive sum"},
		{"zipf n", func() error { _, err := NewZipf(0, 1); return err }, "zipf n"},
		{"zipf s", func() error { _, err := NewZipf(5, -0.1); return err }, "got -0.1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.make()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestStreamsReproducible(t *testing.T) {
	a, b, c := Stream(7, 3), Stream(7, 3), Stream(7, 4)
	same, diff := true, false
	for i := 0; i < 100; i++ {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		same = same && x == y
		diff = diff || x != z
	}
	if !same || !diff {
		t.Errorf("same stream equal: %v; different streams differ: %v", same, diff)
	}
}

// countArrivals counts arrivals of p in [0, horizon).
func countArrivals(p Arrivals, seed uint64, horizon float64, in func(float64) bool) (total, inside int) {
	rng := Stream(seed, 0)
	for t := p.Next(rng, 0); t < horizon; t = p.Next(rng, t) {
		total++
		if in(t) {
			inside++
		}
	}
	return
}

func TestPoissonCount(t *testing.T) {
	// The count in [0, T) is Poisson(λT); check it within 5 standard deviations.
	for _, rate := range []float64{0.7, 5, 250} {
		p, err := NewPoisson(rate)
		if err != nil {
			t.Fatal(err)
		}
		const horizon = 2000.0
		n, _ := countArrivals(p, 11, horizon, func(float64) bool { return false })
		mean := rate * horizon
		if math.Abs(float64(n)-mean) > 5*math.Sqrt(mean) {
			t.Errorf("rate %g: %d arrivals, expected %.0f ± %.0f", rate, n, mean, 5*math.Sqrt(mean))
		}
	}
	if _, err := NewPoisson(-1); err == nil {
		t.Error("NewPoisson(-1) accepted a negative rate")
	}
	if z, _ := NewPoisson(0); !math.IsInf(z.Next(Stream(1, 0), 3), 1) {
		t.Error("zero-rate Poisson produced an arrival")
	}
}

func TestBurst(t *testing.T) {
	// Base rate 10 on [0, 100), rate 200 on [40, 42) and 0 on [60, 70).
	b, err := NewBurst(10, []Window{{60, 70, 0}, {40, 42, 200}})
	if err != nil {
		t.Fatal(err)
	}
	total, inBurst := countArrivals(b, 5, 100, func(x float64) bool { return x >= 40 && x < 42 })
	_, inGap := countArrivals(b, 5, 100, func(x float64) bool { return x >= 60 && x < 70 })
	wantBurst := 200.0 * 2
	wantTotal := 10*(100-2-10) + wantBurst
	if inGap != 0 {
		t.Errorf("%d arrivals in a zero-rate window", inGap)
	}
	if math.Abs(float64(inBurst)-wantBurst) > 5*math.Sqrt(wantBurst) {
		t.Errorf("burst window: %d arrivals, expected %.0f", inBurst, wantBurst)
	}
	if math.Abs(float64(total)-wantTotal) > 5*math.Sqrt(wantTotal) {
		t.Errorf("total: %d arrivals, expected %.0f", total, wantTotal)
	}
	for _, tc := range []struct {
		base float64
		ws   []Window
		want string
	}{
		{-1, nil, "base rate"},
		{1, []Window{{2, 1, 5}}, "windows[0]"},
		{1, []Window{{0, 1, -5}}, "windows[0].rate"},
		{1, []Window{{0, 2, 5}, {1, 3, 5}}, "overlaps"},
	} {
		if _, err := NewBurst(tc.base, tc.ws); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewBurst(%g, %v) error = %v, want %q", tc.base, tc.ws, err, tc.want)
		}
	}
}
