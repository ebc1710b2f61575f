package study

import (
	"math"
	"slices"
	"strings"

	"github.com/streamopt/streamopt/sim"
)

// columns lists the recorded metrics (the `record` tags, as in a record
// file) of the samples, a struct each, as columns in their order, sorted
// by name: a metric some samples do not have (a nil *float64) is NaN in
// them, not zero; one no sample has is left out.
func columns[T any](samples []T) []sim.Column {
	var cols []sim.Column
	at := map[string]int{}
	for i, s := range samples {
		for name, v := range encode(s) {
			j, ok := at[name]
			if !ok {
				j = len(cols)
				at[name] = j
				cols = append(cols, sim.Column{Name: name, Values: slices.Repeat([]float64{math.NaN()}, len(samples))})
			}
			cols[j].Values[i] = float64(v)
		}
	}
	slices.SortFunc(cols, func(a, b sim.Column) int { return strings.Compare(a.Name, b.Name) })
	return cols
}

// Summarize computes the mean and confidence interval at the given level
// (sim.MeanCI) of every recorded metric of the samples, a struct each
// whose fields carry `record` tags (as in a record file): the summary of
// a point over its replications. A metric some samples do not have (a
// nil *float64) counts as missing in them, not as zero; one no sample has
// is left out. It panics unless 0 < level < 1.
func Summarize[T any](samples []T, level float64) sim.Summary {
	sum := sim.Summarize(columns(samples), level)
	sum.Runs = len(samples)
	return sum
}

// Compare computes the paired differences a[r] − b[r] of every recorded
// metric of two systems observed on the same replications (a[r] and b[r]
// drew on the same random numbers: common random numbers), with their
// mean and confidence interval at the given level (sim.PairedCI): the
// summary of "A − B". A metric is compared where both samples have it;
// one that only a or only b has is left out. It panics when a and b
// differ in length or unless 0 < level < 1.
func Compare[T any](a, b []T, level float64) sim.Summary {
	if len(a) != len(b) {
		panic("study: Compare: samples of different lengths")
	}
	ca, cb := columns(a), columns(b)
	var diffs []sim.Column
	for _, x := range ca {
		i := slices.IndexFunc(cb, func(y sim.Column) bool { return y.Name == x.Name })
		if i < 0 {
			continue
		}
		d := sim.Column{Name: x.Name, Values: make([]float64, len(a))}
		for r := range d.Values {
			d.Values[r] = x.Values[r] - cb[i].Values[r]
		}
		diffs = append(diffs, d)
	}
	sum := sim.Summarize(diffs, level)
	sum.Runs = len(a)
	return sum
}
