package rrs

import (
	"bytes"
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

// Multistart is a study (package study) of local solves (qp.SolveLocal)
// of one instance from Starts random policies: the comparison a global
// optimum is measured against. Start k is a replication of the one point,
// its policy drawn from its own stream sim.Stream(Seed, k) (each region's
// shares normalised exponentials), so a start does not depend on the
// shard or the worker that runs it. Its JSON, without the instance, is
// the grid of the study's record files.
type Multistart struct {
	Instance *Instance `json:"-"`
	Starts   int       `json:"starts"`
	Seed     uint64    `json:"seed"`
	// Track makes the local solves track (qp.LocalOptions.Track).
	Track bool `json:"track,omitempty"`
}

// MultistartStudy is the study of a Multistart, recorded as the one cell
// StartCell per start.
type MultistartStudy struct{}

var _ study.Study[Multistart, Start, MultistartResult] = MultistartStudy{}

// StartCell is the record cell of a start.
const StartCell = "local"

// Name is "rrs-multistart".
func (MultistartStudy) Name() string { return "rrs-multistart" }

// Instance returns the instance of q.
func (MultistartStudy) Instance(q Multistart) any { return q.Instance }

// Load parses the instance of a record header into q.
func (MultistartStudy) Load(q Multistart, instance []byte) (Multistart, error) {
	in, err := Parse(bytes.NewReader(instance))
	q.Instance = in
	return q, err
}

// Shape is one point with Starts replications.
func (MultistartStudy) Shape(q Multistart) (study.Shape, error) {
	if q.Starts < 1 {
		return study.Shape{}, fmt.Errorf("%w: multistart: starts: must be ≥ 1, got %d", ErrInput, q.Starts)
	}
	return study.Shape{Runs: []int{q.Starts}, Cells: []string{StartCell}}, nil
}

// Plan compiles the instance.
func (s MultistartStudy) Plan(_ context.Context, q Multistart) (study.Plan[Start, MultistartResult], error) {
	sh, err := s.Shape(q)
	if err != nil {
		return nil, err
	}
	if q.Instance == nil {
		return nil, fmt.Errorf("%w: multistart: no instance", ErrInput)
	}
	p, err := q.Instance.Compile()
	if err != nil {
		return nil, err
	}
	return &multistartPlan{q: q, p: p, sh: sh}, nil
}

// Start is the sample of one local solve.
type Start struct {
	// KKT reports whether the solve ended at a KKT point (residual at most
	// qp.KKTTol); Profit is then its profit, NaN otherwise.
	KKT    bool    `record:"kkt"`
	Profit float64 `record:"profit"`
	// Residual is the largest scaled KKT residual; NaN when the solve
	// failed.
	Residual float64 `record:"residual"`
}

// MultistartResult sums up the finished starts.
type MultistartResult struct {
	// Best is the best profit of the starts that ended at a KKT point, -Inf
	// when none did.
	Best float64
	// BestStart is the start that found it (-1: none).
	BestStart int
	// Starts is the number asked, Done those finished and Failed those of
	// them without a KKT point.
	Starts, Done, Failed int
}

type multistartPlan struct {
	q  Multistart
	p  *qp.Problem
	sh study.Shape
}

func (m *multistartPlan) Shape() study.Shape { return m.sh }

// StartPolicy returns the policy start k of q begins from: for each
// region, shares drawn as exponentials from sim.Stream(q.Seed, k),
// normalised, indexed as the compiled problem's variables (Instance.Var).
func (q Multistart) StartPolicy(k int) []float64 {
	in := q.Instance
	rng := sim.Stream(q.Seed, k)
	s, r := len(in.DataCenters), len(in.Regions)
	x := make([]float64, s*r)
	for j := 0; j < r; j++ {
		sum := 0.0
		for i := 0; i < s; i++ {
			x[in.Var(i, j)] = rng.ExpFloat64()
			sum += x[in.Var(i, j)]
		}
		for i := 0; i < s; i++ {
			x[in.Var(i, j)] /= sum
		}
	}
	return x
}

// Run solves from start u.Rep. A local solve that fails is a sample (not
// at a KKT point), unless ctx stopped it.
func (m *multistartPlan) Run(ctx context.Context, u study.Unit) (Start, error) {
	loc, err := m.p.SolveLocal(ctx, m.q.StartPolicy(u.Rep), qp.LocalOptions{Track: m.q.Track})
	if err != nil {
		if ctx.Err() != nil {
			return Start{}, err
		}
		return Start{Profit: math.NaN(), Residual: math.NaN()}, nil
	}
	st := Start{Profit: math.NaN(), Residual: loc.Residuals.Max()}
	if st.Residual <= qp.KKTTol {
		st.KKT, st.Profit = true, loc.Objective
	}
	return st, nil
}

func (m *multistartPlan) Cells(s Start) []study.Cell {
	return []study.Cell{{Name: StartCell, Metrics: s}}
}

func (m *multistartPlan) Sample(_ study.Unit, cell func(string, any) error) (Start, error) {
	var s Start
	if err := cell(StartCell, &s); err != nil {
		return s, fmt.Errorf("cell %q: %w", StartCell, err)
	}
	if s.KKT == math.IsNaN(s.Profit) {
		return s, fmt.Errorf("cell %q: metrics.profit: must be a number exactly when kkt is 1, got %v with kkt %v", StartCell, s.Profit, s.KKT)
	}
	return s, nil
}

// Aggregate takes the best KKT point of the finished starts (the first
// of equals).
func (m *multistartPlan) Aggregate(done []study.Done[Start]) (MultistartResult, error) {
	r := MultistartResult{Best: math.Inf(-1), BestStart: -1, Starts: m.q.Starts, Done: len(done)}
	for _, d := range done {
		switch {
		case !d.Sample.KKT:
			r.Failed++
		case d.Sample.Profit > r.Best:
			r.Best, r.BestStart = d.Sample.Profit, d.Unit.Rep
		}
	}
	return r, nil
}
