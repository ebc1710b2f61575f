package rrs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/study"
)

// Batch is an rrs study (package study): every instance of a batch (the
// files of a folder, a capacity planner's scenarios), each solved as given
// or, with Field, at every value of Values, by Method on Backend. A point
// is one (instance, value), instance by instance; the solve is
// deterministic, so each point has the one replication 0. Its JSON,
// without the instances, is the grid of the study's record files.
type Batch struct {
	Instances []*Instance `json:"-"`
	// Names label the instances (their files), one each.
	Names []string `json:"names"`
	// Field, when not nil, is swept over Values.
	Field   *Field    `json:"field,omitempty"`
	Values  []float64 `json:"values,omitempty"`
	Method  string    `json:"method"`
	Backend string    `json:"backend"`
}

// values is the number of points of each instance: the swept values, or
// one without a sweep.
func (q Batch) values() int { return max(1, len(q.Values)) }

// check refuses a batch that cannot be planned, naming the field.
func (q Batch) check() error {
	switch {
	case len(q.Instances) == 0:
		return fmt.Errorf("%w: batch: no instance", ErrInput)
	case len(q.Names) != len(q.Instances):
		return fmt.Errorf("%w: batch: %d names for %d instances", ErrInput, len(q.Names), len(q.Instances))
	case (q.Field == nil) != (len(q.Values) == 0):
		return fmt.Errorf("%w: batch: a swept field needs values and values a field, got field %v and %d values", ErrInput, q.Field, len(q.Values))
	case !finite(q.Values):
		return fmt.Errorf("%w: batch: %s: every value must be finite, got %v", ErrInput, q.Field, q.Values)
	case !slices.Contains(Methods, q.Method):
		return fmt.Errorf("%w: unknown method %q (want one of %v)", ErrMethod, q.Method, Methods)
	}
	return nil
}

// BatchStudy is the rrs study of a Batch: one unit per point, recorded as
// the one cell PointCell.
type BatchStudy struct{}

var _ study.Study[Batch, Point, *BatchResult] = BatchStudy{}

// PointCell is the record cell of a point.
const PointCell = "solve"

// Name is "rrs", the command that runs the study.
func (BatchStudy) Name() string { return "rrs" }

// Instance returns the instances of q: a record header holds them as a
// JSON array.
func (BatchStudy) Instance(q Batch) any { return q.Instances }

// Load parses the instances of a record header (a JSON array) into q.
func (BatchStudy) Load(q Batch, instances []byte) (Batch, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(instances, &raws); err != nil {
		return q, fmt.Errorf("%w: want a JSON array of instances: %w", ErrInput, err)
	}
	q.Instances = nil
	for k, raw := range raws {
		in, err := Parse(bytes.NewReader(raw))
		if err != nil {
			return q, fmt.Errorf("instance %d: %w", k, err)
		}
		q.Instances = append(q.Instances, in)
	}
	return q, nil
}

// Shape is one unit per (instance, value), with the one cell PointCell.
func (BatchStudy) Shape(q Batch) (study.Shape, error) {
	if err := q.check(); err != nil {
		return study.Shape{}, err
	}
	return study.Shape{Runs: slices.Repeat([]int{1}, len(q.Instances)*q.values()), Cells: []string{PointCell}}, nil
}

// Plan checks q: its backend, and that the field takes every value on
// every instance (Field.Set), so that a bad value is refused before any
// solve.
func (s BatchStudy) Plan(_ context.Context, q Batch) (study.Plan[Point, *BatchResult], error) {
	sh, err := s.Shape(q)
	if err != nil {
		return nil, err
	}
	if err := solve.CheckBackend(q.Backend); err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	if q.Field != nil {
		for k, in := range q.Instances {
			for _, v := range q.Values {
				if _, err := q.Field.Set(in, v); err != nil {
					return nil, fmt.Errorf("%s: %w", q.Names[k], err)
				}
			}
		}
	}
	return &batchPlan{q: q, sh: sh}, nil
}

// Point is the sample of one point: how its solve ended.
type Point struct {
	// Feasible is false when Proposition 1 fails (status infeasible): the
	// other fields but Users and TotalCapacity are then zero.
	Feasible bool `record:"feasible"`
	// Method is the method that solved it (auto resolved).
	Method MethodIndex `record:"method"`
	// Concave reports whether the objective is concave.
	Concave bool    `record:"concave"`
	Profit  float64 `record:"profit"`
	// Bound is the proven upper bound on the profit (global), and Gap the
	// relative gap it proves; NaN for the other methods (every record of
	// a cell carries the same metrics).
	Bound         float64 `record:"bound"`
	Gap           float64 `record:"gap"`
	Iterations    int     `record:"iterations"`
	Users         float64 `record:"users"`
	TotalCapacity float64 `record:"total_capacity"`
}

