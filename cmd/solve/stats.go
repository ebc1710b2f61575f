package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

// statFlags are the statistics flags of a replicated study: the level of
// its confidence intervals, the policies compared in pairs and the
// sequential stopping rule. A command adds them with addStatFlags and
// reads them after check.
type statFlags struct {
	confidence float64
	compare    []string // "A,B", one per --compare
	target     string   // [METRIC=]H
	maxRuns    int
	fl         *pflag.FlagSet // where the flags are, to tell a flag given

	metric    string  // the metric --target-ci watches; "" for all
	halfWidth float64 // H; 0 without --target-ci
}

func addStatFlags(fl *pflag.FlagSet, f *statFlags) {
	f.fl = fl
	fl.Float64Var(&f.confidence, "confidence", sim.DefaultConfidence, "level of every confidence interval, in (0, 1): Student-t intervals over the replications")
	fl.StringArrayVar(&f.compare, "compare", nil, "A,B: report the paired differences A − B of every metric, mean ± CI over the replications both policies ran on the same random numbers (repeatable)")
	fl.StringVar(&f.target, "target-ci", "", "[METRIC=]H: sequential stopping: run replications in batches until every reported half-width of METRIC (all metrics without one; the compared differences' with --compare) is <= H, or --max-runs; --runs is the first batch")
	fl.IntVar(&f.maxRuns, "max-runs", 1000, "with --target-ci: the cap on replications per point")
}

// check validates the flags: metrics are the names --target-ci may
// watch, maxRuns the cap on --max-runs; a sequential run cannot be
// sharded or recorded.
func (f *statFlags) check(sf *shardFlags, metrics []string, maxRuns int) error {
	if err := sim.CheckConfidence(f.confidence); err != nil {
		return fault.Errorf(fault.ErrInput, "--confidence: must be a level in (0, 1) such as 0.95, got %v", f.confidence)
	}
	if f.target == "" {
		if f.fl.Changed("max-runs") {
			return fault.Errorf(fault.ErrInput, "--max-runs: caps a sequential run, so it needs --target-ci")
		}
		return nil
	}
	h := f.target
	if name, v, ok := strings.Cut(f.target, "="); ok {
		f.metric, h = strings.TrimSpace(name), v
		if !slices.Contains(metrics, f.metric) {
			return fault.Errorf(fault.ErrInput, "--target-ci: unknown metric %q (the metrics are %s)", f.metric, strings.Join(metrics, ", "))
		}
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(h), 64)
	if err != nil || !(x > 0) || math.IsInf(x, 0) {
		return fault.Errorf(fault.ErrInput, "--target-ci: the half-width must be a number > 0, got %q", h)
	}
	f.halfWidth = x
	if err := checkCount("--max-runs", f.maxRuns, maxRuns, "replications"); err != nil {
		return err
	}
	if sf.spec != "" || sf.records != "" {
		return fault.Errorf(fault.ErrInput, "--target-ci: a sequential run cannot be sharded or recorded (--shard, --records): how many replications it runs is known only at its end")
	}
	return nil
}

// sequential reports whether --target-ci asks for sequential stopping.
func (f *statFlags) sequential() bool { return f.halfWidth > 0 }

// widest is the largest half-width --target-ci watches in the summaries.
func (f *statFlags) widest(sums []sim.Summary) float64 {
	var names []string
	if f.metric != "" {
		names = []string{f.metric}
	}
	w := 0.0
	for _, s := range sums {
		w = math.Max(w, s.Widest(names...))
	}
	return w
}

// rule is the sequential rule of the flags for a request q whose first
// batch has first replications per point; runs sets the replications of a
// request, sums lists the summaries of a result the rule watches.
func rule[Q, R any](f *statFlags, first int, runs func(Q, int) Q, sums func(R) []sim.Summary) (study.Sequential[Q, R], error) {
	if first < 2 || first > f.maxRuns {
		return study.Sequential[Q, R]{}, fault.Errorf(fault.ErrInput, "--target-ci: the first batch (--runs, %d) must be at least 2 and at most --max-runs (%d)", first, f.maxRuns)
	}
	return study.Sequential[Q, R]{HalfWidth: f.halfWidth, First: first, Max: f.maxRuns, Runs: runs, Level: f.confidence,
		Widest: func(r R) float64 { return f.widest(sums(r)) }}, nil
}

// stopLine says how a sequential run ended, on stderr; a run that hit
// the cap without the target is a limit (exit 1, once the answer is
// written).
func (f *statFlags) stopLine(s study.Stop) (string, error) {
	what := "every half-width"
	if f.metric != "" {
		what = "the half-width of " + f.metric
	}
	if s.Reached {
		return fmt.Sprintf("solve: --target-ci: %s ≤ %g after %d replications per point (widest %.3g)\n", what, s.Target, s.Runs, s.Widest), nil
	}
	return fmt.Sprintf("solve: --target-ci: %s is not yet ≤ %g at %d replications per point (widest %.3g)\n", what, s.Target, s.Runs, s.Widest),
		fmt.Errorf("--target-ci %g not reached by --max-runs %d: %w", s.Target, f.maxRuns, fault.ErrLimit)
}

