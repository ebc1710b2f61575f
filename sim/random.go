package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Stream returns the random stream of replication r under seed: a PCG
// generator seeded with (seed, r). Replication r of every run uses
// Stream(seed, r), so a replication's draws do not depend on how many
// replications run or in which order they are scheduled.
func Stream(seed uint64, r int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(r)))
}

// Exp draws an exponential variate with the given rate (mean 1/rate).
func Exp(rng *rand.Rand, rate float64) float64 { return rng.ExpFloat64() / rate }

// Categorical samples indices 0..n-1 with fixed probabilities by inverse
// CDF: a uniform variate is located in the cumulative table by binary
// search, O(log n) per draw.
type Categorical struct {
	cdf []float64 // cdf[i] = P(X ≤ i); the last entry is exactly 1
	p   []float64
}

// NewCategorical returns the distribution proportional to weights. Every
// weight must be finite and ≥ 0, and at least one must be > 0.
func NewCategorical(weights []float64) (*Categorical, error) {
	if len(weights) == 0 {
		return nil, fmt.Errorf("sim: weights: must be non-empty")
	}
	total := 0.0
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return nil, fmt.Errorf("sim: weights[%d]: must be finite and >= 0, got %g", i, w)
		}
		total += w
	}
	if !(total > 0) {
		return nil, fmt.Errorf("sim: weights: must have a positive sum, got %g", total)
	}
	c := &Categorical{cdf: make([]float64, len(weights)), p: make([]float64, len(weights))}
	acc := 0.0
	for i, w := range weights {
		acc += w
		c.p[i] = w / total
		c.cdf[i] = acc / total
	}
	// Guard against rounding: the table ends at exactly 1, and trailing
	// zero-weight entries can never be drawn.
	last := len(weights) - 1
	for last > 0 && weights[last] == 0 {
		c.cdf[last] = 1
		last--
	}
	c.cdf[last] = 1
	return c, nil
}

// NewZipf returns the Zipf-like popularity over n items with exponent s ≥ 0:
// P(item v) ∝ v^(−s) for v = 1..n, returned as index v−1. Unlike
// rand.NewZipf it accepts any s ≥ 0 (s = 0 is uniform); the VoD convention
// "Zipf with skew θ" is s = 1 − θ.
func NewZipf(n int, s float64) (*Categorical, error) {
	if n < 1 {
		return nil, fmt.Errorf("sim: zipf n: must be >= 1, got %d", n)
	}
	if !(s >= 0) || math.IsInf(s, 1) {
		return nil, fmt.Errorf("sim: zipf exponent: must be finite and >= 0, got %g", s)
	}
	w := make([]float64, n)
	for v := 1; v <= n; v++ {
		w[v-1] = math.Pow(float64(v), -s)
	}
	return NewCategorical(w)
}

// Len is the number of categories.
func (c *Categorical) Len() int { return len(c.p) }

// P is the probability of index i (0 outside the range).
func (c *Categorical) P(i int) float64 {
	if i < 0 || i >= len(c.p) {
		return 0
	}
	return c.p[i]
}

// Sample draws an index.
func (c *Categorical) Sample(rng *rand.Rand) int {
	u := rng.Float64()
	// The first i with cdf[i] > u; zero-probability entries never qualify
	// because their cdf equals the previous one.
	lo, hi := 0, len(c.cdf)-1
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if c.cdf[mid] > u {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	i := lo
	return i
}
