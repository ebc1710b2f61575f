package tpd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// BoundKind selects which lower bounds an experiment computes.
type BoundKind int

const (
	// BoundTrivial computes LB0 only.
	BoundTrivial BoundKind = iota
	// BoundSRPT computes LB0 and LB_SRPT.
	BoundSRPT
	// BoundLP computes LB0 and the windowed LB_LP.
	BoundLP
	// BoundAll computes LB0, LB_SRPT, LB_LP and LB_LAG.
	BoundAll
	// BoundLagrange computes LB0, LB_SRPT and the Lagrangian LB_LAG of the
	// whole trace: the bound for heavy load, where LB_LP's windows see no
	// contention.
	BoundLagrange
)

var boundNames = [...]string{"trivial", "srpt", "lp", "all", "lag"}

func (b BoundKind) String() string {
	if b >= 0 && int(b) < len(boundNames) {
		return boundNames[b]
	}
	return fmt.Sprintf("BoundKind(%d)", int(b))
}

// ParseBound reads "trivial", "srpt", "lp", "lag" or "all".
func ParseBound(s string) (BoundKind, error) {
	for i, n := range boundNames {
		if strings.EqualFold(s, n) {
			return BoundKind(i), nil
		}
	}
	return 0, inputErr("bound: must be one of lp, lag, srpt, trivial, all, got %q", s)
}

// Experiment describes one batch of replications: one mode (possibly with
// its load overridden), several policies on the same traces.
type Experiment struct {
	ModeName string
	Mode     Mode
	Policies []Policy
	// Discipline, when set, replaces every policy's default queue rule.
	Discipline *Discipline
	Runs       int
	// InfoInterval, when set, replaces the scenario's Δ_info (0 = exact state).
	InfoInterval *float64
	// CountOwn, when set, replaces the scenario's policy.count_own_dispatches.
	CountOwn *bool
	Bound    BoundKind
	Backend  string // LP backend for LB_LP; "" = the scenario's
	// Lagrange configures LB_LAG (the zero value: the scenario's slot, IPNs
	// pooled by speed, DefaultLagrangeIterations).
	Lagrange LagrangeOptions
	Workers  int
	// Progress, when not nil, is told of every finished replication.
	Progress sim.Progress
}

// PolicyStats is the summary of one policy over the replications.
type PolicyStats struct {
	Policy     Policy
	Discipline Discipline
	Stats      sim.Summary
}

// ExperimentResult holds the per-policy summaries and the bounds.
type ExperimentResult struct {
	ModeName string
	Mode     Mode
	Rate     float64 // base arrival rate, 1/s
	Load     float64 // offered load ρ = rate·w̄ / Σ Q_k v_k
	Runs     int     // replications asked for
	// Done is the number of replications that finished: Runs, or fewer
	// when a time limit or a cancellation stopped the run (see Partial).
	// Every summary is over these Done replications.
	Done     int
	Bound    BoundKind
	Policies []PolicyStats
	// Bounds: "lb0", "lb_srpt", "lb_lp", "lb_lag", "t_lb" and "greedy_ub"
	// (total delay, s), with "lp_windows", "lp_solved" and "lag_iterations".
	Bounds sim.Summary
}

// Partial reports whether the run stopped before every replication finished.
func (r *ExperimentResult) Partial() bool { return r.Done < r.Runs }

// OfferedLoad is ρ = λ w̄ / Σ_k Q_k v_k for base rate λ.
func (s *Scenario) OfferedLoad(m Mode) float64 { return s.Rate(m) / s.TaskCapacity() }