// studyRun is what a simulation command (rmts, tpd) gives to run its
// study: at once, or sequentially with --target-ci; then the records are
// closed, the end of a sequential run is told, and the outputs written.
type studyRun[Q, S, R any] struct {
	study   study.Study[Q, S, R]
	plan    study.Plan[S, R]      // of the request, for a run at once and the records
	first   int                   // replications per point of the first sequential batch
	runs    func(Q, int) Q        // sets the replications per point of a request
	watched func(R) []sim.Summary // the summaries --target-ci watches
	// partial says what a stopped run finished; false when it has no result.
	partial func(R) (string, bool)
	fail    func(error) error               // the error of a run that failed
	ran     func(R)                         // told of a finished run before its outputs; may be nil
	write   func(r R, partial string) error // the outputs
}

// run runs request q with opt, its records in *rec (nil: none; closed
// here, so *rec is nil once they are), and writes the outputs o names.
func (r studyRun[Q, S, R]) run(ctx context.Context, q Q, opt study.Options, st *statFlags, sf *shardFlags, rf *runFlags, rec **shard.Writer, o mergeOutputs) error {
	opt.Records = *rec
	var run study.Outcome[R]
	var stop *study.Stop
	var err error
	if st.sequential() {
		seq, rerr := rule(st, r.first, r.runs, r.watched)
		if rerr != nil {
			return rerr
		}
		var s study.Stop
		_, run, s, err = study.RunSequential(ctx, r.study, q, seq, opt)
		stop = &s
	} else {
		run, err = study.Run(ctx, r.plan, opt)
	}
	partial := ""
	if stopped(ctx, err) {
		if what, ok := r.partial(run.Result); ok {
			rf.printer.Clear()
			partial, err = what, nil
		}
	}
	if err != nil {
		return r.fail(err)
	}
	if r.ran != nil {
		r.ran(run.Result)
	}
	if *rec != nil {
		w := *rec
		*rec = nil // closed, not aborted
		done, err := sf.closeRecords(ctx, o.stderr, w, r.plan.Shape().Runs, partial, rf, func(m *shard.Merged) error {
			return writeMerged(ctx, m, sf.records, o)
		})
		if done || err != nil {
			return err
		}
	}
	var notReached error
	if stop != nil && partial == "" {
		var line string
		line, notReached = st.stopLine(*stop)
		fmt.Fprint(o.stderr, line)
	}
	if err := r.write(run.Result, partial); err != nil {
		return err
	}
	return notReached
}

// comparePairs parses the --compare pairs with parse, which reads one
// name, and checks that both are among run (the policies the command
// runs; names lists them for the message) and differ.
func comparePairs[P comparable](f *statFlags, parse func(string) (P, error), run []P, names string) ([][2]P, error) {
	var out [][2]P
	for _, s := range f.compare {
		a, b, ok := strings.Cut(s, ",")
		if !ok || strings.Contains(b, ",") {
			return nil, fault.Errorf(fault.ErrInput, "--compare: want two policies A,B, got %q", s)
		}
		var pr [2]P
		for i, name := range []string{a, b} {
			p, err := parse(strings.TrimSpace(name))
			if err != nil {
				return nil, fault.Errorf(fault.ErrInput, "--compare %s: %w", s, err)
			}
			if !slices.Contains(run, p) {
				return nil, fault.Errorf(fault.ErrInput, "--compare %s: policy %q is not run (--policy %s)", s, strings.TrimSpace(name), names)
			}
			pr[i] = p
		}
		if pr[0] == pr[1] {
			return nil, fault.Errorf(fault.ErrInput, "--compare %s: compares a policy with itself", s)
		}
		out = append(out, pr)
	}
	return out, nil
}

// addPlotFormatFlag defines --plot-format, the formats of the figures a
// command writes into its --plot folder.
func addPlotFormatFlag(fl *pflag.FlagSet, formats *[]string) {
	fl.StringSliceVar(formats, "plot-format", []string{"png"}, "formats of the --plot figures, by file extension: png, svg, pdf (comma list)")
}

// checkPlotFormats refuses a figure format gonum cannot write.
func checkPlotFormats(formats []string) error {
	for _, f := range formats {
		if err := render.CheckFigureFormat(f); err != nil {
			return fault.Errorf(fault.ErrInput, "--plot-format: %w", err)
		}
	}
	return nil
}
