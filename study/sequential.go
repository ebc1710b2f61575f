package study

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamopt/streamopt/sim"
)

// Sequential is a sequential stopping rule for a study whose points all
// run the same number of replications: run First replications of every
// point, then more in batches, until the half-widths the rule watches are
// all at most HalfWidth or Max replications have run (see package sim's
// documentation for the method and its caveat).
type Sequential[Q, R any] struct {
	// HalfWidth is the target H > 0.
	HalfWidth float64
	// First is the replications of the first batch (≥ 2), Max the cap
	// (≥ First).
	First, Max int
	// Runs returns q with n replications per point. A unit's sample must
	// not depend on n: replication r of point p is the same unit whatever
	// the count, so the units of a batch are run once.
	Runs func(q Q, n int) Q
	// Widest returns the largest half-width the rule watches in a result;
	// +Inf (or NaN) when one has no interval yet.
	Widest func(r R) float64
	// Level is the confidence level of the watched intervals, for the t
	// quantiles that size the batches; 0 means sim.DefaultConfidence.
	Level float64
}

// Stop says why a sequential run ended: Reached when the widest watched
// half-width was at most Target after Runs replications per point, else
// the cap (or a stopped context) ended it with Widest still above.
type Stop struct {
	Target  float64
	Runs    int
	Widest  float64
	Reached bool
}

// nextRuns is the replications of the batch after n, whose widest watched
// half-width was w at the confidence level, for the target h and the cap
// limit: Law's approximate number of replications (§9.4.1), the least
// i > n with t_{(1+level)/2, i−1}·s/√i ≤ h, s = w·√n / t_{(1+level)/2, n−1}
// the standard deviation behind w, capped at limit; twice n when w is not
// finite (no interval yet). The left side falls as i grows, so a binary
// search finds i.
func nextRuns(n int, w, h, level float64, limit int) int {
	if math.IsInf(w, 0) || math.IsNaN(w) {
		return min(limit, 2*n)
	}
	half := func(i int) float64 {
		return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(i - 1)}.Quantile((1 + level) / 2)
	}
	s := w * math.Sqrt(float64(n)) / half(n)
	lo, hi := n+1, limit // the answer is in [lo, hi]; hi when none below it is
	for lo < hi {
		mid := lo + (hi-lo)/2
		if half(mid)*s/math.Sqrt(float64(mid)) <= h {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return min(lo, limit)
}

// RunSequential runs q under the rule seq: batch after batch, each planned
// with more replications per point (seq.Runs) and running only the units
// the earlier batches did not, until seq.Widest of the aggregate of every
// finished unit is at most seq.HalfWidth or seq.Max replications have run.
// It returns the request of the last batch, its outcome and why it
// stopped. The batch sizes follow the aggregates, which do not depend on
// the workers, so the result does not either. A run sharded or with
// records is refused (the count of units is not known before the end).
// Once ctx is done it returns the aggregate of the finished units with an
// error that wraps ctx.Err(), as Run does.
func RunSequential[Q, S, R any](ctx context.Context, s Study[Q, S, R], q Q, seq Sequential[Q, R], opt Options) (Q, Outcome[R], Stop, error) {
	var out Outcome[R]
	var stop Stop
	switch {
	case !(seq.HalfWidth > 0) || math.IsInf(seq.HalfWidth, 0):
		return q, out, stop, inputErr("target half-width: must be a number > 0, got %v", seq.HalfWidth)
	case seq.First < 2 || seq.Max < seq.First:
		return q, out, stop, inputErr("sequential runs: want 2 <= first <= max, got first %d and max %d", seq.First, seq.Max)
	case opt.Shard.Count > 1 || opt.Records != nil:
		return q, out, stop, inputErr("a sequential run cannot be sharded or recorded: its units are known only at its end")
	}
	level := seq.Level
	if level == 0 {
		level = sim.DefaultConfidence
	}
	if err := sim.CheckConfidence(level); err != nil {
		return q, out, stop, inputErr("sequential rule: %w", err)
	}
	var done []Done[S]
	have := map[Unit]bool{}
	for n := seq.First; ; n = nextRuns(n, stop.Widest, seq.HalfWidth, level, seq.Max) {
		q = seq.Runs(q, n)
		p, err := s.Plan(ctx, q)
		if err != nil {
			return q, out, stop, err
		}
		var units []Unit
		for pt, runs := range p.Shape().Runs {
			for r := 0; r < runs; r++ {
				if u := (Unit{pt, r}); !have[u] {
					units = append(units, u)
				}
			}
		}
		batch, err := runUnits(ctx, p, units, opt)
		if err != nil && batch == nil {
			return q, out, stop, err
		}
		for _, d := range batch {
			have[d.Unit] = true
		}
		done = append(done, batch...)
		slices.SortFunc(done, func(a, b Done[S]) int {
			if a.Unit.Point != b.Unit.Point {
				return a.Unit.Point - b.Unit.Point
			}
			return a.Unit.Rep - b.Unit.Rep
		})
		r, aerr := p.Aggregate(done)
		if aerr != nil {
			return q, out, stop, aerr
		}
		out = Outcome[R]{Result: r, Units: p.Shape().Units(), Done: len(done)}
		stop = Stop{Target: seq.HalfWidth, Runs: n, Widest: seq.Widest(r)}
		stop.Reached = stop.Widest <= seq.HalfWidth
		if err != nil {
			return q, out, stop, err
		}
		if stop.Reached || n >= seq.Max {
			return q, out, stop, nil
		}
	}
}

// String says how the run ended: "widest half-width 0.0091 ≤ 0.01 after
// 37 replications" or "widest half-width 0.013 > 0.01 at 200
// replications".
func (s Stop) String() string {
	if s.Reached {
		return fmt.Sprintf("widest half-width %.3g ≤ %g after %d replications", s.Widest, s.Target, s.Runs)
	}
	return fmt.Sprintf("widest half-width %.3g > %g at %d replications", s.Widest, s.Target, s.Runs)
}
