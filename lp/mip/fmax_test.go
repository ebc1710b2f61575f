package mip

import (
	"math"
	"testing"
)

// TestFmaxFmin checks fmax and fmin against math.Max and math.Min, bit for
// bit, over the values where they could differ: signed zeros, infinities,
// NaN and equal numbers.
func TestFmaxFmin(t *testing.T) {
	vals := []float64{math.Copysign(0, -1), 0, 1, -1, 2.5, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := fmax(a, b), math.Max(a, b); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("fmax(%g, %g) = %g, math.Max gives %g", a, b, got, want)
			}
			if got, want := fmin(a, b), math.Min(a, b); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("fmin(%g, %g) = %g, math.Min gives %g", a, b, got, want)
			}
		}
	}
}
