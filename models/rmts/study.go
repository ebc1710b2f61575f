package rmts

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/streamopt/streamopt/internal/nonneg"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

// Sweep is an rmts study (package study): an Experiment with its defaults
// resolved (Plan). Its JSON, without the instance, is the grid of the
// study's record files.
type Sweep struct {
	Instance *Instance `json:"-"`
	Policies []Policy  `json:"policies"`
	Rates    []float64 `json:"rates"`
	Alphas   []float64 `json:"alphas"`
	Runs     int       `json:"runs"`
	Seed     uint64    `json:"seed"`
	Bound    bool      `json:"bound,omitempty"`
	Backend  string    `json:"backend,omitempty"` // with Bound
	// DASDProactive, when not nil, overrides the instance's
	// policy.dasd_proactive_delta (applied to Instance already; Study.Load
	// applies it again to an instance read back).
	DASDProactive *int `json:"dasd_proactive_delta,omitempty"`
	// Confidence is the level of the intervals; 0 (left out of the JSON)
	// means sim.DefaultConfidence.
	Confidence float64 `json:"confidence,omitempty"`
	// Compare lists the pairs of policies compared (Experiment.Compare).
	Compare [][2]Policy `json:"compare,omitempty"`
}

// SweepOf is the sweep of ex, planned on the scenario of in as pl.
func SweepOf(in *Instance, ex Experiment, pl *Plan) Sweep {
	q := Sweep{Instance: in, Policies: ex.Policies, Rates: pl.Rates, Alphas: pl.Alphas, Runs: pl.Runs, Seed: pl.Seed, Bound: ex.Bound, Compare: pl.Compare}
	if pl.Confidence != sim.DefaultConfidence {
		q.Confidence = pl.Confidence
	}
	if ex.Bound {
		q.Backend = ex.Backend
	}
	return q
}

// experiment is the experiment of q.
func (q Sweep) experiment() Experiment {
	seed := q.Seed
	return Experiment{Policies: q.Policies, Rates: q.Rates, Alphas: q.Alphas, Runs: q.Runs, Seed: &seed, Bound: q.Bound, Backend: q.Backend,
		Confidence: q.Confidence, Compare: q.Compare}
}

// Study is the rmts study: each (rate, trace) is one unit, point = the
// index of the rate and replication = the trace, recorded as BoundCell
// (with the bound) and one cell per (policy, α), named by CellName.
type Study struct{}

var _ study.Study[Sweep, TraceSample, *ExperimentResult] = Study{}

// Name is "rmts", the command that runs the study.
func (Study) Name() string { return "rmts" }

// Instance returns the instance of q.
func (Study) Instance(q Sweep) any { return q.Instance }

// Load parses the instance of a record header into q, with q's override.
func (Study) Load(q Sweep, instance []byte) (Sweep, error) {
	in, err := Parse(bytes.NewReader(instance))
	if err != nil {
		return q, err
	}
	if q.DASDProactive != nil {
		in.Policy.DASDProactiveDelta = *q.DASDProactive
		if err := in.Validate(); err != nil {
			return q, fmt.Errorf("dasd_proactive_delta: %w", err)
		}
	}
	q.Instance = in
	return q, nil
}

// Shape is Runs traces for each rate, with the cells RecordCells lists.
func (Study) Shape(q Sweep) (study.Shape, error) {
	switch {
	case len(q.Policies) == 0:
		return study.Shape{}, inputErr("policies: must name at least one")
	case len(q.Rates) == 0 || len(q.Alphas) == 0 || q.Runs < 1:
		return study.Shape{}, inputErr("sweep: needs rates, alphas and runs >= 1 (Plan resolves them), got %d, %d and %d", len(q.Rates), len(q.Alphas), q.Runs)
	}
	pl := &Plan{Rates: q.Rates[:1], Alphas: q.Alphas}
	pl.Cells = cellsOf(q.Policies, pl.Rates, pl.Alphas)
	return study.Shape{Runs: slices.Repeat([]int{q.Runs}, len(q.Rates)), Cells: pl.recordCells(q.Bound)}, nil
}

