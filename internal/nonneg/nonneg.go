// Package nonneg computes the widths and gaps the commands report between
// a lower bound and a value that cannot lie below it (an upper bound, a
// feasible schedule's cost, a policy's result). Rounding can leave such a
// difference a hair below zero, which would print as "-0.00 %"; a
// difference within the project's comparison tolerance of objectives
// (Tol, DESIGN.md) is reported as 0, and one beyond it means a bound is
// wrong, so it is an error of kind fault.ErrSolver naming both numbers.
package nonneg

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
)

// Tol is the comparison tolerance of objectives, 1e-6 relative to the
// larger magnitude of the two numbers compared (at least 1): two
// objectives closer than that are equal.
const Tol = 1e-6

// ErrBoundAbove is the kind of error of Diff and Gap: a lower bound above
// a value it bounds, beyond Tol.
var ErrBoundAbove = fault.New(fault.ErrSolver, "a lower bound lies above a value it bounds")

// Diff returns hi − lo, where lo is a lower bound on hi: 0 when hi lies
// below lo by at most Tol·max(1, |lo|, |hi|), else an error wrapping
// ErrBoundAbove that names what lo and hi are (loName, hiName) and their
// values. NaN is an error too.
func Diff(loName string, lo float64, hiName string, hi float64) (float64, error) {
	d := hi - lo
	switch {
	case d >= 0:
		return d, nil
	case -d <= Tol*math.Max(1, math.Max(math.Abs(lo), math.Abs(hi))):
		return 0, nil
	}
	return 0, fmt.Errorf("%w: %s %.10g above %s %.10g", ErrBoundAbove, loName, lo, hiName, hi)
}

// Pct returns 100 (hi − lo)/lo, the gap of hi above its lower bound lo in
// percent of lo, with Diff's clamp and error (lo = 0 divides as float64
// does: +Inf, or NaN when hi is 0 too).
func Pct(loName string, lo float64, hiName string, hi float64) (float64, error) {
	d, err := Diff(loName, lo, hiName, hi)
	if err != nil {
		return 0, err
	}
	return 100 * d / lo, nil
}
