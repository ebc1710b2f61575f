package tpd

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/sim"
)

// Request says which experiments to plan on a scenario (see Plan). The zero
// value plans the default: modes "stable" and "burst" (those the instance
// has), every policy, every bound, the instance's replication counts.
type Request struct {
	// Modes names the modes to run, in order. Empty: "stable" and "burst",
	// those the instance defines; with Loads, "heavy" (or "stable" when the
	// instance has no "heavy").
	Modes []string
	// Loads, when not empty, runs each mode once per offered load ρ > 0,
	// its rate set to ρ·Σ Q_k v_k / w̄ (a heavy-load sweep).
	Loads []float64
	// Count, when > 0, replaces every mode's sub-tasks per replication.
	Count int
	// Runs, when > 0, replaces the replications of every experiment;
	// otherwise a mode's own runs apply, else the instance's.
	Runs int
	// Policies to compare; empty: all of Policies.
	Policies []Policy
	// Discipline, when set, replaces every policy's default queue rule.
	Discipline *Discipline
	// Bound, when set, selects the lower bounds; otherwise BoundAll, or
	// BoundLagrange with Loads (LB_LP's windows see no contention at
	// heavy load and its LPs grow too large).
	Bound *BoundKind
	// Backend is the LP backend of LB_LP; "" = the scenario's.
	Backend string
	// Lagrange configures LB_LAG.
	Lagrange LagrangeOptions
	// BoundTimeLimit, when > 0, replaces the instance's bounds.time_limit
	// (the budget of the bounds of each replication).
	BoundTimeLimit time.Duration
	// Workers is each experiment's Workers (replications at once; 0 = one
	// per core).
	Workers int
	// Progress, when not nil, gives each planned experiment its Progress.
	Progress func(Experiment) sim.Progress
	// Shard, when it is a strict part (shard.Spec.Sharded), keeps in each
	// experiment's Reps only the shard's (experiment, replication) units,
	// numbered in plan order; the zero value runs everything.
	Shard shard.Spec
}

// Plan expands a request into the experiments to run: one per mode, or
// one per mode and load when the request has Loads, in that order. The
// replications of each are req.Runs when set, else the mode's runs when
// set, else the scenario's. An error wraps ErrInput and names the field of
// the request ("modes", "loads", "count", "runs", "bound_time_limit",
// "lagrange.iterations").
func (s *Scenario) Plan(req Request) ([]Experiment, error) {
	if req.Count < 0 {
		return nil, inputErr("count: must be >= 1 (or 0 for each mode's), got %d", req.Count)
	}
	if req.Runs < 0 {
		return nil, inputErr("runs: must be >= 1 (or 0 for each mode's or the instance's), got %d", req.Runs)
	}
	if req.BoundTimeLimit < 0 {
		return nil, inputErr("bound_time_limit: must be >= 0, got %v", req.BoundTimeLimit)
	}
	if req.Lagrange.Iterations < 0 {
		return nil, inputErr("lagrange.iterations: must be >= 0, got %d", req.Lagrange.Iterations)
	}
	for _, rho := range req.Loads {
		if !(rho > 0) || math.IsInf(rho, 0) {
			return nil, inputErr("loads: each value must be a number > 0, got %g", rho)
		}
	}
	modes, err := s.planModes(req.Modes, len(req.Loads) > 0)
	if err != nil {
		return nil, err
	}
	pols := req.Policies
	if len(pols) == 0 {
		pols = Policies
	}
	bk := BoundAll
	if len(req.Loads) > 0 {
		bk = BoundLagrange
	}
	if req.Bound != nil {
		bk = *req.Bound
	}
	var exps []Experiment
	for _, name := range modes {
		m := s.Modes[name]
		variants := []Mode{m}
		if len(req.Loads) > 0 {
			variants = variants[:0]
			for _, rho := range req.Loads {
				v := m
				v.Rate, v.Load = 0, rho
				variants = append(variants, v)
			}
		}
		for _, v := range variants {
			if req.Count > 0 {
				v.Count = req.Count
			}
			n := s.Runs
			if v.Runs > 0 {
				n = v.Runs
			}
			if req.Runs > 0 {
				n = req.Runs
			}
			ex := Experiment{ModeName: name, Mode: v, Policies: pols, Discipline: req.Discipline,
				Runs: n, Bound: bk, Backend: req.Backend, Lagrange: req.Lagrange, Workers: req.Workers,
				BoundTimeLimit: req.BoundTimeLimit}
			if req.Progress != nil {
				ex.Progress = req.Progress(ex)
			}
			exps = append(exps, ex)
		}
	}
	if req.Shard.Sharded() {
		for i, reps := range req.Shard.Select(Runs(exps)) {
			exps[i].Reps = append([]int{}, reps...) // empty, not nil: none of its replications
		}
	}
	return exps, nil
}

// Runs lists the replications of each experiment.
func Runs(exps []Experiment) []int {
	runs := make([]int, len(exps))
	for i, ex := range exps {
		runs[i] = ex.Runs
	}
	return runs
}

// planModes resolves the mode names of a request (see Request.Modes).
func (s *Scenario) planModes(modes []string, sweep bool) ([]string, error) {
	var names []string
	switch {
	case len(modes) > 0:
		for _, n := range modes {
			names = append(names, strings.TrimSpace(n))
		}
	case sweep:
		names = []string{"heavy"}
		if _, ok := s.Modes["heavy"]; !ok {
			names = []string{"stable"}
		}
	default:
		for _, n := range []string{"stable", "burst"} {
			if _, ok := s.Modes[n]; ok {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return nil, inputErr("modes: the instance defines no workload.modes.stable or .burst; name a mode")
		}
	}
	for _, n := range names {
		if _, ok := s.Modes[n]; !ok {
			known := make([]string, 0, len(s.Modes))
			for k := range s.Modes {
				known = append(known, k)
			}
			return nil, inputErr("modes: workload.modes has no mode %q (has: %s)", n, strings.Join(slices.Sorted(slices.Values(known)), ", "))
		}
	}
	return names, nil
}

// Warnings lists what a reader of the results of exps should know before
// trusting their means: an experiment at offered load ρ ≥ 1 without
// bursts has no steady state, so its means grow with the count.
func (s *Scenario) Warnings(exps []Experiment) []string {
	var out []string
	for _, ex := range exps {
		if rho := s.OfferedLoad(ex.Mode); rho >= 1 && len(ex.Mode.Bursts) == 0 {
			out = append(out, fmt.Sprintf("mode %s: offered load ρ = λ·w̄/ΣQ·v = %.3g·%g/%g = %.3g ≥ 1: "+
				"the system is unstable, queues grow for as long as sub-tasks arrive, so every mean depends on the count (%d)",
				ex.ModeName, s.Rate(ex.Mode), s.MeanFrames, s.Capacity(), rho, ex.Mode.Count))
		}
	}
	return out
}
