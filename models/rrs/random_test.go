package rrs

import (
	"reflect"
	"testing"
)

// TestRandom: every instance of the family is valid and feasible, the
// same arguments give the same instance, and spread 0 gives the uniform
// slope (the concave case) while a spread gives distinct slopes.
func TestRandom(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {3, 5}, {20, 100}} {
		for _, spread := range []float64{0, 0.75} {
			in := Random(sz[0], sz[1], 7, spread)
			if err := in.Validate(); err != nil {
				t.Fatalf("%dx%d spread %g: %v", sz[0], sz[1], spread, err)
			}
			if err := in.CheckFeasible(); err != nil {
				t.Fatalf("%dx%d spread %g: %v", sz[0], sz[1], spread, err)
			}
			if !reflect.DeepEqual(in, Random(sz[0], sz[1], 7, spread)) {
				t.Errorf("%dx%d spread %g: two draws with the same seed differ", sz[0], sz[1], spread)
			}
			if uniform := in.UniformSlope(); uniform != (spread == 0 || sz[1] == 1) {
				t.Errorf("%dx%d spread %g: UniformSlope = %v", sz[0], sz[1], spread, uniform)
			}
		}
	}
	if reflect.DeepEqual(Random(3, 5, 1, 0), Random(3, 5, 2, 0)) {
		t.Error("seeds 1 and 2 give the same instance")
	}
}
