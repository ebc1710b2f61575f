package study_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

// The toy study below is everything a model adds to run as a study: its
// request, sample and result types and the five methods of study.Study
// and study.Plan (plus one registration line in the program, see
// ExampleRegister). It estimates the mean of an exponential distribution
// of each rate by replicated sampling.

// toyInstance is the toy's instance.
type toyInstance struct {
	Name  string `json:"name"`
	Draws int    `json:"draws"` // draws per replication
}

// toyRequest is the grid: the rates swept, the replications of each and
// the seed; the instance is not part of it.
type toyRequest struct {
	Instance *toyInstance `json:"-"`
	Rates    []float64    `json:"rates"`
	Runs     int          `json:"runs"`
	Seed     uint64       `json:"seed"`
}

// toySample is one replication: its two cells' metrics.
type toySample struct {
	Draw toyDraw
	Max  toyMax
}

type toyDraw struct {
	Mean  float64   `record:"mean"`
	Count int       `record:"count"`
	Big   bool      `record:"big"`   // a draw above 3/rate
	First []float64 `record:"first"` // the first two draws
}

type toyMax struct {
	Max float64 `record:"max"`
}

// toyResult is the mean and CI of each rate's sample means.
type toyResult struct {
	Rates []float64
	Means []sim.Stat
	Done  int
}

type toy struct{}

func (toy) Name() string              { return "toy" }
func (toy) Instance(q toyRequest) any { return q.Instance }
func (toy) Load(q toyRequest, b []byte) (toyRequest, error) {
	q.Instance = new(toyInstance)
	return q, json.Unmarshal(b, q.Instance)
}
func (toy) Shape(q toyRequest) (study.Shape, error) {
	if q.Runs < 1 || len(q.Rates) == 0 {
		return study.Shape{}, fmt.Errorf("toy: need rates and runs ≥ 1")
	}
	return study.Shape{Runs: slices.Repeat([]int{q.Runs}, len(q.Rates)), Cells: []string{"draw", "max"}}, nil
}
func (t toy) Plan(_ context.Context, q toyRequest) (study.Plan[toySample, toyResult], error) {
	sh, err := t.Shape(q)
	return toyPlan{q, sh}, err
}

type toyPlan struct {
	q  toyRequest
	sh study.Shape
}

func (p toyPlan) Shape() study.Shape { return p.sh }

func (p toyPlan) Run(_ context.Context, u study.Unit) (toySample, error) {
	rate := p.q.Rates[u.Point]
	rng := sim.Stream(p.q.Seed+uint64(u.Point), u.Rep)
	var s toySample
	for i := 0; i < p.q.Instance.Draws; i++ {
		x := rng.ExpFloat64() / rate
		s.Draw.Mean += x / float64(p.q.Instance.Draws)
		s.Draw.Big = s.Draw.Big || x > 3/rate
		s.Max.Max = math.Max(s.Max.Max, x)
		if i < 2 {
			s.Draw.First = append(s.Draw.First, x)
		}
	}
	s.Draw.Count = p.q.Instance.Draws
	return s, nil
}

func (p toyPlan) Cells(s toySample) []study.Cell {
	return []study.Cell{{Name: "draw", Metrics: s.Draw}, {Name: "max", Metrics: s.Max}}
}

func (p toyPlan) Sample(_ study.Unit, cell func(string, any) error) (toySample, error) {
	var s toySample
	if err := cell("draw", &s.Draw); err != nil {
		return s, fmt.Errorf("cell %q: %w", "draw", err)
	}
	if err := cell("max", &s.Max); err != nil {
		return s, fmt.Errorf("cell %q: %w", "max", err)
	}
	return s, nil
}

func (p toyPlan) Aggregate(done []study.Done[toySample]) (toyResult, error) {
	r := toyResult{Rates: p.q.Rates, Done: len(done)}
	for pt := range p.q.Rates {
		var xs []float64
		for _, d := range done {
			if d.Unit.Point == pt {
				xs = append(xs, d.Sample.Draw.Mean)
			}
		}
		r.Means = append(r.Means, sim.MeanCI(xs, sim.DefaultConfidence))
	}
	return r, nil
}

func toyQ() toyRequest {
	return toyRequest{Instance: &toyInstance{Name: "toy", Draws: 50}, Rates: []float64{0.5, 1, 2}, Runs: 4, Seed: 7}
}
