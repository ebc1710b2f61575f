package multistage

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/study"
)

// Request is an mps study (package study): the optimum and the profit of
// each of the instance's policies at N = From, From+Step, …, ≤ To, the
// optimum RRS(N) and the stages solved with Method on Backend. Its JSON,
// without the instance, is the grid of the study's record files.
type Request struct {
	Instance *Instance `json:"-"`
	From     float64   `json:"from"`
	To       float64   `json:"to"`
	Step     float64   `json:"step"`
	Method   string    `json:"method"`
	Backend  string    `json:"backend"`
}

// Study is the mps study: each sweep point is one unit, with the one
// "replication" 0 (the evaluation is deterministic), and a record cell
// for its optimum (OptimumCell) and one per policy, by name.
type Study struct{}

var _ study.Study[Request, Point, *Result] = Study{}

// Name is "mps", the command that runs the study.
func (Study) Name() string { return "mps" }

// Instance returns the instance of q.
func (Study) Instance(q Request) any { return q.Instance }

// Load parses the instance of a record header into q.
func (Study) Load(q Request, instance []byte) (Request, error) {
	in, err := Parse(bytes.NewReader(instance))
	q.Instance = in
	return q, err
}

// Shape is one unit per sweep point, with a cell for the optimum and one
// per policy of the instance.
func (Study) Shape(q Request) (study.Shape, error) {
	if q.Instance == nil {
		return study.Shape{}, fmt.Errorf("%w: request: no instance", ErrInput)
	}
	p, err := newSweep(q, nil)
	if err != nil {
		return study.Shape{}, err
	}
	for _, ps := range q.Instance.Policies {
		p.Policies = append(p.Policies, &Policy{Name: ps.Name})
	}
	return p.Shape(), nil
}

// Plan plans the policies of q (NewSweep).
func (Study) Plan(ctx context.Context, q Request) (study.Plan[Point, *Result], error) {
	p, err := NewSweep(ctx, q)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// OptimumCell is the record cell of a sweep point's optimum RRS(N); the
// other cells are the policies, by name.
const OptimumCell = "optimum"

// SweepPlan is a planned mps study: the request with its policies
// planned. It implements study.Plan.
type SweepPlan struct {
	Request
	Policies []*Policy // planned with Algorithm 1, in the instance's order
	net      *rrs.Instance
	points   int
}

// NewSweep checks the range of q and plans every policy of its instance
// (Instance.PlanPolicies). On an error of the planning it returns the plan
// with the policies planned before it, so that after a done ctx the policy
// it stopped in is q.Instance.Policies[len(p.Policies)].
func NewSweep(ctx context.Context, q Request) (*SweepPlan, error) {
	if q.Instance == nil {
		return nil, fmt.Errorf("%w: request: no instance", ErrInput)
	}
	p, err := newSweep(q, nil)
	if err != nil {
		return nil, err
	}
	p.net = &q.Instance.Network
	p.Policies, err = q.Instance.PlanPolicies(ctx, Options{Method: q.Method, Backend: q.Backend})
	return p, err
}

// newSweep checks the range of q and returns its plan with the policies
// pols.
func newSweep(q Request, pols []*Policy) (*SweepPlan, error) {
	switch {
	case !(q.Step > 0) || math.IsInf(q.Step, 0):
		return nil, fmt.Errorf("%w: step: must be > 0, got %v", ErrInput, q.Step)
	case !(q.From > 0) || !(q.To >= q.From) || math.IsInf(q.To, 0):
		return nil, fmt.Errorf("%w: range: need 0 < from ≤ to, got from %v to %v", ErrInput, q.From, q.To)
	case (q.To-q.From)/q.Step > 1e6:
		return nil, fmt.Errorf("%w: range: more than a million points (from %v to %v step %v)", ErrInput, q.From, q.To, q.Step)
	}
	return &SweepPlan{Request: q, Policies: pols, points: SweepPoints(q.From, q.To, q.Step)}, nil
}

// Shape is one unit per sweep point, with a cell for the optimum and one
// per policy.
func (p *SweepPlan) Shape() study.Shape {
	cells := []string{OptimumCell}
	for _, pol := range p.Policies {
		cells = append(cells, pol.Name)
	}
	return study.Shape{Runs: slices.Repeat([]int{1}, p.points), Cells: cells}
}

// Run computes sweep point u.Point: N = From + u.Point·Step.
func (p *SweepPlan) Run(ctx context.Context, u study.Unit) (Point, error) {
	return sweepPoint(ctx, p.net, p.Policies, p.From+float64(u.Point)*p.Step, Options{Method: p.Method, Backend: p.Backend})
}

// Cells records the optimum and every policy's evaluation of pt.
func (p *SweepPlan) Cells(pt Point) []study.Cell {
	cells := []study.Cell{{Name: OptimumCell, Metrics: pt}}
	for j, ev := range pt.Policies {
		cells = append(cells, study.Cell{Name: p.Policies[j].Name, Metrics: ev})
	}
	return cells
}

// Sample reads a sweep point back from its records.
func (p *SweepPlan) Sample(_ study.Unit, cell func(string, any) error) (Point, error) {
	var pt Point
	if err := cell(OptimumCell, &pt); err != nil {
		return pt, fmt.Errorf("cell %q: %w", OptimumCell, err)
	}
	for _, pol := range p.Policies {
		var ev Evaluation
		if err := cell(pol.Name, &ev); err != nil {
			return pt, fmt.Errorf("cell %q: %w", pol.Name, err)
		}
		pt.Policies = append(pt.Policies, ev)
	}
	return pt, nil
}

// Result is what an mps study gives: the planned policies and the sweep
// points.
type Result struct {
	Policies []*Policy
	// Points are the sweep points from the first up to the first that did
	// not finish: a sweep stopped early is valid for the N it covers.
	Points []Point
}

// Aggregate keeps the finished points from the first on.
func (p *SweepPlan) Aggregate(done []study.Done[Point]) (*Result, error) {
	r := &Result{Policies: p.Policies}
	for i, d := range done {
		if d.Unit.Point != i {
			break
		}
		r.Points = append(r.Points, d.Sample)
	}
	return r, nil
}
