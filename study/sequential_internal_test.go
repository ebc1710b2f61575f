package study

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestNextRuns: the batch size is the least i > n whose t-interval with
// the standard deviation behind the current half-width is within the
// target, found here by walking i up one at a time (the binary search's
// independent check); no interval yet doubles n; the cap caps.
func TestNextRuns(t *testing.T) {
	t975 := func(i int) float64 { return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(i - 1)}.Quantile(0.975) }
	for _, tc := range []struct {
		n    int
		s, h float64
	}{{5, 1, 0.5}, {5, 1, 0.1}, {10, 0.3, 0.05}, {2, 2, 1}, {30, 1, 0.36}} {
		w := t975(tc.n) * tc.s / math.Sqrt(float64(tc.n))
		want := tc.n + 1
		for t975(want)*tc.s/math.Sqrt(float64(want)) > tc.h {
			want++
		}
		if got := nextRuns(tc.n, w, tc.h, 0.95, 100000); got != want {
			t.Errorf("n %d, s %g, h %g: next %d, want %d", tc.n, tc.s, tc.h, got, want)
		}
		if got := nextRuns(tc.n, w, tc.h, 0.95, tc.n+1); got != tc.n+1 {
			t.Errorf("n %d capped at n+1: next %d", tc.n, got)
		}
	}
	// s = 1, h = 0.5 at n = 5: t_{0.975, i−1}/√i ≤ 0.5 first at i = 18
	// (t_{0.975,17} = 2.1098, 2.1098/√18 = 0.4973; t_{0.975,16}/√17 =
	// 2.1199/4.1231 = 0.5142).
	if got := nextRuns(5, t975(5)/math.Sqrt(5), 0.5, 0.95, 1000); got != 18 {
		t.Errorf("next = %d, want 18", got)
	}
	if got := nextRuns(7, math.Inf(1), 0.1, 0.95, 1000); got != 14 {
		t.Errorf("no interval yet: next %d, want 2n = 14", got)
	}
	if got := nextRuns(7, math.Inf(1), 0.1, 0.95, 10); got != 10 {
		t.Errorf("no interval yet, cap 10: next %d", got)
	}
}
