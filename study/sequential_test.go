package study_test

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/study"
)

// toyRule watches the half-widths of every rate's mean.
func toyRule(h float64, first, max int) study.Sequential[toyRequest, toyResult] {
	return study.Sequential[toyRequest, toyResult]{HalfWidth: h, First: first, Max: max,
		Runs: func(q toyRequest, n int) toyRequest { q.Runs = n; return q },
		Widest: func(r toyResult) float64 {
			w := 0.0
			for _, st := range r.Means {
				if st.N < 2 {
					return math.Inf(1)
				}
				w = math.Max(w, st.HalfWidth)
			}
			return w
		}}
}

// TestRunSequential: the run stops at the first batch whose widest
// half-width is within the target; its result is that of a plain run of
// as many replications (the batches reuse the units, never draw them
// again); the batches, and so the bytes, do not depend on the workers;
// a target out of reach
// ends at the cap, not reached.
func TestRunSequential(t *testing.T) {
	ctx := context.Background()
	const h = 0.1 // the mean of 50 Exp(0.5) draws has sd 2/√50 ≈ 0.28: about 35 replications
	q, out, stop, err := study.RunSequential(ctx, toy{}, toyQ(), toyRule(h, 4, 500), study.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !stop.Reached || stop.Widest > h || q.Runs != stop.Runs || stop.Runs <= 4 || stop.Runs >= 500 {
		t.Fatalf("stop = %+v (runs %d), want the target reached between the first batch and the cap", stop, q.Runs)
	}
	p, _ := toy{}.Plan(ctx, q)
	plain, err := study.Run(ctx, p, study.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out.Result, plain.Result) || out.Done != plain.Done || out.Units != plain.Units {
		t.Errorf("sequential result %+v differs from the plain run of %d replications %+v", out, q.Runs, plain)
	}
	_, out4, stop4, err := study.RunSequential(ctx, toy{}, toyQ(), toyRule(h, 4, 500), study.Options{Workers: 4})
	if err != nil || stop4 != stop || !reflect.DeepEqual(out4, out) {
		t.Errorf("4 workers: %+v %+v, %v; want %+v %+v", stop4, out4, err, stop, out)
	}
	_, capped, below, err := study.RunSequential(ctx, toy{}, toyQ(), toyRule(1e-6, 4, 20), study.Options{})
	if err != nil || below.Reached || below.Runs != 20 || capped.Done != 3*20 || !(below.Widest > 1e-6) {
		t.Errorf("a target out of reach: %+v, %d units, %v; want the cap of 20 without the target", below, capped.Done, err)
	}
	if s := below.String(); s == "" || stop.String() == s {
		t.Errorf("Stop strings %q and %q", stop.String(), s)
	}
}

func TestRunSequentialRefuses(t *testing.T) {
	ctx := context.Background()
	for name, tc := range map[string]struct {
		rule study.Sequential[toyRequest, toyResult]
		opt  study.Options
	}{
		"zero target":  {toyRule(0, 4, 10), study.Options{}},
		"NaN target":   {toyRule(math.NaN(), 4, 10), study.Options{}},
		"first of one": {toyRule(0.1, 1, 10), study.Options{}},
		"cap < first":  {toyRule(0.1, 5, 4), study.Options{}},
		"sharded":      {toyRule(0.1, 4, 10), study.Options{Shard: shard.Spec{Index: 0, Count: 2}}},
	} {
		if _, _, _, err := study.RunSequential(ctx, toy{}, toyQ(), tc.rule, tc.opt); !errors.Is(err, fault.ErrInput) {
			t.Errorf("%s: error %v, want an input error", name, err)
		}
	}
}