// Run executes the experiment: replication r draws its trace from
// sim.Stream(seed, r) and every policy then continues from the same stream
// state, so all policies see the same sub-tasks and the same random
// numbers (common random numbers); replications run on all cores.
//
// Once ctx is done (a deadline, a cancellation) the running replications
// stop within a few thousand events, and Run returns the summaries over the
// replications that finished (Done of them, possibly none) together with
// an error that wraps ctx.Err(); the result is then Partial.
func (s *Scenario) Run(ctx context.Context, ex Experiment) (*ExperimentResult, error) {
	if err := ex.Mode.validate("mode"); err != nil {
		return nil, err
	}
	if len(ex.Policies) == 0 {
		return nil, inputErr("policies: must name at least one policy")
	}
	if ex.InfoInterval != nil && !(*ex.InfoInterval >= 0) {
		return nil, inputErr("info_interval: must be >= 0, got %g", *ex.InfoInterval)
	}
	if err := CheckRuns("experiment", ex.Runs, ex.Mode.Count); err != nil {
		return nil, err
	}
	if ex.CountOwn != nil {
		c := *s
		c.CountOwn = *ex.CountOwn
		s = &c
	}
	backend := ex.Backend
	if backend == "" {
		backend = s.Backend
	}
	res := &ExperimentResult{ModeName: ex.ModeName, Mode: ex.Mode, Rate: s.Rate(ex.Mode), Load: s.OfferedLoad(ex.Mode), Runs: ex.Runs, Bound: ex.Bound}
	samples, err := sim.Run(ctx, ex.Runs, sim.Options{Seed: s.Seed, Workers: ex.Workers, Progress: ex.Progress},
		func(ctx context.Context, rep sim.Rep) (map[string]float64, error) {
			tasks, pcg, err := s.replicationTrace(ex.Mode, rep.Index)
			if err != nil {
				return nil, err
			}
			out := map[string]float64{}
			lb0 := lb0(s, tasks)
			tlb := lb0
			out["lb0"] = lb0
			// A replication of 10⁵ sub-tasks has steps of a fraction of a
			// second that do not watch ctx: look between them.
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if ex.Bound == BoundSRPT || ex.Bound == BoundAll || ex.Bound == BoundLagrange {
				v := lbSRPT(s, tasks)
				out["lb_srpt"] = v
				tlb = math.Max(tlb, v)
			}
			if ex.Bound == BoundLP || ex.Bound == BoundAll {
				b, err := LowerBoundLP(ctx, s, tasks, s.Slot, s.WindowMaxTasks, backend, solve.Options{})
				if err != nil {
					return nil, err
				}
				out["lb_lp"] = b.Value
				out["lp_windows"] = float64(b.Windows)
				out["lp_solved"] = float64(b.Solved)
				tlb = math.Max(tlb, b.Value)
				if err := ctx.Err(); err != nil {
					return nil, err // LB_LP fell back to weaker windows: not a full replication
				}
			}
			if ex.Bound == BoundLagrange || ex.Bound == BoundAll {
				b, err := LowerBoundLagrange(ctx, s, tasks, ex.Lagrange)
				if err != nil {
					return nil, err
				}
				out["lb_lag"] = b.Value
				out["lag_iterations"] = float64(b.Iterations)
				tlb = math.Max(tlb, b.Value)
			}
			out["t_lb"] = tlb
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			_, greedy := greedyRounded(s, tasks, 0)
			out["greedy_ub"] = greedy
			for _, p := range ex.Policies {
				d := p.DefaultDiscipline()
				if ex.Discipline != nil {
					d = *ex.Discipline
				}
				info := float64(UseScenarioInfo)
				if ex.InfoInterval != nil {
					info = *ex.InfoInterval
				}
				st := *pcg // same stream state for every policy
				r, err := Simulate(ctx, s, tasks, Config{Policy: p, Discipline: d, InfoInterval: info, Warmup: ex.Mode.Warmup}, rand.New(&st))
				if err != nil {
					return nil, err
				}
				for k, v := range r.Metrics(s) {
					out[p.String()+"/"+k] = v
				}
				out[p.String()+"/gap_pct"] = 100 * (r.TotalDelay - tlb) / tlb
				out[p.String()+"/gap_greedy_pct"] = 100 * (r.TotalDelay - greedy) / greedy
			}
			return out, nil
		})
	samples = sim.Finished(samples, err)
	if samples == nil {
		return nil, err
	}
	res.Done = len(samples)
	split := map[string][]map[string]float64{}
	for r, smp := range samples {
		for k, v := range smp {
			key, metric := "", k
			if i := strings.IndexByte(k, '/'); i >= 0 {
				key, metric = k[:i], k[i+1:]
			}
			if split[key] == nil {
				split[key] = make([]map[string]float64, len(samples))
			}
			if split[key][r] == nil {
				split[key][r] = map[string]float64{}
			}
			split[key][r][metric] = v
		}
	}
	res.Bounds = sim.Summarize(split[""])
	for _, p := range ex.Policies {
		d := p.DefaultDiscipline()
		if ex.Discipline != nil {
			d = *ex.Discipline
		}
		res.Policies = append(res.Policies, PolicyStats{Policy: p, Discipline: d, Stats: sim.Summarize(split[p.String()])})
	}
	if err != nil {
		return res, fmt.Errorf("tpd: %s ρ=%.3g: %w", ex.ModeName, res.Load, err)
	}
	return res, nil
}
