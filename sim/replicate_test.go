package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
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
			s := MeanCI(tc.xs, DefaultConfidence)
			if math.Abs(s.Mean-tc.mean) > 1e-12 || math.Abs(s.HalfWidth-tc.hw) > 1e-9 {
				t.Errorf("MeanCI = %.12g ± %.12g, want %.12g ± %.12g", s.Mean, s.HalfWidth, tc.mean, tc.hw)
			}
			if s.Lo() > s.Mean || s.Hi() < s.Mean {
				t.Errorf("interval [%g, %g] does not contain the mean", s.Lo(), s.Hi())
			}
		})
	}
	if s := MeanCI(nil, DefaultConfidence); !math.IsNaN(s.Mean) || s.N != 0 {
		t.Errorf("MeanCI(nil) = %+v", s)
	}
}

// TestMeanCILevel: other levels use the t quantile of (1+level)/2; the
// half-widths are t·s/√n with the quantiles of scipy's stats.t.ppf(q, 4)
// (q = 0.95: 2.131846786326649, q = 0.995: 4.604094871415897) and s = √2.5
// for 1..5.
func TestMeanCILevel(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	for _, tc := range []struct{ level, hw float64 }{
		{0.90, 2.131846786326649 * math.Sqrt(2.5) / math.Sqrt(5)},
		{0.99, 4.604094871415897 * math.Sqrt(2.5) / math.Sqrt(5)},
	} {
		if s := MeanCI(xs, tc.level); math.Abs(s.HalfWidth-tc.hw) > 1e-9 {
			t.Errorf("MeanCI at %g = ± %.12g, want ± %.12g", tc.level, s.HalfWidth, tc.hw)
		}
	}
	for _, bad := range []float64{0, 1, -0.5, 95, math.NaN()} {
		if CheckConfidence(bad) == nil {
			t.Errorf("CheckConfidence(%v) accepted it", bad)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MeanCI at level 95 did not panic")
		}
	}()
	MeanCI(xs, 95)
}

// TestPairedCI: the paired interval is the interval of the differences,
// computed here by hand: a − b = 1, 2, 3, 4, 5 (with one pair skipped for
// its NaN), so mean 3 ± 1.9632431614775607 as in TestMeanCI.
func TestPairedCI(t *testing.T) {
	a := []float64{11, 12, math.NaN(), 23, 34, 45}
	b := []float64{10, 10, 7, 20, 30, 40}
	s := PairedCI(a, b, DefaultConfidence)
	if s.N != 5 || s.Mean != 3 || math.Abs(s.HalfWidth-1.9632431614775607) > 1e-9 {
		t.Errorf("PairedCI = %+v, want 3 ± 1.96324 over 5 pairs", s)
	}
}

// TestSummarizeColumns: metrics sorted by name, a NaN a missing value,
// Widest the largest half-width (+Inf when one metric has a single value,
// none without any).
func TestSummarizeColumns(t *testing.T) {
	s := Summarize([]Column{{"z", []float64{1, 2, 3, 4, 5}}, {"a", []float64{2, 2, math.NaN()}}}, 0.9)
	if s.Runs != 5 || s.Level != 0.9 || s.Metrics[0].Name != "a" || s.Metrics[1].Name != "z" {
		t.Fatalf("Summarize = %+v", s)
	}
	if st, _ := s.Get("a"); st.N != 2 || st.HalfWidth != 0 {
		t.Errorf("a = %+v, want 2 values with no spread", st)
	}
	z, _ := s.Get("z")
	if got := s.Widest(); got != z.HalfWidth {
		t.Errorf("Widest = %g, want z's %g", got, z.HalfWidth)
	}
	if got := s.Widest("a"); got != 0 {
		t.Errorf("Widest(a) = %g, want 0", got)
	}
	if got := Summarize([]Column{{"x", []float64{1, 2}}, {"none", []float64{math.NaN(), math.NaN()}}}, 0.95).Widest(); math.IsInf(got, 0) {
		t.Errorf("Widest counts a metric without values: %g", got)
	}
	one := Summarize([]Column{{"x", []float64{1}}}, 0.95)
	if !math.IsInf(one.Widest(), 1) {
		t.Errorf("Widest of one observation = %g, want +Inf", one.Widest())
	}
}

// replication draws from its stream; its result depends only on (seed, r).
func replication(_ context.Context, rep Rep) ([]float64, error) {
	sum := 0.0
	for i := 0; i < 1000; i++ {
		sum += rep.Rand.Float64()
	}
	return []float64{sum / 1000, float64(rep.Index)}, nil
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
		if m[1] != float64(r) {
			t.Fatalf("result %d came from replication %g", r, m[1])
		}
	}
	other, _ := Run(ctx, 37, Options{Seed: 10}, replication)
	if cmp.Equal(one, other) {
		t.Error("a different seed gave the same results")
	}
	// The mean of 37 means of 1000 U(0,1) variates: its CI must be about
	// ±t·sqrt(1/12/1000)/sqrt(37) ≈ ±0.003 and contain 1/2 (this seed).
	col := Column{Name: "mean_u"}
	for _, m := range one {
		col.Values = append(col.Values, m[0])
	}
	s := Summarize([]Column{col}, DefaultConfidence)
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
	if _, err := Replicate(ctx, 2, Options{}, nil, func(context.Context, Rep) ([]float64, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("Replicate error = %v", err)
	}
}

