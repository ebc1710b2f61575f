package study

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/internal/version"
	"github.com/streamopt/streamopt/sim"
)

// ErrInput is wrapped by the errors of record files that do not make a
// study's run (another plan, metrics a sample does not have) and of a
// request a study refuses: errors.Is(err, fault.ErrInput) holds for them.
var ErrInput = fault.New(fault.ErrInput, "study: invalid input")

type inputError struct{ err error }

func (e *inputError) Error() string   { return e.err.Error() }
func (e *inputError) Unwrap() []error { return []error{e.err, ErrInput} }

// inputErr is an input error with its own message; %w verbs keep the
// chain of their errors.
func inputErr(format string, args ...any) error {
	return &inputError{fmt.Errorf(format, args...)}
}

// Unit is one unit of a study: replication Rep of point Point.
type Unit struct{ Point, Rep int }

// Shape is what a planned study runs: Runs[p] replications of point p,
// each unit recorded as one record per cell of Cells.
type Shape struct {
	Runs  []int
	Cells []string
}

// Units is the number of units, Σ Runs.
func (s Shape) Units() int {
	n := 0
	for _, r := range s.Runs {
		n += r
	}
	return n
}

// Unit returns unit k in the natural order (point by point, replications
// ascending); it panics for k outside [0, Units()).
func (s Shape) Unit(k int) Unit {
	for p, n := range s.Runs {
		if k < n {
			return Unit{p, k}
		}
		k -= n
	}
	panic(fmt.Sprintf("study: unit %d outside the shape", k))
}

// Cell is one record of a unit's sample: the cell's name (one of
// Shape.Cells) and its metrics, a struct whose recorded fields carry a
// `record:"name"` tag: a float64 or an int is the metric name, a bool
// name with the value 0 or 1, a []float64 the metrics name_0, name_1, ….
type Cell struct {
	Name    string
	Metrics any
}

// Done is the sample of a finished unit.
type Done[S any] struct {
	Unit   Unit
	Sample S
}

// Plan is a study planned for one request: what it runs, how one unit
// runs, how a sample is recorded and read back, and how samples
// aggregate.
type Plan[S, R any] interface {
	Shape() Shape
	// Run computes the sample of unit u. It is called from several
	// goroutines at once; replication r draws its random numbers from its
	// own stream (sim.Stream(seed, r)), so the sample does not depend on
	// which others run, in what order or where.
	Run(ctx context.Context, u Unit) (S, error)
	// Cells lists the records of a sample, one per cell of the shape.
	Cells(s S) []Cell
	// Sample rebuilds the sample of unit u from its records: cell decodes
	// the metrics of the named cell into the struct into points to.
	Sample(u Unit, cell func(name string, into any) error) (S, error)
	// Aggregate summarises the finished units, in unit order: those of a
	// run (possibly stopped, or a shard) or of merged record files alike.
	Aggregate(done []Done[S]) (R, error)
}

// Study is the contract a swept model implements. Q is its request: a
// struct whose JSON is the grid of the record header (what shapes a run
// besides its instance); S the sample of one unit; R the result.
type Study[Q, S, R any] interface {
	// Name is the study's name, the command of its record files.
	Name() string
	// Instance returns what the record header hashes of q: its parsed
	// instance after any override of the request.
	Instance(q Q) any
	// Load returns q, decoded from a header's grid, with the instance a
	// header holds parsed into it (and the overrides q names applied): the
	// instance file as given, or Instance(q) marshalled.
	Load(q Q, instance []byte) (Q, error)
	// Shape returns the units of q and their cells, without planning
	// anything costly (a record file starts before the work): the shape
	// of Plan(ctx, q).
	Shape(q Q) (Shape, error)
	// Plan plans the units of q.
	Plan(ctx context.Context, q Q) (Plan[S, R], error)
}

// Options control a run of a plan.
type Options struct {
	// Shard selects the units run: unit k (natural order) belongs to shard
	// i of n when k mod n = i. The zero value runs every unit.
	Shard shard.Spec
	// Workers is the number of units run at once; 0 means one per core.
	// The result does not depend on it.
	Workers int
	// Progress, when not nil, is told of every finished unit.
	Progress sim.Progress
	// Records, when not nil, receives every finished unit at once (written
	// and flushed, so a killed run keeps it); the units it holds already
	// (a resumed run) are not run again.
	Records *shard.Writer
}

// Outcome is what a run did: the aggregate of the units it finished, the
// number it had to run (the shard's, less those Records held) and the
// number it finished.
type Outcome[R any] struct {
	Result      R
	Units, Done int
}

// Run runs the units of p that opt selects and aggregates those that
// finished. Once ctx is done it stops handing out units and returns the
// aggregate of the finished ones with an error that wraps ctx.Err(); any
// other error of a unit fails the run.
func Run[S, R any](ctx context.Context, p Plan[S, R], opt Options) (Outcome[R], error) {
	sh := p.Shape()
	sp := opt.Shard
	if sp.Count == 0 {
		sp = shard.All
	}
	var units []Unit
	k := 0
	for pt, n := range sh.Runs {
		for r := 0; r < n; r, k = r+1, k+1 {
			if sp.Has(k) && (opt.Records == nil || !opt.Records.Has(pt, r)) {
				units = append(units, Unit{pt, r})
			}
		}
	}
	done, err := runUnits(ctx, p, units, opt)
	if err != nil && done == nil {
		return Outcome[R]{}, err
	}
	r, aerr := p.Aggregate(done)
	if aerr != nil {
		return Outcome[R]{}, aerr
	}
	return Outcome[R]{Result: r, Units: len(units), Done: len(done)}, err
}