// Status is the status of the point's solve: optimal or infeasible.
func (p Point) Status() Status {
	if !p.Feasible {
		return StatusInfeasible
	}
	return StatusOptimal
}

// MethodIndex is a method as a record holds it: its index in Methods (0,
// auto, stands for none: an infeasible instance solved by auto). Its text
// is the method's name.
type MethodIndex int

func (m MethodIndex) String() string {
	if m <= 0 || int(m) >= len(Methods) {
		return ""
	}
	return Methods[m]
}

// MarshalText returns the method's name.
func (m MethodIndex) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// BatchPoint is one row of a batch's result: the point's instance, the
// swept value (nil without a sweep) and its solve.
type BatchPoint struct {
	Instance string   `json:"instance"`
	Value    *float64 `json:"value,omitempty"`
	Point
}

// BatchResult is what an rrs study gives: a row per finished point, in
// point order.
type BatchResult struct {
	Field  *Field       `json:"field,omitempty"`
	Points int          `json:"points"`
	Rows   []BatchPoint `json:"rows"`
}

// batchPlan is a planned Batch; it implements study.Plan.
type batchPlan struct {
	q  Batch
	sh study.Shape
}

func (p *batchPlan) Shape() study.Shape { return p.sh }

// at returns the instance and the swept value (nil: none) of point k.
func (p *batchPlan) at(k int) (int, *float64) {
	n := p.q.values()
	if len(p.q.Values) == 0 {
		return k, nil
	}
	v := p.q.Values[k%n]
	return k / n, &v
}

// Run solves point u.Point.
func (p *batchPlan) Run(ctx context.Context, u study.Unit) (Point, error) {
	i, v := p.at(u.Point)
	in, label := p.q.Instances[i], p.q.Names[i]
	if v != nil {
		var err error
		if in, err = p.q.Field.Set(in, *v); err != nil {
			return Point{}, fmt.Errorf("%s: %w", label, err)
		}
		label = fmt.Sprintf("%s, %s=%v", label, p.q.Field, *v)
	}
	res, err := Solve(ctx, in, Options{Method: p.q.Method, Backend: p.q.Backend})
	if err != nil {
		return Point{}, fmt.Errorf("%s: %w", label, err)
	}
	pt := Point{Feasible: res.Status != StatusInfeasible, Method: MethodIndex(max(0, slices.Index(Methods, res.Method))),
		Concave: res.Concave, Profit: res.Profit, Bound: math.NaN(), Gap: math.NaN(), Users: res.Users, TotalCapacity: res.TotalCapacity}
	if st := res.Stats; st != nil {
		pt.Iterations = st.Iterations
		if st.BestBound != nil && st.Gap != nil {
			pt.Bound, pt.Gap = *st.BestBound, *st.Gap
		}
	}
	return pt, nil
}

// Cells records the point.
func (p *batchPlan) Cells(pt Point) []study.Cell {
	return []study.Cell{{Name: PointCell, Metrics: pt}}
}

// Sample reads a point back from its record.
func (p *batchPlan) Sample(_ study.Unit, cell func(string, any) error) (Point, error) {
	var pt Point
	if err := cell(PointCell, &pt); err != nil {
		return pt, fmt.Errorf("cell %q: %w", PointCell, err)
	}
	if pt.Method < 0 || int(pt.Method) >= len(Methods) {
		return pt, fmt.Errorf("cell %q: metrics.method: must be an index of %v, got %d", PointCell, Methods, pt.Method)
	}
	return pt, nil
}

// Aggregate makes a row of every finished point, in point order.
func (p *batchPlan) Aggregate(done []study.Done[Point]) (*BatchResult, error) {
	r := &BatchResult{Field: p.q.Field, Points: len(p.sh.Runs)}
	for _, d := range done {
		if d.Unit.Rep != 0 {
			return nil, errors.New("rrs: a batch point has one replication")
		}
		i, v := p.at(d.Unit.Point)
		r.Rows = append(r.Rows, BatchPoint{Instance: p.q.Names[i], Value: v, Point: d.Sample})
	}
	return r, nil
}
