package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/streamopt/streamopt/fault"
	"gonum.org/v1/gonum/stat/distuv"
)

// Rep identifies one replication: its index r and its random stream
// Stream(seed, r).
type Rep struct {
	Index int
	Rand  *rand.Rand
}

// Progress receives the progress of a long computation: done of total
// units (replications, sweep points) have finished. It is called once with
// done = 0 before the work starts and once after each unit finishes, from
// one goroutine at a time, with done rising by one each call; it should
// return quickly. A caller that wants a bar or a log line draws it.
type Progress func(done, total int)

// Report calls p(done, total) when p is not nil.
func (p Progress) Report(done, total int) {
	if p != nil {
		p(done, total)
	}
}

// Options control a replication run.
type Options struct {
	// Seed of the run; replication r draws from Stream(Seed, r).
	Seed uint64
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when not nil, is told of every finished replication.
	Progress Progress
	// Reps, when not nil, names the replications to run (a shard of the
	// run): result i is then replication Reps[i], drawn from
	// Stream(Seed, Reps[i]), and n must be len(Reps). Nil runs 0..n-1.
	Reps []int
	// Confidence is the level of the intervals Replicate reports; 0 means
	// DefaultConfidence.
	Confidence float64
}

// PartialError is the error of a run that ctx stopped before every
// replication finished. The results of the finished ones are valid.
type PartialError struct {
	Done  []bool // Done[i] reports whether the i-th replication run (Options.Reps[i] when set) finished
	Count int    // number of finished replications
	Err   error  // the context's error
}

func (e *PartialError) Error() string {
	return fmt.Sprintf("sim: stopped after %d of %d replications: %v", e.Count, len(e.Done), e.Err)
}

func (e *PartialError) Unwrap() error { return e.Err }

// Run executes n replications of fn on all cores and returns their results
// ordered by replication index, so the output does not depend on
// scheduling. The first error (by replication index among those that ran)
// is returned.
//
// Cancelling ctx (or its deadline) stops handing out replications; fn
// receives ctx and should return soon after it is done, with an error that
// wraps ctx.Err() (package fault counts it as a limit). Run then returns
// the results of every replication with a *PartialError that says which
// ones finished; the others hold whatever fn returned. An error of another
// kind from any replication takes precedence, as it would without ctx.
// Run returns only after every worker goroutine has ended.
func Run[T any](ctx context.Context, n int, opts Options, fn func(ctx context.Context, rep Rep) (T, error)) ([]T, error) {
	if n < 0 {
		return nil, fmt.Errorf("sim: runs: must be >= 0, got %d", n)
	}
	if fn == nil {
		return nil, fmt.Errorf("sim: nil replication function")
	}
	if opts.Reps != nil && len(opts.Reps) != n {
		return nil, fmt.Errorf("sim: reps: names %d replications, want n = %d", len(opts.Reps), n)
	}
	index := func(i int) int { return i }
	if opts.Reps != nil {
		index = func(i int) int { return opts.Reps[i] }
	}
	if ctx == nil {
		ctx = context.Background()
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
	ran := make([]bool, n)
	opts.Progress.Report(0, n)
	var next, finished int
	var mu, report sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				r := next
				next++
				mu.Unlock()
				if r >= n {
					return
				}
				out[r], errs[r] = runOne(ctx, fn, Rep{Index: index(r), Rand: Stream(opts.Seed, index(r))})
				ran[r] = true
				if errs[r] == nil && opts.Progress != nil {
					report.Lock()
					finished++
					opts.Progress(finished, n)
					report.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	stopped := ctx.Err()
	for r, err := range errs {
		if err != nil && (stopped == nil || fault.Of(err) != fault.Limit) {
			return out, fmt.Errorf("sim: replication %d: %w", index(r), err)
		}
	}
	if stopped == nil {
		return out, nil
	}
	pe := &PartialError{Done: make([]bool, n), Err: stopped}
	for r := range pe.Done {
		if ran[r] && errs[r] == nil {
			pe.Done[r] = true
			pe.Count++
		}
	}
	if pe.Count == n {
		return out, nil // every replication finished before ctx was done
	}
	return out, pe
}

// Finished returns the results of the replications that finished: all of
// them when err is nil, those err's *PartialError marks when a context
// stopped the run, and nil for any other error.
func Finished[T any](res []T, err error) []T {
	if err == nil {
		return res
	}
	var pe *PartialError
	if !errors.As(err, &pe) || len(pe.Done) != len(res) {
		return nil
	}
	out := make([]T, 0, pe.Count)
	for r, ok := range pe.Done {
		if ok {
			out = append(out, res[r])
		}
	}
	return out
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

// DefaultConfidence is the confidence level of an interval when none is
// asked for: 95%.
const DefaultConfidence = 0.95

// CheckConfidence returns an error unless level is a confidence level,
// a number strictly between 0 and 1.
func CheckConfidence(level float64) error {
	if !(level > 0 && level < 1) {
		return fmt.Errorf("confidence level: must be in (0, 1), got %v", level)
	}
	return nil
}

// Stat summarises one metric over replications.
type Stat struct {
	N         int     // number of replications
	Mean      float64 // sample mean
	StdDev    float64 // sample standard deviation (n−1 denominator)
	HalfWidth float64 // half-width of the Student-t confidence interval at the level asked for; 0 when N < 2
}

// Lo is the lower end of the confidence interval.
func (s Stat) Lo() float64 { return s.Mean - s.HalfWidth }

// Hi is the upper end of the confidence interval.
func (s Stat) Hi() float64 { return s.Mean + s.HalfWidth }

// MeanCI returns the mean and the two-sided confidence interval
// mean ± t_{(1+level)/2, n−1}·s/√n of xs at the given level (0.95 for
// 95%). NaN values are skipped. It panics unless 0 < level < 1.
func MeanCI(xs []float64, level float64) Stat {
	if err := CheckConfidence(level); err != nil {
		panic("sim: MeanCI: " + err.Error())
	}
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
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(st.N - 1)}.Quantile((1 + level) / 2)
	st.HalfWidth = t * st.StdDev / math.Sqrt(float64(st.N))
	return st
}

// PairedCI returns the mean and confidence interval of the differences
// a[i] − b[i]: the paired-t interval of the difference of two systems
// whose i-th observations share their random numbers. A pair with a NaN
// on either side is skipped. It panics when a and b differ in length or
// unless 0 < level < 1.
func PairedCI(a, b []float64, level float64) Stat {
	if len(a) != len(b) {
		panic(fmt.Sprintf("sim: PairedCI: %d and %d observations", len(a), len(b)))
	}
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i] // NaN when either is
	}
	return MeanCI(d, level)
}

