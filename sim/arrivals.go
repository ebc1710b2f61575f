package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Arrivals is an arrival process: Next returns the first arrival time
// strictly after t, or +Inf when no further arrival will occur.
type Arrivals interface {
	Next(rng *rand.Rand, t float64) float64
}

// Poisson is a homogeneous Poisson process: exponential inter-arrival times
// with mean 1/Rate.
type Poisson struct {
	Rate float64
}

// NewPoisson returns a Poisson process; rate must be finite and ≥ 0
// (0 means no arrivals).
func NewPoisson(rate float64) (Poisson, error) {
	if !(rate >= 0) || math.IsInf(rate, 1) {
		return Poisson{}, fmt.Errorf("sim: poisson rate: must be finite and >= 0, got %g", rate)
	}
	return Poisson{Rate: rate}, nil
}

// Next implements Arrivals.
func (p Poisson) Next(rng *rand.Rand, t float64) float64 {
	if p.Rate <= 0 {
		return math.Inf(1)
	}
	return t + rng.ExpFloat64()/p.Rate
}

// Window is a time interval [Start, End) with its own arrival rate.
type Window struct {
	Start, End, Rate float64
}

// Burst is a piecewise-constant-rate (non-homogeneous) Poisson process: rate
// Base outside the windows and the window's Rate inside it. It models a base
// load with bursts, e.g. base ρ = 0.5 plus 2 s at 1.5× capacity. Arrivals
// are generated exactly by inverting the integrated rate.
type Burst struct {
	base    float64
	windows []Window // sorted, disjoint
}

// NewBurst validates and returns a burst process. Windows must have
// Start < End, rates finite and ≥ 0, and must not overlap.
func NewBurst(base float64, windows []Window) (*Burst, error) {
	if !(base >= 0) || math.IsInf(base, 1) {
		return nil, fmt.Errorf("sim: burst base rate: must be finite and >= 0, got %g", base)
	}
	ws := append([]Window(nil), windows...)
	for i, w := range ws {
		if !(w.Start < w.End) || math.IsNaN(w.Start) {
			return nil, fmt.Errorf("sim: burst windows[%d]: start must be < end, got [%g, %g)", i, w.Start, w.End)
		}
		if !(w.Rate >= 0) || math.IsInf(w.Rate, 1) {
			return nil, fmt.Errorf("sim: burst windows[%d].rate: must be finite and >= 0, got %g", i, w.Rate)
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].Start < ws[j].Start })
	for i := 1; i < len(ws); i++ {
		if ws[i].Start < ws[i-1].End {
			return nil, fmt.Errorf("sim: burst windows: [%g, %g) overlaps [%g, %g)", ws[i-1].Start, ws[i-1].End, ws[i].Start, ws[i].End)
		}
	}
	return &Burst{base: base, windows: ws}, nil
}

// Rate is the arrival rate at time t.
func (b *Burst) Rate(t float64) float64 {
	i := sort.Search(len(b.windows), func(i int) bool { return b.windows[i].End > t })
	if i < len(b.windows) && b.windows[i].Start <= t {
		return b.windows[i].Rate
	}
	return b.base
}

// Next implements Arrivals: it draws E ~ Exp(1) and walks the constant-rate
// pieces from t until their integrated rate reaches E.
func (b *Burst) Next(rng *rand.Rand, t float64) float64 {
	need := rng.ExpFloat64()
	for {
		rate := b.Rate(t)
		end := math.Inf(1) // end of the current constant piece
		i := sort.Search(len(b.windows), func(i int) bool { return b.windows[i].End > t })
		if i < len(b.windows) {
			if b.windows[i].Start <= t {
				end = b.windows[i].End
			} else {
				end = b.windows[i].Start
			}
		}
		if rate > 0 {
			if dt := need / rate; t+dt < end {
				return t + dt
			}
		}
		if math.IsInf(end, 1) {
			return math.Inf(1)
		}
		need -= rate * (end - t)
		t = end
	}
}
