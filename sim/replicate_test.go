package sim

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMeanCI(t *testing.T) {
	tests := []struct {
		name     string
		xs       []float64
		mean, hw float64
	}{
		// Half-widths from scipy: stats.t.ppf(0.975, n-1) * std(ddof=1) / sqrt(n).
		{"1..5", []float64{1, 2, 3, 4, 5}, 3, 1.9632431614775607},
		{"four", []float64{2.5, 3.1, 2.9, 3.6}, 3.025, 0.7277418106132579},
		{"single", []float64{7}, 7, 0},
		{"nan skipped", []float64{1, math.NaN(), 2, 3, 4, 5}, 3, 1.9632431614775607},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := MeanCI(tc.xs)
			if math.Abs(s.Mean-tc.mean) > 1e-12 || math.Abs(s.HalfWidth-tc.hw) > 1e-9 {
				t.Errorf("MeanCI = %.12g ± %.12g, want %.12g ± %.12g", s.Mean, s.HalfWidth, tc.mean, tc.hw)
			}
			if s.Lo() > s.Mean || s.Hi() < s.Mean {
				t.Errorf("interval [%g, %g] does not contain the mean", s.Lo(), s.Hi())
			}
		})
	}
	if s := MeanCI(nil); !math.IsNaN(s.Mean) || s.N != 0 {
		t.Errorf("MeanCI(nil) = %+v", s)
	}
}

// replication draws from its stream; its result depends only on (seed, r).
func replication(_ context.Context, rep Rep) (map[string]float64, error) {
	sum := 0.0
	for i := 0; i < 1000; i++ {
		sum += rep.Rand.Float64()
	}
	return map[string]float64{"mean_u": sum / 1000, "index": float64(rep.Index)}, nil
}

func TestRunOrderedAndDeterministic(t *testing.T) {
	ctx := context.Background()
	one, err := Run(ctx, 37, Options{Seed: 9, Workers: 1}, replication)
	if err != nil {
		t.Fatal(err)
	}
	many, err := Run(ctx, 37, Options{Seed: 9, Workers: 8}, replication)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(one, many); d != "" {
		t.Fatalf("results depend on the number of workers (-1 +8):\n%s", d)
	}
	for r, m := range many {
		if m["index"] != float64(r) {
			t.Fatalf("result %d came from replication %g", r, m["index"])
		}
	}
	other, _ := Run(ctx, 37, Options{Seed: 10}, replication)
	if cmp.Equal(one, other) {
		t.Error("a different seed gave the same results")
	}
	// The mean of 37 means of 1000 U(0,1) variates: its CI must be about
	// ±t·sqrt(1/12/1000)/sqrt(37) ≈ ±0.003 and contain 1/2 (this seed).
	s := Summarize(one)
	st, ok := s.Get("mean_u")
	if !ok || st.N != 37 || math.Abs(st.Mean-0.5) > st.HalfWidth || st.HalfWidth > 0.01 {
		t.Errorf("mean_u summary = %+v", st)
	}
	if _, ok := s.Get("nope"); ok {
		t.Error("Get found a metric that does not exist")
	}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	_, err := Run(ctx, 10, Options{Workers: 3}, func(_ context.Context, rep Rep) (int, error) {
		if rep.Index == 4 || rep.Index == 7 {
			return 0, boom
		}
		return rep.Index, nil
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "replication 4") {
		t.Errorf("error = %v, want the first failing replication (4)", err)
	}
	_, err = Run(ctx, 3, Options{}, func(_ context.Context, rep Rep) (int, error) {
		panic("a replication that panics")
	})
	if err == nil || !strings.Contains(err.Error(), "panic") {
		t.Errorf("a panicking replication gave error %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Run(cctx, 5, Options{}, func(context.Context, Rep) (int, error) { return 0, nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run error = %v", err)
	}
	if _, err := Run[int](ctx, -1, Options{}, nil); err == nil {
		t.Error("negative run count accepted")
	}
	if _, err := Replicate(ctx, 2, Options{}, func(context.Context, Rep) (map[string]float64, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("Replicate error = %v", err)
	}
}

func TestIsTerminal(t *testing.T) {
	var sb strings.Builder
	if IsTerminal(&sb) {
		t.Error("a strings.Builder is not a terminal")
	}
}
