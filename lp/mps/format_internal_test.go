package mps

import (
	"math"
	"testing"
)

// TestFormatNumber: the shortest of the three forms, and every output reads
// back as the same float64. The expected strings follow from the rule in
// formatNumber's comment.
func TestFormatNumber(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {-2.5, "-2.5"}, {100000, "1e5"}, {123000, "123000"}, {1e6, "1e6"}, {1234567, "1234567"},
		{-123456789012, "-123456789012"}, {1.5e-7, "1.5e-7"}, {0.0001, "1e-4"}, {0.0125, "0.0125"}, {1.2345678e25, "1.2345678e25"},
		{1e300, "1e300"}, {-1e-300, "-1e-300"}, {0.30000000000000004, "0.30000000000000004"}, {5e-324, "5e-324"},
	} {
		got := formatNumber(tc.v)
		if got != tc.want {
			t.Errorf("formatNumber(%v) = %q, want %q", tc.v, got, tc.want)
		}
		if back, err := parseNumber(got); err != nil || back != tc.v || math.Signbit(back) != math.Signbit(tc.v) {
			t.Errorf("%q reads back as %v (%v), want %v", got, back, err, tc.v)
		}
	}
}
