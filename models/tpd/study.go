package tpd

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/streamopt/streamopt/study"
)

// Sweep is a tpd study (package study): a Request on an instance. Its
// JSON, without the instance, is the grid of the study's record files.
type Sweep struct {
	Instance *Instance `json:"-"`
	Request
}

// Study is the tpd study: the experiments a Request plans are its points
// and their replications its units, each recorded as BoundsCell and one
// cell per policy, by name.
type Study struct{}

var _ study.Study[Sweep, Sample, []*ExperimentResult] = Study{}

// Name is "tpd", the command that runs the study.
func (Study) Name() string { return "tpd" }

// Instance returns the instance of q.
func (Study) Instance(q Sweep) any { return q.Instance }

// Load parses the instance of a record header into q.
func (Study) Load(q Sweep, instance []byte) (Sweep, error) {
	in, err := Parse(bytes.NewReader(instance))
	q.Instance = in
	return q, err
}

// Shape is the replications of each planned experiment, with BoundsCell
// and a cell per policy.
func (st Study) Shape(q Sweep) (study.Shape, error) {
	p, err := st.plan(q)
	if err != nil {
		return study.Shape{}, err
	}
	return p.Shape(), nil
}

// Plan builds the scenario of q and plans its experiments (Scenario.Plan).
func (st Study) Plan(_ context.Context, q Sweep) (study.Plan[Sample, []*ExperimentResult], error) {
	return st.plan(q)
}

func (Study) plan(q Sweep) (*trials, error) {
	if q.Instance == nil {
		return nil, inputErr("sweep: no instance")
	}
	s, err := Build(q.Instance)
	if err != nil {
		return nil, err
	}
	exps, err := s.Plan(q.Request)
	if err != nil {
		return nil, err
	}
	return s.trials(exps)
}

// BoundsCell is the record cell of a replication's bounds; the other cells
// of a tpd record file are the policies, by name.
const BoundsCell = "bounds"

// trials are planned experiments on a scenario, each a point of a study,
// sharing their policies; it implements study.Plan.
type trials struct {
	exps []Experiment
	// scen[i] is the scenario of exps[i]: s, or a copy with its CountOwn.
	scen  []*Scenario
	cells []string
}

// trials checks the experiments and plans them as a study. They must
// have the same policies (Plan's do): the cells of a record file are
// those of every point.
func (s *Scenario) trials(exps []Experiment) (*trials, error) {
	t := &trials{exps: exps, cells: []string{BoundsCell}}
	for i := range exps {
		ex := &exps[i]
		if err := ex.check(); err != nil {
			return nil, err
		}
		if !slices.Equal(ex.Policies, exps[0].Policies) {
			return nil, inputErr("experiments[%d].policies: %v, not those of the first, %v", i, ex.Policies, exps[0].Policies)
		}
		sc := s
		if ex.CountOwn != nil {
			c := *s
			c.CountOwn = *ex.CountOwn
			sc = &c
		}
		t.scen = append(t.scen, sc)
	}
	for _, p := range exps[0].Policies {
		t.cells = append(t.cells, p.String())
	}
	return t, nil
}

func (t *trials) Shape() study.Shape {
	runs := make([]int, len(t.exps))
	for i, ex := range t.exps {
		runs[i] = ex.Runs
	}
	return study.Shape{Runs: runs, Cells: t.cells}
}

// Run runs replication u.Rep of experiment u.Point.
func (t *trials) Run(ctx context.Context, u study.Unit) (Sample, error) {
	return t.scen[u.Point].replicate(ctx, &t.exps[u.Point], u.Rep)
}

// Cells records the bounds and each policy's metrics.
func (t *trials) Cells(smp Sample) []study.Cell {
	cells := []study.Cell{{Name: BoundsCell, Metrics: smp.Bounds}}
	for i, m := range smp.Policies {
		cells = append(cells, study.Cell{Name: t.cells[1+i], Metrics: m})
	}
	return cells
}

// Sample reads a replication back from its records.
func (t *trials) Sample(_ study.Unit, cell func(string, any) error) (Sample, error) {
	var smp Sample
	if err := cell(BoundsCell, &smp.Bounds); err != nil {
		return smp, fmt.Errorf("cell %q: %w", BoundsCell, err)
	}
	for _, name := range t.cells[1:] {
		var m PolicyRun
		if err := cell(name, &m); err != nil {
			return smp, fmt.Errorf("cell %q: %w", name, err)
		}
		smp.Policies = append(smp.Policies, m)
	}
	return smp, nil
}

// Aggregate gives one result per experiment, over its finished
// replications (Scenario.Aggregate): every experiment is listed, those
// that did not start with Done = 0.
func (t *trials) Aggregate(done []study.Done[Sample]) ([]*ExperimentResult, error) {
	by := make([][]Sample, len(t.exps))
	for _, d := range done {
		by[d.Unit.Point] = append(by[d.Unit.Point], d.Sample)
	}
	out := make([]*ExperimentResult, len(t.exps))
	for i, ex := range t.exps {
		out[i] = t.scen[i].Aggregate(ex, by[i])
	}
	return out, nil
}