// Plan builds the scenario of q and plans its cells.
func (Study) Plan(_ context.Context, q Sweep) (study.Plan[TraceSample, *ExperimentResult], error) {
	if q.Instance == nil {
		return nil, inputErr("sweep: no instance")
	}
	if q.Bound {
		if err := solve.CheckBackend(q.Backend); err != nil {
			return nil, fmt.Errorf("backend: %w", err)
		}
	}
	sc, err := Build(q.Instance)
	if err != nil {
		return nil, err
	}
	return sc.PlanSweep(q)
}

// PlanSweep plans the cells of q, whose instance sc was built from.
func (sc *Scenario) PlanSweep(q Sweep) (study.Plan[TraceSample, *ExperimentResult], error) {
	pl, err := sc.Plan(q.experiment())
	if err != nil {
		return nil, err
	}
	return sc.trials(pl, q.Bound, q.Backend), nil
}

// BoundCell is the record cell of a trace's offline LP bound; the other
// cells of an rmts record file are the (policy, α) cells of the plan at
// the trace's rate (CellName).
const BoundCell = "bound"

// CellName names cell c in record files: the policy, with its α when it
// uses one ("rmts@alpha=0.3").
func CellName(c Cell) string {
	if c.Policy.UsesAlpha() {
		return c.Policy.String() + "@alpha=" + strconv.FormatFloat(c.Alpha, 'g', -1, 64)
	}
	return c.Policy.String()
}

// recordCells lists the cells recorded per (rate, trace): BoundCell when
// the experiment bounds, then each distinct cell name of the plan.
func (pl *Plan) recordCells(bound bool) []string {
	var cells []string
	if bound {
		cells = append(cells, BoundCell)
	}
	for _, c := range pl.Cells {
		if n := CellName(c); !slices.Contains(cells, n) {
			cells = append(cells, n)
		}
	}
	return cells
}

// TraceSample is the sample of one (rate, trace) unit: the trace's offline
// LP bound (with Experiment.Bound) and the metrics of every cell of the
// rate simulated on it, in the plan's order.
type TraceSample struct {
	Bound *TraceBound
	Runs  []RunMetrics
}

// trials is a planned rmts study; it implements study.Plan.
type trials struct {
	sc      *Scenario
	pl      *Plan
	bound   bool
	backend string
	// rateCells[i] lists the indices in pl.Cells of the cells of Rates[i].
	rateCells [][]int
	names     []string // the record cells
}

func (sc *Scenario) trials(pl *Plan, bound bool, backend string) *trials {
	t := &trials{sc: sc, pl: pl, bound: bound, backend: backend, rateCells: make([][]int, len(pl.Rates)), names: pl.recordCells(bound)}
	for ci, c := range pl.Cells {
		i := slices.Index(pl.Rates, c.Rate)
		t.rateCells[i] = append(t.rateCells[i], ci)
	}
	return t
}

func (t *trials) Shape() study.Shape {
	return study.Shape{Runs: slices.Repeat([]int{t.pl.Runs}, len(t.pl.Rates)), Cells: t.names}
}

