package tpd

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/streamopt/streamopt/sim"
)

// Request says which experiments to plan on a scenario (see Plan): the
// request of a tpd study (Study), whose JSON is the grid of its record
// files. Apart from the seed, the zero value plans the default: modes
// "stable" and "burst" (those the instance has), every policy, every
// bound, the instance's replication counts.
type Request struct {
	// Modes names the modes to run, in order. Empty: "stable" and "burst",
	// those the instance defines; with Loads, "heavy" (or "stable" when the
	// instance has no "heavy").
	Modes []string `json:"modes,omitempty"`
	// Loads, when not empty, runs each mode once per offered load ρ > 0,
	// its rate set to ρ·Σ Q_k v_k / w̄ (a heavy-load sweep).
	Loads []float64 `json:"loads,omitempty"`
	// Count, when > 0, replaces every mode's sub-tasks per replication.
	Count int `json:"count,omitempty"`
	// Runs, when > 0, replaces the replications of every experiment;
	// otherwise a mode's own runs apply, else the instance's.
	Runs int `json:"runs,omitempty"`
	// Policies to compare; empty: all of Policies.
	Policies []Policy `json:"policies,omitempty"`
	// Discipline, when set, replaces every policy's default queue rule.
	Discipline *Discipline `json:"discipline,omitempty"`
	// Bound, when set, selects the lower bounds; otherwise BoundAll, or
	// BoundLagrange with Loads (LB_LP's windows see no contention at
	// heavy load and its LPs grow too large).
	Bound *BoundKind `json:"bound,omitempty"`
	// Backend is the LP backend of LB_LP; "" = the scenario's.
	Backend string `json:"backend,omitempty"`
	// LagIterations caps the subgradient iterations of each phase of
	// LB_LAG (LagrangeOptions.Iterations; 0: DefaultLagrangeIterations).
	LagIterations int `json:"lag_iterations,omitempty"`
	// LagPerIPN refines LB_LAG with one resource per IPN
	// (LagrangeOptions.PerIPN).
	LagPerIPN bool `json:"lag_per_ipn,omitempty"`
	// BoundTimeLimit, when > 0, replaces the instance's bounds.time_limit:
	// the budget of the bounds of each replication. A bound it stops is
	// still valid, but depends on the machine, so shards given one merge
	// only as what each computed.
	BoundTimeLimit time.Duration `json:"bound_time_limit_ns,omitempty"`
	// Seed seeds the traces and the policies: replication r of every
	// experiment draws from stream r of it (sim.Stream). NewRequest sets
	// the instance's.
	Seed uint64 `json:"seed"`
	// Confidence is the level of every confidence interval of the
	// results; 0 (left out of the JSON) means sim.DefaultConfidence.
	Confidence float64 `json:"confidence,omitempty"`
	// Compare lists pairs (A, B) of the policies run whose paired
	// differences A − B the results report (ExperimentResult.Diffs).
	Compare [][2]Policy `json:"compare,omitempty"`
}

// NewRequest is the default request on in: Request's zero value with the
// instance's seed.
func NewRequest(in *Instance) Request { return Request{Seed: in.Seed} }

// FieldError is the error of a field of a Request that is out of its
// range (Plan): Field is its JSON name. It wraps ErrInput.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string   { return ErrInput.Error() + ": " + e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() []error { return []error{e.Err, ErrInput} }

// check checks the ranges of the fields of q: the one place they are
// checked.
func (q *Request) check() error {
	field := func(name, format string, args ...any) error {
		return &FieldError{name, fmt.Errorf(format, args...)}
	}
	switch {
	case q.Count < 0:
		return field("count", "must be >= 1 (or 0 for each mode's), got %d", q.Count)
	case q.Runs < 0:
		return field("runs", "must be >= 1 (or 0 for each mode's or the instance's), got %d", q.Runs)
	case q.BoundTimeLimit < 0:
		return field("bound_time_limit_ns", "must be >= 0, got %v", q.BoundTimeLimit)
	case q.LagIterations < 0:
		return field("lag_iterations", "must be >= 0, got %d", q.LagIterations)
	case q.Confidence != 0 && sim.CheckConfidence(q.Confidence) != nil:
		return field("confidence", "must be a level in (0, 1) such as 0.95, got %v", q.Confidence)
	}
	for _, rho := range q.Loads {
		if !(rho > 0) || math.IsInf(rho, 0) {
			return field("loads", "each value must be a number > 0, got %g", rho)
		}
	}
	return nil
}

// Plan expands a request into the experiments to run: one per mode, or
// one per mode and load when the request has Loads, in that order. The
// replications of each are req.Runs when set, else the mode's runs when
// set, else the scenario's. An error wraps ErrInput and names the field of
// the request: a *FieldError for a value out of its range ("loads",
// "count", "runs", "bound_time_limit_ns", "lag_iterations",
// "confidence", "compare"), or "modes".
func (s *Scenario) Plan(req Request) ([]Experiment, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	modes, err := s.planModes(req.Modes, len(req.Loads) > 0)
	if err != nil {
		return nil, err
	}
	pols := req.Policies
	if len(pols) == 0 {
		pols = Policies
	}
	if err := checkCompare(req.Compare, pols); err != nil {
		return nil, &FieldError{"compare", err}
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
			exps = append(exps, Experiment{ModeName: name, Mode: v, Policies: pols, Discipline: req.Discipline,
				Runs: n, Seed: req.Seed, Bound: bk, Backend: req.Backend, Confidence: req.Confidence, Compare: req.Compare,
				Lagrange: LagrangeOptions{Iterations: req.LagIterations, PerIPN: req.LagPerIPN}, BoundTimeLimit: req.BoundTimeLimit})
		}
	}
	return exps, nil
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