// runUnits runs the units of p (with opt's workers, progress and
// records) and returns the finished ones in the order of units. A
// stopped run returns them with an error that wraps ctx.Err(); any other
// error of a unit returns nil and the error.
func runUnits[S, R any](ctx context.Context, p Plan[S, R], units []Unit, opt Options) ([]Done[S], error) {
	progress := opt.Progress
	if len(units) == 0 {
		progress = nil // nothing to report
	}
	samples, err := sim.Run(ctx, len(units), sim.Options{Workers: opt.Workers, Progress: progress},
		func(ctx context.Context, rep sim.Rep) (S, error) {
			u := units[rep.Index]
			s, err := p.Run(ctx, u)
			if err == nil && opt.Records != nil {
				err = Write(opt.Records, p, u, s)
			}
			return s, err
		})
	var pe *sim.PartialError
	if err != nil && !errors.As(err, &pe) {
		return nil, err
	}
	done := []Done[S]{}
	for i, s := range samples {
		if pe == nil || pe.Done[i] {
			done = append(done, Done[S]{units[i], s})
		}
	}
	return done, err
}

// Write writes the records of the sample s of unit u of p to w, flushed.
func Write[S, R any](w *shard.Writer, p Plan[S, R], u Unit, s S) error {
	cells := p.Cells(s)
	recs := make([]shard.Record, len(cells))
	for i, c := range cells {
		recs[i] = shard.Record{Point: u.Point, Rep: u.Rep, Cell: c.Name, Metrics: encode(c.Metrics)}
	}
	if err := w.WriteUnit(recs); err != nil {
		return fmt.Errorf("records: %w", err)
	}
	return nil
}

// Header is the header of the record file of shard sp of a run of q: the
// study's name, the program version, the hash of the
// instance and, as the instance, raw (the input as given, compact JSON;
// nil: the instance marshalled), the request as the grid, and p's shape.
func Header[Q, S, R any](s Study[Q, S, R], q Q, raw json.RawMessage, sp shard.Spec) (shard.Header, error) {
	sh, err := s.Shape(q)
	if err != nil {
		return shard.Header{}, err
	}
	in := s.Instance(q)
	hash, err := shard.Hash(in)
	if err != nil {
		return shard.Header{}, err
	}
	if raw == nil {
		if raw, err = json.Marshal(in); err != nil {
			return shard.Header{}, err
		}
	}
	grid, err := json.Marshal(q)
	if err != nil {
		return shard.Header{}, err
	}
	if sp.Count == 0 {
		sp = shard.All
	}
	return shard.Header{Command: s.Name(), Version: version.String(), InstanceHash: hash, Instance: raw, Grid: grid,
		Runs: sh.Runs, Cells: sh.Cells, Shard: sp.String()}, nil
}

// Merged rebuilds the request of the merged records m (read from name,
// the first file, for the messages) of a run of s, plans it again, checks
// that the records are of that plan and aggregates them: the result of
// the unsharded run.
func Merged[Q, S, R any](ctx context.Context, s Study[Q, S, R], m *shard.Merged, name string) (Q, R, error) {
	var q Q
	var r R
	h := &m.Header
	if h.Command != s.Name() {
		return q, r, inputErr("%s: command: %q, not %q", name, h.Command, s.Name())
	}
	if err := decodeStrict(h.Grid, &q); err != nil {
		return q, r, inputErr("%s: grid: %w", name, err)
	}
	q, err := s.Load(q, h.Instance)
	if err != nil {
		return q, r, inputErr("%s: instance: %w", name, err)
	}
	hash, err := shard.Hash(s.Instance(q))
	if err != nil {
		return q, r, err
	}
	if hash != h.InstanceHash {
		return q, r, inputErr("%s: instance_sha256: %.12s… is not the hash of its instance (%.12s…): the file was edited, or written by another build", name, h.InstanceHash, hash)
	}
	p, err := s.Plan(ctx, q)
	if err != nil {
		return q, r, fmt.Errorf("%s: planning the grid again: %w", name, err)
	}
	sh := p.Shape()
	if !slices.Equal(sh.Runs, h.Runs) || !slices.Equal(sh.Cells, h.Cells) {
		return q, r, inputErr("%s: cells %q and runs %v do not match the grid's plan (cells %q, runs %v)", name, h.Cells, h.Runs, sh.Cells, sh.Runs)
	}
	done := make([]Done[S], 0, sh.Units())
	for pt, n := range sh.Runs {
		for rep := 0; rep < n; rep++ {
			u := Unit{pt, rep}
			smp, err := p.Sample(u, func(cell string, into any) error {
				if !slices.Contains(h.Cells, cell) {
					return fmt.Errorf("no cell %q", cell)
				}
				names, vals := m.Metrics(pt, rep, cell)
				return decode(names, vals, into)
			})
			if err != nil {
				return q, r, inputErr("%s: (point %d, replication %d): %w", name, pt, rep, err)
			}
			done = append(done, Done[S]{u, smp})
		}
	}
	r, err = p.Aggregate(done)
	return q, r, err
}

// decodeStrict decodes JSON b into v, refusing unknown fields.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
