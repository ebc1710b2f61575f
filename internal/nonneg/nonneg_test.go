package nonneg

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

func TestDiffClamp(t *testing.T) {
	for _, tc := range []struct {
		lo, hi, want float64
	}{
		{1, 2, 1},
		{1384.2489, 1384.2489, 0},
		{1384.2489, 1384.2489 - 1e-10, 0},         // rounding: clamped
		{1384.2489, 1384.2489 * (1 - 0.9*Tol), 0}, // just inside the tolerance
		{0, -0.5 * Tol, 0},                        // near zero the tolerance is absolute
		{-3, -3 - 1e-12, 0},                       // negative values
		{0.1 + 0.2, 0.3, 0},                       // 0.30000000000000004 above 0.3
		{100, 100.5, 0.5},                         // a positive width stays
	} {
		got, err := Diff("LB", tc.lo, "UB", tc.hi)
		if err != nil || got != tc.want || math.Signbit(got) {
			t.Errorf("Diff(%g, %g) = %g, %v; want %g", tc.lo, tc.hi, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ lo, hi float64 }{
		{1384.2489, 1384.2489 * (1 - 2*Tol)},
		{0, -2 * Tol},
		{1, math.NaN()},
		{math.NaN(), 1},
	} {
		_, err := Diff("T_LB", tc.lo, "best UB", tc.hi)
		if !errors.Is(err, ErrBoundAbove) || fault.Of(err) != fault.Solver {
			t.Errorf("Diff(%g, %g): error %v, want ErrBoundAbove of kind Solver", tc.lo, tc.hi, err)
			continue
		}
		if !strings.Contains(err.Error(), "T_LB") || !strings.Contains(err.Error(), "best UB") {
			t.Errorf("Diff(%g, %g): %v does not name both numbers", tc.lo, tc.hi, err)
		}
	}
}

func TestPct(t *testing.T) {
	if got, err := Pct("T_LB", 200, "T", 210); err != nil || math.Abs(got-5) > 1e-12 {
		t.Errorf("Pct(200, 210) = %g, %v; want 5", got, err)
	}
	if got, err := Pct("T_LB", 200, "T", 200*(1-1e-9)); err != nil || got != 0 || math.Signbit(got) {
		t.Errorf("Pct a rounding below = %g, %v; want 0", got, err)
	}
	if got, err := Pct("T_LB", 0, "T", 0); err != nil || !math.IsNaN(got) {
		t.Errorf("Pct(0, 0) = %g, %v; want NaN", got, err)
	}
	if got, err := Pct("T_LB", 0, "T", 1); err != nil || !math.IsInf(got, 1) {
		t.Errorf("Pct(0, 1) = %g, %v; want +Inf", got, err)
	}
	if _, err := Pct("T_LB", 200, "T", 190); !errors.Is(err, ErrBoundAbove) {
		t.Errorf("Pct(200, 190): error %v, want ErrBoundAbove", err)
	}
}
