package tpd

import (
	"context"
	"errors"
	"fmt"

	"github.com/streamopt/streamopt/internal/shard"
)

// BoundsCell is the record cell of a replication's bounds; the other cells
// of a tpd record file are the policies, by name (RecordCells).
const BoundsCell = "bounds"

// RecordCells lists the cells of one replication's records: BoundsCell,
// then each policy in order.
func RecordCells(pols []Policy) []string {
	cells := []string{BoundsCell}
	for _, p := range pols {
		cells = append(cells, p.String())
	}
	return cells
}

// Records lists the raw records of r's finished replications, as point p
// of a run with this seed: per replication, its bounds and then each
// policy's metrics; replication r drew from stream r of the seed.
func (r *ExperimentResult) Records(p int, seed uint64) []shard.Record {
	var out []shard.Record
	pols := make([]Policy, len(r.Policies))
	for i, ps := range r.Policies {
		pols[i] = ps.Policy
	}
	for _, smp := range r.Samples {
		out = append(out, UnitRecords(p, seed, pols, smp)...)
	}
	return out
}

// UnitRecords lists the records of one replication's sample smp, as point
// p of a run with this seed and policies: its bounds, then each policy's
// metrics (one unit of a record file).
func UnitRecords(p int, seed uint64, pols []Policy, smp Sample) []shard.Record {
	rec := shard.Record{Point: p, Cell: BoundsCell, Rep: smp.Rep, Seed: seed, Stream: uint64(smp.Rep), Metrics: shard.Floats(smp.Bounds)}
	out := []shard.Record{rec}
	for i, pol := range pols {
		rec.Cell, rec.Metrics = pol.String(), shard.Floats(smp.Policies[i])
		out = append(out, rec)
	}
	return out
}

// FromRecords rebuilds the results of exps from the raw records of every
// replication, read with get (point p is exps[p], cells as RecordCells),
// through Aggregate in replication order, so the results are those Run
// gives on the same experiments.
func (s *Scenario) FromRecords(exps []Experiment, get func(p, rep int, cell string) map[string]float64) []*ExperimentResult {
	var results []*ExperimentResult
	for p, ex := range exps {
		samples := make([]Sample, ex.Runs)
		for r := range samples {
			samples[r] = Sample{Rep: r, Bounds: get(p, r, BoundsCell)}
			for _, pol := range ex.Policies {
				samples[r].Policies = append(samples[r].Policies, get(p, r, pol.String()))
			}
		}
		results = append(results, s.Aggregate(ex, samples))
	}
	return results
}

// RunAll runs the experiments in order (Plan's) and returns one result per
// experiment that has replications to run: an experiment whose Reps is
// empty but not nil (a shard with none of its replications) is skipped.
// each, when not nil, receives every result as it is made, with its
// experiment's index.
//
// When ctx stops an experiment, RunAll keeps its partial result and the
// empty results of the experiments after it (so that every requested
// point is listed), and returns them with the error of the stop, which
// wraps ctx.Err(); Stopped describes it.
func (s *Scenario) RunAll(ctx context.Context, exps []Experiment, each func(i int, r *ExperimentResult) error) ([]*ExperimentResult, error) {
	var results []*ExperimentResult
	var stop error
	for i, ex := range exps {
		if ex.Reps != nil && len(ex.Reps) == 0 {
			continue
		}
		if stop != nil {
			ex.Progress = nil // not started: the run on the done context is empty
		}
		r, err := s.Run(ctx, ex)
		if err != nil && (r == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err())) {
			return nil, err
		}
		if err != nil && stop == nil {
			stop = err
		}
		results = append(results, r)
		if each != nil {
			if err := each(i, r); err != nil {
				return nil, err
			}
		}
	}
	return results, stop
}

// Stopped says what a stopped RunAll finished: the replications of the
// first partial result and, with several, how many results were complete.
func Stopped(results []*ExperimentResult) string {
	for i, r := range results {
		if r.Partial() {
			msg := fmt.Sprintf("%d of %d replications of mode %s ρ=%.3g", r.Done, r.Runs, r.ModeName, r.Load)
			if len(results) > 1 {
				msg += fmt.Sprintf("; %d of %d results complete", i, len(results))
			}
			return msg
		}
	}
	return ""
}
