package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/streamopt/streamopt/fault"
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
