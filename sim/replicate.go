package sim

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"sync"

	"github.com/schollz/progressbar/v3"
	"gonum.org/v1/gonum/stat/distuv"
)

// Rep identifies one replication: its index r and its random stream
// Stream(seed, r).
type Rep struct {
	Index int
	Rand  *rand.Rand
}

// Options control a replication run.
type Options struct {
	// Seed of the run; replication r draws from Stream(Seed, r).
	Seed uint64
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress receives a progress bar, but only when it is a terminal
	// (an *os.File attached to a character device). nil means none.
	Progress io.Writer
	// Label is the progress bar's description.
	Label string
}

// Run executes n replications of fn on all cores and returns their results
// ordered by replication index, so the output does not depend on
// scheduling. The first error (by replication index among those that ran)
// is returned, and cancelling ctx stops handing out new replications.
func Run[T any](ctx context.Context, n int, opts Options, fn func(ctx context.Context, rep Rep) (T, error)) ([]T, error) {
	if n < 0 {
		return nil, fmt.Errorf("sim: runs: must be >= 0, got %d", n)
	}
	if fn == nil {
		return nil, fmt.Errorf("sim: nil replication function")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > n {
		workers = n
	}
	out := make([]T, n)
	errs := make([]error, n)
	bar := newBar(opts.Progress, n, opts.Label)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				r := next
				next++
				mu.Unlock()
				if r >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[r] = err
					continue
				}
				out[r], errs[r] = runOne(ctx, fn, Rep{Index: r, Rand: Stream(opts.Seed, r)})
				if bar != nil {
					mu.Lock()
					_ = bar.Add(1)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if bar != nil {
		_ = bar.Finish()
	}
	for r, err := range errs {
		if err != nil {
			return out, fmt.Errorf("sim: replication %d: %w", r, err)
		}
	}
	return out, nil
}

// runOne turns a panic inside one replication into an error, so a bad
// replication cannot take the process down.
func runOne[T any](ctx context.Context, fn func(context.Context, Rep) (T, error), rep Rep) (res T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return fn(ctx, rep)
}

func newBar(w io.Writer, n int, label string) *progressbar.ProgressBar {
	if w == nil || !IsTerminal(w) || n == 0 {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(label),
		progressbar.OptionShowCount(),
		progressbar.OptionClearOnFinish(),
	)
}

// IsTerminal reports whether w is an *os.File connected to a character
// device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Stat summarises one metric over replications.
type Stat struct {
	N         int     // number of replications
	Mean      float64 // sample mean
	StdDev    float64 // sample standard deviation (n−1 denominator)
	HalfWidth float64 // half-width of the 95% Student-t confidence interval; 0 when N < 2
}

// Lo and Hi are the ends of the 95% confidence interval.
func (s Stat) Lo() float64 { return s.Mean - s.HalfWidth }

// Hi is the upper end of the 95% confidence interval.
func (s Stat) Hi() float64 { return s.Mean + s.HalfWidth }

// MeanCI returns the mean and the 95% confidence interval
// mean ± t_{0.975, n−1}·s/√n of xs. NaN values are skipped.
func MeanCI(xs []float64) Stat {
	var st Stat
	sum := 0.0
	for _, x := range xs {
		if !math.IsNaN(x) {
			st.N++
			sum += x
		}
	}
	if st.N == 0 {
		st.Mean = math.NaN()
		return st
	}
	st.Mean = sum / float64(st.N)
	if st.N < 2 {
		return st
	}
	ss := 0.0
	for _, x := range xs {
		if !math.IsNaN(x) {
			d := x - st.Mean
			ss += d * d
		}
	}
	st.StdDev = math.Sqrt(ss / float64(st.N-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(st.N - 1)}.Quantile(0.975)
	st.HalfWidth = t * st.StdDev / math.Sqrt(float64(st.N))
	return st
}

// Metric is one named summary.
type Metric struct {
	Name string
	Stat
}

// Summary is the per-metric summary of a replication run, sorted by name.
type Summary struct {
	Runs    int
	Metrics []Metric
}

// Get returns the summary of the named metric.
func (s Summary) Get(name string) (Stat, bool) {
	i := sort.Search(len(s.Metrics), func(i int) bool { return s.Metrics[i].Name >= name })
	if i < len(s.Metrics) && s.Metrics[i].Name == name {
		return s.Metrics[i].Stat, true
	}
	return Stat{}, false
}

// Summarize computes the mean and 95% CI of every metric over the samples.
// A metric missing from a sample counts as missing (not as zero).
func Summarize(samples []map[string]float64) Summary {
	names := map[string]bool{}
	for _, s := range samples {
		for k := range s {
			names[k] = true
		}
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sum := Summary{Runs: len(samples), Metrics: make([]Metric, 0, len(keys))}
	xs := make([]float64, len(samples))
	for _, k := range keys {
		for i, s := range samples {
			v, ok := s[k]
			if !ok {
				v = math.NaN()
			}
			xs[i] = v
		}
		sum.Metrics = append(sum.Metrics, Metric{Name: k, Stat: MeanCI(xs)})
	}
	return sum
}

// Replicate runs n replications of fn (see Run) and summarises the metrics
// each returns.
func Replicate(ctx context.Context, n int, opts Options, fn func(ctx context.Context, rep Rep) (map[string]float64, error)) (Summary, error) {
	res, err := Run(ctx, n, opts, fn)
	if err != nil {
		return Summary{}, err
	}
	return Summarize(res), nil
}
