package render

import (
	"math"
	"testing"

	"github.com/streamopt/streamopt/sim"
)

// TestCI checks the table format of a replicated metric: one replication
// has no confidence interval (its half-width is undefined, sim.MeanCI
// leaves it 0), so it must not print "± 0.00"; several equal replications
// have a true interval of width 0. The two-run half-width is
// t_{0.975,1}·s/√2 = 12.706·√2/√2 = 12.71 (Student t table).
func TestCI(t *testing.T) {
	tests := []struct {
		xs   []float64
		want string
	}{
		{[]float64{0.5}, "0.50 (n=1)"},
		{[]float64{1, 1, 1}, "1.00 ± 0.00"},
		{[]float64{1, 3}, "2.00 ± 12.71"},
		{nil, "-"},
	}
	for _, tc := range tests {
		if got := ci(sim.MeanCI(tc.xs, sim.DefaultConfidence), 2); got != tc.want {
			t.Errorf("ci(%v) = %q, want %q", tc.xs, got, tc.want)
		}
	}
}

// TestFixedNoNegativeZero: a value that rounds to zero prints without a
// sign, whatever the precision; other values keep theirs.
func TestFixedNoNegativeZero(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		prec int
		want string
	}{
		{-0.001, 2, "0.00"}, {math.Copysign(0, -1), 2, "0.00"}, {-1e-12, 4, "0.0000"}, {-0.004, 0, "0"},
		{-0.005001, 2, "-0.01"}, {-3.5, 1, "-3.5"}, {0.001, 2, "0.00"}, {2, 2, "2.00"},
	} {
		if got := fixed(tc.x, tc.prec); got != tc.want {
			t.Errorf("fixed(%g, %d) = %q, want %q", tc.x, tc.prec, got, tc.want)
		}
	}
}