// Metric is one named summary.
type Metric struct {
	Name string
	Stat
}

// Summary is the per-metric summary of a replication run, sorted by name,
// with the confidence level of its intervals.
type Summary struct {
	Runs    int
	Level   float64
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

// Widest returns the largest half-width of the metrics of s, +Inf when
// one was observed only once (it has no interval yet): the quantity a
// sequential stopping rule compares with its target. The metrics are
// those named, or all of them when names is empty; a name s does not
// hold, or a metric no replication has a value of, is skipped.
func (s Summary) Widest(names ...string) float64 {
	w := 0.0
	for _, m := range s.Metrics {
		if len(names) > 0 && !slices.Contains(names, m.Name) || m.N == 0 {
			continue
		}
		if m.N == 1 {
			return math.Inf(1)
		}
		w = math.Max(w, m.HalfWidth)
	}
	return w
}

// Column is one named metric over replications: Values[r] is its value
// in replication r, NaN when that replication does not have it.
type Column struct {
	Name   string
	Values []float64
}

// Summarize computes the mean and confidence interval at the given level
// (MeanCI) of every column, sorted by name; Runs is the longest column's
// length. It panics unless 0 < level < 1.
func Summarize(cols []Column, level float64) Summary {
	sum := Summary{Level: level, Metrics: make([]Metric, 0, len(cols))}
	for _, c := range cols {
		sum.Runs = max(sum.Runs, len(c.Values))
		sum.Metrics = append(sum.Metrics, Metric{Name: c.Name, Stat: MeanCI(c.Values, level)})
	}
	slices.SortStableFunc(sum.Metrics, func(a, b Metric) int { return strings.Compare(a.Name, b.Name) })
	return sum
}

// Replicate runs n replications of fn (see Run), each returning the
// values of the metrics names in that order (NaN for one it does not
// have), and summarises them at the level opts.Confidence. When ctx stops
// the run, the summary covers the finished replications (Summary.Runs of
// them) and the error is Run's *PartialError.
func Replicate(ctx context.Context, n int, opts Options, names []string, fn func(ctx context.Context, rep Rep) ([]float64, error)) (Summary, error) {
	level := opts.Confidence
	if level == 0 {
		level = DefaultConfidence
	}
	if err := CheckConfidence(level); err != nil {
		return Summary{}, fmt.Errorf("sim: %w", err)
	}
	res, err := Run(ctx, n, opts, func(ctx context.Context, rep Rep) ([]float64, error) {
		xs, err := fn(ctx, rep)
		if err == nil && len(xs) != len(names) {
			err = fmt.Errorf("returned %d values for %d metrics", len(xs), len(names))
		}
		return xs, err
	})
	var pe *PartialError
	if err != nil && !errors.As(err, &pe) {
		return Summary{}, err
	}
	fin := Finished(res, err)
	cols := make([]Column, len(names))
	for j, name := range names {
		cols[j] = Column{Name: name, Values: make([]float64, len(fin))}
		for i, xs := range fin {
			cols[j].Values[i] = xs[j]
		}
	}
	sum := Summarize(cols, level)
	sum.Runs = len(fin)
	return sum, err
}