func TestRunProgress(t *testing.T) {
	var calls [][2]int
	_, err := Run(context.Background(), 25, Options{Seed: 1, Workers: 4, Progress: func(done, total int) {
		calls = append(calls, [2]int{done, total}) // Run serialises the calls
	}}, replication)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 26 {
		t.Fatalf("got %d progress calls, want 26 (0 and one per replication)", len(calls))
	}
	for i, c := range calls {
		if c != [2]int{i, 25} {
			t.Fatalf("progress call %d = %v, want [%d 25]", i, c, i)
		}
	}
}

// goroutinesSettle waits until no more than n goroutines run, and reports
// the last count.
func goroutinesSettle(n int) int {
	g := runtime.NumGoroutine()
	for i := 0; i < 100 && g > n; i++ {
		time.Sleep(10 * time.Millisecond)
		g = runtime.NumGoroutine()
	}
	return g
}

// TestRunStops cancels a run from its progress callback once three
// replications have finished; the others wait for the cancellation, as a
// long simulation watching ctx does.
func TestRunStops(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Run(ctx, 40, Options{Workers: 4, Progress: func(done, _ int) {
		if done == 3 {
			cancel()
		}
	}}, func(ctx context.Context, rep Rep) (int, error) {
		if rep.Index < 3 {
			return 10 + rep.Index, nil
		}
		<-ctx.Done()
		return -1, fmt.Errorf("replication %d: %w", rep.Index, ctx.Err())
	})
	var pe *PartialError
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v, want a *PartialError", err)
	}
	if pe.Count != 3 || len(pe.Done) != 40 || !pe.Done[0] || !pe.Done[2] || pe.Done[3] {
		t.Errorf("PartialError = count %d, done %v; want replications 0-2 of 40", pe.Count, pe.Done)
	}
	if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Errorf("error %v: want context.Canceled, a limit", err)
	}
	if got := Finished(res, err); !cmp.Equal(got, []int{10, 11, 12}) {
		t.Errorf("Finished = %v, want [10 11 12]", got)
	}
	if g := goroutinesSettle(before); g > before {
		t.Errorf("%d goroutines after the run, %d before: a worker was left", g, before)
	}
}

// A replication's own error is reported even when ctx was cancelled.
func TestRunErrorBeatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	boom := errors.New("boom")
	_, err := Run(ctx, 8, Options{Workers: 2}, func(ctx context.Context, rep Rep) (int, error) {
		if rep.Index == 1 {
			cancel()
			return 0, boom
		}
		<-ctx.Done()
		return 0, ctx.Err()
	})
	var pe *PartialError
	if !errors.Is(err, boom) || errors.As(err, &pe) {
		t.Errorf("error = %v, want boom and no partial result", err)
	}
	if got := Finished([]int{1}, err); got != nil {
		t.Errorf("Finished after a failure = %v, want nil", got)
	}
}

// TestRunDeadline stops replications that would never end on their own:
// each runs an engine with an endless chain of events under RunContext.
func TestRunDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	sum, err := Replicate(ctx, 6, Options{Workers: 2}, nil, func(ctx context.Context, rep Rep) ([]float64, error) {
		e := NewEngine()
		var tick func()
		tick = func() { e.After(1, 0, tick) }
		e.Schedule(0, 0, tick)
		return nil, e.RunContext(ctx, math.Inf(1))
	})
	var pe *PartialError
	if !errors.As(err, &pe) || pe.Count != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want a *PartialError after 0 replications, deadline exceeded", err)
	}
	if sum.Runs != 0 {
		t.Errorf("summary of a run with no finished replication has %d runs", sum.Runs)
	}
	// A behaviour bound, not a timing measurement: far above the 50 ms
	// deadline plus 4096 events per check.
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Run returned %v after a 50 ms deadline", d)
	}
}

func TestReplicatePartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sum, err := Replicate(ctx, 20, Options{Workers: 1, Progress: func(done, _ int) {
		if done == 5 {
			cancel()
		}
	}}, []string{"i"}, func(ctx context.Context, rep Rep) ([]float64, error) {
		return []float64{float64(rep.Index)}, nil
	})
	st, ok := sum.Get("i")
	// One worker: replications 0-4 finish, then the worker sees ctx done.
	if !errors.Is(err, context.Canceled) || sum.Runs != 5 || !ok || st.N != 5 || st.Mean != 2 {
		t.Errorf("Replicate = %+v, %v; want the mean 2 of replications 0-4 and context.Canceled", sum, err)
	}
}

// A run of a subset of replications (Options.Reps) gives each of them the
// same index and stream as the full run: the union of the shards of a run
// is the run.
func TestRunReps(t *testing.T) {
	draw := func(_ context.Context, rep Rep) ([2]uint64, error) {
		return [2]uint64{uint64(rep.Index), rep.Rand.Uint64()}, nil
	}
	full, err := Run(context.Background(), 7, Options{Seed: 9, Workers: 3}, draw)
	if err != nil {
		t.Fatal(err)
	}
	reps := []int{1, 4, 6}
	part, err := Run(context.Background(), len(reps), Options{Seed: 9, Workers: 2, Reps: reps}, draw)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range reps {
		if part[i] != full[r] {
			t.Errorf("Reps[%d] = %d: got %v, the full run has %v", i, r, part[i], full[r])
		}
	}
	if _, err := Run(context.Background(), 2, Options{Reps: reps}, draw); err == nil || !strings.Contains(err.Error(), "reps") {
		t.Errorf("n = 2 with 3 reps: got %v, want an error naming reps", err)
	}
}
