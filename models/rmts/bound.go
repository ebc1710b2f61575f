package rmts

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// maxBoundColumns caps the compiled offline model (flow columns plus one
// admission column per request); larger traces are refused rather than
// handed to a solver that would run for hours.
const maxBoundColumns = 2_000_000

// CompileBound builds the offline admission problem of a trace (see the
// package doc): maximise Σ x_i subject to, at every critical instant, the
// transportation condition between content demands and server capacities.
// With integer = false the x_i are continuous in [0, 1] and the optimum is
// the LP upper bound; with integer = true it is OPT with free migration.
// Failures of the instance are honoured as explained in the package doc.
func (sc *Scenario) CompileBound(trace []Request, integer bool) (*lp.Model, error) {
	for i, r := range trace {
		if r.Content < 0 || r.Content >= sc.Contents {
			return nil, inputErr("trace[%d].content: unknown content %d", i, r.Content)
		}
		if !(r.Arrival >= 0) || !finite(r.Arrival) {
			return nil, inputErr("trace[%d].arrival: must be >= 0, got %g", i, r.Arrival)
		}
	}
	type event struct {
		t    float64
		prio int
		i    int // request (arrival/departure) or failure index
	}
	evs := make([]event, 0, 2*len(trace)+len(sc.In.Failures))
	for i, r := range trace {
		evs = append(evs, event{r.Arrival, prioArrival, i}, event{r.Arrival + sc.Durations[r.Content], prioDeparture, i})
	}
	for k, f := range sc.In.Failures {
		evs = append(evs, event{f.Time, prioFailure, k})
	}
	sort.SliceStable(evs, func(a, b int) bool {
		if evs[a].t != evs[b].t {
			return evs[a].t < evs[b].t
		}
		return evs[a].prio < evs[b].prio
	})
	name := "rmts-offline-lp"
	if integer {
		name = "rmts-offline-ilp"
	}
	m := lp.New(name, lp.Maximize)
	x := make([]int, len(trace))
	for i := range trace {
		if integer {
			x[i] = m.AddBinary(fmt.Sprintf("x%d", i), 1)
		} else {
			x[i] = m.AddVar(fmt.Sprintf("x%d", i), 0, 1, 1)
		}
	}
	active := map[int]bool{}
	failed := make([]bool, sc.Servers)
	lastFailure := math.Inf(-1)
	instant := 0
	cols := len(trace)
	for k, ev := range evs {
		switch ev.prio {
		case prioDeparture:
			delete(active, ev.i)
			continue
		case prioFailure:
			failed[sc.In.Failures[ev.i].Server] = true
			lastFailure = ev.t
			continue
		}
		active[ev.i] = true
		if k+1 < len(evs) && evs[k+1].prio == prioArrival {
			continue // the next instant's active set contains this one's
		}
		// Demand per content of the constrained active requests.
		byContent := map[int][]int{}
		for i := range active {
			if trace[i].Arrival >= lastFailure {
				byContent[trace[i].Content] = append(byContent[trace[i].Content], i)
			}
		}
		contents := make([]int, 0, len(byContent))
		for c := range byContent {
			contents = append(contents, c)
		}
		sort.Ints(contents)
		serverTerms := make([][]lp.Term, sc.Servers)
		for _, c := range contents {
			reqs := byContent[c]
			sort.Ints(reqs)
			var terms []lp.Term
			for _, s := range sc.Holders[c] {
				if failed[s] {
					continue
				}
				g := m.AddVar(fmt.Sprintf("g%d_%d_%d", instant, c, s), 0, lp.Inf, 0)
				cols++
				terms = append(terms, lp.Term{Var: g, Coef: 1})
				serverTerms[s] = append(serverTerms[s], lp.Term{Var: g, Coef: 1})
			}
			for _, i := range reqs {
				terms = append(terms, lp.Term{Var: x[i], Coef: -1})
			}
			m.AddEQ(fmt.Sprintf("d%d_%d", instant, c), 0, terms...)
		}
		for s, terms := range serverTerms {
			if len(terms) > 0 {
				m.AddLE(fmt.Sprintf("cap%d_%d", instant, s), float64(sc.Capacity), terms...)
			}
		}
		if cols > maxBoundColumns {
			return nil, inputErr("trace: the offline model would exceed %d columns (%d requests); use a shorter trace", maxBoundColumns, len(trace))
		}
		instant++
	}
	return m, nil
}

// Bound is the offline optimum of a trace.
type Bound struct {
	Value   float64 // optimum: the LP upper bound, or OPT for the integer model
	Integer bool
	Status  lp.Status
	Backend string
	Rows    int
	Columns int
	// Report is solve.Verify's report on the answer the value comes from.
	Report *solve.Report
}

// OfflineBound compiles the trace's offline problem and solves it through
// package solve on the named backend ("" or "auto": the best compiled in).
func (sc *Scenario) OfflineBound(ctx context.Context, trace []Request, integer bool, backend string) (*Bound, error) {
	m, err := sc.CompileBound(trace, integer)
	if err != nil {
		return nil, err
	}
	sol, rep, err := solve.Solve(ctx, m, backend, solve.Options{})
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%w)", ctx.Err(), err)
		}
		return nil, fmt.Errorf("rmts: offline bound: %w", err)
	}
	b := &Bound{Value: sol.Objective, Integer: integer, Status: sol.Status, Backend: sol.Backend, Rows: m.NumRows(), Columns: m.NumVars(), Report: rep}
	if sol.Status != lp.Optimal {
		if integer && sol.Status.IsLimit() && !math.IsNaN(sol.BestBound) {
			b.Value = sol.BestBound // still a valid upper bound
			return b, nil
		}
		err := fmt.Errorf("rmts: offline bound: solver status %v", sol.Status)
		if ctx.Err() != nil {
			err = fmt.Errorf("%w: %w", err, ctx.Err()) // stopped by ctx: a limit
		}
		return b, err
	}
	return b, nil
}

// boundTrace is the trace whose offline bound an experiment computes for
// rate ξ and replication r: stream r of the seed, over the whole horizon.
func (sc *Scenario) boundTrace(seed uint64, rate float64, r int) []Request {
	return sc.Trace(sim.Stream(seed, r), rate, sc.In.Arrivals.Horizon)
}

// ExportBound returns the offline LP bound model (CompileBound, integer =
// false) of the trace an Experiment with this seed draws for rate ξ and
// replication r, with comment lines that say what its objective means, for
// a file another solver can read.
func (sc *Scenario) ExportBound(seed uint64, rate float64, r int) (*lp.Model, []string, error) {
	trace := sc.boundTrace(seed, rate, r)
	m, err := sc.CompileBound(trace, false)
	if err != nil {
		return nil, nil, err
	}
	about := []string{
		fmt.Sprintf("streamopt rmts: offline admission LP of the trace of rate %g per minute, replication %d, seed %d:", rate, r, seed),
		fmt.Sprintf("%d requests over a horizon of %g minutes", len(trace), sc.In.Arrivals.Horizon),
		"objective: maximise sum of x_i, the (fractional) number of requests admitted; its optimum is an upper",
		"bound on the requests any policy admits from an empty system, migration included (models/rmts doc)",
		"columns x<i>: admission of request i in [0, 1]; g<t>_<c>_<s>: requests for content c that server s",
		"serves at critical instant t; rows d<t>_<c> balance them, cap<t>_<s> are the server capacities",
	}
	return m, about, nil
}
