package rmts

import (
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/streamopt/streamopt/internal/shard"
)

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

// ShardUnits lists the (rate, trace) units of the plan: Runs traces for
// each rate. One trace of a rate feeds every (policy, α) cell and the
// bound, so it is the unit a shard runs whole.
func (pl *Plan) ShardUnits() []int { return slices.Repeat([]int{pl.Runs}, len(pl.Rates)) }

// RecordCells lists the cells recorded per (rate, trace): BoundCell when
// the experiment bounds, then each distinct cell name of the plan.
func (pl *Plan) RecordCells(bound bool) []string {
	var cells []string
	if bound {
		cells = append(cells, BoundCell)
	}
	seen := map[string]bool{}
	for _, c := range pl.Cells {
		if n := CellName(c); !seen[n] {
			seen[n] = true
			cells = append(cells, n)
		}
	}
	return cells
}

// rateOf is the index in Rates of the rate of cell ci.
func (pl *Plan) rateOf(ci int) int { return slices.Index(pl.Rates, pl.Cells[ci].Rate) }

// Records lists the raw records of res, run on plan pl: the point of a
// record is the index of its rate, its replication the trace, drawn from
// stream Rep of the plan's seed.
func (res *ExperimentResult) Records(pl *Plan) []shard.Record {
	var out []shard.Record
	for _, b := range res.BoundSamples {
		out = append(out, shard.Record{Point: b.Rate, Cell: BoundCell, Rep: b.Rep, Seed: pl.Seed, Stream: uint64(b.Rep), Metrics: shard.Floats(b.Metrics)})
	}
	for _, smp := range res.Samples {
		out = append(out, shard.Record{Point: pl.rateOf(smp.Cell), Cell: CellName(pl.Cells[smp.Cell]), Rep: smp.Rep, Seed: pl.Seed, Stream: uint64(smp.Rep), Metrics: shard.Floats(smp.Metrics)})
	}
	return out
}

// Units returns the hooks of an Experiment (BoundFinished, Finished) that
// gather the samples of plan pl (with the offline bound when bound is
// set) into (rate, trace) units and pass the records of each unit to
// write as soon as its bound and every one of its cells have finished.
// The hooks are safe for concurrent use.
func (pl *Plan) Units(bound bool, write func([]shard.Record) error) (func(BoundSample) error, func(Sample) error) {
	var mu sync.Mutex
	open := map[[2]int][]shard.Record{}
	want := len(pl.RecordCells(bound))
	add := func(rate, rep int, rec shard.Record) error {
		mu.Lock()
		defer mu.Unlock()
		k := [2]int{rate, rep}
		open[k] = append(open[k], rec)
		if len(open[k]) < want {
			return nil
		}
		recs := open[k]
		delete(open, k)
		return write(recs)
	}
	onBound := func(b BoundSample) error {
		return add(b.Rate, b.Rep, shard.Record{Point: b.Rate, Cell: BoundCell, Rep: b.Rep, Seed: pl.Seed, Stream: uint64(b.Rep), Metrics: shard.Floats(b.Metrics)})
	}
	onSample := func(smp Sample) error {
		i := pl.rateOf(smp.Cell)
		return add(i, smp.Rep, shard.Record{Point: i, Cell: CellName(pl.Cells[smp.Cell]), Rep: smp.Rep, Seed: pl.Seed, Stream: uint64(smp.Rep), Metrics: shard.Floats(smp.Metrics)})
	}
	return onBound, onSample
}

// FromRecords rebuilds the result of plan pl (with the offline bound when
// bound is set) from the raw records of every trace, read with get (point
// = rate index, cells as RecordCells), through Aggregate in trace order,
// so the result is the one Run gives.
func (sc *Scenario) FromRecords(pl *Plan, bound bool, get func(p, rep int, cell string) map[string]float64) (*ExperimentResult, error) {
	var samples []Sample
	var bounds []BoundSample
	for r := 0; r < pl.Runs; r++ {
		if bound {
			for i := range pl.Rates {
				bounds = append(bounds, BoundSample{Rate: i, Rep: r, Metrics: get(i, r, BoundCell)})
			}
		}
		for ci, c := range pl.Cells {
			samples = append(samples, Sample{Cell: ci, Rep: r, Metrics: get(pl.rateOf(ci), r, CellName(c))})
		}
	}
	res, err := sc.Aggregate(pl, bound, samples, bounds)
	if err != nil {
		return nil, fmt.Errorf("records: %w", err)
	}
	return res, nil
}

// Stopped says what a run stopped by a limit finished: its replications,
// or, when it stopped while bounding, the traces whose bound it solved.
func (res *ExperimentResult) Stopped() string {
	if res.Done == 0 && len(res.Bounds) > 0 {
		nb := 0
		for _, b := range res.Bounds {
			nb += b.Runs
		}
		return fmt.Sprintf("the offline LP bounds of %d of %d traces, before any simulation", nb, len(res.Rates)*res.Runs)
	}
	return fmt.Sprintf("%d of %d replications", res.Done, res.Total)
}