// Run solves the bound of trace u.Rep of rate u.Point, when asked, and
// simulates every cell of the rate on the trace, each from a fresh copy
// of the trace's stream.
func (t *trials) Run(ctx context.Context, u study.Unit) (TraceSample, error) {
	sc, pl := t.sc, t.pl
	x, r := pl.Rates[u.Point], u.Rep
	var s TraceSample
	if t.bound {
		trace := sc.boundTrace(pl.Seed, x, r)
		b, err := sc.OfflineBound(ctx, trace, false, t.backend)
		if err != nil {
			return s, err
		}
		s.Bound = &TraceBound{Bound: b.Value, BoundSuccess: ratio(b.Value, float64(len(trace)))}
	}
	horizon, warmup := sc.In.Arrivals.Horizon, sc.In.Arrivals.Warmup
	for _, ci := range t.rateCells[u.Point] {
		c := pl.Cells[ci]
		rng := sim.Stream(pl.Seed, r)
		trace := sc.Trace(rng, c.Rate, horizon)
		a := c.Alpha
		res, err := sc.Simulate(ctx, trace, rng, RunOptions{Policy: c.Policy, Alpha: &a, Horizon: horizon, Warmup: warmup})
		if err != nil {
			return s, err
		}
		m := res.Metrics()
		if s.Bound != nil {
			// The offline LP bounds every policy's served count: a
			// policy above it beyond rounding means the bound is wrong.
			d, err := nonneg.Diff(fmt.Sprintf("%s's served count", c.Policy), float64(res.ServedAll), "the offline LP bound", s.Bound.Bound)
			if err != nil {
				return s, fmt.Errorf("rmts: rate %g, replication %d: %w", c.Rate, r, err)
			}
			g := ratio(d, float64(res.ArrivedAll))
			m.BoundGap = &g
		}
		s.Runs = append(s.Runs, m)
	}
	return s, nil
}

// Cells records the bound and every cell's metrics.
func (t *trials) Cells(s TraceSample) []study.Cell {
	var cells []study.Cell
	names := t.names
	if t.bound {
		cells = append(cells, study.Cell{Name: BoundCell, Metrics: s.Bound})
		names = names[1:]
	}
	for j, m := range s.Runs {
		cells = append(cells, study.Cell{Name: names[j], Metrics: m})
	}
	return cells
}

// Sample reads a unit back from its records.
func (t *trials) Sample(u study.Unit, cell func(string, any) error) (TraceSample, error) {
	var s TraceSample
	names := t.names
	if t.bound {
		s.Bound = new(TraceBound)
		if err := cell(BoundCell, s.Bound); err != nil {
			return s, fmt.Errorf("cell %q: %w", BoundCell, err)
		}
		names = names[1:]
	}
	for _, n := range names {
		var m RunMetrics
		if err := cell(n, &m); err != nil {
			return s, fmt.Errorf("cell %q: %w", n, err)
		}
		s.Runs = append(s.Runs, m)
	}
	return s, nil
}

// Aggregate summarises every cell and bound over its finished traces, in
// trace order.
func (t *trials) Aggregate(done []study.Done[TraceSample]) (*ExperimentResult, error) {
	pl := t.pl
	rates, cells, runs := pl.Rates, pl.Cells, pl.Runs
	out, mask := make([]RunMetrics, len(cells)*runs), make([]bool, len(cells)*runs)
	bounds, bmask := make([]TraceBound, len(rates)*runs), make([]bool, len(rates)*runs)
	for _, d := range done {
		i, r := d.Unit.Point, d.Unit.Rep
		for j, ci := range t.rateCells[i] {
			k := r*len(cells) + ci
			out[k], mask[k] = d.Sample.Runs[j], true
		}
		if t.bound {
			k := r*len(rates) + i
			bounds[k], bmask[k] = *d.Sample.Bound, true
		}
	}
	er := &ExperimentResult{Runs: runs, Seed: pl.Seed, Rates: rates, Alphas: pl.Alphas, Total: len(cells) * runs, Confidence: pl.Confidence}
	if t.bound {
		for i := range rates {
			var fin []TraceBound
			for r := 0; r < runs; r++ {
				if k := r*len(rates) + i; bmask[k] {
					fin = append(fin, bounds[k])
				}
			}
			er.Bounds = append(er.Bounds, study.Summarize(fin, pl.Confidence))
		}
	}
	for k, ok := range mask {
		if ok {
			er.Done++
			er.Events += uint64(out[k].Events)
		}
	}
	er.Points = points(cells, pl.Alphas, runs, pl.Confidence, out, mask)
	er.Diffs = diffs(pl.Compare, cells, rates, pl.Alphas, runs, pl.Confidence, out, mask)
	return er, nil
}
